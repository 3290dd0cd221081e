import Tessera

/// What every output is generated from: each token once, in tree order (sorted by path, name by
/// name, in code point order), with its value in every permutation of the system's modifiers.
/// The built-in outputs read it, and a user template receives it (`templateContext`).
///
/// ```swift
/// let context = GenerationContext(permutations, name: "App")
/// for token in context.tokens where token.varies {
///     print(token.path, token.values.count, "values")
/// }
/// ```
public struct GenerationContext: Sendable {
    /// One token across every permutation. (A class: outputs pass tokens around without
    /// copying each of their fields.)
    public final class Token: Sendable {
        /// The dot-separated path.
        public let path: String
        /// The path's names.
        public let names: [String]
        public let type: TokenType
        /// The value in the default permutation.
        public var value: TokenValue { values[0] }
        /// Each distinct value, the default permutation's first.
        public let values: [TokenValue]
        /// For each permutation, the index in `values` of its value; empty when the token does
        /// not vary (every permutation has `value`).
        package let valueIndices: [Int32]
        public let description: String?
        public let deprecated: Deprecation?
        public let extensions: JSONValue?
        /// Each permutation's `$extensions`, when they are not all `extensions` (an imported
        /// asset catalog keeps each appearance's color as written there); else empty.
        package let permutationExtensions: [JSONValue?]
        /// The token the default permutation's value comes from, when it is an alias.
        public let aliasOf: String?
        /// The token's tier, when the tier rules give one.
        public let tier: TierRules.Tier?
        /// Where the token is defined (in the default permutation).
        public let anchor: SourceAnchor

        init(path: String, names: [String], type: TokenType, values: [TokenValue], valueIndices: [Int32], description: String?,
            deprecated: Deprecation?, extensions: JSONValue?, permutationExtensions: [JSONValue?], aliasOf: String?,
            tier: TierRules.Tier?, anchor: SourceAnchor)
        {
            self.path = path
            self.names = names
            self.type = type
            self.values = values
            self.valueIndices = valueIndices
            self.description = description
            self.deprecated = deprecated
            self.extensions = extensions
            self.permutationExtensions = permutationExtensions
            self.aliasOf = aliasOf
            self.tier = tier
            self.anchor = anchor
        }

        /// Whether some permutation has another value.
        public var varies: Bool { values.count > 1 }

        /// The value in a permutation.
        public func value(in permutation: Int) -> TokenValue { values[valueIndex(in: permutation)] }

        /// The index in `values` of a permutation's value.
        package func valueIndex(in permutation: Int) -> Int {
            valueIndices.isEmpty ? 0 : Int(valueIndices[permutation])
        }

        /// The `$extensions` in a permutation.
        public func extensions(in permutation: Int) -> JSONValue? {
            permutationExtensions.isEmpty ? extensions : permutationExtensions[permutation]
        }

        /// The deprecation message, when the token is deprecated ("" without a reason).
        public var deprecationMessage: String? {
            if case .deprecated(let reason)? = deprecated { return reason ?? "" }
            return nil
        }
    }

    /// The system's name (the resolver's, or the one the configuration gives).
    public let name: String
    /// How traits choose the contexts in outputs that carry appearances (asset catalogs, the
    /// static Swift's trait adaptation, CSS media queries): the conventional names and the
    /// contexts' meaning, or what `tessera.yml`'s `modes:` says.
    public var traitMapping: TraitMapping = .conventional
    /// The modifiers and how their permutations are numbered.
    package let numbering: Numbering
    /// Every token, in tree order.
    public let tokens: [Token]
    /// The default permutation's document (group descriptions and extensions).
    public let document: TokenDocument
    /// Every permutation, as resolved: what a compiled theme of the system is made from.
    package let permutations: ResolvedPermutations

    public var modifiers: [ThemeModifier] { numbering.modifiers }
    public var defaultPermutation: Int { numbering.defaultIndex }

    /// The context of every permutation: each token's values compared across them once.
    ///
    /// - Complexity: O(t · p) for t tokens and p permutations, plus sorting the paths.
    public init(_ permutations: ResolvedPermutations, name: String, tiers: TierRules? = TierRules()) {
        self.name = name
        self.permutations = permutations
        numbering = permutations.numbering
        let base = permutations.base
        document = base.document
        let count = permutations.tokens.count
        let defaultIndex = permutations.defaultIndex
        let baseTiers = tiers?.tiers(of: base)
        // Each path's token index in each permutation (-1 where it is missing).
        var order: [String] = []
        var where_: [String: [Int32]] = [:]
        var slots: [(permutation: Int, index: Int)] = []
        if count == 1 {
            for index in base.document.tokens.indices where base.values[index] != nil {
                slots.append((0, index))
            }
        } else {
            for number in [defaultIndex] + (0..<count).filter({ $0 != defaultIndex }) {
                let tokens = permutations.tokens[number]
                for index in tokens.document.tokens.indices where tokens.values[index] != nil {
                    let path = tokens.document.tokens[index].path
                    if where_[path] == nil {
                        where_[path] = [Int32](repeating: -1, count: count)
                        order.append(path)
                        slots.append((number, index))
                    }
                    where_[path]![number] = Int32(index)
                }
            }
        }
        // Each token on its own: the slots cut into pieces made side by side.
        let places = where_
        let allSlots = slots
        let pieces = Parallel.split(0..<allSlots.count, into: 8)
        let built = Parallel.map(pieces.count) { piece in
            pieces[piece].map { slot -> Token in
                let (number, index) = allSlots[slot]
                return Self.token(index, of: number, permutations, places: places, count: count, tiers: baseTiers)
            }
        }.flatMap { $0 }
        tokens = Self.treeOrder(built)
    }

    /// One token: its values in every permutation, compared once.
    private static func token(_ index: Int, of number: Int, _ permutations: ResolvedPermutations, places: [String: [Int32]],
        count: Int, tiers baseTiers: [TierRules.Tier?]?) -> Token
    {
        let tokens = permutations.tokens[number]
        let definition = tokens.document.tokens[index]
        let path = definition.path
        var values = [tokens.values[index]!]
        var indices: [Int32] = []
        var permutationExtensions: [JSONValue?] = []
        if count > 1, let spots = places[path] {
            permutationExtensions = Self.extensionsIfVarying(spots, permutations, fallback: definition.extensions)
            indices.reserveCapacity(count)
            for permutation in 0..<count {
                let place = spots[permutation]
                guard place >= 0 else {
                    indices.append(0)   // missing: the default's value stands in
                    continue
                }
                let value = permutations.tokens[permutation].values[Int(place)]!
                if let found = values.firstIndex(of: value) {
                    indices.append(Int32(found))
                } else {
                    indices.append(Int32(values.count))
                    values.append(value)
                }
            }
            if values.count == 1 { indices = [] }
        }
        let resolved = tokens.token(at: index)
        return Token(path: path, names: TokenPathSyntax.names(of: path), type: tokens.types[index]!, values: values,
            valueIndices: indices, description: definition.description, deprecated: resolved?.deprecated,
            extensions: definition.extensions, permutationExtensions: permutationExtensions, aliasOf: resolved?.aliasOf,
            tier: number == permutations.defaultIndex ? baseTiers?[index] : nil, anchor: resolved?.anchor ?? definition.anchor)
    }

    /// Tokens without modes.
    public init(_ tokens: ResolvedTokens, name: String, tiers: TierRules? = TierRules()) {
        self.init(ResolvedPermutations(tokens), name: name, tiers: tiers)
    }

    /// The contexts of a permutation, by modifier name.
    public func contexts(of permutation: Int) -> [String: String] { numbering.contexts(of: permutation) }

    /// The permutation of each appearance, through `traitMapping`: light with
    /// standard contrast, dark, light with high contrast, dark with high contrast. Modifiers the
    /// traits do not choose take their default context, or the one `fixed` names.
    package func appearancePermutations(fixed: [String: String] = [:]) -> [Int] {
        let pairs: [(ThemeTraits.Appearance, ThemeTraits.Contrast)] = [(.light, .standard), (.dark, .standard), (.light, .high), (.dark, .high)]
        return pairs.map { appearance, contrast in
            var chosen = fixed
            let traits = traitMapping.contexts(for: ThemeTraits(appearance: appearance, contrast: contrast),
                modifiers: modifiers)
            for modifier in modifiers where fixed[modifier.name] == nil {
                if let name = traits[modifier.name] { chosen[modifier.name] = name }
            }
            return numbering.permutation(of: chosen) ?? defaultPermutation
        }
    }

    /// A permutation's name: its contexts joined by `-` in modifier order (`dark-high`), or
    /// `default` without modifiers.
    public func permutationName(_ permutation: Int) -> String {
        let contexts = contexts(of: permutation)
        let names = modifiers.compactMap { contexts[$0.name] }
        return names.isEmpty ? "default" : names.joined(separator: "-")
    }

    /// The token's extensions in each permutation, or empty when they are all alike.
    private static func extensionsIfVarying(_ places: [Int32], _ permutations: ResolvedPermutations, fallback: JSONValue?)
        -> [JSONValue?]
    {
        let all = places.enumerated().map { permutation, place in
            place < 0 ? fallback : permutations.tokens[permutation].document.tokens[Int(place)].extensions
        }
        guard all.contains(where: { $0 != nil }) else { return [] }
        let writer = JSONWriter()
        let texts = all.map { $0.map(writer.string) }
        return texts.allSatisfy({ $0 == texts[0] }) ? [] : all
    }

    /// Sorted by index, so that the tokens themselves are moved once.
    static func treeOrder(_ tokens: [Token]) -> [Token] {
        let paths = tokens.map(\.path)
        if zip(paths, paths.dropFirst()).allSatisfy({ !ResolvedEmitter.treePrecedes($1, $0) }) { return tokens }
        return tokens.indices.sorted { ResolvedEmitter.treePrecedes(paths[$0], paths[$1]) }.map { tokens[$0] }
    }
}
