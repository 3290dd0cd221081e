import Foundation
import Tessera
import TesseraConformanceKit
import TesseraImporters
import TesseraTestSupport
import Testing

/// What a front end opens: decided once, read with texts in place of files by every importer.
@Suite struct ConfiguredSystemTests {
    func folder(_ files: [String: String]) throws -> String {
        let root = try Scratch.folder("configured").path
        for (relative, text) in files {
            let path = (root as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// The value of `path` in the base permutation, as resolved JSON text.
    func value(_ path: String, in system: TokenSystem) -> String? {
        var system = system
        return system.resolve().partialTokens.value(path).map { "\($0)" }
    }

    /// An overlay stands in for its file whatever importer reads it: a Tokens Studio set, a
    /// Figma variables file, a color set of an asset catalog, a DTCG file in a folder.
    @Test func everyImporterReadsTheOverlays() throws {
        let studio = try folder([
            "tokens/$metadata.json": #"{"tokenSetOrder": ["core"]}"#,
            "tokens/core.json": #"{"size": {"value": "4", "type": "spacing"}}"#,
        ])
        let core = (studio as NSString).appendingPathComponent("tokens/core.json")
        let configured = ConfiguredSystem(paths: [(studio as NSString).appendingPathComponent("tokens")])
        #expect(configured.systemFormat == "tokens-studio")
        let onDisk = value("size", in: configured.open())
        let edited = value("size", in: configured.open(overlays: [SourceFile(path: core, text: #"{"size": {"value": "8", "type": "spacing"}}"#)]))
        #expect(onDisk != nil && edited != nil && onDisk != edited, "\(String(describing: onDisk)) \(String(describing: edited))")

        let figma = try folder(["variables.json": Self.figma(0.5)])
        let variables = (figma as NSString).appendingPathComponent("variables.json")
        let figmaSystem = ConfiguredSystem(paths: [variables])
        #expect(figmaSystem.systemFormat == "figma")
        let gap = value("Space.gap", in: figmaSystem.open())
        let editedGap = value("Space.gap", in: figmaSystem.open(overlays: [SourceFile(path: variables, text: Self.figma(12))]))
        #expect(gap != nil && editedGap != nil && gap != editedGap)

        let catalog = try folder([
            "Assets.xcassets/Contents.json": #"{"info": {"author": "xcode", "version": 1}}"#,
            "Assets.xcassets/accent.colorset/Contents.json": Self.colorset(red: "0.200"),
        ])
        let colorset = (catalog as NSString).appendingPathComponent("Assets.xcassets/accent.colorset/Contents.json")
        let catalogSystem = ConfiguredSystem(resolver: (catalog as NSString).appendingPathComponent("Assets.xcassets"))
        #expect(catalogSystem.systemFormat == "asset-catalog")
        let before = value("accent", in: catalogSystem.open())
        let after = value("accent", in: catalogSystem.open(overlays: [SourceFile(path: colorset, text: Self.colorset(red: "0.900"))]))
        #expect(before != nil && after != nil && before != after)

        let dtcg = try folder(["tokens/a.tokens.json": #"{"n": {"$type": "number", "$value": 1}}"#])
        let file = (dtcg as NSString).appendingPathComponent("tokens/a.tokens.json")
        let files = ConfiguredSystem(paths: [(dtcg as NSString).appendingPathComponent("tokens")])
        #expect(!files.readsAsSystem)
        #expect(value("n", in: files.open(overlays: [SourceFile(path: file, text: #"{"n": {"$type": "number", "$value": 2}}"#)])) == "number(2.0)")
    }

    /// What the paths are is decided when the value is made: a file that changes afterwards is
    /// read by the importer chosen then (a resolver that stopped looking like one reports what
    /// is wrong with it as a resolver, rather than being merged as token files).
    @Test func theFormatIsDecidedOnce() throws {
        let root = try folder([
            "system.json": ##"{"version": "2025.10", "sets": {"s": {"sources": [{"n": {"$type": "number", "$value": 1}}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##,
        ])
        let path = (root as NSString).appendingPathComponent("system.json")
        let configured = ConfiguredSystem(paths: [path])
        #expect(configured.systemFormat == "resolver")
        try #"{"n": {"$type": "number", "$value": 1}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let system = configured.open()
        #expect(system.resolver?.modifiers.isEmpty == true)
        #expect(system.diagnostics.contains { $0.severity == .error }, "\(system.diagnostics.map(\.message))")
        #expect(!ConfiguredSystem(paths: [path]).readsAsSystem)
    }

    static func figma(_ gap: Double) -> String {
        """
        {"meta": {"variableCollections": {"C:1": {"id": "C:1", "name": "Space", "defaultModeId": "1:0",
          "modes": [{"modeId": "1:0", "name": "Value"}], "variableIds": []}},
         "variables": {"V:1": {"id": "V:1", "name": "gap", "variableCollectionId": "C:1", "resolvedType": "FLOAT",
          "valuesByMode": {"1:0": \(gap)}, "scopes": ["GAP"]}}}}
        """
    }

    static func colorset(red: String) -> String {
        """
        {"colors": [{"color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "0.800", "green": "0.400", "red": "\(red)"}},
          "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}
        """
    }
}
