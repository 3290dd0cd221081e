/// Eight bytes at a time: tests on whole words that let the scanners skip runs of ordinary
/// bytes (indentation, the inside of strings) without looking at each byte.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` (which must leave eight bytes), little-endian.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self).littleEndian
    }

    /// Nonzero when some byte of `word` is `byte`.
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Whether all eight bytes may be skipped inside a string: none is a quote, a backslash,
    /// a control character or a non-ASCII byte (these are looked at one by one).
    @inline(__always)
    static func isPlainStringRun(_ word: UInt64) -> Bool {
        let belowSpaceOrHigh = ((word &- ones &* 0x20) | word) & highs
        return belowSpaceOrHigh | contains(word, UInt8(ascii: "\"")) | contains(word, UInt8(ascii: "\\")) == 0
    }

    /// Eight spaces.
    static let spaces: UInt64 = ones &* 0x20
}
