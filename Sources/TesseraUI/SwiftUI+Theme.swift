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
    /// A theme font: the custom font scaled with its text style (or fixed), else the system font
    /// of its weight and design.
    public static func theme(_ font: ThemeFont) -> Font {
        guard let name = font.postScriptName else {
            return .system(size: font.designSize, weight: Weight(font.weight), design: Design(font.design))
        }
        if let style = font.relativeTo { return .custom(name, size: font.designSize, relativeTo: TextStyle(style)) }
        return .custom(name, fixedSize: font.designSize)
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

extension EnvironmentValues {
    /// The theme views below read; install it with `.theme(_:)`.
    public var theme: Theme {
        get { self[ThemeEnvironmentKey.self] }
        set { self[ThemeEnvironmentKey.self] = newValue }
    }
}

/// Installs a theme for a subtree, in the contexts the environment's traits choose.
struct ThemeInstaller: ViewModifier {
    let theme: Theme
    let overrides: ThemeOverrides?
    let mapping: TraitMapping
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.colorSchemeContrast) private var contrast
    @Environment(\.horizontalSizeClass) private var sizeClass

    func body(content: Content) -> some View {
        let traits = ThemeTraits(appearance: colorScheme == .dark ? .dark : .light,
            contrast: contrast == .increased ? .high : .standard,
            horizontalSizeClass: sizeClass.map { $0 == .compact ? .compact : .regular })
        let base = overrides.flatMap { try? theme.overriding($0) } ?? theme
        return content.environment(\.theme, base.with(traits, mapping: mapping))
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

extension View {
    /// Installs `theme` for this view and those below it, choosing contexts from the
    /// environment's color scheme, contrast and size class.
    public func theme(_ theme: Theme, mapping: TraitMapping = .conventional) -> some View {
        modifier(ThemeInstaller(theme: theme, overrides: nil, mapping: mapping))
    }

    /// Overrides tokens of the theme above for this view and those below it (seeds/003's
    /// per-view themes); overrides that cannot apply leave the theme as it is.
    public func themeOverrides(_ overrides: ThemeOverrides) -> some View {
        modifier(ThemeOverrider(overrides: overrides))
    }

    /// Draws a shadow token's layers, bottom first (SwiftUI's radius is half the CSS blur).
    public func shadow(_ shadow: ShadowLayers) -> some View {
        var view = AnyView(self)
        for layer in shadow.layers where !layer.inset {
            view = AnyView(view.shadow(color: Color(ThemeColor(layer.color)), radius: layer.blur.points / 2,
                x: layer.offsetX.points, y: layer.offsetY.points))
        }
        return view
    }
}

/// A color token as a `ShapeStyle`, read from the theme in the environment where it is drawn.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct TokenShapeStyle: ShapeStyle {
    public let key: TokenKey<ThemeColor>

    public init(_ key: TokenKey<ThemeColor>) { self.key = key }

    public func resolve(in environment: EnvironmentValues) -> Color {
        Color(environment.theme[key])
    }
}
#endif // canImport(SwiftUI)
