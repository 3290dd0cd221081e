import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Files named only by a mode (`Light.json`, `Dark.json`) are one collection's modes, not
/// token files each overwriting the last.
struct ModeFilesImporterTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try Scratch.folder("mode-files")
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    static let core = #"{"red": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}, "black": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}}"#

    @Test(arguments: [("Light Mode.json", "Dark Mode.json"), ("colors.light.json", "colors.dark.json"), ("lightTheme.json", "darkTheme.json"),
        ("Day.json", "Night.json")])
    func filesNamedAsModesAreAModifiersContexts(_ light: String, _ dark: String) throws {
        let folder = try Self.folder([
            "core.json": Self.core, light: #"{"bg": {"$type": "color", "$value": "{red}"}}"#, dark: #"{"bg": {"$type": "color", "$value": "{black}"}}"#,
        ])
        #expect(ImporterRegistry.standard.systemImporter(at: folder.path)?.name == "mode-files")
        let system = TokenSystem(paths: [folder.path], options: PipelineOptions(importers: .standard))
        let modifier = try #require(system.resolver?.modifiers.first)
        #expect(modifier.name == "mode")
        #expect(modifier.contextNames.count == 2)
        let darkName = try #require(ModeFilesImporter.mode(of: dark)?.written)
        let lightName = try #require(ModeFilesImporter.mode(of: light)?.written)
        #expect(modifier.defaultContext == lightName)
        var copy = system
        let inDark = copy.resolve(inputs: ["mode": darkName])
        #expect(!inDark.diagnostics.contains { $0.severity == .error }, "\(inDark.diagnostics.map(\.message))")
        #expect(inDark.partialTokens.value("bg") == inDark.partialTokens.value("black"))
        let inLight = copy.resolve(inputs: [:])
        #expect(inLight.partialTokens.value("bg") == inLight.partialTokens.value("red"))
    }

    @Test func otherFoldersAreLeftToTheOtherReaders() throws {
        // One mode only, or no light and dark pair: token files merged in order.
        #expect(ModeFilesImporter.layout(of: try Self.folder(["core.json": Self.core, "dark.json": "{}"]).path) == nil)
        #expect(ModeFilesImporter.layout(of: try Self.folder(["a.json": Self.core, "b.json": "{}"]).path) == nil)
        // Two prefixes are two collections, which only a resolver can say how to combine.
        #expect(ModeFilesImporter.layout(of: try Self.folder(["a.light.json": "{}", "b.dark.json": "{}"]).path) == nil)
        // A file of another format leaves the folder to it.
        #expect(ModeFilesImporter.layout(of: try Self.folder(["light.json": #"{"a": {"value": 1, "type": "sizing"}}"#, "dark.json": "{}"]).path) == nil)
        #expect(ModeFilesImporter.mode(of: "Spacing.json") == nil)
        #expect(ModeFilesImporter.mode(of: "dark-high-contrast.tokens.json")?.word == "darkhighcontrast")
    }

    /// The current folder, `.`, is a path like any other (Foundation's path functions fail on
    /// it on Linux).
    @Test func theCurrentFolderIsReadLikeAnyOther() throws {
        #expect(AssetCatalogImporter.catalogPath(of: "./") == nil)
        #expect(AssetCatalogImporter.catalogPath(of: ".") == nil)
        #expect(TokenFileLoader.usablePath(".") == "./")
    }
}
