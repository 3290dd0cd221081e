/// Writes resolved tokens for `tessera resolve`: one line per token, or a DTCG-shaped tree.
public enum ResolvedEmitter {
    /// `path<TAB>type<TAB>value` lines, sorted by path, each ending in a newline.
    public static func flat(_ tokens: [ResolvedToken]) -> String {
        var output = ""
        for token in tokens.sorted(by: { $0.path.precedesInCodePoints($1.path) }) {
            appendLine(path: token.path, type: token.type, value: token.value, to: &output)
        }
        return output
    }

    /// The flat listing of every resolved token whose path is `prefix` or starts with
    /// `prefix.` (every token when `prefix` is nil).
    ///
    /// - Complexity: O(n log n) for n tokens; tokens are sorted by index, not copied.
    public static func flat(_ resolved: ResolvedTokens, prefix: String? = nil) -> String {
        let order = resolved.sortedIndices(prefix: prefix)
        var output = ""
        output.reserveCapacity(order.count * 48)
        for index in order {
            appendLine(path: resolved.document.tokens[index].path, type: resolved.types[index]!,
                value: resolved.values[index]!, to: &output)
        }
        return output
    }

    private static func appendLine(path: String, type: TokenType, value: TokenValue, to output: inout String) {
        output += path
        output += "\t"
        output += type.rawValue
        output += "\t"
        output += value.flatText
        output += "\n"
    }

    /// The resolved tree in DTCG shape: groups nested by path (sorted), each token with
    /// `$type`, its resolved `$value`, and its `$description`, `$deprecated` and `$extensions`;
    /// groups keep their `$description`, `$deprecated` and `$extensions`.
    public static func tree(_ tokens: [ResolvedToken], document: TokenDocument) -> JSONValue {
        let root = TreeNode()
        for token in tokens {
            var node = root
            for name in token.path.split(separator: ".", omittingEmptySubsequences: false) {
                node = node.child(String(name))
            }
            node.token = token
        }
        return root.json(path: "", document: document)
    }
}

private final class TreeNode {
    var names: [String] = []
    var children: [TokenPath: TreeNode] = [:]
    var token: ResolvedToken?

    func child(_ name: String) -> TreeNode {
        if let existing = children[TokenPath(name)] { return existing }
        let node = TreeNode()
        children[TokenPath(name)] = node
        names.append(name)
        return node
    }

    func json(path: String, document: TokenDocument) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let token {
            pairs.append(("$type", .string(token.type.rawValue)))
            pairs.append(("$value", token.value.dtcgJSON))
            if let description = token.description { pairs.append(("$description", .string(description))) }
            if case .deprecated(let reason) = token.deprecated {
                pairs.append(("$deprecated", reason.map(JSONValue.string) ?? JSONValue(.bool(true))))
            }
            if let extensions = token.extensions { pairs.append(("$extensions", extensions)) }
            return .object(pairs)
        }
        if let group = document.groups[TokenPath(path)] {
            if let description = group.description { pairs.append(("$description", .string(description))) }
            if case .deprecated(let reason)? = group.deprecated {
                pairs.append(("$deprecated", reason.map(JSONValue.string) ?? JSONValue(.bool(true))))
            }
            if let extensions = group.extensions { pairs.append(("$extensions", extensions)) }
        }
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            pairs.append((name, children[TokenPath(name)]!.json(path: TokenPathSyntax.join(path, name), document: document)))
        }
        return .object(pairs)
    }
}
