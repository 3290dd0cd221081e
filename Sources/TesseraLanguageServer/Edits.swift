import Foundation
import Tessera
import TesseraModel

extension LanguageServer {
    // MARK: - Colors

    func documentColors(_ params: JSON) throws(ResponseError) -> JSON {
        let path = try documentPath(params)
        let analysis = currentAnalysis()
        guard let file = analysis.files[path] else { return .array([]) }
        var colors: [JSON] = []
        for definition in analysis.definitions[path] ?? [] where definition.references.isEmpty {
            // The value this very definition gives, in a permutation that uses it.
            let owner = analysis.permutations.first { entry in
                entry.tokens.document.token(definition.path).map {
                    $0.anchor.file.path == path && $0.anchor.offset == definition.anchor.offset
                } ?? false
            }
            guard case .color(let color)? = owner?.tokens.value(definition.path) else { continue }
            let bytes = file.jsonValueRange(at: definition.value.offset)
            guard !bytes.isEmpty else { continue }
            let srgb = color.mapped(to: .srgb).numericComponents
            guard srgb.count >= 3 else { continue }
            let clamp = { (value: Double) in min(1, max(0, value)) }
            let information = ColorInformation(range: range(bytes, in: path, analysis),
                color: LSPColor(red: clamp(srgb[0]), green: clamp(srgb[1]), blue: clamp(srgb[2]), alpha: clamp(color.alpha)))
            colors.append(information.json)
        }
        return .array(colors)
    }

    /// The color written in the notation of the text it replaces: hex (keeping its case and
    /// length), `rgb()`/`rgba()`, or a DTCG color object.
    func colorPresentations(_ params: JSON) throws(ResponseError) -> JSON {
        let path = try documentPath(params)
        guard let color = LSPColor(params["color"]), let wanted = LSPRange(params["range"]) else {
            throw .invalidParams("a color and a range are needed")
        }
        let analysis = currentAnalysis()
        guard let table = table(path, analysis), let start = table.offset(of: wanted.start, utf8: utf8),
            let end = table.offset(of: wanted.end, utf8: utf8), start <= end
        else { return .array([]) }
        let written = String(decoding: table.bytes[start..<end], as: UTF8.self)
        let text = Self.present(color, like: written)
        return .array([ColorPresentation(label: text, textEdit: TextEdit(range: wanted, newText: text)).json])
    }

    static func present(_ color: LSPColor, like written: String) -> String {
        let channels = [color.red, color.green, color.blue].map { Int((min(1, max(0, $0)) * 255).rounded()) }
        let alpha = min(1, max(0, color.alpha))
        let body = written.trimmingCharacters(in: CharacterSet(charactersIn: "\" \n\t"))
        if body.hasPrefix("{") {
            var members = [
                "\"colorSpace\": \"srgb\"",
                "\"components\": [" + [color.red, color.green, color.blue].map { number(min(1, max(0, $0))) }.joined(separator: ", ") + "]",
            ]
            if alpha < 1 || body.contains("\"alpha\"") { members.append("\"alpha\": " + number(alpha)) }
            if body.contains("\"hex\"") { members.append("\"hex\": \"" + hex(channels, alpha: nil, upper: false) + "\"") }
            return "{" + members.joined(separator: ", ") + "}"
        }
        if body.lowercased().hasPrefix("rgb") {
            let values = channels.map(String.init).joined(separator: ", ")
            return "\"" + (alpha < 1 ? "rgba(\(values), \(number(alpha)))" : "rgb(\(values))") + "\""
        }
        let digits = body.dropFirst().filter(\.isHexDigit)
        let upper = digits.contains { $0.isUppercase } && !digits.contains { $0.isLowercase }
        let withAlpha = alpha < 1 || digits.count == 8 || digits.count == 4
        return "\"" + hex(channels, alpha: withAlpha ? Int((alpha * 255).rounded()) : nil, upper: upper) + "\""
    }

    static func hex(_ channels: [Int], alpha: Int?, upper: Bool) -> String {
        let text = "#" + (channels + (alpha.map { [$0] } ?? [])).map { String(format: upper ? "%02X" : "%02x", $0) }.joined()
        return text
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10000).rounded() / 10000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.4f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    // MARK: - Completion

    func completion(_ params: JSON) throws(ResponseError) -> JSON {
        guard let place = try documentPosition(params) else { return .array([]) }
        let analysis = place.analysis
        guard let table = table(place.path, analysis) else { return .array([]) }
        let bytes = table.bytes
        let offset = place.offset
        // The cursor on a string's opening quote is before the string, not in it.
        let around = analysis.stringStart(containing: offset, in: bytes).flatMap { $0 < offset ? $0 : nil }
        guard let stringStart = around ?? Self.openString(before: offset, in: bytes) else {
            return .array([])
        }
        let typed = String(decoding: bytes[stringStart + 1..<offset], as: UTF8.self)
        // A reference being written: `{` not yet closed before the cursor.
        if let brace = typed.lastIndex(of: "{"), !typed[brace...].contains("}") {
            let prefix = String(typed[typed.index(after: brace)...])
            let from = offset - prefix.utf8.count
            // The whole name under the cursor is replaced: at `{color.b|rand}` the rest of the
            // name (`rand`) goes too, and the closing brace stays.
            var nameEnd = offset
            while nameEnd < bytes.count, !Self.endsReferenceName(bytes[nameEnd]) { nameEnd += 1 }
            let closes = nameEnd < bytes.count && bytes[nameEnd] == UInt8(ascii: "}")
            let editRange = range(from..<nameEnd, in: place.path, analysis)
            let items = analysis.allPaths.filter { $0.hasPrefix(prefix) }.prefix(1000).map { path in
                CompletionItem(label: path, kind: CompletionItemKind.constant,
                    detail: analysis.base.partialTokens.type(path)?.rawValue,
                    textEdit: TextEdit(range: editRange, newText: path + (closes ? "" : "}"))).json
            }
            return .array(Array(items))
        }
        let end = Self.stringContentEnd(from: offset, in: bytes)
        let editRange = range(stringStart + 1..<end, in: place.path, analysis)
        var before = stringStart - 1
        while before >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[before]) { before -= 1 }
        if before >= 0, bytes[before] == UInt8(ascii: ":") {
            // A value: `$type`'s are the type names.
            var keyEnd = before - 1
            while keyEnd >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[keyEnd]) { keyEnd -= 1 }
            guard keyEnd >= 6, String(decoding: bytes[keyEnd - 6...keyEnd], as: UTF8.self) == "\"$type\"" else { return .array([]) }
            return .array(TokenType.allCases.map { type in
                CompletionItem(label: type.rawValue, kind: CompletionItemKind.enumMember, detail: "$type",
                    textEdit: TextEdit(range: editRange, newText: type.rawValue)).json
            })
        }
        // A key: the properties a token or group may have.
        let properties = [
            ("$value", "the token's value"), ("$type", "the value's type"), ("$description", "what the token is for"),
            ("$deprecated", "true, or why"), ("$extensions", "tool-specific data"), ("$extends", "a group to extend"),
        ]
        return .array(properties.filter { $0.0.hasPrefix(typed) || typed.isEmpty }.map { name, detail in
            CompletionItem(label: name, kind: CompletionItemKind.property, detail: detail,
                textEdit: TextEdit(range: editRange, newText: name)).json
        })
    }

    /// Whether `byte` ends a reference's name: its closing brace, the string's end, another
    /// reference, an escape or white space.
    static func endsReferenceName(_ byte: UInt8) -> Bool {
        [UInt8(ascii: "}"), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x20, 0x09, 0x0A, 0x0D].contains(byte)
    }

    /// A string opened on the cursor's line and not closed before it.
    static func openString(before offset: Int, in bytes: [UInt8]) -> Int? {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != 0x0A { index -= 1 }
        var open: Int?
        while index < offset {
            if bytes[index] == UInt8(ascii: "\"") { open = open == nil ? index : nil }
            if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            index += 1
        }
        return open
    }

    static func stringContentEnd(from offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x0A {
            if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            index += 1
        }
        return min(index, bytes.count)
    }

    // MARK: - Rename

    func rename(_ params: JSON) throws(ResponseError) -> JSON {
        guard let newName = params["newName"]?.string else { throw .invalidParams("no newName") }
        guard let place = try documentPosition(params), let target = place.analysis.target(at: place.offset, in: place.path) else {
            throw ResponseError(code: ErrorCodes.requestFailed, message: "there is no token or group here to rename")
        }
        let analysis = place.analysis
        let old: String
        let isGroup: Bool
        switch target {
        case .token(let path, _), .reference(let path, _, _): (old, isGroup) = (path, false)
        case .group(let path, _): (old, isGroup) = (path, true)
        }
        var segments = old.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let parent = segments.dropLast().joined(separator: ".")
        var name = newName
        if newName.contains(".") {
            guard newName.hasPrefix(parent + "."), !parent.isEmpty || !newName.dropFirst().contains(".") else {
                throw ResponseError(code: ErrorCodes.requestFailed,
                    message: "'\(newName)' would move '\(old)' to another group; rename its last name only (under '\(parent)')")
            }
            name = String(newName.dropFirst(parent.isEmpty ? 0 : parent.count + 1))
        }
        if name.isEmpty || name.hasPrefix("$") || name.contains(where: { "{}.".contains($0) }) {
            throw ResponseError(code: ErrorCodes.requestFailed,
                message: "'\(name)' is not a token name: names are not empty, do not start with '$' and hold no '{', '}' or '.'")
        }
        segments[segments.count - 1] = name
        let new = segments.joined(separator: ".")
        guard new != old else { return .object(["changes": .object([:])]) }
        let paths = analysis.allPaths
        if let clash = paths.first(where: { $0 == new || $0.hasPrefix(new + ".") }) {
            let what = clash == new ? "a token" : "a group (of '\(clash)')"
            let place = analysis.definitionsOf(clash).first.map { " at \($0.location.file):\($0.location.line):\($0.location.column)" } ?? ""
            throw ResponseError(code: ErrorCodes.requestFailed, message: "'\(new)' is already \(what)\(place); renaming '\(old)' would merge them")
        }
        var changes: [String: [TextEdit]] = [:]
        var seen = Set<String>()
        func add(_ file: String, _ bytes: Range<Int>, _ text: String) {
            guard seen.insert("\(file)#\(bytes.lowerBound)").inserted else { return }
            changes[uri(file), default: []].append(TextEdit(range: range(bytes, in: file, analysis), newText: text))
        }
        let oldSegment = old.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? old
        for file in analysis.definitions.keys.sorted() {
            guard let source = analysis.files[file] else { continue }
            for definition in analysis.definitions[file] ?? [] {
                if definition.path == old, !isGroup {
                    add(file, source.jsonValueRange(at: definition.anchor.offset), JSON.string(name).text)
                } else if isGroup, definition.path.hasPrefix(old + "."),
                    let key = Self.keyBefore(definition.anchor.offset, named: oldSegment, in: source.bytes)
                {
                    add(file, key, JSON.string(name).text)
                }
            }
        }
        for reference in referencesTo(old, group: isGroup, analysis) {
            guard let source = analysis.files[reference.file] else { continue }
            let text = String(decoding: source.bytes[reference.range], as: UTF8.self)
            guard text.hasPrefix("{" + old) else { continue }
            add(reference.file, reference.range, "{" + new + text.dropFirst(1 + old.count))
        }
        // The app's Swift sources, where `references` finds the token: each string of its path
        // written again in its own notation, each generated member's last name renamed.
        if let root = rootFolder, !isGroup {
            for use in SwiftUsages.find(old, under: root) {
                guard let text = use.notation.replacement(for: new) else { continue }
                changes[FileURI.uri(use.file), default: []].append(TextEdit(range: LSPRange(start: use.renameStart, end: use.renameEnd),
                    newText: text))
            }
        }
        return WorkspaceEdit(changes: changes).json
    }
}

/// Where an app's Swift sources use a token, as `SwiftSourceWalker` reads them: its generated
/// accessor in a member chain (`Tokens.Color.Text.primary`, `Color.Text.primary`) or its path in a
/// string (`"color.text.primary"`, `"color/text/primary"`, `"{color.text.primary}"`), in code,
/// and, after a `.` or in quotes, in comments and in the text of strings too.
enum SwiftUsages {
    struct Use {
        let file: String
        let start: Position
        let end: Position
        /// What a rename rewrites: the chain's last name, or the whole string literal.
        let renameStart: Position
        let renameEnd: Position
        let notation: Notation
    }

    /// How a use writes the token, so that a rename writes the new path the same way.
    enum Notation {
        /// The generated member's name, last in a chain (`Tokens.Color.Text.primary`).
        case member
        /// A string of the path: `"a.b"`, `"a/b"` or `"{a.b}"`. `plain` when the literal is written
        /// `"…"` with no escape, which a rename can write again; else it is left as it is.
        case dotted(plain: Bool), slashed(plain: Bool), braced(plain: Bool)

        /// The text that replaces the rename range for the token renamed to `path`; nil when
        /// the use cannot be rewritten safely (a string with escapes, raw or multiline).
        func replacement(for path: String) -> String? {
            let names = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch self {
            case .member: return OutputContext.swiftIdentifier([names.last ?? path], casing: .lowerCamel)
            case .dotted(let plain): return plain ? "\"\(path)\"" : nil
            case .slashed(let plain): return plain ? "\"\(names.joined(separator: "/"))\"" : nil
            case .braced(let plain): return plain ? "\"{\(path)}\"" : nil
            }
        }
    }

    /// The uses of a token in the Swift files under `root`: in each file, the chains in the
    /// order they come, then the strings; at most `limit`, in at most 5,000 files.
    static func find(_ path: String, under root: String, limit: Int = 2000) -> [Use] {
        let names = path.split(separator: ".").map(String.init)
        let accessor = OutputContext.swiftMemberNames(names)
        let written = [path, names.joined(separator: "/"), "{\(path)}"]
        var uses: [Use] = []
        for file in SwiftSourceWalker.swiftFiles(in: root, limit: 5000) {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let bytes = Array(data)
            var chains: [(range: Range<Int>, last: Range<Int>)] = []
            var strings: [(range: Range<Int>, notation: Notation)] = []
            SwiftSourceWalker.walk(bytes, readingCommentsAndStrings: true) { item in
                switch item {
                case .chain(let chain, let embedded):
                    guard !accessor.isEmpty, chain.count >= accessor.count else { return }
                    for first in 0...(chain.count - accessor.count)
                    where (!embedded || chain[first].followsDot) && accessor.indices.allSatisfy({ chain[first + $0].text == accessor[$0] }) {
                        let last = chain[first + accessor.count - 1].range
                        chains.append((chain[first].range.lowerBound..<last.upperBound, last))
                    }
                case .string(let literal, _):
                    guard !literal.isInterpolated else { return }
                    let plain = Array(bytes[literal.range]) == Array("\"\(literal.text)\"".utf8)
                    var value = literal.text
                    let braced = value.hasPrefix("{") && value.hasSuffix("}")
                    if braced { value = String(value.dropFirst().dropLast()) }
                    guard written.contains(literal.text) || value.replacingOccurrences(of: "/", with: ".") == path else { return }
                    let notation: Notation = braced ? .braced(plain: plain) : value.contains("/") ? .slashed(plain: plain) : .dotted(plain: plain)
                    strings.append((literal.range, notation))
                }
            }
            let table = SourceFile(path: file, bytes: bytes)
            var seen = Set<Int>()
            let found = chains.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }).map { ($0.range, $0.last, Notation.member) }
                + strings.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }).map { ($0.range, $0.range, $0.notation) }
            for (range, renamed, notation) in found where seen.insert(range.lowerBound).inserted {
                uses.append(Use(file: file, start: table.position(at: range.lowerBound, utf8: false),
                    end: table.position(at: range.upperBound, utf8: false), renameStart: table.position(at: renamed.lowerBound, utf8: false),
                    renameEnd: table.position(at: renamed.upperBound, utf8: false), notation: notation))
                if uses.count >= limit { return uses }
            }
        }
        return uses
    }
}
