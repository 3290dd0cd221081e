import Foundation
import Testing

@testable import Tessera
import TesseraImporters
import TesseraTestSupport

/// Every reader of sources decides what they are through the importer registry, so two
/// commands never read one file two ways.
@Suite struct FrontDoorTests {
    static let resolver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/app.resolver.json").path

    @Test func aResolverIsReadWithItsModes() throws {
        let system = TokenSystem(paths: [Self.resolver]).resolveAll()
        let permutations = try #require(system.permutations)
        #expect(permutations.numbering.count > 1)
    }

    /// Under `--source-format dtcg` the registry reads the resolver document as a token file, and
    /// so does the token system: the same diagnostics as the token pipeline gives for it.
    @Test func aForcedFormatDecidesForTheTokenSystemToo() throws {
        let dtcg = try #require(ImporterRegistry.standard.forcing("dtcg"))
        let options = PipelineOptions(importers: dtcg)
        let system = TokenSystem(paths: [Self.resolver], options: options).resolveAll()
        let pipeline = TokenSystem.resolving(paths: [Self.resolver], options: options)
        #expect(system.diagnostics.map(\.id) == pipeline.diagnostics.inReadingOrder.map(\.id))
        #expect(system.permutations?.numbering.count ?? 1 == 1)
    }

    /// Every permutation of a system is resolved once: the tokens compiling reads are the ones
    /// checking every permutation resolved, and they agree with each permutation resolved on
    /// its own by a tokenSystem that checked nothing.
    @Test(arguments: ["example", "variants resolved whole"])
    func permutationsCheckedAreThePermutationsCompiled(_ system: String) throws {
        let resolver = system == "example" ? Self.resolver : try Self.writeVariantsResolvedWhole()
        let outcome = TokenSystem(resolverAt: resolver).resolveAll()
        let permutations = try #require(outcome.permutations, "\(outcome.diagnostics.map(\.message))")
        #expect(permutations.numbering.count > 1)
        var alone = TokenSystem(resolverAt: resolver)
        for number in 0..<permutations.numbering.count {
            let contexts = permutations.numbering.contexts(of: number)
            let expected = try alone.resolve(contexts: contexts).tokens()
            let compiled = permutations.tokens[number]
            #expect(compiled.document.tokens.map(\.path) == expected.document.tokens.map(\.path), "\(contexts)")
            #expect(compiled.values == expected.values, "\(contexts)")
            #expect(compiled.types == expected.types, "\(contexts)")
        }
    }

    /// A resolver whose `size=large` context adds a token (so those permutations are resolved
    /// whole) and whose `theme=dark` context only redefines (resolved from the base).
    static func writeVariantsResolvedWhole() throws -> String {
        let folder = TestScratch.root.appendingPathComponent("front-door-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = [
            "base.json": ##"{"color": {"$type": "color", "bg": {"$value": "#ffffff"}, "fg": {"$value": "{color.bg}"}}, "space": {"$type": "number", "s": {"$value": 4}}}"##,
            "dark.json": ##"{"color": {"bg": {"$value": "#101010"}}}"##,
            "large.json": ##"{"space": {"s": {"$value": 8}, "xl": {"$type": "number", "$value": "{space.s}"}}}"##,
            "app.resolver.json": ##"""
                {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.json"}]}},
                 "modifiers": {
                   "theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}, "default": "light"},
                   "size": {"contexts": {"regular": [], "large": [{"$ref": "large.json"}]}, "default": "regular"}},
                 "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/size"}]}
                """##,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder.appendingPathComponent("app.resolver.json").path
    }
}
