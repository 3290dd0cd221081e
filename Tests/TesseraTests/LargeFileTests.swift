import TesseraTestSupport
import Testing

@testable import Tessera

/// Large files are parsed in parts on several cores and indexed in batches; both must give
/// exactly what parsing on one thread, token by token, gives: the same tokens in the same
/// order, the same groups, the same diagnostics in the same order.
struct LargeFileTests {
    /// One group of a large file: tokens of several shapes, with mistakes of every kind the
    /// parser reports, and strings whose quotes, backslashes and braces a skipping scan must
    /// step over correctly.
    static func section(_ index: Int) -> String {
        """
        "section-\(index)": {
          "$type": "color",
          "$description": "section \(index) with \\"quotes\\", a \\\\ backslash and {braces}",
          "plain-\(index)": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.2, 0.3]}},
          "legacy-\(index)": {"$value": "#a1b2c3"},
          "alias-\(index)": {"$value": "{section-\(index).plain-\(index)}", "$deprecated": "use plain"},
          "size-\(index)": {"$type": "dimension", "$value": {"value": \(index % 50), "unit": "px"}},
          "esc\\u0061ped-\(index)": {"$value": "#ffffff", "$extensions": {"org.example": {"note": "}{\\"]["}}},
          "dup-\(index)": {"$value": "#000000"},
          "dup-\(index)": {"$value": "#111111"},
          "bad.name-\(index)": {"$value": "#222222"},
          "stray-\(index)": 42,
          "nested-\(index)": {
            "deep": {"deeper": {"$value": "#333333", "$unknown": true}},
            "mixed": {"child": {"$value": "#444444"}, "$value": "#555555"}
          },
          "weird-\(index)": {"$value": "#666666", "$type": 7}
        }
        """
    }

    /// Sections, and every hundredth a few root members with mistakes the outline (not a part)
    /// must report in place: a repeated section, a bad name, a stray value, a root property.
    static func largeFile(sections: Int, tail: String = "") -> SourceFile {
        let body = (0..<sections).map { index in
            guard index % 100 == 99 else { return section(index) }
            return section(index) + """
                ,
                "root-stray-\(index)": "te\\qxt",
                "section-\(index - 1)": {"$value": "#000000"},
                "root.bad-\(index)": {"$value": "#000000"},
                "$unknown-\(index)": 1
                """
        }.joined(separator: ",\n")
        return SourceFile(path: "large.tokens.json", text: "{\n\(body)\(tail)\n}\n")
    }

    /// The tokens of a document, described so that two documents compare field by field.
    static func summary(_ document: TokenDocument) -> [String] {
        document.tokens.map { token in
            [token.path, document.groupPath(token.groupID), token.explicitType?.rawValue ?? "-", "\(token.value.offset)",
                token.description ?? "-", token.deprecated.map { "\($0)" } ?? "-", token.extensions == nil ? "-" : "ext",
                "\(token.anchor.offset)"].joined(separator: "|")
        }
    }

    static func load(_ file: SourceFile, inParts: Bool) -> (TokenDocument, [Diagnostic]) {
        var document = TokenDocument()
        var diagnostics: [Diagnostic] = []
        let parsed = inParts
            ? DocumentParser.parseInParts(file, allowComments: false, seed: document.pathSeed)
            : DocumentParser.parseWhole(file, allowComments: false, seed: document.pathSeed)
        guard let (fragment, found) = parsed else {
            Issue.record("the file was not parsed in parts")
            return (document, diagnostics)
        }
        diagnostics = found
        if let fragment { _ = document.add(fragment, from: file) }
        return (document, diagnostics)
    }

    /// Equal sequences, or an issue naming the first place they differ (not both whole).
    static func expectSame<T: Equatable>(_ found: [T], _ expected: [T], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(found.count == expected.count, sourceLocation: sourceLocation)
        if let index = zip(found.indices, expected.indices).first(where: { found[$0.0] != expected[$0.1] })?.0 {
            Issue.record("first difference at \(index): \(found[index]) instead of \(expected[index])", sourceLocation: sourceLocation)
        }
    }

    @Test func partsGiveWhatOneThreadGives() {
        let file = Self.largeFile(sections: 1_500)
        #expect(file.bytes.count > DocumentParser.partThreshold)
        let (whole, wholeDiagnostics) = Self.load(file, inParts: false)
        let (parts, partsDiagnostics) = Self.load(file, inParts: true)
        #expect(whole.count == 15_000)
        Self.expectSame(Self.summary(parts), Self.summary(whole))
        #expect(parts.groupPaths.sorted() == whole.groupPaths.sorted())
        #expect(parts.groups.keys.sorted() == whole.groups.keys.sorted())
        Self.expectSame(partsDiagnostics, wholeDiagnostics)
        // Every kind of mistake in the sections was found, once per section.
        let counts = Dictionary(grouping: wholeDiagnostics, by: \.id).mapValues(\.count)
        for id in [DiagnosticID.jsonDuplicateKey, .invalidName, .notAGroupOrToken, .unknownProperty, .valueWithChildren, .invalidType] {
            #expect(counts[id, default: 0] >= 1_500, "\(id)")
        }
        #expect(counts[.jsonInvalidEscape] == 15)
    }

    @Test func aStructuralErrorLateInALargeFileIsReportedAsOnOneThread() {
        let file = Self.largeFile(sections: 1_500, tail: ",\n\"broken\": {\"$value\": [1, 2,]}")
        #expect(DocumentParser.parseInParts(file, allowComments: false) == nil)
        let (fragment, diagnostics) = DocumentParser.parseFile(file, allowComments: false, seed: nil)
        #expect(fragment == nil)
        #expect(diagnostics == DocumentParser.parseWhole(file, allowComments: false).1)
        #expect(diagnostics.contains { $0.id == .jsonSyntax && $0.message.contains("trailing comma") })
    }

    /// Nesting too deep inside a part of a large file is found as on one thread.
    @Test func deepNestingInsideAPartIsReportedAsOnOneThread() {
        let deep = String(repeating: ##"{"g":"##, count: 600) + "{}" + String(repeating: "}", count: 600)
        let file = Self.largeFile(sections: 1_200, tail: ",\n\"deep\": " + deep)
        let (fragment, diagnostics) = DocumentParser.parseFile(file, allowComments: false, seed: nil)
        #expect(fragment == nil)
        #expect(diagnostics == DocumentParser.parseWhole(file, allowComments: false).1)
        #expect(diagnostics.map(\.id).contains(.jsonTooDeep))
    }

    /// Files without shared paths are moved into the document whole; their groups still merge,
    /// so tokens of a later file take the type a group of an earlier file sets.
    @Test func laterFilesJoinGroupsOfEarlierOnes() {
        func tokens(_ prefix: String, _ range: Range<Int>, value: (Int) -> String) -> String {
            range.map { "\"\(prefix)\($0)\": {\"$value\": \(value($0))}" }.joined(separator: ", ")
        }
        let first = SourceFile(path: "a.tokens.json", text: """
            {"size": {"$type": "dimension", \(tokens("s", 0..<2_000) { "{\"value\": \($0), \"unit\": \"px\"}" })}}
            """)
        let second = SourceFile(path: "b.tokens.json", text: """
            {"size": {\(tokens("t", 0..<2_000) { "\"{size.s\($0)}\"" })},
             "more": {"$type": "number", \(tokens("n", 0..<2_000) { "\($0)" })}}
            """)
        let result = TokenSystem.resolving(files: [first, second])
        #expect(result.diagnostics.isEmpty)
        #expect(result.document.count == 6_000)
        #expect(result.document.tokens.map(\.path) == (0..<2_000).map { "size.s\($0)" } + (0..<2_000).map { "size.t\($0)" }
            + (0..<2_000).map { "more.n\($0)" })
        #expect(result.document.groupPath(result.document.tokens[2_500].groupID) == "size")
        #expect(result.partialTokens["size.t1234"]?.value == .dimension(TokenDimension(1234, .px)))
        #expect(result.partialTokens["more.n1999"]?.value == .number(1999))
        #expect(result.document.index(of: "more.n5") == 4_005)
    }

    /// Two large files sharing paths: batches index them with the later file winning, and
    /// each differing redefinition is a conflict, as when tokens are added one by one.
    @Test func laterLargeFilesWinAndConflictsAreReported() {
        func file(_ name: String, shade: Int, range: Range<Int>) -> SourceFile {
            let tokens = range.map { "\"t\($0)\": {\"$value\": \"#\(String(repeating: "\(shade)", count: 6))\"}" }
            return SourceFile(path: name, text: "{\"color\": {\"$type\": \"color\", \(tokens.joined(separator: ", "))}}")
        }
        let first = file("a.tokens.json", shade: 1, range: 0..<3_000)
        let second = file("b.tokens.json", shade: 2, range: 2_000..<5_000)
        let result = TokenSystem.resolving(files: [first, second])
        #expect(result.document.count == 5_000)
        #expect(result.diagnostics.filter { $0.id == .mergeConflict }.count == 1_000)
        #expect(result.partialTokens["color.t2500"]?.value == result.partialTokens["color.t4000"]?.value)
        #expect(result.partialTokens["color.t1500"]?.value != result.partialTokens["color.t2500"]?.value)
        #expect(result.document.tokens.map(\.path) == (0..<5_000).map { "color.t\($0)" })
    }
}
