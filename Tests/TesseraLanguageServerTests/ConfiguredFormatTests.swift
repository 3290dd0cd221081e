import Foundation
import TesseraConformanceKit
import TesseraLanguageServer
import TesseraTestSupport
import Testing

/// The editor reads a workspace's `tessera.yml` as `tessera validate --config` does, whatever
/// format it configures: a Tokens Studio folder, a Figma variables file and an asset catalog,
/// each with an unsaved edit that breaks it. The diagnostics published for the edited file are
/// those `tessera validate --config` gives once the same text is saved (file, line, column,
/// code and message).
@Suite(.serialized)
struct ConfiguredFormatTests {
    struct Workspace {
        /// Files written before the editor starts, by path relative to the root.
        var files: [String: String]
        /// The file the editor opens, and its unsaved text.
        var edited: String
        var text: String
        /// The diagnostic code the edit must bring.
        var code: String
    }

    static let cases: [(name: String, workspace: Workspace)] = [
        ("tokens-studio", Workspace(
            files: [
                "tessera.yml": "sources: [tokens]\nsourceFormat: tokens-studio\noutputs:\n  - css: { path: out/tokens.css }\n",
                "tokens/$metadata.json": #"{"tokenSetOrder": ["core", "semantic"]}"#,
                "tokens/core.json": "{\n  \"blue\": {\"value\": \"#0055ff\", \"type\": \"color\"}\n}\n",
                "tokens/semantic.json": "{\n  \"accent\": {\"value\": \"{blue}\", \"type\": \"color\"}\n}\n",
            ],
            edited: "tokens/semantic.json",
            text: "{\n  \"accent\": {\"value\": \"{blue}\", \"type\": \"color\"},\n  \"link\": {\"value\": \"{bleu}\", \"type\": \"color\"}\n}\n",
            code: "reference.unknown")),
        ("figma", Workspace(
            files: [
                "tessera.yml": "resolver: variables.json\nsourceFormat: figma\noutputs:\n  - css: { path: out/tokens.css }\n",
                "variables.json": figma(alias: "VariableID:1:2"),
            ],
            edited: "variables.json",
            text: figma(alias: "VariableID:9:9"),
            code: "import.figma.unknown-variable")),
        ("asset-catalog", Workspace(
            files: [
                "tessera.yml": "resolver: Assets.xcassets\noutputs:\n  - css: { path: out/tokens.css }\n",
                "Assets.xcassets/Contents.json": #"{"info": {"author": "xcode", "version": 1}}"#,
                "Assets.xcassets/accent.colorset/Contents.json": colorset(red: "0.200"),
            ],
            edited: "Assets.xcassets/accent.colorset/Contents.json",
            text: colorset(red: "2.500"),
            code: "import.colorset.range")),
    ]

    static func figma(alias: String) -> String {
        """
        {"meta": {
          "variableCollections": {
            "VariableCollectionId:1:1": {"id": "VariableCollectionId:1:1", "name": "Theme", "defaultModeId": "1:0",
              "modes": [{"modeId": "1:0", "name": "Light"}, {"modeId": "1:1", "name": "Dark"}], "variableIds": []}
          },
          "variables": {
            "VariableID:1:2": {"id": "VariableID:1:2", "name": "blue", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "COLOR", "valuesByMode": {"1:0": {"r": 0, "g": 0.4, "b": 1, "a": 1}, "1:1": {"r": 0, "g": 0.2, "b": 0.5, "a": 1}}},
            "VariableID:1:3": {"id": "VariableID:1:3", "name": "accent", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "COLOR", "valuesByMode": {"1:0": {"type": "VARIABLE_ALIAS", "id": "\(alias)"},
                "1:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:1:2"}}}
          }}}
        """
    }

    static func colorset(red: String) -> String {
        """
        {
          "colors" : [
            {
              "color" : {
                "color-space" : "srgb",
                "components" : { "alpha" : "1.000", "blue" : "0.800", "green" : "0.400", "red" : "\(red)" }
              },
              "idiom" : "universal"
            }
          ],
          "info" : { "author" : "xcode", "version" : 1 }
        }
        """
    }

    /// A diagnostic as both sides can say it: file, 1-based line and column (UTF-8 bytes here,
    /// the texts are ASCII), code and message.
    struct Seen: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        let column: Int
        let code: String
        let message: String
        var description: String { "\((file as NSString).lastPathComponent):\(line):\(column) \(code) \(message)" }
    }

    @Test(arguments: cases.map(\.name))
    func theEditorGivesWhatValidateGivesForTheConfiguredFormat(_ name: String) throws {
        let workspace = try #require(Self.cases.first { $0.name == name }?.workspace)
        let root = try Scratch.folder("lsp-configured-\(name)").path
        for (relative, text) in workspace.files {
            let path = (root as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let edited = (root as NSString).appendingPathComponent(workspace.edited)
        // The saved text checks clean, so what follows comes from the unsaved edit.
        let clean = try validate(root)
        #expect(clean.filter { $0.file == edited }.isEmpty, "\(clean)")

        let client = try EditorClient()
        _ = client.initialize(root: root)
        client.open(edited, workspace.text)
        let published = (client.diagnostics(for: EditorClient.uri(edited)) ?? []).map { diagnostic in
            Seen(file: edited, line: (diagnostic["range"]?["start"]?["line"]?.int ?? -1) + 1,
                column: (diagnostic["range"]?["start"]?["character"]?.int ?? -1) + 1,
                code: diagnostic["code"]?.string ?? "", message: diagnostic["message"]?.string ?? "")
        }
        #expect(client.shutdownAndExit() == 0)

        try workspace.text.write(toFile: edited, atomically: true, encoding: .utf8)
        let validated = try validate(root).filter { $0.file == edited }
        #expect(validated.contains { $0.code == workspace.code }, "\(validated)")
        #expect(Set(published) == Set(validated), "editor: \(published); validate: \(validated)")
    }

    /// `tessera validate --config tessera.yml` in `root`, its diagnostics read from JSON.
    func validate(_ root: String) throws -> [Seen] {
        let run = try Processes.run(productsFolder.appendingPathComponent("tessera"),
            ["validate", "--config", (root as NSString).appendingPathComponent("tessera.yml"), "--diagnostics-format", "json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [[String: Any]], "\(run.stderr)")
        return list.compactMap { entry in
            guard let location = entry["location"] as? [String: Any], let file = location["file"] as? String else { return nil }
            return Seen(file: file, line: location["line"] as? Int ?? 0, column: location["column"] as? Int ?? 0,
                code: entry["id"] as? String ?? "", message: entry["message"] as? String ?? "")
        }
    }
}
