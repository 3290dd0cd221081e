import TesseraModel

/// The rounded rectangle one shadow layer is drawn from, relative to the top-left corner of the
/// box that casts it, as CSS Backgrounds 3 defines `box-shadow`: an outer shadow is the box grown
/// by its spread on every side, moved by its offset and blurred, drawn outside the box; an inset
/// shadow is everything outside the box shrunk by its spread, moved by its offset and blurred,
/// drawn inside the box. The blur is a Gaussian of standard deviation `radius` (half the CSS blur).
public struct ShadowCast: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var cornerRadius: Double
    /// Whether the shadow is drawn inside the box, outside this rectangle.
    public var inset: Bool

    public init(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double, inset: Bool) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.cornerRadius = cornerRadius
        self.inset = inset
    }

    /// Whether the rectangle has no area (a box before layout, or shrunk past nothing by a
    /// negative spread): an outer shadow cast from it draws nothing.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// `value`, or 0 when it is negative or not a number.
    static func nonNegative(_ value: Double) -> Double { value > 0 ? value : 0 }

    /// A corner radius grown (or shrunk) by `spread`, as CSS Backgrounds 3 spreads a shadow's
    /// corners: a square corner stays square; a radius smaller than a growing spread grows by
    /// less than the spread (`spread × (1 + (r / spread − 1)³)`), so that small radii do not
    /// turn round; a shrinking spread takes the radius down to 0 at most.
    public static func spreadRadius(_ radius: Double, by spread: Double) -> Double {
        guard radius > 0 else { return 0 }
        guard spread > 0 else { return max(radius + spread, 0) }
        let ratio = radius / spread
        return ratio >= 1 ? radius + spread : radius + spread * (1 + (ratio - 1) * (ratio - 1) * (ratio - 1))
    }
}

extension LayerShadow {
    /// How far the rectangle the shadow is cast from grows on every side: the spread, which
    /// shrinks it for an inset shadow.
    public var growth: Double { inset ? -spread : spread }

    /// The color at the shadow's opacity, as SwiftUI draws it (Core Animation takes the two apart).
    public var shadowColor: ThemeColor {
        ThemeColor(color.space, red: color.red, green: color.green, blue: color.blue, alpha: opacity)
    }

    /// For an inset shadow drawn as a ring around the rectangle it is cast from: a width that
    /// reaches past every edge of the box once moved by the offset, with room for the blur (three
    /// standard deviations), so that the ring covers all of the box outside the rectangle.
    public var insetBand: Double { abs(spread) + abs(offsetX) + abs(offsetY) + 3 * radius + 1 }

    /// Where this shadow is cast from for a box of `width` × `height` with `cornerRadius`
    /// (see ``ShadowCast``). Sizes never go below 0 (nor does a size that is not a number), and
    /// the corner radius is at most half of each side, as CSS scales radii that overlap (and as
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)` requires): a "pill" radius such
    /// as 9999 rounds the short sides fully.
    public func cast(width: Double, height: Double, cornerRadius: Double) -> ShadowCast {
        let grow = growth
        // A box shrunk past nothing is a point (a line) at its center.
        let grown = (width: ShadowCast.nonNegative(width + 2 * grow), height: ShadowCast.nonNegative(height + 2 * grow))
        let radius = min(ShadowCast.nonNegative(ShadowCast.spreadRadius(cornerRadius, by: grow)), grown.width / 2, grown.height / 2)
        return ShadowCast(x: offsetX + (width - grown.width) / 2, y: offsetY + (height - grown.height) / 2,
            width: grown.width, height: grown.height, cornerRadius: radius, inset: inset)
    }
}
