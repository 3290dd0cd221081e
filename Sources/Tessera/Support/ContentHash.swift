/// A seeded 64-bit hash of bytes, the one the path table uses: for telling whether contents
/// changed (not cryptographic).
package enum ContentHash {
    package static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        PathTable.hash(bytes, seed: seed)
    }

    package static func of(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { PathTable.hash($0, seed: seed) }
    }
}
