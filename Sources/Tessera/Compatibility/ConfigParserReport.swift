import Foundation

/// For each lookup a ConfigTokens app makes, what its `ConfigParser` returns today
/// (`ConfigParserLookup`) next to what Tessera resolves, and whether they differ: the list a
/// team needs before it replaces the parser.
///
/// ```swift
/// let report = ConfigParserReport(folder: "Tokens/", options: PipelineOptions(importers: .standard))
/// for entry in report.entries where entry.verdict != .agrees { print(entry.call.argument, entry.verdict) }
/// ```
package struct ConfigParserReport: Sendable {
    /// How the parser's answer compares with Tessera's.
    package enum Verdict: String, Sendable, CaseIterable {
        /// The same value (colors compared as 8-bit sRGB with alpha).
        case agrees
        /// Tessera resolves a value and the parser returns another: the app shows the wrong
        /// color or size today.
        case parserWrong = "parser-wrong"
        /// Tessera reports the token as an error (missing, not a color or a size, unresolvable)
        /// and the parser returns its fallback without a word.
        case parserSilent = "parser-silent"
        /// The parser returns a value where Tessera reports an error: a reference to a token of
        /// another type, which the parser does not check.
        case parserUnchecked = "parser-unchecked"
    }

    package struct Entry: Sendable {
        package var call: ConfigParserLookup.Call
        package var parser: ConfigParserLookup.Outcome
        /// Tessera's value for the call, in the same terms; nil when Tessera has none.
        package var tessera: ConfigParserLookup.Answer?
        package var verdict: Verdict
    }

    /// One entry per call, in order.
    package let entries: [Entry]
    /// What resolving the folder found (its errors explain the calls Tessera has no value for).
    package let result: TokenSystem.Permutation

    /// Compares the calls (every token of `tokens.json`, and `colorFromShortToken` for every
    /// color of `colors.json`, when `calls` is nil) on the files of `folder`.
    package init(folder: String, calls: [ConfigParserLookup.Call]? = nil, options: PipelineOptions = PipelineOptions()) {
        let result = TokenSystem.resolving(paths: [folder], options: options)
        // The parser's view of the files Tessera read (each read once, within the size limit).
        func root(_ name: String) -> JSONValue? {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let file = result.files.first(where: { $0.path == path }) else { return nil }
            var ignored: [Diagnostic] = []
            return JSONParser(file: file).parseWellFormed(into: &ignored)
        }
        let lookup = ConfigParserLookup(tokens: root("tokens.json"), colors: root("colors.json"), sizes: root("sizes.json"))
        self.init(lookup: lookup, result: result, calls: calls)
    }

    /// Compares the calls on files already read: `lookup` over their JSON, `result` Tessera's
    /// resolution of the same files.
    package init(lookup: ConfigParserLookup, result: TokenSystem.Permutation, calls: [ConfigParserLookup.Call]? = nil) {
        self.result = result
        let tokens = result.partialTokens
        entries = (calls ?? Self.everyCall(lookup, tokens)).map { call in
            let parser = lookup.outcome(of: call)
            let tessera = Self.answer(for: call, in: tokens)
            return Entry(call: call, parser: parser, tessera: tessera, verdict: Self.verdict(parser, tessera))
        }
    }

    /// How many entries have each verdict.
    package var counts: [Verdict: Int] {
        entries.reduce(into: [:]) { $0[$1.verdict, default: 0] += 1 }
    }

    /// Tessera's answer to a call: the resolved token at the path, when it is a color (colors)
    /// or a number or a `px` dimension (sizes).
    static func answer(for call: ConfigParserLookup.Call, in tokens: ResolvedTokens) -> ConfigParserLookup.Answer? {
        switch call {
        case .color(let path):
            return color(tokens.value(path))
        case .shortColor(let reference):
            guard reference.hasPrefix("{"), reference.hasSuffix("}"), reference.count > 2 else { return nil }
            return color(tokens.value(String(reference.dropFirst().dropLast())))
        case .size(let path):
            switch tokens.value(path) {
            case .number(let value)?: return .size(value)
            case .dimension(let dimension)? where dimension.unit == .px: return .size(dimension.value)
            default: return nil
            }
        }
    }

    private static func color(_ value: TokenValue?) -> ConfigParserLookup.Answer? {
        guard case .color(let color)? = value else { return nil }
        let rgb = color.mapped(to: .srgb).numericComponents.map { min(1, max(0, $0)) }
        return .color(ConfigParserLookup.Color(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: min(1, max(0, color.alpha))))
    }

    static func verdict(_ parser: ConfigParserLookup.Outcome, _ tessera: ConfigParserLookup.Answer?) -> Verdict {
        guard let tessera else { return parser.fallback == nil ? .parserUnchecked : .parserSilent }
        return parser.answer.text == tessera.text ? .agrees : .parserWrong
    }

    /// `colorFromToken` or `sizeFromToken` for every token of `tokens.json` (by the type
    /// Tessera resolves, else by its `$type`), then `colorFromShortToken` for every token of
    /// `colors.json`.
    static func everyCall(_ lookup: ConfigParserLookup, _ tokens: ResolvedTokens) -> [ConfigParserLookup.Call] {
        var calls: [ConfigParserLookup.Call] = []
        for (path, leaf) in leaves(of: lookup.tokens) {
            let slashed = path.joined(separator: "/")
            let type = tokens.type(slashed) ?? leaf["$type"]?.string.flatMap(TokenType.init(rawValue:))
            switch type {
            case .color?: calls.append(.color(slashed))
            case .number?, .dimension?: calls.append(.size(slashed))
            default: continue
            }
        }
        for (path, _) in leaves(of: lookup.colors) {
            calls.append(.shortColor("{" + path.joined(separator: ".") + "}"))
        }
        return calls
    }

    /// Every object with a `$value` under `root`, with its path, in file order (depth first,
    /// without recursion).
    static func leaves(of root: JSONValue?) -> [(path: [String], leaf: JSONValue)] {
        guard let root else { return [] }
        var found: [(path: [String], leaf: JSONValue)] = []
        var stack: [(path: [String], node: JSONValue)] = [([], root)]
        while let (path, node) = stack.popLast() {
            guard let members = node.members else { continue }
            if members.contains(where: { $0.key == "$value" }) {
                if !path.isEmpty { found.append((path, node)) }
                continue
            }
            for member in members.reversed() where !member.key.hasPrefix("$") && member.value.isObject {
                stack.append((path + [member.key], member.value))
            }
        }
        return found
    }
}
