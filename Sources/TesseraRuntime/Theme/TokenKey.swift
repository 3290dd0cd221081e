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

/// A type a theme hands token values out as: a key or a lookup names one, and only tokens of
/// the types it reads are read as it.
///
/// Tessera's value types conform: `ThemeColor`, `TokenDimension`, `Double`, `Bool`, `String`,
/// `TokenDuration`, `CubicBezier`, `TokenColor`, `Typography`, `Border`, `TokenTransition`,
/// `TokenStrokeStyle`, `ShadowLayers`, `GradientStops`, `FontFamily` and `TokenValue`. How a
/// theme reads each from its tables is the runtime's own (`themeValueCoding`).
public protocol ThemeValue: Sendable {
    /// How a theme reads values of this type, and what an override of one stands for.
    static var themeValueCoding: ThemeValueCoding<Self> { get }
}

/// How a theme reads values of a `ThemeValue` type from its tables, and the token value an
/// override of one stands for. Only the runtime makes them.
public struct ThemeValueCoding<Value>: Sendable {
    /// The token types read as `Value`.
    @usableFromInline package let tokenTypes: [TokenType]
    /// The value at a value index of a theme, whose token is of one of `tokenTypes`.
    @usableFromInline package let read: @Sendable (_ theme: Theme, _ index: Int) -> Value?
    /// The token value an override of this type stands for.
    @usableFromInline package let tokenValue: @Sendable (Value) -> TokenValue

    @inlinable
    package init(_ tokenTypes: [TokenType], read: @escaping @Sendable (_ theme: Theme, _ index: Int) -> Value?,
        tokenValue: @escaping @Sendable (Value) -> TokenValue)
    {
        self.tokenTypes = tokenTypes
        self.read = read
        self.tokenValue = tokenValue
    }

    /// Whether tokens of `type` are read as `Value`.
    @inlinable
    package func reads(_ type: TokenType) -> Bool { tokenTypes.contains(type) }
}

extension ThemeValue {
    /// The token types read as this type.
    @inlinable
    static var tokenTypes: [TokenType] { themeValueCoding.tokenTypes }

    /// Whether tokens of `type` are read as this type.
    @inlinable
    static func reads(_ type: TokenType) -> Bool { themeValueCoding.reads(type) }

    /// The value at a value index of a theme, whose token is of one of `tokenTypes`.
    @inlinable
    static func read(_ theme: Theme, at index: Int) -> Self? { themeValueCoding.read(theme, index) }

    /// The token value an override of this value stands for.
    var tokenValue: TokenValue { Self.themeValueCoding.tokenValue(self) }

    /// Non-scalar values come from the value column.
    static func stored(_ theme: Theme, _ index: Int) -> TokenValue? { theme.storage.values[index] }
}

extension ThemeColor: ThemeValue {
    @inlinable
    public static var themeValueCoding: ThemeValueCoding<ThemeColor> {
        ThemeValueCoding([.color]) { theme, index in
            let scalar = theme.storage.scalars[index]
            return ThemeColor(scalar.tag == 1 ? .displayP3 : .sRGB, red: scalar.a, green: scalar.b, blue: scalar.c, alpha: scalar.d)
        } tokenValue: { .color($0.tokenColor) }
    }
}

extension TokenDimension: ThemeValue {
    @inlinable
    public static var themeValueCoding: ThemeValueCoding<TokenDimension> {
        ThemeValueCoding([.dimension]) { theme, index in
            let scalar = theme.storage.scalars[index]
            return TokenDimension(scalar.a, ThemeScalar.unit(scalar.tag))
        } tokenValue: { .dimension($0) }
    }

    /// Points on Apple platforms: `px` as they are, `rem` and `em` times 16.
    public var points: Double { unit == .px ? value : value * 16 }
}

extension Double: ThemeValue {
    /// Numbers, font weights, and dimensions in points.
    @inlinable
    public static var themeValueCoding: ThemeValueCoding<Double> {
        ThemeValueCoding([.number, .fontWeight, .dimension]) { theme, index in
            let scalar = theme.storage.scalars[index]
            // A dimension's tag is its unit: rem and em are 16 points.
            return scalar.tag == 0 ? scalar.a : scalar.a * 16
        } tokenValue: { .number($0) }
    }
}

extension Bool: ThemeValue {
    @inlinable
    public static var themeValueCoding: ThemeValueCoding<Bool> {
        ThemeValueCoding([.boolean]) { theme, index in theme.storage.scalars[index].a != 0 } tokenValue: { .boolean($0) }
    }
}

extension TokenDuration: ThemeValue {
    @inlinable
    public static var themeValueCoding: ThemeValueCoding<TokenDuration> {
        ThemeValueCoding([.duration]) { theme, index in
            let scalar = theme.storage.scalars[index]
            return TokenDuration(scalar.a, scalar.tag == 0 ? .ms : .s)
        } tokenValue: { .duration($0) }
    }
}

extension CubicBezier: ThemeValue {
    @inlinable
    public static var themeValueCoding: ThemeValueCoding<CubicBezier> {
        ThemeValueCoding([.cubicBezier]) { theme, index in
            let scalar = theme.storage.scalars[index]
            return CubicBezier(scalar.a, scalar.b, scalar.c, scalar.d)
        } tokenValue: { .cubicBezier($0) }
    }
}

extension TokenColor: ThemeValue {
    public static var themeValueCoding: ThemeValueCoding<TokenColor> {
        ThemeValueCoding([.color]) { theme, index in
            if case .color(let color)? = stored(theme, index) { return color }
            return nil
        } tokenValue: { .color($0) }
    }
}

extension String: ThemeValue {
    public static var themeValueCoding: ThemeValueCoding<String> {
        ThemeValueCoding([.string]) { theme, index in
            if case .string(let text)? = stored(theme, index) { return text }
            return nil
        } tokenValue: { .string($0) }
    }
}

extension Typography: ThemeValue {
    public static var themeValueCoding: ThemeValueCoding<Typography> {
        ThemeValueCoding([.typography]) { theme, index in
            if case .typography(let typography)? = stored(theme, index) { return typography }
            return nil
        } tokenValue: { .typography($0) }
    }
}

extension Border: ThemeValue {
    public static var themeValueCoding: ThemeValueCoding<Border> {
        ThemeValueCoding([.border]) { theme, index in
            if case .border(let border)? = stored(theme, index) { return border }
            return nil
        } tokenValue: { .border($0) }
    }
}

extension TokenTransition: ThemeValue {
    public static var themeValueCoding: ThemeValueCoding<TokenTransition> {
        ThemeValueCoding([.transition]) { theme, index in
            if case .transition(let transition)? = stored(theme, index) { return transition }
            return nil
        } tokenValue: { .transition($0) }
    }
}

extension TokenStrokeStyle: ThemeValue {
    public static var themeValueCoding: ThemeValueCoding<TokenStrokeStyle> {
        ThemeValueCoding([.strokeStyle]) { theme, index in
            if case .strokeStyle(let style)? = stored(theme, index) { return style }
            return nil
        } tokenValue: { .strokeStyle($0) }
    }
}

extension TokenValue: ThemeValue {
    /// Every type.
    public static var themeValueCoding: ThemeValueCoding<TokenValue> {
        ThemeValueCoding(TokenType.allCases) { theme, index in stored(theme, index) } tokenValue: { $0 }
    }
}

/// A shadow token's layers, bottom first.
public struct ShadowLayers: ThemeValue, Hashable {
    public var layers: [Shadow]
    public init(_ layers: [Shadow]) { self.layers = layers }
    public static var themeValueCoding: ThemeValueCoding<ShadowLayers> {
        ThemeValueCoding([.shadow]) { theme, index in
            if case .shadow(let layers, _)? = stored(theme, index) { return ShadowLayers(layers) }
            return nil
        } tokenValue: { .shadow($0.layers, isList: $0.layers.count != 1) }
    }
}

/// A gradient token's stops.
public struct GradientStops: ThemeValue, Hashable {
    public var stops: [GradientStop]
    public init(_ stops: [GradientStop]) { self.stops = stops }
    public static var themeValueCoding: ThemeValueCoding<GradientStops> {
        ThemeValueCoding([.gradient]) { theme, index in
            if case .gradient(let stops)? = stored(theme, index) { return GradientStops(stops) }
            return nil
        } tokenValue: { .gradient($0.stops) }
    }
}

/// A font family token's names, most preferred first.
public struct FontFamily: ThemeValue, Hashable {
    public var names: [String]
    public init(_ names: [String]) { self.names = names }
    public static var themeValueCoding: ThemeValueCoding<FontFamily> {
        ThemeValueCoding([.fontFamily]) { theme, index in
            if case .fontFamily(let names, _)? = stored(theme, index) { return FontFamily(names) }
            return nil
        } tokenValue: { .fontFamily($0.names, isList: $0.names.count != 1) }
    }
}
