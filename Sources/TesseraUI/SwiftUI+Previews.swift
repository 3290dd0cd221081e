#if canImport(SwiftUI)
import SwiftUI
import TesseraRuntime

/// A view shown once per permutation of a theme (or of the modifiers chosen), each under a
/// caption naming its contexts (`appearance: dark, contrast: high`), for Xcode previews:
///
/// ```swift
/// #Preview {
///     ThemePermutationsPreview(Tokens.theme, varying: ["appearance", "contrast"]) {
///         CardView()
///     }
/// }
/// ```
///
/// Each copy reads the theme in its permutation from `EnvironmentValues.theme`, as set: the
/// environment's color scheme and other traits do not choose its contexts again (pair a
/// permutation with `.preferredColorScheme(_:)` where system colors must follow it too).
public struct ThemePermutationsPreview<Content: View>: View {
    let permutations: [ThemePermutation]
    let content: Content

    /// `content` in every permutation of `modifiers` of `theme` (every modifier when nil); see
    /// `Theme.permutations(varying:)`.
    public init(_ theme: Theme, varying modifiers: [String]? = nil, @ViewBuilder content: () -> Content) {
        permutations = theme.permutations(varying: modifiers)
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
                    }
                }
            }
        }
    }
}
#endif // canImport(SwiftUI)
