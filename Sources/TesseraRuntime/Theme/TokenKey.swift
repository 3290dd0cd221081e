import TesseraModel

/// A typed handle on one token, made once and then looked up without hashing or string work.
///
/// `Theme.key(_:_:)` makes a key bound to a theme's tokens; it works directly on that theme,
/// its overrides and every theme with the same tokens. `TokenKey(_:fallback:)` makes one from a
/// path alone (generated code does this): it finds its token by path, and answers `fallback`
/// from a theme that lacks the token.
///
/// The value type is part of the key, so asking a color key for a number does not compile.
public struct TokenKey<Value: ThemeValue>: Sendable, Hashable {
    /// The token's path, dot-separated.
    public let path: String
    @usableFromInline let slot: Int32
    @usableFromInline let fingerprint: UInt64
    /// What a lookup answers when the theme has no token of this type at `path`.
    public let fallback: Value

    init(path: String, slot: Int32, fingerprint: UInt64, fallback: Value) {
        self.path = path
        self.slot = slot
        self.fingerprint = fingerprint
        self.fallback = fallback
    }

    /// A key for the token at `path` (`.` or `/` between names) in whatever theme it is used
    /// with.
    public init(_ path: String, fallback: Value) {
        self.init(path: path.replacingOccurrences(of: "/", with: "."), slot: -1, fingerprint: 0, fallback: fallback)
    }

    public static func == (a: TokenKey, b: TokenKey) -> Bool { a.path == b.path }
    public func hash(into hasher: inout Hasher) { hasher.combine(path) }
}

/// A type a theme hands token values out as. Tessera's value types conform; a key or a lookup
/// names one, and only tokens of the types it lists are read as it.
public protocol ThemeValue: Sendable {
    /// The token types read as this type.
    static var tokenTypes: [TokenType] { get }
    /// Whether tokens of `type` are read as this type.
    static func reads(_ type: TokenType) -> Bool
    /// The value at a value index of a theme, whose token is of one of `tokenTypes`.
    static func read(_ theme: Theme, at index: Int) -> Self?
    /// The token value an override of this type stands for.
    var tokenValue: TokenValue { get }
}

extension ThemeValue {
    /// Tokens of the one type in `tokenTypes`.
    @inlinable
    public static func reads(_ type: TokenType) -> Bool { tokenTypes.count == 1 ? tokenTypes[0] == type : tokenTypes.contains(type) }

    /// Non-scalar values come from the value column.
    @usableFromInline
    static func stored(_ theme: Theme, _ index: Int) -> TokenValue? { theme.storage.values[index] }
}

extension ThemeColor: ThemeValue {
    public static var tokenTypes: [TokenType] { [.color] }
    @inlinable
    public static func reads(_ type: TokenType) -> Bool { type == .color }
    @inlinable
    public static func read(_ theme: Theme, at index: Int) -> ThemeColor? {
        let scalar = theme.storage.scalars[index]
        return ThemeColor(scalar.tag == 1 ? .displayP3 : .sRGB, red: scalar.a, green: scalar.b, blue: scalar.c, alpha: scalar.d)
    }
    public var tokenValue: TokenValue { .color(tokenColor) }
}

extension TokenDimension: ThemeValue {
    public static var tokenTypes: [TokenType] { [.dimension] }
    @inlinable
    public static func read(_ theme: Theme, at index: Int) -> TokenDimension? {
        let scalar = theme.storage.scalars[index]
        return TokenDimension(scalar.a, ThemeScalar.unit(scalar.tag))
    }
    public var tokenValue: TokenValue { .dimension(self) }

    /// Points on Apple platforms: `px` as they are, `rem` and `em` times 16.
    public var points: Double { unit == .px ? value : value * 16 }
}

extension Double: ThemeValue {
    /// Numbers, font weights, and dimensions in points.
    public static var tokenTypes: [TokenType] { [.number, .fontWeight, .dimension] }
    @inlinable
    public static func reads(_ type: TokenType) -> Bool { type == .number || type == .dimension || type == .fontWeight }
    @inlinable
    public static func read(_ theme: Theme, at index: Int) -> Double? {
        let scalar = theme.storage.scalars[index]
        // A dimension's tag is its unit: rem and em are 16 points.
        return scalar.tag == 0 ? scalar.a : scalar.a * 16
    }
    public var tokenValue: TokenValue { .number(self) }
}

extension Bool: ThemeValue {
    public static var tokenTypes: [TokenType] { [.boolean] }
    @inlinable
    public static func read(_ theme: Theme, at index: Int) -> Bool? { theme.storage.scalars[index].a != 0 }
    public var tokenValue: TokenValue { .boolean(self) }
}

extension TokenDuration: ThemeValue {
    public static var tokenTypes: [TokenType] { [.duration] }
    @inlinable
    public static func read(_ theme: Theme, at index: Int) -> TokenDuration? {
        let scalar = theme.storage.scalars[index]
        return TokenDuration(scalar.a, scalar.tag == 0 ? .ms : .s)
    }
    public var tokenValue: TokenValue { .duration(self) }
}

extension CubicBezier: ThemeValue {
    public static var tokenTypes: [TokenType] { [.cubicBezier] }
    @inlinable
    public static func read(_ theme: Theme, at index: Int) -> CubicBezier? {
        let scalar = theme.storage.scalars[index]
        return CubicBezier(scalar.a, scalar.b, scalar.c, scalar.d)
    }
    public var tokenValue: TokenValue { .cubicBezier(self) }
}

extension TokenColor: ThemeValue {
    public static var tokenTypes: [TokenType] { [.color] }
    public static func read(_ theme: Theme, at index: Int) -> TokenColor? {
        if case .color(let color)? = stored(theme, index) { return color }
        return nil
    }
    public var tokenValue: TokenValue { .color(self) }
}

extension String: ThemeValue {
    public static var tokenTypes: [TokenType] { [.string] }
    public static func read(_ theme: Theme, at index: Int) -> String? {
        if case .string(let text)? = stored(theme, index) { return text }
        return nil
    }
    public var tokenValue: TokenValue { .string(self) }
}

extension Typography: ThemeValue {
    public static var tokenTypes: [TokenType] { [.typography] }
    public static func read(_ theme: Theme, at index: Int) -> Typography? {
        if case .typography(let typography)? = stored(theme, index) { return typography }
        return nil
    }
    public var tokenValue: TokenValue { .typography(self) }
}

extension Border: ThemeValue {
    public static var tokenTypes: [TokenType] { [.border] }
    public static func read(_ theme: Theme, at index: Int) -> Border? {
        if case .border(let border)? = stored(theme, index) { return border }
        return nil
    }
    public var tokenValue: TokenValue { .border(self) }
}

extension TokenTransition: ThemeValue {
    public static var tokenTypes: [TokenType] { [.transition] }
    public static func read(_ theme: Theme, at index: Int) -> TokenTransition? {
        if case .transition(let transition)? = stored(theme, index) { return transition }
        return nil
    }
    public var tokenValue: TokenValue { .transition(self) }
}

extension TokenStrokeStyle: ThemeValue {
    public static var tokenTypes: [TokenType] { [.strokeStyle] }
    public static func read(_ theme: Theme, at index: Int) -> TokenStrokeStyle? {
        if case .strokeStyle(let style)? = stored(theme, index) { return style }
        return nil
    }
    public var tokenValue: TokenValue { .strokeStyle(self) }
}

extension TokenValue: ThemeValue {
    /// Every type.
    public static var tokenTypes: [TokenType] { TokenType.allCases }
    public static func reads(_ type: TokenType) -> Bool { true }
    public static func read(_ theme: Theme, at index: Int) -> TokenValue? { stored(theme, index) }
    public var tokenValue: TokenValue { self }
}

/// A shadow token's layers, bottom first.
public struct ShadowLayers: ThemeValue, Hashable {
    public var layers: [Shadow]
    public init(_ layers: [Shadow]) { self.layers = layers }
    public static var tokenTypes: [TokenType] { [.shadow] }
    public static func read(_ theme: Theme, at index: Int) -> ShadowLayers? {
        if case .shadow(let layers, _)? = stored(theme, index) { return ShadowLayers(layers) }
        return nil
    }
    public var tokenValue: TokenValue { .shadow(layers, isList: layers.count != 1) }
}

/// A gradient token's stops.
public struct GradientStops: ThemeValue, Hashable {
    public var stops: [GradientStop]
    public init(_ stops: [GradientStop]) { self.stops = stops }
    public static var tokenTypes: [TokenType] { [.gradient] }
    public static func read(_ theme: Theme, at index: Int) -> GradientStops? {
        if case .gradient(let stops)? = stored(theme, index) { return GradientStops(stops) }
        return nil
    }
    public var tokenValue: TokenValue { .gradient(stops) }
}

/// A font family token's names, most preferred first.
public struct FontFamily: ThemeValue, Hashable {
    public var names: [String]
    public init(_ names: [String]) { self.names = names }
    public static var tokenTypes: [TokenType] { [.fontFamily] }
    public static func read(_ theme: Theme, at index: Int) -> FontFamily? {
        if case .fontFamily(let names, _)? = stored(theme, index) { return FontFamily(names) }
        return nil
    }
    public var tokenValue: TokenValue { .fontFamily(names, isList: names.count != 1) }
}
