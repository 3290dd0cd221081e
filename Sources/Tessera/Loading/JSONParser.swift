/// A strict RFC 8259 JSON parser that records the byte offset of every value and reports
/// every problem as a located diagnostic instead of failing or crashing.
///
/// Problems that leave the structure intact (duplicate keys, bad escapes, lone surrogates,
/// invalid UTF-8 or control characters in strings, leading zeros, numbers out of range, a
/// byte order mark) are reported and parsing goes on, so one run shows them all. Structural
/// errors are recovered from as a compiler does: a missing comma is assumed, a trailing comma
/// dropped, a comment skipped, and after anything else parsing resynchronises at the next
/// member or closing bracket, so the rest of the file is still read and every error in it
/// reported. A brace missing before the end of the file is put back where the indentation
/// says it belongs (see `JSONScanner.suspects`). Nesting deeper than `maximumDepth` is an
/// error, never a stack overflow, and ends the file.
///
/// - Complexity: O(n) in the size of the input (a missing brace costs at most
///   `maximumRepairs` more passes).
package struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 512

    /// How many missing closing brackets are put back where the indentation says they belong,
    /// each at the cost of one more pass over the file.
    package static let maximumRepairs = 4

    package struct Options: Sendable {
        /// Accept `//` and `/* */` comments and trailing commas (JSONC), for `.jsonc` files.
        package var allowComments = false
        package init(allowComments: Bool = false) { self.allowComments = allowComments }
    }

    let file: SourceFile
    let options: Options

    package init(file: SourceFile, options: Options = Options()) {
        self.file = file
        self.options = options
    }

    /// Parses the whole file. Returns the root value (when the file has syntax errors, what
    /// recovering from them made of it), or `nil` when nothing could be read; `diagnostics`
    /// holds everything found.
    package func parse(into diagnostics: inout [Diagnostic]) -> JSONValue? {
        let (root, found) = file.bytes.withUnsafeBufferPointer { buffer in
            JSONScanner.repairing { repairs in
                var state = JSONScanner(bytes: buffer, file: file, allowComments: options.allowComments)
                state.repairs = repairs
                let root = state.parseDocument()
                return ((root, state.diagnostics), state.outcome)
            }
        }
        diagnostics.append(contentsOf: found)
        return root
    }

    /// Parses the whole file; `nil` unless it is well-formed, so that nothing is read from a
    /// guess. `diagnostics` holds every problem found either way.
    package func parseWellFormed(into diagnostics: inout [Diagnostic]) -> JSONValue? {
        let before = diagnostics.count
        let root = parse(into: &diagnostics)
        return diagnostics[before...].contains { $0.id == .jsonSyntax } ? nil : root
    }
}

/// Thrown by the scanner after it reported a structural error. A `fatal` stop (nesting too
/// deep, a file that is not UTF-8) ends the file; any other is recovered from by the object
/// or array being read.
struct JSONScanStop: Error {
    var fatal = false
}

struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: SourceFile
    let allowComments: Bool
    var position = 0
    var diagnostics: [Diagnostic] = []

    /// Where the line holding `position` starts, and how far it is indented (set as whitespace
    /// crosses line breaks): what the missing-brace repair compares.
    var lineStart = 0
    var lineIndent = 0
    /// The end of the last member or element read, where a missing ',' or bracket belongs.
    var lastValueEnd = 0
    /// Offsets where a closing bracket may be missing: after the last member before one that
    /// starts a line indented no deeper than the line opening its object. When the file ends
    /// inside a container, the parse is run again with one of them in `repairs` (`repairing`).
    var suspects: [Int] = []
    /// Offsets where the object or array being read is taken to close (a repair pass).
    var repairs: Set<Int> = []
    /// Whether the file ended inside an object or array; every enclosing one then closes
    /// quietly, so one error says so.
    var truncated = false
    /// Whether anything was recovered from: a missing or trailing comma, a skipped stretch, a
    /// missing bracket. The document is then what the recovery made of the file.
    var recovered = false
    var reportedComment = false
    /// Whether an error already said the file ends too soon (in a string, a comment, before a
    /// value), so that the containers left open are not reported again.
    var reportedEnd = false

    init(bytes: UnsafeBufferPointer<UInt8>, file: SourceFile, allowComments: Bool) {
        self.bytes = bytes
        self.file = file
        self.allowComments = allowComments
    }

    mutating func report(
        _ message: DiagnosticMessage, at offset: Int, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
        diagnostics.append(Diagnostic(message, at: location(at: offset), notes: notes, fixIts: fixIts))
    }

    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    /// Reports and skips a UTF-8 byte order mark at the start; refuses UTF-16 and UTF-32 (a
    /// byte order mark of theirs, or a zero byte among the first two).
    mutating func checkEncoding() throws(JSONScanStop) {
        guard position == 0 else { return }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            report(.byteOrderMark, at: 0, fixIts: [Diagnostic.FixIt("remove the byte order mark", replacing: 0..<3, in: file, with: "")])
            position = 3
            return
        }
        let wide = bytes.count >= 2
            && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) || bytes[0] == 0 || bytes[1] == 0)
        if wide {
            let units = bytes.count >= 4 && bytes[2] == 0 && bytes[3] == 0 || bytes.count >= 4 && bytes[0] == 0 && bytes[1] == 0
                ? "UTF-32" : "UTF-16"
            report(.wideEncoding(units), at: 0)
            throw JSONScanStop(fatal: true)
        }
    }

    mutating func parseDocument() -> JSONValue? {
        do {
            try checkEncoding()
            try skipWhitespace()
            if position >= bytes.count {
                report(.emptyJSON, at: position)
                return nil
            }
            let root = try parseValue(depth: 0)
            try skipWhitespace()
            checkEnd()
            return root
        } catch {
            return nil
        }
    }

    /// After the root value: anything left is an error (unless the file already ended early).
    mutating func checkEnd() {
        if position < bytes.count, !truncated {
            report(.unexpectedAfterValue(describe(at: position)), at: position)
        }
    }

    mutating func fail(_ message: DiagnosticMessage, at offset: Int, fixIts: [Diagnostic.FixIt] = []) -> JSONScanStop {
        if position >= bytes.count { reportedEnd = true }
        report(message, at: offset, fixIts: fixIts)
        return JSONScanStop()
    }

    mutating func skipWhitespace() throws(JSONScanStop) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20:
                position += 1
                while position + 8 <= bytes.count, ByteScan.word(bytes, at: position) == ByteScan.spaces { position += 8 }
            case 0x0A:
                position += 1
                lineStart = position
                while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
                lineIndent = position - lineStart
            case 0x0D, 0x09: position += 1
            case UInt8(ascii: "/"):
                guard position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")
                else { return }
                try skipComment()
            default: return
            }
        }
    }

    /// Skips the comment at the position (`//` or `/*`). In a `.json` file the first one is an
    /// error that points at `.jsonc`; either way parsing goes on after it.
    mutating func skipComment() throws(JSONScanStop) {
        let start = position
        if !allowComments {
            recovered = true
            if !reportedComment {
                reportedComment = true
                report(.commentInJSON, at: start,
                    notes: [Diagnostic.Note("name the file '.jsonc' to allow comments and trailing commas")])
            }
        }
        if bytes[position + 1] == UInt8(ascii: "/") {
            while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        } else {
            position += 2
            while position + 1 < bytes.count,
                !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/"))
            {
                position += 1
            }
            guard position + 1 < bytes.count else {
                position = bytes.count
                throw fail(.unterminatedComment, at: start)
            }
            position += 2
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
            throw JSONScanStop(fatal: true)
        }
    }

    mutating func parseArray(depth: Int) throws(JSONScanStop) -> [JSONValue] {
        try enter(depth: depth)
        let container = Container(opener: position, indent: lineIndent, closing: UInt8(ascii: "]"))
        position += 1
        var elements: [JSONValue] = []
        var closed = try closes(container.closing)
        while !closed {
            do {
                elements.append(try parseValue(depth: depth))
                closed = try endMember(of: container)
            } catch let stop where !stop.fatal {
                closed = try resynchronize(container)
            }
        }
        return elements
    }

    mutating func parseObject(depth: Int) throws(JSONScanStop) -> [JSONMember] {
        try enter(depth: depth)
        var container = Container(opener: position, indent: lineIndent, closing: UInt8(ascii: "}"))
        position += 1
        var members: [JSONMember] = []
        var keys: PathTable? = nil
        var closed = try closes(container.closing)
        while !closed {
            do {
                let (key, keyOffset) = try readKey(in: &container)
                let value = try parseValue(depth: depth)
                if let first = Self.duplicateOffset(of: key, in: members.lazy.map { ($0.key, $0.keyOffset) }, set: &keys) {
                    let index = members.firstIndex { $0.keyOffset == first }!
                    if Self.isAnnotation(key, members[index].value, value, keys: Self.resolverAnnotations) {
                        reportDuplicateAnnotation(key, at: keyOffset, first: members[index])
                        members[index] = JSONMember(key: key, keyOffset: keyOffset, value: value)
                    } else {
                        reportDuplicate(key, at: keyOffset, first: first)
                    }
                } else {
                    members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
                }
                closed = try endMember(of: container)
            } catch let stop where !stop.fatal {
                closed = try resynchronize(container)
            }
        }
        return members
    }

    /// An object or array being read: where it opens, how far its line is indented, its
    /// closing bracket, and whether a member of it was already found dedented.
    struct Container {
        let opener: Int
        let indent: Int
        let closing: UInt8
        var members = 0
        var dedented = false

        var isObject: Bool { closing == UInt8(ascii: "}") }
        var kind: String { isObject ? "object" : "array" }
        var closingText: String { isObject ? "'}'" : "']'" }
        var memberKind: String { isObject ? "an object member" : "an array element" }
    }

    /// After an opening bracket: whether the container closes at once (`[]`, `{}`).
    mutating func closes(_ closing: UInt8) throws(JSONScanStop) -> Bool {
        try skipWhitespace()
        guard position < bytes.count, bytes[position] == closing else { return false }
        position += 1
        return true
    }

    /// Reads `"key":` and the whitespace after it. A key that starts a line indented no deeper
    /// than the object's own line, after other members, is where a '}' may be missing.
    mutating func readKey(in container: inout Container) throws(JSONScanStop) -> (key: String, offset: Int) {
        try skipWhitespace()
        if container.members > 0, !container.dedented, lineStart > lastValueEnd, lineStart > container.opener,
            lineIndent <= container.indent, position == lineStart + lineIndent
        {
            container.dedented = true
            suspects.append(lastValueEnd)
        }
        container.members += 1
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
    /// (then returns true). Slips are reported and recovered from: a missing ',' before what
    /// starts another member is assumed, a trailing comma is dropped (JSONC allows it), and
    /// the end of the file closes every open container with one error.
    mutating func endMember(of container: Container) throws(JSONScanStop) -> Bool {
        if truncated { return true }
        lastValueEnd = position
        if repairs.remove(position) != nil {
            recovered = true
            let (line, _) = file.lineAndColumn(at: container.opener)
            report(.missingClosing(container.kind, closing: container.closingText, openedOnLine: line), at: position,
                notes: [Diagnostic.Note("the \(container.kind) opens here", at: location(at: container.opener))],
                fixIts: [Diagnostic.FixIt("insert \(container.closingText)", inserting: Self.text(container.closing),
                    at: SourceAnchor(file: file, offset: position))])
            return true
        }
        try skipWhitespace()
        guard position < bytes.count else {
            endOfFile(inside: container)
            return true
        }
        let byte = bytes[position]
        if byte == container.closing {
            position += 1
            return true
        }
        guard byte == UInt8(ascii: ",") else {
            let startsMember = container.isObject ? byte == UInt8(ascii: "\"") : Self.startsValue(byte)
            guard startsMember else {
                throw fail(.expectedSeparator(closing: container.closingText, after: container.memberKind, found: describe(at: position)),
                    at: position)
            }
            recovered = true
            report(.missingComma(after: container.memberKind), at: lastValueEnd,
                fixIts: [Diagnostic.FixIt("insert ','", inserting: ",", at: SourceAnchor(file: file, offset: lastValueEnd))])
            return false
        }
        let comma = position
        position += 1
        try skipWhitespace()
        if position < bytes.count, bytes[position] == container.closing {
            if !allowComments {
                recovered = true
                report(.trailingComma(before: container.closingText), at: comma,
                    fixIts: [Diagnostic.FixIt("remove the trailing ','", replacing: comma..<comma + 1, in: file, with: "")])
            }
            position += 1
            return true
        }
        return false
    }

    /// The file ends inside `container`: one error, at the end, and every container closes.
    mutating func endOfFile(inside container: Container) {
        truncated = true
        recovered = true
        report(.unterminated(container.kind, closing: container.closingText), at: bytes.count,
            notes: [Diagnostic.Note("the \(container.kind) opens here", at: location(at: container.opener))],
            fixIts: [Diagnostic.FixIt("insert \(container.closingText)", inserting: Self.text(container.closing),
                at: SourceAnchor(file: file, offset: bytes.count))])
    }

    /// After an error inside `container`: skips to where reading can go on, following strings
    /// and nesting. Returns false at the next member (after a ',' at this level, or, in an
    /// object, at a key that starts a new line), true when the container closed (its bracket
    /// consumed, or a bracket that closes an enclosing one left for it), or at the end of file.
    mutating func resynchronize(_ container: Container) throws(JSONScanStop) -> Bool {
        recovered = true
        if truncated { return true }
        var depth = 0
        var newLine = false
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                if depth == 0, newLine, container.isObject, keyFollows() { return false }
                skipLooseString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 {
                    if byte == container.closing { position += 1 }
                    return true
                }
                depth -= 1
                position += 1
            case UInt8(ascii: ","):
                position += 1
                if depth == 0 { return false }
            case 0x0A:
                newLine = true
                position += 1
            default:
                position += 1
            }
        }
        truncated = true
        if !reportedEnd { endOfFile(inside: container) }
        return true
    }

    /// Whether a string at the position is followed by ':' (it is a key).
    func keyFollows() -> Bool {
        var scout = self
        scout.skipLooseString()
        while scout.position < bytes.count, bytes[scout.position] != 0x0A, Self.isSpace(bytes[scout.position]) { scout.position += 1 }
        return scout.position < bytes.count && bytes[scout.position] == UInt8(ascii: ":")
    }

    /// Skips a string without checking it: to its closing quote, or to the end of its line.
    mutating func skipLooseString() {
        position += 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""): position += 1; return
            case UInt8(ascii: "\\"): position += 2
            case 0x0A: return
            default: position += 1
            }
        }
        position = min(position, bytes.count)
    }

    static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default: false
        }
    }

    static func text(_ closing: UInt8) -> String { String(Character(Unicode.Scalar(closing))) }

    func location(at offset: Int) -> SourceLocation { SourceAnchor(file: file, offset: offset).location() }

    /// JSON whitespace (RFC 8259): space, tab, line feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// What a pass found that decides whether to run another with a bracket put back.
    struct Outcome {
        var truncated: Bool
        var suspects: [Int]
        var syntaxErrors: Int
    }

    var outcome: Outcome {
        Outcome(truncated: truncated, suspects: suspects,
            syntaxErrors: diagnostics.reduce(0) { $0 + ($1.id == .jsonSyntax ? 1 : 0) })
    }

    /// Runs `pass` (one parse of the file with the given repairs). While a pass ends inside a
    /// container, the places where the indentation says a bracket may be missing are tried in
    /// the order they come, the earliest first (where the structure first leaves the
    /// indentation), one more pass each and at most `JSONParser.maximumRepairs`. A repair is
    /// kept when its pass reports no more syntax errors than the best pass so far.
    static func repairing<Result>(_ pass: (Set<Int>) -> (Result, Outcome)) -> Result {
        var repairs: Set<Int> = []
        var tried: Set<Int> = []
        var (best, outcome) = pass(repairs)
        while tried.count < JSONParser.maximumRepairs, outcome.truncated,
            let next = outcome.suspects.first(where: { !tried.contains($0) && !repairs.contains($0) })
        {
            tried.insert(next)
            let (result, nextOutcome) = pass(repairs.union([next]))
            if nextOutcome.syntaxErrors <= outcome.syntaxErrors {
                repairs.insert(next)
                (best, outcome) = (result, nextOutcome)
            }
        }
        return best
    }

    /// Keys that only annotate (their values are strings nothing else reads): in a resolver
    /// document, `description` and `name`; in token files, `$description`.
    static let resolverAnnotations: Set<String> = ["description", "name", "$description"]
    static let tokenAnnotations: Set<String> = ["$description"]

    /// Whether a key written twice only repeats an annotation, so that nothing but the
    /// wording is lost: a warning, the last one kept, as JavaScript's JSON reading does.
    static func isAnnotation(_ key: String, _ first: JSONValue, _ second: JSONValue, keys: Set<String>) -> Bool {
        keys.contains(key) && first.string != nil && second.string != nil
    }

    mutating func reportDuplicateAnnotation(_ key: String, at offset: Int, first: JSONMember) {
        report(.duplicateAnnotation(key), at: offset,
            notes: [Diagnostic.Note("the first '\(key)', not used, is here", at: location(at: first.keyOffset))],
            fixIts: [Diagnostic.FixIt("remove the first '\(key)'", replacing: memberRange(first), in: file, with: "")])
    }

    /// The bytes of `member`, with the comma after it (or, for the last member, the comma
    /// before it), for an edit that removes the member.
    func memberRange(_ member: JSONMember) -> Range<Int> {
        let end = file.jsonValueRange(at: member.value.offset).upperBound
        var after = end
        while after < bytes.count, Self.isSpace(bytes[after]) { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ",") {
            after += 1
            while after < bytes.count, Self.isSpace(bytes[after]) { after += 1 }
            return member.keyOffset..<after
        }
        var before = member.keyOffset
        while before > 0, Self.isSpace(bytes[before - 1]) { before -= 1 }
        if before > 0, bytes[before - 1] == UInt8(ascii: ",") { return (before - 1)..<end }
        return member.keyOffset..<end
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
