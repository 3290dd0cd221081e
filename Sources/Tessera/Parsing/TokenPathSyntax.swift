import Foundation

/// Token names, paths, curly-brace references and JSON pointers.
package enum TokenPathSyntax {
    /// The parent group path of a dot-separated path; `nil` at the top level.
    package static func parent(of path: String) -> String? {
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return path.isEmpty ? nil : "" }
        return String(path[..<dot])
    }

    /// The names of a path, root first.
    package static func names(of path: String) -> [String] {
        // Split at the `.` bytes: a `.` is never part of a longer UTF-8 sequence.
        path.isEmpty ? [] : path.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { String(Substring($0)) }
    }

    package static func join(_ parent: String, _ name: String) -> String {
        if parent.isEmpty { return name }
        var path = ""
        path.reserveCapacity(parent.utf8.count + name.utf8.count + 1)
        path += parent
        path += "."
        path += name
        return path
    }

    /// Why a name is not allowed, or `nil` when it is fine.
    package static func problem(withName name: String) -> String? {
        let utf8 = name.utf8
        if utf8.isEmpty { return "names cannot be empty" }
        if utf8.first == UInt8(ascii: "$") && name != "$root" { return "names cannot start with '$'" }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "."): return "names cannot contain '.'"
            case UInt8(ascii: "{"), UInt8(ascii: "}"): return "names cannot contain '{' or '}'"
            default: continue
            }
        }
        return nil
    }

    /// A name from another format made one `problem(withName:)` accepts: `.`, `{` and `}`
    /// become `_`, and so does a leading `$` (`$root` included: it means something in DTCG).
    /// An empty name stays empty.
    package static func safeName(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "$") })
        else { return name }
        var safe = String(name.map { "{}.".contains($0) ? "_" : $0 })
        if safe.hasPrefix("$") { safe = "_" + safe.dropFirst() }
        return safe
    }

    /// The path inside a whole-value reference such as `{color.blue}`, or `nil` when the
    /// string is not a reference.
    package static func referencedPath(in text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.count >= 2, utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}") else { return nil }
        return String(text[utf8.index(after: utf8.startIndex)..<utf8.index(before: utf8.endIndex)])
    }

    /// Whether the referenced path is well formed: non-empty names, no braces.
    package static func isWellFormedReference<Path: StringProtocol>(_ path: Path) -> Bool {
        var previous = UInt8(ascii: ".")
        for byte in path.utf8 {
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return false }
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
            previous = byte
        }
        return previous != UInt8(ascii: ".")
    }

    /// The path inside a whole-value reference, as bytes, when it is well formed.
    static func referencedPath(in text: UnsafeBufferPointer<UInt8>) -> UnsafeRawBufferPointer? {
        guard text.count >= 2, text[0] == UInt8(ascii: "{"), text[text.count - 1] == UInt8(ascii: "}") else { return nil }
        let inner = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text)[1..<text.count - 1])
        var previous = UInt8(ascii: ".")
        for byte in inner {
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return nil }
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return nil }
            previous = byte
        }
        return previous == UInt8(ascii: ".") ? nil : inner
    }

    /// The JSON pointer (RFC 6901) of a token path.
    package static func pointer(forPath path: String) -> String {
        guard !path.isEmpty else { return "" }
        if !path.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
            var bytes = [UInt8(ascii: "/")]
            bytes.reserveCapacity(path.utf8.count + 1)
            for byte in path.utf8 { bytes.append(byte == UInt8(ascii: ".") ? UInt8(ascii: "/") : byte) }
            return String(decoding: bytes, as: UTF8.self)
        }
        return "/" + path.split(separator: ".", omittingEmptySubsequences: false).map { escape(String($0)) }
            .joined(separator: "/")
    }

    package static func escape(_ segment: String) -> String {
        guard segment.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return segment }
        return segment.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The reference tokens of a `#/a/b` pointer, unescaped; `nil` when it is not a
    /// same-document pointer or has a bad escape.
    package static func pointerSegments(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("#") else { return nil }
        let body = pointer.dropFirst()
        if body.isEmpty { return [] }
        guard body.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in body.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var segment = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                if character == "~" {
                    switch iterator.next() {
                    case "0": segment.append("~")
                    case "1": segment.append("/")
                    default: return nil
                    }
                } else {
                    segment.append(character)
                }
            }
            segments.append(segment.removingPercentEncodingIfNeeded)
        }
        return segments
    }
}

extension String {
    fileprivate var removingPercentEncodingIfNeeded: String {
        contains("%") ? (removingPercentEncoding ?? self) : self
    }
}
