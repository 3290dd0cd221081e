import Foundation
import Tessera
@testable import TesseraImporters
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

    static func tokenSystem(_ paths: [String]) -> TokenSystem {
        ImporterRegistry.standard.importedSystem(for: paths, options: PipelineOptions())!
    }

    @Test func collectionsBecomeSetsAndModifiers() throws {
        let tokenSystem = Self.tokenSystem([Self.folder])
        let resolver = try #require(tokenSystem.resolver)
        var layers: [String] = []
        for layer in resolver.layers {
            switch layer {
            case .set(let set): layers.append(set.name)
            case .modifier(let modifier): layers.append("\(modifier.name): \(modifier.contextNames.joined(separator: ", ")) (\(modifier.defaultContext ?? "-"))")
            }
        }
        #expect(layers == ["figma-export", "Primitives", "Theme: Dark, Light (Light)"])
        #expect(tokenSystem.checkAllPermutations().diagnostics.isEmpty, "\(tokenSystem.checkAllPermutations().diagnostics.map(\.message))")
    }

    /// Read with the collection it aliases, a token Figma wrote as a value is an alias again,
    /// and follows the target in every mode; the value Figma wrote agrees with it.
    @Test(arguments: [
        ("Light", "bg.accent", "#0066ffff", "color.blue.500"),
        ("Dark", "bg.accent", "#1a1a1aff", "color.gray.900"),
        ("Light", "bg.surface", "#ffffffff", "color.white"),
        ("Dark", "fg.link", "#1a1a1aff", "bg.accent"),
        ("Light", "gap", "16px", "space.4"),
        ("Dark", "beta", "false", nil),
        ("Light", "Brand 🚀.name", "Tessera", nil),
    ] as [(String, String, String, String?)])
    func aliasesAreAliasesAgain(_ mode: String, _ path: String, _ value: String, _ alias: String?) {
        var system45 = Self.tokenSystem([Self.primitives, Self.theme])
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
        var tokenSystem = Self.tokenSystem([Self.theme])
        let found = tokenSystem.checkAllPermutations().diagnostics
        #expect(found.map(\.id) == Array(repeating: .figmaExportAlias, count: 6))
        #expect(found.allSatisfy { $0.severity == .warning && $0.message.contains("in the collection 'Primitives'") })
        #expect(tokenSystem.resolve(inputs: ["Theme": "Dark"]).partialTokens["bg.accent"]?.value.flatText == "#1a1a1aff")
    }

    @Test func recognizedByContentAndFolder() {
        let importer = FigmaExportImporter()
        #expect(importer.recognizes(fileName: Self.folder) == .certain)
        #expect(importer.recognizes(SourceFile(path: "Light.tokens.json", text: ##"{"a": {"$type": "number", "$value": 1, "$extensions": {"com.figma.variableId": "V:1"}}}"##)) == .certain)
        #expect(importer.recognizes(SourceFile(path: "Light.tokens.json", text: ##"{"a": {"$type": "number", "$value": 1}}"##)) == .no)
        #expect(ImporterRegistry.standard.importer(for: SourceFile(path: "x.tokens.json", text: ##"{"$extensions": {"com.figma.modeName": "Light"}}"##))?.name == "figma-export")
        #expect(ImporterRegistry.standard.combiningImporter(for: [Self.primitives, Self.theme])?.name == "figma-export")
    }

    /// Figma writes every FLOAT as a `number`; its scopes type it as the REST importer does, and
    /// an alias between FLOATs of different types (which Figma allows) takes the target's
    /// Figma number in its own unit. The same variables as a REST response give the same values.
    @Test func scopesTypeFloatsAsTheRESTImporterDoes() throws {
        func quoted(_ names: [String]) -> String { names.map { "\"" + $0 + "\"" }.joined(separator: ", ") }
        func variable(_ id: String, _ name: String, _ scopes: [String], _ value: String) -> String {
            #"{"id": "\#(id)", "name": "\#(name)", "resolvedType": "FLOAT", "scopes": [\#(quoted(scopes))], "#
                + #""variableCollectionId": "C:1", "valuesByMode": {"M:1": \#(value)}}"#
        }
        let rest = SourceFile(path: "variables.json", text: #"""
            {"meta": {"variableCollections": {"C:1": {"id": "C:1", "name": "Sizes", "modes": [{"modeId": "M:1", "name": "Mode 1"}], "defaultModeId": "M:1", "variableIds": ["V:1", "V:2", "V:3", "V:4", "V:5", "V:6"]}},
             "variables": {
              "V:1": \#(variable("V:1", "radius/sm", ["CORNER_RADIUS"], "4")),
              "V:2": \#(variable("V:2", "base", ["ALL_SCOPES"], "8")),
              "V:3": \#(variable("V:3", "gap", ["GAP"], #"{"type": "VARIABLE_ALIAS", "id": "V:2"}"#)),
              "V:4": \#(variable("V:4", "weight", ["FONT_WEIGHT"], "600")),
              "V:5": \#(variable("V:5", "dim", ["OPACITY"], "40")),
              "V:6": \#(variable("V:6", "plain", ["ALL_SCOPES"], #"{"type": "VARIABLE_ALIAS", "id": "V:1"}"#))}}}
            """#)
        func token(_ id: String, _ scopes: [String], _ value: String) -> String {
            #"{"$type": "number", "$value": \#(value), "$extensions": {"com.figma.variableId": "\#(id)", "com.figma.scopes": [\#(quoted(scopes))]}}"#
        }
        let export = SourceFile(path: "Mode 1.tokens.json", text: #"""
            {"radius": {"sm": \#(token("V:1", ["CORNER_RADIUS"], "4"))},
             "base": \#(token("V:2", ["ALL_SCOPES"], "8")),
             "gap": \#(token("V:3", ["GAP"], #""{base}""#)),
             "weight": \#(token("V:4", ["FONT_WEIGHT"], "600")),
             "dim": \#(token("V:5", ["OPACITY"], "40")),
             "plain": \#(token("V:6", ["ALL_SCOPES"], #""{radius.sm}""#)),
             "$extensions": {"com.figma.modeName": "Mode 1"}}
            """#)
        var fromExport = FigmaExportImporter().system(for: export, options: PipelineOptions())
        var fromREST = FigmaVariablesImporter().system(for: rest, options: PipelineOptions())
        let exported = fromExport.resolve(inputs: [:])
        let viaREST = fromREST.resolve(inputs: [:])
        #expect(!exported.diagnostics.contains { $0.severity == .error }, "\(exported.diagnostics.map(\.message))")
        // What the scopes mean in Figma: radii and gaps are sizes in px, a weight a font weight,
        // an opacity a percentage.
        #expect(exported.partialTokens.value("radius.sm") == .dimension(TokenDimension(4, .px)))
        #expect(exported.partialTokens.value("gap") == .dimension(TokenDimension(8, .px)))
        #expect(exported.partialTokens.value("weight") == .fontWeight(600))
        #expect(exported.partialTokens.value("dim") == .number(0.4))
        #expect(exported.partialTokens.value("plain") == .number(4))
        for path in ["radius.sm", "base", "gap", "weight", "dim", "plain"] {
            #expect(exported.partialTokens.value(path) == viaREST.partialTokens.value("Sizes." + path) ?? viaREST.partialTokens.value(path), "\(path)")
        }
    }

    /// A FLOAT is pixels where a length is expected: a `dimension` token with a bare number
    /// is `N px`, and one aliasing a FLOAT its scopes leave a `number` takes it as pixels.
    @Test func floatsAsDimensionsArePixels() throws {
        let file = SourceFile(path: "Mode 1.tokens.json", text: ##"""
            {"base": {"$type": "number", "$value": 8, "$extensions": {"com.figma.variableId": "V:1", "com.figma.scopes": ["ALL_SCOPES"]}},
             "gap": {"$type": "dimension", "$value": 12},
             "inset": {"$type": "dimension", "$value": "{base}"},
             "$extensions": {"com.figma.modeName": "Mode 1"}}
            """##)
        var system = FigmaExportImporter().system(for: file, options: PipelineOptions())
        let resolved = system.resolve(inputs: [:])
        #expect(resolved.diagnostics.isEmpty, "\(resolved.diagnostics.map(\.message))")
        #expect(resolved.partialTokens.value("gap") == .dimension(TokenDimension(12, .px)))
        #expect(resolved.partialTokens.value("inset") == .dimension(TokenDimension(8, .px)))
        #expect(resolved.partialTokens.value("base") == .number(8))
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
