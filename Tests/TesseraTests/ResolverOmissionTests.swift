import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// A resolver that leaves a set out: the set is reported, and an unknown reference to a token
/// it defines says where the token is.
struct ResolverOmissionTests {
    static let resolver = ##"""
        {"version": "2025.10",
         "sets": {
           "core": {"sources": [{"color": {"$type": "color", "blue": {"$value": "#0000ff"}}}]},
           "typography": {"sources": [{"font": {"design": {"default": {"$type": "fontFamily", "$value": "Inter"}}}}]},
           "semantic": {"sources": [{"heading": {"$value": "{font.design.default}"}, "accent": {"$value": "{color.blue}"}}]}
         },
         "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"late": {"$value": "{font.design.default}"}}]}, "default": "light"}},
         "resolutionOrder": [{"$ref": "#/sets/core"}, {"$ref": "#/sets/semantic"}, {"$ref": "#/modifiers/theme"}]}
        """##

    @Test func aSetNothingReachesIsReportedAtItsName() throws {
        let (document, found) = ResolverDocument.read(SourceFile(path: "r.resolver.json", text: Self.resolver))
        let unused = try #require(found.first)
        #expect(found.map(\.id) == [.resolverUnusedSet])
        #expect(unused.severity == .warning)
        #expect(unused.message == "set 'typography' is not used: nothing in 'resolutionOrder' reaches it")
        #expect(unused.location?.line == 4 && unused.location?.column == 4)
        #expect(unused.location?.pointer == "/sets/typography")
        #expect(document?.unusedSets.map(\.name) == ["typography"])
    }

    @Test func aSetReachedThroughAnotherSetIsUsed() {
        let text = ##"{"version": "2025.10", "sets": {"a": {"sources": [{"t": {"$type": "number", "$value": 1}}]}, "b": {"sources": [{"$ref": "#/sets/a"}]}}, "resolutionOrder": [{"$ref": "#/sets/b"}]}"##
        #expect(ResolverDocument.read(SourceFile(path: "r.resolver.json", text: text)).1.isEmpty)
    }

    @Test func anUnknownReferenceIntoAnUnusedSetSaysSo() throws {
        var tokenSystem = TokenSystem(resolver: SourceFile(path: "r.resolver.json", text: Self.resolver))
        let report = tokenSystem.checkAllPermutations()
        let unknown = report.diagnostics.filter { $0.id == .referenceUnknown }
        // One in the base permutation (the set), one only in dark (resolved as a variant).
        #expect(unknown.count == 2)
        for diagnostic in unknown {
            #expect(diagnostic.notes.first?.message
                == "'font.design.default' is defined in set 'typography', which 'resolutionOrder' does not include")
        }
        let accent = tokenSystem.resolve(inputs: [:]).partialTokens["accent"]
        #expect(accent?.value.flatText == "#0000ffff")
    }
}
