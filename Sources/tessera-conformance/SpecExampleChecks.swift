import Foundation
import Tessera
import TesseraImporters

/// Every JSON example of the Format specification (2025.10): valid examples resolve with no
/// error, invalid ones are rejected with the right id. Fragments that the specification shows
/// for illustration only are listed with the errors they correctly produce and why. The
/// Resolver specification's examples are read without a crash, whole resolvers coming back.
struct SpecExampleChecks {
    let corpus: Corpus

    struct Example {
        let file: String
        let expected: String
    }

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

    func examples(_ check: Check) throws -> [Example] {
        let data = try Data(contentsOf: corpus.specExamples.appendingPathComponent("index.json"))
        let entries = try check.require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "index.json is a list")
        return try entries.compactMap { entry in
            let file = try check.require(entry["file"] as? String, "an entry without a file")
            // The resolver module's examples are resolver documents, not token files.
            guard !file.hasPrefix("resolver/") else { return nil }
            return Example(file: file, expected: try check.require(entry["expected"] as? String, "\(file) has no expectation"))
        }
    }

    func run(_ checks: Checks) {
        var all: [Example] = []
        checks.run("dtcg-spec: the index names the examples") { check in
            all = try examples(check)
            check.expect(!all.isEmpty, "no examples")
        }
        checks.run("dtcg-spec: every format example (\(all.count)) reads as the specification says") { check in
            for example in all {
                let path = corpus.specExamples.appendingPathComponent(example.file).path
                let result = TokenSystem.resolving(paths: [path], options: PipelineOptions(importers: .standard))
                // An example of groups alone holds no token: read alone, that fails a command
                // (never an empty success), which is not what the example is about.
                let errors = Set(result.diagnostics.filter { $0.severity == .error && $0.id != .fileNoTokens }.map(\.id))
                if let id = Self.invalid[example.file] {
                    check.expect(example.expected == "invalid", "\(example.file) is not marked invalid")
                    check.expect(errors == [id], "\(example.file): \(errors)")
                } else if let illustration = Self.illustrative[example.file] {
                    check.expect(errors == illustration.ids, "\(example.file): \(errors), \(illustration.why)")
                } else {
                    check.expect(example.expected != "invalid", "\(example.file): an invalid example was accepted")
                    check.expect(errors.isEmpty, "\(example.file): \(result.diagnostics.filter { $0.severity == .error }.map(\.message))")
                    check.expect(result.partialTokens.count == result.document.count, "\(example.file): every token resolves")
                }
            }
        }
        checks.run("dtcg-spec: every invalid example is covered") { check in
            let invalidFiles = Set(all.filter { $0.expected == "invalid" }.map(\.file))
            check.expect(invalidFiles == Set(Self.invalid.keys), "\(invalidFiles.symmetricDifference(Self.invalid.keys).sorted())")
        }
        checks.run("dtcg-spec: the resolver examples are read") { check in
            let directory = corpus.specExamples.appendingPathComponent("resolver")
            let names = try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonc") }
            check.expect(names.count >= 20, "\(names.count) examples")
            for name in names {
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                // Fragments and illustrations: reading never crashes, and whole resolvers come back.
                let (document, diagnostics) = ResolverDocument.read(SourceFile(path: name, bytes: Array(data)))
                if data.contains(Array("resolutionOrder".utf8)), !name.hasSuffix(".jsonc") {
                    check.expect(document != nil, "\(name): \(diagnostics.map(\.message))")
                }
            }
        }
    }
}
