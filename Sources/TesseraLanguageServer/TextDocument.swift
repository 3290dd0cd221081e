import Foundation
import Tessera

/// Protocol positions in a file, counted by the engine's line table: UTF-16 code units, or
/// bytes when the client chose `utf-8`.
extension SourceFile {
    func position(at offset: Int, utf8: Bool) -> Position {
        let (line, character) = position(at: offset, counting: utf8 ? .utf8 : .utf16)
        return Position(line: line, character: character)
    }

    /// The byte offset of a position; nil when its line is past the end. A character past
    /// the end of its line stands for the line's end (as the specification says).
    func offset(of position: Position, utf8: Bool) -> Int? {
        offset(line: position.line, character: position.character, counting: utf8 ? .utf8 : .utf16)
    }

    func range(_ bytes: Range<Int>, utf8: Bool) -> LSPRange {
        LSPRange(start: position(at: bytes.lowerBound, utf8: utf8), end: position(at: bytes.upperBound, utf8: utf8))
    }
}

/// An open document: its text as the editor holds it.
struct OpenDocument {
    let uri: String
    let path: String
    var version: Int
    var bytes: [UInt8]
    /// The text as it last parsed, for the other files while this one does not.
    var lastGood: [UInt8]?

    /// The text as a file, for its line table.
    var table: SourceFile { SourceFile(path: path, bytes: bytes) }

    /// Whether the text has been checked to parse (`lastGood` follows it). An edit leaves it
    /// to the check that follows: one that takes the edit in part parses the text once for
    /// both, and finds it parses.
    private(set) var textChecked = false

    /// Keeps the text as the last good one when it parses.
    mutating func keepTextIfItParses() {
        if !textChecked, SourceFile(path: path, bytes: bytes).jsonTextProblems.isEmpty { lastGood = bytes }
        textChecked = true
    }

    /// The text parses as it did before, the check that took the edit in part found: it is the
    /// last good one.
    mutating func keepTextParsed() {
        lastGood = bytes
        textChecked = true
    }

    /// Whether the text parses: it is the last good one (once the text is checked).
    var parses: Bool { lastGood == bytes }

    /// Applies a `TextDocumentContentChangeEvent`: a range and its new text, or the whole text.
    mutating func apply(_ change: JSON, utf8: Bool) throws(ResponseError) {
        guard let text = change["text"]?.string else { throw .invalidParams("a content change without text") }
        guard let rangeJSON = change["range"] else {
            bytes = Array(text.utf8)
            textChecked = false
            return
        }
        guard let range = LSPRange(rangeJSON) else { throw .invalidParams("a content change with a malformed range") }
        let table = self.table
        guard let start = table.offset(of: range.start, utf8: utf8), let end = table.offset(of: range.end, utf8: utf8) else {
            throw .invalidParams("a content change at line \(max(range.start.line, range.end.line)), past the document's \(table.lineCount) lines")
        }
        guard start <= end else { throw .invalidParams("a content change whose range ends before it starts") }
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        textChecked = false
    }
}

enum FileURI {
    /// The file path of a `file:` URI; other schemes keep the URI as their name.
    static func path(_ uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = String(uri.dropFirst("file://".count))
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = String(rest[slash...]) }
        return rest.removingPercentEncoding ?? rest
    }

    static func uri(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#[]@!$&'()*+,;=:")
        allowed.insert("/")
        return "file://" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }
}
