/// The 14 color spaces of DTCG 2025.10 (CSS Color 4).
public enum ColorSpace: String, Sendable, Hashable, Codable, CaseIterable {
    case srgb
    case srgbLinear = "srgb-linear"
    case hsl
    case hwb
    case lab
    case lch
    case oklab
    case oklch
    case displayP3 = "display-p3"
    case a98RGB = "a98-rgb"
    case prophotoRGB = "prophoto-rgb"
    case rec2020
    case xyzD65 = "xyz-d65"
    case xyzD50 = "xyz-d50"

    /// The accepted range of one component, as the format module states it.
    package enum ComponentRange: Sendable, Hashable {
        /// 0 to 1 inclusive.
        case unit
        /// 0 up to but not including 360.
        case hue
        /// 0 to 100 inclusive.
        case percentage
        /// 0 or more.
        case chroma
        /// Any number.
        case unbounded

        package func contains(_ value: Double) -> Bool {
            switch self {
            case .unit: value >= 0 && value <= 1
            case .hue: value >= 0 && value < 360
            case .percentage: value >= 0 && value <= 100
            case .chroma: value >= 0
            case .unbounded: value.isFinite
            }
        }

        package var text: String {
            switch self {
            case .unit: "0 to 1"
            case .hue: "0 up to but not including 360"
            case .percentage: "0 to 100"
            case .chroma: "0 or more"
            case .unbounded: "any number"
            }
        }
    }

    /// The names and ranges of the three components.
    package var components: [(name: String, range: ComponentRange)] {
        switch self {
        case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020:
            [("red", .unit), ("green", .unit), ("blue", .unit)]
        case .xyzD65, .xyzD50: [("x", .unit), ("y", .unit), ("z", .unit)]
        case .hsl: [("hue", .hue), ("saturation", .percentage), ("lightness", .percentage)]
        case .hwb: [("hue", .hue), ("whiteness", .percentage), ("blackness", .percentage)]
        case .lab: [("lightness", .percentage), ("a", .unbounded), ("b", .unbounded)]
        case .lch: [("lightness", .percentage), ("chroma", .chroma), ("hue", .hue)]
        case .oklab: [("lightness", .unit), ("a", .unbounded), ("b", .unbounded)]
        case .oklch: [("lightness", .unit), ("chroma", .chroma), ("hue", .hue)]
        }
    }
}
