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

    /// A `.json` file of Style Dictionary's own format: tokens written with `value` (no
    /// `$value`) and no type only Tokens Studio writes (`classicEvidence(_:)`).
    package func recognizes(_ file: SourceFile) -> Recognition {
        let lower = file.path.lowercased()
        guard lower.hasSuffix(".json") || lower.hasSuffix(".json5") || lower.hasSuffix(".jsonc") else { return .no }
        return Self.classicEvidence(file.bytes) || StyleDictionaryConfig.isConfig(file.bytes) ? .certain : .no
    }

    package func reason(for file: SourceFile) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            guard let found = Self.evidence(in: file.path) else { return nil }
            return found.classic
                ? "tokens in \(found.file) are written with \"value\" and no \"$value\", as Style Dictionary's own format writes them"
                : "a token in \(found.file) has properties of its own beside \"$value\", as Style Dictionary's tokens do (DTCG allows none)"
        }
        if StyleDictionaryConfig.isConfig(file.bytes) {
            return "a Style Dictionary configuration: \"platforms\" beside \"source\" or \"include\", whose globs name the token files"
        }
        guard Self.classicEvidence(file.bytes) else { return nil }
        return "tokens written with \"value\" and no \"$value\", and no type only Tokens Studio writes: Style Dictionary's own format"
    }

    /// Whether these bytes (a file's first 4 KB) are a Style Dictionary configuration, whose
    /// `source` and `include` name the token files.
    package static func isConfiguration(_ bytes: [UInt8]) -> Bool { StyleDictionaryConfig.isConfig(bytes) }

    /// The first file under `folder` (at most `filesLookedAt`, in path order) whose first 4 KB
    /// show Style Dictionary's own format or a token with a property of its own; nil when none
    /// does.
    static func evidence(in folder: String) -> (file: String, classic: Bool)? {
        for relative in TokensStudioReader.setFiles(in: folder, extensions: TokensStudioReader.styleDictionaryExtensions).prefix(filesLookedAt) {
            let path = (folder as NSString).appendingPathComponent(relative)
            guard let head = ImporterRegistry.head(of: path) else { continue }
            if classicEvidence(head) { return (relative, true) }
            if hasOwnProperty(head) { return (relative, false) }
        }
        return nil
    }

    /// Whether the first 4 KB of a file hold Style Dictionary's own format: a member named
    /// `value`, none named `$value`, no Tokens Studio `$themes`/`$metadata`, none of the keys of
    /// a resolver, Figma's variables or a Gentle spec, and either no `type` at all (Style
    /// Dictionary 3 types a token by its category) or a type only Style Dictionary's transforms
    /// match (`fontSize`, `time`). Tokens typed with names both tools write (`color`,
    /// `typography`) are left to Tokens Studio, whose reading of them is the richer.
    static func classicEvidence(_ bytes: [UInt8]) -> Bool {
        let head = SourceFile(path: "", bytes: Array(bytes.prefix(4096)))
        guard hasMember("value", in: head.bytes), !hasMember("$value", in: head.bytes) else { return false }
        if TokensStudioImporter.strongerEvidence.contains(where: { head.headHasKey($0) }) { return false }
        if head.headHasKey("$themes", followedBy: UInt8(ascii: "[")) || TokensStudioImporter.hasStudioMetadata(head) { return false }
        guard !TokensStudioImporter.headHasStudioType(head) else { return false }
        // Typed tokens whose types both tools write (`color`, `typography`) are Tokens Studio's.
        return !hasMember("type", in: head.bytes)
            || TokensStudioImporter.writtenTypes(in: String(decoding: head.bytes, as: UTF8.self), key: "type").contains(where: styleDictionaryOnlyTypes.contains)
    }

    /// Type names Style Dictionary's transforms match that Tokens Studio never writes.
    static let styleDictionaryOnlyTypes: Set<String> = ["fontSize", "time", "content", "html", "fontStyle", "lineHeight"]

    /// Whether `"name"` is written as a member's key (followed by a colon) in `bytes`.
    static func hasMember(_ name: String, in bytes: [UInt8]) -> Bool {
        let quoted = Array("\"\(name)\"".utf8)
        guard bytes.count >= quoted.count else { return false }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        for start in 0...(bytes.count - quoted.count) where bytes[start..<start + quoted.count].elementsEqual(quoted) {
            if bytes[(start + quoted.count)...].drop(while: isSpace).first == UInt8(ascii: ":") { return true }
        }
        return false
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
        if StyleDictionaryConfig.isConfig(file.bytes) {
            let config = StyleDictionaryConfig(file)
            guard !config.files.isEmpty else { return TokenSystem(unreadable: file.path, diagnostics: config.diagnostics, options: options) }
            var reader = TokensStudioReader(options: options, flavor: .styleDictionary)
            return TokenSystem(reader.read(paths: config.files), options: options).noting(config.diagnostics)
        }
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

    /// Files, folders (their `.json` files in path order) and configurations (the files their
    /// globs name) read together, in the order given.
    package func system(combining paths: [String], options: PipelineOptions) -> TokenSystem {
        var files: [String] = []
        var notes: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                files += TokensStudioReader.setFiles(in: path, extensions: TokensStudioReader.styleDictionaryExtensions)
                    .map { (path as NSString).appendingPathComponent($0) }
            } else if let head = ImporterRegistry.head(of: path), StyleDictionaryConfig.isConfig(head),
                let file = TokenFileLoader.read(path, options: options, diagnostics: &notes)
            {
                let config = StyleDictionaryConfig(file)
                files += config.files
                notes += config.diagnostics
            } else {
                files.append(path)
            }
        }
        var seen: Set<String> = []
        files = files.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
        var reader = TokensStudioReader(options: options, flavor: .styleDictionary)
        return TokenSystem(reader.read(paths: files), options: options).noting(notes)
    }
}
