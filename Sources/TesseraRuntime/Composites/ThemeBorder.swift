import TesseraModel

/// A border token as SwiftUI's `StrokeStyle` and Core Animation take it: a color, a width in
/// points and a dash pattern.
///
/// CSS's keywords become what one stroked line can draw: `solid`, `double`, `groove`, `ridge`,
/// `inset` and `outset` a solid line; `dashed` dashes and gaps 3 × the width long with square
/// ends (CSS leaves their lengths to the browser); `dotted` round dots as wide as the line, one
/// width apart. A token's own dash array and line cap are used as written.
public struct ThemeBorder: Sendable, Hashable {
    /// How the ends of dashes are drawn.
    public enum LineCap: String, Sendable, Hashable, CaseIterable { case butt, round, square }

    public var color: ThemeColor
    public var width: Double
    /// Lengths of dashes and gaps, alternating, in points; empty for a solid line.
    public var dash: [Double]
    public var lineCap: LineCap

    public init(color: ThemeColor, width: Double, dash: [Double] = [], lineCap: LineCap = .butt) {
        self.color = color
        self.width = width
        self.dash = dash
        self.lineCap = lineCap
    }

    public init(_ border: Border) {
        let width = border.width.points
        switch border.style {
        case .keyword("dashed"):
            self.init(color: ThemeColor(border.color), width: width, dash: [3 * width, 3 * width])
        case .keyword("dotted"):
            // A zero-length dash with round caps is a dot of the line's width.
            self.init(color: ThemeColor(border.color), width: width, dash: [0, 2 * width], lineCap: .round)
        case .keyword:
            self.init(color: ThemeColor(border.color), width: width)
        case .dashes(let dashArray, let lineCap):
            self.init(color: ThemeColor(border.color), width: width, dash: dashArray.map(\.points),
                lineCap: LineCap(rawValue: lineCap) ?? .butt)
        }
    }

    /// Whether the line is drawn without gaps: all Core Animation's `borderWidth` draws.
    public var isSolid: Bool { dash.isEmpty }
}
