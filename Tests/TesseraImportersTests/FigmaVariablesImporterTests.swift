import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Figma variables: responses written for each rule. (The conformance script compares a real
/// REST response with another tool's reading of it.)
struct FigmaVariablesImporterTests {
    /// Written from the REST API's shape: two collections, one with modes, aliases across them,
    /// each kind of variable.
    static let written = """
        {"status": 200, "error": false, "meta": {
          "variableCollections": {
            "VariableCollectionId:1:1": {"id": "VariableCollectionId:1:1", "name": "Primitives", "defaultModeId": "1:0",
              "modes": [{"modeId": "1:0", "name": "Value"}], "remote": false, "hiddenFromPublishing": false, "variableIds": []},
            "VariableCollectionId:2:1": {"id": "VariableCollectionId:2:1", "name": "Theme", "defaultModeId": "2:0",
              "modes": [{"modeId": "2:0", "name": "Light"}, {"modeId": "2:1", "name": "Dark"}], "variableIds": []}
          },
          "variables": {
            "VariableID:1:2": {"id": "VariableID:1:2", "name": "blue/500", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "COLOR", "valuesByMode": {"1:0": {"r": 0, "g": 0.4, "b": 1, "a": 1}}, "scopes": ["ALL_SCOPES"]},
            "VariableID:1:3": {"id": "VariableID:1:3", "name": "gray/900", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "COLOR", "valuesByMode": {"1:0": {"r": 0.1, "g": 0.1, "b": 0.1, "a": 0.5}}, "scopes": ["ALL_SCOPES"],
              "hiddenFromPublishing": true},
            "VariableID:1:4": {"id": "VariableID:1:4", "name": "space/4", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "FLOAT", "valuesByMode": {"1:0": 16}, "scopes": ["GAP"]},
            "VariableID:1:5": {"id": "VariableID:1:5", "name": "weight/bold", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "FLOAT", "valuesByMode": {"1:0": 700}, "scopes": ["FONT_WEIGHT"]},
            "VariableID:1:6": {"id": "VariableID:1:6", "name": "fade", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "FLOAT", "valuesByMode": {"1:0": 40}, "scopes": ["OPACITY"]},
            "VariableID:1:7": {"id": "VariableID:1:7", "name": "font/body", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "STRING", "valuesByMode": {"1:0": "Inter"}, "scopes": ["FONT_FAMILY"]},
            "VariableID:1:8": {"id": "VariableID:1:8", "name": "flags/beta 🚀", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "BOOLEAN", "valuesByMode": {"1:0": true}, "scopes": ["ALL_SCOPES"]},
            "VariableID:1:9": {"id": "VariableID:1:9", "name": "ratio", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "FLOAT", "valuesByMode": {"1:0": 1.5}, "scopes": ["ALL_SCOPES"], "description": "Golden-ish"},
            "VariableID:2:2": {"id": "VariableID:2:2", "name": "bg/accent", "variableCollectionId": "VariableCollectionId:2:1",
              "resolvedType": "COLOR", "valuesByMode": {"2:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:1:2"},
                "2:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:1:3"}}, "scopes": ["FRAME_FILL"]},
            "VariableID:2:3": {"id": "VariableID:2:3", "name": "blue/500", "variableCollectionId": "VariableCollectionId:2:1",
              "resolvedType": "COLOR", "valuesByMode": {"2:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:2:2"},
                "2:1": {"r": 1, "g": 1, "b": 1, "a": 1}}, "scopes": ["ALL_SCOPES"]}
          }}}
        """

    func hex(_ tokens: ResolvedTokens, _ path: String) -> String? {
        guard case .color(let color)? = tokens.value(path) else { return nil }
        return color.hexString()
    }

    @Test func collectionsModesAndAliases() throws {
        var tokenSystem = FigmaVariablesImporter().system(for: SourceFile(path: "figma.json", text: Self.written), options: PipelineOptions())
        #expect(tokenSystem.resolver?.modifiers.map(\.name) == ["Theme"])
        #expect(tokenSystem.resolver?.modifiers.first?.contextNames == ["Light", "Dark"])
        #expect(tokenSystem.checkAllPermutations().diagnostics.isEmpty, "\(tokenSystem.checkAllPermutations().diagnostics.map(\.message))")
        let light = try tokenSystem.resolve(inputs: [:]).tokens()
        let dark = try tokenSystem.resolve(inputs: ["Theme": "Dark"]).tokens()
        // Names repeat across collections: the collection keeps them apart.
        #expect(hex(light, "Primitives.blue.500") == "#0066ffff")
        #expect(hex(light, "Theme.blue.500") == "#0066ffff")
        #expect(hex(dark, "Theme.blue.500") == "#ffffffff")
        #expect(hex(dark, "Theme.bg.accent") == "#1a1a1a80")
        #expect(light["Theme.bg.accent"]?.aliasOf == "Primitives.blue.500")
        #expect(light.value("Primitives.space.4") == .dimension(TokenDimension(16, .px)))
        #expect(light.value("Primitives.weight.bold") == .fontWeight(700))
        #expect(light.value("Primitives.fade") == .number(0.4))
        #expect(light.value("Primitives.font.body") == .fontFamily(["Inter"], isList: false))
        #expect(light.value("Primitives.flags.beta 🚀") == .boolean(true))
        #expect(light["Primitives.ratio"]?.description == "Golden-ish")
        #expect(light["Primitives.gray.900"]?.extensions?["com.figma"]?["hiddenFromPublishing"]?.bool == true)
    }

    @Test func recognizedByContent() {
        let file = SourceFile(path: "export.json", text: Self.written)
        #expect(ImporterRegistry.standard.importer(for: file) is FigmaVariablesImporter)
    }

    /// Each malformed input is reported at its place.
    @Test func malformedInputIsReported() {
        func ids(_ text: String) -> [DiagnosticID] {
            let tokenSystem = FigmaVariablesImporter().system(for: SourceFile(path: "figma.json", text: text), options: PipelineOptions())
            return tokenSystem.checkAllPermutations().diagnostics.map(\.id)
        }
        let collection = #""VariableCollectionId:1": {"id": "VariableCollectionId:1", "name": "C", "defaultModeId": "m", "modes": [{"modeId": "m", "name": "M"}]}"#
        func variable(_ id: String, _ name: String, _ type: String, _ value: String) -> String {
            #""\#(id)": {"id": "\#(id)", "name": "\#(name)", "variableCollectionId": "VariableCollectionId:1", "resolvedType": "\#(type)", "valuesByMode": {"m": \#(value)}, "scopes": ["ALL_SCOPES"]}"#
        }
        func file(_ variables: String...) -> String {
            #"{"meta": {"variableCollections": {\#(collection)}, "variables": {\#(variables.joined(separator: ", "))}}}"#
        }
        #expect(ids(#"{"meta": {}}"#) == [.figmaInvalid])
        #expect(ids(file(variable("a", "x", "COLOR", #"{"r": 2, "g": 0, "b": 0, "a": 1}"#))) == [.figmaInvalid])
        #expect(ids(file(variable("a", "x", "FLOAT", #""sixteen""#))) == [.figmaInvalid])
        #expect(ids(file(variable("a", "x", "VECTOR", "1"))) == [.figmaUnknownType, .fileNoTokens])
        #expect(ids(file(variable("a", "x", "FLOAT", #"{"type": "VARIABLE_ALIAS", "id": "elsewhere"}"#))) == [.figmaUnknownVariable])
        #expect(ids(file(variable("a", "x", "FLOAT", "1"), variable("b", "x", "FLOAT", "2"))) == [.figmaDuplicate])
        // Aliases that go round: the resolver's cycle check names them.
        #expect(ids(file(variable("a", "x", "FLOAT", #"{"type": "VARIABLE_ALIAS", "id": "b"}"#),
            variable("b", "y", "FLOAT", #"{"type": "VARIABLE_ALIAS", "id": "a"}"#))).contains(.referenceCycle))
    }

    /// A library file and a file that uses it: the user lists the library's collection and
    /// variable as remote, and aliases the variable by id.
    static let library = """
        {"meta": {"variableCollections": {"VariableCollectionId:L:1": {"id": "VariableCollectionId:L:1", "name": "Brand",
            "defaultModeId": "L:0", "modes": [{"modeId": "L:0", "name": "Value"}], "remote": false}},
          "variables": {"VariableID:L:2": {"id": "VariableID:L:2", "name": "accent", "variableCollectionId": "VariableCollectionId:L:1",
            "resolvedType": "COLOR", "valuesByMode": {"L:0": {"r": 1, "g": 0, "b": 0, "a": 1}}, "scopes": ["ALL_SCOPES"], "remote": false}}}}
        """
    static let user = """
        {"meta": {"variableCollections": {"VariableCollectionId:L:1": {"id": "VariableCollectionId:L:1", "name": "Brand",
            "defaultModeId": "L:0", "modes": [{"modeId": "L:0", "name": "Value"}], "remote": true},
            "VariableCollectionId:U:1": {"id": "VariableCollectionId:U:1", "name": "App", "defaultModeId": "U:0",
            "modes": [{"modeId": "U:0", "name": "Light"}, {"modeId": "U:1", "name": "Dark"}]}},
          "variables": {
            "VariableID:U:2": {"id": "VariableID:U:2", "name": "button", "variableCollectionId": "VariableCollectionId:U:1", "resolvedType": "COLOR",
              "valuesByMode": {"U:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:L:2"}, "U:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:L:2"}},
              "scopes": ["ALL_SCOPES"]},
            "VariableID:U:3": {"id": "VariableID:U:3", "name": "link", "variableCollectionId": "VariableCollectionId:U:1", "resolvedType": "COLOR",
              "valuesByMode": {"U:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:U:2"}, "U:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:U:2"}},
              "scopes": ["ALL_SCOPES"]},
            "VariableID:U:4": {"id": "VariableID:U:4", "name": "focus", "variableCollectionId": "VariableCollectionId:U:1", "resolvedType": "COLOR",
              "valuesByMode": {"U:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:U:3"}, "U:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:U:3"}},
              "scopes": ["ALL_SCOPES"]}}}}
        """

    func writeFiles(_ files: [String: String]) throws -> [String] {
        let folder = TestScratch.root.appendingPathComponent("figma-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try files.sorted { $0.key < $1.key }.map { name, text in
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// Read together, the user's aliases reach the library's variables (the remote copy of
    /// the library's collection gives way to the library's own); the CLI path does the same.
    @Test func filesReadTogether() throws {
        let paths = try writeFiles(["1-user.json": Self.user, "2-library.json": Self.library])
        var tokenSystem = try #require(ImporterRegistry.standard.importedSystem(for: paths, options: PipelineOptions()))
        #expect(tokenSystem.checkAllPermutations().diagnostics.isEmpty, "\(tokenSystem.checkAllPermutations().diagnostics.map(\.message))")
        let light = try tokenSystem.resolve(inputs: [:]).tokens()
        #expect(hex(light, "App.focus") == "#ff0000ff")
        #expect(light["App.button"]?.aliasOf == "Brand.accent")
        #expect(hex(try tokenSystem.resolve(inputs: ["App": "Dark"]).tokens(), "App.focus") == "#ff0000ff")
        // The library's own file is where its variable is read from.
        #expect(light["Brand.accent"]?.anchor.file.path.hasSuffix("2-library.json") == true)
    }

    /// Alone, the user's file names a variable it does not hold: an error on the variable
    /// that aliases it, in each mode that does, saying how many depend on it, and no error for
    /// each of those.
    @Test func anUnknownVariableIsOneErrorAMode() {
        let tokenSystem = FigmaVariablesImporter().system(for: SourceFile(path: "user.json", text: Self.user), options: PipelineOptions())
        let found = tokenSystem.checkAllPermutations().diagnostics.filter { $0.severity == .error }
        #expect(found.map(\.id) == [.figmaUnknownVariable, .figmaUnknownVariable])
        #expect(Set(found.compactMap { $0.location.map { "\($0.line):\($0.column)" } }).count == 2)
        #expect(found.allSatisfy { $0.location?.token == "App.button" && $0.message.contains("2 variables aliasing 'button', directly or through others, fail with it") })
    }
    /// A response with variables Figma lists as `deletedButReferenced`: one named as a live
    /// variable is (`bg/weak`), one aliasing a variable no file holds, one a live variable
    /// aliases, itself aliasing another deleted one.
    static let withDeleted = """
        {"meta": {
          "variableCollections": {
            "C:1": {"id": "C:1", "name": "Color", "defaultModeId": "1:0", "modes": [{"modeId": "1:0", "name": "Light"}, {"modeId": "1:1", "name": "Dark"}]}
          },
          "variables": {
            "V:1": {"id": "V:1", "name": "bg/weak", "variableCollectionId": "C:1", "resolvedType": "COLOR", "deletedButReferenced": true,
              "valuesByMode": {"1:0": {"r": 1, "g": 0, "b": 0, "a": 1}, "1:1": {"r": 1, "g": 0, "b": 0, "a": 1}}},
            "V:2": {"id": "V:2", "name": "bg/weak", "variableCollectionId": "C:1", "resolvedType": "COLOR",
              "valuesByMode": {"1:0": {"r": 1, "g": 1, "b": 1, "a": 1}, "1:1": {"r": 0, "g": 0, "b": 0, "a": 1}}},
            "V:3": {"id": "V:3", "name": "stroke/on-image", "variableCollectionId": "C:1", "resolvedType": "COLOR", "deletedButReferenced": true,
              "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "V:404"}, "1:1": {"type": "VARIABLE_ALIAS", "id": "V:404"}}},
            "V:4": {"id": "V:4", "name": "old/accent", "variableCollectionId": "C:1", "resolvedType": "COLOR", "deletedButReferenced": true,
              "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "V:5"}, "1:1": {"r": 0, "g": 0, "b": 1, "a": 1}}},
            "V:5": {"id": "V:5", "name": "older/accent", "variableCollectionId": "C:1", "resolvedType": "COLOR", "deletedButReferenced": true,
              "valuesByMode": {"1:0": {"r": 0, "g": 1, "b": 0, "a": 1}, "1:1": {"r": 0, "g": 1, "b": 0, "a": 1}}},
            "V:6": {"id": "V:6", "name": "fg/accent", "variableCollectionId": "C:1", "resolvedType": "COLOR",
              "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "V:4"}, "1:1": {"type": "VARIABLE_ALIAS", "id": "V:4"}}}
          }}}
        """

    /// A deleted variable is not a token: no duplicate with the live one of its name (which
    /// keeps its value), no error for its alias of a missing variable, and a live variable
    /// aliasing it takes its value, in each mode, through the deleted chain.
    @Test func deletedVariablesAreNotTokens() throws {
        var tokenSystem = FigmaVariablesImporter().system(for: SourceFile(path: "deleted.json", text: Self.withDeleted), options: PipelineOptions())
        let found = tokenSystem.checkAllPermutations().diagnostics
        #expect(found.isEmpty, "\(found.map(\.message))")
        let light = try tokenSystem.resolve(inputs: [:]).tokens()
        let dark = try tokenSystem.resolve(inputs: ["Color": "Dark"]).tokens()
        #expect(light.count == 2 && light["Color.stroke.on-image"] == nil && light["Color.old.accent"] == nil)
        #expect(hex(light, "Color.bg.weak") == "#ffffffff" && hex(dark, "Color.bg.weak") == "#000000ff")
        #expect(hex(light, "Color.fg.accent") == "#00ff00ff" && hex(dark, "Color.fg.accent") == "#0000ffff")
    }
}

nonisolated(unsafe) private var ignored: [Diagnostic] = []
