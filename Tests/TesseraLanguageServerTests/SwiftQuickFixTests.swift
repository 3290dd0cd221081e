import Foundation
import TesseraConformanceKit
import TesseraLanguageServer
import Testing

/// In an open Swift file, the server offers `tessera adopt`'s replacements as quick fixes and
/// never reads the file as tokens. Over pipes, as an editor drives it.
@Suite struct SwiftQuickFixTests {
    static let tokens = #"""
        {"color": {"$type": "color", "ink": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.1, 0.1]}}},
         "spacing": {"$type": "dimension", "md": {"$value": {"value": 16, "unit": "px"}}}}
        """#

    static let swift = """
        import SwiftUI

        struct Card: View {
            var body: some View {
                Text("Hi")
                    .foregroundStyle(Color(red: 0.1, green: 0.1, blue: 0.1))
                    .padding(16)
                    .padding(13)
            }
        }

        """

    func workspace() throws -> (folder: String, tokens: String, swift: String) {
        let folder = try Scratch.folder("lsp-swift").path
        let tokens = (folder as NSString).appendingPathComponent("tokens.json")
        try Self.tokens.write(toFile: tokens, atomically: true, encoding: .utf8)
        try "sources: [tokens.json]\noutputs:\n  - swift: { path: Palette.swift, flavor: static, name: Palette }\n"
            .write(toFile: (folder as NSString).appendingPathComponent("tessera.yml"), atomically: true, encoding: .utf8)
        let swift = (folder as NSString).appendingPathComponent("Card.swift")
        try Self.swift.write(toFile: swift, atomically: true, encoding: .utf8)
        return (folder, tokens, swift)
    }

    func actions(_ client: EditorClient, _ path: String, line: Int) -> [JSON] {
        client.request("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(EditorClient.uri(path))]),
            "range": EditorClient.range((line, 0), (line, 80)), "context": .object(["diagnostics": .array([])]),
        ]))?["result"]?.array ?? []
    }

    @Test func aHandWrittenValueOfATokenIsAQuickFix() throws {
        let (folder, tokens, swift) = try workspace()
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(tokens, Self.tokens)
        #expect(client.diagnostics(for: EditorClient.uri(tokens)) == [])
        client.open(swift, Self.swift)
        // Line 5: the color literal, which is color.ink.
        let color = actions(client, swift, line: 5)
        #expect(color.count == 1, "\(color)")
        #expect(color.first?["title"]?.string == "Use 'color.ink': Palette.Color.ink.color()")
        #expect(color.first?["edit"]?["changes"]?[EditorClient.uri(swift)] == .array([.object([
            "range": EditorClient.range((5, 29), (5, 67)), "newText": .string("Palette.Color.ink.color()"),
        ])]), "\(color)")
        // Line 6: 16 is spacing.md; line 7: 13 is no token, so no fix.
        #expect(actions(client, swift, line: 6).first?["title"]?.string == "Use 'spacing.md': Palette.Spacing.md.value")
        #expect(actions(client, swift, line: 7).isEmpty)
        // The tokens as the editor holds them: ink changed and not saved, the literal no longer is it.
        client.change(tokens, version: 2, [.object(["text": .string(Self.tokens.replacingOccurrences(of: "[0.1, 0.1, 0.1]", with: "[0.2, 0.2, 0.2]"))])])
        _ = client.diagnostics(for: EditorClient.uri(tokens))
        #expect(actions(client, swift, line: 5).isEmpty)
        // The Swift file is never read as tokens: no JSON diagnostics were published for it.
        #expect(!client.pending.contains { $0["params"]?["uri"]?.string == EditorClient.uri(swift) })
        #expect(client.shutdownAndExit() == 0)
    }
}
