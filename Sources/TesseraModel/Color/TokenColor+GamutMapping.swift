import Foundation

extension TokenColor {
    /// Whether every component lies within the RGB gamut of `space` (with a small tolerance).
    public func isInGamut(_ space: ColorSpace) -> Bool {
        let c = converted(to: space).numericComponents
        return c.allSatisfy { $0 >= -0.000_001 && $0 <= 1.000_001 }
    }

    /// This color mapped into the gamut of an RGB space (`srgb` or `display-p3`, or any other
    /// RGB space) with the CSS Color 4 algorithm: reduce OKLCH chroma by binary search until
    /// the clipped color is within a just-noticeable difference (ΔEOK 0.02).
    ///
    /// - Complexity: O(1); at most about 15 conversions.
    public func mapped(to space: ColorSpace) -> TokenColor {
        let target = converted(to: space)
        if target.numericComponents.allSatisfy({ $0 >= 0 && $0 <= 1 }) { return target }
        var current = converted(to: .oklch).numericComponents
        if current[0] >= 1 { return TokenColor(space, [1, 1, 1], alpha: alpha) }
        if current[0] <= 0 { return TokenColor(space, [0, 0, 0], alpha: alpha) }
        func clip(_ lch: [Double]) -> [Double] {
            ColorMath.fromXYZ(space, ColorMath.oklabToXYZ(ColorMath.fromPolar(lch))).map { min(1, max(0, $0)) }
        }
        func deltaEOK(_ clipped: [Double], _ lch: [Double]) -> Double {
            let a = ColorMath.xyzToOKLab(ColorMath.toXYZ(space, clipped))
            let b = ColorMath.fromPolar(lch)
            return ((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]))
                .squareRoot()
        }
        func inGamut(_ lch: [Double]) -> Bool {
            ColorMath.fromXYZ(space, ColorMath.oklabToXYZ(ColorMath.fromPolar(lch))).allSatisfy {
                $0 >= 0 && $0 <= 1
            }
        }
        let jnd = 0.02
        let epsilon = 0.0001
        var clipped = clip(current)
        if deltaEOK(clipped, current) < jnd { return TokenColor(space, clipped, alpha: alpha) }
        var low = 0.0
        var high = current[1]
        var lowInGamut = true
        while high - low > epsilon {
            let chroma = (low + high) / 2
            current[1] = chroma
            if lowInGamut && inGamut(current) {
                low = chroma
                continue
            }
            clipped = clip(current)
            let difference = deltaEOK(clipped, current)
            if difference < jnd {
                if jnd - difference < epsilon { break }
                lowInGamut = false
                low = chroma
            } else {
                high = chroma
            }
        }
        return TokenColor(space, clipped, alpha: alpha)
    }

    /// The color as sRGB hex after gamut mapping: `#rrggbb`, or `#rrggbbaa` when
    /// `includeAlpha` is true or alpha is below 1. Lowercase.
    public func hexString(includeAlpha: Bool = true) -> String {
        let rgb = mapped(to: .srgb).numericComponents
        var bytes = rgb.map { UInt8((min(1, max(0, $0)) * 255).rounded()) }
        if includeAlpha || alpha < 1 { bytes.append(UInt8((min(1, max(0, alpha)) * 255).rounded())) }
        let digits = Array("0123456789abcdef")
        var text = "#"
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return text
    }
}
