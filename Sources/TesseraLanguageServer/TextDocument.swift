import Foundation
import Tessera

/// The text of a file with its line starts, turning byte offsets into protocol positions and
/// back in the negotiated encoding.
struct LineTable: Sendable {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The end of a zero-based line's text, before its line break.
    private func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], end <= bytes.count, end > 0, bytes[end - 1] == 0x0D, line + 1 < lineStarts.count { end -= 1 }
        return end
    }

    func position(at offset: Int, utf8: Bool) -> Position {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        if utf8 { return Position(line: low, character: clamped - start) }
        var units = 0
        var index = start
        while index < clamped {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            units += length == 4 ? 2 : 1
            index += length
        }
        return Position(line: low, character: units)
    }

    /// The byte offset of a position; nil when its line is past the end. A character past
    /// the end of its line stands for the line's end (as the specification says).
    func offset(of position: Position, utf8: Bool) -> Int? {
        guard position.line < lineStarts.count else {
            return position.line == lineStarts.count && position.character == 0 ? bytes.count : nil
        }
        let start = lineStarts[position.line]
        let end = lineEnd(position.line)
        if utf8 {
            var offset = min(start + position.character, end)
            while offset > start, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        var units = 0
        var index = start
        while index < end, units < position.character {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            units += length == 4 ? 2 : 1
            index = min(index + length, end)
        }
        return index
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

    var table: LineTable { LineTable(bytes) }

    /// Keeps the text as the last good one when it parses.
    mutating func keepTextIfItParses() {
        if SourceFile(path: path, bytes: bytes).jsonTextProblems.isEmpty { lastGood = bytes }
    }

    /// Whether the text parses: it is the last good one (`keepTextIfItParses()` runs on every
    /// text the document takes).
    var parses: Bool { lastGood == bytes }

    /// Applies a `TextDocumentContentChangeEvent`: a range and its new text, or the whole text.
    mutating func apply(_ change: JSON, utf8: Bool) throws(ResponseError) {
        guard let text = change["text"]?.string else { throw .invalidParams("a content change without text") }
        guard let rangeJSON = change["range"] else {
            bytes = Array(text.utf8)
            return
        }
        guard let range = LSPRange(rangeJSON) else { throw .invalidParams("a content change with a malformed range") }
        let table = self.table
        guard let start = table.offset(of: range.start, utf8: utf8), let end = table.offset(of: range.end, utf8: utf8) else {
            throw .invalidParams("a content change at line \(max(range.start.line, range.end.line)), past the document's \(table.lineStarts.count) lines")
        }
        guard start <= end else { throw .invalidParams("a content change whose range ends before it starts") }
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
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
