import Foundation
import Tessera
import TesseraGenerate
import TesseraTestSupport
import Testing

@testable import TesseraQuality

/// `tessera diff` on a system in the shape of the public design systems (the fixture
/// `themed-system`): its light and dark palettes, and its themes on a shared base, as two
/// versions of one set. (The conformance script does the same on real systems.)
@Suite struct DiffTests {
    static let system = sharedFixtures.appendingPathComponent("themed-system")

    static func context(_ paths: [String]) throws -> GenerationContext {
        let system = TokenSystem.load(paths)
        return try #require(system.context(name: "x"), "\(system.diagnostics.filter { $0.severity == .error }.prefix(3))")
    }

    /// The light and dark base palettes: the same paths, so only values change (a patch), and
    /// exactly the tokens whose written values differ; the hex values are the components read
    /// independently.
    @Test func lightToDarkIsAPatch() throws {
        let light = Self.system.appendingPathComponent("base/color/light.tokens.json").path
        let dark = Self.system.appendingPathComponent("base/color/dark.tokens.json").path
        let diff = TokenDiff(old: try Self.context([light]), new: try Self.context([dark]))
        let (before, after) = (try rawTokenValues(light), try rawTokenValues(dark))
        #expect(Set(before.keys) == Set(after.keys))
        let differing = before.keys.filter { before[$0] != after[$0] }
        #expect(differing.count == 8, "every color but base.color.neutral.5 differs")
        #expect(diff.bump == .patch)
        #expect(!diff.isBreaking)
        #expect(Set(diff.changes.map(\.path)) == Set(differing), "\(diff.changes.count) changes, \(differing.count) differ")
        #expect(diff.changes.allSatisfy { $0.kind == .valueChanged && $0.deltaE.map { $0 > 0 } == true })
        for change in diff.changes.prefix(20) {
            for (value, raw) in [(change.oldValue, before[change.path]), (change.newValue, after[change.path])] {
                guard let object = raw as? [String: Any], let components = object["components"] as? [Double],
                    object["colorSpace"] as? String == "srgb", (object["alpha"] as? Double ?? 1) == 1
                else { continue }
                let hex = "#" + components.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
                #expect(value == hex, "\(change.path)")
            }
        }
    }

    /// The light and dark palettes, each under the functional colors that refer to them: a
    /// patch, per token.
    @Test func themesOnASharedBaseArePatches() throws {
        let base = Self.system.appendingPathComponent("functional/fgColor.tokens.json").path
        let folder = TestScratch.root.appendingPathComponent("themes-diff")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for theme in ["light", "dark"] {
            let target = folder.appendingPathComponent(theme)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: base, toPath: target.appendingPathComponent("1-base.tokens.json").path)
            try FileManager.default.copyItem(atPath: Self.system.appendingPathComponent("base/color/\(theme).tokens.json").path,
                toPath: target.appendingPathComponent("2-theme.tokens.json").path)
        }
        let diff = TokenDiff(old: try Self.context([folder.appendingPathComponent("light").path]),
            new: try Self.context([folder.appendingPathComponent("dark").path]))
        #expect(diff.bump == .patch)
        #expect(diff.changes.count == 14, "8 palette colors and the 6 functional colors that refer to them: \(diff.changes.map(\.path))")
        #expect(diff.markdown.hasPrefix("## Design tokens: patch (values only)"))
    }


    @Test(arguments: [
        (["color", "text", "old"], ["color", "text", "legacy"], true),
        (["fgColor", "onEmphasis"], ["fgColor", "onStrong"], true),
        (["color", "fg", "default"], ["color", "text", "default"], true),
        (["space", "md"], ["radius", "lg"], false),
    ])
    func renameSimilarity(old: [String], new: [String], similar: Bool) {
        #expect((TokenDiff.similarity(old, new) >= 0.5) == similar)
    }

    @Test func addedDeprecatedAndTypeChangesSetTheBump() throws {
        func system(_ json: String) throws -> GenerationContext {
            let file = TestScratch.root.appendingPathComponent("diff-\(UUID().uuidString).tokens.json")
            try Data(json.utf8).write(to: file)
            return try Self.context([file.path])
        }
        let base = try system(#"{ "a": { "$type": "number", "$value": 1 } }"#)
        let added = try system(#"{ "a": { "$type": "number", "$value": 1 }, "b": { "$type": "number", "$value": 2 } }"#)
        let deprecated = try system(#"{ "a": { "$type": "number", "$value": 1, "$deprecated": true } }"#)
        let retyped = try system(#"{ "a": { "$type": "fontWeight", "$value": 1 } }"#)
        let revalued = try system(#"{ "a": { "$type": "number", "$value": 3 } }"#)
        #expect(TokenDiff(old: base, new: added).bump == .minor)
        #expect(TokenDiff(old: base, new: deprecated).bump == .minor)
        #expect(TokenDiff(old: deprecated, new: base).changes.map(\.kind) == [.undeprecated])
        #expect(TokenDiff(old: base, new: retyped).changes.map(\.kind) == [.typeChanged])
        #expect(TokenDiff(old: base, new: retyped).isBreaking)
        #expect(TokenDiff(old: base, new: revalued).bump == .patch)
        #expect(TokenDiff(old: added, new: base).changes.map(\.kind) == [.removed])
        #expect(TokenDiff(old: base, new: base).bump == TokenDiff.Bump.none)
    }
}
