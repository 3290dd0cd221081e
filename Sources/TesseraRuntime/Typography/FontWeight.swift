import TesseraModel

/// A font weight on Apple's nine steps, with its CSS number (100 … 900) and the PostScript
/// style name fonts use for it.
public enum FontWeight: Int, Sendable, Hashable, CaseIterable, Comparable {
    case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500, semibold = 600, bold = 700
    case heavy = 800, black = 900

    /// The nearest step to a CSS weight (1 … 1000); halfway rounds up, as CSS matching of the
    /// closest heavier face does above 500.
    public init(numeric: Double) {
        let step = min(9, max(1, Int((numeric / 100).rounded(.toNearestOrAwayFromZero))))
        self = FontWeight(rawValue: step * 100)!
    }

    /// A weight name as CSS and font files name weights, in any spelling (`thin` 100,
    /// `ExtraLight` 200, `semi-bold` 600, `Heavy` 900 …), or a number. (Apple's `thin` and
    /// `heavy` steps are CSS's 200 and 800: names are read the CSS way, as token files mean them.)
    package init?(name: String) {
        guard let number = FontWeightNames.squeezed[name.squeezedName] ?? Double(name),
            number.isFinite
        else { return nil }
        self.init(numeric: number)
    }

    /// The CSS number.
    public var numeric: Double { Double(rawValue) }

    /// The style part of a PostScript name (`Inter-SemiBold`), as font files name the weights.
    package var postScriptStyle: String {
        switch self {
        case .ultraLight: "Thin"
        case .thin: "ExtraLight"
        case .light: "Light"
        case .regular: "Regular"
        case .medium: "Medium"
        case .semibold: "SemiBold"
        case .bold: "Bold"
        case .heavy: "ExtraBold"
        case .black: "Black"
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
