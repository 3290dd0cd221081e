import Tessera

/// A resolved bundle: every permutation's tokens resolved, as JSON a runtime or a web build
/// reads without resolving anything.
///
/// ```json
/// {
///   "name": "app",
///   "modifiers": [{"name": "theme", "contexts": ["light", "dark"], "default": "light"}],
///   "permutations": [
///     {"contexts": {"theme": "light"}, "tokens": {"color": {"bg": {"$type": "color", "$value": {…}}}}},
///     …
///   ]
/// }
/// ```
///
/// `tokens` is DTCG-shaped: groups nested by path in code point order, each token with its
/// `$type` and resolved `$value` (2025.10 value objects), and in every permutation its
/// `$description` and `$deprecated`.
public struct BundleEmitter: Sendable {
    public var pretty: Bool

    public init(pretty: Bool = true) { self.pretty = pretty }

    public func emit(_ context: GenerationContext) -> String {
        let writer = JSONWriter(pretty: pretty)
        let modifiers = JSONValue.array(context.modifiers.map { modifier in
            .object([("name", .string(modifier.name)), ("contexts", .array(modifier.contexts.map(JSONValue.string))),
                ("default", .string(modifier.defaultContext))])
        })
        var output = "{"
        newline(1, &output)
        output += "\"name\":" + (pretty ? " " : "") + JSONWriter.quoted(context.name) + ","
        newline(1, &output)
        output += "\"modifiers\":" + (pretty ? " " : "")
        output += indented(writer.string(modifiers), depth: 1) + ","
        newline(1, &output)
        output += "\"permutations\":" + (pretty ? " " : "") + "["
        for permutation in 0..<context.numbering.count {
            if permutation > 0 { output += "," }
            newline(2, &output)
            output += "{"
            newline(3, &output)
            let contexts = context.contexts(of: permutation)
            let contextsJSON = JSONValue.object(context.modifiers.compactMap { modifier in
                contexts[modifier.name].map { (modifier.name, JSONValue.string($0)) }
            })
            output += "\"contexts\":" + (pretty ? " " : "") + indented(writer.string(contextsJSON), depth: 3) + ","
            newline(3, &output)
            output += "\"tokens\":" + (pretty ? " " : "")
            tree(context, permutation: permutation, depth: 3, writer: writer, into: &output)
            newline(2, &output)
            output += "}"
        }
        newline(1, &output)
        output += "]"
        newline(0, &output)
        output += "}\n"
        return output
    }

    private func newline(_ depth: Int, _ output: inout String) {
        guard pretty else { return }
        output += "\n" + String(repeating: "  ", count: depth)
    }

    /// JSON written at depth 0, moved to `depth`.
    private func indented(_ text: String, depth: Int) -> String {
        guard pretty, depth > 0 else { return text }
        return text.replacingOccurrences(of: "\n", with: "\n" + String(repeating: "  ", count: depth))
    }

    /// The tokens of one permutation as a DTCG tree, written as the paths go in and out of
    /// groups (the tokens are in tree order).
    private func tree(_ context: GenerationContext, permutation: Int, depth: Int, writer: JSONWriter, into output: inout String) {
        var open: [(name: String, members: Int)] = [("", 0)]
        func member(_ key: String) {
            output += open[open.count - 1].members == 0 ? "{" : ","
            open[open.count - 1].members += 1
            newline(depth + open.count, &output)
            output += JSONWriter.quoted(key) + (pretty ? ": " : ":")
        }
        func close() {
            let group = open.removeLast()
            if group.members == 0 {
                output += "{}"
            } else {
                newline(depth + open.count, &output)
                output += "}"
            }
        }
        for token in context.tokens {
            let names = token.names
            var shared = 0
            while shared < names.count - 1, shared + 1 < open.count, open[shared + 1].name == names[shared] { shared += 1 }
            while open.count > shared + 1 { close() }
            for name in names[shared..<(names.count - 1)] {
                member(name)
                open.append((name, 0))
            }
            member(names[names.count - 1])
            var members: [(String, JSONValue)] = [("$type", .string(token.type.rawValue)), ("$value", token.value(in: permutation).dtcgJSON)]
            if let description = token.description { members.append(("$description", .string(description))) }
            if let message = token.deprecationMessage { members.append(("$deprecated", message.isEmpty ? .bool(true) : .string(message))) }
            output += indented(writer.string(.object(members)), depth: depth + open.count)
        }
        while !open.isEmpty { close() }
    }
}
