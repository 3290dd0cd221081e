import Foundation
import Tessera
import TesseraGenerate
import TesseraQuality

/// Writes generated files: every changed file first to a temporary file beside it, then all
/// renamed into place, so that a failure while writing leaves the previous outputs as they
/// were; a file whose bytes are already there is not touched. The work is spread over the
/// cores (a catalog is thousands of small files).
package enum OutputWriter {
    package struct Failure: Error, Sendable {
        package let path: String
        package let reason: String
    }

    /// Writes one file (absolute path) the same way: a temporary file renamed into place, its
    /// folder made when missing, nothing touched when the bytes are already there. Whether
    /// it was written.
    @discardableResult
    package static func write(_ bytes: [UInt8], at path: String) throws(Failure) -> Bool {
        !(try write([Build.File(path: path, bytes: bytes)]).written.isEmpty)
    }

    /// The paths written and the paths left as they were.
    static func write(_ files: [Build.File]) throws(Failure) -> (written: [String], unchanged: [String]) {
        let folders = Folders()
        let chunks = max(1, min(files.count / 256, ProcessInfo.processInfo.activeProcessorCount * 4))
        // Compare and stage: each changed file written beside its path under a temporary name.
        let staged = Parallel.map(chunks) { chunk -> Result<[(temporary: String?, path: String)], Failure> in
            var done: [(String?, String)] = []
            for index in stride(from: chunk, to: files.count, by: chunks) {
                let file = files[index]
                if same(file.bytes, asFileAt: file.path) {
                    done.append((nil, file.path))
                    continue
                }
                let folder = (file.path as NSString).deletingLastPathComponent
                guard folders.make(folder) else {
                    for case (let temporary?, _) in done { unlink(temporary) }
                    return .failure(Failure(path: file.path, reason: "its folder cannot be made (\(String(cString: strerror(errno))))"))
                }
                let temporary = folder + "/." + (file.path as NSString).lastPathComponent + ".tessera-\(getpid())"
                guard write(file.bytes, to: temporary) else {
                    let reason = String(cString: strerror(errno))
                    unlink(temporary)
                    for case (let temporary?, _) in done { unlink(temporary) }
                    return .failure(Failure(path: file.path, reason: reason))
                }
                done.append((temporary, file.path))
            }
            return .success(done)
        }
        var all: [(temporary: String?, path: String)] = []
        var failure: Failure?
        for result in staged {
            switch result {
            case .success(let done): all += done
            case .failure(let error): failure = failure ?? error
            }
        }
        if let failure {
            for case (let temporary?, _) in all { unlink(temporary) }
            throw failure
        }
        // Then every staged file into place.
        let changed = all.filter { $0.temporary != nil }
        for (index, (temporary, path)) in changed.enumerated() where rename(temporary!, path) != 0 {
            let reason = String(cString: strerror(errno))
            for (rest, _) in changed[index...] { unlink(rest!) }
            throw Failure(path: path, reason: reason)
        }
        return (changed.map(\.path), all.filter { $0.temporary == nil }.map(\.path))
    }

    /// Whether the file at `path` holds exactly `bytes`.
    static func same(_ bytes: [UInt8], asFileAt path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) == bytes.count else { return false }
        var existing = [UInt8](repeating: 0, count: bytes.count)
        var offset = 0
        while offset < bytes.count {
            let count = existing.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard count > 0 else { return false }
            offset += count
        }
        return existing == bytes
    }

    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// Folders made (or found) so far, shared by the writing tasks.
    final class Folders: @unchecked Sendable {
        private var made: Set<String> = []
        private let lock = NSLock()

        /// Makes a folder and its parents; true when it is there.
        func make(_ folder: String) -> Bool {
            lock.lock()
            let known = made.contains(folder)
            lock.unlock()
            if known { return true }
            if mkdir(folder, 0o755) != 0 {
                if errno == ENOENT {
                    let parent = (folder as NSString).deletingLastPathComponent
                    guard parent != folder, make(parent), mkdir(folder, 0o755) == 0 || errno == EEXIST else { return false }
                } else if errno != EEXIST {
                    return false
                }
            }
            lock.lock()
            made.insert(folder)
            lock.unlock()
            return true
        }
    }

    /// Removes a file an earlier build generated inside a catalog, and the folders it leaves
    /// empty but for their `Contents.json`, up to the catalog.
    static func removeGenerated(_ path: String, within catalogs: [String]) {
        guard let catalog = catalogs.first(where: { path.hasPrefix($0 + "/") }) else { return }
        unlink(path)
        var folder = (path as NSString).deletingLastPathComponent
        while folder.count > catalog.count, folder.hasPrefix(catalog + "/") {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard left.isEmpty || (left == ["Contents.json"] && folder.hasSuffix(".colorset")) else { break }
            if left == ["Contents.json"] { unlink(folder + "/Contents.json") }
            rmdir(folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
    }
}
