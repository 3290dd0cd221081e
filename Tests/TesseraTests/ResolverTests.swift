import Foundation
import TesseraDifferential
import TesseraTestSupport
import Testing

@testable import Tessera

/// The Resolver Module 2025.10: every rule it states, each with its own diagnostic at its place,
/// and composition: sources merged in order, contexts chosen by input, aliases resolved on the
/// merged result.
struct ResolverTests {
    /// A resolver and its token files written to a fresh directory.
    static func directory(_ files: [String: String]) -> URL {
        let url = TestScratch.root.appendingPathComponent("resolver-\(UUID().uuidString)")
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! Data(text.utf8).write(to: file)
        }
        return url
    }

    static let light = ##"{"color": {"$type": "color", "bg": {"$value": "#ffffff"}, "fg": {"$value": "#000000"}}}"##
    static let dark = ##"{"color": {"bg": {"$value": "#000000"}, "fg": {"$value": "#ffffff"}}}"##
    static let semantic = ##"{"surface": {"$value": "{color.bg}"}, "text": {"$value": "{color.fg}"}}"##

    static func tokenSystem(_ resolver: String, files: [String: String] = [:]) -> TokenSystem {
        let url = directory(files.merging(["tokens.resolver.json": resolver]) { $1 })
        return TokenSystem(resolverAt: url.appendingPathComponent("tokens.resolver.json").path)
    }

    static let themed = """
        {"version": "2025.10",
         "sets": {"base": {"sources": [{"$ref": "light.tokens.json"}, {"$ref": "semantic.tokens.json"}]}},
         "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
        """
    static let themedFiles = ["light.tokens.json": light, "dark.tokens.json": dark, "semantic.tokens.json": semantic]

    // MARK: Composition

    @Test func aliasesResolveOnTheMergedResultOfEachContext() throws {
        var tokenSystem = Self.tokenSystem(Self.themed, files: Self.themedFiles)
        #expect(tokenSystem.diagnostics.isEmpty)
        let light = try tokenSystem.resolve(inputs: [:]).tokens()
        let dark = try tokenSystem.resolve(inputs: ["theme": "dark"]).tokens()
        #expect(light.value("surface") == light.value("color.bg"))
        #expect(dark.value("surface") == dark.value("color.bg"))
        #expect(dark.value("surface") != light.value("surface"))
        // The dark file sets no $type: its tokens keep the type of the group they join.
        #expect(dark.type("color.bg") == .color)
    }

    @Test func inputsAreMatchedWithoutRegardToCase() {
        var tokenSystem = Self.tokenSystem(Self.themed, files: Self.themedFiles)
        let upper = tokenSystem.resolve(inputs: ["THEME": "Dark"])
        #expect(!upper.hasErrors)
        #expect(upper.contexts == ["theme": "dark"])
    }

    @Test func inputProblemsAreDiagnosed() {
        var tokenSystem = Self.tokenSystem(Self.themed, files: Self.themedFiles)
        let unknown = tokenSystem.resolve(inputs: ["them": "dark"])
        #expect(unknown.diagnostics.map(\.id) == [.resolverUnknownModifier])
        // The mistake is in the inputs: no place in the resolver; a note points at its modifiers.
        #expect(unknown.diagnostics.first?.location == nil)
        #expect(unknown.diagnostics.first?.notes.first?.message == "the resolver's modifiers: 'theme'")
        #expect(unknown.diagnostics.first?.notes.first?.location != nil)
        #expect(unknown.diagnostics.first?.notes.contains { $0.message == "did you mean 'theme'?" } == true)
        #expect(throws: ResolutionFailure.self) { try unknown.tokens() }
        #expect(tokenSystem.resolve(inputs: ["theme": "dim"]).diagnostics.map(\.id) == [.resolverUnknownContext])
        // An input is not written in a file, so the suggestion is a note, not an edit.
        let misspelt = tokenSystem.resolve(inputs: ["theme": "drak"]).diagnostics.first
        #expect(misspelt?.notes.map(\.message).contains("did you mean 'dark'?") == true)
        #expect(misspelt?.fixIts.isEmpty == true)
        var noDefault = Self.tokenSystem(Self.themed.replacingOccurrences(of: ##", "default": "light""##, with: ""), files: Self.themedFiles)
        #expect(noDefault.resolve(inputs: [:]).diagnostics.map(\.id) == [.resolverMissingInput])
        #expect(!noDefault.resolve(inputs: ["theme": "light"]).hasErrors)
    }

    @Test func laterSourcesWinWithoutConflicts() {
        var tokenSystem = Self.tokenSystem("""
            {"version": "2025.10",
             "resolutionOrder": [
               {"type": "set", "name": "first", "sources": [{"g": {"$type": "number", "n": {"$value": 1}}}, {"g": {"n": {"$value": 2}}}]},
               {"type": "set", "name": "second", "sources": [{"m": {"$value": "{g.n}"}}]}]}
            """)
        let permutation = tokenSystem.resolve(inputs: [:])
        #expect(tokenSystem.diagnostics.isEmpty)
        #expect(permutation.diagnostics.isEmpty == true)
        #expect(permutation.partialTokens.value("m") == .number(2))
    }

    @Test func setsReferenceSetsAndDefsAndRefsAreExtended() {
        var tokenSystem = Self.tokenSystem("""
            {"version": "2025.10",
             "$defs": {"sizes": {"size": {"$type": "dimension", "small": {"$value": {"value": 4, "unit": "px"}}}}},
             "sets": {"base": {"sources": [{"$ref": "#/$defs/sizes"}]},
                      "all": {"sources": [{"$ref": "#/sets/base", "size": {"large": {"$value": {"value": 8, "unit": "px"}}}}]}},
             "resolutionOrder": [{"$ref": "#/sets/all"}]}
            """)
        let permutation = tokenSystem.resolve(inputs: [:])
        #expect(tokenSystem.diagnostics.isEmpty)
        #expect(permutation.partialTokens.value("size.small") == .dimension(TokenDimension(4, .px)))
        #expect(permutation.partialTokens.value("size.large") == .dimension(TokenDimension(8, .px)))
    }

    @Test func filePointersNameObjectsInsideFiles() {
        var tokenSystem = Self.tokenSystem("""
            {"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "bundle.json#/light"}]}},
             "resolutionOrder": [{"$ref": "#/sets/s"}]}
            """, files: ["bundle.json": ##"{"light": \##(Self.light), "dark": \##(Self.dark)}"##])
        let permutation = tokenSystem.resolve(inputs: [:])
        #expect(tokenSystem.diagnostics.isEmpty)
        #expect(permutation.partialTokens.value("color.bg") == TokenColor(legacyCSS: "#ffffff").map(TokenValue.color))
    }


    /// One file under many pointers is read once: every pointer finds its object (through the
    /// table built for objects of more than a few members), and a broken file's syntax error is
    /// reported once however many sets point into it.
    @Test func manyPointersIntoOneFile() {
        let names = (0..<12).map { "part\($0)" }
        let bundle = "{" + names.enumerated().map { ##""\##($0.element)": {"t\##($0.offset)": {"$type": "number", "$value": \##($0.offset)}}"## }
            .joined(separator: ", ") + "}"
        let sets = names.map { ##""\##($0)": {"sources": [{"$ref": "bundle.json#/\##($0)"}, {"$ref": "broken.json#/a"}]}"## }
        var tokenSystem = Self.tokenSystem("""
            {"version": "2025.10", "sets": {\(sets.joined(separator: ", "))},
             "resolutionOrder": [\(names.map { ##"{"$ref": "#/sets/\##($0)"}"## }.joined(separator: ", "))]}
            """, files: ["bundle.json": bundle, "broken.json": ##"{"a": {"x": {"$value": 1,}}}"##])
        let permutation = tokenSystem.resolve(inputs: [:])
        for offset in names.indices {
            #expect(permutation.partialTokens.value("t\(offset)") == .number(Double(offset)))
        }
        #expect(permutation.diagnostics.filter { $0.id == .jsonSyntax }.count == 1, "\(permutation.diagnostics.map(\.message))")
    }
    @Test func filesReferringToFilesAreFollowedAndCyclesReported() {
        let set = ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "a.tokens.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##
        var chained = Self.tokenSystem(set, files: [
            "a.tokens.json": ##"{"$ref": "shared/b.tokens.json", "extra": {"$type": "number", "$value": "{base}"}}"##,
            "shared/b.tokens.json": ##"{"base": {"$type": "number", "$value": 4}}"##,
        ])
        let permutation = chained.resolve(inputs: [:])
        #expect(chained.diagnostics.isEmpty, "\(chained.diagnostics.map(\.message))")
        #expect(permutation.partialTokens.value("extra") == .number(4))
        var cyclic = Self.tokenSystem(set, files: [
            "a.tokens.json": ##"{"$ref": "b.tokens.json"}"##,
            "b.tokens.json": ##"{"$ref": "c.tokens.json#/tokens"}"##,
            "c.tokens.json": ##"{"tokens": {"$ref": "a.tokens.json"}}"##,
        ])
        _ = cyclic.resolve(inputs: [:])
        #expect(cyclic.diagnostics.map(\.id) == [.resolverReferenceCycle])
        #expect(cyclic.diagnostics.first?.message.contains("a.tokens.json") == true)
    }

    // MARK: Every permutation

    @Test func everyPermutationIsCheckedAndVariationIsReported() {
        let tokenSystem = Self.tokenSystem(Self.themed, files: Self.themedFiles)
        let report = tokenSystem.checkAllPermutations()
        #expect(report.permutationCount == 2)
        #expect(!report.hasErrors)
        #expect(report.variesAlong["theme"] == ["color.bg", "color.fg", "surface", "text"])
    }

    @Test func checksAcrossContextsNameTheContexts() {
        let files = Self.themedFiles.merging([
            "dark.tokens.json": ##"{"color": {"bg": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "extra": {"$value": "#123456"}}, "text": {"$value": "{color.missing}"}}"##,
        ]) { $1 }
        let report = Self.tokenSystem(Self.themed, files: files).checkAllPermutations()
        let ids = report.diagnostics.map(\.id)
        #expect(ids.contains(.contextTypeChange))
        #expect(ids.filter { $0 == .contextTokenMissing }.count == 1)
        let broken = report.diagnostics.first { $0.id == .referenceUnknown }
        #expect(broken?.notes.contains { $0.message.contains("only when theme=dark") } == true)
        let change = report.diagnostics.first { $0.id == .contextTypeChange }
        #expect(change?.message == "token 'color.bg' is a dimension when theme=dark (1 of 2 permutations) but a color in the others")
    }

    /// A finding across contexts is reported once, with the fewest words that name the
    /// permutations it holds in, however many permutations that is.
    @Test func aFindingAcrossContextsIsReportedOnce() {
        let resolver = ##"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"space": {"$type": "dimension", "md": {"$value": {"value": 16, "unit": "px"}}}}]}},
             "modifiers": {
               "theme": {"contexts": {"light": [], "dark": [{"only": {"$type": "number", "$value": 1}}]}, "default": "light"},
               "contrast": {"contexts": {"standard": [], "high": []}, "default": "standard"},
               "size": {"contexts": {"regular": [], "compact": [{"space": {"md": {"$type": "number", "$value": 12}}}]}, "default": "regular"}
             },
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/contrast"}, {"$ref": "#/modifiers/size"}]}
            """##
        let report = Self.tokenSystem(resolver).checkAllPermutations()
        #expect(report.permutationCount == 8)
        #expect(report.diagnostics.filter { $0.id == .contextTokenMissing }.map(\.message)
            == ["token 'only' is defined only when theme=dark (4 of 8 permutations), not in the others"])
        #expect(report.diagnostics.filter { $0.id == .contextTypeChange }.map(\.message)
            == ["token 'space.md' is a number when size=compact (4 of 8 permutations) but a dimension in the others"])
    }

    @Test func tooManyPermutationsAreCheckedOneModifierAtATime() {
        let modifiers = (0..<12).map { ##""m\##($0)": {"contexts": {"a": [], "b": [{"n": {"$type": "number", "$value": \##($0)}}]}, "default": "a"}"## }
        let tokenSystem = Self.tokenSystem(##"""
            {"version": "2025.10", "modifiers": {\##(modifiers.joined(separator: ", "))},
             "resolutionOrder": [\##((0..<12).map { ##"{"$ref": "#/modifiers/m\##($0)"}"## }.joined(separator: ", "))]}
            """##)
        #expect(tokenSystem.resolver?.permutationCount == 4_096)
        let report = tokenSystem.checkAllPermutations()
        #expect(report.permutationCount == 13)
        #expect(report.diagnostics.map(\.id).contains(.resolverPermutationsLimited))
        #expect(report.variesAlong.count == 12)
    }

    /// Mutated resolvers never crash or hang, and every diagnostic is located in its file.
    @Test(arguments: 0..<2)
    func mutatedResolversAlwaysComeBackWithDiagnostics(_ seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed + 11) * 104_729)
        let original = Array(Self.themed.utf8)
        let fragments = ["{", "}", "[", "]", ",", "\"", "#/sets/", "#/modifiers/theme", "#/resolutionOrder/0", "$ref",
            "contexts", "default", "version", "2025.10", "null", "../", "dark.tokens.json"].map { Array($0.utf8) }
        let directory = Self.directory(Self.themedFiles)
        for _ in 0..<150 {
            var bytes = original
            for _ in 0...Int.random(in: 0..<3, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                if Bool.random(using: &generator) {
                    bytes.insert(contentsOf: fragments.randomElement(using: &generator)!, at: position)
                } else {
                    bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1..<20, using: &generator)))
                }
            }
            let file = SourceFile(path: directory.appendingPathComponent("t.resolver.json").path, bytes: bytes)
            var tokenSystem = TokenSystem(resolver: file)
            let report = tokenSystem.checkAllPermutations()
            for diagnostic in report.diagnostics where diagnostic.location?.file == file.path {
                #expect(diagnostic.location!.line >= 1 && diagnostic.location!.line <= file.lineStarts.count)
            }
            _ = tokenSystem.resolve(inputs: ["theme": "dark"])
        }
    }

    // MARK: Rules of the resolver document

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let marked: String
        let id: DiagnosticID
        var severity: Severity = .error
        var testDescription: String { name }
    }

    static let order = ##""resolutionOrder": [{"$ref": "#/sets/s"}]"##
    static let set = ##""sets": {"s": {"sources": []}}"##

    static let cases: [Case] = [
        Case(name: "missing version", marked: "⊙{\(set), \(order)}", id: .resolverVersion),
        Case(name: "wrong version", marked: ##"{"version": ⊙"2024.1", "## + "\(set), \(order)}", id: .resolverVersion),
        Case(name: "extra root property", marked: ##"{"version": "2025.10", ⊙"mode": 1, "## + "\(set), \(order)}", id: .resolverInvalidProperty),
        Case(name: "extra set property", marked: ##"{"version": "2025.10", "sets": {"s": {"sources": [], ⊙"kind": 1}}, "## + "\(order)}",
            id: .resolverInvalidProperty),
        Case(name: "extra modifier property", marked: ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": [], "b": []}, ⊙"defaults": "a"}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]}"##,
            id: .resolverInvalidProperty),
        Case(name: "missing resolutionOrder", marked: ##"⊙{"version": "2025.10"}"##, id: .resolverInvalid),
        Case(name: "empty resolutionOrder", marked: ##"{"version": "2025.10", "resolutionOrder": ⊙[]}"##, id: .resolverInvalid),
        Case(name: "modifier without contexts", marked: ##"{"version": "2025.10", "modifiers": {"m": {"contexts": ⊙{}}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]}"##,
            id: .resolverContextCount),
        Case(name: "modifier with one context", marked: ##"{"version": "2025.10", "modifiers": {"m": {"contexts": ⊙{"a": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]}"##,
            id: .resolverSingleContext, severity: .warning),
        Case(name: "default not a context", marked: ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": [], "b": []}, "default": ⊙"c"}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]}"##,
            id: .resolverUnknownContext),
        Case(name: "modifier referencing a modifier", marked: ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": [], "b": []}}, "n": {"contexts": {"a": [{"$ref": ⊙"#/modifiers/m"}], "b": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/n"}]}"##,
            id: .resolverModifierReference),
        Case(name: "set referencing a modifier", marked: ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": [], "b": []}}}, "sets": {"s": {"sources": [{"$ref": ⊙"#/modifiers/m"}]}}, "## + "\(order)}",
            id: .resolverModifierReference),
        Case(name: "pointer into resolutionOrder (spec example)", marked: ##"{"version": "2025.10", "## + "\(set), " + ##""resolutionOrder": [{"$ref": "#/sets/s"}, {"$ref": ⊙"#/resolutionOrder/4"}]}"##,
            id: .resolverOrderReference),
        Case(name: "source pointing into resolutionOrder", marked: ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": ⊙"#/resolutionOrder/0"}]}}, "## + "\(order)}",
            id: .resolverOrderReference),
        Case(name: "duplicate name in resolutionOrder", marked: ##"{"version": "2025.10", "## + "\(set), " + ##""resolutionOrder": [{"$ref": "#/sets/s"}, ⊙{"type": "set", "name": "s", "sources": []}]}"##,
            id: .resolverDuplicateName),
        Case(name: "unknown set", marked: ##"{"version": "2025.10", "## + "\(set), " + ##""resolutionOrder": [{"$ref": ⊙"#/sets/t"}]}"##,
            id: .resolverReferenceUnresolved),
        Case(name: "reference objects in a cycle (spec example 17)", marked: ##"{"version": "2025.10", "$defs": {"foo": {"bar": {"$ref": "#/$defs/baz/bat"}}, "baz": {"bat": {"$ref": ⊙"#/$defs/foo/bar"}}}, "sets": {"s": {"sources": [{"$ref": "#/$defs/foo/bar"}]}}, "## + "\(order)}",
            id: .resolverReferenceCycle),
        Case(name: "reference object inside what it references (spec example 18)", marked: ##"{"version": "2025.10", "$defs": {"foo": {"bar": {"$ref": ⊙"#/$defs/foo/bar"}}}, "sets": {"s": {"sources": [{"$ref": "#/$defs/foo/bar"}]}}, "## + "\(order)}",
            id: .resolverReferenceCycle),
        Case(name: "sets including each other", marked: ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#/sets/t"}]}, "t": {"sources": [{"$ref": ⊙"#/sets/s"}]}}, "## + "\(order)}",
            id: .resolverReferenceCycle),
        Case(name: "inline item without type", marked: ##"{"version": "2025.10", "resolutionOrder": [⊙{"name": "x", "sources": []}]}"##,
            id: .resolverInvalid),
        Case(name: "source that is not an object", marked: ##"{"version": "2025.10", "sets": {"s": {"sources": [⊙"a.json"]}}, "## + "\(order)}",
            id: .resolverInvalid),
    ]

    @Test(arguments: cases)
    func ruleIsDiagnosedAtItsPlace(_ testCase: Case) throws {
        let source = MarkedSource(testCase.marked)
        #expect(source.marks.count == 1, "each case marks the one place of its diagnostic")
        let (document, diagnostics) = ResolverDocument.read(SourceFile(path: "t.resolver.json", text: source.text))
        #expect(document != nil)
        let found = diagnostics.filter { $0.severity >= testCase.severity }
        #expect(found.map(\.id) == [testCase.id], "\(found.map { "\($0.message) [\($0.id)]" })")
        let diagnostic = try #require(found.first, "no diagnostic")
        let location = try #require(diagnostic.location, "\(diagnostic.id) has no location")
        let mark = try #require(source.marks.first)
        #expect(location.line == mark.line && location.column == mark.column, "\(location.line):\(location.column)")
    }
}
