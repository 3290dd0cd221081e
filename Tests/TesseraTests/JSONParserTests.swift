import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera

/// Strict RFC 8259: every classic kind of malformed input gets a located error.
struct JSONParserTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let marked: String
        let ids: [DiagnosticID]
        var testDescription: String { name }
    }

    static let malformed: [Case] = [
        Case(name: "trailing comma in object", marked: #"{"a": {"$value": 1, "$type": "number"}⊙,}"#, ids: [.jsonSyntax]),
        Case(name: "trailing comma in array", marked: #"{"a": {"$type": "fontFamily", "$value": ["x"⊙,]}}"#, ids: [.jsonSyntax]),
        Case(name: "bad escape", marked: #"{"a": {"$type": "string", "$value": "x⊙\q"}}"#, ids: [.jsonInvalidEscape]),
        Case(name: "lone high surrogate", marked: #"{"a": {"$type": "string", "$value": "⊙\ud800x"}}"#, ids: [.jsonLoneSurrogate]),
        Case(name: "lone low surrogate", marked: #"{"a": {"$type": "string", "$value": "⊙\udc00"}}"#, ids: [.jsonLoneSurrogate]),
        Case(name: "control character", marked: "{\"a\": {\"$type\": \"string\", \"$value\": \"x⊙\u{01}\"}}", ids: [.jsonControlCharacter]),
        Case(name: "leading zero", marked: #"{"a": {"$type": "number", "$value": ⊙012}}"#, ids: [.jsonInvalidNumber]),
        Case(name: "huge exponent", marked: #"{"a": {"$type": "number", "$value": ⊙1e999}}"#, ids: [.jsonNumberOutOfRange]),
        Case(name: "duplicate key", marked: #"{"a": {"$type": "number", "$value": 1, ⊙"$value": 2}}"#, ids: [.jsonDuplicateKey]),
        Case(name: "single quotes", marked: #"{"a": ⊙'x'}"#, ids: [.jsonSyntax]),
        Case(name: "unterminated string", marked: #"{"a": ⊙"abc"#, ids: [.jsonSyntax]),
        Case(name: "missing colon", marked: #"{"a" ⊙1}"#, ids: [.jsonSyntax]),
        Case(name: "NaN literal", marked: #"{"a": {"$type": "number", "$value": ⊙NaN}}"#, ids: [.jsonSyntax]),
        Case(name: "empty file", marked: "⊙", ids: [.jsonEmpty]),
        Case(name: "garbage after value", marked: "{} ⊙x", ids: [.jsonSyntax]),
        Case(name: "minus without digits", marked: #"{"a": {"$type": "number", "$value": -⊙x}}"#, ids: [.jsonSyntax]),
        Case(name: "decimal point without digits", marked: #"{"a": {"$type": "number", "$value": 1.⊙}}"#, ids: [.jsonSyntax]),
    ]

    @Test(arguments: malformed)
    func malformedInputIsLocated(_ testCase: Case) {
        expectDiagnostics(testCase.marked, testCase.ids)
    }

    /// Strings are scanned eight bytes at a time: a problem at any offset inside a long string,
    /// and a string ending at any offset, must still be found at its exact column.
    @Test(arguments: 0..<20)
    func stringProblemsAreFoundAtEveryOffset(offset: Int) {
        let prefix = String(repeating: "a", count: offset)
        let suffix = String(repeating: "z", count: 11)
        for (problem, id) in [("\u{01}", DiagnosticID.jsonControlCharacter), (#"\q"#, .jsonInvalidEscape), (#"\udc00"#, .jsonLoneSurrogate)] {
            expectDiagnostics(#"{"a": {"$type": "string", "$value": ""# + prefix + "⊙" + problem + suffix + #""}}"#, [id])
        }
        let result = pipeline(#"{"a": {"$type": "string", "$value": ""# + prefix + #"\"q\\"# + suffix + #""}}"#)
        #expect(result.partialTokens["a"]?.value == .string(prefix + "\"q\\" + suffix))
        var bytes = Array(#"{"a": {"$type": "string", "$value": ""#.utf8) + Array(prefix.utf8)
        let badOffset = bytes.count
        bytes += [0xE2, 0x28] + Array((suffix + #""}}"#).utf8)
        let invalid = TokenSystem.resolving(files: [SourceFile(path: "utf8.json", bytes: bytes)])
        #expect(invalid.diagnostics.map(\.id) == [.jsonInvalidUTF8])
        #expect(invalid.diagnostics.first?.location?.column == badOffset + 1)
    }

    @Test func byteOrderMarkIsReportedAndTheRestStillChecked() {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array(#"{"a": {"$type": "number", "$value": "x"}}"#.utf8)
        let result = TokenSystem.resolving(files: [SourceFile(path: "bom.json", bytes: bytes)])
        let ids = result.diagnostics.inReadingOrder.map(\.id)
        #expect(ids == [.jsonByteOrderMark, .valueInvalid])
        #expect(result.diagnostics.inReadingOrder.first?.location?.line == 1)
    }

    @Test func invalidUTF8IsLocatedAtTheBadByte() {
        var bytes = Array("{\"a\": {\"$type\": \"string\", \"$value\": \"ab".utf8)
        let badOffset = bytes.count
        bytes += [0xC3, 0x28]  // invalid continuation
        bytes += Array("\"}}".utf8)
        let result = TokenSystem.resolving(files: [SourceFile(path: "utf8.json", bytes: bytes)])
        let diagnostic = result.diagnostics.first
        #expect(diagnostic?.id == .jsonInvalidUTF8)
        #expect(diagnostic?.location?.column == badOffset + 1)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let result = pipeline(text)
        #expect(result.diagnostics.map(\.id) == [.jsonTooDeep])
    }

    @Test func enormousStringsAndNumbersFinish() {
        let longString = String(repeating: "x", count: 5_000_000)
        let longNumber = "1" + String(repeating: "0", count: 100_000)
        let text = #"{"s": {"$type": "string", "$value": "\#(longString)"}, "n": {"$type": "number", "$value": \#(longNumber)}}"#
        let result = pipeline(text)
        #expect(result.diagnostics.map(\.id) == [.jsonNumberOutOfRange])
        #expect(result.partialTokens["s"]?.value == .string(longString))
    }

    @Test func escapesDecodeToTheRightText() {
        let result = pipeline(#"{"a": {"$type": "string", "$value": "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}}"#)
        #expect(result.partialTokens["a"]?.value == .string("\"\\/\u{08}\u{0C}\n\r\té😀"))
    }

    @Test func columnsCountUnicodeScalars() {
        expectDiagnostics(#"{"é": {"$type": "number", "$value": ⊙"x"}}"#, [.valueInvalid])
    }

    @Test func commentsAreAcceptedOnlyInJSONC() {
        let text = "{\n  // a comment\n  \"a\": {\"$type\": \"number\", \"$value\": 1,},\n}"
        let strict = TokenSystem.resolving(files: [SourceFile(path: "a.json", text: text)])
        #expect(strict.diagnostics.hasErrors)
        let lenient = TokenSystem.resolving(files: [SourceFile(path: "a.jsonc", text: text)])
        #expect(!lenient.diagnostics.hasErrors)
        #expect(lenient.partialTokens["a"]?.value == .number(1))
    }
}

struct SourceFileTests {
    @Test(arguments: [0, 1, 1023, 1024, 1025, 5000])
    func columnsCountScalarsAcrossCheckpoints(_ asciiPrefix: Int) {
        let text = "é\n" + String(repeating: "ü", count: 700) + String(repeating: "a", count: asciiPrefix) + "X"
        let file = SourceFile(path: "t", text: text)
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "X"))!
        let (line, column) = file.lineAndColumn(at: offset)
        #expect(line == 2)
        #expect(column == 700 + asciiPrefix + 1)
    }
}

struct JSONTreeTests {
    @Test func valuesKeepTheirOffsetsAndOrder() throws {
        let text = #"{"b": [1, {"c": null}], "a": "x"}"#
        var diagnostics: [Diagnostic] = []
        let root = try #require(JSONParser(file: SourceFile(path: "t.json", text: text)).parse(into: &diagnostics))
        #expect(diagnostics.isEmpty)
        #expect(root.members?.map(\.key) == ["b", "a"], "source order is kept")
        let bytes = Array(text.utf8)
        #expect(bytes[root["b"]!.offset] == UInt8(ascii: "["))
        #expect(bytes[root["b"]!.array![1]["c"]!.offset] == UInt8(ascii: "n"))
        #expect(bytes[root.member("a")!.keyOffset] == UInt8(ascii: "\""))
        #expect(root["a"]?.string == "x")
        #expect(JSONWriter(sortKeys: true).string(root) == #"{"a":"x","b":[1,{"c":null}]}"#)
    }

    @Test func aStructuralErrorGivesWhatRecoveryReadButNoWellFormedTree() throws {
        var diagnostics: [Diagnostic] = []
        let file = SourceFile(path: "t.json", text: "[1, 2")
        let recovered = try #require(JSONParser(file: file).parse(into: &diagnostics))
        #expect(recovered.array?.compactMap(\.number) == [1, 2])
        #expect(diagnostics.map(\.id) == [.jsonSyntax])
        var again: [Diagnostic] = []
        #expect(JSONParser(file: file).parseWellFormed(into: &again) == nil)
        #expect(again == diagnostics)
    }

    /// Merging and comparing objects find members through a table once an object has more than a
    /// few members; the table and the scan must agree with a plain reading of both operations,
    /// at every size around the switch.
    @Test(arguments: [0, 3, 8, 9, 20, 200])
    func largeObjectsMergeAndCompareByKey(_ size: Int) {
        func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
            JSONValue(.object(pairs.map { JSONMember(key: $0.0, keyOffset: 0, value: $0.1) }))
        }
        func number(_ value: Int) -> JSONValue { JSONValue(.number(Double(value))) }
        let keys = (0..<size).map { "k\($0)" }
        let base = object(keys.map { ($0, number(1)) })
        // Every other key again with a new value, plus as many new keys.
        let other = object(keys.enumerated().filter { $0.offset % 2 == 0 }.map { ($0.element, number(2)) }
            + (0..<size).map { ("n\($0)", number(3)) })
        let merged = base.merging(other)
        let expectedKeys = keys + (0..<size).map { "n\($0)" }
        #expect(merged.members?.map(\.key) == expectedKeys)
        for (position, key) in keys.enumerated() {
            #expect(merged[key]?.number == (position % 2 == 0 ? 2 : 1))
        }

        let reversed = object(keys.reversed().map { ($0, number(1)) })
        #expect(base.sameContent(as: reversed))
        if size > 0 {
            let changed = object(keys.reversed().enumerated().map { ($0.element, number($0.offset == 0 ? 9 : 1)) })
            #expect(!base.sameContent(as: changed))
            let renamed = object(keys.dropLast().map { ($0, number(1)) } + [("other", number(1))])
            #expect(!base.sameContent(as: renamed))
        }
    }
}
