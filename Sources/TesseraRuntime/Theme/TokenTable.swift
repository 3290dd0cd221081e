import Foundation

/// The tokens of generated Swift: one compiled theme, written into the generated file as a
/// single string, that every generated key is made from.
///
/// Generated code (`tessera build`, the runtime flavor) declares each token as a computed
/// property that asks the table for its key by slot, through one function per value type:
///
/// ```swift
/// nonisolated public let tokensTable = TesseraRuntime.TokenTable(compiledTheme: "VEVTUx…")
/// nonisolated public enum Tokens {
///     public enum Color {
///         public static var accent: TesseraRuntime.TokenKey<TesseraRuntime.ThemeColor> { tokensKeyThemeColor(12) }
///     }
/// }
/// @inline(never) nonisolated private func tokensKeyThemeColor(_ slot: Int) -> TesseraRuntime.TokenKey<TesseraRuntime.ThemeColor> { tokensTable.key(slot) }
/// ```
///
/// A property with no stored value and one call of a plain function compiles far faster than a
/// stored property initialized from literals, and the values come from one string literal that
/// costs the compiler nothing. Each key answers the default permutation's value as its
/// fallback, and is bound to the tokens of the system it was generated from: on a theme
/// compiled from the same system (any contexts, overrides or brand with the same tokens) a
/// lookup indexes straight into the value table, with no hashing.
public final class TokenTable: Sendable {
    /// The default permutation of the system the code was generated from.
    public let theme: Theme
    private let paths: [String]

    /// The table of a compiled theme file's bytes in base64, as generated code writes them.
    ///
    /// The string is one the generator wrote. When it is not a compiled theme (the generated
    /// file was edited by hand), this stops the program, saying to generate the file again.
    public init(compiledTheme base64: String) {
        guard let bytes = Data(base64Encoded: base64) else {
            preconditionFailure("the token table of generated Swift is not base64: run `tessera build` again")
        }
        do {
            theme = try Theme(fileBytes: bytes)
        } catch {
            preconditionFailure("the token table of generated Swift is damaged (\(error)): run `tessera build` again")
        }
        paths = theme.paths
    }

    /// The key of the token in `slot`, its fallback the table's value.
    ///
    /// - Complexity: O(1).
    public func key<Value: ThemeValue>(_ slot: Int) -> TokenKey<Value> {
        let storage = theme.storage
        guard paths.indices.contains(slot), Value.reads(storage.types[slot]),
            let fallback = Value.read(theme, at: storage.valueIndex(slot, theme.permutation))
        else {
            preconditionFailure("the token table of generated Swift has no \(Value.self) in slot \(slot): run `tessera build` again")
        }
        return TokenKey(path: paths[slot], slot: Int32(slot), fingerprint: storage.fingerprint, fallback: fallback)
    }
}
