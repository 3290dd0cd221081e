import Tessera
import TesseraDifferential
import TesseraTestSupport
import Testing

/// Random resolvers resolved four ways (from the base permutation, whole, flattened by hand
/// into one document, and that document with its groups renamed) must agree on every value and
/// diagnostic. `swift run tessera-differential --cases N --seed S` runs any number of cases and
/// prints a minimal reproducer.
struct DifferentialTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func randomResolversAgreeEveryWay(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for number in 0..<25 {
            let system = RandomSystem.random(using: &generator)
            let found = DifferentialCheck.run(system, permutationLimit: 8)
            #expect(found.isEmpty, "seed \(seed) case \(number): \(found.prefix(3))\n\(system.resolverText)")
            if !found.isEmpty { return }
        }
    }
}
