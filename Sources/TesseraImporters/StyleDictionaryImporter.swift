import Foundation
import Tessera

/// Token folders written for Style Dictionary (`$value`/`$type` as in DTCG, or `value`/`type`),
/// read as Style Dictionary reads them: every `.json` file under the folder, merged in path
/// order (a later file's token wins, as Style Dictionary's `include` then `source` order
/// does), with the values Style Dictionary passes through kept as written.
///
/// Style Dictionary is lenient where DTCG is strict: a token object may carry properties of
/// its own (`source`, `actions`, `modify`: kept under `$extensions["style-dictionary"]`), a
/// value its transforms do not match (`transparent`, `inherit`, `calc(…)`, a CSS shadow) is
/// output as written, a token may have no type or one of the project's own, and names may hold
/// dots. Tessera keeps each such value as text, with a located warning that says why it could
/// not read it as its type; nothing is left out.
///
/// A folder is recognized by its content: a token object (`"$value"`) with a property that is
/// neither a `$` property nor a child object, which DTCG does not allow and Style Dictionary
/// reads as the token's own data. Any file or folder can be read this way with
/// `--source-format style-dictionary`.
package struct StyleDictionaryImporter: SystemImporter {
    package init() {}

    package var name: String { "style-dictionary" }

    /// How many files of a folder are looked at for the evidence, each its first 4 KB.
    static let filesLookedAt = 64

    /// A folder (not Tokens Studio's) with a token that carries Style Dictionary's own
    /// properties.
    package func recognizes(fileName: String) -> Recognition {
        let lower = fileName.lowercased()
        guard !lower.hasSuffix(".json"), !lower.hasSuffix(".jsonc"), !lower.hasSuffix(".tokens"), TokensStudioImporter.folder(of: fileName) == nil
        else { return .no }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileName, isDirectory: &isDirectory), isDirectory.boolValue else { return .no }
        return Self.evidence(in: fileName) != nil ? .certain : .no
    }

    /// A file is read this way only when asked (`--source-format style-dictionary`).
    package func recognizes(_ file: SourceFile) -> Recognition { .no }

    package func reason(for file: SourceFile) -> String? {
        guard let found = Self.evidence(in: file.path) else { return nil }
        return "a token in \(found) has properties of its own beside \"$value\", as Style Dictionary's tokens do (DTCG allows none)"
    }

    /// The first file under `folder` (at most `filesLookedAt`, in path order) whose first 4 KB
    /// show a token with a property of its own; nil when none does.
    static func evidence(in folder: String) -> String? {
        for relative in TokensStudioReader.setFiles(in: folder).prefix(filesLookedAt) {
            let path = (folder as NSString).appendingPathComponent(relative)
            guard let head = ImporterRegistry.head(of: path), hasOwnProperty(head) else { continue }
            return relative
        }
        return nil
    }

    /// Whether an object in `bytes` has a `"$value"` member and a member whose name does not
    /// start with `$` and whose value is not an object (`"source": "$white"`, `"modify": [`).
    /// Strings are followed (escapes included); a cut-off end is no evidence.
    static func hasOwnProperty(_ bytes: [UInt8]) -> Bool {
        struct Frame { var hasValue = false, hasOwn = false, isObject: Bool }
        var stack: [Frame] = []
        var index = 0
        var lastKey: [UInt8]?
        var expectingKey = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(Frame(isObject: true))
                expectingKey = true
                lastKey = nil
            case UInt8(ascii: "["):
                if let key = lastKey, !key.starts(with: [UInt8(ascii: "$")]), stack.last?.isObject == true { stack[stack.count - 1].hasOwn = true }
                stack.append(Frame(isObject: false))
                lastKey = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let frame = stack.popLast(), frame.isObject, frame.hasValue, frame.hasOwn { return true }
                lastKey = nil
            case UInt8(ascii: ","):
                expectingKey = stack.last?.isObject == true
                lastKey = nil
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                guard end < bytes.count else { return false }
                let text = Array(bytes[(index + 1)..<end])
                if expectingKey {
                    lastKey = text
                    if text == Array("$value".utf8), !stack.isEmpty { stack[stack.count - 1].hasValue = true }
                    expectingKey = false
                } else if let key = lastKey, !key.starts(with: [UInt8(ascii: "$")]), stack.last?.isObject == true {
                    stack[stack.count - 1].hasOwn = true
                    lastKey = nil
                }
                index = end
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                if let key = lastKey, !key.starts(with: [UInt8(ascii: "$")]), stack.last?.isObject == true {
                    stack[stack.count - 1].hasOwn = true
                }
                lastKey = nil
            default: break
            }
            index += 1
        }
        return false
    }

    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        var reader = TokensStudioReader(options: options, flavor: .styleDictionary)
        return TokenSystem(reader.read(file: file), options: options)
    }

    package func system(at path: String, options: PipelineOptions) -> TokenSystem {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            var reader = TokensStudioReader(options: options, flavor: .styleDictionary)
            return TokenSystem(reader.read(folder: path), options: options)
        }
        var diagnostics: [Diagnostic] = []
        guard let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics) else {
            return TokenSystem(unreadable: path, diagnostics: diagnostics, options: options)
        }
        return system(for: file, options: options)
    }

    package var combinesFiles: Bool { true }

    package func system(combining paths: [String], options: PipelineOptions) -> TokenSystem {
        var reader = TokensStudioReader(options: options, flavor: .styleDictionary)
        return TokenSystem(reader.read(paths: paths), options: options)
    }
}
