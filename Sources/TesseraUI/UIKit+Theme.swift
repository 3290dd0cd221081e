#if canImport(UIKit)
import TesseraModel
import TesseraRuntime
import UIKit

extension UIColor {
    /// A theme color, in its space (sRGB or Display P3).
    public convenience init(_ color: ThemeColor) {
        switch color.space {
        case .sRGB: self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        case .displayP3: self.init(displayP3Red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        }
    }

    #if os(watchOS)
    /// The store's current theme's color. watchOS has no trait collections and no dynamic
    /// colors, and is always dark: the color is the theme's in the dark appearance (through
    /// `mapping`), resolved when it is created; make it again after a swap.
    public convenience init(_ key: TokenKey<ThemeColor>, in store: ThemeStore, mapping: TraitMapping = .conventional) {
        self.init(store.theme.with(ThemeTraits(appearance: .dark), mapping: mapping)[key])
    }
    #else
    /// A color that follows the store's current theme and the trait collection it is drawn in
    /// (dark mode, high contrast, elevated where the platform has it, size class), through
    /// `mapping`. The provider reads the store's current theme each time UIKit resolves the color:
    /// on a trait change, or when the color is set again. On iOS 17 and tvOS 17, a
    /// ``ThemeTraitRefresher`` on the window makes a swapped theme a trait change.
    public convenience init(_ key: TokenKey<ThemeColor>, in store: ThemeStore, mapping: TraitMapping = .conventional) {
        self.init { traits in
            UIColor(store.theme.with(ThemeTraits(traits), mapping: mapping)[key])
        }
    }
    #endif
}

#if !os(watchOS)
extension ThemeTraits {
    /// What a trait collection says. tvOS has no interface level: there, the level is base.
    public init(_ traits: UITraitCollection) {
        #if os(iOS) || os(visionOS)
        let elevated = traits.userInterfaceLevel == .elevated
        #else
        let elevated = false
        #endif
        self.init(appearance: traits.userInterfaceStyle == .dark ? .dark : .light,
            contrast: traits.accessibilityContrast == .high ? .high : .standard,
            elevation: elevated ? .elevated : .base,
            horizontalSizeClass: traits.horizontalSizeClass == .compact ? .compact
                : traits.horizontalSizeClass == .regular ? .regular : nil,
            contentSize: TextSizeCategory(name: traits.preferredContentSizeCategory.rawValue) ?? .default)
    }
}
#endif

extension UIFont {
    #if os(watchOS)
    /// A theme font: the custom font by its PostScript name (else the system font of the same
    /// weight and design, the missing font reported once), scaled with `UIFontMetrics` relative
    /// to its text style when it has one, at the wearer's text size.
    public static func theme(_ font: ThemeFont, reports: ConfigParserFacade = .shared) -> UIFont {
        let base = unscaled(font, reports: reports)
        guard let style = font.relativeTo else { return base }
        return UIFontMetrics(forTextStyle: UIFont.TextStyle(style)).scaledFont(for: base)
    }
    #else
    /// A theme font: the custom font by its PostScript name (else the system font of the same
    /// weight and design, the missing font reported once), scaled with `UIFontMetrics` relative
    /// to its text style when it has one, at the content size of `traits` (else the current one).
    public static func theme(_ font: ThemeFont, compatibleWith traits: UITraitCollection? = nil,
        reports: ConfigParserFacade = .shared) -> UIFont
    {
        let base = unscaled(font, reports: reports)
        guard let style = font.relativeTo else { return base }
        return UIFontMetrics(forTextStyle: UIFont.TextStyle(style)).scaledFont(for: base, compatibleWith: traits)
    }
    #endif

    /// The font at its design size: the custom font, else the system font of its weight and design.
    static func unscaled(_ font: ThemeFont, reports: ConfigParserFacade) -> UIFont {
        if let name = font.postScriptName {
            if let custom = UIFont(name: name, size: font.designSize) { return custom }
            reports.reportMissingFont(name, weight: font.weight)
        }
        let system = UIFont.systemFont(ofSize: font.designSize, weight: UIFont.Weight(font.weight))
        guard font.design != .default, let descriptor = system.fontDescriptor.withDesign(UIFontDescriptor.SystemDesign(font.design))
        else { return system }
        return UIFont(descriptor: descriptor, size: font.designSize)
    }
}

extension NSDirectionalEdgeInsets {
    /// Insets from dimension tokens (see `ThemeInsets`), leading and trailing as the layout
    /// direction sets them: what `UIView.directionalLayoutMargins` and a compositional layout's
    /// `contentInsets` take.
    public init(_ insets: ThemeInsets) {
        self.init(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)
    }
}

extension UIFontDescriptor.SystemDesign {
    init(_ design: ThemeFont.Design) {
        switch design {
        case .default: self = .default
        case .serif: self = .serif
        case .rounded: self = .rounded
        case .monospaced: self = .monospaced
        }
    }
}

extension UIFont.Weight {
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

extension UIFont.TextStyle {
    /// The UIKit text style of a token's. tvOS has no `largeTitle`: there a large title scales
    /// as `title1`, the largest text style tvOS has.
    init(_ style: TesseraRuntime.TextStyle) {
        switch style {
        case .largeTitle:
            #if os(tvOS)
            self = .title1
            #else
            self = .largeTitle
            #endif
        case .title1: self = .title1
        case .title2: self = .title2
        case .title3: self = .title3
        case .headline: self = .headline
        case .body: self = .body
        case .callout: self = .callout
        case .subheadline: self = .subheadline
        case .footnote: self = .footnote
        case .caption1: self = .caption1
        case .caption2: self = .caption2
        }
    }
}

/// The ConfigTokens apps' `ConfigParser`, answered from the installed theme
/// (`ConfigParserFacade.shared`): delete the app's own and keep the call sites.
public enum ConfigParser {
    public static func colorFromToken(_ token: String) -> UIColor {
        UIColor(ConfigParserFacade.shared.colorFromToken(token))
    }

    public static func colorFromShortToken(_ token: String) -> UIColor {
        UIColor(ConfigParserFacade.shared.colorFromShortToken(token))
    }

    public static func sizeFromToken(_ token: String) -> CGFloat {
        CGFloat(ConfigParserFacade.shared.sizeFromToken(token))
    }
}

/// The ConfigTokens apps' `TypographyParser`, answered from the installed theme.
public enum TypographyParser {
    public static func getFont<Style: RawRepresentable>(for style: Style) -> UIFont where Style.RawValue == String {
        UIFont.theme(ConfigParserFacade.shared.font(forStyle: style.rawValue))
    }

    public static func isUppercased<Style: RawRepresentable>(for style: Style) -> Bool where Style.RawValue == String {
        ConfigParserFacade.shared.isUppercased(forStyle: style.rawValue)
    }
}
#endif // canImport(UIKit)

#if canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS))
/// A custom trait (iOS 17, tvOS 17) that counts the themes a store has published: changing it
/// in a window's `traitOverrides` makes UIKit resolve every dynamic color below again
/// (`affectsColorAppearance`), so colors made with `UIColor(_:in:mapping:)` show a swapped
/// theme at once, without waiting for another trait to change. ``ThemeTraitRefresher`` keeps it
/// up to date.
@available(iOS 17.0, tvOS 17.0, *)
public struct ThemeGenerationTrait: UITraitDefinition {
    public static let defaultValue = 0
    public static let affectsColorAppearance = true
    public static let identifier = "dev.tessera.theme-generation"
    public static let name = "Tessera theme generation"
}

/// Follows a store: each theme it publishes bumps ``ThemeGenerationTrait`` in a view's (a
/// window's) trait overrides, which makes UIKit resolve the dynamic colors below it again. Keep
/// it as long as the view; it stops when released. Fonts and other values that are not dynamic
/// follow with `ThemeStore.apply(to:_:)`.
///
/// Before iOS 17 and tvOS 17 there are no custom traits: set the colors and fonts again after a
/// swap (`store.updates()` says when), which makes UIKit resolve them with the new theme.
@available(iOS 17.0, tvOS 17.0, *)
@MainActor
public final class ThemeTraitRefresher {
    private var task: Task<Void, Never>?

    public init(store: ThemeStore, view: UIView) {
        let updates = store.updates()
        task = Task { @MainActor [weak view] in
            var generation = 0
            for await _ in updates {
                guard let view else { return }
                generation &+= 1
                view.traitOverrides[ThemeGenerationTrait.self] = generation
            }
        }
    }

    deinit {
        task?.cancel()
    }
}

@available(iOS 17.0, tvOS 17.0, *)
extension ThemeStore {
    /// Sets what `view` takes from the theme — a font, an inset, a shadow, anything that is not a
    /// dynamic color — now, and again whenever the theme is swapped (``ThemeGenerationTrait``,
    /// which a ``ThemeTraitRefresher`` on its window bumps) or the Dynamic Type size changes:
    ///
    /// ```swift
    /// store.apply(to: label) { label, theme in
    ///     label.font = .theme(theme.font(Tokens.Typography.body))
    /// }
    /// ```
    ///
    /// `update` gets the view back, so it need not capture it. UIKit ends the registration with
    /// the view; the result ends it sooner (`unregisterForTraitChanges(_:)`).
    @MainActor
    @discardableResult
    public func apply<View: UIView>(to view: View, _ update: @escaping @MainActor (View, Theme) -> Void) -> any UITraitChangeRegistration {
        update(view, theme)
        return view.registerForTraitChanges([ThemeGenerationTrait.self, UITraitPreferredContentSizeCategory.self]) {
            (view: View, _: UITraitCollection) in
            update(view, self.theme)
        }
    }
}
#endif
