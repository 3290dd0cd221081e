import TesseraDifferential
import Testing

@testable import Tessera

/// The unchanged ends of two texts, compared eight bytes at a time, are those a comparison byte
/// by byte finds: texts sharing a start and an end of every length around the word size, with
/// changes that insert, delete or replace, and ends that overlap.
@Suite struct UnchangedEndsTests {
    /// Byte by byte: the longest common start, then the longest common end not overlapping it.
    static func naive(_ new: [UInt8], _ old: [UInt8]) -> (prefix: Int, suffix: Int) {
        var prefix = 0
        while prefix < new.count, prefix < old.count, new[prefix] == old[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < new.count - prefix, suffix < old.count - prefix, new[new.count - 1 - suffix] == old[old.count - 1 - suffix] {
            suffix += 1
        }
        return (prefix, suffix)
    }

    @Test func wordsAtATimeFindWhatBytesAtATimeFind() {
        var random = SplitMix64(seed: 20_261_129)
        for _ in 0..<2_000 {
            // A small alphabet, so that the changed bytes often equal their neighbours.
            func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 97...99, using: &random) } }
            let start = bytes(Int.random(in: 0...40, using: &random))
            let end = bytes(Int.random(in: 0...40, using: &random))
            let old = start + bytes(Int.random(in: 0...12, using: &random)) + end
            let new = start + bytes(Int.random(in: 0...12, using: &random)) + end
            let ends = UnchangedEnds(new, old)
            let expected = Self.naive(new, old)
            #expect(ends.prefix == expected.prefix && ends.suffix == expected.suffix, "\(new) from \(old)")
        }
        let same: [UInt8] = Array("the same text, longer than a word".utf8)
        let ends = UnchangedEnds(same, same)
        #expect(ends.prefix == same.count && ends.suffix == 0)
    }
}
