/// The start and the end two texts share, as an edit leaves them: offsets there are the same
/// text in both, and map from one text to the other.
package struct UnchangedEnds: Sendable {
    /// How many bytes both texts start with.
    package let prefix: Int
    /// How many bytes both texts end with, not overlapping the prefix in either.
    package let suffix: Int
    package let newCount: Int
    package let oldCount: Int

    package init(_ new: [UInt8], _ old: [UInt8]) {
        (prefix, suffix) = new.withUnsafeBytes { new in
            old.withUnsafeBytes { old in
                // Eight bytes at a time, then one at a time where they differ.
                let shorter = min(new.count, old.count)
                var prefix = 0
                while prefix + 8 <= shorter,
                    new.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) == old.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                {
                    prefix += 8
                }
                while prefix < shorter, new[prefix] == old[prefix] { prefix += 1 }
                let most = shorter - prefix
                var suffix = 0
                while suffix + 8 <= most,
                    new.loadUnaligned(fromByteOffset: new.count - suffix - 8, as: UInt64.self)
                        == old.loadUnaligned(fromByteOffset: old.count - suffix - 8, as: UInt64.self)
                {
                    suffix += 8
                }
                while suffix < most, new[new.count - 1 - suffix] == old[old.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
        (newCount, oldCount) = (new.count, old.count)
    }

    /// Where the bytes that differ end in the old text, and in the new one.
    package var oldEnd: Int { oldCount - suffix }
    package var newEnd: Int { newCount - suffix }

    /// The offset in the old text of `offset` in the new one, when it is in a shared end.
    package func old(_ offset: Int) -> Int? {
        if offset < prefix { return offset }
        if offset >= newEnd { return offset - newCount + oldCount }
        return nil
    }

    /// A range of the old text in the new one, when it lies in a shared end.
    package func new(_ range: Range<Int>) -> Range<Int>? {
        if range.upperBound <= prefix { return range }
        if range.lowerBound >= oldEnd { return range.lowerBound - oldCount + newCount..<range.upperBound - oldCount + newCount }
        return nil
    }
}
