/// Writes resolved tokens for `tessera resolve`: one line per token, or a DTCG-shaped tree;
/// both from an `OutputContext`, in its order (by path, name by name, in code point order).
package enum ResolvedEmitter {
    /// `path<TAB>type<TAB>value` lines in tree order, each ending in a newline.
    package static func flat(_ context: OutputContext) -> String {
        var output = ""
        for token in context.sortedTokens {
            appendLine(path: token.path, type: token.type, value: token.value, to: &output)
        }
        return output
    }

    /// The flat listing of some resolved tokens.
    package static func flat(_ tokens: [ResolvedToken], document: TokenDocument) -> String {
        flat(OutputContext(tokens, document: document))
    }

    /// The flat listing of every resolved token whose path is `prefix` or inside it (every
    /// token when `prefix` is nil): what `flat(_:)` gives for them, made by sorting the tokens
    /// by path without building a tree, so that memory holds the tokens and the text.
    package static func flat(_ resolved: ResolvedTokens, prefix: String? = nil) -> String {
        var output = ""
        for token in treeOrder(prefix.map { resolved.tokens(under: $0) } ?? resolved.all) {
            appendLine(path: token.path, type: token.type, value: token.value, to: &output)
        }
        return output
    }

    /// Tokens in the order of a tree sorted name by name in code point order: paths compared
    /// byte by byte (UTF-8 order is code point order), the dot that ends a name before any
    /// byte, so that a name sorts before every longer name it begins.
    static func treeOrder(_ tokens: [ResolvedToken]) -> [ResolvedToken] {
        tokens.indices.sorted { treePrecedes(tokens[$0].path, tokens[$1].path) }.map { tokens[$0] }
    }

    /// Whether `first` comes before `second` in tree order: names compared one by one in code
    /// point order, a name before every longer name it begins.
    package static func treePrecedes(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in
                for index in 0..<min(a.count, b.count) where a[index] != b[index] {
                    let x = a[index] == UInt8(ascii: ".") ? -1 : Int(a[index])
                    let y = b[index] == UInt8(ascii: ".") ? -1 : Int(b[index])
                    return x < y
                }
                return a.count < b.count
            }
        }
    }

    /// The text of `tree(_:document:)` as `writer` writes it, made straight from the tokens in
    /// tree order: groups are opened and closed as the paths go in and out of them, and each
    /// token's value is built, written and let go, so memory holds the tokens and the text.
    package static func treeText(
        _ tokens: [ResolvedToken], document: TokenDocument, writer: JSONWriter = JSONWriter(pretty: true)
    ) -> String {
        let sorted = treeOrder(tokens)
        // A token whose path is also a group (a document with an error) has no one tree shape.
        for (first, second) in zip(sorted, sorted.dropFirst()) where second.path.isPath(inside: first.path) {
            return treeText(OutputContext(tokens, document: document), writer: writer)
        }
        var output = ""
        writeTree(paths: sorted.map(\.path), writer: writer, groupProperties: { path in
            document.groups[TokenPath(path)].map { annotations($0.description, $0.deprecated, $0.extensions) } ?? []
        }, value: { json(sorted[$0]) }, into: &output)
        return output
    }

    /// Writes tokens as a DTCG tree, as `writer` writes JSON, straight from their paths in tree
    /// order (`treePrecedes`): groups are opened and closed as the paths go in and out of them,
    /// each group's `groupProperties` first (the root's is `""`), and each token's `value` is
    /// built, written and let go. The tree starts at `depth` levels of indentation.
    package static func writeTree(
        paths: [String], depth: Int = 0, writer: JSONWriter, groupProperties: (String) -> [(String, JSONValue)] = { _ in [] },
        value: (Int) -> JSONValue, into output: inout String
    ) {
        // The open groups: their names from the root, and how many members each has written.
        var open: [(name: String, members: Int)] = [("", 0)]
        func member(_ key: String) {
            output += open[open.count - 1].members == 0 ? "{" : ","
            open[open.count - 1].members += 1
            writer.newline(depth + open.count, &output)
            output += ValueParser.json(key)
            output += writer.pretty ? ": " : ":"
        }
        func close() {
            let group = open.removeLast()
            if group.members == 0 {
                output += "{}"
            } else {
                writer.newline(depth + open.count, &output)
                output += "}"
            }
        }
        func properties(of path: String) {
            for (key, property) in groupProperties(path) {
                member(key)
                writer.write(property, indent: depth + open.count, into: &output)
            }
        }
        properties(of: "")
        for (index, path) in paths.enumerated() {
            let names = path.split(separator: ".", omittingEmptySubsequences: false)
            var shared = 0
            while shared < names.count - 1, shared + 1 < open.count, open[shared + 1].name.sameCodePoints(as: String(names[shared])) {
                shared += 1
            }
            while open.count > shared + 1 { close() }
            var group = names[..<shared].joined(separator: ".")
            for name in names[shared..<(names.count - 1)] {
                group = TokenPathSyntax.join(group, String(name))
                member(String(name))
                open.append((String(name), 0))
                properties(of: group)
            }
            member(String(names[names.count - 1]))
            writer.write(value(index), indent: depth + open.count, into: &output)
        }
        while !open.isEmpty { close() }
    }

    private static func writeGroupProperties(
        of group: GroupDefinition?, member: (String, inout String) -> Void, writer: JSONWriter, depth: Int,
        into output: inout String
    ) {
        guard let group else { return }
        for (key, value) in annotations(group.description, group.deprecated, group.extensions) {
            member(key, &output)
            writer.write(value, indent: depth, into: &output)
        }
    }

    /// `$description`, `$deprecated` and `$extensions`, those that are set, as a token or a
    /// group writes them.
    static func annotations(
        _ description: String?, _ deprecated: Deprecation?, _ extensions: JSONValue?
    ) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if let description { pairs.append(("$description", .string(description))) }
        if case .deprecated(let reason)? = deprecated {
            pairs.append(("$deprecated", reason.map(JSONValue.string) ?? JSONValue(.bool(true))))
        }
        if let extensions { pairs.append(("$extensions", extensions)) }
        return pairs
    }

    private static func appendLine(path: String, type: TokenType, value: TokenValue, to output: inout String) {
        output += path
        output += "\t"
        output += type.rawValue
        output += "\t"
        output += value.flatText
        output += "\n"
    }

    /// The resolved tree in DTCG shape: groups nested by path (sorted in code point order),
    /// each token with `$type`, its resolved `$value`, and its `$description`, `$deprecated`
    /// and `$extensions`; groups keep their `$description`, `$deprecated` and `$extensions`.
    package static func tree(_ context: OutputContext) -> JSONValue {
        json(context.root)
    }

    /// The tree of some of the resolved tokens of `document` (see `tree(_:)`).
    package static func tree(_ tokens: [ResolvedToken], document: TokenDocument) -> JSONValue {
        json(OutputContext(tokens, document: document).root)
    }

    /// The text of `tree(_:)` as `writer` writes it, made straight from the tokens without
    /// building the tree first: each token's value is built, written and let go, so memory
    /// holds the text and one token at a time (what `tessera resolve --format json` prints).
    package static func treeText(_ context: OutputContext, writer: JSONWriter = JSONWriter(pretty: true)) -> String {
        var output = ""
        write(context.root, indent: 0, writer: writer, into: &output)
        return output
    }

    private static func write(_ node: OutputContext.Node, indent: Int, writer: JSONWriter, into output: inout String) {
        if node.token != nil {
            writer.write(json(node), indent: indent, into: &output)
            return
        }
        var members = 0
        func open(_ key: String, _ output: inout String) {
            output += members == 0 ? "{" : ","
            members += 1
            writer.newline(indent + 1, &output)
            output += ValueParser.json(key)
            output += writer.pretty ? ": " : ":"
        }
        writeGroupProperties(of: node.group, member: open, writer: writer, depth: indent + 1, into: &output)
        for child in node.children {
            open(child.name, &output)
            write(child, indent: indent + 1, writer: writer, into: &output)
        }
        if members == 0 {
            output += "{}"
        } else {
            writer.newline(indent, &output)
            output += "}"
        }
    }

    /// A token as DTCG JSON: `$type`, the resolved `$value`, and its annotations.
    private static func json(_ token: ResolvedToken) -> JSONValue {
        .object([("$type", .string(token.type.rawValue)), ("$value", token.value.dtcgJSON)]
            + annotations(token.description, token.deprecated, token.extensions))
    }

    private static func json(_ node: OutputContext.Node) -> JSONValue {
        if let token = node.token { return json(token) }
        let own = node.group.map { annotations($0.description, $0.deprecated, $0.extensions) } ?? []
        return .object(own + node.children.map { ($0.name, json($0)) })
    }
}
