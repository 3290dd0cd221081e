import TesseraModel

/// A color ready to draw: components in sRGB or Display P3, gamut-mapped once when the theme
/// is compiled, so that a lookup copies four numbers and a UI adapter hands them straight to
/// `UIColor(red:green:blue:alpha:)` or `UIColor(displayP3Red:green:blue:alpha:)`.
///
/// A color inside sRGB is kept in sRGB; a wider one is kept in Display P3, mapped into it with
/// the CSS Color 4 algorithm when it is wider still.
public struct ThemeColor: Sendable, Hashable {
    /// The RGB space of the components.
    public enum Space: UInt8, Sendable, Hashable, CaseIterable {
        case sRGB = 0
        case displayP3 = 1
    }

    public var space: Space
    /// 0 to 1.
    public var red, green, blue, alpha: Double

    public init(_ space: Space = .sRGB, red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.space = space
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Fully transparent black, `UIColor.clear`.
    public static let clear = ThemeColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// `color` as a device draws it: sRGB when it fits, else Display P3 (gamut-mapped).
    public init(_ color: TokenColor) {
        let alpha = min(1, max(0, color.alpha))
        if color.isInGamut(.srgb) {
            let c = color.converted(to: .srgb).numericComponents.map { min(1, max(0, $0)) }
            self.init(.sRGB, red: c[0], green: c[1], blue: c[2], alpha: alpha)
        } else {
            let c = color.mapped(to: .displayP3).numericComponents.map { min(1, max(0, $0)) }
            self.init(.displayP3, red: c[0], green: c[1], blue: c[2], alpha: alpha)
        }
    }

    /// The same color as a token color in its space.
    public var tokenColor: TokenColor {
        TokenColor(space == .sRGB ? .srgb : .displayP3, [red, green, blue], alpha: alpha)
    }

    /// `#rrggbbaa` in sRGB (a P3 color gamut-mapped), lowercase.
    public var hex: String { tokenColor.hexString() }
}
