import Foundation

/// Exact conversion between the 14 DTCG color spaces, following the CSS Color 4 reference
/// algorithms: every space goes to and from CIE XYZ (D65), with Bradford adaptation for D50.
enum ColorMath {
    static let srgbToXYZ = Matrix3([
        [506752.0 / 1228815, 87881.0 / 245763, 12673.0 / 70218],
        [87098.0 / 409605, 175762.0 / 245763, 12673.0 / 175545],
        [7918.0 / 409605, 87881.0 / 737289, 1001167.0 / 1053270],
    ])
    static let xyzToSRGB = srgbToXYZ.inverse

    static let p3ToXYZ = Matrix3([
        [608311.0 / 1250200, 189793.0 / 714400, 198249.0 / 1000160],
        [35783.0 / 156275, 247089.0 / 357200, 198249.0 / 2500400],
        [0, 32229.0 / 714400, 5220557.0 / 5000800],
    ])
    static let xyzToP3 = p3ToXYZ.inverse

    static let a98ToXYZ = Matrix3([
        [573536.0 / 994567, 263643.0 / 1420810, 187206.0 / 994567],
        [591459.0 / 1989134, 6239551.0 / 9945670, 374412.0 / 4972835],
        [53769.0 / 1989134, 351524.0 / 4972835, 4929758.0 / 4972835],
    ])
    static let xyzToA98 = a98ToXYZ.inverse

    static let rec2020ToXYZ = Matrix3([
        [63426534.0 / 99577255, 20160776.0 / 139408157, 47086771.0 / 278816314],
        [26158966.0 / 99577255, 472592308.0 / 697040785, 8267143.0 / 139408157],
        [0, 19567812.0 / 697040785, 295819943.0 / 278816314],
    ])
    static let xyzToRec2020 = rec2020ToXYZ.inverse

    /// ProPhoto RGB is defined relative to D50.
    static let prophotoToXYZD50 = Matrix3([
        [0.7977666449006423, 0.13518129740053308, 0.0313477341283922],
        [0.2880748288194013, 0.711835234241873, 0.00008993693872564],
        [0, 0, 0.8251046025104602],
    ])
    static let xyzD50ToProphoto = prophotoToXYZD50.inverse

    static let d65ToD50 = Matrix3([
        [1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
        [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
        [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371],
    ])
    static let d50ToD65 = d65ToD50.inverse

    static let xyzToLMS = Matrix3([
        [0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
        [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
        [0.0481771893596242, 0.2642395317527308, 0.6335478284694309],
    ])
    static let lmsToXYZ = xyzToLMS.inverse
    static let lmsToOKLab = Matrix3([
        [0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
        [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
        [0.0259040424655478, 0.7827717124575296, -0.8086757549230774],
    ])
    static let oklabToLMS = lmsToOKLab.inverse

    static let d50White: [Double] = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585]
    static let labEpsilon = 216.0 / 24389
    static let labKappa = 24389.0 / 27

    // MARK: Transfer functions

    static func srgbToLinear(_ c: Double) -> Double {
        let a = abs(c)
        return a <= 0.04045 ? c / 12.92 : copysign(pow((a + 0.055) / 1.055, 2.4), c)
    }

    static func srgbFromLinear(_ c: Double) -> Double {
        let a = abs(c)
        return a > 0.0031308 ? copysign(1.055 * pow(a, 1 / 2.4) - 0.055, c) : 12.92 * c
    }

    static func a98ToLinear(_ c: Double) -> Double { copysign(pow(abs(c), 563.0 / 256), c) }
    static func a98FromLinear(_ c: Double) -> Double { copysign(pow(abs(c), 256.0 / 563), c) }

    static func prophotoToLinear(_ c: Double) -> Double {
        abs(c) <= 16.0 / 512 ? c / 16 : copysign(pow(abs(c), 1.8), c)
    }

    static func prophotoFromLinear(_ c: Double) -> Double {
        abs(c) >= 1.0 / 512 ? copysign(pow(abs(c), 1 / 1.8), c) : 16 * c
    }

    static let rec2020Alpha = 1.09929682680944
    static let rec2020Beta = 0.018053968510807

    static func rec2020ToLinear(_ c: Double) -> Double {
        abs(c) < rec2020Beta * 4.5
            ? c / 4.5 : copysign(pow((abs(c) + rec2020Alpha - 1) / rec2020Alpha, 1 / 0.45), c)
    }

    static func rec2020FromLinear(_ c: Double) -> Double {
        abs(c) > rec2020Beta ? copysign(rec2020Alpha * pow(abs(c), 0.45) - (rec2020Alpha - 1), c) : 4.5 * c
    }

    // MARK: Cylindrical models

    static func hslToSRGB(_ h: Double, _ s: Double, _ l: Double) -> [Double] {
        let hue = (h.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let sat = s / 100
        let light = l / 100
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = sat * min(light, 1 - light)
            return light - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [channel(0), channel(8), channel(4)]
    }

    static func srgbToHSL(_ rgb: [Double]) -> [Double] {
        let maxC = rgb.max()!
        let minC = rgb.min()!
        var hue = Double.nan
        var sat = 0.0
        let light = (minC + maxC) / 2
        let delta = maxC - minC
        if delta != 0 {
            sat = (light == 0 || light == 1) ? 0 : (maxC - light) / min(light, 1 - light)
            switch maxC {
            case rgb[0]: hue = (rgb[1] - rgb[2]) / delta + (rgb[1] < rgb[2] ? 6 : 0)
            case rgb[1]: hue = (rgb[2] - rgb[0]) / delta + 2
            default: hue = (rgb[0] - rgb[1]) / delta + 4
            }
            hue *= 60
        }
        if sat < 0 {
            hue += 180
            sat = abs(sat)
        }
        if hue >= 360 { hue -= 360 }
        return [hue.isNaN ? 0 : hue, sat * 100, light * 100]
    }

    static func hwbToSRGB(_ h: Double, _ w: Double, _ b: Double) -> [Double] {
        let white = w / 100
        let black = b / 100
        if white + black >= 1 {
            let gray = white / (white + black)
            return [gray, gray, gray]
        }
        return hslToSRGB(h, 100, 50).map { $0 * (1 - white - black) + white }
    }

    static func srgbToHWB(_ rgb: [Double]) -> [Double] {
        let hsl = srgbToHSL(rgb)
        let white = rgb.min()!
        let black = 1 - rgb.max()!
        return [hsl[0], white * 100, black * 100]
    }

    static func toPolar(_ lab: [Double]) -> [Double] {
        let chroma = (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot()
        var hue = atan2(lab[2], lab[1]) * 180 / .pi
        if hue < 0 { hue += 360 }
        return [lab[0], chroma, hue]
    }

    static func fromPolar(_ lch: [Double]) -> [Double] {
        let radians = lch[2] * .pi / 180
        return [lch[0], lch[1] * cos(radians), lch[1] * sin(radians)]
    }

    static func xyzD50ToLab(_ xyz: [Double]) -> [Double] {
        let f = (0..<3).map { index -> Double in
            let v = xyz[index] / d50White[index]
            return v > labEpsilon ? cbrt(v) : (labKappa * v + 16) / 116
        }
        return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]
    }

    static func labToXYZD50(_ lab: [Double]) -> [Double] {
        let f1 = (lab[0] + 16) / 116
        let f0 = lab[1] / 500 + f1
        let f2 = f1 - lab[2] / 200
        let x = pow(f0, 3) > labEpsilon ? pow(f0, 3) : (116 * f0 - 16) / labKappa
        let y = lab[0] > labKappa * labEpsilon ? pow(f1, 3) : lab[0] / labKappa
        let z = pow(f2, 3) > labEpsilon ? pow(f2, 3) : (116 * f2 - 16) / labKappa
        return [x * d50White[0], y * d50White[1], z * d50White[2]]
    }

    static func xyzToOKLab(_ xyz: [Double]) -> [Double] {
        lmsToOKLab.apply(xyzToLMS.apply(xyz).map { cbrt($0) })
    }

    static func oklabToXYZ(_ lab: [Double]) -> [Double] {
        lmsToXYZ.apply(oklabToLMS.apply(lab).map { $0 * $0 * $0 })
    }

    // MARK: Any space to and from XYZ D65

    static func toXYZ(_ space: ColorSpace, _ c: [Double]) -> [Double] {
        switch space {
        case .srgb: srgbToXYZ.apply(c.map(srgbToLinear))
        case .srgbLinear: srgbToXYZ.apply(c)
        case .displayP3: p3ToXYZ.apply(c.map(srgbToLinear))
        case .a98RGB: a98ToXYZ.apply(c.map(a98ToLinear))
        case .prophotoRGB: d50ToD65.apply(prophotoToXYZD50.apply(c.map(prophotoToLinear)))
        case .rec2020: rec2020ToXYZ.apply(c.map(rec2020ToLinear))
        case .xyzD65: c
        case .xyzD50: d50ToD65.apply(c)
        case .hsl: toXYZ(.srgb, hslToSRGB(c[0], c[1], c[2]))
        case .hwb: toXYZ(.srgb, hwbToSRGB(c[0], c[1], c[2]))
        case .lab: d50ToD65.apply(labToXYZD50(c))
        case .lch: d50ToD65.apply(labToXYZD50(fromPolar(c)))
        case .oklab: oklabToXYZ(c)
        case .oklch: oklabToXYZ(fromPolar(c))
        }
    }

    static func fromXYZ(_ space: ColorSpace, _ xyz: [Double]) -> [Double] {
        switch space {
        case .srgb: xyzToSRGB.apply(xyz).map(srgbFromLinear)
        case .srgbLinear: xyzToSRGB.apply(xyz)
        case .displayP3: xyzToP3.apply(xyz).map(srgbFromLinear)
        case .a98RGB: xyzToA98.apply(xyz).map(a98FromLinear)
        case .prophotoRGB: xyzD50ToProphoto.apply(d65ToD50.apply(xyz)).map(prophotoFromLinear)
        case .rec2020: xyzToRec2020.apply(xyz).map(rec2020FromLinear)
        case .xyzD65: xyz
        case .xyzD50: d65ToD50.apply(xyz)
        case .hsl: srgbToHSL(fromXYZ(.srgb, xyz))
        case .hwb: srgbToHWB(fromXYZ(.srgb, xyz))
        case .lab: xyzD50ToLab(d65ToD50.apply(xyz))
        case .lch: toPolar(xyzD50ToLab(d65ToD50.apply(xyz)))
        case .oklab: xyzToOKLab(xyz)
        case .oklch: toPolar(xyzToOKLab(xyz))
        }
    }
}

extension TokenColor {
    /// This color in another space. Alpha is kept; `none` components count as 0; the hex
    /// fallback is dropped because it describes the original.
    ///
    /// Out-of-gamut results are kept as they are (components may leave 0…1); use
    /// `mapped(to:)` for a displayable color.
    public func converted(to space: ColorSpace) -> TokenColor {
        if space == colorSpace { return self }
        let xyz = ColorMath.toXYZ(colorSpace, numericComponents)
        return TokenColor(space, ColorMath.fromXYZ(space, xyz), alpha: alpha)
    }
}
