import Foundation

/// Writes generated files: every changed file first to a temporary file beside it, then all
/// renamed into place, so that a failure while writing leaves the previous outputs as they
/// were; a file whose bytes are already there is not touched.
enum OutputWriter {
    struct Failure: Error {
        let path: String
        let reason: String
    }

    /// The paths written and the paths left as they were.
    static func write(_ files: [Build.File]) throws(Failure) -> (written: [String], unchanged: [String]) {
        var changed: [Build.File] = []
        var unchanged: [String] = []
        for file in files {
            if let existing = FileManager.default.contents(atPath: file.path), existing.elementsEqual(file.bytes) {
                unchanged.append(file.path)
            } else {
                changed.append(file)
            }
        }
        var staged: [(temporary: String, path: String)] = []
        func discard() {
            for (temporary, _) in staged { unlink(temporary) }
        }
        var folders: Set<String> = []
        for file in changed {
            let folder = (file.path as NSString).deletingLastPathComponent
            if folders.insert(folder).inserted {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    discard()
                    throw Failure(path: file.path, reason: "its folder cannot be made (\(error.localizedDescription))")
                }
            }
            let temporary = folder + "/.\((file.path as NSString).lastPathComponent).tessera-\(getpid())"
            guard write(file.bytes, to: temporary) else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                discard()
                throw Failure(path: file.path, reason: reason)
            }
            staged.append((temporary, file.path))
        }
        for (index, (temporary, path)) in staged.enumerated() where rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            for (rest, _) in staged[index...] { unlink(rest) }
            throw Failure(path: path, reason: reason)
        }
        return (changed.map(\.path), unchanged)
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
