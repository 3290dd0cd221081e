import TesseraDifferential
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraModel

/// The path table against a plain array model, through single and batch insertions and
/// lookups, at sizes that make it grow and wrap its probes.
struct PathTableTests {
    static func randomKey(_ random: inout SplitMix64) -> String {
        // Few distinct short names, so keys repeat and share prefixes; some are long or not ASCII.
        let names = ["color", "bg", "a", "", "brand-primary-500", "größe", "x.y", "$root", "0123456789abcdef0123"]
        let parts = Int.random(in: 1...3, using: &random)
        return (0..<parts).map { _ in names.randomElement(using: &random)! }.joined(separator: ".")
    }

    @Test(arguments: [1, 2, 3, 4])
    func behavesLikeAnOrderedSet(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = PathTable()
        var model: [String] = []
        for _ in 0..<4_000 {
            let key = Self.randomKey(&random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let (inserted, position) = table.insert(key)
                if let existing = model.firstIndex(of: key) {
                    #expect(!inserted && position == existing)
                } else {
                    #expect(inserted && position == model.count)
                    model.append(key)
                }
            default:
                #expect(table[key] == model.firstIndex(of: key))
                #expect(Array(key.utf8).withUnsafeBytes { table.position(of: $0) } == model.firstIndex(of: key))
            }
            #expect(table.count == model.count)
        }
        #expect(table.keys == model)
        for (position, key) in model.enumerated() { #expect(table[key] == position) }
    }

    /// Several tables read through pointers at once (`PathTable.withLookups`) find what each
    /// table finds, each with its own seed, and nothing more.
    @Test(arguments: [8, 9])
    func lookupsFindWhatTheirTablesFind(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var tables: [PathTable] = []
        var models: [[String]] = []
        for _ in 0..<3 {
            var table = PathTable()
            var model: [String] = []
            for _ in 0..<Int.random(in: 0..<600, using: &random) {
                let key = Self.randomKey(&random)
                if table.insert(key).inserted { model.append(key) }
            }
            tables.append(table)
            models.append(model)
        }
        let probes = (0..<2_000).map { _ in Self.randomKey(&random) }
        PathTable.withLookups(tables) { lookups in
            #expect(lookups.count == tables.count)
            for key in probes {
                for (lookup, model) in zip(lookups, models) {
                    let found = Array(key.utf8).withUnsafeBytes { lookup.position(of: $0, hash: PathTable.hash($0, seed: lookup.seed)) }
                    #expect(found == model.firstIndex(of: key), "\(key)")
                }
            }
        }
    }

    /// Batches (large enough to take the slot-ordered path) with keys already present and keys
    /// repeated inside the batch give what inserting one by one gives.
    @Test(arguments: [5, 6, 7])
    func batchesMatchOneByOneInsertion(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = PathTable()
        var model: [String] = []
        for round in 0..<6 {
            let batch = (0..<Int.random(in: 256...3_000, using: &random)).map { _ in
                Bool.random(using: &random) ? Self.randomKey(&random) : "set\(round).token-\(Int.random(in: 0..<2_000, using: &random))"
            }
            let positions = table.insertAll(batch)
            var expected: [Int] = []
            for key in batch {
                if let existing = model.firstIndex(of: key) {
                    expected.append(existing)
                } else {
                    expected.append(model.count)
                    model.append(key)
                }
            }
            #expect(positions == expected)
            #expect(table.keys == model)
        }
        for (position, key) in model.enumerated() { #expect(table[key] == position) }
    }

    @Test func manyKeysGrowTheTableAndStayFindable() {
        var table = PathTable(minimumCapacity: 4)
        let keys = (0..<50_000).map { "component.button-\($0).background.hover" }
        for key in keys { table.insert(key) }
        #expect(table.count == keys.count)
        #expect(keys.indices.allSatisfy { table[keys[$0]] == $0 })
        #expect(table["component.button-50000.background.hover"] == nil)
        let text = Array("{component.button-123.background.hover}".utf8)
        #expect(text.withUnsafeBufferPointer { TokenPathSyntax.referencedPath(in: $0).flatMap(table.position(of:)) } == 123)
        #expect(table.insert("component.button-25000.background.hover") == (false, 25_000))
        #expect(table.insert("component.button-50000.background.hover") == (true, 50_000))
    }
}
