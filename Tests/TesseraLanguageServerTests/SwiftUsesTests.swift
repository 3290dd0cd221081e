import Foundation
import TesseraConformanceKit
import TesseraLanguageServer
import TesseraTestSupport
import Testing

/// The language server's Swift references, read by the walker `tessera lint --usage` reads
/// with: what either found before, the chains `UsageIndex` follows across lines and into
/// interpolations, and an accessor or a path written in a comment. Expected positions are
/// counted by hand.
@Suite struct SwiftUsesTests {
    @Test func referencesFindUsesInCodeCommentsAndInterpolations() throws {
        let folder = try Scratch.folder("lsp").path
        let tokens = "{\"color\": {\"$type\": \"color\", \"text-primary\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 0]}}}}"
        let tokensPath = (folder as NSString).appendingPathComponent("colors.json")
        try tokens.write(toFile: tokensPath, atomically: true, encoding: .utf8)
        let swift = """
            let a = Tokens.Color.textPrimary
            // Tokens.Color.textPrimary in a comment
            let b = "\\(Tokens.Color.textPrimary)"
            let c = Tokens
                .Color
                .textPrimary
            let d = theme.color("color/text-primary")
            let e = "\\(theme.color("{color.text-primary}"))"
            let f = Tokens.Color.textPrimaryDark // color.textPrimary

            """
        try swift.write(toFile: (folder as NSString).appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(tokensPath, tokens)
        #expect(client.diagnostics(for: EditorClient.uri(tokensPath)) == [])
        // On the key `"text-primary"`: line 0, character 30.
        let references = client.request("textDocument/references", .object([
            "textDocument": .object(["uri": .string(EditorClient.uri(tokensPath))]), "position": EditorClient.position(0, 31),
            "context": .object(["includeDeclaration": .bool(false)]),
        ]))?["result"]?.array ?? []
        let swiftURI = EditorClient.uri((folder as NSString).appendingPathComponent("App.swift"))
        let expected: [((Int, Int), (Int, Int))] = [
            ((0, 15), (0, 32)), ((1, 10), (1, 27)), ((2, 18), (2, 35)), ((4, 5), (5, 16)),
            ((6, 20), (6, 40)), ((7, 23), (7, 45)),
        ]
        #expect(references == expected.map { .object(["uri": .string(swiftURI), "range": EditorClient.range($0.0, $0.1)]) })
        #expect(client.shutdownAndExit() == 0)
    }

    /// A rename edits the Swift uses `references` finds: each string of the path written again
    /// in its notation (dotted, slashed, braced), each generated member's last name renamed; a
    /// string with an escape is found but left as it is. Positions counted by hand.
    @Test func renameEditsTheSwiftUsesReferencesFinds() throws {
        let folder = try Scratch.folder("lsp").path
        let tokens = "{\"color\": {\"$type\": \"color\", \"background\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [1, 1, 1]}}}}"
        let tokensPath = (folder as NSString).appendingPathComponent("colors.json")
        try tokens.write(toFile: tokensPath, atomically: true, encoding: .utf8)
        let swift = """
            let a = theme.color("color/background")
            let b = theme.color("color.background")
            let c = theme.color("{color.background}")
            let d = Tokens.Color.background
            let e = theme.color("color\\/background")

            """
        let swiftPath = (folder as NSString).appendingPathComponent("App.swift")
        try swift.write(toFile: swiftPath, atomically: true, encoding: .utf8)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(tokensPath, tokens)
        #expect(client.diagnostics(for: EditorClient.uri(tokensPath)) == [])
        // On the key `"background"`: line 0, character 30.
        let position = EditorClient.position(0, 31)
        let references = client.request("textDocument/references", .object([
            "textDocument": .object(["uri": .string(EditorClient.uri(tokensPath))]), "position": position,
            "context": .object(["includeDeclaration": .bool(false)]),
        ]))?["result"]?.array ?? []
        #expect(references.count == 5)
        let edit = client.request("textDocument/rename", .object([
            "textDocument": .object(["uri": .string(EditorClient.uri(tokensPath))]), "position": position,
            "newName": .string("surface"),
        ]))?["result"]
        let swiftEdits = edit?["changes"]?[EditorClient.uri(swiftPath)]?.array ?? []
        // The chain first, then the strings, as `references` lists them.
        let expected: [((Int, Int), (Int, Int), String)] = [
            ((3, 21), (3, 31), "surface"), ((0, 20), (0, 38), "\"color/surface\""), ((1, 20), (1, 38), "\"color.surface\""),
            ((2, 20), (2, 40), "\"{color.surface}\""),
        ]
        #expect(swiftEdits == expected.map { .object(["range": EditorClient.range($0.0, $0.1), "newText": .string($0.2)]) })
        let jsonEdits = edit?["changes"]?[EditorClient.uri(tokensPath)]?.array ?? []
        #expect(jsonEdits.count == 1)
        #expect(client.shutdownAndExit() == 0)
    }
}
