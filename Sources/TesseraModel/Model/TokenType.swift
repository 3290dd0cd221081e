/// The type of a token: the 13 types of DTCG 2025.10, plus `string` and `boolean`, which other
/// source formats (Figma variables) carry.
public enum TokenType: String, Sendable, Hashable, Codable, CaseIterable {
    case color
    case dimension
    case fontFamily
    case fontWeight
    case duration
    case cubicBezier
    case number
    case strokeStyle
    case border
    case transition
    case shadow
    case gradient
    case typography
    case string
    case boolean
}
