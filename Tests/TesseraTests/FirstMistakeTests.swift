import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// One mistake, one diagnostic that names it: what a new user's slips are reported as, at
/// their place, with the edit that repairs them where there is one.
struct FirstMistakeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let marked: String
        let ids: [DiagnosticID]
        var severity: Severity = .error
        /// The message of the first diagnostic.
        var message: String? = nil
        var testDescription: String { name }
    }

    static let blue = ##"{"colorSpace": "srgb", "components": [0.04, 0.52, 1], "hex": "#0a85ff"}"##

    static let cases: [Case] = [
        Case(name: "$valeu on a token", marked: ##"{"a": {"$type": "number", ⊙"$valeu": 1}}"##, ids: [.misspeltProperty],
            message: "unknown property '$valeu': did you mean '$value'?"),
        Case(name: "$typ beside $value", marked: ##"{"a": {⊙"$typ": "number", "$value": 1}}"##, ids: [.misspeltProperty],
            message: "unknown property '$typ': did you mean '$type'?"),
        Case(name: "$descripton on a group", marked: ##"{"g": {⊙"$descripton": "x", "a": {"$type": "number", "$value": 1}}}"##,
            ids: [.misspeltProperty]),
        Case(name: "description without $ on a token", marked: ##"{"a": {"$type": "number", "$value": 1, ⊙"description": "x"}}"##,
            ids: [.misspeltProperty], message: "unknown property 'description': did you mean '$description'?"),
        Case(name: "a custom $ property far from any is still unknown",
            marked: ##"{"a": {"$type": "number", "$value": 1, ⊙"$figmaNodeIdentifier": "x"}}"##, ids: [.unknownProperty], severity: .warning),
        Case(name: "an unclosed reference", marked: ##"{"c": {"$type": "color", "blue": {"$value": \##(blue)}, "link": {"$value": ⊙"{color.blue"}}}"##,
            ids: [.referenceSyntax], message: "reference '{color.blue' is not closed: write '{color.blue}'"),
        Case(name: "a reference without its opening brace", marked: ##"{"a": {"$type": "dimension", "$value": ⊙"space.md}"}}"##,
            ids: [.referenceSyntax], message: "reference 'space.md}' is not closed: write '{space.md}'"),
        Case(name: "a string token with a brace is a string", marked: ##"{"a": {"$type": "string", "$value": "{ not a path"}}"##, ids: []),
        Case(name: "a hex that contradicts the components",
            marked: ##"{"a": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1], "hex": ⊙"#ff0000"}}}"##,
            ids: [.hexMismatch], severity: .warning,
            message: "'hex' fallback '#ff0000' is another color than the components, which are '#0000ff' in sRGB"),
        Case(name: "a hex one step off agrees", marked: ##"{"a": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.04, 0.52, 1], "hex": "#0b84ff"}}}"##,
            ids: [], severity: .warning),
        Case(name: "a hex for a color in another space",
            marked: ##"{"a": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [240, 100, 50], "hex": "#0000fe"}}, "b": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [0, 100, 50], "hex": ⊙"#00ff00"}}}"##,
            ids: [.hexMismatch], severity: .warning),
        Case(name: "a hex fallback for a color outside sRGB is a mapping, not checked",
            marked: ##"{"a": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [0, 1, 0], "hex": "#00ff00"}}}"##,
            ids: [], severity: .warning),
    ]

    @Test(arguments: cases)
    func theMistakeIsNamedAtItsPlace(_ testCase: Case) {
        expectDiagnostics(testCase.marked, testCase.ids, severity: testCase.severity)
        if let message = testCase.message {
            let found = pipeline(MarkedSource(testCase.marked).text).diagnostics.inReadingOrder
            #expect(found.first?.message == message)
        }
    }

    @Test(arguments: [
        (##"{"a": {"$type": "number", "$valeu": 1}}"##, DiagnosticID.misspeltProperty),
        (##"{"a": {"$type": "number", "$value": 1, "description": "x"}}"##, .misspeltProperty),
        (##"{"a": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1], "hex": "#ff0000"}}}"##, .hexMismatch),
    ])
    func theFixItRepairsIt(_ source: String, _ id: DiagnosticID) throws {
        let file = SourceFile(path: "tokens.json", text: source)
        let fixed = try FixItTests.applyFixIts(of: id, in: TokenSystem.resolving(files: [file]).diagnostics, to: file)
        #expect(TokenSystem.resolving(files: [fixed]).diagnostics.isEmpty, "\(String(decoding: fixed.bytes, as: UTF8.self))")
    }
}
