import TesseraModel

/// The numbering of permutations: mixed radix over the modifiers in order, the last one
/// changing fastest.
public struct Numbering: Sendable, Hashable {
    package let modifiers: [ThemeModifier]
    /// How far apart consecutive contexts of each modifier are numbered.
    package let radices: [Int]
    /// How many permutations there are (1 without modifiers).
    package let count: Int

    /// The most permutations a theme holds (and beyond which a resolver's permutations are
    /// checked only one modifier at a time).
    package static let limit = 1_024

    package init(_ modifiers: [ThemeModifier]) {
        self.modifiers = modifiers
        var radices = [Int](repeating: 1, count: modifiers.count)
        var product = 1
        for index in modifiers.indices.reversed() {
            radices[index] = product
            product *= max(1, modifiers[index].contexts.count)
        }
        self.radices = radices
        self.count = product
    }

    /// The context of each modifier in a permutation.
    package func contexts(of permutation: Int) -> [String: String] {
        var contexts: [String: String] = [:]
        for (modifier, radix) in zip(modifiers, radices) where !modifier.contexts.isEmpty {
            contexts[modifier.name] = modifier.contexts[(permutation / radix) % modifier.contexts.count]
        }
        return contexts
    }

    /// The permutation of every modifier's default context.
    package var defaultIndex: Int {
        zip(modifiers, radices).reduce(0) { sum, pair in
            sum + (pair.0.contexts.firstIndex(of: pair.0.defaultContext) ?? 0) * pair.1
        }
    }

    /// The permutation of some contexts (a modifier left out takes its default context), or nil
    /// when a modifier or context is unknown.
    package func permutation(of contexts: [String: String]) -> Int? {
        for name in contexts.keys where !modifiers.contains(where: { $0.name == name }) { return nil }
        var number = 0
        for (modifier, radix) in zip(modifiers, radices) where !modifier.contexts.isEmpty {
            guard let index = modifier.contexts.firstIndex(of: contexts[modifier.name] ?? modifier.defaultContext) else { return nil }
            number += index * radix
        }
        return number
    }
}
