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

    /// A color that follows the store's current theme and the trait collection it is drawn in
    /// (dark mode, high contrast, elevated, size class), through `mapping`.
    public convenience init(_ key: TokenKey<ThemeColor>, in store: ThemeStore, mapping: TraitMapping = .conventional) {
        self.init { traits in
            UIColor(store.theme.with(ThemeTraits(traits), mapping: mapping)[key])
        }
    }
}

extension ThemeTraits {
    /// What a trait collection says.
    public init(_ traits: UITraitCollection) {
        self.init(appearance: traits.userInterfaceStyle == .dark ? .dark : .light,
            contrast: traits.accessibilityContrast == .high ? .high : .standard,
            elevation: traits.userInterfaceLevel == .elevated ? .elevated : .base,
            horizontalSizeClass: traits.horizontalSizeClass == .compact ? .compact
                : traits.horizontalSizeClass == .regular ? .regular : nil,
            contentSize: ContentSizeCategory(name: traits.preferredContentSizeCategory.rawValue) ?? .default)
    }
}

extension UIFont {
    /// A theme font: the custom font (else the system font of its weight, reported once),
    /// scaled with `UIFontMetrics` for its text style.
    public static func theme(_ font: ThemeFont, compatibleWith traits: UITraitCollection? = nil,
        reports: ConfigParserFacade = .shared) -> UIFont
    {
        let weight = UIFont.Weight(font.weight)
        var base: UIFont
        if let name = font.postScriptName, let custom = UIFont(name: name, size: font.designSize) {
            base = custom
        } else {
            if let name = font.postScriptName { reports.reportMissingFont(name, weight: font.weight) }
            base = UIFont.systemFont(ofSize: font.designSize, weight: weight)
        }
        guard let style = font.relativeTo else { return base }
        return UIFontMetrics(forTextStyle: UIFont.TextStyle(style)).scaledFont(for: base, compatibleWith: traits)
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
    init(_ style: TesseraRuntime.TextStyle) {
        switch style {
        case .largeTitle: self = .largeTitle
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

extension CGFloat {
    /// A dimension in points.
    public init(_ dimension: TokenDimension) { self.init(dimension.points) }
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
