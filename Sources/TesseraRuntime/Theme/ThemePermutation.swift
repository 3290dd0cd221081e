import TesseraModel

/// One permutation of a theme's modifiers, for showing a view in each (the SwiftUI preview
/// helper `ThemePermutationsPreview`): the theme in it, and a label naming its contexts.
public struct ThemePermutation: Sendable, Identifiable {
    /// The context of each modifier varied, in the theme's order of modifiers.
    public let contexts: [(modifier: String, context: String)]
    /// The theme in this permutation.
    public let theme: Theme

    /// `modifier: context` for each modifier varied, joined with `, ` (`appearance: dark,
    /// contrast: high`); `default` when none is.
    public var label: String {
        contexts.isEmpty ? "default" : contexts.map { "\($0.modifier): \($0.context)" }.joined(separator: ", ")
    }

    public var id: String { label }
}

extension Theme {
    /// This theme in every permutation of `modifiers` (every modifier when nil), the others in
    /// the contexts they have here: the first modifier varies slowest, each in its order of
    /// contexts. Names match without regard to letter case; a name the theme does not have is
    /// left out.
    ///
    /// - Complexity: O(p), p the number of permutations returned (the product of the numbers of
    ///   contexts of the modifiers varied).
    public func permutations(varying modifiers: [String]? = nil) -> [ThemePermutation] {
        let varied = self.modifiers.filter { modifier in
            modifiers.map { names in names.contains { $0.caseInsensitiveEquals(modifier.name) } } ?? true
        }
        var results = [ThemePermutation(contexts: [], theme: self)]
        for modifier in varied {
            results = results.flatMap { partial in
                modifier.contexts.compactMap { context in
                    // The context is the modifier's own: `with` cannot fail here.
                    guard let theme = try? partial.theme.with([modifier.name: context]) else { return nil }
                    return ThemePermutation(contexts: partial.contexts + [(modifier.name, context)], theme: theme)
                }
            }
        }
        return results
    }
}
