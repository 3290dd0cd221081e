import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Figma's own DTCG export (`Fixtures/figma-export`, written for these tests in the shape
/// Figma writes: a folder per collection, a file per mode naming it in
/// `com.figma.modeName`, aliases into another collection as `com.figma.aliasData` beside the
/// value they resolve to).
struct FigmaExportImporterTests {
    static let folder = sharedFixtures.appendingPathComponent("figma-export").path
    static let theme = (folder as NSString).appendingPathComponent("Theme")
    static let primitives = (folder as NSString).appendingPathComponent("Primitives")

    static func composer(_ paths: [String]) -> TokenSystem {
        ImporterRegistry.standard.importedSystem(for: paths, options: PipelineOptions())!
    }

    @Test func collectionsBecomeSetsAndModifiers() throws {
        let composer = Self.composer([Self.folder])
        let resolver = try #require(composer.resolver)
        var layers: [String] = []
        for layer in resolver.layers {
            switch layer {
            case .set(let set): layers.append(set.name)
            case .modifier(let modifier): layers.append("\(modifier.name): \(modifier.contextNames.joined(separator: ", ")) (\(modifier.defaultContext ?? "-"))")
            }
        }
        #expect(layers == ["figma-export", "Primitives", "Theme: Dark, Light (Light)"])
        #expect(composer.checkAllPermutations().diagnostics.isEmpty, "\(composer.checkAllPermutations().diagnostics.map(\.message))")
    }

    /// Read with the collection it aliases, a token Figma wrote as a value is an alias again,
    /// and follows the target in every mode; the value Figma wrote agrees with it.
    @Test(arguments: [
        ("Light", "bg.accent", "#0066ffff", "color.blue.500"),
        ("Dark", "bg.accent", "#1a1a1aff", "color.gray.900"),
        ("Light", "bg.surface", "#ffffffff", "color.white"),
        ("Dark", "fg.link", "#1a1a1aff", "bg.accent"),
        ("Light", "gap", "16", "space.4"),
        ("Dark", "beta", "false", nil),
        ("Light", "Brand 🚀.name", "Tessera", nil),
    ] as [(String, String, String, String?)])
    func aliasesAreAliasesAgain(_ mode: String, _ path: String, _ value: String, _ alias: String?) {
        var system45 = Self.composer([Self.primitives, Self.theme])
        let tokens = system45.resolve(inputs: ["Theme": mode]).partialTokens
        #expect(tokens[path]?.value.flatText == value)
        #expect(tokens[path]?.aliasOf == alias)
        // Figma's own figures are kept beside the alias.
        if alias != nil, path != "fg.link" {
            #expect(tokens[path]?.extensions?["com.figma.aliasData"]?["targetVariableName"]?.string?.replacingOccurrences(of: "/", with: ".") == alias)
        }
    }

    /// Alone, a collection keeps the values Figma wrote and says which file would make them
    /// aliases again, once per token and mode, at the target's name.
    @Test func aliasTargetsNotReadAreReported() {
        var composer = Self.composer([Self.theme])
        let found = composer.checkAllPermutations().diagnostics
        #expect(found.map(\.id) == Array(repeating: .figmaExportAlias, count: 6))
        #expect(found.allSatisfy { $0.severity == .warning && $0.message.contains("in the collection 'Primitives'") })
        #expect(composer.resolve(inputs: ["Theme": "Dark"]).partialTokens["bg.accent"]?.value.flatText == "#1a1a1aff")
    }

    @Test func recognizedByContentAndFolder() {
        let importer = FigmaExportImporter()
        #expect(importer.recognizes(fileName: Self.folder) == .certain)
        #expect(importer.recognizes(SourceFile(path: "Light.tokens.json", text: ##"{"a": {"$type": "number", "$value": 1, "$extensions": {"com.figma.variableId": "V:1"}}}"##)) == .certain)
        #expect(importer.recognizes(SourceFile(path: "Light.tokens.json", text: ##"{"a": {"$type": "number", "$value": 1}}"##)) == .no)
        #expect(ImporterRegistry.standard.importer(for: SourceFile(path: "x.tokens.json", text: ##"{"$extensions": {"com.figma.modeName": "Light"}}"##))?.name == "figma-export")
        #expect(ImporterRegistry.standard.combiningImporter(for: [Self.primitives, Self.theme])?.name == "figma-export")
    }

    /// A type Figma could not name is reported and its token left out, as in any DTCG file.
    @Test func unknownTypeIsReported() {
        let file = SourceFile(path: "Mode 1.tokens.json", text: ##"""
            {"odd": {"$type": "unknown", "$value": 3, "$extensions": {"com.figma.variableId": "V:9"}},
             "$extensions": {"com.figma.modeName": "Mode 1"}}
            """##)
        let found = FigmaExportImporter().system(for: file, options: PipelineOptions()).checkAllPermutations().diagnostics
        #expect(found.map(\.id) == [.unknownType])
    }
}
