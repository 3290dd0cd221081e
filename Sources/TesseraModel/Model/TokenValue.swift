/// A distance: a number and a unit.
public struct TokenDimension: Sendable, Hashable, Codable {
    /// `px` and `rem` are the 2025.10 units; `em` (relative to the font size) is accepted
    /// with a warning because real systems use it for letter spacing.
    public enum Unit: String, Sendable, Hashable, Codable { case px, rem, em }
    public var value: Double
    public var unit: Unit
    public init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }
}

/// A length of time: a number and a unit.
public struct TokenDuration: Sendable, Hashable, Codable {
    public enum Unit: String, Sendable, Hashable, Codable { case ms, s }
    public var value: Double
    public var unit: Unit
    public init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }
    /// The duration in milliseconds.
    public var milliseconds: Double { unit == .ms ? value : value * 1000 }
}

/// A cubic Bézier timing curve `[x1, y1, x2, y2]`; x values lie in 0…1.
public struct CubicBezier: Sendable, Hashable, Codable {
    public var x1, y1, x2, y2: Double
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }
}

/// A line style: a keyword, or dashes with a line cap.
public enum TokenStrokeStyle: Sendable, Hashable, Codable {
    package static let keywords = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]
    package static let lineCaps = ["round", "butt", "square"]
    case keyword(String)
    case dashes(dashArray: [TokenDimension], lineCap: String)
}

/// A border: color, width and style.
public struct Border: Sendable, Hashable, Codable {
    public var color: TokenColor
    public var width: TokenDimension
    public var style: TokenStrokeStyle

    public init(color: TokenColor, width: TokenDimension, style: TokenStrokeStyle) {
        self.color = color
        self.width = width
        self.style = style
    }
}

/// An animated transition.
public struct TokenTransition: Sendable, Hashable, Codable {
    public var duration: TokenDuration
    public var delay: TokenDuration
    public var timingFunction: CubicBezier

    public init(duration: TokenDuration, delay: TokenDuration, timingFunction: CubicBezier) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
    }
}

/// One shadow layer.
public struct Shadow: Sendable, Hashable, Codable {
    public var color: TokenColor
    public var offsetX: TokenDimension
    public var offsetY: TokenDimension
    public var blur: TokenDimension
    public var spread: TokenDimension
    public var inset: Bool

    public init(color: TokenColor, offsetX: TokenDimension, offsetY: TokenDimension, blur: TokenDimension,
        spread: TokenDimension, inset: Bool = false)
    {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
        self.inset = inset
    }
}

/// One gradient stop; `position` is clamped to 0…1 as the format requires.
public struct GradientStop: Sendable, Hashable, Codable {
    public var color: TokenColor
    public var position: Double

    /// `position` is clamped to 0…1.
    public init(color: TokenColor, position: Double) {
        self.color = color
        self.position = min(1, max(0, position))
    }
}

/// A text style.
public struct Typography: Sendable, Hashable, Codable {
    public var fontFamily: [String]
    public var fontSize: TokenDimension
    public var fontWeight: Double
    /// 0px when the source leaves it out (with a warning).
    public var letterSpacing: TokenDimension
    /// A multiple of the font size; `nil` when the source leaves it out (with a warning).
    public var lineHeight: Double?
    /// How text in this style is cased; `nil` when the source does not say. The 2025.10
    /// typography type has no field for it: in DTCG files it is the token's
    /// `$extensions["dev.tessera"].textCase`.
    public var textCase: TextCase?

    public init(fontFamily: [String], fontSize: TokenDimension, fontWeight: Double,
        letterSpacing: TokenDimension = TokenDimension(0, .px), lineHeight: Double? = nil, textCase: TextCase? = nil)
    {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.letterSpacing = letterSpacing
        self.lineHeight = lineHeight
        self.textCase = textCase
    }
}

/// How a text style cases its text.
public enum TextCase: String, Sendable, Hashable, Codable, CaseIterable {
    /// As written.
    case none
    /// Every letter upper case.
    case upper
    /// Every letter lower case.
    case lower
    /// The first letter of each word upper case.
    case title

    /// Reads the names design tools write: `UPPER`, `uppercase`, `TITLE`, `capitalize`,
    /// `none` …, in any letter case.
    package init?(name: String) {
        switch name.lowercased() {
        case "none", "original": self = .none
        case "upper", "uppercase": self = .upper
        case "lower", "lowercase": self = .lower
        case "title", "capitalize", "titlecase": self = .title
        default: return nil
        }
    }

    /// Where a token file keeps a typography token's text case.
    package static let extensionMember = "textCase"
}

/// A fully resolved, typed token value. No aliases remain inside it.
public enum TokenValue: Sendable, Hashable, Codable {
    case color(TokenColor)
    case dimension(TokenDimension)
    /// Font names, most preferred first. `isList` records whether the source wrote an array.
    case fontFamily([String], isList: Bool)
    case fontWeight(Double)
    case duration(TokenDuration)
    case cubicBezier(CubicBezier)
    case number(Double)
    indirect case strokeStyle(TokenStrokeStyle)
    indirect case border(Border)
    indirect case transition(TokenTransition)
    /// Shadow layers. `isList` records whether the source wrote an array.
    case shadow([Shadow], isList: Bool)
    case gradient([GradientStop])
    indirect case typography(Typography)
    case string(String)
    case boolean(Bool)

    /// The type this value belongs to.
    public var type: TokenType {
        switch self {
        case .color: .color
        case .dimension: .dimension
        case .fontFamily: .fontFamily
        case .fontWeight: .fontWeight
        case .duration: .duration
        case .cubicBezier: .cubicBezier
        case .number: .number
        case .strokeStyle: .strokeStyle
        case .border: .border
        case .transition: .transition
        case .shadow: .shadow
        case .gradient: .gradient
        case .typography: .typography
        case .string: .string
        case .boolean: .boolean
        }
    }
}
