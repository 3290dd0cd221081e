/// A random token system: a base set and 1–4 modifiers of 2–4 contexts, each made of token
/// trees that redefine random subsets of tokens, add tokens, change types and group
/// properties (`$type`, `$description`, `$deprecated`, `$extensions`), alias into and out of
/// redefined tokens (chains, cycles, unknown targets, nested aliases inside composites, JSON
/// pointers), extend groups, and mark tokens closed, forbidden or tiered.
///
/// The model is written out as a resolver with inline sources (one case is one JSON text),
/// and flattened by hand into one token document per permutation, independently of the engine.
package struct RandomSystem: Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case color, dimension, number, duration, border, shadow
    }

    /// A member of a composite: a literal of its kind, or an alias.
    enum Part: Sendable, Equatable {
        case literal(Int)
        case alias([String])
    }

    enum Value: Sendable, Equatable {
        /// A literal of the kind; `legacy` writes the pre-2025.10 string form where there is one.
        case literal(Kind, Int, legacy: Bool)
        /// A composite whose members may alias other tokens.
        case composite(Kind, [Part])
        /// `"{path}"`.
        case alias([String])
        /// `{"$ref": "#/path"}`: a JSON pointer to a whole token.
        case pointer([String])
    }

    /// `$extensions.dev.tessera` flags.
    struct Flags: Sendable, Equatable {
        var closed: Bool?
        var forbidden: Bool?
        var tier: String?
        var isEmpty: Bool { closed == nil && forbidden == nil && tier == nil }
    }

    struct Token: Sendable, Equatable {
        var type: Kind?
        var value: Value
        var flags = Flags()
        var description: String?
        var deprecated: Bool?
    }

    struct GroupProperties: Sendable, Equatable {
        var type: Kind?
        var description: String?
        var deprecated: Bool?
        var flags = Flags()
        var extends: [String]?
    }

    struct Source: Sendable, Equatable {
        var tokens: [(path: [String], token: Token)] = []
        var groups: [(path: [String], properties: GroupProperties)] = []

        static func == (lhs: Source, rhs: Source) -> Bool {
            lhs.tokens.map(\.path) == rhs.tokens.map(\.path) && lhs.tokens.map(\.token) == rhs.tokens.map(\.token)
                && lhs.groups.map(\.path) == rhs.groups.map(\.path) && lhs.groups.map(\.properties) == rhs.groups.map(\.properties)
        }
    }

    struct Modifier: Sendable, Equatable {
        var name: String
        var contexts: [(name: String, sources: [Source])]
        var defaultContext: String?

        static func == (lhs: Modifier, rhs: Modifier) -> Bool {
            lhs.name == rhs.name && lhs.defaultContext == rhs.defaultContext && lhs.contexts.map(\.name) == rhs.contexts.map(\.name)
                && lhs.contexts.map(\.sources) == rhs.contexts.map(\.sources)
        }
    }

    var base: [Source]
    var modifiers: [Modifier]

    /// The group paths tokens live in.
    static let groupPaths: [[String]] = [["a"], ["b"], ["c"], ["a", "x"], ["b", "y"], ["c", "x", "d"]]
    static let tokenNames = ["t0", "t1", "t2", "t3"]

    /// A random system drawn from `generator`.
    package static func random<G: RandomNumberGenerator>(using generator: inout G) -> RandomSystem {
        var maker = Maker(generator: generator)
        let system = maker.system()
        generator = maker.generator
        return system
    }

    /// Every permutation (modifier name → context name), the base first; at most `limit`,
    /// chosen evenly.
    package func permutations(limit: Int = 16) -> [[String: String]] {
        var all: [[String: String]] = [[:]]
        for modifier in modifiers {
            all = all.flatMap { partial in modifier.contexts.map { partial.merging([modifier.name: $0.name]) { $1 } } }
        }
        let base = baseContexts
        all.removeAll { $0 == base }
        var chosen = [base]
        if all.count <= limit - 1 {
            chosen += all
        } else {
            let step = Double(all.count) / Double(limit - 1)
            chosen += (0..<(limit - 1)).map { all[Int(Double($0) * step)] }
        }
        return chosen
    }

    var baseContexts: [String: String] {
        var contexts: [String: String] = [:]
        for modifier in modifiers { contexts[modifier.name] = modifier.defaultContext ?? modifier.contexts.first?.name }
        return contexts
    }

    /// The sources a permutation merges, in resolution order.
    func sources(for contexts: [String: String]) -> [Source] {
        base + modifiers.flatMap { modifier in modifier.contexts.first { $0.name == contexts[modifier.name] }?.sources ?? [] }
    }
}

/// Draws the random parts of a system.
private struct Maker<G: RandomNumberGenerator> {
    var generator: G
    typealias System = RandomSystem

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < probability }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    mutating func system() -> System {
        // Each token slot has a usual kind, so most aliases type-check; some do not.
        var slots: [[String]] = []
        for group in System.groupPaths {
            for name in System.tokenNames where chance(0.6) { slots.append(group + [name]) }
        }
        if slots.isEmpty { slots = [["a", "t0"]] }
        var kinds: [[String]: System.Kind] = [:]
        for slot in slots { kinds[slot] = pick(System.Kind.allCases) }
        var base: [System.Source] = []
        for _ in 0..<int(1...2) { base.append(source(slots: slots, kinds: kinds, share: 0.8, groupChance: 0.5)) }
        var modifiers: [System.Modifier] = []
        for number in 0..<int(1...4) {
            var contexts: [(name: String, sources: [System.Source])] = []
            for index in 0..<int(2...4) {
                var sources: [System.Source] = []
                for _ in 0..<int(0...2) { sources.append(source(slots: slots, kinds: kinds, share: 0.3, groupChance: 0.3)) }
                contexts.append(("c\(index)", sources))
            }
            let defaultContext = chance(0.8) ? contexts[int(0...contexts.count - 1)].name : nil
            modifiers.append(System.Modifier(name: "m\(number)", contexts: contexts, defaultContext: defaultContext))
        }
        return System(base: base, modifiers: modifiers)
    }

    mutating func source(slots: [[String]], kinds: [[String]: System.Kind], share: Double, groupChance: Double) -> System.Source {
        var source = System.Source()
        for slot in slots where chance(share) {
            source.tokens.append((slot, token(kind: chance(0.9) ? kinds[slot]! : pick(System.Kind.allCases), slots: slots)))
        }
        // A token no other source has, now and then.
        if chance(0.2) { source.tokens.append((pick(System.groupPaths) + ["n\(int(0...2))"], token(kind: pick(System.Kind.allCases), slots: slots))) }
        for group in System.groupPaths where chance(groupChance * 0.4) {
            var properties = System.GroupProperties()
            if chance(0.3) { properties.type = pick(System.Kind.allCases) }
            if chance(0.3) { properties.description = "d\(int(0...3))" }
            if chance(0.15) { properties.deprecated = chance(0.7) }
            if chance(0.3) { properties.flags = flags() }
            if chance(0.12) {
                let target = pick(System.groupPaths)
                if target != group { properties.extends = target }
            }
            source.groups.append((group, properties))
        }
        return source
    }

    mutating func flags() -> System.Flags {
        var flags = System.Flags()
        if chance(0.4) { flags.closed = chance(0.8) }
        if chance(0.3) { flags.forbidden = chance(0.8) }
        if chance(0.3) { flags.tier = pick(["primitive", "semantic", "component"]) }
        return flags
    }

    /// A reference target: usually a slot, sometimes a new token, a group or nothing.
    mutating func target(_ slots: [[String]]) -> [String] {
        switch int(0...19) {
        case 0: return pick(System.groupPaths) + ["missing"]
        case 1: return pick(System.groupPaths)
        case 2: return pick(System.groupPaths) + ["n\(int(0...2))"]
        default: return pick(slots)
        }
    }

    mutating func token(kind: System.Kind, slots: [[String]]) -> System.Token {
        let value: System.Value
        switch int(0...9) {
        case 0...3: value = .alias(target(slots))
        case 4: value = .pointer(target(slots))
        case 5...6 where kind == .border || kind == .shadow:
            value = .composite(kind, (0..<(kind == .border ? 2 : 5)).map { _ in
                chance(0.5) ? .alias(target(slots)) : .literal(int(0...9))
            })
        default: value = .literal(kind, int(0...9), legacy: chance(0.15))
        }
        var token = System.Token(type: chance(0.6) ? kind : nil, value: value)
        if chance(0.15) { token.flags = flags() }
        if chance(0.1) { token.description = "token \(int(0...3))" }
        if chance(0.05) { token.deprecated = chance(0.8) }
        return token
    }
}
