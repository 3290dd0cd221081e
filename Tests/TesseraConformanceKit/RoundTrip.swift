import Foundation
import Tessera
import TesseraImporters

/// `convert` to DTCG, then resolving what it wrote, gives exactly the values of resolving the
/// source, in every permutation.
package enum RoundTrip {
    /// Every permutation of the source and of the written resolver, compared line for line.
    package static func expect(_ tokenSystem: TokenSystem, _ expectations: some Expectations) throws {
        var tokenSystem = tokenSystem
        let conversion = DTCGConversion(tokenSystem)
        let folder = Scratch.freshPath("convert")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try conversion.write(to: folder)
        let resolverFile = try expectations.require(conversion.files.first { $0.path.hasSuffix(".resolver.json") }?.path)
        var again = TokenSystem(resolverAt: (folder as NSString).appendingPathComponent(resolverFile))
        let permutations = try expectations.require(tokenSystem.resolver?.permutations)
        expectations.expect(again.resolver?.permutations.count == permutations.count, "permutation counts")
        for contexts in permutations {
            let before = tokenSystem.resolve(contexts: contexts)
            let after = again.resolve(contexts: contexts)
            expectations.expect(!after.hasErrors || before.hasErrors, "\(contexts): \(after.diagnostics.map(\.message).prefix(3))")
            let expected = ResolvedEmitter.flat(before.partialTokens)
            expectations.expect(!expected.isEmpty, "\(contexts): nothing resolved")
            expectations.expect(ResolvedEmitter.flat(after.partialTokens) == expected, "\(contexts)")
        }
    }
}
