import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera

/// A file with JSON syntax errors is read on past each one, so that every error in it is
/// reported at its place, first; the classic slips come with the edit that repairs them; and
/// what only follows from a syntax error is folded into it instead of listed.
struct SyntaxRecoveryTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The file, `⊙` marking each expected diagnostic.
        let marked: String
        let ids: [DiagnosticID]
        /// Whether applying every fix-it offered gives a file with no error left.
        var fixItsRepair = true
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing comma between members", marked: """
            {
              "a": {"$type": "number", "$value": 1}⊙
              "b": {"$type": "number", "$value": 2}
            }
            """, ids: [.jsonSyntax]),
        Case(name: "missing comma on one line", marked: #"{"a": {"$type": "number", "$value": 1}⊙ "b": {"$type": "number", "$value": 2}}"#,
            ids: [.jsonSyntax]),
        Case(name: "missing comma in an array", marked: #"{"a": {"$type": "cubicBezier", "$value": [0, 0.1⊙ 0.2, 1]}}"#, ids: [.jsonSyntax]),
        Case(name: "trailing comma", marked: """
            {
              "a": {"$type": "number", "$value": 1}⊙,
            }
            """, ids: [.jsonSyntax]),
        Case(name: "every missing comma of a file", marked: """
            {
              "a": {"$type": "number", "$value": 1}⊙
              "b": {"$type": "number", "$value": 2},
              "c": {"$type": "number", "$value": 3}⊙
              "d": {"$type": "number", "$value": 4⊙ "$description": "x"}
            }
            """, ids: [.jsonSyntax, .jsonSyntax, .jsonSyntax]),
        Case(name: "a missing brace, put back where the indentation says", marked: """
            {
              "color": {
                "$type": "number",
                "a": {"$value": 1}⊙,
              "size": {
                "$type": "number",
                "b": {"$value": 2}
              }
            }
            """, ids: [.jsonSyntax]),
        Case(name: "a missing brace and comma in a nested group, before a comma missing further on", marked: """
            {
              "color": {
                "$type": "number",
                "blue": {
                  "a": {"$value": 1}⊙⊙
                "red": {"$value": 2}
              }⊙
              "size": {"$type": "number", "s": {"$value": 3}}
            }
            """, ids: [.jsonSyntax, .jsonSyntax, .jsonSyntax]),
        Case(name: "a trailing comma does not hide a missing brace", marked: """
            {
              "color": {
                "$type": "number",
                "a": {"$value": 1}⊙,
              "size": {
                "$type": "number",
                "b": {"$value": 2}⊙,
              }
            }
            """, ids: [.jsonSyntax, .jsonSyntax]),
        Case(name: "a bad value, then a missing comma further on", marked: """
            {
              "a": {"$type": "number", "$value": ⊙tru},
              "b": {"$type": "number", "$value": 2}⊙
              "c": {"$type": "number", "$value": 3}
            }
            """, ids: [.jsonSyntax, .jsonSyntax], fixItsRepair: false),
        Case(name: "a line break in a string, then a missing comma", marked: """
            {
              "a": {"$type": "string", "$value": ⊙"abc
              },
              "b": {"$type": "number", "$value": 2}⊙
              "c": {"$type": "number", "$value": 3}
            }
            """, ids: [.jsonSyntax, .jsonSyntax], fixItsRepair: false),
        Case(name: "a comment in a .json file is reported once, and reading goes on", marked: """
            {
              ⊙// primitives
              "a": {"$type": "number", "$value": 1}, // one
              "b": {"$type": "number", "$value": 2}⊙
              "c": {"$type": "number", "$value": 3}
            }
            """, ids: [.jsonSyntax, .jsonSyntax], fixItsRepair: false),
        Case(name: "an object that never closes", marked: #"{"a": {"$type": "number", "$value": 1}⊙"#, ids: [.jsonSyntax]),
        Case(name: "an unterminated string at the end is one error", marked: #"{"a": ⊙"abc"#, ids: [.jsonSyntax],
            fixItsRepair: false),
        Case(name: "a bracket of the wrong kind", marked: #"{"a": {"$type": "cubicBezier", "$value": [0, 0, 1, 1⊙}}"#,
            ids: [.jsonSyntax], fixItsRepair: false),
        Case(name: "a key without quotes", marked: #"{⊙a: 1, "b": {"$type": "number", "$value": 2}⊙ "c": {"$type": "number", "$value": 3}}"#,
            ids: [.jsonSyntax, .jsonSyntax], fixItsRepair: false),
        Case(name: "nothing after the last brace but another", marked: "{}⊙}", ids: [.jsonSyntax], fixItsRepair: false),
    ]

    @Test(arguments: cases)
    func everySyntaxErrorIsReportedAtItsPlace(_ testCase: Case) throws {
        expectDiagnostics(testCase.marked, testCase.ids)
        guard testCase.fixItsRepair else { return }
        let file = SourceFile(path: "tokens.json", text: MarkedSource(testCase.marked).text)
        let before = TokenSystem.resolving(files: [file]).diagnostics
        let edits = before.flatMap(\.fixIts).map(\.edit)
        try #require(edits.count == before.count, "one edit per error: \(before.map(\.message))")
        let fixed = SourceFile(path: file.path, bytes: try SourceEdit.apply(edits, toFile: file.path, bytes: file.bytes))
        let after = TokenSystem.resolving(files: [fixed])
        #expect(after.diagnostics.isEmpty, "\(String(decoding: fixed.bytes, as: UTF8.self)): \(after.diagnostics.map(\.message))")
    }

    /// The repaired brace gives the structure the indentation shows: `size` is a sibling of
    /// `color`, not a member of it.
    @Test func aRepairedBraceGivesTheIndentedStructure() throws {
        let text = """
            {
              "color": {
                "$type": "number",
                "a": {"$value": 1},
              "size": {"$type": "number", "b": {"$value": 2}}
            }
            """
        var diagnostics: [Diagnostic] = []
        let root = try #require(JSONParser(file: SourceFile(path: "t.json", text: text)).parse(into: &diagnostics))
        #expect(root.members?.map(\.key) == ["color", "size"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("opens on line 2") == true)
        #expect(diagnostics.first?.notes.first?.location?.line == 2)
    }

    /// A file indented by hand, with a brace missing at its end, still gets one error.
    @Test func aFileIndentedByHandWithABraceMissingGetsOneError() {
        // Every member is dedented (a file indented by hand), and a brace is missing at the end.
        let text = "{\n  \"g\": {\n\"a\": {\"$type\": \"number\", \"$value\": 1},\n\"b\": {\"$type\": \"number\", \"$value\": 2}\n}"
        var diagnostics: [Diagnostic] = []
        _ = JSONParser(file: SourceFile(path: "t.json", text: text)).parse(into: &diagnostics)
        #expect(diagnostics.map(\.message).allSatisfy { $0.hasPrefix("unterminated object") || $0.contains("to close the object") })
        #expect(diagnostics.count == 1)
    }

    @Test func aCommentInJSONPointsAtJSONC() throws {
        let result = pipeline(#"{"a": {"$type": "number", "$value": 1} /* x */}"#)
        let comment = try #require(result.diagnostics.first)
        #expect(comment.message == "comments are not allowed in JSON")
        #expect(comment.notes.map(\.message) == ["name the file '.jsonc' to allow comments and trailing commas"])
        let jsonc = TokenSystem.resolving(files: [SourceFile(path: "tokens.jsonc", text: #"{"a": {"$type": "number", "$value": 1} /* x */}"#)])
        #expect(jsonc.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], "UTF-16"),
        ([0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D], "UTF-16"),
        ([0x7B, 0x00, 0x7D, 0x00], "UTF-16"),
        ([0x7B, 0x00, 0x00, 0x00, 0x7D, 0x00, 0x00, 0x00], "UTF-32"),
    ] as [([UInt8], String)])
    func aWideEncodingIsNamed(_ bytes: [UInt8], _ encoding: String) throws {
        let result = TokenSystem.resolving(files: [SourceFile(path: "tokens.json", bytes: bytes)])
        let found = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(found.message == "file is encoded as \(encoding); JSON token files must be UTF-8")
        #expect(found.location?.line == 1)
    }

    /// One missing comma no longer drops the file and buries the cause: the syntax error comes
    /// first, and the unknown references into the file are one note on it.
    @Test func followOnErrorsAreFoldedIntoTheCause() throws {
        let result = pipeline([
            "a.json": """
                {
                  "color": {"$type": "number", "x": {"$value": 1}}
                  "size": {"$type": "number", "s": {"$value": 2}}
                }
                """,
            "b.json": #"{"alias": {"$value": "{color.x}"}, "other": {"$value": "{size.s}"}, "g": {"$extends": "{color}"}}"#,
        ])
        let sorted = result.diagnostics.inReadingOrder
        #expect(sorted.map(\.id) == [.jsonSyntax])
        let cause = try #require(sorted.first)
        #expect(cause.location?.file == "a.json" && cause.location?.line == 2)
        #expect(cause.notes.map(\.message) == [
            "3 more problems are not listed until the syntax errors are fixed (unknown references, missing types, "
                + "tokens missing from some contexts): they may follow from tokens of a file that could not be read",
        ])
    }

    /// Syntax errors are listed before what other files say, whatever the files' names.
    @Test func problemsReadingAFileComeFirst() {
        let result = pipeline([
            "a.json": #"{"a": {"$type": "number", "$value": "x"}}"#,
            "z.json": #"{"z": {"$type": "number", "$value": 1}"#,
        ])
        #expect(result.diagnostics.inReadingOrder.map(\.location?.file) == ["z.json", "a.json"])
    }

    /// The same diagnostic found twice at one place is listed once.
    @Test func aDiagnosticFoundTwiceIsListedOnce() {
        let duplicated = Diagnostic(.unexpectedAfterValue("'x'"), at: SourceLocation(file: "t.json", line: 1, column: 3))
        #expect(PipelineOptions().finish([duplicated, duplicated]) == [duplicated])
    }
}
