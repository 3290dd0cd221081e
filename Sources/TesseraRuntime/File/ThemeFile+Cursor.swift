import TesseraModel

extension ThemeFile {
    /// Reads little-endian fields from a byte range, refusing to read past its end.
    struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var offset: Int
        let end: Int
        /// What the bytes are, for messages ("section VALS", "value 12"): made only for a
        /// message.
        let what: StaticString
        let number: Int?

        init(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, what: StaticString, number: Int? = nil) {
            self.bytes = bytes
            self.offset = range.lowerBound
            self.end = range.upperBound
            self.what = what
            self.number = number
        }

        var remaining: Int { end - offset }
        var atEnd: Bool { offset == end }

        func failure(_ reason: String) -> ThemeError {
            .invalidFile("\(what)" + (number.map { " \($0)" } ?? "") + ": " + reason)
        }

        mutating func take(_ count: Int) throws(ThemeError) -> Int {
            guard count >= 0, count <= end - offset else { throw failure("ends \(count - (end - offset)) bytes early") }
            defer { offset += count }
            return offset
        }

        mutating func u8() throws(ThemeError) -> UInt8 { bytes[try take(1)] }
        mutating func u16() throws(ThemeError) -> UInt16 {
            UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(2), as: UInt16.self))
        }
        mutating func u32() throws(ThemeError) -> UInt32 {
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4), as: UInt32.self))
        }
        mutating func u64() throws(ThemeError) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8), as: UInt64.self))
        }
        mutating func f64() throws(ThemeError) -> Double {
            let value = Double(bitPattern: try u64())
            guard value.isFinite else { throw failure("a number at byte \(offset - 8) is not finite") }
            return value
        }
        /// A count of items of at least `size` bytes each, checked against the bytes left.
        mutating func count(of size: Int) throws(ThemeError) -> Int {
            let count = Int(try u32())
            guard count <= remaining / max(1, size) else { throw failure("claims \(count) items, more than its bytes hold") }
            return count
        }
        mutating func index(below limit: Int, _ what: String) throws(ThemeError) -> Int {
            let value = Int(try u32())
            guard value < limit else { throw failure("\(what) \(value) is out of range (\(limit))") }
            return value
        }
    }

    /// The strings of a file: offsets into the bytes after them.
    struct StringTable: Sendable {
        let base: Int
        let offsets: [UInt32]

        var count: Int { offsets.count - 1 }

        func range(_ index: Int) -> Range<Int> { base + Int(offsets[index])..<base + Int(offsets[index + 1]) }

        func string(_ index: Int, in bytes: UnsafeRawBufferPointer) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range(index)]), as: UTF8.self)
        }
    }

    /// Whether bytes are well-formed UTF-8 (no overlong forms, no surrogates, nothing past
    /// U+10FFFF).
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return false }
            for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
