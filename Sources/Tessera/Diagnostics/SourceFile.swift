import Foundation

/// One loaded file: its bytes and the table of line starts used to turn byte offsets into
/// 1-based line and column numbers.
///
/// Columns count Unicode scalar values from the first character of the line, starting at 1,
/// so a caret lines up under the character in any UTF-8 aware terminal or editor.
public final class SourceFile: Sendable {
    /// The path as the user gave it (or as found in a directory walk).
    public let path: String
    /// The raw bytes of the file.
    public let bytes: [UInt8]
    /// Line starts and column tables, made on the first request for a location: most files
    /// of a large set never need them.
    private let tables: LazyTables

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.tables = LazyTables()
    }

    /// The same file under another object, sharing the bytes and tables: threads that each
    /// anchor thousands of tokens in one file do not contend for one reference count.
    init(sharing other: SourceFile) {
        path = other.path
        bytes = other.bytes
        tables = other.tables
    }

    /// Creates a file from text, for tests and in-memory documents.
    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Byte offsets at which each line starts; `lineStarts[0] == 0`.
    var lineStarts: [Int] { tables.get(bytes).lineStarts }

    /// The tables of one file's lines.
    struct Tables: Sendable {
        var lineStarts = [0]
        /// Whether every byte is ASCII, so that columns are byte distances.
        var isASCII = true
        /// For non-ASCII files: the number of UTF-8 continuation bytes before every 1024th
        /// byte, so a column is found in constant time even on a very long line.
        var continuationCheckpoints: [Int] = []

        init(_ bytes: [UInt8]) {
            lineStarts.reserveCapacity(bytes.count / 24 + 1)
            var highBits: UInt8 = 0
            bytes.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    let byte = buffer[index]
                    highBits |= byte
                    if byte == 0x0A { lineStarts.append(index + 1) }
                }
            }
            isASCII = highBits & 0x80 == 0
            if !isASCII {
                continuationCheckpoints.reserveCapacity(bytes.count / 1024 + 1)
                var count = 0
                for (index, byte) in bytes.enumerated() {
                    if index % 1024 == 0 { continuationCheckpoints.append(count) }
                    if byte & 0xC0 == 0x80 { count += 1 }
                }
            }
        }
    }

    /// Made once, under a lock, by whichever thread asks first.
    private final class LazyTables: @unchecked Sendable {
        private let lock = NSLock()
        private var tables: Tables?

        func get(_ bytes: [UInt8]) -> Tables {
            lock.lock()
            defer { lock.unlock() }
            if let tables { return tables }
            let made = Tables(bytes)
            tables = made
            return made
        }
    }

    /// The zero-based line holding a byte offset (already clamped to the file), found by a
    /// binary search of the line starts.
    private static func lineIndex(containing offset: Int, _ lineStarts: [Int]) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The 1-based line and column of a byte offset.
    package func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let tables = tables.get(bytes)
        let lineStarts = tables.lineStarts
        let low = Self.lineIndex(containing: clamped, lineStarts)
        let start = lineStarts[low]
        if tables.isASCII { return (low + 1, clamped - start + 1) }
        let checkpoints = tables.continuationCheckpoints
        return (low + 1, clamped - start - (continuationBytes(before: clamped, checkpoints) - continuationBytes(before: start, checkpoints)) + 1)
    }

    private func continuationBytes(before offset: Int, _ continuationCheckpoints: [Int]) -> Int {
        guard !continuationCheckpoints.isEmpty else { return 0 }
        let block = min(offset / 1024, continuationCheckpoints.count - 1)
        var count = continuationCheckpoints[block]
        var index = block * 1024
        while index < offset, index < bytes.count {
            if bytes[index] & 0xC0 == 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// The byte range of a 1-based line, without its line break.
    func lineRange(_ line: Int) -> Range<Int>? {
        let lineStarts = self.lineStarts
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(start, end)
    }

    /// The byte offset of a 1-based line and column (in Unicode scalars), found without
    /// reading the line from its start: a column far into a minified file costs no more than
    /// one near its start.
    public func offset(line: Int, column: Int) -> Int {
        guard let range = lineRange(line) else { return bytes.count }
        let tables = tables.get(bytes)
        if tables.isASCII { return min(range.lowerBound + max(column - 1, 0), range.upperBound) }
        let checkpoints = tables.continuationCheckpoints
        let before = continuationBytes(before: range.lowerBound, checkpoints)
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let mid = (low + high) / 2
            let columnAtMid = mid - range.lowerBound - (continuationBytes(before: mid, checkpoints) - before) + 1
            if columnAtMid >= column { high = mid } else { low = mid + 1 }
        }
        // Inside a scalar the count already stands at the next one: its start is the place.
        while low < range.upperBound, bytes[low] & 0xC0 == 0x80 { low += 1 }
        return low
    }

    /// The text of a 1-based line, without its line break; invalid UTF-8 shows as U+FFFD.
    package func lineText(_ line: Int) -> String {
        lineRange(line).map { String(decoding: bytes[$0], as: UTF8.self) } ?? ""
    }

    // MARK: - Protocol positions

    /// What a position's character counts: bytes, or UTF-16 code units (the Language Server
    /// Protocol's default position encoding).
    package enum CodeUnit: Sendable {
        case utf8
        case utf16
    }

    /// How many lines the file has: one more than it has line feeds.
    package var lineCount: Int { lineStarts.count }

    /// The zero-based line of a byte offset and the code units before it on that line. Only a
    /// line feed ends a line: a carriage return is a character of its line. An offset inside a
    /// character counts the whole character; an offset outside the file is taken as its start
    /// or its end.
    package func position(at offset: Int, counting unit: CodeUnit) -> (line: Int, character: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let tables = tables.get(bytes)
        let line = Self.lineIndex(containing: clamped, tables.lineStarts)
        let start = tables.lineStarts[line]
        if unit == .utf8 || tables.isASCII { return (line, clamped - start) }
        var units = 0
        var index = start
        while index < clamped {
            let length = Self.sequenceLength(bytes[index])
            units += length == 4 ? 2 : 1
            index += length
        }
        return (line, units)
    }

    /// The byte offset of a zero-based line and a count of code units on it; nil when the line
    /// is past the end (the line just past the last one, at character 0, is the end of the
    /// file). A count past the end of its line stands for the line's end (as the protocol
    /// says), before its line feed and a carriage return right before that line feed. A count
    /// inside a character stands for the character's start in bytes, and for its end in UTF-16
    /// code units (in the middle of a surrogate pair).
    package func offset(line: Int, character: Int, counting unit: CodeUnit) -> Int? {
        let tables = tables.get(bytes)
        let lineStarts = tables.lineStarts
        guard line < lineStarts.count else {
            return line == lineStarts.count && character == 0 ? bytes.count : nil
        }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if line + 1 < lineStarts.count, end > start, bytes[end - 1] == 0x0D { end -= 1 }
        if unit == .utf8 || tables.isASCII {
            var offset = min(start + character, end)
            while offset > start, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        var units = 0
        var index = start
        while index < end, units < character {
            let length = Self.sequenceLength(bytes[index])
            units += length == 4 ? 2 : 1
            index = min(index + length, end)
        }
        return index
    }

    /// The length a UTF-8 sequence's first byte announces; 1 for a byte that starts none.
    private static func sequenceLength(_ byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    }
}
