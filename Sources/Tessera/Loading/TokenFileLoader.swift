import Foundation

/// Finds and reads token files: the files named, and in directories (searched recursively, in
/// byte order of their paths) the files a layer importer recognizes by name — by default
/// `.tokens`, `.tokens.json`, `.json` and `.jsonc`, but not `*.resolver.json`.
public enum TokenFileLoader {
    /// `path` as every reader of paths can take it: the current folder, `.`, as `./`
    /// (Foundation's path functions fail on a lone `.` on Linux).
    package static func usablePath(_ path: String) -> String {
        path == "." ? "./" : path
    }

    /// A token file's name without its folder and `.json` or `.tokens.json` (`semantic/dark.tokens.json`
    /// → `dark`); `tokens` when nothing is left.
    package static func baseName(of path: String) -> String {
        var name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if name.lowercased().hasSuffix(".tokens") { name = (name as NSString).deletingPathExtension }
        return name.isEmpty ? "tokens" : name
    }

    /// The files named by `paths`, directories expanded; problems go to `diagnostics`.
    public static func files(
        at paths: [String], importers: ImporterRegistry = .dtcg, maximumFileSize: Int = maximumFileSize,
        overlays: SourceOverlays = SourceOverlays(), diagnostics: inout [Diagnostic]
    ) -> [SourceFile] {
        var files: [SourceFile] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            if let overlay = overlays[path] {
                files.append(overlay)
                continue
            }
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.append(Diagnostic(.noSuchFile(path),
                    at: SourceLocation(file: path, line: 0, column: 0)))
                continue
            }
            if isDirectory.boolValue {
                let found = tokenFiles(in: path, importers: importers)
                if found.isEmpty {
                    diagnostics.append(Diagnostic(.noTokenFiles(inDirectory: path),
                        at: SourceLocation(file: path, line: 0, column: 0)))
                }
                for file in found {
                    if let source = overlays[file] ?? read(file, maximum: maximumFileSize, diagnostics: &diagnostics) { files.append(source) }
                }
            } else if let source = read(path, maximum: maximumFileSize, diagnostics: &diagnostics) {
                files.append(source)
            }
        }
        return files
    }

    package static func tokenFiles(in directory: String, importers: ImporterRegistry) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { continue }
            // A system (a resolver, an asset catalog folder) is read on its own, not merged.
            if importers.importer(forFileName: name) is any SystemImporter {
                enumerator.skipDescendants()
                continue
            }
            if importers.mergesFile(named: name) {
                let full = (directory as NSString).appendingPathComponent(relative)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                    found.append(full)
                }
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The largest file read by default, 256 MiB (the 200,000-token benchmark set is 20 MB in
    /// all); `PipelineOptions.Limits.fileSize` sets another. A larger file, or a device that
    /// never ends such as `/dev/zero`, is refused with `file.too-large` before it fills the
    /// memory.
    public static let maximumFileSize = 256 << 20

    /// The file at `path` as `options` have it: its overlay, else read from disk up to the
    /// options' file size limit.
    package static func read(_ path: String, options: PipelineOptions, diagnostics: inout [Diagnostic]) -> SourceFile? {
        options.overlays[path] ?? read(path, maximum: options.limits.fileSize, diagnostics: &diagnostics)
    }

    package static func read(_ path: String, maximum: Int = maximumFileSize, diagnostics: inout [Diagnostic]) -> SourceFile? {
        switch readBytes(path, limit: maximum) {
        case .bytes(let bytes):
            return SourceFile(path: path, bytes: bytes)
        case .tooLarge:
            diagnostics.append(Diagnostic(.fileTooLarge(path, limit: maximum), at: SourceLocation(file: path, line: 0, column: 0)))
        case .unreadable:
            diagnostics.append(Diagnostic(.unreadableFile(path), at: SourceLocation(file: path, line: 0, column: 0)))
        }
        return nil
    }

    enum Read {
        case bytes([UInt8])
        case tooLarge
        case unreadable
    }

    /// The bytes of a file, read straight into one array (no intermediate `Data` copy), up to
    /// `limit` bytes.
    static func readBytes(_ path: String, limit: Int = maximumFileSize) -> Read {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .unreadable }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0 else { return .unreadable }
        guard status.st_size <= limit else { return .tooLarge }
        let size = Int(status.st_size)
        // At least one byte of capacity: an array made with none would write its count into the
        // empty array every thread shares.
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, count in
            count = 0
            while count < size {
                let read = Foundation.read(descriptor, buffer.baseAddress! + count, size - count)
                if read <= 0 { break }
                count += read
            }
        }
        // Anything past the size seen (a file still being written), or the error that stopped us.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if read < 0 { return .unreadable }
            if read == 0 { break }
            guard bytes.count + read <= limit else { return .tooLarge }
            bytes.append(contentsOf: chunk[..<read])
        }
        return .bytes(bytes)
    }
}
