import Foundation
import Tessera
import TesseraGenerate
import TesseraQuality
import TesseraTestSupport
import Testing

/// The usage index finds a token wherever an app writes the accessor the generator made for it:
/// two ways to one spelling (the generator's namespace, and the index's own reading of a
/// token's names) must agree, keywords, leading digits and reserved type names included.
struct UsageIndexTests {
    static let tokens = #"""
        {
          "color": {"$type": "color",
            "background": {"default": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}},
              "100": {"$value": {"colorSpace": "srgb", "components": [0.9, 0.9, 0.9]}}},
            "text-primary": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}},
          "type": {"$type": "dimension", "body-size": {"$value": {"value": 16, "unit": "px"}}},
          "space": {"$type": "dimension", "2x": {"$value": {"value": 8, "unit": "px"}}, "class": {"$value": {"value": 4, "unit": "px"}}}
        }
        """#

    @Test func everyGeneratedAccessorIsFound() throws {
        let folder = try Codegen.temporaryFolder("usage-index")
        let path = folder.appendingPathComponent("tokens.json")
        try Data(Self.tokens.utf8).write(to: path)
        let resolved = try TokenSystem.resolving(paths: [path.path]).tokens()
        let context = GenerationContext(resolved, name: "app")
        let accessors = SwiftLink(rootName: "Tokens", flavor: .static).references(context)
        #expect(accessors.contains("Tokens.Type_.bodySize") && accessors.contains("Tokens.Color.Background.`default`"), "\(accessors)")
        for (index, token) in context.tokens.enumerated() {
            // The accessor alone in a file: it is that token's use, and no other token's.
            let source = "let value = \(accessors[index]).value\n"
            let usage = UsageIndex(source: source, path: "App.swift")
            #expect(usage.use(of: token) != nil, "\(accessors[index]) for \(token.path)")
            for other in context.tokens where other.path != token.path {
                #expect(usage.use(of: other) == nil, "\(accessors[index]) is not \(other.path)")
            }
        }
    }
}
