import Foundation

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

    @inlinable public static func < (lhs: TokenPath, rhs: TokenPath) -> Bool { lhs.string.precedesInCodePoints(rhs.string) }
}

extension String {
    /// Code point order (the byte order of UTF-8), the order paths sort in.
    /// Compared on the strings' UTF-8 bytes at once where both have them contiguous (native
    /// strings do): the generic element-by-element comparison was the largest single cost of
    /// sorting a large system's paths.
    @inlinable package func precedesInCodePoints(_ other: String) -> Bool {
        let fast = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in String.compareBytes(lhs, rhs) < 0 }
        }
        if let fast, let result = fast { return result }
        return utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// The byte order of two buffers: negative, zero or positive, as `memcmp`, a shorter prefix
    /// first.
    @inlinable package static func compareBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = Swift.min(lhs.count, rhs.count)
        if shared > 0, let left = lhs.baseAddress, let right = rhs.baseAddress {
            let order = memcmp(left, right, shared)
            if order != 0 { return Int(order) }
        }
        return lhs.count - rhs.count
    }

    /// Whether this path is `other` or a path inside it, code point by code point.
    @inlinable package func isPath(inside other: String) -> Bool {
        let count = other.utf8.count
        guard utf8.count >= count, utf8.prefix(count).elementsEqual(other.utf8) else { return false }
        return utf8.count == count || utf8.dropFirst(count).first == UInt8(ascii: ".")
    }

    /// Equal code point by code point (not merely canonically equivalent): the same UTF-8
    /// bytes, compared at once where both strings have them contiguous.
    @inlinable package func sameCodePoints(as other: String) -> Bool {
        let fast = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in lhs.count == rhs.count && String.compareBytes(lhs, rhs) == 0 }
        }
        if let fast, let result = fast { return result }
        return self == other && utf8.elementsEqual(other.utf8)
    }
}
