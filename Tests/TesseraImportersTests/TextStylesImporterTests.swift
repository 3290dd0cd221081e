import Foundation
import Tessera
@testable import TesseraImporters
import TesseraTestSupport
import Testing

/// The ConfigTokens layout: three DTCG files and `textStyles.json`, read from one folder.
struct TextStylesImporterTests {
    static let folder = sharedFixtures.appendingPathComponent("config-tokens").path

    @Test func theFourFileLayoutResolves() throws {
        let result = TokenSystem.resolving(paths: [Self.folder], options: PipelineOptions(importers: .standard))
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))")
        let tokens = try result.tokens()
        // Path tokens, as the apps write them, and dotted paths find the same token.
        #expect(tokens.value("theme/navigation/bottom/highlight") == TokenColor(legacyCSS: "#017cff").map(TokenValue.color))
        #expect(tokens.value("theme/general/link") == tokens.value("theme.navigation.bottom.highlight"))
        #expect(tokens.value("theme-button-height") == .number(46))
        #expect(tokens.value("theme/buttons/radius") == .number(8))
        #expect(tokens.value("theme/general/on-background") == TokenColor(legacyCSS: "rgba(255, 255, 255, 0.2)").map(TokenValue.color))

        let expected: [(String, Double, Double, TextCase)] = [
            ("headline", 16, 700, .none), ("body", 14, 400, .none), ("caption_1", 12, 600, .upper), ("footnote", 12, 500, .title),
        ]
        for (name, size, weight, textCase) in expected {
            guard case .typography(let style) = tokens.value("textStyles.\(name)") else {
                Issue.record("textStyles.\(name) is not a typography token")
                continue
            }
            #expect(style.fontFamily == ["CustomFont"])
            #expect(style.fontSize == TokenDimension(size, .px))
            #expect(style.fontWeight == weight)
            #expect(style.textCase == textCase)
        }
    }

    /// The text case survives DTCG output: written to `$extensions`, read back from there.
    @Test func textCaseRoundTripsThroughDTCG() throws {
        let result = TokenSystem.resolving(paths: [Self.folder], options: PipelineOptions(importers: .standard))
        let tokens = try result.tokens()
        let json = ResolvedEmitter.treeText(tokens.all, document: result.document)
        let again = try pipeline(["tokens.json": json]).tokens()
        for name in ["headline", "caption_1", "footnote"] {
            #expect(again.value("textStyles.\(name)") == tokens.value("textStyles.\(name)"))
        }
    }

    @Test func weightNamesInAnySpelling() throws {
        for (spelling, weight) in [("SemiBold", 600.0), ("semi-bold", 600), ("Semibold", 600), ("ExtraLight", 200),
                                   ("UltraBold", 800), ("Black", 900), ("Thin", 100), ("Regular", 400), (#"550"#, 550)] {
            let value = spelling.allSatisfy(\.isNumber) ? spelling : "\"\(spelling)\""
            let text = ##"{"textStyles": [{"name": "s", "fontFamily": "F", "fontWeight": \##(value), "fontSize": 10}]}"##
            let tokens = try pipeline(["textStyles.json": text]).tokens()
            guard case .typography(let style) = tokens.value("textStyles.s") else {
                Issue.record("no style for \(spelling)")
                continue
            }
            #expect(style.fontWeight == weight, "\(spelling)")
            #expect(style.textCase == nil)
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let marked: String
        let ids: [DiagnosticID]
        var severity: Severity = .error
        var testDescription: String { name }
    }

    static let malformed: [Case] = [
        Case(name: "root is an array", marked: ##"⊙[{"name": "a"}]"##, ids: [.textStyleInvalid]),
        Case(name: "no textStyles", marked: ##"⊙{"fileName": "textStyles", "styles": []}"##, ids: [.textStyleInvalid]),
        Case(name: "textStyles not an array", marked: ##"{"textStyles": ⊙{"name": "a"}}"##, ids: [.textStyleInvalid]),
        Case(name: "style not an object", marked: ##"{"textStyles": [⊙"headline"]}"##, ids: [.textStyleInvalid]),
        Case(name: "no name", marked: ##"{"textStyles": [⊙{"fontFamily": "F", "fontWeight": "Bold", "fontSize": 1}]}"##,
            ids: [.textStyleInvalid]),
        Case(name: "size is a string", marked: ##"{"textStyles": [{"name": "a", "fontFamily": "F", "fontWeight": "Bold", "fontSize": ⊙"16"}]}"##,
            ids: [.textStyleInvalid]),
        Case(name: "negative size", marked: ##"{"textStyles": [{"name": "a", "fontFamily": "F", "fontWeight": "Bold", "fontSize": ⊙-2}]}"##,
            ids: [.textStyleInvalid]),
        Case(name: "unknown weight", marked: ##"{"textStyles": [{"name": "a", "fontFamily": "F", "fontWeight": ⊙"Bolt", "fontSize": 2}]}"##,
            ids: [.valueInvalid]),
        Case(name: "weight out of range", marked: ##"{"textStyles": [{"name": "a", "fontFamily": "F", "fontWeight": ⊙1200, "fontSize": 2}]}"##,
            ids: [.valueOutOfRange]),
        Case(name: "unknown text case", marked: ##"{"textStyles": [{"name": "a", "fontFamily": "F", "fontWeight": 400, "fontSize": 2, "textCase": ⊙"SHOUT"}]}"##,
            ids: [.unknownTextCase]),
        Case(name: "empty family", marked: ##"{"textStyles": [{"name": "a", "fontFamily": ⊙"", "fontWeight": 400, "fontSize": 2}]}"##,
            ids: [.textStyleInvalid]),
        Case(name: "name with a dot", marked: ##"{"textStyles": [⊙{"name": "a.b", "fontFamily": "F", "fontWeight": 400, "fontSize": 2}]}"##,
            ids: [.invalidName]),
        Case(name: "misspelt member", marked: ##"{"textStyles": [{"name": "a", "fontFamily": "F", "fontWeight": 400, "fontSize": 2, ⊙"fontSzie": 3}]}"##,
            ids: [.textStyleUnknownMember], severity: .warning),
        Case(name: "style defined twice", marked: ##"{"textStyles": [{"name": "a", "fontFamily": "F", "fontWeight": 400, "fontSize": 2}, ⊙{"name": "a", "fontFamily": "G", "fontWeight": 400, "fontSize": 2}]}"##,
            ids: [.textStyleRedefined], severity: .warning),
        Case(name: "syntax error", marked: ##"{"textStyles": [{"name": "a"⊙ "fontFamily": "F", "fontWeight": 400, "fontSize": 2}]}"##,
            ids: [.jsonSyntax]),
    ]

    @Test(arguments: malformed)
    func malformedStylesAreLocated(_ testCase: Case) {
        expectDiagnostics(testCase.marked, testCase.ids, severity: testCase.severity, fileName: "textStyles.json")
    }

    /// Another name, but the content says it: recognized by its `"textStyles": [`.
    @Test func recognizedByContent() {
        let importer = TextStylesImporter()
        #expect(importer.recognizes(SourceFile(path: "typography.json", text: ##"{"fileName": "x", "textStyles" : ["##)) == .certain)
        #expect(importer.recognizes(SourceFile(path: "typography.json", text: ##"{"textStyles": {"$type": "typography"}}"##)) == .no)
        #expect(importer.recognizes(SourceFile(path: "TextStyles.JSON", text: ##"{"textStyles":["##)) == .certain)
        #expect(ImporterRegistry.standard.mergesFile(named: "textStyles.json"))
    }

    /// The name alone does not decide: a DTCG file called `textStyles.json` is read as DTCG.
    @Test func aDTCGFileOfThatNameStaysDTCG() throws {
        let text = ##"{"textStyles": {"body": {"$type": "typography", "$value": {"fontFamily": "F", "fontSize": {"value": 14, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}}}}"##
        #expect(ImporterRegistry.standard.importer(for: SourceFile(path: "textStyles.json", text: text)) is DTCGImporter)
        let tokens = try pipeline(["textStyles.json": text]).tokens()
        #expect(tokens.type("textStyles.body") == .typography)
    }
}
