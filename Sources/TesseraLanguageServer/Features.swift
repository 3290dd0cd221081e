import Foundation
import Tessera
import TesseraModel

extension LanguageServer {
    // MARK: - Code actions

    func codeActions(_ params: JSON) throws(ResponseError) -> JSON {
        let path = try documentPath(params)
        guard let wanted = LSPRange(params["range"]) else { throw .invalidParams("no valid range") }
        if Self.isSwift(path) { return swiftCodeActions(path, wanted) }
        let analysis = currentAnalysis()
        var actions: [JSON] = []
        for diagnostic in analysis.diagnostics[path] ?? [] where !diagnostic.fixIts.isEmpty {
            let converted = lspDiagnostic(diagnostic, analysis)
            guard converted.range.overlaps(wanted) else { continue }
            for fixIt in diagnostic.fixIts {
                let edit = TextEdit(range: range(fixIt.edit.range, in: fixIt.edit.file, analysis), newText: fixIt.edit.replacement)
                let action = CodeAction(title: fixIt.message, diagnostics: [converted],
                    edit: WorkspaceEdit(changes: [uri(fixIt.edit.file): [edit]]), isPreferred: diagnostic.fixIts.count == 1)
                actions.append(action.json)
            }
        }
        return .array(actions)
    }

    // MARK: - Hover

    func hover(_ params: JSON) throws(ResponseError) -> JSON {
        guard let place = try documentPosition(params), let target = place.analysis.target(at: place.offset, in: place.path) else {
            return .null
        }
        let analysis = place.analysis
        switch target {
        case .token(let path, let bytes), .reference(let path, let bytes, _):
            guard let text = describe(path, analysis) else { return .null }
            return Hover(markdown: text, range: range(bytes, in: place.path, analysis)).json
        case .group(let path, let bytes):
            let count = analysis.allPaths.filter { $0.hasPrefix(path + ".") }.count
            return Hover(markdown: "**\(path)** group: \(count) token\(count == 1 ? "" : "s")", range: range(bytes, in: place.path, analysis)).json
        }
    }

    /// A token's type, its value in the base permutation and in each context that changes it,
    /// the alias chain, description and deprecation, as Markdown.
    func describe(_ path: String, _ analysis: Analysis) -> String? {
        let base = analysis.base.partialTokens
        let found = base[path] ?? analysis.permutations.lazy.compactMap { $0.tokens[path] }.first
        guard let token = found else {
            guard analysis.definitionsOf(path).first != nil else { return nil }
            return "**\(path)**\n\nno value: the token does not resolve (see its diagnostics)"
        }
        var lines = ["**\(path)** `\(token.type.rawValue)`", ""]
        let baseValue = base.value(path)
        if let every = analysis.everyPermutation, let resolver = analysis.system.resolver {
            // Every distinct value, with the contexts that give it: combinations too (a value
            // only dark and elevated together give).
            var values: [TokenValue?] = [baseValue]
            var holders: [[[String: String]]] = [[]]
            for (contexts, tokens) in every {
                let value = tokens.value(path)
                if let index = values.firstIndex(where: { $0 == value }) {
                    holders[index].append(contexts)
                } else {
                    values.append(value)
                    holders.append([contexts])
                }
            }
            let varies = values.count > 1
            lines.append("- value: `\(baseValue.map(Self.text) ?? "none")`" + (varies ? " (default)" : ""))
            for (value, contexts) in zip(values, holders).dropFirst() {
                lines.append("- \(resolver.describe(contexts)): `\(value.map(Self.text) ?? "not defined")`")
            }
        } else {
            lines.append("- value: `\(baseValue.map(Self.text) ?? "none")`" + (analysis.permutations.count > 1 ? " (default)" : ""))
            for (label, tokens) in analysis.permutations.dropFirst() {
                let value = tokens.value(path)
                if value != baseValue { lines.append("- \(label): `\(value.map(Self.text) ?? "not defined")`") }
            }
        }
        var chain = [path]
        var current = base[path] ?? token
        while let next = current.aliasOf, !chain.contains(next), chain.count < 64 {
            chain.append(next)
            guard let resolved = base[next] else { break }
            current = resolved
        }
        if chain.count > 1 { lines.append("- alias chain: " + chain.map { "`\($0)`" }.joined(separator: " → ")) }
        if let description = token.description, !description.isEmpty { lines += ["", description] }
        if case .deprecated(let reason)? = token.deprecated {
            lines += ["", "**Deprecated**" + (reason.map { ": \($0)" } ?? "")]
        }
        return lines.joined(separator: "\n")
    }

    static func text(_ value: TokenValue) -> String {
        if case .color(let color) = value { return color.hexString(includeAlpha: false) }
        return value.flatText
    }

    // MARK: - Navigation

    func definition(_ params: JSON) throws(ResponseError) -> JSON {
        guard let place = try documentPosition(params), let target = place.analysis.target(at: place.offset, in: place.path) else {
            return .null
        }
        switch target {
        case .token(let path, _), .reference(let path, _, _):
            let locations = place.analysis.definitionsOf(path).map { definitionLocation($0, place.analysis) }
            return .array(locations.map(\.json))
        case .group:
            return .null
        }
    }

    func definitionLocation(_ definition: TokenDefinition, _ analysis: Analysis) -> Location {
        let file = definition.anchor.file
        var key = file.jsonValueRange(at: definition.anchor.offset)
        // In a file that does not parse, the key as it is in the current text (where the edit
        // left it as it was; else where the edit starts).
        if analysis.broken.contains(file.path), let current = analysis.files[file.path] {
            let edit = UnchangedEnds(current.bytes, file.bytes)
            key = edit.new(key) ?? edit.prefix..<edit.prefix
        }
        return Location(uri: uri(file.path), range: range(key, in: file.path, analysis))
    }

    func references(_ params: JSON) throws(ResponseError) -> JSON {
        guard let place = try documentPosition(params), let target = place.analysis.target(at: place.offset, in: place.path) else {
            return .null
        }
        let analysis = place.analysis
        let path: String
        let isGroup: Bool
        switch target {
        case .token(let name, _), .reference(let name, _, _): (path, isGroup) = (name, false)
        case .group(let name, _): (path, isGroup) = (name, true)
        }
        var locations: [Location] = []
        if params["context"]?["includeDeclaration"]?.bool == true, !isGroup {
            locations += analysis.definitionsOf(path).map { definitionLocation($0, analysis) }
        }
        for reference in referencesTo(path, group: isGroup, analysis) {
            locations.append(Location(uri: uri(reference.file), range: range(reference.range, in: reference.file, analysis)))
        }
        if let root = rootFolder, !isGroup {
            locations += SwiftUsages.find(path, under: root).map { use in
                Location(uri: FileURI.uri(use.file), range: LSPRange(start: use.start, end: use.end))
            }
        }
        return .array(locations.map(\.json))
    }

    /// Every `{…}` reference to a token (or, for a group, to a token under it), in every file.
    func referencesTo(_ path: String, group: Bool, _ analysis: Analysis) -> [(file: String, range: Range<Int>, path: String)] {
        var found: [(String, Range<Int>, String)] = []
        var seen = Set<String>()
        for file in analysis.definitions.keys.sorted() {
            guard let source = analysis.files[file] else { continue }
            for definition in analysis.definitions[file] ?? [] {
                for reference in analysis.references(of: definition, in: source)
                where group ? reference.path.hasPrefix(path + ".") : reference.path == path {
                    if seen.insert("\(file)#\(reference.range.lowerBound)").inserted { found.append((file, reference.range, reference.path)) }
                }
            }
        }
        return found
    }

    func documentSymbols(_ params: JSON) throws(ResponseError) -> JSON {
        let path = try documentPath(params)
        let analysis = currentAnalysis()
        guard let file = analysis.files[path] else { return .array([]) }
        final class Node {
            var children: [String: Node] = [:]
            var order: [String] = []
            var definition: TokenDefinition?
            func child(_ name: String) -> Node {
                if let node = children[name] { return node }
                let node = Node()
                children[name] = node
                order.append(name)
                return node
            }
        }
        let root = Node()
        for definition in (analysis.definitions[path] ?? []).sorted(by: { $0.anchor.offset < $1.anchor.offset }) {
            var node = root
            for segment in definition.path.split(separator: ".", omittingEmptySubsequences: false) { node = node.child(String(segment)) }
            node.definition = definition
        }
        func symbols(_ node: Node, prefix: String) -> [DocumentSymbol] {
            node.order.compactMap { name -> DocumentSymbol? in
                guard let child = node.children[name] else { return nil }
                let full = prefix.isEmpty ? name : prefix + "." + name
                let children = symbols(child, prefix: full)
                if let definition = child.definition {
                    let key = file.jsonValueRange(at: definition.anchor.offset)
                    let whole = analysis.memberRange(keyAt: definition.anchor.offset, in: file)
                    let type = analysis.base.partialTokens.type(full)?.rawValue
                    return DocumentSymbol(name: name, detail: type, kind: SymbolKind.constant, range: range(whole, in: path, analysis),
                        selectionRange: range(key, in: path, analysis), children: children)
                }
                guard let first = children.first, let last = children.last else { return nil }
                // The group's key: the nearest `"name"` before its first member.
                let start = table(path, analysis)?.offset(of: first.range.start, utf8: utf8) ?? 0
                let key = Self.keyBefore(start, named: name, in: file.bytes)
                let selection = key.map { range($0, in: path, analysis) } ?? first.selectionRange
                let end = key.map { analysis.memberRange(keyAt: $0.lowerBound, in: file) }
                return DocumentSymbol(name: name, detail: nil, kind: SymbolKind.namespace,
                    range: end.map { range($0, in: path, analysis) } ?? LSPRange(start: selection.start, end: last.range.end),
                    selectionRange: selection, children: children)
            }
        }
        return .array(symbols(root, prefix: "").map(\.json))
    }

    /// The nearest JSON key `"name"` written before `offset`.
    static func keyBefore(_ offset: Int, named name: String, in bytes: [UInt8]) -> Range<Int>? {
        let needle = Array(JSON.string(name).text.utf8)
        var index = min(offset, bytes.count) - needle.count
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "\""), Array(bytes[index..<index + needle.count]) == needle {
                var after = index + needle.count
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return index..<index + needle.count }
            }
            index -= 1
        }
        return nil
    }

    func workspaceSymbols(_ params: JSON) -> JSON {
        let query = (params["query"]?.string ?? "").lowercased()
        let analysis = currentAnalysis()
        var symbols: [JSON] = []
        for file in analysis.definitions.keys.sorted() {
            for definition in analysis.definitions[file] ?? [] where query.isEmpty || definition.path.lowercased().contains(query) {
                let parts = definition.path.split(separator: ".")
                let symbol = SymbolInformation(name: definition.path, kind: SymbolKind.constant,
                    location: definitionLocation(definition, analysis),
                    containerName: parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil)
                symbols.append(symbol.json)
                if symbols.count >= 2000 { return .array(symbols) }
            }
        }
        return .array(symbols)
    }

    var rootFolder: String? { workspaceRoot }
}
