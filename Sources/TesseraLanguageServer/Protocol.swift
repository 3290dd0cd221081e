import Foundation

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
    package var text: String {
        var output = ""
        write(into: &output)
        return output
    }

    private func write(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let value):
            if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
                output += String(Int64(value))
            } else if value.isFinite {
                output += "\(value)"
            } else {
                output += "null"
            }
        case .string(let text): JSON.quote(text, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                JSON.quote(key, into: &output)
                output += ":"
                members[key]!.write(into: &output)
            }
            output += "}"
        }
    }

    static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += String(format: "\\u%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Parses JSON text; nil when it is not JSON (or nests deeper than `depthLimit`).
    package static func parse(_ bytes: [UInt8], depthLimit: Int = 256) -> JSON? {
        var parser = Parser(bytes: bytes, depthLimit: depthLimit)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        let depthLimit: Int
        var index = 0

        init(bytes: [UInt8], depthLimit: Int) {
            self.bytes = bytes
            self.depthLimit = depthLimit
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ word: String, _ value: JSON) -> JSON? {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else { return nil }
            index += expected.count
            return value
        }

        mutating func value(depth: Int) -> JSON? {
            guard depth < depthLimit else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "n"): return literal("null", .null)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "\""): return stringValue().map(JSON.string)
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    guard let element = value(depth: depth + 1) else { return nil }
                    elements.append(element)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                    return nil
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: JSON] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = stringValue() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let member = value(depth: depth + 1) else { return nil }
                    members[key] = member
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    return nil
                }
            default: return numberValue()
            }
        }

        mutating func numberValue() -> JSON? {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let text = String(bytes: bytes[start..<index], encoding: .ascii), let value = Double(text),
                value.isFinite
            else { return nil }
            return .number(value)
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count, let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
                let value = UInt32(text, radix: 16)
            else { return nil }
            index += 4
            return value
        }

        mutating func stringValue() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            var pending: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    pending += bytes[run..<index]
                    index += 1
                    guard let tail = String(validating: pending, as: UTF8.self) else { return nil }
                    scalars.append(contentsOf: tail.unicodeScalars)
                    return String(scalars)
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    pending += bytes[run..<index]
                    guard let text = String(validating: pending, as: UTF8.self) else { return nil }
                    scalars.append(contentsOf: text.unicodeScalars)
                    pending = []
                    index += 1
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        guard var code = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        {
                            index += 2
                            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: return nil
                    }
                    run = index
                    continue
                }
                index += 1
            }
            return nil
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
