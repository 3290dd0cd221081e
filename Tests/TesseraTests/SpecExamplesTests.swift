import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Every JSON example of the Format specification (2025.10): valid examples resolve with no
/// error, invalid ones are rejected with the right id. Fragments that the specification shows
/// for illustration only are listed with the errors they correctly produce and why.
struct SpecExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let file: String
        let expected: String
        var testDescription: String { file }
    }

    static let examples: [Example] = {
        let data = try! Data(contentsOf: fixtures.appendingPathComponent("spec-examples/index.json"))
        let entries = try! JSONSerialization.jsonObject(with: data) as! [[String: Any]]
        return entries.compactMap { entry in
            let file = entry["file"] as! String
            // The resolver module's examples are resolver documents, not token files.
            guard !file.hasPrefix("resolver/") else { return nil }
            return Example(file: file, expected: entry["expected"] as! String)
        }
    }()

    /// Examples the specification marks invalid, and the diagnostic each must produce.
    static let invalid: [String: DiagnosticID] = [
        "format/aliases/04-circular-references.jsonc": .referenceCycle,
        "format/groups/09-invalid-circular-reference.jsonc": .extendsCycle,
        "format/groups/10-another-circular-reference.jsonc": .extendsCycle,
        "format/groups/16-circular-reference-detection.jsonc": .extendsCycle,
    ]

    /// Illustrative fragments: the errors they produce are the correct reading of the fragment.
    static let illustrative: [String: (ids: Set<DiagnosticID>, why: String)] = [
        "color/token-naming/03-component.json": ([.referenceUnknown], "references tokens defined elsewhere"),
        "color/token-naming/09-alias-tokens.json": ([.referenceUnknown], "references tokens defined elsewhere"),
        "color/token-naming/10-alias-tokens.jsonc": ([.referenceUnknown], "references tokens defined elsewhere"),
        "color/token-naming/11-component-tokens.json": ([.referenceUnknown], "references tokens defined elsewhere"),
        "format/composite-types/01-array-aliasing-in-composite-types.json": ([.referenceUnknown], "references tokens defined elsewhere"),
        "format/composite-types/07-border-composite-token-examples.json": ([.referenceUnknown], "references tokens defined elsewhere"),
        "format/composite-types/09-shadow-token-example.json": ([.referenceUnknown], "references tokens defined elsewhere"),
        "format/composite-types/12-gradient-token-using-references-example.json": ([.referenceUnknown], "references tokens defined elsewhere"),
        "format/composite-types/13-typography-composite-token-examples.json": ([.referenceUnknown], "references tokens defined elsewhere"),
        "format/groups/05-equivalence-to-json-schema-ref.json": ([.referenceUnknown, .missingType], "extends a group defined elsewhere"),
        "format/groups/06-equivalence-to-json-schema-ref.json": ([.referenceUnknown, .missingType], "extends a group defined elsewhere"),
        "format/groups/07-override-example.jsonc": ([.missingType], "a color token with no $type anywhere"),
        "format/groups/11-valid-inheritance-patterns.jsonc": ([.missingType], "a dimension token with no $type anywhere"),
        "format/groups/13-current-reference-syntax.json": ([.missingType], "tokens with no $type, shown for syntax only"),
        "format/groups/14-json-pointer-references.json": ([.missingType], "tokens with no $type, shown for syntax only"),
        "format/groups/18-group-extension-with-override.json": ([.valueInvalid], "uses the unit '%', which 2025.10 does not define"),
        "format/terminology/01-composite-design-token.json": ([.valueInvalid], "nests a token inside a value to explain composition"),
    ]

    @Test(arguments: examples)
    func example(_ example: Example) {
        let path = fixtures.appendingPathComponent("spec-examples").appendingPathComponent(example.file).path
        let result = TokenPipeline.run(paths: [path])
        let errors = Set(result.diagnostics.all.filter { $0.severity == .error }.map(\.id))
        if let id = Self.invalid[example.file] {
            #expect(example.expected == "invalid")
            #expect(errors == [id])
        } else if let illustration = Self.illustrative[example.file] {
            #expect(errors == illustration.ids, "\(illustration.why)")
        } else {
            #expect(example.expected != "invalid", "an invalid example was accepted")
            #expect(errors.isEmpty, "\(result.diagnostics.all.map(\.message))")
            #expect(result.partialTokens.count == result.document.count, "every token resolves")
        }
    }

    @Test func everyInvalidExampleIsCovered() {
        let invalidFiles = Set(Self.examples.filter { $0.expected == "invalid" }.map(\.file))
        #expect(invalidFiles == Set(Self.invalid.keys))
    }
}
