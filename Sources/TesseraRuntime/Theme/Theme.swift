import TesseraModel

/// A compiled theme: every token of a token system in every permutation of its modifiers,
/// with one permutation chosen. Immutable and `Sendable`; choosing another permutation or
/// overriding tokens makes a new value that shares everything that did not change.
///
/// ```swift
/// let theme = try Theme(compiling: TokenSystem(resolverAt: "Tokens/app.resolver.json"))
/// let accent = theme.key(ThemeColor.self, "color.accent")!   // once
/// let dark = try theme.with(["theme": "dark"])
/// dark[accent]                                                // a few nanoseconds
/// dark[ThemeColor.self, "theme/navigation/bottom/highlight"]   // tens of nanoseconds
/// ```
public struct Theme: Sendable {
    @usableFromInline let storage: ThemeStorage
    /// The chosen permutation, numbered as `Numbering` says.
    @usableFromInline let permutation: Int

    package init(storage: ThemeStorage, permutation: Int? = nil) {
        self.storage = storage
        self.permutation = permutation ?? storage.defaultPermutation
    }

    /// How many tokens the theme has.
    public var count: Int { storage.tokenCount }

    /// Every token path, in the theme's order.
    public var paths: [String] { (0..<storage.tokenCount).map(storage.path(of:)) }

    /// The modifiers, in the order of the resolver they came from.
    public var modifiers: [ThemeModifier] { storage.modifiers }

    /// How many permutations the theme holds.
    package var permutationCount: Int { storage.permutationCount }

    /// How many distinct values it stores for all its permutations (a token that does not vary
    /// is stored once).
    package var storedValueCount: Int { storage.scalars.count }

    /// The chosen context of each modifier.
    public var contexts: [String: String] {
        storage.numbering.contexts(of: permutation)
    }

    /// The same theme in other contexts: each modifier named takes that context, the others
    /// keep theirs. Modifier and context names match without regard to letter case.
    ///
    /// - Throws: `ThemeError.unknownModifier` or `.unknownContext`, naming what exists.
    public func with(_ contexts: [String: String]) throws(ThemeError) -> Theme {
        var permutation = self.permutation
        for (name, context) in contexts.sorted(by: { $0.key < $1.key }) {
            guard let position = storage.modifiers.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) else {
                throw .unknownModifier(name, known: storage.modifiers.map(\.name))
            }
            let modifier = storage.modifiers[position]
            guard let wanted = modifier.contexts.firstIndex(where: { $0.caseInsensitiveEquals(context) }) else {
                throw .unknownContext(context, modifier: modifier.name, known: modifier.contexts)
            }
            let radix = storage.numbering.radices[position]
            let current = (permutation / radix) % modifier.contexts.count
            permutation += (wanted - current) * radix
        }
        return Theme(storage: storage, permutation: permutation)
    }

    /// The same theme in the default permutation.
    package var inDefaultContexts: Theme { Theme(storage: storage) }

    /// Whether the two are the same compiled theme in the same permutation.
    public func isIdentical(to other: Theme) -> Bool {
        storage === other.storage && permutation == other.permutation
    }

    // MARK: Lookups by key

    /// A key for the token at `path` (either notation), checked once against this theme: nil
    /// when there is no such token or it is not of a type `Value` reads.
    ///
    /// - Complexity: O(k) in the path's length, once; lookups with the key are O(1).
    public func key<Value: ThemeValue>(_ type: Value.Type, _ path: String) -> TokenKey<Value>? {
        guard let slot = storage.slot(of: path), Value.reads(storage.types[slot]),
            let fallback = Value.read(self, at: storage.valueIndex(slot, permutation))
        else { return nil }
        return TokenKey(path: storage.path(of: slot), slot: Int32(slot), fingerprint: storage.fingerprint, fallback: fallback)
    }

    /// The value of a key's token in the chosen permutation.
    ///
    /// A key made from this theme, or from any theme with the same tokens (overridden, swapped,
    /// another brand's compiled file), indexes straight into the value table: no hashing, no
    /// string work. A key made from a path alone (`TokenKey(_:fallback:)`) or from a theme with
    /// other tokens finds its token by path; when the theme has none of the key's type, the
    /// answer is the key's fallback.
    ///
    /// - Complexity: O(1).
    @inlinable
    public subscript<Value: ThemeValue>(key: TokenKey<Value>) -> Value {
        if key.fingerprint == storage.fingerprint {
            let index = storage.valueIndex(Int(key.slot), permutation)
            if let value = Value.read(self, at: index) { return value }
        }
        return lookUp(key)
    }

    @usableFromInline
    func lookUp<Value: ThemeValue>(_ key: TokenKey<Value>) -> Value {
        (try? value(Value.self, at: key.path)) ?? key.fallback
    }

    // MARK: Lookups by path

    /// The value at `path` (`color.accent.600` or `theme/navigation/bottom/highlight`) as
    /// `Value`, or nil when there is no such token or it has another type.
    ///
    /// - Complexity: O(k) in the path's length (one hash, one comparison).
    @inlinable
    public subscript<Value: ThemeValue>(type: Value.Type, path: String) -> Value? {
        guard let slot = storage.slot(of: path), Value.reads(storage.types[slot]) else { return nil }
        return Value.read(self, at: storage.valueIndex(slot, permutation))
    }

    /// The value at `path` as `Value`, or the reason there is none.
    public func value<Value: ThemeValue>(_ type: Value.Type, at path: String) throws(ThemeLookupError) -> Value {
        guard let slot = storage.slot(of: path) else {
            throw .noToken(path, suggestion: Suggestions.closest(to: path.replacingOccurrences(of: "/", with: "."), in: paths))
        }
        let found = storage.types[slot]
        guard Value.reads(found), let value = Value.read(self, at: storage.valueIndex(slot, permutation)) else {
            throw .wrongType(path, expected: Value.tokenTypes, found: found)
        }
        return value
    }

    /// The resolved value at `path` (either notation), whatever its type.
    public func value(at path: String) -> TokenValue? {
        storage.slot(of: path).flatMap { storage.values[storage.valueIndex($0, permutation)] }
    }

    /// The type of the token at `path` (either notation).
    public func type(at path: String) -> TokenType? {
        storage.slot(of: path).map { storage.types[$0] }
    }

    /// The token a token aliases as a whole in the chosen permutation (`{color.blue.500}`).
    package func aliasTarget(of path: String) -> String? {
        guard let slot = storage.slot(of: path) else { return nil }
        let target = storage.aliases[storage.valueIndex(slot, permutation)]
        return target >= 0 ? storage.path(of: Int(target)) : nil
    }

    /// Why the token at `path` is closed to overrides, or nil when it is open.
    public func closedReason(of path: String) -> String? {
        storage.slot(of: path).flatMap { storage.closed[Int32($0)] }
    }

    /// The Dynamic Type text style a typography token scales with (its `relativeTo`).
    package func textStyle(of path: String) -> TextStyle? {
        storage.slot(of: path).flatMap { storage.textStyles[Int32($0)] }
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        self == other || lowercased() == other.lowercased()
    }
}

extension Theme {
    /// A theme with no tokens and no modifiers: every lookup answers nil or a key's fallback.
    public static let empty = Theme(storage: ThemeStorage(
        layout: ThemeStorage.Layout(paths: PathTable(), types: [], closed: [:], textStyles: [:], modifiers: []),
        entries: [], refs: [], scalars: [], values: .decoded([]), aliases: []))
}
