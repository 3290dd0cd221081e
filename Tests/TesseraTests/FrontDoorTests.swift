import Foundation
import Testing

@testable import Tessera

/// Every reader of sources decides what they are through the importer registry, so two
/// commands never read one file two ways.
@Suite struct FrontDoorTests {
    static let resolver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/app.resolver.json").path

    @Test func aResolverIsReadWithItsModes() throws {
        let system = TokenSystem.load([Self.resolver])
        let permutations = try #require(system.permutations)
        #expect(permutations.numbering.count > 1)
    }

    /// Under `--source-format dtcg` the registry reads the resolver document as a token file, and
    /// so does the token system: the same diagnostics as the token pipeline gives for it.
    @Test func aForcedFormatDecidesForTheTokenSystemToo() throws {
        let dtcg = try #require(ImporterRegistry.standard.forcing("dtcg"))
        let options = PipelineOptions(importers: dtcg)
        let system = TokenSystem.load([Self.resolver], options: options)
        let pipeline = TokenPipeline.run(paths: [Self.resolver], options: options)
        #expect(system.diagnostics.map(\.id) == pipeline.diagnostics.sorted.map(\.id))
        #expect(system.permutations?.numbering.count ?? 1 == 1)
    }
}
