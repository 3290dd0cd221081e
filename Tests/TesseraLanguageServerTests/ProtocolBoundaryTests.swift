import Foundation
import Tessera
import TesseraConformanceKit
import TesseraLanguageServer
import TesseraTestSupport
import Testing

/// Where a message stops being JSON: the server reads messages with the engine's JSON parser.
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
}
