import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Tokens Studio sets and themes (`Fixtures/tokens-studio-themes`, written for these tests from
/// the format's documentation: a folder of sets with `$metadata.json` and `$themes.json`, two
/// theme groups), math and modifiers in every permutation, and located diagnostics.
struct TokensStudioThemesTests {
    static let folder = fixtures.appendingPathComponent("tokens-studio-themes").path

    static func folderSystem() -> TokenSystem {
        ImporterRegistry.standard.importedSystem(at: folder, options: PipelineOptions())!
    }

    static func tokenSystem(_ text: String, path: String = "tokens.json") -> TokenSystem {
        TokensStudioImporter().system(for: SourceFile(path: path, text: text), options: PipelineOptions())
    }

    @Test func themeGroupsBecomeModifiers() throws {
        var tokenSystem = Self.folderSystem()
        let resolver = try #require(tokenSystem.resolver)
        var sets: [String] = []
        var modifiers: [String] = []
        for layer in resolver.layers {
            switch layer {
            case .set(let set): sets.append(set.name)
            case .modifier(let modifier): modifiers.append("\(modifier.name): " + modifier.contexts.map(\.name).joined(separator: ", ")
                + " (\(modifier.defaultContext ?? "-"))")
            }
        }
        // `core` and `components/button` are in every Mode theme; `experimental` in none, and
        // no theme's set refers to it: it is left out.
        #expect(sets == ["tokens-studio", "core", "components/button"])
        #expect(modifiers == ["Mode: Light, Dark (Light)", "Brand: Ocean, Forest (Ocean)"])
        #expect(resolver.permutations.count == 4)
        let warnings = tokenSystem.resolve(inputs: [:]).diagnostics
        #expect(warnings.map(\.id) == [.studioUnusedSet])
        #expect(warnings.first?.location?.file.hasSuffix("experimental.json") == true)
    }

    /// Values worked out by hand from the files and the transforms' formulas.
    @Test(arguments: [
        (["Mode": "Light", "Brand": "Ocean"], "button.pressed", "#005999ff"),
        (["Mode": "Light", "Brand": "Forest"], "button.pressed", "#1a6626ff"),
        (["Mode": "Light", "Brand": "Forest"], "button.border", ##"{"color":"#228833ff","style":"solid","width":"1px"}"##),
        (["Mode": "Light", "Brand": "Ocean"], "subtle", "#18181b99"),
        (["Mode": "Dark", "Brand": "Ocean"], "bg", "#18181bff"),
        (["Mode": "Light", "Brand": "Ocean"], "spacing.lg", "24px"),
        (["Mode": "Dark", "Brand": "Forest"], "radius.md", "5px"),
        (["Mode": "Dark", "Brand": "Forest"], "button.padding", "12px"),
        (["Mode": "Dark", "Brand": "Forest"], "opacity.disabled", "0.4"),
        (["Mode": "Light", "Brand": "Ocean"], "button.shadow",
         ##"[{"blur":"4px","color":"#18181b33","inset":false,"offsetX":"0px","offsetY":"2px","spread":"0px"}]"##),
        (["Mode": "Light", "Brand": "Ocean"], "button.label",
         #"{"fontFamily":["Inter","Helvetica Neue","sans-serif"],"fontSize":"20px","fontWeight":600,"letterSpacing":"0.02em","lineHeight":1.5,"textCase":"upper"}"#),
    ])
    func valuesInEveryPermutation(_ contexts: [String: String], _ path: String, _ expected: String) {
        var system59 = Self.folderSystem()
        let permutation = system59.resolve(contexts: contexts)
        #expect(!permutation.hasErrors)
        #expect(permutation.partialTokens[path]?.value.flatText == expected)
    }

    /// The same sets and themes in one file (sets as top-level keys, `$themes` and
    /// `$metadata` inline) resolve exactly as the folder does, in every permutation.
    @Test func singleFileAgreesWithFolder() throws {
        var root: [String: Any] = [:]
        for set in TokensStudioReader.setFiles(in: Self.folder) {
            let data = try Data(contentsOf: URL(fileURLWithPath: (Self.folder as NSString).appendingPathComponent(set)))
            root[String(set.dropLast(5))] = try JSONSerialization.jsonObject(with: data)
        }
        for marker in ["$themes", "$metadata"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: (Self.folder as NSString).appendingPathComponent(marker + ".json")))
            root[marker] = try JSONSerialization.jsonObject(with: data)
        }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]), as: UTF8.self)
        var single = Self.tokenSystem(text)
        var folder = Self.folderSystem()
        let permutations = try #require(folder.resolver?.permutations)
        #expect(single.resolver?.permutations.count == permutations.count)
        for contexts in permutations {
            let expected = ResolvedEmitter.flat(folder.resolve(contexts: contexts).partialTokens)
            #expect(!expected.isEmpty)
            #expect(ResolvedEmitter.flat(single.resolve(contexts: contexts).partialTokens) == expected, "\(contexts)")
        }
    }

    @Test func withoutThemesSetsMergeInOrder() {
        var tokenSystem = Self.tokenSystem(##"""
            {"base": {"c": {"value": "#000000", "type": "color"}, "n": {"value": 1, "type": "number"}},
             "override": {"c": {"$value": "#ffffff", "$type": "color"}},
             "$metadata": {"tokenSetOrder": ["override", "base"]}}
            """##)
        let tokens = tokenSystem.resolve(inputs: [:]).partialTokens
        // `base` comes last in tokenSetOrder, so it wins.
        #expect(tokens["c"]?.value.flatText == "#000000ff")
        #expect(tokens["n"]?.value.flatText == "1")
    }

    @Test func olderModifyFormAndEmptyModify() {
        var system106 = Self.tokenSystem(##"""
            {"a": {"value": "#000000", "type": "color", "$extensions": {"modify": {"type": "lighten", "amount": 0.5, "space": "srgb"}}},
             "b": {"value": "#123456", "type": "color", "$extensions": {"studio.tokens": {"modify": {}}}},
             "c": {"value": "{b}", "type": "color", "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "{half}", "space": "hsl"}}}},
             "half": {"value": "0.25 * 2", "type": "number"}}
            """##)
        let tokens = system106.resolve(inputs: [:])
        #expect(!tokens.hasErrors)
        #expect(tokens.partialTokens["a"]?.value.flatText == "#808080ff")
        #expect(tokens.partialTokens["b"]?.value.flatText == "#123456ff")
        #expect(tokens.partialTokens["c"]?.value.flatText == "#12345680")
        // A plain reference to a token of the same type stays an alias.
        var aliasing = Self.tokenSystem(##"{"x": {"value": "#000000", "type": "color"}, "y": {"value": "{x}", "type": "color"}}"##)
        #expect(aliasing.resolve(inputs: [:]).partialTokens["y"]?.aliasOf == "x")
    }

    /// A gradient's angle has no 2025.10 place: the CSS as written is kept beside the stops.
    @Test func gradientKeepsItsCSS() {
        var system = Self.tokenSystem(##"{"g": {"value": "linear-gradient(90deg, #000000 0%, #ffffff 100%)", "type": "color"}}"##)
        let token = system.resolve(inputs: [:]).partialTokens["g"]
        #expect(token?.type == .gradient)
        #expect(token?.extensions?["studio.tokens"]?["gradient"]?.string == "linear-gradient(90deg, #000000 0%, #ffffff 100%)")
    }

    struct Marked: CustomTestStringConvertible, Sendable {
        let source: String
        let ids: [DiagnosticID]
        var testDescription: String { ids.map(\.rawValue).joined(separator: ", ") }
    }

    static let malformed = [
        Marked(source: #"{"a": {"value": ⊙"4em + 7rem", "type": "spacing"}}"#, ids: [.studioValue]),
        Marked(source: #"{"b": {"value": "4", "type": "sizing"}, "a": {"value": ⊙"{b} + 7rem", "type": "spacing"}}"#, ids: [.studioValue]),
        Marked(source: #"{"a": {"value": ⊙"8px 16px", "type": "spacing"}}"#, ids: [.studioValue]),
        Marked(source: ##"{"a": {"value": ⊙"#12345", "type": "color"}}"##, ids: [.studioValue]),
        Marked(source: #"{"a": {"value": ⊙"Heavyish", "type": "fontWeights"}}"#, ids: [.studioValue]),
        Marked(source: ##"{"a": {"value": "#000000", "type": "color", "$extensions": {"studio.tokens": {"modify": ⊙{"type": "saturate", "value": "0.1"}}}}}"##,
               ids: [.studioModify]),
        Marked(source: ##"{"a": {"value": "#000000", "type": "color", "$extensions": {"studio.tokens": {"modify": ⊙{"type": "mix", "value": "0.1"}}}}}"##,
               ids: [.studioModify]),
        Marked(source: #"{"t": {"value": {"fontSize": "16"}, "type": ⊙"composition"}}"#, ids: [.studioType, .fileNoTokens]),
        Marked(source: #"{"t": {"value": 1, "type": ⊙"vendorThing"}}"#, ids: [.studioType]),
        Marked(source: #"{⊙"t": {"value": 1}}"#, ids: [.studioUntyped]),
        Marked(source: #"{"s1": {⊙"x": {"value": "{y}", "type": "color"}}, "s2": {"y": {"value": "{x}", "type": "color"}}, "$metadata": {"tokenSetOrder": ["s1", "s2"]}}"#,
               ids: [.referenceCycle]),
        Marked(source: #"{"a": {"value": "⊙{missing} * 2", "type": "spacing"}}"#, ids: [.referenceUnknown]),
        Marked(source: #"{"s": {"x": {"value": 1, "type": "number"}}, "$themes": [{"name": "T", "selectedTokenSets": {"s": "enabled", ⊙"nope": "enabled"}}]}"#,
               ids: [.studioInvalid]),
    ]

    @Test(arguments: malformed)
    func malformedInputIsLocated(_ testCase: Marked) {
        let source = MarkedSource(testCase.source)
        var system153 = Self.tokenSystem(source.text)
        let found = system153.resolve(inputs: [:]).diagnostics.filter { $0.severity >= .warning }
        #expect(found.map(\.id) == testCase.ids, "\(found.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" })")
        for (mark, diagnostic) in zip(source.marks, found) {
            #expect(diagnostic.location?.line == mark.line && diagnostic.location?.column == mark.column,
                "\(diagnostic.id) at \(diagnostic.location?.column ?? 0), expected \(mark.column): \(diagnostic.message)")
        }
    }

    @Test func recognizedByContentAndByFolder() {
        let importer = TokensStudioImporter()
        #expect(importer.recognizes(fileName: Self.folder) == .certain)
        #expect(importer.recognizes(SourceFile(path: "t.json", text: #"{"a": {"value": 1, "type": "sizing"}}"#)) == .certain)
        #expect(importer.recognizes(SourceFile(path: "t.json", text: #"{"a": {"$value": 1, "$type": "borderRadius"}}"#)) == .certain)
        #expect(importer.recognizes(SourceFile(path: "t.json", text: #"{"a": {"$value": 1, "$type": "number"}}"#)) == .no)
        #expect(ImporterRegistry.standard.importer(for: SourceFile(path: "t.json", text: #"{"$themes": []}"#))?.name == "tokens-studio")
    }
}
