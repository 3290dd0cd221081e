import Foundation
import Tessera
import TesseraConformanceKit
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
        try DiffScenarios.context(paths, TestExpectations())
    }

    static let light = system.appendingPathComponent("base/color/light.tokens.json").path
    static let dark = system.appendingPathComponent("base/color/dark.tokens.json").path

    /// The light and dark base palettes: the same paths, so only values change (a patch), and
    /// exactly the tokens whose written values differ; the hex values are the components read
    /// independently.
    @Test func lightToDarkIsAPatch() throws {
        let differing = try DiffScenarios.expectPalettesDiffAsAPatch(light: Self.light, dark: Self.dark, TestExpectations())
        #expect(differing.count == 8, "every color but base.color.neutral.5 differs")
    }

    /// The light and dark palettes, each under the functional colors that refer to them: a
    /// patch, per token.
    @Test func themesOnASharedBaseArePatches() throws {
        let base = Self.system.appendingPathComponent("functional/fgColor.tokens.json").path
        let diff = try DiffScenarios.expectThemesOnABaseArePatches(base: base, light: Self.light, dark: Self.dark, TestExpectations())
        #expect(diff.changes.count == 14, "8 palette colors and the 6 functional colors that refer to them: \(diff.changes.map(\.path))")
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
