import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Tiers: component → semantic → primitive, never back; a token's tier from `$extensions`,
/// group prefixes, or the set and file it comes from.
struct TierTests {
    static func tier(_ name: String) -> String { ##""$extensions": {"dev.tessera": {"tier": "\##(name)"}}"## }

    static let palette = ##""palette": {"$type": "color", \##(tier("primitive")), "red": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"##

    @Test func referencesAgainstTheTiersAreReportedAtTheReference() {
        let marked = ##"{\##(Self.palette), "brand": {"$type": "color", \##(Self.tier("semantic")), "accent": {"$value": "{palette.red}"}}, "button": {\##(Self.tier("component")), "bg": {"$value": "{brand.accent}"}}, "palette2": {"$type": "color", \##(Self.tier("primitive")), "alias": {"$value": ⊙"{button.bg}"}}}"##
        expectDiagnostics(marked, [.tierDirection], severity: .warning)
        let result = pipeline(MarkedSource(marked).text)
        let diagnostic = result.diagnostics.first { $0.id == .tierDirection }
        #expect(diagnostic?.message == "primitive token 'palette2.alias' references component token 'button.bg'; references go from component to semantic to primitive tokens, never back")
        #expect(diagnostic?.notes.first?.message == "'button.bg' is a component token")
    }

    @Test func componentsMayReachPrimitivesUnlessTold() {
        let text = ##"{\##(Self.palette), "button": {"$type": "color", \##(Self.tier("component")), "bg": {"$value": "{palette.red}"}}}"##
        #expect(pipeline(text).diagnostics.isEmpty)
        let strict = TokenSystem.resolving(files: [SourceFile(path: "t.json", text: text)],
            options: PipelineOptions(tiers: TierRules(componentsThroughSemantic: true, severity: .error)))
        #expect(strict.diagnostics.map(\.id) == [.tierDirection])
        #expect(strict.hasErrors)
    }

    @Test func groupPrefixesAndFileNamesSayTheTier() {
        let rules = TierRules(groups: ["color.base": .primitive, "color.role": .semantic])
        let grouped = TokenSystem.resolving(files: [SourceFile(path: "t.json", text: ##"""
            {"color": {"$type": "color", "base": {"red": {"$value": "{color.role.danger}"}},
                       "role": {"danger": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}}
            """##)], options: PipelineOptions(tiers: rules))
        #expect(grouped.diagnostics.map(\.id) == [.tierDirection])
        let files = TokenSystem.resolving(files: [
            SourceFile(path: "tokens/primitives.tokens.json", text: ##"{"red": {"$type": "color", "$value": "{danger}"}}"##),
            SourceFile(path: "tokens/semantic.tokens.json", text: ##"{"danger": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"##),
        ])
        #expect(files.diagnostics.map(\.id) == [.tierDirection])
        let unchecked = TokenSystem.resolving(files: [
            SourceFile(path: "tokens/a.tokens.json", text: ##"{"red": {"$type": "color", "$value": "{danger}"}}"##),
            SourceFile(path: "tokens/b.tokens.json", text: ##"{"danger": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"##),
        ])
        #expect(unchecked.diagnostics.isEmpty, "no tier is known, so nothing is checked")
    }

    @Test func resolverSetNamesSayTheTier() {
        let tokenSystem = ResolverTests.tokenSystem(##"""
            {"version": "2025.10",
             "sets": {"core": {"sources": [{"$ref": "a.tokens.json"}]}, "components": {"sources": [{"$ref": "b.tokens.json"}]}},
             "resolutionOrder": [{"$ref": "#/sets/core"}, {"$ref": "#/sets/components"}]}
            """##, files: [
                "a.tokens.json": ##"{"red": {"$type": "color", "$value": "{button}"}}"##,
                "b.tokens.json": ##"{"button": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"##,
            ])
        let report = tokenSystem.checkAllPermutations()
        #expect(report.diagnostics.map(\.id) == [.tierDirection])
        #expect(report.diagnostics.first?.message.hasPrefix("primitive token 'red' references component token 'button'") == true)
    }

    @Test func aResolverSaysItsOwnTiers() {
        let tokenSystem = ResolverTests.tokenSystem(##"""
            {"version": "2025.10",
             "$extensions": {"dev.tessera": {"tiers": {"sets": {"foundation": "primitive", "widget-kit": "component"},
                                                       "severity": "error"}}},
             "sets": {"foundation": {"sources": [{"$ref": "a.tokens.json"}]}, "widget-kit": {"sources": [{"$ref": "b.tokens.json"}]}},
             "resolutionOrder": [{"$ref": "#/sets/foundation"}, {"$ref": "#/sets/widget-kit"}]}
            """##, files: [
                "a.tokens.json": ##"{"red": {"$type": "color", "$value": "{button}"}}"##,
                "b.tokens.json": ##"{"button": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"##,
            ])
        let report = tokenSystem.checkAllPermutations()
        #expect(report.diagnostics.map(\.id) == [.tierDirection])
        #expect(report.hasErrors)
        let invalid = ResolverDocument.read(SourceFile(path: "t.resolver.json", text: ##"""
            {"version": "2025.10", "$extensions": {"dev.tessera": {"tiers": {"sets": {"a": "ground"}, "severity": "loud"}}},
             "resolutionOrder": [{"type": "set", "name": "a", "sources": []}]}
            """##)).1
        #expect(invalid.map(\.id) == [.resolverInvalid, .resolverInvalid])
    }
}
