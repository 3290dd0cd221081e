import Foundation
import Tessera

/// Reads several files of one format into one system: each file loaded (or given) before
/// anything is built, so that identities across files (Figma's variable ids, collection names)
/// are known when the layers are made.
package protocol FileSetReader {
    init(options: PipelineOptions)
    /// Reads the file at `path`, reporting what keeps it from being read.
    mutating func load(_ path: String)
    /// Adds a file already read.
    mutating func add(_ file: SourceFile)
    /// Says that a file beside the format's files is not read (by default, nothing).
    mutating func skip(_ path: String)
    /// The system the files make.
    mutating func read() -> ResolverDocument
}

extension FileSetReader {
    package mutating func skip(_ path: String) {}
}

/// An importer of systems whose files are read together by a `FileSetReader` (Figma's own
/// export, a file per collection and mode): one file, a folder of them, or several files and
/// folders, all one system. It says which files of a folder it reads; the rest is shared.
package protocol FileSetImporter: SystemImporter {
    associatedtype Reader: FileSetReader
    /// The files of this format under the folder `path`, in the order they are read, and the
    /// files beside them that are named as not read; nil when `path` is not such a folder.
    func files(in path: String) -> (read: [String], skipped: [String])?
}

extension FileSetImporter {
    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        var reader = Reader(options: options)
        reader.add(file)
        return TokenSystem(reader.read(), options: options)
    }

    package func system(at path: String, options: PipelineOptions) -> TokenSystem {
        system(combining: [path], options: options)
    }

    /// Files and folders read together, so that aliases from one file or folder to another are
    /// aliases.
    package var combinesFiles: Bool { true }

    package func system(combining paths: [String], options: PipelineOptions) -> TokenSystem {
        var reader = Reader(options: options)
        for path in paths {
            if let files = files(in: path) {
                for file in files.read { reader.load(file) }
                for skipped in files.skipped { reader.skip(skipped) }
            } else {
                reader.load(path)
            }
        }
        return TokenSystem(reader.read(), options: options)
    }
}

/// The `.json` files under a folder, each with its first 4 KB (what recognition reads), in
/// code-point order of their paths, hidden files and folders left out: the one scan of a
/// folder that the importers of folders of files (Figma's own export, a file per collection
/// and mode) sort files from. Nil when `path` is not a folder.
package func jsonFileHeads(in path: String) -> [SourceFile]? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
        let enumerator = FileManager.default.enumerator(atPath: path)
    else { return nil }
    var found: [SourceFile] = []
    while let relative = enumerator.nextObject() as? String {
        if (relative as NSString).lastPathComponent.hasPrefix(".") {
            enumerator.skipDescendants()
            continue
        }
        guard relative.lowercased().hasSuffix(".json") else { continue }
        let full = (path as NSString).appendingPathComponent(relative)
        guard let head = ImporterRegistry.head(of: full) else { continue }
        found.append(SourceFile(path: full, bytes: head))
    }
    return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
}
