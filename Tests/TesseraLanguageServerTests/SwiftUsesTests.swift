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
            let a = Tokens.color.textPrimary
            // Tokens.color.textPrimary in a comment
            let b = "\\(Tokens.color.textPrimary)"
            let c = Tokens
                .color
                .textPrimary
            let d = theme.color("color/text-primary")
            let e = "\\(theme.color("{color.text-primary}"))"
            let f = Tokens.color.textPrimaryDark // color.textPrimary

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
}
