import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Each defect the differential check found where the ways to resolve a permutation used to
/// disagree, as a case of its own.
struct PipelineRegressionTests {
    static func tokenSystem(_ resolver: String, files: [String: String] = [:], strict: Bool = false) -> TokenSystem {
        let url = ResolverTests.directory(files.merging(["tokens.resolver.json": resolver]) { $1 })
        return TokenSystem(resolverAt: url.appendingPathComponent("tokens.resolver.json").path,
            options: PipelineOptions(strict: strict, warningLimit: nil))
    }

    /// A resolver with a base set and one `theme` modifier (light default, dark), sources inline.
    static func themed(base: String, light: String = "", dark: String) -> String {
        """
        {"version": "2025.10",
         "sets": {"base": {"sources": [\(base)]}},
         "modifiers": {"theme": {"contexts": {"light": [\(light)], "dark": [\(dark)]}, "default": "light"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
        """
    }

    @Test func aThemeFileAddingGroupExtensionsCannotReopenAClosedToken() {
        let result = pipeline([
            "a.tokens.json": ##"{"color": {"$type": "color", "$extensions": {"dev.tessera": {"closed": true}}, "brand": {"$value": "#ff0000"}}}"##,
            "b.tokens.json": ##"{"color": {"$extensions": {"com.example": {"x": 1}}, "brand": {"$value": "#00ff00"}, "new": {"$value": "#0000ff"}}}"##,
        ])
        #expect(result.diagnostics.contains { $0.id == .closedToken && $0.location?.token == "color.brand" })
        // The group keeps both extensions.
        #expect(result.document.groups["color"]?.extensions?["dev.tessera"]?["closed"]?.bool == true)
        #expect(result.document.groups["color"]?.extensions?["com.example"]?["x"]?.number == 1)
    }

    @Test func strictIsAppliedToEveryPermutation() {
        var tokenSystem = Self.tokenSystem(Self.themed(
            base: ##"{"c": {"$type": "color", "a": {"$value": "#ff0000"}}}"##, dark: ##"{"c": {"a": {"$value": "#000000"}}}"##),
            strict: true)
        let report = tokenSystem.checkAllPermutations()
        #expect(report.diagnostics.contains { $0.id == .colorLegacy && $0.severity == .error })
        #expect(tokenSystem.resolve(contexts: ["theme": "dark"]).diagnostics.contains { $0.id == .colorLegacy && $0.severity == .error })
    }

    @Test func aRedefinedTokenReferencingOnlySettledTokensResolves() {
        // `b` changes in dark and references only `a`, which does not: it is in the first wave.
        var tokenSystem = Self.tokenSystem(Self.themed(
            base: ##"{"n": {"$type": "number", "a": {"$value": 1}, "b": {"$value": 2}, "c": {"$value": "{n.b}"}}}"##,
            dark: ##"{"n": {"b": {"$value": "{n.a}"}}}"##))
        let dark = tokenSystem.resolve(contexts: ["theme": "dark"], strategy: .fromBase)
        #expect(dark.partialTokens.value("n.c") == .number(1))
        #expect(!dark.hasErrors)
    }

    @Test func anUnknownReferenceBesideARedefinedOneIsStillReported() {
        // `s` references a redefined token and a missing one.
        var tokenSystem = Self.tokenSystem(Self.themed(
            base: ##"{"d": {"$type": "dimension", "w": {"$value": {"value": 1, "unit": "px"}}}, "s": {"$type": "border", "$value": {"color": "{nothing.here}", "width": "{d.w}", "style": "solid"}}}"##,
            dark: ##"{"d": {"w": {"$value": {"value": 2, "unit": "px"}}}}"##))
        for strategy in [TokenSystem.Strategy.fromBase, .whole] {
            let dark = tokenSystem.resolve(contexts: ["theme": "dark"], strategy: strategy)
            #expect(dark.diagnostics.contains { $0.id == .referenceUnknown && $0.location?.token == "s" }, "\(strategy)")
        }
    }

    @Test func groupPropertiesSetByAContextHoldInThatContextOnly() {
        var tokenSystem = Self.tokenSystem(Self.themed(
            base: ##"{"c": {"$type": "color", "a": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}"##,
            light: ##"{"c": {"$description": "light", "$extensions": {"dev.tessera": {"forbidden": true}}}}"##,
            dark: ##"{"c": {"a": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}}}"##))
        let light = tokenSystem.resolve(contexts: ["theme": "light"])
        let dark = tokenSystem.resolve(contexts: ["theme": "dark"])
        #expect(light.diagnostics.contains { $0.id == .forbiddenToken })
        #expect(!dark.diagnostics.contains { $0.id == .forbiddenToken })
        #expect(dark.document.groups["c"]?.description == nil)
    }

    @Test func closedTokensAreCheckedInEachPermutationOnItsOwnSources() {
        let closed = ##"{"c": {"$type": "color", "a": {"$value": "#ff0000", "$extensions": {"dev.tessera": {"closed": true}}}}}"##
        // Defined once in dark only: no redefinition there, and none in light.
        let once = Self.tokenSystem(Self.themed(base: ##"{"x": {"$type": "number", "n": {"$value": 1}}}"##, dark: closed))
        #expect(!once.checkAllPermutations().diagnostics.contains { $0.id == .closedToken })
        // Redefined by the non-default context: reported, only there.
        var twice = Self.tokenSystem(Self.themed(base: closed, dark: ##"{"c": {"a": {"$value": "#000000"}}}"##))
        let report = twice.checkAllPermutations()
        #expect(report.diagnostics.filter { $0.id == .closedToken }.count == 1)
        #expect(!twice.resolve(contexts: ["theme": "light"]).diagnostics.contains { $0.id == .closedToken })
        #expect(twice.resolve(contexts: ["theme": "dark"]).diagnostics.contains { $0.id == .closedToken })
    }

    @Test(arguments: ["aaa", "zzz"])
    func extendsDoesNotDependOnGroupNames(name: String) {
        let result = pipeline(##"{"base": {"$type": "number", "v": {"$value": 1}}, "mid": {"sub": {"$extends": "{base}"}}, "NAME": {"$extends": "{mid}"}}"##
            .replacingOccurrences(of: "NAME", with: name))
        #expect(result.partialTokens.value("\(name).sub.v") == .number(1))
        #expect(!result.hasErrors)
    }

    @Test func aPermutationCarriesItsSourcesProblems() {
        var tokenSystem = Self.tokenSystem("""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "light.tokens.json"}]}},
             "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
            """, files: [
                "light.tokens.json": ##"{"color": {"$type": "color", "bg": {"$value": "#ffffff"}}}"##,
                "dark.tokens.json": ##"{"color": {"bg": {"$value": "#000000"}},}"##,
            ])
        let dark = tokenSystem.resolve(inputs: ["theme": "dark"])
        #expect(dark.hasErrors == true)
        #expect(dark.diagnostics.contains { $0.id == .jsonSyntax } == true)
        // Its values are not handed out: the background would be the light one.
        #expect(throws: ResolutionFailure.self) { try dark.tokens() }
        // The light permutation does not read the broken file.
        #expect(tokenSystem.resolve(contexts: ["theme": "light"]).hasErrors == false)
    }

    /// "café" written with U+00E9 and with "e" + U+0301 are two names: both tokens reach the
    /// flat and the JSON output, and the look-alike is reported at both places.
    @Test func canonicallyEquivalentNamesAreTwoTokensAndAWarning() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let result = pipeline(##"{"g": {"$type": "number", "\##(composed)": {"$value": 1}, "\##(decomposed)": {"$value": 2}}}"##)
        #expect(result.diagnostics.map(\.id) == [.nameEquivalent])
        let warning = try #require(result.diagnostics.first)
        #expect(warning.location?.column == 50, "at the second spelling's key")
        #expect(warning.notes.first?.location?.column == 27, "the note at the first")
        let tokens = try result.tokens()
        #expect(tokens.count == 2)
        #expect(tokens.value("g." + composed) == .number(1))
        #expect(tokens.value("g." + decomposed) == .number(2))
        #expect(ResolvedEmitter.flat(tokens).split(separator: "\n").count == 2)
        let tree = ResolvedEmitter.tree(tokens.all, document: tokens.document)
        #expect(tree["g"]?.members?.count == 2)
        // Small and large objects find duplicates alike: by code points.
        let many = (0..<30).map { ##""k\##($0)": {"$value": \##($0)}"## }.joined(separator: ", ")
        let large = pipeline(##"{"g": {"$type": "number", \##(many), "\##(composed)": {"$value": 1}, "\##(decomposed)": {"$value": 2}}}"##)
        #expect(large.diagnostics.map(\.id) == [.nameEquivalent])
        #expect(large.partialTokens.count == 32)
    }
}
