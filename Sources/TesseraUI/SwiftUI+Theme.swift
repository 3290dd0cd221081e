#if canImport(SwiftUI)
import SwiftUI
import TesseraModel
import TesseraRuntime

extension Color {
    /// A theme color, in its space (sRGB or Display P3).
    public init(_ color: ThemeColor) {
        self.init(color.space == .displayP3 ? .displayP3 : .sRGB, red: color.red, green: color.green, blue: color.blue,
            opacity: color.alpha)
    }
}

extension Font {
    /// A theme font that scales with Dynamic Type relative to its text style: a custom font by
    /// its PostScript name through `Font.custom(_:size:relativeTo:)`, a system font (of its
    /// weight and design) at its size scaled for `dynamicTypeSize` as Apple's table scales the
    /// text style. A font without a text style keeps its size. Inside a view, `.themeFont(_:)`
    /// reads the environment's Dynamic Type size.
    public static func theme(_ font: ThemeFont, dynamicTypeSize: DynamicTypeSize = .large) -> Font {
        guard let name = font.postScriptName else {
            let category = TextSizeCategory(dynamicTypeSize)
            return .system(size: font.scaledSize(at: category), weight: Weight(font.weight), design: Design(font.design))
        }
        if let style = font.relativeTo { return .custom(name, size: font.designSize, relativeTo: TextStyle(style)) }
        return .custom(name, fixedSize: font.designSize)
    }
}

extension TextSizeCategory {
    /// The content size category of a Dynamic Type size.
    public init(_ size: DynamicTypeSize) {
        let sizes: [DynamicTypeSize] = [.xSmall, .small, .medium, .large, .xLarge, .xxLarge, .xxxLarge, .accessibility1,
            .accessibility2, .accessibility3, .accessibility4, .accessibility5]
        self = sizes.firstIndex(of: size).map { TextSizeCategory.allCases[$0] } ?? .default
    }
}

extension Font.Weight {
    init(_ weight: FontWeight) {
        switch weight {
        case .ultraLight: self = .ultraLight
        case .thin: self = .thin
        case .light: self = .light
        case .regular: self = .regular
        case .medium: self = .medium
        case .semibold: self = .semibold
        case .bold: self = .bold
        case .heavy: self = .heavy
        case .black: self = .black
        }
    }
}

extension Font.Design {
    init(_ design: ThemeFont.Design) {
        switch design {
        case .default: self = .default
        case .serif: self = .serif
        case .rounded: self = .rounded
        case .monospaced: self = .monospaced
        }
    }
}

extension Font.TextStyle {
    init(_ style: TesseraRuntime.TextStyle) {
        switch style {
        case .largeTitle: self = .largeTitle
        case .title1: self = .title
        case .title2: self = .title2
        case .title3: self = .title3
        case .headline: self = .headline
        case .body: self = .body
        case .callout: self = .callout
        case .subheadline: self = .subheadline
        case .footnote: self = .footnote
        case .caption1: self = .caption
        case .caption2: self = .caption2
        }
    }
}

private struct ThemeEnvironmentKey: EnvironmentKey {
    static let defaultValue = Theme.empty
}

/// The trait mapping the installer chose contexts with: what a subtree with other traits
/// chooses its contexts again with.
private struct InstalledThemeKey: EnvironmentKey {
    static let defaultValue: InstalledTheme? = nil
}

struct InstalledTheme: Sendable {
    let mapping: TraitMapping
}

extension EnvironmentValues {
    /// The theme views below read, in the contexts the environment's traits choose; install it
    /// with `.theme(_:)`. The contexts are chosen where the theme is read, from the traits of
    /// the environment it is read in: a subtree given another color scheme, contrast, size
    /// class or Dynamic Type size (`.environment(\.colorScheme, .dark)`, a sheet, a popover)
    /// reads its own contexts, with the overrides above it. A theme set without `.theme(_:)`
    /// is read as it was set.
    public var theme: Theme {
        get {
            let stored = self[ThemeEnvironmentKey.self]
            guard let installed = installedTheme else { return stored }
            return stored.with(themeTraits, mapping: installed.mapping)
        }
        set { self[ThemeEnvironmentKey.self] = newValue }
    }

    var installedTheme: InstalledTheme? {
        get { self[InstalledThemeKey.self] }
        set { self[InstalledThemeKey.self] = newValue }
    }

    /// What this environment says about where a view is drawn: color scheme, contrast, Dynamic
    /// Type size and horizontal size class.
    public var themeTraits: ThemeTraits {
        ThemeTraits(appearance: colorScheme == .dark ? .dark : .light,
            contrast: colorSchemeContrast == .increased ? .high : .standard,
            horizontalSizeClass: horizontalSizeClass.map { $0 == .compact ? .compact : .regular },
            contentSize: TextSizeCategory(dynamicTypeSize))
    }
}

/// Installs a theme for a subtree; each view below reads it in the contexts its own
/// environment's traits choose (see `EnvironmentValues.theme`).
struct ThemeInstaller: ViewModifier {
    let theme: Theme
    let overrides: ThemeOverrides?
    let mapping: TraitMapping

    func body(content: Content) -> some View {
        let base = overrides.flatMap { try? theme.overriding($0) } ?? theme
        return content.environment(\.theme, base)
            .environment(\.installedTheme, InstalledTheme(mapping: mapping))
    }
}

/// Overrides tokens for a subtree of the theme above it.
struct ThemeOverrider: ViewModifier {
    let overrides: ThemeOverrides
    @Environment(\.theme) private var theme

    func body(content: Content) -> some View {
        content.environment(\.theme, (try? theme.overriding(overrides)) ?? theme)
    }
}

/// Sets a theme font, scaled for the environment's Dynamic Type size.
struct ThemeFontModifier: ViewModifier {
    let font: ThemeFont
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    func body(content: Content) -> some View {
        content.font(.theme(font, dynamicTypeSize: dynamicTypeSize))
    }
}

extension View {
    /// Installs `theme` for this view and those below it, choosing contexts from the
    /// environment's color scheme, contrast, Dynamic Type size and size class.
    public func theme(_ theme: Theme, mapping: TraitMapping = .conventional) -> some View {
        modifier(ThemeInstaller(theme: theme, overrides: nil, mapping: mapping))
    }

    /// Overrides tokens of the theme above for this view and those below it (seeds/003's
    /// per-view themes); overrides that cannot apply leave the theme as it is.
    public func themeOverrides(_ overrides: ThemeOverrides) -> some View {
        modifier(ThemeOverrider(overrides: overrides))
    }

    /// Sets a theme font for this view and those below it, scaled with Dynamic Type relative to
    /// its text style (see `Font.theme(_:dynamicTypeSize:)`).
    public func themeFont(_ font: ThemeFont) -> some View {
        modifier(ThemeFontModifier(font: font))
    }
}

/// A color token as a `ShapeStyle`, read where it is drawn: from the installed theme in the
/// contexts that subtree's environment chooses (its color scheme, contrast, Dynamic Type size
/// and size class), with the overrides above it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct TokenShapeStyle: ShapeStyle {
    public let key: TokenKey<ThemeColor>

    public init(_ key: TokenKey<ThemeColor>) { self.key = key }

    public func resolve(in environment: EnvironmentValues) -> Color {
        // The theme in the contexts this environment's traits choose, with the overrides above.
        Color(environment.theme[key])
    }
}
#endif // canImport(SwiftUI)
