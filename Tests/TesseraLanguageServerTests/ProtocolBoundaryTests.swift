import Foundation
import Tessera
import TesseraConformanceKit
import TesseraLanguageServer
import TesseraTestSupport
import Testing

/// Where a message stops being JSON, and where a position lands in a line: the server reads
/// messages with the engine's JSON parser and counts positions with the engine's line table.
/// Expected values are worked out by hand here, never taken from the code under test.
@Suite struct ProtocolBoundaryTests {
    // MARK: - Messages

    struct Message: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// The value read; nil when the message is not well-formed JSON (ParseError).
        let value: JSON?
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ value: JSON?) {
            self.init(name, Array(text.utf8), value)
        }

        init(_ name: String, _ bytes: [UInt8], _ value: JSON?) {
            (self.name, self.bytes, self.value) = (name, bytes, value)
        }
    }

    static func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }

    static func nestedValue(_ depth: Int) -> JSON {
        (1..<depth).reduce(JSON.array([])) { inner, _ in .array([inner]) }
    }

    static let messages: [Message] = [
        Message("an object", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"params\": [true, false, null, -2.5]}",
            .object(["jsonrpc": .string("2.0"), "id": .number(1), "params": .array([.bool(true), .bool(false), .null, .number(-2.5)])])),
        Message("whitespace around", " \t\r\n{}\n", .object([:])),
        Message("escapes and a surrogate pair", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"", .string("\"\\/\u{08}\u{0C}\n\r\té😀")),
        Message("a huge integer", "123456789012345678901234567890", .number(1.2345678901234568e29)),
        Message("a number too small to tell from zero", "1e-400", .number(0)),
        Message("a repeated annotation keeps the last", "{\"name\": \"a\", \"name\": \"b\"}", .object(["name": .string("b")])),
        Message("nested 512 deep", nested(512), nestedValue(512)),
        Message("not JSON", "{not json", nil),
        Message("nothing", "", nil),
        Message("only whitespace", "  \n", nil),
        Message("nested 513 deep", nested(513), nil),
        Message("nested 10,000 deep", nested(10_000), nil),
        Message("nested 10,000 deep in objects", String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000), nil),
        Message("a number too large for a double", "1e400", nil),
        Message("a negative number too large", "[-1e400]", nil),
        Message("leading zeros", "01", nil),
        Message("a plus sign", "+1", nil),
        Message("no digit before the point", ".5", nil),
        Message("no digit after the point", "1.", nil),
        Message("a trailing comma", "[1,]", nil),
        Message("a comment", "// note\n{}", nil),
        Message("a byte order mark", [0xEF, 0xBB, 0xBF] + Array("{}".utf8), nil),
        Message("a duplicate key", "{\"id\": 1, \"id\": 2}", nil),
        Message("a lone high surrogate", "\"\\ud800\"", nil),
        Message("a lone low surrogate", "\"\\udc00\"", nil),
        Message("a high surrogate before another escape", "\"\\ud800\\u0041\"", nil),
        Message("an invalid escape", "\"\\x\"", nil),
        Message("a control character in a string", "\"a\u{01}b\"", nil),
        Message("invalid UTF-8 in a string", [0x22, 0xFF, 0xFE, 0x22], nil),
        Message("invalid UTF-8 outside a string", [0x5B, 0xC3, 0x5D], nil),
        Message("UTF-16", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], nil),
        Message("text after the value", "[1] 2", nil),
        Message("a single-quoted string", "['a']", nil),
    ]

    @Test(arguments: messages)
    func aMessageIsItsValueOrAParseError(_ message: Message) {
        #expect(JSON.parse(message.bytes) == message.value)
    }

    @Test func whatTheServerWritesReadsBack() {
        let value: JSON = .object([
            "text": .string("quote \" backslash \\ tab \t line\n control \u{01} emoji 😀"), "int": .number(42), "fraction": .number(0.1),
            "small": .number(1e-7), "large": .number(1e300), "list": .array([.null, .bool(true)]),
        ])
        #expect(JSON.parse(Array(value.text.utf8)) == value)
        #expect(JSON.parse(value.utf8) == value)
    }

    /// The text written, byte for byte: keys sorted, integers without a fraction, `"`, `\` and
    /// control characters escaped, everything else as its UTF-8.
    @Test func theTextWrittenIsCompactJSON() {
        let value: JSON = .object([
            "b": .string("a\"b\\c\nd\r\t\u{1F}\u{7F}é😀"), "a": .array([.number(-3), .number(0.5), .null, .bool(false), .number(.nan)]),
            "": .object([:]),
        ])
        let expected = #"{"":{},"a":[-3,0.5,null,false,null],"b":"a\"b\\c\nd\r\t\u001f\#u{7F}é😀"}"#
        #expect(value.text == expected)
        #expect(value.utf8 == Array(expected.utf8))
        // Foundation reads every string back as it was: control characters, quotes, surrogate
        // pairs and combining marks among ASCII runs.
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "\"", "\\", "\u{0}", "\u{1F}", "\n", "é", "e\u{301}", "😀", "\u{2028}", "/", "{", " "]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let read = try? JSONSerialization.jsonObject(with: Data(JSON.array([.string(text)]).utf8)) as? [String]
            #expect(read?.first.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars), "\(Array(text.unicodeScalars))")
        }
    }

    /// Over the pipes: malformed and too deeply nested messages are answered ParseError (id
    /// null), and the server goes on answering.
    @Test func theServerAnswersParseErrorToMalformedAndTooDeepMessages() throws {
        let folder = try Scratch.folder("lsp").path
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        let unreadable: [[UInt8]] = [
            Array("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"shutdown\"".utf8),
            Array(Self.nested(10_000).utf8),
            Array((String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)).utf8),
            Array("{\"jsonrpc\": \"2.0\", \"id\": 1e400, \"method\": \"shutdown\"}".utf8),
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D],
        ]
        for bytes in unreadable {
            client.sendRaw(Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes)
            let answer = client.next { $0["error"] != nil }
            #expect(answer?["error"]?["code"] == .number(-32700))
            #expect(answer?["id"] == .null)
        }
        let hover = client.request("textDocument/hover", .object([
            "textDocument": .object(["uri": .string(EditorClient.uri(folder + "/none.json"))]),
            "position": EditorClient.position(0, 0),
        ]))
        #expect(hover?["error"] == nil)
        #expect(client.shutdownAndExit() == 0)
    }

    // MARK: - Positions

    /// `a😀é` CRLF, `b` CR `c` LF, `😀`: 17 bytes. Bytes 0 `a`, 1–4 `😀`, 5–6 `é`, 7 CR, 8 LF;
    /// 9 `b`, 10 CR (a lone CR is a character, not a line break), 11 `c`, 12 LF; 13–16 `😀`.
    static let mixed = SourceFile(path: "mixed.json", text: "a😀é\r\nb\rc\n😀")

    struct Place: Sendable, CustomTestStringConvertible {
        let offset: Int
        let utf16: (line: Int, character: Int)
        let utf8: (line: Int, character: Int)
        var testDescription: String { "byte \(offset)" }
    }

    static let places: [Place] = [
        Place(offset: 0, utf16: (0, 0), utf8: (0, 0)),
        Place(offset: 1, utf16: (0, 1), utf8: (0, 1)),
        // Inside the emoji: the whole character is counted.
        Place(offset: 3, utf16: (0, 3), utf8: (0, 3)),
        Place(offset: 5, utf16: (0, 3), utf8: (0, 5)),
        Place(offset: 7, utf16: (0, 4), utf8: (0, 7)),
        Place(offset: 8, utf16: (0, 5), utf8: (0, 8)),
        Place(offset: 9, utf16: (1, 0), utf8: (1, 0)),
        Place(offset: 11, utf16: (1, 2), utf8: (1, 2)),
        Place(offset: 12, utf16: (1, 3), utf8: (1, 3)),
        Place(offset: 13, utf16: (2, 0), utf8: (2, 0)),
        Place(offset: 17, utf16: (2, 2), utf8: (2, 4)),
        Place(offset: 999, utf16: (2, 2), utf8: (2, 4)),
        Place(offset: -5, utf16: (0, 0), utf8: (0, 0)),
    ]

    @Test(arguments: places)
    func anOffsetIsItsPositionInEitherEncoding(_ place: Place) {
        let utf16 = Self.mixed.position(at: place.offset, counting: .utf16)
        let utf8 = Self.mixed.position(at: place.offset, counting: .utf8)
        #expect(utf16.line == place.utf16.line && utf16.character == place.utf16.character)
        #expect(utf8.line == place.utf8.line && utf8.character == place.utf8.character)
    }

    struct Spot: Sendable, CustomTestStringConvertible {
        let line: Int
        let character: Int
        let utf16: Int?
        let utf8: Int?
        var testDescription: String { "\(line):\(character)" }
    }

    static let spots: [Spot] = [
        Spot(line: 0, character: 0, utf16: 0, utf8: 0),
        Spot(line: 0, character: 1, utf16: 1, utf8: 1),
        // Between the emoji's two UTF-16 units: after it; inside its bytes: its start.
        Spot(line: 0, character: 2, utf16: 5, utf8: 1),
        Spot(line: 0, character: 3, utf16: 5, utf8: 1),
        Spot(line: 0, character: 4, utf16: 7, utf8: 1),
        Spot(line: 0, character: 5, utf16: 7, utf8: 5),
        Spot(line: 0, character: 6, utf16: 7, utf8: 5),
        // Past the end of the line: its end, before the CR LF.
        Spot(line: 0, character: 7, utf16: 7, utf8: 7),
        Spot(line: 0, character: 99, utf16: 7, utf8: 7),
        Spot(line: 1, character: 1, utf16: 10, utf8: 10),
        Spot(line: 1, character: 2, utf16: 11, utf8: 11),
        Spot(line: 1, character: 99, utf16: 12, utf8: 12),
        Spot(line: 2, character: 1, utf16: 17, utf8: 13),
        Spot(line: 2, character: 2, utf16: 17, utf8: 13),
        Spot(line: 2, character: 4, utf16: 17, utf8: 17),
        Spot(line: 2, character: 9, utf16: 17, utf8: 17),
        // The line after the last, at its start, is the end of the file; past it is nowhere.
        Spot(line: 3, character: 0, utf16: 17, utf8: 17),
        Spot(line: 3, character: 1, utf16: nil, utf8: nil),
        Spot(line: 4, character: 0, utf16: nil, utf8: nil),
    ]

    @Test(arguments: spots)
    func aPositionIsItsOffsetInEitherEncoding(_ spot: Spot) {
        #expect(Self.mixed.lineCount == 3)
        #expect(Self.mixed.offset(line: spot.line, character: spot.character, counting: .utf16) == spot.utf16)
        #expect(Self.mixed.offset(line: spot.line, character: spot.character, counting: .utf8) == spot.utf8)
    }

    /// A CR that ends the file, with no LF after it, is a character of the last line; an
    /// ASCII file counts the same in both encodings.
    @Test func aCarriageReturnAtTheEndIsACharacter() {
        let lone = SourceFile(path: "lone.json", text: "ab\r")
        #expect(lone.offset(line: 0, character: 99, counting: .utf16) == 3)
        #expect(lone.position(at: 3, counting: .utf16) == (0, 3))
        let crlf = SourceFile(path: "crlf.json", text: "ab\r\ncd")
        for unit in [SourceFile.CodeUnit.utf8, .utf16] {
            #expect(crlf.offset(line: 0, character: 99, counting: unit) == 2)
            #expect(crlf.offset(line: 1, character: 1, counting: unit) == 5)
            #expect(crlf.offset(line: 1, character: 9, counting: unit) == 6)
            #expect(crlf.position(at: 3, counting: unit) == (0, 3))
            #expect(crlf.position(at: 5, counting: unit) == (1, 1))
        }
    }

    /// Over the pipes: a diagnostic after an emoji on a CRLF line, in either encoding, and an
    /// edit at its range that clears it.
    @Test(arguments: [false, true])
    func positionsOnALineWithAnEmojiAndCRLF(utf8: Bool) throws {
        let folder = try Scratch.folder("lsp").path
        let path = (folder as NSString).appendingPathComponent("tokens.json")
        // Line 1: `"😀": {"$type": "number", "$value": ` is 36 UTF-16 units (the emoji two) and 38
        // bytes (the emoji four); `"{nope}"` is 8 more.
        let text = "{\r\n\"😀\": {\"$type\": \"number\", \"$value\": \"{nope}\"}\r\n}\r\n"
        let start = utf8 ? 38 : 36
        let client = try EditorClient()
        let capabilities: JSON = utf8
            ? .object(["general": .object(["positionEncodings": .array([.string("utf-8")])])]) : .object([:])
        _ = client.initialize(root: folder, capabilities: capabilities)
        client.open(path, text)
        let diagnostics = client.diagnostics(for: EditorClient.uri(path)) ?? []
        #expect(diagnostics.map { $0["range"] } == [EditorClient.range((1, start), (1, start + 8))])
        // The reference replaced by a number: the file is clean.
        client.change(path, version: 2, [.object(["range": EditorClient.range((1, start), (1, start + 8)), "text": .string("1")])])
        #expect(client.diagnostics(for: EditorClient.uri(path)) == [])
        // Text put past the end of line 1 lands at its end, before its CR LF: line 1 is now
        // `"😀": {"$type": "number", "$value": 1}`, 38 UTF-16 units (40 bytes), and the new
        // reference starts 37 after that (had the text gone after the CR, 38).
        let added = ", \"b\": {\"$type\": \"number\", \"$value\": \"{nope}\"}"
        client.change(path, version: 3, [.object(["range": EditorClient.range((1, 900), (1, 999)), "text": .string(added)])])
        let moved = client.diagnostics(for: EditorClient.uri(path)) ?? []
        #expect(moved.map { $0["range"] } == [EditorClient.range((1, start + 39), (1, start + 47))])
        #expect(client.shutdownAndExit() == 0)
    }
}
