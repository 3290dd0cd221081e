/// Writes resolved tokens for `tessera resolve`: one line per token, or a DTCG-shaped tree;
/// both from an `OutputContext`, in its order (by path, name by name, in code point order).
public enum ResolvedEmitter {
    /// `path<TAB>type<TAB>value` lines in tree order, each ending in a newline.
    public static func flat(_ context: OutputContext) -> String {
        var output = ""
        for token in context.sortedTokens {
            appendLine(path: token.path, type: token.type, value: token.value, to: &output)
        }
        return output
    }

    /// The flat listing of some resolved tokens.
    public static func flat(_ tokens: [ResolvedToken], document: TokenDocument) -> String {
        flat(OutputContext(tokens, document: document))
    }

    /// The flat listing of every resolved token whose path is `prefix` or inside it (every
    /// token when `prefix` is nil).
    public static func flat(_ resolved: ResolvedTokens, prefix: String? = nil) -> String {
        flat(OutputContext(prefix.map { resolved.tokens(under: $0) } ?? resolved.all, document: resolved.document))
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
    public static func tree(_ context: OutputContext) -> JSONValue {
        json(context.root)
    }

    /// The tree of some of the resolved tokens of `document` (see `tree(_:)`).
    public static func tree(_ tokens: [ResolvedToken], document: TokenDocument) -> JSONValue {
        json(OutputContext(tokens, document: document).root)
    }

    private static func json(_ node: OutputContext.Node) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let token = node.token {
            pairs.append(("$type", .string(token.type.rawValue)))
            pairs.append(("$value", token.value.dtcgJSON))
            if let description = token.description { pairs.append(("$description", .string(description))) }
            if case .deprecated(let reason) = token.deprecated {
                pairs.append(("$deprecated", reason.map(JSONValue.string) ?? JSONValue(.bool(true))))
            }
            if let extensions = token.extensions { pairs.append(("$extensions", extensions)) }
            return .object(pairs)
        }
        if let group = node.group {
            if let description = group.description { pairs.append(("$description", .string(description))) }
            if case .deprecated(let reason)? = group.deprecated {
                pairs.append(("$deprecated", reason.map(JSONValue.string) ?? JSONValue(.bool(true))))
            }
            if let extensions = group.extensions { pairs.append(("$extensions", extensions)) }
        }
        for child in node.children { pairs.append((child.name, json(child))) }
        return .object(pairs)
    }
}
