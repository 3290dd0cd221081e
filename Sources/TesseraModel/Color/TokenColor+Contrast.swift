import Foundation

/// Contrast and color difference: WCAG 2.x contrast ratios, APCA lightness contrast, ΔE2000 and
/// ΔEOK. Colors are read as a display shows them: mapped into sRGB first, a translucent color
/// composited over what is behind it.
extension TokenColor {
    /// The color as it shows over `background`: source-over compositing in sRGB (how a
    /// translucent layer is drawn). The result is opaque when the background is.
    public func composited(over background: TokenColor) -> TokenColor {
        let top = mapped(to: .srgb).numericComponents
        let bottom = background.mapped(to: .srgb).numericComponents
        let a = min(1, max(0, alpha))
        let b = min(1, max(0, background.alpha))
        let outAlpha = a + b * (1 - a)
        guard outAlpha > 0 else { return TokenColor(.srgb, [0, 0, 0], alpha: 0) }
        let channels = (0..<3).map { (top[$0] * a + bottom[$0] * b * (1 - a)) / outAlpha }
        return TokenColor(.srgb, channels, alpha: outAlpha)
    }

    /// The opaque color a display shows: translucent colors over white (what an empty page or
    /// window is).
    var opaque: TokenColor {
        alpha >= 1 ? mapped(to: .srgb) : composited(over: TokenColor(.srgb, [1, 1, 1]))
    }

    /// WCAG 2.x relative luminance of the color (mapped into sRGB, alpha ignored): 0 for black,
    /// 1 for white.
    public var relativeLuminance: Double {
        let c = mapped(to: .srgb).numericComponents.map { ColorMath.srgbToLinear(min(1, max(0, $0))) }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    }

    /// The WCAG 2.x contrast ratio (1 to 21) of this color as text or a symbol on `background`:
    /// (L1 + 0.05) / (L2 + 0.05), the foreground composited over the background first.
    public func contrastRatio(on background: TokenColor) -> Double {
        let back = background.opaque
        let front = alpha >= 1 ? self : composited(over: back)
        let l1 = front.relativeLuminance
        let l2 = back.relativeLuminance
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// The APCA lightness contrast Lc (APCA-W3 0.0.98G-4g) of this color as text on `background`:
    /// about +106 for black on white, -108 for white on black, 0 when they cannot be told apart.
    /// Positive for dark text on a light background.
    public func apcaContrast(on background: TokenColor) -> Double {
        let back = background.opaque
        let front = alpha >= 1 ? mapped(to: .srgb) : composited(over: back)
        return APCA.lightnessContrast(text: APCA.luminance(front), background: APCA.luminance(back))
    }

    /// CIEDE2000 color difference (Sharma, Wu and Dalal 2005) in CIE Lab: about 1 is a just
    /// noticeable difference. Alpha is ignored.
    public func deltaE2000(_ other: TokenColor) -> Double {
        let (a, b) = (converted(to: .lab).numericComponents, other.converted(to: .lab).numericComponents)
        return ColorDifference.ciede2000(SIMD3(a[0], a[1], a[2]), SIMD3(b[0], b[1], b[2]))
    }

    /// CIEDE2000 between two CIE Lab triples (L, a, b), for callers that convert many colors
    /// once and compare them often.
    package static func deltaE2000(lab first: SIMD3<Double>, _ second: SIMD3<Double>) -> Double {
        ColorDifference.ciede2000(first, second)
    }

    /// ΔEOK: the Euclidean distance in OKLab (about 0.02 is a just noticeable difference).
    /// Alpha is ignored.
    public func deltaEOK(_ other: TokenColor) -> Double {
        let a = converted(to: .oklab).numericComponents
        let b = other.converted(to: .oklab).numericComponents
        return ((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2])).squareRoot()
    }

    /// The color with the same OKLCH hue and chroma and another lightness (0…1), mapped into
    /// sRGB, alpha kept.
    package func withLightness(_ lightness: Double) -> TokenColor {
        var lch = converted(to: .oklch).numericComponents
        lch[0] = min(1, max(0, lightness))
        return TokenColor(.oklch, lch, alpha: alpha).mapped(to: .srgb)
    }

    /// The color nearest in OKLCH lightness to this one (same hue and chroma) whose contrast
    /// ratio on `background` reaches `ratio`, or nil when neither lighter nor darker does.
    /// Lighter and darker are each searched by bisection (contrast grows steadily as the
    /// lightness moves away from the background's), and the smaller change wins.
    public func nearestLightness(reaching ratio: Double, on background: TokenColor) -> TokenColor? {
        let start = converted(to: .oklch).numericComponents[0]
        var best: (change: Double, color: TokenColor)?
        for end in [0.0, 1.0] {
            let far = withLightness(end)
            guard far.contrastRatio(on: background) >= ratio else { continue }
            // `near` fails (or is the start), `farther` passes.
            var near = start
            var farther = end
            for _ in 0..<30 {
                let middle = (near + farther) / 2
                if withLightness(middle).contrastRatio(on: background) >= ratio { farther = middle } else { near = middle }
            }
            let change = abs(farther - start)
            if best == nil || change < best!.change { best = (change, withLightness(farther)) }
        }
        return best?.color
    }
}

/// APCA-W3 0.0.98G-4g, the constants of the published reference implementation.
enum APCA {
    static let mainTRC = 2.4
    static let normBackground = 0.56, normText = 0.57, reverseText = 0.62, reverseBackground = 0.65
    static let blackThreshold = 0.022, blackClamp = 1.414
    static let scale = 1.14, lowOffset = 0.027, lowClip = 0.1, deltaYMinimum = 0.0005

    /// Screen luminance Y of an opaque sRGB color, as APCA estimates it (a simple 2.4 power).
    static func luminance(_ color: TokenColor) -> Double {
        let c = color.numericComponents.map { pow(min(1, max(0, $0)), mainTRC) }
        return 0.2126729 * c[0] + 0.7151522 * c[1] + 0.0721750 * c[2]
    }

    static func lightnessContrast(text: Double, background: Double) -> Double {
        func clamped(_ y: Double) -> Double { y > blackThreshold ? y : y + pow(blackThreshold - y, blackClamp) }
        let textY = clamped(text)
        let backgroundY = clamped(background)
        guard abs(backgroundY - textY) >= deltaYMinimum else { return 0 }
        let output: Double
        if backgroundY > textY {
            let sapc = (pow(backgroundY, normBackground) - pow(textY, normText)) * scale
            output = sapc < lowClip ? 0 : sapc - lowOffset
        } else {
            let sapc = (pow(backgroundY, reverseBackground) - pow(textY, reverseText)) * scale
            output = sapc > -lowClip ? 0 : sapc + lowOffset
        }
        return output * 100
    }
}

enum ColorDifference {
    /// CIEDE2000 between two CIE Lab colors, with kL = kC = kH = 1.
    static func ciede2000(_ lab1: SIMD3<Double>, _ lab2: SIMD3<Double>) -> Double {
        let (l1, a1, b1) = (lab1.x, lab1.y, lab1.z)
        let (l2, a2, b2) = (lab2.x, lab2.y, lab2.z)
        let c1 = (a1 * a1 + b1 * b1).squareRoot()
        let c2 = (a2 * a2 + b2 * b2).squareRoot()
        let meanC = (c1 + c2) / 2
        let meanC7 = pow(meanC, 7)
        let g = 0.5 * (1 - (meanC7 / (meanC7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1
        let a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot()
        let c2p = (a2p * a2p + b2 * b2).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h >= 0 ? h : h + 360
        }
        let h1p = hue(b1, a1p)
        let h2p = hue(b2, a2p)
        let deltaL = l2 - l1
        let deltaC = c2p - c1p
        var deltaH = 0.0
        if c1p * c2p != 0 {
            deltaH = h2p - h1p
            if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
        }
        let deltaBigH = 2 * (c1p * c2p).squareRoot() * sin(deltaH * .pi / 360)
        let meanL = (l1 + l2) / 2
        let meanCp = (c1p + c2p) / 2
        var meanH = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 {
                meanH = (h1p + h2p) / 2
            } else {
                meanH = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2
            }
        }
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let t = 1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH)) + 0.32 * cos(radians(3 * meanH + 6))
            - 0.20 * cos(radians(4 * meanH - 63))
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let meanCp7 = pow(meanCp, 7)
        let rc = 2 * (meanCp7 / (meanCp7 + pow(25, 7))).squareRoot()
        let lShift = (meanL - 50) * (meanL - 50)
        let sl = 1 + 0.015 * lShift / (20 + lShift).squareRoot()
        let sc = 1 + 0.045 * meanCp
        let sh = 1 + 0.015 * meanCp * t
        let rt = -sin(radians(2 * deltaTheta)) * rc
        let termL = deltaL / sl
        let termC = deltaC / sc
        let termH = deltaBigH / sh
        return (termL * termL + termC * termC + termH * termH + rt * termC * termH).squareRoot()
    }
}
