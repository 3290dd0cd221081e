import Foundation
import Tessera
import TesseraDifferential
import TesseraTestSupport
import Testing

/// Snippets are read from the bytes around a column, never the whole line, and show control
/// characters as visible symbols.
struct SnippetTests {
    /// Two ways to the same place: a byte offset's line and column, and that line and column's
    /// byte offset, agree for every scalar of random multilingual text.
    @Test(arguments: [1, 2, 3])
    func offsetsAndColumnsAreInverse(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let pieces = ["a", "é", "e\u{301}", "\n", "\r\n", "日本", "😀", " ", "\t", "\"", "{", "\u{FEFF}"]
        var text = ""
        for _ in 0..<3_000 { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        let file = SourceFile(path: "t.json", text: text)
        var offset = 0
        for scalar in text.unicodeScalars {
            let (line, column) = file.lineAndColumn(at: offset)
            // A line's break is not part of its text: a column there stands at the line's end.
            if scalar != "\r" && scalar != "\n" {
                #expect(file.offset(line: line, column: column) == offset, "offset \(offset)")
            }
            offset += String(scalar).utf8.count
        }
    }

    /// A minified file: the snippet of a diagnostic half a million columns in is a window of
    /// the line, with the caret under the column.
    @Test func aSnippetOnAVeryLongLineIsAWindow() {
        let filler = (0..<50_000).map { ##""t\##($0)": {"$type": "number", "$value": \##($0)}"## }.joined(separator: ",")
        let text = "{" + filler + ##", "bad": {"$type": "number", "$value": "{nowhere}"}}"##
        let result = pipeline(text)
        let rendered = DiagnosticRenderer().render(result.diagnostics.inReadingOrder, files: result.files)
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 3)
        #expect(lines[1].unicodeScalars.count < 220)
        #expect(lines[1].contains(##""$value": "{nowhere}""##))
        let caret = lines[2].unicodeScalars.count - 1
        let marked = Array(lines[1].unicodeScalars)
        #expect(marked[caret] == "\"" && String(String.UnicodeScalarView(marked[caret...].prefix(11))) == ##""{nowhere}""##)
    }

    /// Bytes of a binary file are never sent raw to the terminal.
    @Test func controlCharactersAreShownAsSymbols() {
        let text = "{\"a\": {\"$value\": \"\u{1B}[31mred\u{07}\"}, \u{1B}[2J}"
        let result = pipeline(text)
        let rendered = DiagnosticRenderer().render(result.diagnostics.inReadingOrder, files: result.files)
        #expect(!result.diagnostics.isEmpty)
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(rendered.contains("\u{241B}[31m"))
    }
}
