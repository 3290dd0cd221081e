/// A strict RFC 8259 JSON parser that records the byte offset of every value and reports
/// every problem as a located diagnostic instead of failing or crashing.
///
/// Problems that leave the structure intact (duplicate keys, bad escapes, lone surrogates,
/// invalid UTF-8 or control characters in strings, leading zeros, numbers out of range, a
/// byte order mark) are reported and parsing goes on, so one run shows them all. A structural
/// error ends the file. Nesting deeper than `maximumDepth` is an error, never a stack overflow.
///
/// - Complexity: O(n) in the size of the input.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    public struct Options: Sendable {
        /// Accept `//` and `/* */` comments and trailing commas (JSONC), for `.jsonc` files.
        public var allowComments = false
        public init(allowComments: Bool = false) { self.allowComments = allowComments }
    }

    let file: SourceFile
    let options: Options

    public init(file: SourceFile, options: Options = Options()) {
        self.file = file
        self.options = options
    }

    /// Parses the whole file. Returns the root value, or `nil` when a structural error stopped
    /// parsing; `diagnostics` holds everything found either way.
    public func parse(into diagnostics: inout [Diagnostic]) -> JSONValue? {
        file.bytes.withUnsafeBufferPointer { buffer in
            var state = JSONScanner(bytes: buffer, file: file, allowComments: options.allowComments)
            let root = state.parseDocument()
            diagnostics.append(contentsOf: state.diagnostics)
            return root
        }
    }
}

struct JSONScanStop: Error {}

struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: SourceFile
    let allowComments: Bool
    var position = 0
    var diagnostics: [Diagnostic] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: SourceFile, allowComments: Bool) {
        self.bytes = bytes
        self.file = file
        self.allowComments = allowComments
    }

    mutating func report(
        _ message: DiagnosticMessage, at offset: Int, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
        let location = SourceAnchor(file: file, offset: offset).location()
        diagnostics.append(Diagnostic(message, at: location, notes: notes, fixIts: fixIts))
    }

    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    /// Reports and skips a UTF-8 byte order mark at the start.
    mutating func checkByteOrderMark() {
        if position == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            report(.byteOrderMark, at: 0, fixIts: [Diagnostic.FixIt("remove the byte order mark", replacing: 0..<3, in: file, with: "")])
            position = 3
        }
    }

    mutating func parseDocument() -> JSONValue? {
        checkByteOrderMark()
        do {
            try skipWhitespace()
            if position >= bytes.count {
                report(.emptyJSON, at: position)
                return nil
            }
            let root = try parseValue(depth: 0)
            try skipWhitespace()
            if position < bytes.count {
                report(.unexpectedAfterValue(describe(at: position)), at: position)
            }
            return root
        } catch {
            return nil
        }
    }

    mutating func fail(_ message: DiagnosticMessage, at offset: Int) -> JSONScanStop {
        report(message, at: offset)
        return JSONScanStop()
    }

    mutating func skipWhitespace() throws(JSONScanStop) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20:
                position += 1
                while position + 8 <= bytes.count, ByteScan.word(bytes, at: position) == ByteScan.spaces { position += 8 }
            case 0x0A, 0x0D, 0x09: position += 1
            case UInt8(ascii: "/") where allowComments: try skipComment()
            default: return
            }
        }
    }

    mutating func skipComment() throws(JSONScanStop) {
        let start = position
        guard position + 1 < bytes.count else { throw fail(.strayCommentSlash, at: start) }
        if bytes[position + 1] == UInt8(ascii: "/") {
            while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        } else if bytes[position + 1] == UInt8(ascii: "*") {
            position += 2
            while position + 1 < bytes.count,
                !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/"))
            {
                position += 1
            }
            guard position + 1 < bytes.count else { throw fail(.unterminatedComment, at: start) }
            position += 2
        } else {
            throw fail(.strayCommentSlash, at: start)
        }
    }

    mutating func parseValue(depth: Int) throws(JSONScanStop) -> JSONValue {
        guard position < bytes.count else { throw fail(.expectedValue(found: "end of file"), at: position) }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            return JSONValue(.object(try parseObject(depth: depth + 1)), offset: start)
        case UInt8(ascii: "["):
            return JSONValue(.array(try parseArray(depth: depth + 1)), offset: start)
        case UInt8(ascii: "\""):
            return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "'"):
            throw fail(.singleQuotedString, at: start)
        default:
            throw fail(.expectedValue(found: describe(at: start)), at: start)
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONScanStop) {
        let start = position
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard start + count <= bytes.count else { return false }
            for index in 0..<count where bytes[start + index] != expected[index] { return false }
            return true
        }
        guard matches else { throw fail(.expectedValue(found: describe(at: start)), at: start) }
        position += count
    }

    mutating func enter(depth: Int) throws(JSONScanStop) {
        if depth > JSONParser.maximumDepth {
            report(.nestedTooDeep(limit: JSONParser.maximumDepth), at: position)
            throw JSONScanStop()
        }
    }

    mutating func parseArray(depth: Int) throws(JSONScanStop) -> [JSONValue] {
        try enter(depth: depth)
        position += 1
        var elements: [JSONValue] = []
        guard try !closes(UInt8(ascii: "]")) else { return elements }
        repeat {
            elements.append(try parseValue(depth: depth))
        } while try !endMember(closing: UInt8(ascii: "]"), what: "an array element")
        return elements
    }

    mutating func parseObject(depth: Int) throws(JSONScanStop) -> [JSONMember] {
        try enter(depth: depth)
        position += 1
        var members: [JSONMember] = []
        var keys: PathTable? = nil
        guard try !closes(UInt8(ascii: "}")) else { return members }
        repeat {
            let (key, keyOffset) = try readKey()
            let value = try parseValue(depth: depth)
            if let first = Self.duplicateOffset(of: key, in: members.lazy.map { ($0.key, $0.keyOffset) }, set: &keys) {
                reportDuplicate(key, at: keyOffset, first: first)
            } else {
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            }
        } while try !endMember(closing: UInt8(ascii: "}"), what: "an object member")
        return members
    }

    /// After an opening bracket: whether the container closes at once (`[]`, `{}`).
    mutating func closes(_ closing: UInt8) throws(JSONScanStop) -> Bool {
        try skipWhitespace()
        guard position < bytes.count, bytes[position] == closing else { return false }
        position += 1
        return true
    }

    /// Reads `"key":` and the whitespace after it.
    mutating func readKey() throws(JSONScanStop) -> (key: String, offset: Int) {
        try skipWhitespace()
        guard position < bytes.count else { throw fail(.unterminatedObjectKey, at: position) }
        guard bytes[position] == UInt8(ascii: "\"") else {
            throw fail(.expectedKey(found: describe(at: position)), at: position)
        }
        let offset = position
        let key = try parseString()
        try skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw fail(.expectedColon(afterKey: key, found: describe(at: position)), at: position)
        }
        position += 1
        try skipWhitespace()
        return (key, offset)
    }

    /// After a member or element: consumes `,` (then returns false) or the closing bracket
    /// (then returns true). A trailing comma is an error except in JSONC, where it closes.
    mutating func endMember(closing: UInt8, what: String) throws(JSONScanStop) -> Bool {
        try skipWhitespace()
        let closingText = closing == UInt8(ascii: "}") ? "'}'" : "']'"
        guard position < bytes.count else {
            throw fail(.unterminated(closing == UInt8(ascii: "}") ? "object" : "array", closing: closingText), at: position)
        }
        if bytes[position] == closing {
            position += 1
            return true
        }
        guard bytes[position] == UInt8(ascii: ",") else {
            throw fail(.expectedSeparator(closing: closingText, after: what, found: describe(at: position)), at: position)
        }
        let comma = position
        position += 1
        try skipWhitespace()
        if position < bytes.count, bytes[position] == closing {
            guard allowComments else { throw fail(.trailingComma(before: closingText), at: comma) }
            position += 1
            return true
        }
        return false
    }

    mutating func reportDuplicate(_ key: String, at offset: Int, first: Int) {
        report(
            .duplicateKey(key), at: offset,
            notes: [Diagnostic.Note("'\(key)' first appears here", at: SourceAnchor(file: file, offset: first).location()),
                Diagnostic.Note("remove or rename one of the two '\(key)' members")])
    }

    /// The offset of the earlier member named `key` among `members` (the keys of one object so
    /// far, with their offsets), or nil when `key` is new. Small objects are scanned; from 24
    /// members on, `set` (built once, then kept up to date) answers instead.
    static func duplicateOffset<Members: Collection>(
        of key: String, in members: Members, set: inout PathTable?
    ) -> Int? where Members.Element == (key: String, offset: Int) {
        if members.count < 24 {
            return members.first { $0.key.sameCodePoints(as: key) }?.offset
        }
        if set == nil {
            var keys = PathTable(minimumCapacity: members.count * 2)
            for member in members { keys.insert(member.key) }
            set = keys
        }
        if set!.insert(key).inserted { return nil }
        return members.first { $0.key.sameCodePoints(as: key) }?.offset
    }
}
