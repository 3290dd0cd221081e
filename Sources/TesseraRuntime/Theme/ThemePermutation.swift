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

    /// The appearance, contrast and level whose contexts, through `mapping`, are this
    /// permutation's: what a preview sets the environment's color scheme from, so that system
    /// colors agree with the theme. Only the modifiers those three traits choose are compared;
    /// nil when they choose none of the theme's, or no combination chooses these contexts.
    ///
    /// - Complexity: O(m) calls of `mapping`, m the theme's modifiers (eight combinations).
    public func traits(mapping: TraitMapping = .conventional) -> ThemeTraits? {
        let modifiers = theme.modifiers
        var candidates: [(ThemeTraits, [String: String])] = []
        for appearance in ThemeTraits.Appearance.allCases {
            for contrast in ThemeTraits.Contrast.allCases {
                for elevation in ThemeTraits.Elevation.allCases {
                    let traits = ThemeTraits(appearance: appearance, contrast: contrast, elevation: elevation)
                    candidates.append((traits, mapping.contexts(for: traits, modifiers: modifiers)))
                }
            }
        }
        // The modifiers these traits decide: chosen by some combination, not the same by all.
        let decided = modifiers.map(\.name).filter { name in
            Set(candidates.map { $0.1[name] }).count > 1
        }
        guard !decided.isEmpty else { return nil }
        let current = theme.contexts
        return candidates.first { _, chosen in
            decided.allSatisfy { name in chosen[name].map { current[name]?.caseInsensitiveEquals($0) ?? false } ?? true }
        }?.0
    }
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
