/// A color as DTCG 2025.10 states it: a color space, three components (each possibly
/// `none`), alpha, and an optional hex fallback.
public struct Color: Sendable, Hashable {
    public var colorSpace: ColorSpace
    /// The three components; `nil` is the `none` keyword.
    public var components: [Double?]
    /// 0 (transparent) to 1 (opaque).
    public var alpha: Double
    /// The optional `#rrggbb` fallback, as written.
    public var hex: String?

    public init(_ colorSpace: ColorSpace, _ components: [Double?], alpha: Double = 1, hex: String? = nil) {
        self.colorSpace = colorSpace
        self.components = components
        self.alpha = alpha
        self.hex = hex
    }

    /// The components with `none` read as 0, as CSS Color 4 does for conversion.
    public var numericComponents: [Double] {
        components.map { $0 ?? 0 }
    }
}
