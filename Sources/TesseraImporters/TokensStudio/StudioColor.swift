import Foundation
import Tessera

/// Colors as Tokens Studio writes them, and its color modifiers.
enum StudioColor {
    /// `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `hsl()`, `hsla()`, and Tokens Studio's
    /// `rgba(#rrggbb, alpha)` (a hex color with an alpha, which is how a reference to a color
    /// takes one: `rgba({colors.blue}, 50%)`).
    static func parse(_ text: String) -> TokenColor? {
        if let color = TokenColor(legacyCSS: text) { return color }
        let trimmed = text.studioTrimmed(newlines: true)
        let lower = trimmed.lowercased()
        if lower == "transparent" { return TokenColor(.srgb, [0, 0, 0], alpha: 0) }
        guard lower.hasPrefix("rgb"), let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return nil }
        let parts = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            .split(separator: ",").map { $0.studioTrimmed() }
        guard parts.count == 2, parts[0].hasPrefix("#"), let base = TokenColor(legacyCSS: parts[0]) else { return nil }
        guard let alpha = TokenColor.number(parts[1], percentScale: 1), (0...1).contains(alpha) else { return nil }
        return TokenColor(.srgb, base.converted(to: .srgb).components, alpha: alpha)
    }

    /// A color modifier: `$extensions["studio.tokens"].modify`.
    struct Modifier: Sendable {
        enum Kind: String, Sendable, CaseIterable { case lighten, darken, mix, alpha }
        enum Space: String, Sendable, CaseIterable {
            case srgb, hsl, lch, p3

            var colorSpace: ColorSpace {
                switch self {
                case .srgb: .srgb
                case .hsl: .hsl
                case .lch: .lch
                case .p3: .displayP3
                }
            }
        }

        var kind: Kind
        var amount: Double
        var space: Space
        /// The color mixed in (`mix`).
        var mixColor: TokenColor?
        /// `hex`, or a space the result is given in; nil: the modifier's space.
        var format: String?

        /// The modified color, computed as Tokens Studio's transforms compute it.
        func apply(to color: TokenColor) -> TokenColor {
            let space = self.space.colorSpace
            var result = color.converted(to: space)
            var c = result.numericComponents
            switch (kind, self.space) {
            case (.lighten, .srgb), (.lighten, .p3):
                c = c.map { $0 + amount * (1 - $0) }
            case (.darken, .srgb), (.darken, .p3):
                c = c.map { $0 - $0 * amount }
            case (.lighten, .hsl):
                c[2] = min(100, c[2] + (100 - c[2]) * amount)
            case (.darken, .hsl):
                c[2] = max(0, c[2] - c[2] * amount)
            case (.lighten, .lch):
                c[1] = max(0, c[1] - amount * c[1])
                c[0] = min(100, c[0] + (100 - c[0]) * amount)
            case (.darken, .lch):
                c[1] = max(0, c[1] - amount * c[1])
                c[0] = max(0, c[0] - c[0] * amount)
            case (.mix, _):
                guard let mixColor else { return color }
                let other = mixColor.converted(to: space)
                let p = max(0, min(1, amount))
                c = Self.interpolate(c, other.numericComponents, p, hueAt: self.space.hueIndex,
                    achromatic: (Self.isAchromatic(result, self.space), Self.isAchromatic(other, self.space)))
                // The mixed color is written out and read again, at the default precision of 5.
                result = TokenColor(space, c.map { Self.precision($0, 5) }, alpha: result.alpha + (other.alpha - result.alpha) * p)
                return output(result)
            case (.alpha, _):
                result = TokenColor(space, c, alpha: max(0, min(1, amount)))
                return output(result)
            }
            return output(TokenColor(space, c, alpha: result.alpha))
        }

        /// The result in the format the modifier asks for: 8-bit sRGB for `hex`, else the
        /// named space (or the modifier's) with three significant digits.
        private func output(_ color: TokenColor) -> TokenColor {
            if format?.lowercased() == "hex" {
                let rgb = color.converted(to: .srgb).numericComponents.map(Self.byte)
                return TokenColor(.srgb, rgb, alpha: color.alpha < 1 ? Self.byte(color.alpha) : 1)
            }
            let target = format.flatMap { Space(rawValue: $0.lowercased()) }?.colorSpace ?? space.colorSpace
            var converted = color.converted(to: target)
            if target == .srgb || target == .displayP3 {
                converted = TokenColor(target, converted.numericComponents.map { min(1, max(0, $0)) }, alpha: converted.alpha)
            }
            return TokenColor(target, converted.numericComponents.map { Self.precision($0, 3) }, alpha: Self.precision(converted.alpha, 3))
        }

        static func byte(_ value: Double) -> Double {
            StudioMath.round(min(1, max(0, value)) * 255) / 255
        }

        /// A component as colors are written as text: `precision` digits counted from the
        /// first digit of the integer part, or decimal places when that is 0.
        static func precision(_ value: Double, _ precision: Int) -> Double {
            guard value != 0, value.isFinite else { return value }
            let integer = value.rounded(.towardZero)
            let digits = integer == 0 ? 0 : Int(log10(abs(integer)).rounded(.towardZero)) + 1
            let multiplier = pow(10, Double(precision - digits))
            return StudioMath.round(value * multiplier) / multiplier
        }

        static func isAchromatic(_ color: TokenColor, _ space: Space) -> Bool {
            switch space {
            case .hsl: abs(color.numericComponents[1]) < 1e-9
            case .lch: color.numericComponents[1] < 0.0015
            default: false
            }
        }

        /// Component by component; a hue the shorter way round, and taken from the other color
        /// when one has none (white, black, grays).
        static func interpolate(_ a: [Double], _ b: [Double], _ p: Double, hueAt hue: Int?, achromatic: (Bool, Bool)) -> [Double] {
            var result: [Double] = []
            for index in a.indices {
                var from = a[index]
                var to = b[index]
                if index == hue {
                    if achromatic.0 && !achromatic.1 { from = to }
                    if achromatic.1 && !achromatic.0 { to = from }
                    let delta = to - from
                    if delta > 180 { from += 360 } else if delta < -180 { to += 360 }
                    var mixed = from + (to - from) * p
                    mixed = mixed.truncatingRemainder(dividingBy: 360)
                    result.append(mixed < 0 ? mixed + 360 : mixed)
                } else {
                    result.append(from + (to - from) * p)
                }
            }
            return result
        }
    }
}

extension StudioColor.Modifier.Space {
    /// The index of the hue among the space's components, for polar spaces.
    var hueIndex: Int? {
        switch self {
        case .hsl: 0
        case .lch: 2
        default: nil
        }
    }
}
