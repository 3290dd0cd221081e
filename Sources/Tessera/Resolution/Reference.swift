/// A reference found in a value: a curly-brace alias `{a.b}` or a JSON pointer
/// `{"$ref": "#/a/b/$value/components/0"}`.
struct Reference: Sendable {
    /// The dot-separated path of the referenced token.
    var path: String
    /// For a pointer into a token's `$value`: the segments after `$value`.
    var tail: [String]
    /// Where the reference is written.
    var offset: Int
    /// The reference as written, for messages.
    var text: String
    /// A JSON pointer that names a token object (`#/color/red`) where a value is expected
    /// (`#/color/red/$value`).
    var namesTokenObject = false

    enum Parsed {
        case none
        case reference(Reference)
        case malformed(DiagnosticMessage)
    }

    /// Recognises a reference in a JSON value.
    static func parse(_ node: JSONValue) -> Parsed {
        switch node.storage {
        case .string(let text):
            guard let path = TokenPathSyntax.referencedPath(in: text) else { return unclosed(text) }
            guard TokenPathSyntax.isWellFormedReference(path) else {
                return .malformed(.malformedReference(text))
            }
            return .reference(Reference(path: path, tail: [], offset: node.offset, text: text))
        case .object(let members):
            guard members.count == 1, members[0].key == "$ref" else { return .none }
            guard let pointer = members[0].value.string else {
                return .malformed(.refNotAString)
            }
            guard let segments = TokenPathSyntax.pointerSegments(pointer), !segments.isEmpty else {
                return .malformed(.refNotAPointer(pointer))
            }
            if let valueIndex = segments.firstIndex(of: "$value") {
                let path = segments[..<valueIndex].joined(separator: ".")
                return .reference(Reference(path: path, tail: Array(segments[(valueIndex + 1)...]),
                    offset: members[0].value.offset, text: pointer))
            }
            return .reference(Reference(path: segments.joined(separator: "."), tail: [], offset: members[0].value.offset,
                text: pointer, namesTokenObject: true))
        default:
            return .none
        }
    }

    /// A string that is a reference but for one brace (`{color.blue.500`, `color.blue.500}`):
    /// a dotted path without spaces, with a brace at one end only.
    static func unclosed(_ text: String) -> Parsed {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last,
            (first == UInt8(ascii: "{")) != (last == UInt8(ascii: "}")), utf8.count > 2
        else { return .none }
        let inner = first == UInt8(ascii: "{") ? text.dropFirst() : text.dropLast()
        guard inner.utf8.contains(UInt8(ascii: ".")), !inner.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 }),
            TokenPathSyntax.isWellFormedReference(inner)
        else { return .none }
        return .malformed(.unclosedReference(text, fixed: curly(String(inner))))
    }

    /// `{path}`.
    static func curly(_ path: String) -> String { "{" + path + "}" }

    /// The reference as written, in the same notation, naming `path` instead: a curly alias
    /// stays one; a JSON pointer keeps its part inside the token's value, and points at the
    /// value (`…/$value`) unless it stands for a whole token object (`wholeToken`).
    func retargeted(to path: String, wholeToken: Bool = false) -> String {
        guard let segments = TokenPathSyntax.pointerSegments(text) else { return Self.curly(path) }
        let intoValue = segments.contains("$value") || !wholeToken
        return "#" + TokenPathSyntax.pointer(forPath: path)
            + (intoValue ? "/$value" + tail.map { "/" + TokenPathSyntax.escape($0) }.joined() : "")
    }

    /// Every reference inside a value, whole or nested, in source order.
    static func collect(in node: JSONValue, into references: inout [Parsed]) {
        switch parse(node) {
        case .none: break
        case let parsed:
            references.append(parsed)
            return
        }
        switch node.storage {
        case .array(let elements):
            for element in elements { collect(in: element, into: &references) }
        case .object(let members):
            for member in members { collect(in: member.value, into: &references) }
        default:
            break
        }
    }
}
