import Foundation
import Tessera

/// What a build read and wrote, so that the next build can tell in milliseconds that nothing
/// changed: the configuration's fingerprint, each input file's content hash, each source
/// folder's listing, and each output's size.
struct BuildState: Codable {
    struct Input: Codable, Equatable {
        let path: String
        let hash: UInt64
    }

    struct Folder: Codable, Equatable {
        let path: String
        let listing: [String]
    }

    struct Output: Codable, Equatable {
        let path: String
        let size: Int
    }

    let fingerprint: UInt64
    let inputs: [Input]
    let folders: [Folder]
    let outputs: [Output]

    static func read(_ path: String) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(BuildState.self, from: data)
    }

    func write(_ path: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: data)
    }

    /// Whether the outputs are still what this state's inputs make.
    func isCurrent(fingerprint: UInt64) -> Bool {
        guard fingerprint == self.fingerprint, !outputs.isEmpty else { return false }
        for output in outputs {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: output.path),
                (attributes[.size] as? NSNumber)?.intValue == output.size
            else { return false }
        }
        for folder in folders where Self.listing(folder.path) != folder.listing { return false }
        for input in inputs where Self.hash(file: input.path) != input.hash { return false }
        return true
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Every file under a folder, sorted.
    static func listing(_ folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).sorted()
    }

    static func hash(file path: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { hash($0, seed: 0) }
    }

    static func hash(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        bytes.withUnsafeBytes { hash($0, seed: seed) }
    }

    /// A 64-bit hash of bytes, eight at a time (not cryptographic: it tells whether a file changed).
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var state = seed ^ 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            state = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 29
        }
        var tail: UInt64 = 0
        for index in (words * 8)..<bytes.count { tail = (tail << 8) | UInt64(bytes[index]) }
        state = (state ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return state ^ (state >> 32)
    }
}
