import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Two Figma files exported a file per collection and mode, read together, each with a
/// collection of the same name (`Fixtures/figma-modes-two-files`: `Brand A/Color.*.json` and
/// `Brand B/Color.*.json`). Figma keeps a file's collections apart from another file's, so the
/// two are two collections: both kept, each qualified by its folder, with a located note.
struct FigmaModesTwoFilesTests {
    static let folder = sharedFixtures.appendingPathComponent("figma-modes-two-files").path

    @Test func bothCollectionsAreKeptAndNamedByTheirFile() throws {
        var system = ImporterRegistry.standard.importedSystem(for: [Self.folder], options: PipelineOptions())!
        let resolver = try #require(system.resolver)
        var layers: [String] = []
        for layer in resolver.layers {
            switch layer {
            case .set(let set): layers.append(set.name)
            case .modifier(let modifier): layers.append("\(modifier.name): \(modifier.contextNames.joined(separator: ", "))")
            }
        }
        #expect(layers == ["figma-modes", "Theme", "Color (Brand A): Dark, Light", "Color (Brand B): Dark, Light"])
        let report = system.checkAllPermutations()
        #expect(!report.diagnostics.contains { $0.severity >= .warning }, "\(report.diagnostics.map(\.message))")
        let notes = report.diagnostics.filter { $0.id == .figmaModesSameName }
        #expect(notes.count == 1)
        // At the first file of the second Figma file read.
        #expect(notes.first?.location?.file.hasSuffix("Brand B/Color.Dark.json") == true)
        #expect(notes.first?.location?.line == 1)

        // Each file's colors, as written in it.
        let dark = system.resolve(inputs: ["Color (Brand A)": "Dark", "Color (Brand B)": "Dark"]).partialTokens
        #expect(dark.value("Color (Brand A).bg")?.flatText == "#111111ff")
        #expect(dark.value("Color (Brand B).bg")?.flatText == "#201a00ff")
        // `{Color.bg}` in Brand B's file is its own file's; `{Color (Brand A).bg}` the other's.
        #expect(dark["Theme.card"]?.aliasOf == "Color (Brand B).bg")
        #expect(dark["Theme.partner"]?.aliasOf == "Color (Brand A).bg")
        let light = system.resolve(inputs: [:]).partialTokens
        #expect(light.value("Theme.card")?.flatText == "#fff8e1ff")
        #expect(light.value("Theme.partner")?.flatText == "#ffffffff")
    }
}
