import Foundation
import Tessera
import TesseraTestSupport
import Testing

@testable import TesseraRuntime

/// The table generated Swift carries: keys made from it answer what a key made by path answers,
/// in every permutation, and are bound to the system's tokens.
@Suite struct TokenTableTests {
    @Test func keysFromTheTableAgreeWithKeysByPathInEveryPermutation() throws {
        let (theme, _) = try compiledExample()
        let table = TokenTable(compiledTheme: Data(try theme.encoded()).base64EncodedString())
        #expect(table.theme.paths == theme.paths)
        let dark = try theme.with(["theme": "dark"])
        var checked = 0
        for (slot, path) in theme.paths.enumerated() where theme.type(at: path) == .color {
            let key: TokenKey<ThemeColor> = table.key(slot)
            let byPath = TokenKey(path, fallback: ThemeColor(.sRGB, red: 0, green: 0, blue: 0, alpha: 0))
            #expect(key.path == path)
            #expect(key.fallback == theme[byPath])
            #expect(dark[key] == dark[byPath])
            // Bound: the key indexes the theme's own slot (same tokens, same fingerprint).
            #expect(key.fingerprint == theme.storage.fingerprint && Int(key.slot) == slot)
            checked += 1
        }
        #expect(checked > 20)
    }

    /// A theme with other tokens does not share the fingerprint: the key finds its token by path,
    /// and answers its fallback where the theme lacks it.
    @Test func onAThemeWithOtherTokensKeysLookUpByPath() throws {
        let (theme, _) = try compiledExample()
        let table = TokenTable(compiledTheme: Data(try theme.encoded()).base64EncodedString())
        let other = try smallTheme()
        let slot = try #require(theme.paths.firstIndex(of: "color.background.default"))
        let key: TokenKey<ThemeColor> = table.key(slot)
        #expect(key.fingerprint != other.storage.fingerprint)
        #expect(other[key] == key.fallback)
        let shared = try #require(theme.paths.firstIndex { other.paths.contains($0) && theme.type(at: $0) == .color })
        let sharedKey: TokenKey<ThemeColor> = table.key(shared)
        #expect(other[sharedKey] == other[ThemeColor.self, theme.paths[shared]])
    }
}
