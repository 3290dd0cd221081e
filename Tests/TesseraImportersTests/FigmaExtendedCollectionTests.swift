import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Figma's extended collections (REST `variables/local`): a collection with `isExtension` and
/// `parentVariableCollectionId` inherits its parent's variables and modes (each mode naming its
/// parent's in `parentModeId`) and overrides some values (`variableOverrides`: variable id →
/// extended mode id → value). Written from the REST API's description of them.
struct FigmaExtendedCollectionTests {
    static let response = """
        {"meta": {
          "variableCollections": {
            "C:1": {"id": "C:1", "name": "Theme", "defaultModeId": "1:0",
              "modes": [{"modeId": "1:0", "name": "Light"}, {"modeId": "1:1", "name": "Dark"}], "variableIds": ["V:1", "V:2", "V:3"]},
            "C:2": {"id": "C:2", "name": "Brand B", "defaultModeId": "C:2/1:0", "isExtension": true,
              "parentVariableCollectionId": "C:1", "rootVariableCollectionId": "C:1",
              "modes": [{"modeId": "C:2/1:0", "name": "Light", "parentModeId": "1:0"},
                        {"modeId": "C:2/1:1", "name": "Dark", "parentModeId": "1:1"}],
              "variableIds": ["V:1", "V:2", "V:3"],
              "variableOverrides": {"V:1": {"C:2/1:0": {"r": 1, "g": 0, "b": 0, "a": 1}}}},
            "C:3": {"id": "C:3", "name": "Brand C", "defaultModeId": "C:3/1:0", "isExtension": true,
              "parentVariableCollectionId": "C:2", "rootVariableCollectionId": "C:1",
              "modes": [{"modeId": "C:3/1:0", "name": "Light", "parentModeId": "C:2/1:0"},
                        {"modeId": "C:3/1:1", "name": "Dark", "parentModeId": "C:2/1:1"}],
              "variableOverrides": {"V:3": {"C:3/1:1": 24}}}
          },
          "variables": {
            "V:1": {"id": "V:1", "name": "brand", "variableCollectionId": "C:1", "resolvedType": "COLOR", "scopes": ["ALL_SCOPES"],
              "valuesByMode": {"1:0": {"r": 0, "g": 0, "b": 1, "a": 1}, "1:1": {"r": 0, "g": 0, "b": 0.5, "a": 1}}},
            "V:2": {"id": "V:2", "name": "button/bg", "variableCollectionId": "C:1", "resolvedType": "COLOR", "scopes": ["FRAME_FILL"],
              "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "V:1"}, "1:1": {"type": "VARIABLE_ALIAS", "id": "V:1"}}},
            "V:3": {"id": "V:3", "name": "radius", "variableCollectionId": "C:1", "resolvedType": "FLOAT", "scopes": ["CORNER_RADIUS"],
              "valuesByMode": {"1:0": 8, "1:1": 8}}
          }}}
        """

    @Test func anExtensionOverridesItsParent() throws {
        var system = FigmaVariablesImporter().system(for: SourceFile(path: "variables.json", text: Self.response), options: PipelineOptions())
        let report = system.checkAllPermutations()
        #expect(!report.diagnostics.contains { $0.severity >= .warning }, "\(report.diagnostics.map(\.message))")
        let light = system.resolve(inputs: [:]).partialTokens
        // The parent keeps its own values.
        #expect(light.value("Theme.brand")?.flatText == "#0000ffff")
        // The override, and the alias of the overridden variable, which follows it as in Figma.
        #expect(light.value("Brand B.brand")?.flatText == "#ff0000ff")
        #expect(light["Brand B.button.bg"]?.aliasOf == "Brand B.brand")
        #expect(light.value("Brand B.button.bg")?.flatText == "#ff0000ff")
        // Not overridden: the parent's value in the mode extended.
        let dark = system.resolve(inputs: ["Brand B": "Dark", "Brand C": "Dark"]).partialTokens
        #expect(dark.value("Brand B.brand")?.flatText == "#000080ff")
        #expect(dark.value("Brand B.radius") == .dimension(TokenDimension(8, .px)))
        // Two levels: Brand C extends Brand B, inheriting its override.
        #expect(light.value("Brand C.brand")?.flatText == "#ff0000ff")
        #expect(dark.value("Brand C.radius") == .dimension(TokenDimension(24, .px)))
        #expect(light.value("Brand C.radius") == .dimension(TokenDimension(8, .px)))
    }

    @Test func anExtensionOfAnUnknownCollectionIsLocated() {
        let text = """
            {"meta": {"variableCollections": {"C:9": {"id": "C:9", "name": "Orphan", "isExtension": true,
              "parentVariableCollectionId": "C:404", "modes": [{"modeId": "C:9/1:0", "name": "Light", "parentModeId": "1:0"}]}},
             "variables": {}}}
            """
        let system = FigmaVariablesImporter().system(for: SourceFile(path: "variables.json", text: text), options: PipelineOptions())
        let found = system.checkAllPermutations().diagnostics.filter { $0.severity == .error }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'C:404'") == true)
        #expect(found.first?.location?.line == 1)
    }
}
