import Foundation
import Tessera
import TesseraImporters
import TesseraTestSupport
import Testing

/// The importer seam: which importer reads which file, the document builder, layers built in
/// memory composed with modes, and a format plugged in from outside.
struct ImporterTests {
    @Test func theRegistryPicksTheImporterMostSureOfAFile() {
        let registry = ImporterRegistry.standard
        #expect(registry.importer(forFileName: "app.resolver.json")?.name == "resolver")
        #expect(registry.importer(forFileName: "color.tokens.json")?.name == "dtcg")
        #expect(registry.importer(forFileName: "color.json")?.name == "dtcg")
        #expect(registry.importer(forFileName: "notes.txt") == nil)
        #expect(!registry.mergesFile(named: "app.resolver.json"))
        #expect(registry.mergesFile(named: "base.tokens"))
        // A resolver not named like one is told by its content.
        let resolver = SourceFile(path: "themes.json", text: ##"{"version": "2025.10", "resolutionOrder": []}"##)
        #expect(registry.importer(for: resolver)?.name == "resolver")
        let tokens = SourceFile(path: "themes.json", text: ##"{"a": {"$type": "number", "$value": 1}}"##)
        #expect(registry.importer(for: tokens)?.name == "dtcg")
    }

    @Test func aResolverAmongTokenFilesIsAnErrorNotTokens() {
        let resolver = SourceFile(path: "themes.json", text: ##"{"version": "2025.10", "resolutionOrder": []}"##)
        let tokens = SourceFile(path: "a.tokens.json", text: ##"{"a": {"$type": "number", "$value": 1}}"##)
        let result = TokenSystem.resolving(files: [tokens, resolver])
        #expect(result.diagnostics.map(\.id) == [.fileKindMismatch])
        #expect(result.partialTokens.value("a") == .number(1))
    }

    /// The same tokens built through the builder and written as a DTCG file resolve alike.
    @Test func aBuiltLayerResolvesLikeTheSameTokensWrittenAsDTCG() throws {
        let file = SourceFile(path: "palette.txt", text: String(repeating: " ", count: 200))
        var builder = DocumentBuilder(file: file)
        let red = TokenColor(.srgb, [1, 0, 0], hex: "#ff0000")
        builder.setGroup(["color"], type: .color, description: "Colors", at: 0)
        builder.addToken(["color", "red"], value: .typed(.color(red)), at: 10)
        builder.addToken(["color", "accent"], value: .alias(["color", "red"]), at: 20)
        builder.addToken(["space", "m"], type: .dimension, value: .raw(JSONValue(.object([
            JSONMember(key: "value", keyOffset: 30, value: JSONValue(.number(8), offset: 31)),
            JSONMember(key: "unit", keyOffset: 32, value: JSONValue(.string("px"), offset: 33)),
        ]), offset: 30)), at: 30)
        builder.addToken(["border"], value: .typed(.border(Border(color: red, width: TokenDimension(1, .px),
            style: .keyword("solid")))), at: 40)
        let built = try Self.resolve(builder.finish())

        let written = try pipeline(##"""
            {"color": {"$type": "color", "$description": "Colors",
               "red": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff0000"}},
               "accent": {"$value": "{color.red}"}},
             "space": {"m": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}},
             "border": {"$type": "border", "$value": {"color": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff0000"},
               "width": {"value": 1, "unit": "px"}, "style": "solid"}}}
            """##).tokens()
        #expect(ResolvedEmitter.flat(built) == ResolvedEmitter.flat(written))
        #expect(built["color.accent"]?.aliasOf == "color.red")
        #expect(built.document.groups["color"]?.description == "Colors")
    }

    @Test func builderProblemsPointIntoTheOriginalFile() {
        let file = SourceFile(path: "palette.txt", text: "first line\nsecond line\n")
        var builder = DocumentBuilder(file: file)
        builder.addToken(["bad.name"], type: .number, value: .typed(.number(1)), at: 11)
        builder.addToken(["size"], type: .dimension, value: .raw(JSONValue(.string("12"), offset: 18)), at: 11)
        builder.addToken(["n"], type: .dimension, value: .typed(.number(2)), at: 0)
        let layer = builder.finish()
        #expect(layer.diagnostics.map(\.id) == [.invalidName])
        #expect(layer.diagnostics.first?.location?.line == 2)
        var system70 = TokenSystem(Self.resolver([layer]))
        let permutation = system70.resolve(inputs: [:])
        let found = permutation.diagnostics.filter { $0.severity == .error }
        #expect(found.map(\.id) == [.invalidName, .valueInvalid, .typeMismatch])
        #expect(found[1].location.map { [$0.file, "\($0.line):\($0.column)"] } == ["palette.txt", "2:8"])
        #expect(throws: ResolutionFailure.self) { try permutation.tokens() }
    }

    /// Modes from another format: a modifier whose contexts are built layers.
    @Test func builtLayersComposeWithModes() throws {
        func layer(_ name: String, _ hex: String) -> BuiltLayer {
            var builder = DocumentBuilder(file: SourceFile(path: "\(name).txt", text: "x"))
            builder.addToken(["bg"], value: .typed(.color(try! #require(TokenColor(legacyCSS: hex)))), at: 0)
            builder.addToken(["surface"], value: .alias(["bg"]), at: 0)
            return builder.finish()
        }
        let anchor = SourceAnchor(file: SourceFile(path: "modes.txt", text: ""), offset: 0)
        let light = layer("light", "#ffffff")
        let dark = layer("dark", "#000000")
        let document = ResolverDocument(layers: [
            .set(.init(name: "base", sources: [.init(.built(light), at: anchor)])),
            .modifier(.init(name: "mode", contexts: [.init(name: "light", sources: []),
                .init(name: "dark", sources: [.init(.built(dark), at: anchor)])], defaultContext: "light", anchor: anchor)),
        ], file: anchor.file)
        var tokenSystem = TokenSystem(document)
        let lightTokens = try tokenSystem.resolve(inputs: [:]).tokens()
        let darkTokens = try tokenSystem.resolve(inputs: ["mode": "dark"]).tokens()
        #expect(lightTokens.value("surface") == TokenColor(legacyCSS: "#ffffff").map(TokenValue.color))
        #expect(darkTokens.value("surface") == TokenColor(legacyCSS: "#000000").map(TokenValue.color))
        #expect(tokenSystem.checkAllPermutations().diagnostics.isEmpty)
    }

    /// A format from outside the library, registered beside the standard ones, read from disk.
    @Test func aRegisteredImporterReadsItsFilesFromADirectory() throws {
        struct KeyValueImporter: LayerImporter {
            var name: String { "key-value" }
            func recognizes(fileName: String) -> Recognition { fileName.hasSuffix(".kv") ? .certain : .no }
            func recognizes(_ file: SourceFile) -> Recognition { recognizes(fileName: file.path) }
            func layer(of file: SourceFile) -> BuiltLayer {
                var builder = DocumentBuilder(file: file)
                var offset = 0
                for line in String(decoding: file.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                    let parts = line.split(separator: "=")
                    if parts.count == 2, let number = Double(parts[1]) {
                        builder.addToken(parts[0].split(separator: ".").map(String.init), value: .typed(.number(number)), at: offset)
                    }
                    offset += line.utf8.count + 1
                }
                return builder.finish()
            }
        }
        let directory = TestScratch.root.appendingPathComponent("kv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "space.s=4\nspace.m=8\n".write(to: directory.appendingPathComponent("space.kv"), atomically: true, encoding: .utf8)
        try ##"{"space": {"l": {"$type": "number", "$value": "{space.m}"}}}"##
            .write(to: directory.appendingPathComponent("z.tokens.json"), atomically: true, encoding: .utf8)

        let standard = TokenSystem.resolving(paths: [directory.path])
        #expect(standard.diagnostics.map(\.id) == [.referenceUnknown], "the .kv file is not read")
        var options = PipelineOptions()
        options.importers.importers.append(KeyValueImporter())
        let tokens = try TokenSystem.resolving(paths: [directory.path], options: options).tokens()
        #expect(tokens.value("space.l") == .number(8))
        #expect(tokens.count == 3)
    }

    static func resolver(_ layers: [BuiltLayer]) -> ResolverDocument {
        let anchor = SourceAnchor(file: SourceFile(path: "built.txt", text: ""), offset: 0)
        return ResolverDocument(layers: [.set(.init(name: "all", sources: layers.map { .init(.built($0), at: anchor) }))],
            file: anchor.file)
    }

    static func resolve(_ layer: BuiltLayer) throws -> ResolvedTokens {
        #expect(layer.diagnostics.isEmpty)
        var system = TokenSystem(resolver([layer]))
        return try system.resolve(inputs: [:]).tokens()
    }
}
