import Foundation

/// An insertion-ordered set of strings (token and group paths, object keys) that gives each
/// its position, built for the loader's hot path.
///
/// Paths are hashed straight from their UTF-8 bytes with a seeded multiply-fold hash, several
/// times cheaper than `Hasher` for keys of this size, and looked up by linear probing in a
/// table kept at most half full. Lookups take any UTF-8 bytes (the inside of a reference, for
/// instance) without making a `String`. The seed is random (unless given), so
/// crafted keys cannot force collisions.
///
/// Keys are stored as bytes, end to end in one buffer, so comparing a probed key touches no
/// reference count and keys inserted together sit together in memory.
///
/// Positions are dense: the n-th key inserted has position n, which makes the table double as
/// the list of keys (`key(at:)`). Keys are never removed: a broken file is dropped before its
/// paths are indexed.
///
/// - Complexity: insertion and lookup O(1) expected, O(k) in the key's length.
package struct PathTable: Sendable {
    /// The UTF-8 bytes of every key, end to end, and where each key ends.
    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var ends: [Int] = []
    /// Per slot: 0 when empty, else the upper 32 bits of the key's hash and its position + 1.
    @usableFromInline var slots: [UInt64]
    @usableFromInline var mask: Int
    /// The seed of `hash(_:seed:)` for this table: hashes made with it elsewhere (by parsers,
    /// on other threads) can be handed to `insertAll(_:hashes:)`.
    package let seed: UInt64

    package init(minimumCapacity: Int = 0, seed: UInt64 = PathTable.randomSeed()) {
        let size = Self.slotCount(for: minimumCapacity)
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        self.seed = seed
        ends.reserveCapacity(minimumCapacity)
    }

    package static func randomSeed() -> UInt64 { UInt64.random(in: .min ... .max) | 1 }

    /// The hash of `key` under `seed`.
    @inlinable package static func hash(_ key: String, seed: UInt64) -> UInt64 {
        var key = key
        return key.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
    }

    package var count: Int { ends.count }

    /// A hash of the keys in order (their bytes and where each ends).
    package func contentHash(seed: UInt64) -> UInt64 {
        let text = bytes.withUnsafeBytes { Self.hash($0, seed: seed) }
        return ends.withUnsafeBytes { Self.hash($0, seed: text) }
    }

    /// Whether any key holds `byte`.
    package func containsByte(_ byte: UInt8) -> Bool { bytes.contains(byte) }

    /// The key at `position`.
    package func key(at position: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(of: position)]), as: UTF8.self) }
    }

    /// Every key, by position.
    package var keys: [String] { (0..<count).map(key(at:)) }

    private func range(of position: Int) -> Range<Int> {
        (position == 0 ? 0 : ends[position - 1])..<ends[position]
    }

    private static func slotCount(for capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        return size
    }

    /// The position of `key`, if present.
    @inlinable package subscript(key: String) -> Int? {
        var key = key
        return key.withUTF8 { position(of: UnsafeRawBufferPointer($0)) }
    }

    /// Adds `key` at the end unless present; returns its position either way.
    @discardableResult
    package mutating func insert(_ key: String) -> (inserted: Bool, position: Int) {
        var key = key
        return key.withUTF8 { insert(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Adds the key with these UTF-8 bytes at the end unless present; returns its position
    /// either way.
    @discardableResult
    package mutating func insert(bytes key: UnsafeRawBufferPointer) -> (inserted: Bool, position: Int) {
        let hash = Self.hash(key, seed: seed)
        if let found = find(key, hash: hash).position { return (false, found) }
        if (count + 1) * 2 > slots.count { grow() }
        let position = count
        bytes.append(contentsOf: key)
        ends.append(bytes.count)
        place(hash: hash, position: position)
        return (true, position)
    }

    /// Keys to insert together: their UTF-8 bytes end to end, where each ends and, when known,
    /// their hashes under the table's seed. Parsers build batches as they meet the keys, so
    /// indexing them touches no `String`.
    package struct KeyBatch: Sendable {
        package var bytes: [UInt8] = []
        package var ends: [Int] = []
        package var hashes: [UInt64]?

        package init(hashed: Bool) { hashes = hashed ? [] : nil }

        package init(_ keys: [String], seed: UInt64?) {
            self.init(hashed: seed != nil)
            for key in keys { append(key, seed: seed) }
        }

        package var count: Int { ends.count }

        package mutating func append(_ key: String, seed: UInt64?) {
            var key = key
            key.withUTF8 { utf8 in
                bytes.append(contentsOf: utf8)
                if let seed { hashes!.append(PathTable.hash(UnsafeRawBufferPointer(utf8), seed: seed)) }
            }
            ends.append(bytes.count)
        }

        /// Appends keys `range` of `other`.
        package mutating func append(_ other: KeyBatch, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let start = range.lowerBound == 0 ? 0 : other.ends[range.lowerBound - 1]
            let shift = bytes.count - start
            bytes.append(contentsOf: other.bytes[start..<other.ends[range.upperBound - 1]])
            ends.append(contentsOf: other.ends[range].lazy.map { $0 + shift })
            if hashes != nil { hashes!.append(contentsOf: other.hashes![range]) }
        }

        package func withKey<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
            bytes.withUnsafeBytes { all in
                body(UnsafeRawBufferPointer(rebasing: all[(index == 0 ? 0 : ends[index - 1])..<ends[index]]))
            }
        }
    }

    /// Inserts the keys of `batch` as if one after the other; returns the position of each.
    ///
    /// A key already present (or repeated within the batch) gets the earlier position; new keys
    /// get consecutive positions in their order. Keys are placed in the order of their slots,
    /// so the table is walked front to back instead of at random.
    ///
    /// - Complexity: O(n) expected for n keys.
    package mutating func insertAll(_ batch: KeyBatch) -> [Int] {
        let size = batch.count
        let base = count
        if (base + size) * 2 > slots.count { rebuild(slotCount: Self.slotCount(for: base + size)) }
        let hashes = batch.hashes ?? (0..<size).map { index in batch.withKey(index) { Self.hash($0, seed: seed) } }
        let order = slotOrder(of: hashes)
        // Place each key found absent under a provisional position (base + its index).
        var positions = [Int](repeating: 0, count: size)
        var placedAt = [Int](repeating: -1, count: size)
        var anyPresent = false
        for index in order {
            let index = Int(index)
            let tag = hashes[index] >> 32
            var slot = Int(truncatingIfNeeded: hashes[index]) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 {
                    slots[slot] = tag << 32 | UInt64(base + index + 1)
                    placedAt[index] = slot
                    positions[index] = base + index
                    break
                }
                if entry >> 32 == tag {
                    let position = Int(entry & 0xFFFF_FFFF) - 1
                    let same = batch.withKey(index) { key in
                        position < base ? equal(position, key) : batch.withKey(position - base) { $0.elementsEqual(key) }
                    }
                    if same {
                        positions[index] = position
                        anyPresent = true
                        break
                    }
                }
                slot = (slot + 1) & mask
            }
        }
        guard anyPresent else {
            let shift = bytes.count
            bytes.append(contentsOf: batch.bytes)
            ends.append(contentsOf: batch.ends.lazy.map { $0 + shift })
            return positions
        }
        // New keys close ranks; repeats take the final position of their first occurrence,
        // which comes earlier in the batch.
        var next = base
        for index in 0..<size {
            if placedAt[index] >= 0 {
                if next != base + index {
                    slots[placedAt[index]] = (slots[placedAt[index]] >> 32) << 32 | UInt64(next + 1)
                }
                positions[index] = next
                next += 1
                batch.withKey(index) { bytes.append(contentsOf: $0) }
                ends.append(bytes.count)
            } else if positions[index] >= base {
                positions[index] = positions[positions[index] - base]
            }
        }
        return positions
    }

    /// Inserts `keys` as if one after the other; returns the position of each.
    package mutating func insertAll(_ keys: [String]) -> [Int] {
        keys.count < 64 ? keys.map { insert($0).position } : insertAll(KeyBatch(keys, seed: seed))
    }

    /// The indices of `hashes` ordered by home slot (a stable counting sort on the slot's top
    /// bits, which is all the locality needs).
    private func slotOrder(of hashes: [UInt64]) -> [Int32] {
        let slotBits = Int.bitWidth - mask.leadingZeroBitCount
        let bucketBits = min(12, slotBits, Int.bitWidth - hashes.count.leadingZeroBitCount)
        let shift = slotBits - bucketBits
        var starts = [Int](repeating: 0, count: (1 << bucketBits) + 1)
        for hash in hashes { starts[(Int(truncatingIfNeeded: hash) & mask) >> shift + 1] += 1 }
        for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
        var order = [Int32](repeating: 0, count: hashes.count)
        for (index, hash) in hashes.enumerated() {
            let bucket = (Int(truncatingIfNeeded: hash) & mask) >> shift
            order[starts[bucket]] = Int32(index)
            starts[bucket] += 1
        }
        return order
    }

    private func equal(_ position: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        bytes.withUnsafeBytes { stored in
            let range = range(of: position)
            return range.count == key.count
                && (key.isEmpty || memcmp(stored.baseAddress! + range.lowerBound, key.baseAddress!, key.count) == 0)
        }
    }

    package mutating func reserveCapacity(_ capacity: Int) {
        ends.reserveCapacity(capacity)
        if Self.slotCount(for: capacity) > slots.count { rebuild(slotCount: Self.slotCount(for: capacity)) }
    }

    // MARK: Table

    /// The position of the key with these UTF-8 bytes, if present.
    @inlinable package func position(of bytes: UnsafeRawBufferPointer) -> Int? {
        find(bytes, hash: Self.hash(bytes, seed: seed)).position
    }

    /// The position of the key with these bytes, whose hash under this table's seed is known.
    @inlinable package func position(of bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        find(bytes, hash: hash).position
    }

    /// The slot holding `bytes`, or the empty slot where it would go.
    @inlinable func find(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> (slot: Int, position: Int?) {
        withLookup { $0.find(bytes, hash: hash) }
    }

    /// The table read through pointers to its arrays, valid inside `withLookup(_:)` only.
    /// Looking a key up in it retains nothing, where a lookup in the table itself retains its
    /// arrays: threads looking up paths in one shared table at once would contend for their
    /// reference counts.
    package struct Lookup {
        @usableFromInline let slots: UnsafeBufferPointer<UInt64>
        @usableFromInline let ends: UnsafeBufferPointer<Int>
        @usableFromInline let bytes: UnsafeRawBufferPointer
        @usableFromInline let mask: Int
        /// The table's seed.
        package let seed: UInt64

        @inlinable init(slots: UnsafeBufferPointer<UInt64>, ends: UnsafeBufferPointer<Int>, bytes: UnsafeRawBufferPointer,
            mask: Int, seed: UInt64)
        {
            self.slots = slots
            self.ends = ends
            self.bytes = bytes
            self.mask = mask
            self.seed = seed
        }

        /// The position of the key with these bytes, whose hash under the table's seed is known.
        @inlinable package func position(of key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
            find(key, hash: hash).position
        }

        /// The slot holding `key`, or the empty slot where it would go.
        @inlinable func find(_ key: UnsafeRawBufferPointer, hash: UInt64) -> (slot: Int, position: Int?) {
            let tag = hash >> 32
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return (slot, nil) }
                if entry >> 32 == tag {
                    let position = Int(entry & 0xFFFF_FFFF) - 1
                    let start = position == 0 ? 0 : ends[position - 1]
                    if ends[position] - start == key.count,
                        key.isEmpty || memcmp(bytes.baseAddress! + start, key.baseAddress!, key.count) == 0
                    {
                        return (slot, position)
                    }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Calls `body` with the table read through pointers (`Lookup`), which must not escape it.
    @inlinable package func withLookup<R>(_ body: (Lookup) throws -> R) rethrows -> R {
        try slots.withUnsafeBufferPointer { slots in
            try ends.withUnsafeBufferPointer { ends in
                try bytes.withUnsafeBytes { bytes in
                    try body(Lookup(slots: slots, ends: ends, bytes: bytes, mask: mask, seed: seed))
                }
            }
        }
    }

    /// Calls `body` with each of `tables` read through pointers, in order.
    package static func withLookups<R>(_ tables: [PathTable], _ body: ([Lookup]) throws -> R) rethrows -> R {
        var lookups: [Lookup] = []
        lookups.reserveCapacity(tables.count)
        func next(_ index: Int) throws -> R {
            guard index < tables.count else { return try body(lookups) }
            return try tables[index].withLookup { lookup in
                lookups.append(lookup)
                return try next(index + 1)
            }
        }
        return try next(0)
    }

    private mutating func place(hash: UInt64, position: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash >> 32) << 32 | UInt64(position + 1)
    }

    private mutating func grow() { rebuild(slotCount: slots.count * 2) }

    private mutating func rebuild(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        mask = slotCount - 1
        for position in 0..<count {
            let hash = bytes.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer(rebasing: $0[range(of: position)]), seed: seed) }
            place(hash: hash, position: position)
        }
    }

    // MARK: Hash

    @usableFromInline static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    @usableFromInline static let secondMultiplier: UInt64 = 0xBF58_476D_1CE4_E5B9

    @inlinable @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// A seeded 64-bit hash of `bytes`: eight bytes at a time, each folded through a 128-bit
    /// product.
    @inlinable package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var state = seed ^ (UInt64(bytes.count) &* multiplier)
        var offset = 0
        let count = bytes.count
        while offset + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            state = fold(state ^ word, multiplier)
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                word |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            state = fold(state ^ word, secondMultiplier)
        }
        return fold(state, multiplier ^ seed)
    }
}
