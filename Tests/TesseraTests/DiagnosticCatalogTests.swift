import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera

/// One case per diagnostic not covered by the type and resolution tables, each at its place.
struct DiagnosticCatalogTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: DiagnosticID
        let severity: Severity
        let marked: String
        var testDescription: String { id.rawValue }
    }

    static let cases: [Case] = [
        Case(id: .rootNotObject, severity: .error, marked: "⊙[1, 2]"),
        Case(id: .notAGroupOrToken, severity: .warning, marked: ##"{⊙"a": 1, "n": {"$type": "number", "$value": 1}}"##),
        Case(id: .unknownProperty, severity: .warning, marked: ##"{"a": {"$type": "number", "$value": 1, ⊙"$note": "x"}}"##),
        Case(id: .unknownProperty, severity: .warning, marked: ##"{"g": {⊙"$color": "red", "n": {"$type": "number", "$value": 1}}}"##),
        Case(id: .extendsInvalid, severity: .error, marked: ##"{"g": {"$extends": ⊙"group"}}"##),
        Case(id: .shortHexLegacy, severity: .warning, marked: ##"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": ⊙"#fff"}}}"##),
        Case(id: .dimensionUnitLegacy, severity: .warning, marked: ##"{"d": {"$type": "dimension", "$value": {"value": 2, "unit": ⊙"dp"}}}"##),
        Case(id: .dimensionUnitLegacy, severity: .warning, marked: ##"{"d": {"$type": "dimension", "$value": ⊙0}}"##),
        Case(id: .unknownValueProperty, severity: .warning, marked: ##"{"d": {"$type": "dimension", "$value": {"value": 2, "unit": "px", ⊙"scale": 2}}}"##),
        Case(id: .typographyIncomplete, severity: .warning, marked: ##"{"t": {"$type": "typography", "$value": ⊙{"fontFamily": "A", "fontSize": {"value": 1, "unit": "rem"}, "fontWeight": 400}}}"##),
        Case(id: .invalidExtensions, severity: .error, marked: ##"{"a": {"$type": "number", "$value": 1, "$extensions": ⊙[]}}"##),
        Case(id: .invalidType, severity: .error, marked: ##"{"a": {"$type": ⊙3, "$value": 1}}"##),
        Case(id: .unknownType, severity: .warning, marked: ##"{"a": {"$type": ⊙"vendorThing", "$value": 1}}"##),
        Case(id: .misspeltType, severity: .error, marked: ##"{"a": {"$type": ⊙"colour", "$value": 1}}"##),
        Case(id: .valueAndRef, severity: .error, marked: ##"{"b": {"$type": "number", "$value": 1}, "a": {"$type": "number", "$value": 2, ⊙"$ref": "#/b"}}"##),
        Case(id: .negativeBlur, severity: .warning, marked: ##"{"s": {"$type": "shadow", "$value": {"color": {"colorSpace": "srgb", "components": [0, 0, 0]}, "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 0, "unit": "px"}, "blur": ⊙{"value": -1, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}}"##),
    ]

    @Test(arguments: cases)
    func diagnosticAtItsPlace(_ testCase: Case) {
        expectDiagnostics(testCase.marked, [testCase.id], severity: testCase.severity)
    }

    @Test func unknownTypeSuggestsTheClosestType() {
        let result = pipeline(##"{"a": {"$type": "colour", "$value": 1}}"##)
        #expect(result.diagnostics.first?.fixIts.first?.replacement == "\"color\"")
    }

    @Test func emptyDirectoryAndMissingFileAreErrors() throws {
        let directory = TestScratch.root.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let empty = TokenSystem.resolving(paths: [directory.path])
        #expect(empty.diagnostics.map(\.id) == [.fileNoTokens])
        let missing = TokenSystem.resolving(paths: [directory.appendingPathComponent("nope.json").path])
        #expect(missing.diagnostics.map(\.id) == [.fileUnreadable])
    }

    @Test func everyDiagnosticRendersWithItsIdAndACaret() {
        let source = MarkedSource(##"{"a": {"$value": ⊙"{b}"}}"##)
        let result = pipeline(source.text)
        let text = DiagnosticRenderer().render(result.diagnostics.inReadingOrder, files: result.files)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "tokens.json:1:\(source.marks[0].column): error: unknown reference '{b}': no token 'b' [reference.unknown]")
        #expect(lines[1] == "    " + source.text)
        #expect(lines[2] == "    " + String(repeating: " ", count: source.marks[0].column - 1) + "^")
    }
}

extension DiagnosticCatalogTests {
    /// The caret stands as many scalars in as the column says, even after an accent written
    /// as a letter and a combining mark (two scalars, one character).
    @Test func theCaretCountsScalarsAsColumnsDo() {
        let source = MarkedSource("{\"cafe\u{301}\": {\"$value\": ⊙\"{b}\"}}")
        let result = pipeline(source.text)
        let lines = DiagnosticRenderer().render(result.diagnostics.inReadingOrder, files: result.files).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("tokens.json:1:\(source.marks[0].column): error:"))
        #expect(lines[2] == "    " + String(repeating: " ", count: source.marks[0].column - 1) + "^")
    }

    /// Library messages never name command-line flags; the command line adds its own hints.
    @Test func libraryMessagesNameNoFlags() {
        let flood = (0..<3).map { ##""c\##($0)": {"$value": "#ff0000"}"## }.joined(separator: ", ")
        let result = TokenSystem.resolving(files: [SourceFile(path: "f.json", text: ##"{"p": {"$type": "color", \##(flood)}}"##)],
            options: PipelineOptions(warningLimit: 1))
        let texts = result.diagnostics.flatMap { [$0.message] + $0.notes.map(\.message) + $0.fixIts.map(\.message) }
        #expect(!texts.isEmpty)
        #expect(!texts.contains { $0.contains("--") })
    }

    /// A fix-it is an edit inside its file that changes something.
    @Test(arguments: cases)
    func everyFixItIsAnEdit(_ testCase: Case) {
        let file = SourceFile(path: "tokens.json", text: MarkedSource(testCase.marked).text)
        let result = TokenSystem.resolving(files: [file])
        for fixIt in result.diagnostics.flatMap(\.fixIts) {
            #expect(fixIt.edit.file == file.path)
            #expect(fixIt.edit.range.upperBound <= file.bytes.count)
            #expect(!fixIt.edit.range.isEmpty || !fixIt.edit.replacement.isEmpty)
        }
    }

    /// Diagnostics about names that differ only in normalization are two diagnostics, as the
    /// names are two names: the permutation report keeps both.
    @Test func diagnosticsCompareCodePointByCodePoint() {
        func diagnostic(_ name: String) -> Diagnostic {
            Diagnostic(.unknownReference("{\(name)}", path: name),
                at: SourceLocation(file: "t.json", line: 1, column: 2, pointer: "/" + name, token: name))
        }
        let composed = diagnostic("caf\u{E9}")
        let decomposed = diagnostic("cafe\u{301}")
        #expect(composed.message == decomposed.message, "equal as Swift strings")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, diagnostic("caf\u{E9}")]).count == 2)
    }

    /// An id has one severity wherever it is found (the catalogue binds them), except the tier
    /// rule, whose severity the team chooses.
    @Test func anIdHasOneSeverity() {
        var sources = Self.cases.map { MarkedSource($0.marked).text }
        sources.append(MarkedSource(ManyMistakesTests.source).text)
        sources += FixItTests.tokenCases.map(\.source)
        var severities: [DiagnosticID: Set<Severity>] = [:]
        for source in sources {
            for diagnostic in pipeline(source).diagnostics {
                severities[diagnostic.id, default: []].insert(diagnostic.severity)
            }
        }
        for resolver in FixItTests.resolverCases {
            for diagnostic in ResolverDocument.read(SourceFile(path: "r.resolver.json", text: resolver.source)).1 {
                severities[diagnostic.id, default: []].insert(diagnostic.severity)
            }
        }
        #expect(severities.count > 25)
        for (id, found) in severities where id != .tierDirection {
            #expect(found.count == 1, "\(id): \(found)")
        }
    }
}

struct WarningLimitTests {
    static let source: String = {
        let tokens = (0..<150).map { ##""c\##($0)": {"$value": "#ff0000"}"## }.joined(separator: ",\n")
        return ##"{"palette": {"$type": "color",\##n\##(tokens)}}"##
    }()

    @Test func aFloodOfOneWarningIsSummedUpAfterTheLimit() throws {
        let file = SourceFile(path: "flood.json", text: Self.source)
        let limited = TokenSystem.resolving(files: [file], options: PipelineOptions(warningLimit: 100))
        #expect(limited.diagnostics.count == 101)
        let summary = try #require(limited.diagnostics.last)
        #expect(summary.message.hasPrefix("50 more 'value.color.legacy' warnings"))
        #expect(summary.location?.line == 102, "at the first warning left out: c100, on line 102")
        #expect(limited.partialTokens.count == 150, "values are resolved all the same")

        let all = TokenSystem.resolving(files: [file], options: PipelineOptions(warningLimit: nil))
        #expect(all.diagnostics.count == 150)
        let strict = TokenSystem.resolving(files: [file], options: PipelineOptions(strict: true, warningLimit: 100))
        #expect(strict.diagnostics.errorCount == 150, "errors are never summed up")
    }
}
