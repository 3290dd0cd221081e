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
        let separator = pretty ? ": " : ":"
        let modifiers = JSONValue.array(context.modifiers.map { modifier in
            .object([("name", .string(modifier.name)), ("contexts", .array(modifier.contexts.map(JSONValue.string))),
                ("default", .string(modifier.defaultContext))])
        })
        let paths = context.tokens.map(\.path)
        var output = "{"
        writer.newline(1, &output)
        output += "\"name\"" + separator + JSONWriter.quoted(context.name) + ","
        writer.newline(1, &output)
        output += "\"modifiers\"" + separator
        writer.write(modifiers, indent: 1, into: &output)
        output += ","
        writer.newline(1, &output)
        output += "\"permutations\"" + separator + "["
        for permutation in 0..<context.numbering.count {
            if permutation > 0 { output += "," }
            writer.newline(2, &output)
            output += "{"
            writer.newline(3, &output)
            let contexts = context.contexts(of: permutation)
            let contextsJSON = JSONValue.object(context.modifiers.compactMap { modifier in
                contexts[modifier.name].map { (modifier.name, JSONValue.string($0)) }
            })
            output += "\"contexts\"" + separator
            writer.write(contextsJSON, indent: 3, into: &output)
            output += ","
            writer.newline(3, &output)
            output += "\"tokens\"" + separator
            ResolvedEmitter.writeTree(paths: paths, depth: 3, writer: writer, value: { index in
                let token = context.tokens[index]
                var members: [(String, JSONValue)] = [("$type", .string(token.type.rawValue)),
                    ("$value", token.value(in: permutation).dtcgJSON)]
                if let description = token.description { members.append(("$description", .string(description))) }
                if let message = token.deprecationMessage {
                    members.append(("$deprecated", message.isEmpty ? .bool(true) : .string(message)))
                }
                return .object(members)
            }, into: &output)
            writer.newline(2, &output)
            output += "}"
        }
        writer.newline(1, &output)
        output += "]"
        writer.newline(0, &output)
        output += "}\n"
        return output
    }
}
