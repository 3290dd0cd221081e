import Foundation
import Tessera
import TesseraGenerate
import TesseraQuality

/// What a build read and wrote, so that the next build can tell in milliseconds that nothing
/// changed: the configuration's fingerprint, each input file's content hash, each source
/// folder's listing, and each output's size.
struct BuildState {
    struct Input: Equatable {
        let path: String
        let hash: UInt64
    }

    struct Folder: Equatable {
        let path: String
        let listing: [String]
    }

    struct Output: Equatable {
        let path: String
        let size: Int
    }

    let fingerprint: UInt64
    let inputs: [Input]
    let folders: [Folder]
    let outputs: [Output]
    /// The asset catalogs written.
    let catalogs: [String]

    /// The state file: a version line, the fingerprint, then one line per input (`i HASH PATH`),
    /// source folder listing entry (`f FOLDER` then `l NAME`…), output (`o SIZE PATH`) and
    /// catalog (`c PATH`). Text, so that reading it is quick and it can be looked at.
    ///
    /// The files inside catalogs are kept in a second file (`PATH.catalogs`, same `o` lines), read
    /// only with `catalogFiles`, so that a build with nothing to do reads a few lines.
    static func read(_ path: String) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == "tessera-build-state 1", let fingerprint = UInt64(lines[1]) else { return nil }
        var inputs: [Input] = []
        var folders: [Folder] = []
        var outputs: [Output] = []
        var catalogs: [String] = []
        for line in lines.dropFirst(2) where line.count > 2 {
            let body = line.dropFirst(2)
            switch line.first {
            case "i":
                guard let space = body.firstIndex(of: " "), let hash = UInt64(body[..<space]) else { return nil }
                inputs.append(Input(path: String(body[body.index(after: space)...]), hash: hash))
            case "f": folders.append(Folder(path: String(body), listing: []))
            case "l":
                guard !folders.isEmpty else { return nil }
                folders[folders.count - 1] = Folder(path: folders[folders.count - 1].path, listing: folders[folders.count - 1].listing + [String(body)])
            case "o":
                guard let space = body.firstIndex(of: " "), let size = Int(body[..<space]) else { return nil }
                outputs.append(Output(path: String(body[body.index(after: space)...]), size: size))
            case "c": catalogs.append(String(body))
            default: return nil
            }
        }
        return BuildState(fingerprint: fingerprint, inputs: inputs, folders: folders, outputs: outputs, catalogs: catalogs)
    }

    /// The outputs inside catalogs that the state at `path` recorded (its `PATH.catalogs` file).
    static func catalogOutputs(_ path: String) -> [Output] {
        guard let data = FileManager.default.contents(atPath: path + ".catalogs") else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("o "), let space = line.dropFirst(2).firstIndex(of: " "),
                let size = Int(line.dropFirst(2)[..<space]) else { return nil }
            return Output(path: String(line[line.index(after: space)...]), size: size)
        }
    }

    func write(_ path: String) {
        var text = "tessera-build-state 1\n\(fingerprint)\n"
        for input in inputs { text += "i \(input.hash) \(input.path)\n" }
        for folder in folders {
            text += "f \(folder.path)\n"
            for name in folder.listing { text += "l \(name)\n" }
        }
        var inCatalogs = ""
        for output in outputs {
            if catalogs.contains(where: { output.path.hasPrefix($0 + "/") }) {
                inCatalogs += "o \(output.size) \(output.path)\n"
            } else {
                text += "o \(output.size) \(output.path)\n"
            }
        }
        for catalog in catalogs { text += "c \(catalog)\n" }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path + ".catalogs", contents: Data(inCatalogs.utf8))
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// Whether the outputs are still what this state's inputs make: the same configuration,
    /// every input's bytes, every source folder's files, every output file's size, and each
    /// catalog's own `Contents.json` (the color sets inside are not looked at one by one).
    func isCurrent(fingerprint: UInt64, folders listed: [Folder]) -> Bool {
        guard fingerprint == self.fingerprint, !outputs.isEmpty || !catalogs.isEmpty else { return false }
        for output in outputs where !catalogs.contains(where: { output.path.hasPrefix($0 + "/") }) {
            var status = stat()
            guard stat(output.path, &status) == 0, Int(status.st_size) == output.size else { return false }
        }
        for catalog in catalogs where access(catalog + "/Contents.json", F_OK) != 0 { return false }
        guard listed == folders else { return false }
        for input in inputs where Self.hash(file: input.path) != input.hash { return false }
        return true
    }

    /// Every file under a folder, sorted.
    static func listing(_ folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).sorted()
    }

    static func hash(file path: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { ContentHash.of($0) }
    }
}
