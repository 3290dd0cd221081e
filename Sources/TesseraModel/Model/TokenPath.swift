/// A token or group path as written: `color.accent.600`.
///
/// Its identity is its Unicode scalars (code points), not canonical equivalence: `café` written
/// with `é` (U+00E9) and with `e` + U+0301 are two paths, as they are two keys in JSON, so they
/// are never merged or dropped on the way to an output. (Two names of one group that are
/// canonically equivalent are reported, `name.equivalent`, because they look the same.) Paths
/// sort in code point order, the byte order of their UTF-8.
public struct TokenPath: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The dot-separated path.
    public let string: String

    @inlinable public init(_ string: String) { self.string = string }
    public init(stringLiteral value: String) { string = value }

    /// The names from the root down.
    public var segments: [String] {
        string.isEmpty ? [] : string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public var description: String { string }

    @inlinable public static func == (lhs: TokenPath, rhs: TokenPath) -> Bool { lhs.string.sameCodePoints(as: rhs.string) }

    @inlinable public func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    @inlinable public static func < (lhs: TokenPath, rhs: TokenPath) -> Bool { lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8) }
}

extension String {
    /// Code point order (the byte order of UTF-8), the order paths sort in.
    @inlinable package func precedesInCodePoints(_ other: String) -> Bool { utf8.lexicographicallyPrecedes(other.utf8) }

    /// Whether this path is `other` or a path inside it, code point by code point.
    @inlinable package func isPath(inside other: String) -> Bool {
        let count = other.utf8.count
        guard utf8.count >= count, utf8.prefix(count).elementsEqual(other.utf8) else { return false }
        return utf8.count == count || utf8.dropFirst(count).first == UInt8(ascii: ".")
    }

    /// Equal code point by code point (not merely canonically equivalent).
    /// (`==` first: it is the fast comparison, and strings that differ under it differ in
    /// code points too.)
    @inlinable package func sameCodePoints(as other: String) -> Bool { self == other && utf8.elementsEqual(other.utf8) }
}
