import Foundation
import Testing

@testable import Tessera

/// A check of every permutation reads only diagnostics, so it resolves from the base the
/// permutations that add tokens (after the base's own), and takes a change of a file's structure
/// with that file parsed once: each must find what resolving every permutation whole, of a
/// system read afresh, finds.
@Suite struct CheckedSystemTests {
    static let resolver = """
        {"version": "2025.10",
         "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
         "modifiers": {
           "theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"},
           "contrast": {"contexts": {"normal": [], "high": [{"$ref": "high.tokens.json"}]}, "default": "normal"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/contrast"}]}
        """

    /// `color.b` names a token only the dark theme defines (unknown in the base, resolved in
    /// dark); the dark theme adds tokens, one naming nothing; high contrast adds a token naming
    /// one only dark has. `legacy` legacy-notation colors make more warnings than the limit.
    static func files(legacy: Int = 120, renamed: Bool = false) -> [String: String] {
        // One token to a line, as editors write them (an edit of one value then moves no other).
        let warnings = (0..<legacy).map { ##""w\##($0)": {"$value": "#10203\##($0 % 10)"}"## }.joined(separator: ",\n")
        let base = ##"""
            {"color": {"$type": "color",
            "a": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
            "b": {"$value": "{color.dark-only}"},
            "c": {"$value": "{color.a}"},
            "many": {
            \##(warnings)
            }}}
            """##
        let dark = ##"""
            {"color": {
            "a": {"$value": "#000000"},
            "\##(renamed ? "dark-onlx" : "dark-only")": {"$value": "#00ff00"},
            "extra": {"$value": "{color.a}"},
            "broken": {"$value": "{color.nothing}"}
            }}
            """##
        let high = ##"""
            {"color": {
            "a": {"$value": "#ffffff"},
            "more": {"$value": "{color.dark-only}"}
            }}
            """##
        return ["base.tokens.json": base, "dark.tokens.json": dark, "high.tokens.json": high]
    }

    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files.merging(["tokens.resolver.json": resolver], uniquingKeysWith: { $1 }) {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    /// What a diagnostic says and where, with its notes: comparable across two checks.
    static func described(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { diagnostic in
            let place = diagnostic.location.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column)" } ?? "-"
            return "\(place) \(diagnostic.id.rawValue) \(diagnostic.message) \(diagnostic.notes.map(\.message))"
        }.sorted()
    }

    @Test func permutationsAddingTokensFindWhatWholeOnesFind() throws {
        let url = try Self.folder(Self.files(legacy: 3))
        let system = TokenSystem(resolverAt: url.appendingPathComponent("tokens.resolver.json").path)
        let checked = system.checkAllPermutations()
        // Keeping every permutation's tokens resolves those that add tokens whole.
        let whole = system.resolveAll()
        #expect(Self.described(checked.diagnostics) == Self.described(whole.diagnostics))
        // What tells the two ways apart is found: the unknown reference resolved where dark
        // adds its target, and the added tokens only in some permutations.
        let described = Self.described(checked.diagnostics)
        #expect(described.contains { $0.contains("reference.unknown") && $0.contains("color.dark-only") && $0.contains("only when") })
        #expect(described.contains { $0.contains("color.nothing") })
        #expect(described.contains { $0.contains("color.extra") })
    }

    @Test func aRenamedKeyIsCheckedWholeWithTheNewText() throws {
        let url = try Self.folder(Self.files())
        let resolverFile = SourceFile(path: url.appendingPathComponent("tokens.resolver.json").path,
            bytes: Array(try Data(contentsOf: url.appendingPathComponent("tokens.resolver.json"))))
        let darkPath = url.appendingPathComponent("dark.tokens.json").path
        var checked = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: []))
        let renamed = SourceFile(path: darkPath, text: Self.files(renamed: true)["dark.tokens.json"]!)
        #expect(checked.edit(renamed) == .whole)
        let fresh = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: [renamed]))
        #expect(Self.described(checked.result.diagnostics) == Self.described(fresh.result.diagnostics))
        // The warning limit still holds: 100 of the 120 legacy colors, then a summary.
        #expect(checked.result.diagnostics.filter { $0.id == .colorLegacy && $0.location?.file.hasSuffix("base.tokens.json") == true }
            .count == 101)
        // And back: the unknown references the rename made are gone again.
        let restored = SourceFile(path: darkPath, text: Self.files()["dark.tokens.json"]!)
        #expect(checked.edit(restored) == .whole)
        let again = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: [restored]))
        #expect(Self.described(checked.result.diagnostics) == Self.described(again.result.diagnostics))
    }

    @Test func aValueEditIsCheckedInPart() throws {
        let url = try Self.folder(Self.files(legacy: 3))
        let resolverFile = SourceFile(path: url.appendingPathComponent("tokens.resolver.json").path,
            bytes: Array(try Data(contentsOf: url.appendingPathComponent("tokens.resolver.json"))))
        let basePath = url.appendingPathComponent("base.tokens.json").path
        var checked = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: []))
        let edited = SourceFile(path: basePath, text: Self.files(legacy: 3)["base.tokens.json"]!.replacingOccurrences(of: "#102031", with: "#102039"))
        #expect(checked.edit(edited) == .inPart)
        let fresh = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: [edited]))
        #expect(Self.described(checked.result.diagnostics) == Self.described(fresh.result.diagnostics))
    }

    /// An edit that moves the text after it (a character typed in a value), then one that
    /// resolves again tokens written past it, in every permutation: each permutation follows
    /// the first from its own place in the file, and must then locate what the second finds in
    /// the moved values (a border's legacy width, inside its object) as a fresh check does.
    @Test func editsThatMoveTheTextKeepEveryPermutationsPlaces() throws {
        var files = Self.files(legacy: 3)
        let base = ##"""
            {"color": {"$type": "color",
            "first": {"$value": {"colorSpace": "srgb", "components": [0.5, 0, 0]}},
            "src": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
            "a": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
            "b": {"$value": "{color.dark-only}"},
            "legacy": {"$value": "#102030"}},
            "border": {"$type": "border",
            "user": {"$value": {"color": "{color.src}", "width": "2px", "style": "solid"}},
            "other": {"$value": {"color": "{color.a}", "width": "3px", "style": "dashed"}}}}
            """##
        files["base.tokens.json"] = base
        let url = try Self.folder(files)
        let resolverFile = SourceFile(path: url.appendingPathComponent("tokens.resolver.json").path,
            bytes: Array(try Data(contentsOf: url.appendingPathComponent("tokens.resolver.json"))))
        let basePath = url.appendingPathComponent("base.tokens.json").path
        var checked = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: []))
        Self.expectKeptAsResolvedAlone(checked, "before the edits")
        var text = base
        for (old, new) in [("[0.5, 0, 0]", "[0.55, 0, 0]"), ("[1, 0, 0]}},\n\"a\"", "[0, 0, 1]}},\n\"a\""),
            ("\"a\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [1,", "\"a\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0.25,"),
            ("[0.55, 0, 0]", "[0.5, 0, 0]")]
        {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
            let edited = SourceFile(path: basePath, text: text)
            #expect(checked.edit(edited) == .inPart, "\(new)")
            let fresh = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: [edited]))
            #expect(Self.described(checked.result.diagnostics) == Self.described(fresh.result.diagnostics), "\(new)")
            #expect(Self.fixIts(checked.result.diagnostics) == Self.fixIts(fresh.result.diagnostics), "\(new)")
            #expect(checked.result.diagnostics.contains { $0.id == .dimensionLegacy && $0.location?.line == 8 })
            Self.expectKeptAsResolvedAlone(checked, new)
            // Each legacy value's fix-it replaces that value in the edited text.
            for diagnostic in checked.result.diagnostics where diagnostic.id.isLegacyForm {
                for fixIt in diagnostic.fixIts where fixIt.edit.file == basePath {
                    let written = String(decoding: edited.bytes[fixIt.edit.range], as: UTF8.self)
                    #expect(written.hasPrefix("\"") && diagnostic.message.contains(written.dropFirst().dropLast()), "\(new)")
                }
            }
        }
    }

    /// Each permutation the check kept (which hover reads) holds what resolving that
    /// permutation alone gives: the same tokens, with the same types and values.
    static func expectKeptAsResolvedAlone(_ checked: CheckedSystem, _ label: String) {
        var system = checked.system
        let permutations = system.resolver?.permutations ?? []
        #expect(permutations.count == 4, "\(label)")
        for contexts in permutations {
            guard let tokens = checked.keptTokens(of: contexts) else {
                Issue.record("the check kept no permutation \(contexts) (\(label))")
                continue
            }
            let alone = system.resolve(contexts: contexts).partialTokens
            let paths = alone.document.tokens.map(\.path)
            #expect(Set(tokens.document.tokens.map(\.path)) == Set(paths), "\(label) \(contexts)")
            for path in paths where tokens.value(path) != alone.value(path) || tokens.type(path) != alone.type(path) {
                Issue.record("\(path) in \(contexts) (\(label)): \(String(describing: tokens.value(path))), resolved alone \(String(describing: alone.value(path)))")
            }
            #expect(paths.contains("color.dark-only") == (contexts["theme"] == "dark"), "\(label) \(contexts)")
        }
    }

    /// The fix-its of each diagnostic: where each edit is, and what it writes.
    static func fixIts(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { diagnostic in
            "\(diagnostic.location?.line ?? 0):\(diagnostic.location?.column ?? 0) \(diagnostic.id.rawValue) "
                + diagnostic.fixIts.map { "\(($0.edit.file as NSString).lastPathComponent)@\($0.edit.range) \($0.edit.replacement)" }
                    .joined(separator: ", ")
        }.sorted()
    }

    /// A diagnostic's fix-its moved in place (an edit that moves the text after it) read, compare,
    /// hash, change and encode as the same diagnostic made with the moved ranges; one whose
    /// fix-its do not all move is not moved that way.
    @Test func fixItsMovedInPlaceAreTheMovedFixIts() throws {
        // Where each fix-it is shown stays: an edit moves only what is after its line.
        func made(_ ranges: [Range<Int>]) -> Diagnostic {
            Diagnostic(.shortHex("#123", readAs: "#112233"), at: SourceLocation(file: "a.json", line: 2, column: 7),
                fixIts: ranges.map {
                    Diagnostic.FixIt("replace", edit: SourceEdit(file: "a.json", range: $0, replacement: "x"),
                        location: SourceLocation(file: "a.json", line: 2, column: 7))
                })
        }
        let found = made([6..<15])
        var moved = found
        let movedTwice = moved.moveEveryFixIt(in: "a.json", from: 3, by: 2) && moved.moveEveryFixIt(in: "a.json", from: 8, by: -1)
        #expect(movedTwice)
        #expect(moved.fixIts.map(\.edit.range) == [7..<16])
        #expect(moved == made([7..<16]) && moved != found && !moved.isCopy(of: found))
        #expect(Set([moved, made([7..<16])]).count == 1)
        #expect(moved.copyIdentity != found.copyIdentity)
        #expect(found.fixIts.map(\.edit.range) == [6..<15], "the copy it was moved from stays")
        // Asked where the fix-its are, the moved diagnostic answers with the moved ranges.
        let past = moved.fixIts(in: "a.json", from: 15, beginningBy: 6)
        #expect(past.any && !past.byLimit)
        #expect(moved.fixIts(in: "a.json", from: 15, beginningBy: 7).byLimit)
        #expect(!moved.fixIts(in: "a.json", from: 16, beginningBy: 100).any)
        var changed = moved
        changed.severity = .error
        #expect(changed.fixIts.map(\.edit.range) == [7..<16] && changed.severity == .error)
        let decoded = try JSONDecoder().decode(Diagnostic.self, from: JSONEncoder().encode(moved))
        #expect(decoded == moved)
        // A fix-it ending before the edit, or in another file: the diagnostic is not moved.
        var two = made([0..<1, 6..<15])
        let movedAnyway = two.moveEveryFixIt(in: "a.json", from: 3, by: 2) || two.moveEveryFixIt(in: "b.json", from: 0, by: 2)
        #expect(!movedAnyway)
        #expect(two == made([0..<1, 6..<15]))
    }

    /// An id turned off is left out as the resolutions go: what is listed is what finishing a
    /// check that made every warning leaves, under a warning limit, without one, and under
    /// `strict` (where a legacy notation is an error, which no setting silences).
    @Test func warningsTurnedOffAreListedAsIfMadeAndLeftOut() throws {
        let url = try Self.folder(Self.files(legacy: 12))
        let path = url.appendingPathComponent("tokens.resolver.json").path
        for (strict, limit) in [(false, nil), (false, 5), (true, nil)] as [(Bool, Int?)] {
            let plain = PipelineOptions(strict: strict, warningLimit: limit)
            var off = plain
            off.severities = [.colorLegacy: .off, .referenceUnknown: .off]
            let expected = off.applyingSeverities(TokenSystem(resolverAt: path, options: plain).checkAllPermutations().diagnostics)
            let found = TokenSystem(resolverAt: path, options: off).checkAllPermutations().diagnostics
            #expect(Self.described(found) == Self.described(expected), "strict: \(strict), limit: \(String(describing: limit))")
            // Checked the language server's way, every warning found.
            let server = CheckedSystem(TokenSystem(resolverAt: path, options: off)).result.diagnostics
            #expect(Self.described(server) == Self.described(expected), "strict: \(strict), limit: \(String(describing: limit))")
            #expect(expected.contains { $0.id == .colorLegacy } == strict, "an error is never silenced")
            #expect(expected.contains { $0.id == .referenceUnknown }, "an error a setting cannot lower")
        }
    }

    /// A legacy color turned off is not made while its token resolves: the resolution holds
    /// none, its value all the same; under `strict`, or turned on, it is made.
    @Test func aWarningTurnedOffIsNotMade() throws {
        let file = SourceFile(path: "legacy.json", text: ##"{"c": {"$type": "color", "a": {"$value": "#102030"}}}"##)
        var document = TokenDocument()
        let parsed = DocumentParser.parseWhole(file, allowComments: false, seed: document.pathSeed)
        _ = document.add(try #require(parsed.0), from: file)
        for (strict, setting, made) in [(false, RuleSetting.off, false), (true, .off, true), (false, .note, true)] {
            var options = PipelineOptions(strict: strict, warningLimit: nil)
            options.severities = [.colorLegacy: setting]
            let state = AliasResolver.resolveState(document, warnings: options.warningLimiter)
            #expect(state.diagnostics.contains { $0.id == .colorLegacy } == made, "strict: \(strict), \(setting)")
            guard case .color(let color)?? = state.values.first else {
                Issue.record("the color did not resolve")
                continue
            }
            #expect(color.hex == "#102030")
        }
    }
}
