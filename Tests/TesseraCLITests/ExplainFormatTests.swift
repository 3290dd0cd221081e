import Foundation
import Tessera
import TesseraImporters
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import TesseraCLI

/// `--explain-format`: which importer reads each path and the evidence, from the registry
/// (`ImporterRegistry.explain`), on standard error and in the JSON diagnostics.
@Suite struct ExplainFormatTests {
    let cli = CommandLineTests()

    /// Files whose format only their content tells, each with the key that tells it.
    static let byContent: [(name: String, text: String, evidence: String)] = [
        ("system.json", #"{"version": "2025.10", "resolutionOrder": []}"#, "resolutionOrder"),
        ("variables.json", #"{"status": 200, "meta": {"variableCollections": {}, "variables": {}}}"#, "variableCollections"),
        ("Light.json", #"{"$extensions": {"com.figma.modeName": "Light"}, "c": {"$type": "number", "$value": 1}}"#, "com.figma.modeName"),
        ("studio.json", #"{"$themes": [], "global": {"c": {"value": "1", "type": "sizing"}}}"#, "$themes"),
        ("spec.json", #"{"_specVersion": 1}"#, "_specVersion"),
        ("plain.json", #"{"c": {"$type": "number", "$value": 1}}"#, ".json"),
        ("plain.tokens.json", #"{"c": {"$type": "number", "$value": 1}}"#, ".tokens"),
    ]

    /// The registry names the importer that reading the file picks (a second way to the choice,
    /// `importer(for:)`), with the evidence that decided.
    @Test func theRegistrySaysWhichImporterAndWhy() throws {
        let registry = ImporterRegistry.standard
        for (name, text, evidence) in Self.byContent {
            let path = try Scratch.write(text, name: name)
            let choices = registry.explain([path])
            #expect(choices.count == 1)
            let picked = registry.importer(for: SourceFile(path: path, bytes: Array(text.utf8)))?.name
            #expect(choices.first?.importer == picked, "\(name)")
            #expect(choices.first?.reason.contains(evidence) == true, "\(name): \(choices.first?.reason ?? "")")
        }
    }

    /// Files with the evidence of two formats: the stronger decides, in the order the README
    /// and `ImporterRegistry.standard` give — `$themes`/`$metadata`, `resolutionOrder`,
    /// `variableCollections`, Tokens Studio's token shape, `com.figma.modeName`, the name.
    static let twoFormats: [(name: String, text: String, importer: String)] = [
        ("a.json", #"{"$themes": [], "resolutionOrder": []}"#, "tokens-studio"),
        ("b.json", #"{"$metadata": {"tokenSetOrder": []}, "variableCollections": {}}"#, "tokens-studio"),
        ("c.json", #"{"resolutionOrder": [], "variableCollections": {}}"#, "resolver"),
        ("d.json", #"{"resolutionOrder": [], "c": {"value": "1", "type": "sizing"}}"#, "resolver"),
        ("e.json", #"{"meta": {"variableCollections": {}}, "c": {"value": 1, "type": "FLOAT"}}"#, "figma"),
        ("f.json", #"{"c": {"value": "1", "type": "sizing", "$extensions": {"com.figma.scopes": []}}}"#, "tokens-studio"),
        ("Color.Light.json", #"{"$extensions": {"com.figma.modeName": "Light"}, "c": {"$type": "number", "$value": 1, "$extensions": {"com.figma": {}}}}"#, "figma-export"),
        ("Color.Dark.json", #"{"c": {"$type": "number", "$value": 1, "$extensions": {"com.figma": {"scopes": []}}}}"#, "figma-modes"),
    ]

    @Test func theStrongerEvidenceDecides() throws {
        let registry = ImporterRegistry.standard
        for (name, text, importer) in Self.twoFormats {
            let folder = try Codegen.temporaryFolder("evidence")
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(registry.importer(for: SourceFile(path: path, bytes: Array(text.utf8)))?.name == importer, "\(name)")
            #expect(registry.explain([path]).first?.importer == importer, "\(name)")
        }
    }

    /// A folder of the file-per-collection-and-mode layout is explained by its own evidence.
    @Test func aFolderOfCollectionModeFilesSaysWhy() throws {
        let folder = try Codegen.temporaryFolder("explain-modes")
        defer { try? FileManager.default.removeItem(at: folder) }
        for mode in ["Light", "Dark"] {
            let text = ##"{"bg": {"$type": "color", "$value": "#ffffff", "$extensions": {"com.figma": {"scopes": ["ALL_FILLS"]}}}}"##
            try Data(text.utf8).write(to: folder.appendingPathComponent("Color.\(mode).json"))
        }
        let choice = try #require(ImporterRegistry.standard.explain([folder.path]).first)
        #expect(choice.importer == "figma-modes")
        #expect(choice.reason.contains("2 Collection.Mode.json files"), "\(choice.reason)")
        let file = try #require(ImporterRegistry.standard.explain([folder.appendingPathComponent("Color.Dark.json").path]).first)
        #expect(file.importer == "figma-modes")
        #expect(file.reason.contains("collection 'Color', mode 'Dark'"), "\(file.reason)")
    }

    @Test func aForcedFormatIsTheReason() throws {
        let path = try Scratch.write(#"{"c": {"$type": "number", "$value": 1}}"#, name: "plain.json")
        let choice = try #require(ImporterRegistry.standard.forcing("tokens-studio")?.explain([path]).first)
        #expect(choice.importer == "tokens-studio")
        #expect(choice.reason.contains("--source-format tokens-studio"))
    }

    @Test func aFolderIsExplainedFileByFile() throws {
        let folder = try Codegen.temporaryFolder("explain-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"c": {"$type": "number", "$value": 1}}"#.utf8).write(to: folder.appendingPathComponent("a.tokens.json"))
        try Data(#"{"d": {"$type": "number", "$value": 2}}"#.utf8).write(to: folder.appendingPathComponent("b.json"))
        let choices = ImporterRegistry.standard.explain([folder.path])
        #expect(choices.map { ($0.path as NSString).lastPathComponent } == ["a.tokens.json", "b.json"])
        #expect(choices.allSatisfy { $0.importer == "dtcg" })
    }

    /// On standard error in text; as notes in the JSON diagnostics, which stay an array of
    /// diagnostics (nothing there without the flag).
    @Test func commandsPrintTheChoice() throws {
        let path = try Scratch.write(#"{"version": "2025.10", "sets": {}, "resolutionOrder": []}"#, name: "system.json")
        let text = try cli.tessera(["validate", path, "--explain-format"])
        #expect(text.stderr.contains("\(path): note: read as resolver"), "\(text.stderr)")
        #expect(text.stderr.contains("resolutionOrder"))
        let json = try cli.tessera(["validate", path, "--explain-format", "--diagnostics-format", "json"])
        let diagnostics = try JSONDecoder().decode([Diagnostic].self, from: Data(json.stderr.utf8))
        let notes = diagnostics.filter { $0.id.rawValue == "source.format-chosen" }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .note && notes.first?.location?.file == path)
        let plain = try cli.tessera(["validate", path, "--diagnostics-format", "json"])
        let without = try JSONDecoder().decode([Diagnostic].self, from: Data(plain.stderr.utf8))
        #expect(!without.contains { $0.id.rawValue == "source.format-chosen" })
        #expect(plain.status == json.status)

        let tokens = try Scratch.write(#"{"c": {"$type": "number", "$value": 1}}"#, name: "plain.json")
        for command in [["resolve", tokens], ["convert", tokens, "-o", (tokens as NSString).deletingLastPathComponent + "/out"],
            ["contexts", path]]
        {
            let run = try cli.tessera(command + ["--explain-format"])
            #expect(run.stderr.contains("[source.format-chosen]"), "\(command): \(run.stderr)")
        }
    }
}
