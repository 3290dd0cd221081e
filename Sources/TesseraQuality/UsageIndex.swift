import Foundation
import Tessera
import TesseraGenerate

/// What an app's Swift sources name: member chains (`Tokens.color.text.primary`,
/// `.color.text.primary`) and string literals (`"color/text/primary"`), each with where it is
/// first written. Comments are skipped.
public struct UsageIndex: Sendable {
    /// The folders (or files) scanned.
    package let folders: [String]
    /// Every run of two or more consecutive names of a member chain, joined by `.`, and every
    /// single name, with its first place.
    private var chains: [String: SourceLocation] = [:]
    /// Every string literal's text, `{}` removed and `/` read as `.`, with its first place.
    private var strings: [String: SourceLocation] = [:]
    /// How many Swift files were read.
    package private(set) var fileCount = 0

    /// Reads every `.swift` file in `folders` (recursively; `.build` and hidden folders left out).
    package init(folders: [String]) {
        self.folders = folders
        for folder in folders {
            for path in Self.swiftFiles(in: folder) {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                fileCount += 1
                scan(Array(data), path: path)
            }
        }
    }

    /// Reads one source text (for tests).
    package init(source: String, path: String) {
        folders = [path]
        fileCount = 1
        scan(Array(source.utf8), path: path)
    }

    static func swiftFiles(in folder: String) -> [String] {
        if folder.hasSuffix(".swift") { return [folder] }
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let item = walker.nextObject() as? String {
            let name = (item as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            if item.hasSuffix(".swift") { files.append((folder as NSString).appendingPathComponent(item)) }
        }
        return files.sorted()
    }

    /// Where the app uses a token: its accessor chain or its path in a string.
    package func use(of token: GenerationContext.Token) -> SourceLocation? {
        if let place = strings[token.path] { return place }
        let accessor = token.names.map { OutputContext.swiftIdentifier([$0], casing: .lowerCamel) }.joined(separator: ".")
        return chains[accessor]
    }

    private mutating func record(chain names: [String], at place: SourceLocation) {
        for start in names.indices {
            var key = ""
            for end in start..<min(names.count, start + 12) {
                key += (end == start ? "" : ".") + names[end]
                if chains[key] == nil { chains[key] = place }
            }
        }
    }

    private mutating func scan(_ bytes: [UInt8], path: String) {
        var position = 0
        var line = 1
        var lineStart = 0
        var chain: [String] = []
        var chainPlace = SourceLocation(file: path, line: 1, column: 1)
        var expectingName = false
        func isNameStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80 }
        func isName(_ byte: UInt8) -> Bool { isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) }
        func flush() {
            if !chain.isEmpty { record(chain: chain, at: chainPlace) }
            chain = []
            expectingName = false
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = position + 1
                position += 1
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                position += 2
                var depth = 1
                while position < bytes.count && depth > 0 {
                    if bytes[position] == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = position + 1
                    }
                    if bytes[position] == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        position += 1
                    } else if bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                        depth += 1
                        position += 1
                    }
                    position += 1
                }
            case UInt8(ascii: "\""):
                flush()
                let place = SourceLocation(file: path, line: line, column: position - lineStart + 1)
                let multiline = position + 2 < bytes.count && bytes[position + 1] == UInt8(ascii: "\"") && bytes[position + 2] == UInt8(ascii: "\"")
                position += multiline ? 3 : 1
                var text: [UInt8] = []
                while position < bytes.count {
                    let current = bytes[position]
                    if current == UInt8(ascii: "\\") {
                        if position + 1 < bytes.count { text.append(bytes[position + 1]) }
                        position += 2
                        continue
                    }
                    if current == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = position + 1
                        if !multiline { break }
                    }
                    if current == UInt8(ascii: "\"") {
                        if !multiline { position += 1; break }
                        if position + 2 < bytes.count && bytes[position + 1] == UInt8(ascii: "\"") && bytes[position + 2] == UInt8(ascii: "\"") {
                            position += 3
                            break
                        }
                    }
                    text.append(current)
                    position += 1
                }
                if !multiline, text.count < 512 {
                    var value = String(decoding: text, as: UTF8.self)
                    if value.hasPrefix("{") && value.hasSuffix("}") { value = String(value.dropFirst().dropLast()) }
                    value = value.replacingOccurrences(of: "/", with: ".")
                    if strings[value] == nil { strings[value] = place }
                }
            case UInt8(ascii: "."):
                expectingName = true
                position += 1
            case UInt8(ascii: "`"):
                position += 1
            case _ where isNameStart(byte):
                let start = position
                while position < bytes.count && isName(bytes[position]) { position += 1 }
                let name = String(decoding: bytes[start..<position], as: UTF8.self)
                if !expectingName { flush() }
                if chain.isEmpty { chainPlace = SourceLocation(file: path, line: line, column: start - lineStart + 1) }
                chain.append(name)
                expectingName = false
                // A backtick closing an escaped name keeps the chain going.
                if position < bytes.count && bytes[position] == UInt8(ascii: "`") { position += 1 }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                position += 1
            default:
                flush()
                position += 1
            }
        }
        flush()
    }
}
