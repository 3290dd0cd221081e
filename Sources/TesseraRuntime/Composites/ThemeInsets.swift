import TesseraModel

/// Insets of a box's four edges in points, leading and trailing as the layout direction sets
/// them: what SwiftUI's `EdgeInsets` and UIKit's `NSDirectionalEdgeInsets` take. Dimension
/// tokens convert as everywhere on Apple platforms (`px` as points, `rem` and `em` × 16).
public struct ThemeInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// A dimension token for each edge.
    public init(top: TokenDimension, leading: TokenDimension, bottom: TokenDimension, trailing: TokenDimension) {
        self.init(top: top.points, leading: leading.points, bottom: bottom.points, trailing: trailing.points)
    }

    /// `vertical` above and below, `horizontal` at either side: seeds/004's inset roles
    /// (`layout.inset.ROLE.VARIANT.horizontal` and `vertical`).
    public init(horizontal: TokenDimension, vertical: TokenDimension) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }

    /// The same dimension on every edge.
    public init(all: TokenDimension) {
        self.init(top: all, leading: all, bottom: all, trailing: all)
    }

    /// CSS's `padding` and `margin` shorthand: one value for every edge; two for top and bottom,
    /// then either side; three for top, either side, bottom; four for top, right, bottom, left,
    /// where right is trailing and left leading (a left-to-right layout, as CSS's physical
    /// edges are). Nil for no value or more than four.
    public init?(shorthand values: [TokenDimension]) {
        switch values.count {
        case 1: self.init(all: values[0])
        case 2: self.init(horizontal: values[1], vertical: values[0])
        case 3: self.init(top: values[0], leading: values[1], bottom: values[2], trailing: values[1])
        case 4: self.init(top: values[0], leading: values[3], bottom: values[2], trailing: values[1])
        default: return nil
        }
    }
}
