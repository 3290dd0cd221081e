import Foundation
import Tessera

// The Language Server Protocol 3.17 as this server speaks it: JSON values, JSON-RPC 2.0
// messages and the protocol's structures, under the specification's names.

// MARK: - JSON

/// A JSON value as a message carries it (`LSPAny`).
package enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    package subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var string: String? { if case .string(let text) = self { return text } else { return nil } }
    package var number: Double? { if case .number(let value) = self { return value } else { return nil } }
    package var int: Int? {
        guard case .number(let value) = self, value.isFinite, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }
    package var bool: Bool? { if case .bool(let flag) = self { return flag } else { return nil } }
    package var array: [JSON]? { if case .array(let elements) = self { return elements } else { return nil } }
    package var object: [String: JSON]? { if case .object(let members) = self { return members } else { return nil } }

    /// Compact JSON text, keys sorted.
    package var text: String { String(decoding: utf8, as: UTF8.self) }

    /// The compact JSON text's UTF-8 bytes, keys sorted: what a message carries. Written byte
    /// by byte, each string's runs that need no escape copied at once: a response may hold a
    /// large file's every symbol or color (tens of thousands of objects, megabytes of text).
    package var utf8: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(into: &output)
        return output
    }

    private func write(into output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let value):
            if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
                // A small string: no allocation.
                output.append(contentsOf: String(Int64(value)).utf8)
            } else if value.isFinite {
                output.append(contentsOf: "\(value)".utf8)
            } else {
                output.append(contentsOf: "null".utf8)
            }
        case .string(let text): JSON.quote(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                elements[index].write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSON.quote(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// `text` as a JSON string: quoted, `"` and `\\` and control characters escaped, every other
    /// character as its UTF-8 bytes.
    static func quote(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Bytes of a character past ASCII are all 0x80 and above: none is taken for one here.
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: "\\u00".utf8)
                    output.append(hex[Int(byte >> 4)])
                    output.append(hex[Int(byte & 0xF)])
                }
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Parses a message's JSON text with the engine's parser (`JSONParser`: RFC 8259, no
    /// comments); nil unless the text is well-formed. Every error the parser reports makes it
    /// nil: a syntax error, nesting deeper than `JSONParser.maximumDepth`, a duplicate key, a
    /// lone surrogate escape, bytes that are not UTF-8, a number too large for a `Double`.
    package static func parse(_ bytes: [UInt8]) -> JSON? {
        var diagnostics: [Tessera.Diagnostic] = []
        guard let root = JSONParser(file: SourceFile(path: "message", bytes: bytes)).parse(into: &diagnostics),
            !diagnostics.contains(where: { $0.severity == .error })
        else { return nil }
        return JSON(root)
    }

    /// The message value of a parsed JSON value. Keys that are one string to Swift but not the
    /// same code points (composed and decomposed accents) are one member: the later one.
    init(_ value: JSONValue) {
        switch value.storage {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(JSON.init))
        case .object(let members):
            var object: [String: JSON] = [:]
            for member in members { object[member.key] = JSON(member.value) }
            self = .object(object)
        }
    }
}

// MARK: - JSON-RPC 2.0

/// A request id: a number or a string (`integer | string`).
package enum RequestID: Sendable, Hashable {
    case number(Int)
    case string(String)

    init?(_ json: JSON?) {
        switch json {
        case .number?: if let value = json?.int { self = .number(value) } else { return nil }
        case .string(let text)?: self = .string(text)
        default: return nil
        }
    }

    var json: JSON {
        switch self {
        case .number(let value): .number(Double(value))
        case .string(let text): .string(text)
        }
    }
}

/// `ErrorCodes` and `LSPErrorCodes`.
package enum ErrorCodes {
    package static let parseError = -32700
    package static let invalidRequest = -32600
    package static let methodNotFound = -32601
    package static let invalidParams = -32602
    package static let internalError = -32603
    package static let serverNotInitialized = -32002
    package static let requestFailed = -32803
    package static let requestCancelled = -32800
}

/// A response's `error`.
package struct ResponseError: Error, Sendable {
    package var code: Int
    package var message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    var json: JSON { .object(["code": .number(Double(code)), "message": .string(message)]) }

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: ErrorCodes.invalidParams, message: message) }
}

enum Message {
    static func response(id: RequestID?, result: JSON) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": id?.json ?? .null, "result": result])
    }

    static func error(id: RequestID?, _ error: ResponseError) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": id?.json ?? .null, "error": error.json])
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }
}

// MARK: - Basic structures

/// A place between characters: zero-based line, and character offset in the negotiated
/// position encoding (UTF-16 code units unless the client chose `utf-8`).
package struct Position: Sendable, Hashable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSON { .object(["line": .number(Double(line)), "character": .number(Double(character))]) }

    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

package struct LSPRange: Sendable, Hashable {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSON?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSON { .object(["start": start.json, "end": end.json]) }

    func overlaps(_ other: LSPRange) -> Bool { !(end < other.start || other.end < start) }
}

package struct Location: Sendable, Hashable {
    package var uri: String
    package var range: LSPRange

    var json: JSON { .object(["uri": .string(uri), "range": range.json]) }
}

package enum PositionEncodingKind {
    package static let utf8 = "utf-8"
    package static let utf16 = "utf-16"
}

package enum TextDocumentSyncKind {
    package static let incremental = 2
}

package enum DiagnosticSeverity {
    package static let error = 1
    package static let warning = 2
    package static let information = 3
}

package enum SymbolKind {
    package static let namespace = 3
    package static let constant = 14
}

package enum CompletionItemKind {
    package static let property = 10
    package static let value = 12
    package static let enumMember = 20
    package static let constant = 21
    package static let color = 16
}

package enum MarkupKind {
    package static let markdown = "markdown"
}

package enum CodeActionKind {
    package static let quickFix = "quickfix"
}

// MARK: - Features

package struct DiagnosticRelatedInformation: Sendable, Hashable {
    package var location: Location
    package var message: String

    var json: JSON { .object(["location": location.json, "message": .string(message)]) }
}

/// `Diagnostic` of the protocol (the engine's is `Tessera.Diagnostic`).
package struct LSPDiagnostic: Sendable, Hashable {
    package var range: LSPRange
    package var severity: Int
    package var code: String
    package var source = "tessera"
    package var message: String
    package var relatedInformation: [DiagnosticRelatedInformation]

    var json: JSON {
        var members: [String: JSON] = [
            "range": range.json, "severity": .number(Double(severity)), "code": .string(code), "source": .string(source),
            "message": .string(message),
        ]
        if !relatedInformation.isEmpty { members["relatedInformation"] = .array(relatedInformation.map(\.json)) }
        return .object(members)
    }
}

package struct TextEdit: Sendable, Hashable {
    package var range: LSPRange
    package var newText: String

    var json: JSON { .object(["range": range.json, "newText": .string(newText)]) }
}

/// `WorkspaceEdit` with `changes`: document URI → its edits.
package struct WorkspaceEdit: Sendable {
    package var changes: [String: [TextEdit]]

    var json: JSON { .object(["changes": .object(changes.mapValues { .array($0.map(\.json)) })]) }
}

package struct CodeAction: Sendable {
    package var title: String
    package var kind = CodeActionKind.quickFix
    package var diagnostics: [LSPDiagnostic]
    package var edit: WorkspaceEdit
    package var isPreferred: Bool

    var json: JSON {
        .object([
            "title": .string(title), "kind": .string(kind), "diagnostics": .array(diagnostics.map(\.json)), "edit": edit.json,
            "isPreferred": .bool(isPreferred),
        ])
    }
}

package struct Hover: Sendable {
    package var markdown: String
    package var range: LSPRange

    var json: JSON {
        .object(["contents": .object(["kind": .string(MarkupKind.markdown), "value": .string(markdown)]), "range": range.json])
    }
}

package struct DocumentSymbol: Sendable {
    package var name: String
    package var detail: String?
    package var kind: Int
    package var range: LSPRange
    package var selectionRange: LSPRange
    package var children: [DocumentSymbol]

    var json: JSON {
        var members: [String: JSON] = [
            "name": .string(name), "kind": .number(Double(kind)), "range": range.json, "selectionRange": selectionRange.json,
            "children": .array(children.map(\.json)),
        ]
        if let detail { members["detail"] = .string(detail) }
        return .object(members)
    }
}

package struct SymbolInformation: Sendable {
    package var name: String
    package var kind: Int
    package var location: Location
    package var containerName: String?

    var json: JSON {
        var members: [String: JSON] = ["name": .string(name), "kind": .number(Double(kind)), "location": location.json]
        if let containerName { members["containerName"] = .string(containerName) }
        return .object(members)
    }
}

/// `Color`: sRGB components in 0...1.
package struct LSPColor: Sendable, Hashable {
    package var red, green, blue, alpha: Double

    init?(_ json: JSON?) {
        guard let red = json?["red"]?.number, let green = json?["green"]?.number, let blue = json?["blue"]?.number,
            let alpha = json?["alpha"]?.number
        else { return nil }
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    var json: JSON {
        .object(["red": .number(red), "green": .number(green), "blue": .number(blue), "alpha": .number(alpha)])
    }
}

package struct ColorInformation: Sendable {
    package var range: LSPRange
    package var color: LSPColor

    var json: JSON { .object(["range": range.json, "color": color.json]) }
}

package struct ColorPresentation: Sendable {
    package var label: String
    package var textEdit: TextEdit

    var json: JSON { .object(["label": .string(label), "textEdit": textEdit.json]) }
}

package struct CompletionItem: Sendable {
    package var label: String
    package var kind: Int
    package var detail: String?
    package var textEdit: TextEdit

    var json: JSON {
        var members: [String: JSON] = ["label": .string(label), "kind": .number(Double(kind)), "textEdit": textEdit.json]
        if let detail { members["detail"] = .string(detail) }
        return .object(members)
    }
}
