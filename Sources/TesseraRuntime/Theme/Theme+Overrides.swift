import TesseraModel

/// A set of token overrides, applied to a theme all together or not at all.
///
/// Any token can be overridden, in every permutation or only in some contexts. Tokens that alias
/// an overridden token as a whole follow it (override `color.brand.primary` and every
/// `{color.brand.primary}` changes too); values inside composites were resolved when the theme
/// was compiled and do not change.
///
/// ```swift
/// var brand = ThemeOverrides()
/// brand.set("color.brand.primary", to: ThemeColor(red: 0, green: 0.4, blue: 1))
/// brand.set("color.surface", to: ThemeColor(red: 0.1, green: 0.1, blue: 0.12), in: ["theme": "dark"])
/// let branded = try theme.overriding(brand)
/// ```
public struct ThemeOverrides: Sendable {
    /// One override.
    package struct Override: Sendable {
        package var path: String
        package var value: TokenValue
        /// The contexts it applies in; empty for every permutation.
        package var contexts: [String: String]
    }

    /// The overrides, in order: a later one for the same token and contexts wins.
    package private(set) var overrides: [Override] = []

    public init() {}

    public var isEmpty: Bool { overrides.isEmpty }

    /// Overrides the token at `path` (either notation) with `value`, in every permutation or only
    /// in those with `contexts`.
    public mutating func set<Value: ThemeValue>(_ path: String, to value: Value, in contexts: [String: String] = [:]) {
        overrides.append(Override(path: path, value: value.tokenValue, contexts: contexts))
    }

    /// Overrides a key's token; the value's type is the key's, checked by the compiler.
    public mutating func set<Value: ThemeValue>(_ key: TokenKey<Value>, to value: Value, in contexts: [String: String] = [:]) {
        set(key.path, to: value, in: contexts)
    }

    /// These overrides, then `other`'s.
    public func merging(_ other: ThemeOverrides) -> ThemeOverrides {
        var merged = self
        merged.overrides += other.overrides
        return merged
    }
}

extension Theme {
    /// This theme with `overrides` applied: each checked first (the token exists and is open,
    /// the value has its type, the contexts exist), and none applied unless all can be.
    ///
    /// A number given for a dimension token is read as points (`px`), and for a font weight
    /// token as the weight.
    ///
    /// - Throws: `ThemeError.overridesRefused` with every problem found.
    /// - Complexity: O(t + a · p) for t tokens, a tokens overridden or aliasing one, and p
    ///   permutations; the tables are shared with this theme, not copied per permutation.
    public func overriding(_ overrides: ThemeOverrides) throws(ThemeError) -> Theme {
        if overrides.isEmpty { return self }
        let checked = try OverrideApplication.check(overrides, against: storage)
        return Theme(storage: OverrideApplication.apply(checked, to: storage), permutation: permutation)
    }
}

/// Checks overrides against a theme and lays the changed values out.
enum OverrideApplication {
    struct Checked {
        var slot: Int
        var value: TokenValue
        /// Which permutations it applies in.
        var permutations: [Bool]
    }

    static func check(_ overrides: ThemeOverrides, against storage: ThemeStorage) throws(ThemeError) -> [Checked] {
        var problems: [ThemeError.OverrideProblem] = []
        var checked: [Checked] = []
        let numbering = storage.numbering
        for override in overrides.overrides {
            guard let slot = storage.slot(of: override.path) else {
                problems.append(.noToken(override.path,
                    suggestion: Suggestions.closest(to: override.path.replacingOccurrences(of: "/", with: "."),
                        in: Theme(storage: storage).paths)))
                continue
            }
            let path = storage.path(of: slot)
            if let reason = storage.closed[Int32(slot)] {
                problems.append(.closed(path, reason: reason))
                continue
            }
            let type = storage.types[slot]
            guard let value = coerce(override.value, to: type) else {
                problems.append(.wrongType(path, expected: type, found: override.value.type))
                continue
            }
            if let reason = invalidity(of: value) {
                problems.append(.invalidValue(path, reason: reason))
                continue
            }
            var unknown: [String: String] = [:]
            var wanted: [(position: Int, context: Int)] = []
            for (name, context) in override.contexts {
                guard let position = storage.modifiers.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }),
                    let index = storage.modifiers[position].contexts.firstIndex(where: { $0.caseInsensitiveEquals(context) })
                else {
                    unknown[name] = context
                    continue
                }
                wanted.append((position, index))
            }
            guard unknown.isEmpty else {
                problems.append(.unknownContexts(path, unknown))
                continue
            }
            let permutations = (0..<numbering.count).map { permutation in
                wanted.allSatisfy { (permutation / numbering.radices[$0.position]) % storage.modifiers[$0.position].contexts.count == $0.context }
            }
            checked.append(Checked(slot: slot, value: value, permutations: permutations))
        }
        guard problems.isEmpty else { throw .overridesRefused(problems) }
        return checked
    }

    /// `value` as a value of `type`, or nil when it cannot be one.
    static func coerce(_ value: TokenValue, to type: TokenType) -> TokenValue? {
        if value.type == type { return value }
        switch (value, type) {
        case (.number(let number), .dimension): return .dimension(TokenDimension(number, .px))
        case (.number(let number), .fontWeight): return .fontWeight(number)
        default: return nil
        }
    }

    /// Why a value cannot stand in a theme (a number that is not finite), or nil.
    static func invalidity(of value: TokenValue) -> String? {
        let scalar = ThemeScalar(value)
        guard [scalar.a, scalar.b, scalar.c, scalar.d].allSatisfy(\.isFinite) else { return "a number in it is not finite" }
        if case .fontWeight(let weight) = value, !(1...1000).contains(weight) { return "a font weight is not within 1 to 1000" }
        return nil
    }

    static func apply(_ checked: [Checked], to storage: ThemeStorage) -> ThemeStorage {
        let permutationCount = storage.permutationCount
        var overridden: [Int: [TokenValue?]] = [:]
        for override in checked {
            var column = overridden[override.slot] ?? [TokenValue?](repeating: nil, count: permutationCount)
            for permutation in 0..<permutationCount where override.permutations[permutation] { column[permutation] = override.value }
            overridden[override.slot] = column
        }
        // The tokens that alias an overridden token, however indirectly, change with it.
        var dependents: [Int32: [Int32]] = [:]
        for slot in 0..<storage.tokenCount {
            for index in storage.valueIndices(of: slot) {
                let target = storage.aliases[index]
                if target >= 0 { dependents[target, default: []].append(Int32(slot)) }
            }
        }
        var affected = Set(overridden.keys)
        var queue = Array(overridden.keys)
        while let slot = queue.popLast() {
            for dependent in dependents[Int32(slot)] ?? [] where affected.insert(Int(dependent)).inserted {
                queue.append(Int(dependent))
            }
        }
        var memo: [Int: (TokenValue, Int32)] = [:]
        func resolved(_ slot: Int, _ permutation: Int, depth: Int) -> (TokenValue, Int32) {
            if let value = overridden[slot]?[permutation] { return (value, -1) }
            let index = storage.valueIndex(slot, permutation)
            let alias = storage.aliases[index]
            let original = storage.values[index] ?? .number(0)
            guard alias >= 0, affected.contains(Int(alias)), depth < 64, storage.types[Int(alias)] == storage.types[slot] else {
                return (original, alias)
            }
            let key = Int(alias) * permutationCount + permutation
            let target = memo[key] ?? resolved(Int(alias), permutation, depth: depth + 1)
            memo[key] = target
            return (target.0, alias)
        }
        var tables = ThemeTables(entries: storage.entries, refs: storage.refs, scalars: storage.scalars,
            aliases: storage.aliases, valueBase: storage.values.count)
        for slot in affected.sorted() {
            tables.entries[slot] = tables.lay((0..<permutationCount).map { permutation in
                let (value, alias) = resolved(slot, permutation, depth: 0)
                return (value, alias)
            })
        }
        var values = storage.values
        values.appended += tables.added
        return ThemeStorage(layout: storage.layout, entries: tables.entries, refs: tables.refs, scalars: tables.scalars,
            values: values, aliases: tables.aliases, fingerprint: storage.fingerprint)
    }
}
