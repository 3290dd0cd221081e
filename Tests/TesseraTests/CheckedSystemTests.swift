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
}
