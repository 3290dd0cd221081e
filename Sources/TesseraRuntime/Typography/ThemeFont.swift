import Foundation
import TesseraModel

/// A typography token made ready for a device: which font to ask for, at what size, and how to
/// set text in it. UI adapters turn it into a `UIFont` or a SwiftUI `Font` as it says, falling
/// back to the system font of the same weight when the custom font is not installed.
public struct ThemeFont: Sendable, Hashable {
    /// The system font's designs, chosen by CSS generic family names (`system-ui`, `ui-serif`,
    /// `ui-rounded`, `ui-monospace`).
    public enum Design: String, Sendable, Hashable, CaseIterable {
        case `default`, serif, rounded, monospaced
    }

    /// The custom font's family, or nil for the system font.
    public var family: String?
    /// The PostScript name to ask for (`Inter-SemiBold`), or nil for the system font.
    public var postScriptName: String?
    /// The system font's design, used when there is no custom font or it is missing.
    public var design: Design
    public var weight: FontWeight
    /// Points, scaled for the content size category when the style scales.
    public var size: Double
    /// The size as designed, at the default content size category.
    public var designSize: Double
    /// Extra space between letters, in points (`NSAttributedString.Key.kern`).
    public var kern: Double
    /// Line height in points, scaled with the size; nil to use the font's own.
    public var lineHeight: Double?
    public var textCase: TextCase
    /// The text style the size scales with, or nil for a fixed size.
    public var relativeTo: TextStyle?

    /// `typography` at `category`, its font named through `fonts`.
    public init(_ typography: Typography, relativeTo style: TextStyle? = nil, category: TextSizeCategory = .default,
        fonts: FontMap = FontMap())
    {
        let designSize = typography.fontSize.points
        let size = style.map { DynamicType.scaled(designSize, relativeTo: $0, at: category) } ?? designSize
        let weight = FontWeight(numeric: typography.fontWeight)
        let custom = typography.fontFamily.first { Design(genericFamily: $0) == nil }
        let design = typography.fontFamily.lazy.compactMap(Design.init(genericFamily:)).first ?? .default
        self.family = custom
        self.postScriptName = custom.map { fonts.postScriptName(family: $0, weight: weight) }
        self.design = design
        self.weight = weight
        self.size = size
        self.designSize = designSize
        let spacing = typography.letterSpacing
        self.kern = spacing.unit == .px ? spacing.value : spacing.value * (spacing.unit == .em ? size : 16)
        self.lineHeight = typography.lineHeight.map { $0 * size }
        self.textCase = typography.textCase ?? .none
        self.relativeTo = style
    }

    /// The size at `category`: the design size scaled as its text style scales (Apple's Dynamic
    /// Type table, as `UIFontMetrics.scaledValue(for:)` scales it), else the design size.
    public func scaledSize(at category: TextSizeCategory) -> Double {
        relativeTo.map { DynamicType.scaled(designSize, relativeTo: $0, at: category) } ?? designSize
    }

    /// The line height at the design size (points): what `UIFontMetrics.scaledValue(for:)`
    /// scales along with the font. Nil when the token leaves the line height to the font.
    public var designLineHeight: Double? {
        guard let lineHeight, size > 0 else { return nil }
        return lineHeight / size * designSize
    }

    /// `text` cased as this style says.
    public func cased(_ text: String, locale: Locale = .current) -> String {
        textCase.apply(to: text, locale: locale)
    }
}

extension ThemeFont.Design {
    /// The design a CSS generic family or Apple system family name stands for, nil for a font's
    /// own family name.
    package init?(genericFamily name: String) {
        switch name.lowercased().trimmingCharacters(in: .whitespaces) {
        case "system-ui", "-apple-system", "blinkmacsystemfont", "sf pro", "sf pro text", "sf pro display", "sans-serif",
            ".sfui", "system":
            self = .default
        case "ui-serif", "serif", "new york": self = .serif
        case "ui-rounded", "sf pro rounded": self = .rounded
        case "ui-monospace", "monospace", "sf mono": self = .monospaced
        default: return nil
        }
    }
}

extension TextCase {
    /// `text` in this case, with the locale's rules (Turkish dotted and dotless i, for one).
    package func apply(to text: String, locale: Locale = .current) -> String {
        switch self {
        case .none: text
        case .upper: text.uppercased(with: locale)
        case .lower: text.lowercased(with: locale)
        case .title: text.capitalized(with: locale)
        }
    }
}

extension Theme {
    /// The typography token at `path` as a font at `category` (scaled when the token scales with
    /// a text style: its `relativeTo`), its font named through `fonts`.
    public func font(_ path: String, category: TextSizeCategory = .default, fonts: FontMap = FontMap()) -> ThemeFont? {
        guard let typography = self[Typography.self, path] else { return nil }
        return ThemeFont(typography, relativeTo: textStyle(of: path), category: category, fonts: fonts)
    }

    /// The typography token of a key as a font; see `font(_:category:fonts:)`.
    public func font(_ key: TokenKey<Typography>, category: TextSizeCategory = .default, fonts: FontMap = FontMap())
        -> ThemeFont
    {
        ThemeFont(self[key], relativeTo: textStyle(of: key.path), category: category, fonts: fonts)
    }
}
