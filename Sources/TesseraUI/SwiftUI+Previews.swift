#if canImport(SwiftUI)
import SwiftUI
import TesseraRuntime

/// A view shown once per permutation of a theme (or of the modifiers chosen), each under a
/// caption naming its contexts (`appearance: dark, contrast: high`), for Xcode previews:
///
/// ```swift
/// #Preview {
///     ThemePermutationsPreview(tokensTable.theme, varying: ["appearance", "contrast"]) {
///         CardView()
///     }
/// }
/// ```
///
/// Each copy reads the theme in its permutation from `EnvironmentValues.theme`, as set: the
/// environment's traits do not choose its contexts again. Its color scheme is the appearance
/// whose contexts, through `mapping`, the permutation has (`ThemePermutation.traits(mapping:)`),
/// so that system colors agree with the theme; the environment's where there is none.
public struct ThemePermutationsPreview<Content: View>: View {
    let permutations: [ThemePermutation]
    let mapping: TraitMapping
    let content: Content

    /// `content` in every permutation of `modifiers` of `theme` (every modifier when nil); see
    /// `Theme.permutations(varying:)`.
    public init(_ theme: Theme, varying modifiers: [String]? = nil, mapping: TraitMapping = .conventional,
        @ViewBuilder content: () -> Content)
    {
        permutations = theme.permutations(varying: modifiers)
        self.mapping = mapping
        self.content = content()
    }

    public var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                ForEach(permutations) { permutation in
                    VStack(alignment: .leading, spacing: 4) {
                        Text(permutation.label).font(.caption)
                        content
                            .environment(\.theme, permutation.theme)
                            .environment(\.installedTheme, nil)
                            .modifier(PermutationColorScheme(appearance: permutation.traits(mapping: mapping)?.appearance))
                    }
                }
            }
        }
    }
}
/// Sets the color scheme of a permutation's appearance, else keeps the environment's.
struct PermutationColorScheme: ViewModifier {
    let appearance: ThemeTraits.Appearance?
    @Environment(\.colorScheme) private var colorScheme

    func body(content: Content) -> some View {
        content.environment(\.colorScheme, appearance.map { $0 == .dark ? .dark : .light } ?? colorScheme)
    }
}
#endif // canImport(SwiftUI)
