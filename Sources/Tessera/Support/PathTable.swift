import Foundation

/// An insertion-ordered set of strings (token and group paths, object keys) that gives each
/// its position, built for the loader's hot path.
///
/// Paths are hashed straight from their UTF-8 bytes with a seeded multiply-fold hash, several
/// times cheaper than `Hasher` for keys of this size, and looked up by linear probing in a
/// table kept at most half full. Lookups take any contiguous UTF-8 text (a `Substring` of a
/// reference, for instance) without making a `String`. The seed is random per table, so
/// crafted keys cannot force collisions.
///
/// Keys are stored as bytes, end to end in one buffer, so comparing a probed key touches no
/// reference count and keys inserted together sit together in memory.
///
/// Positions are dense: the n-th key inserted has position n, which makes the table double as
/// the list of keys (`key(at:)`). Keys are removed only newest first (`removeLast(_:)`), which is
/// what rolling back a broken file needs and what lets removal leave no tombstones.
///
/// - Complexity: insertion and lookup O(1) expected, O(k) in the key's length.
struct PathTable: Sendable {
    /// The UTF-8 bytes of every key, end to end, and where each key ends.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Per slot: 0 when empty, else the upper 32 bits of the key's hash and its position + 1.
    private var slots: [UInt64]
    private var mask: Int
    private let seed: UInt64

    init(minimumCapacity: Int = 0) {
        let size = Self.slotCount(for: minimumCapacity)
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        seed = UInt64.random(in: .min ... .max) | 1
        ends.reserveCapacity(minimumCapacity)
    }

    var count: Int { ends.count }
    var isEmpty: Bool { ends.isEmpty }

    /// The key at `position`.
    func key(at position: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(of: position)]), as: UTF8.self) }
    }

    /// Every key, by position.
    var keys: [String] { (0..<count).map(key(at:)) }

    private func range(of position: Int) -> Range<Int> {
        (position == 0 ? 0 : ends[position - 1])..<ends[position]
    }

    private static func slotCount(for capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        return size
    }

    /// The position of `key`, if present.
    subscript(key: String) -> Int? {
        var key = key
        return key.withUTF8 { position(of: UnsafeRawBufferPointer($0)) }
    }

    /// The position of `key`, if present; no `String` is made.
    subscript(key: Substring) -> Int? {
        var key = key
        return key.withUTF8 { position(of: UnsafeRawBufferPointer($0)) }
    }

    func contains(_ key: String) -> Bool { self[key] != nil }

    /// Adds `key` at the end unless present; returns its position either way.
    @discardableResult
    mutating func insert(_ key: String) -> (inserted: Bool, position: Int) {
        var key = key
        let (hash, found) = key.withUTF8 { bytes -> (UInt64, Int?) in
            let raw = UnsafeRawBufferPointer(bytes)
            let hash = Self.hash(raw, seed: seed)
            return (hash, find(raw, hash: hash).position)
        }
        if let found { return (false, found) }
        if (count + 1) * 2 > slots.count { grow() }
        let position = count
        bytes.append(contentsOf: key.utf8)
        ends.append(bytes.count)
        place(hash: hash, position: position)
        return (true, position)
    }

    /// Removes the last `count` keys inserted.
    ///
    /// Emptying their slots is enough: when the newest key was placed, its slot was free, so no
    /// older key's probe runs through it (a rebuild places keys oldest first, keeping that true).
    mutating func removeLast(_ count: Int) {
        guard count > 0 else { return }
        for position in (self.count - count..<self.count).reversed() {
            let slot = bytes.withUnsafeBytes { all in
                let key = UnsafeRawBufferPointer(rebasing: all[range(of: position)])
                return find(key, hash: Self.hash(key, seed: seed)).slot
            }
            slots[slot] = 0
        }
        ends.removeLast(count)
        bytes.removeSubrange((ends.last ?? 0)...)
    }

    mutating func reserveCapacity(_ capacity: Int) {
        ends.reserveCapacity(capacity)
        if Self.slotCount(for: capacity) > slots.count { rebuild(slotCount: Self.slotCount(for: capacity)) }
    }

    // MARK: Table

    private func position(of bytes: UnsafeRawBufferPointer) -> Int? {
        find(bytes, hash: Self.hash(bytes, seed: seed)).position
    }

    /// The slot holding `bytes`, or the empty slot where it would go.
    private func find(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> (slot: Int, position: Int?) {
        let tag = hash >> 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            self.bytes.withUnsafeBytes { stored in
                ends.withUnsafeBufferPointer { ends in
                    while true {
                        let entry = slots[slot]
                        if entry == 0 { return (slot, nil) }
                        if entry >> 32 == tag {
                            let position = Int(entry & 0xFFFF_FFFF) - 1
                            let start = position == 0 ? 0 : ends[position - 1]
                            if ends[position] - start == bytes.count,
                                bytes.isEmpty || memcmp(stored.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
                            {
                                return (slot, position)
                            }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
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

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let secondMultiplier: UInt64 = 0xBF58_476D_1CE4_E5B9

    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// A seeded 64-bit hash of `bytes`: eight bytes at a time, each folded through a 128-bit
    /// product.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
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
