/// A color as DTCG 2025.10 states it: a color space, three components (each possibly
/// `none`), alpha, and an optional hex fallback.
public struct TokenColor: Sendable, Hashable {
    public var colorSpace: ColorSpace
    /// Exactly three components (every DTCG color space has three); `nil` is the `none` keyword.
    public private(set) var components: [Double?]
    /// 0 (transparent) to 1 (opaque).
    public var alpha: Double
    /// The optional `#rrggbb` fallback, as written.
    public var hex: String?

    public init(_ colorSpace: ColorSpace, _ components: [Double?], alpha: Double = 1, hex: String? = nil) {
        self.colorSpace = colorSpace
        // Missing components are `none`; components past the third are not part of any space.
        self.components = Array((components + [nil, nil, nil]).prefix(3))
        self.alpha = alpha
        self.hex = hex
    }

    /// The components with `none` read as 0, as CSS Color 4 does for conversion.
    package var numericComponents: [Double] {
        components.map { $0 ?? 0 }
    }
}

extension TokenColor: Codable {
    private enum CodingKeys: String, CodingKey { case colorSpace, components, alpha, hex }

    /// Decoded through `init(_:_:alpha:hex:)`, so a decoded color has three components too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(ColorSpace.self, forKey: .colorSpace),
            try container.decode([Double?].self, forKey: .components),
            alpha: try container.decodeIfPresent(Double.self, forKey: .alpha) ?? 1,
            hex: try container.decodeIfPresent(String.self, forKey: .hex))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(colorSpace, forKey: .colorSpace)
        try container.encode(components, forKey: .components)
        try container.encode(alpha, forKey: .alpha)
        try container.encodeIfPresent(hex, forKey: .hex)
    }
}
