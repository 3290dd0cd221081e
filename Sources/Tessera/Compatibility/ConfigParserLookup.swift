import Foundation

/// The lookups of `ConfigParser`, the class the ConfigTokens apps carry to read `tokens.json`,
/// `colors.json` and `sizes.json` at run time, reproduced step by step so that a team moving
/// to Tessera sees, token by token, what its app shows today.
///
/// The algorithm, as the apps have it:
/// - `colorFromToken("theme/a/b")` splits the path at `/`, walks `tokens.json`, and needs the
///   leaf's own `$type` to be `"color"` and its `$value` a string. A hex (`#rrggbb`,
///   `#rrggbbaa`) or `rgb(…)`/`rgba(…)` value is the answer. A reference `{A.b}` is looked up in
///   `colors.json` first, whose entry's `$value` is parsed whatever its `$type`; only when that
///   fails is it looked up in `tokens.json`, and followed again, at most 3 levels deep.
/// - `colorFromShortToken("{A.b}")` looks the reference up in `colors.json` only.
/// - `sizeFromToken("theme/x")` needs `$type` `"number"`; a number is the answer, a reference
///   is looked up in `sizes.json`, then in `tokens.json` as for colors.
/// - Anything that fails returns a fallback without a word: clear (`#00000000`) for a color,
///   `0` for a size.
///
/// `true` and `false` read as the numbers 1 and 0, as they do on Apple platforms. (A file with
/// a duplicate key is an error for Tessera, and which duplicate the parser sees depends on the
/// platform's JSON decoding: the first is used here.)
public struct ConfigParserLookup: Sendable {
    /// How many references the apps follow through `tokens.json` before giving up.
    package static let maximumDepth = 3

    /// One call the app makes.
    public enum Call: Hashable, Sendable {
        /// `colorFromToken(_:)`: a `/`-separated path into `tokens.json`.
        case color(String)
        /// `sizeFromToken(_:)`: a `/`-separated path into `tokens.json`.
        case size(String)
        /// `colorFromShortToken(_:)`: a `{A.b}` reference into `colors.json`.
        case shortColor(String)

        /// The argument as the app passes it.
        package var argument: String {
            switch self {
            case .color(let path), .size(let path), .shortColor(let path): path
            }
        }

        /// `c`, `s` or `p`: the letter of a lookups file line (`c theme/a/b`).
        package var letter: String {
            switch self {
            case .color: "c"
            case .size: "s"
            case .shortColor: "p"
            }
        }

        /// A lookups file line: `c theme/a/b`, `s theme/x`, `p {A.b}`; nil for anything else.
        public init?(line: Substring) {
            guard line.count > 2, line.dropFirst().first == " " else { return nil }
            let argument = String(line.dropFirst(2))
            switch line.first {
            case "c": self = .color(argument)
            case "s": self = .size(argument)
            case "p": self = .shortColor(argument)
            default: return nil
            }
        }
    }

    /// A color as the apps build it: components as parsed, not clamped.
    package struct Color: Hashable, Sendable {
        package var red, green, blue, alpha: Double

        package static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

        /// `#rrggbbaa`, each component times 255 and rounded.
        package var hex: String {
            [red, green, blue, alpha].reduce(into: "#") { text, component in
                text += String(format: "%02x", Int((component * 255).rounded()))
            }
        }
    }

    /// What a call returns.
    package enum Answer: Hashable, Sendable {
        case color(Color)
        case size(Double)

        /// A color as `#rrggbbaa`, a size as Swift prints a `Double`.
        package var text: String {
            switch self {
            case .color(let color): color.hex
            case .size(let size): "\(size)"
            }
        }
    }

    /// Why a call returned its fallback.
    package enum Fallback: Hashable, Sendable {
        /// No entry at `path` (dotted or slashed as the call split it) in `file`.
        case missing(file: String, path: String)
        /// The entry's `$type` is not the one the call needs (`found` is nil when there is none:
        /// the apps read no type from enclosing groups).
        case wrongType(path: String, expected: String, found: String?)
        /// The entry's `$value` is not a string (colors) or a number or reference (sizes).
        case valueKind(path: String, found: String)
        /// A color written in a way the apps do not parse (`#fff`, `hsl(…)`, a color object).
        case unparsable(String)
        /// The references go deeper than `maximumDepth`.
        case tooDeep(chain: [String])

        /// The reason in a sentence.
        package var explanation: String {
            switch self {
            case .missing(let file, let path):
                return "no entry '\(path)' in \(file)"
            case .wrongType(let path, let expected, let found?):
                return "'\(path)' has $type '\(found)'; the parser needs '\(expected)'"
            case .wrongType(let path, let expected, nil):
                return "'\(path)' has no $type of its own (the parser reads none from its groups); it needs '\(expected)'"
            case .valueKind(let path, let found):
                return "the $value of '\(path)' is \(found)"
            case .unparsable(let text):
                return "the parser cannot read the color '\(text)'"
            case .tooDeep(let chain):
                return "references deeper than \(ConfigParserLookup.maximumDepth): " + chain.joined(separator: " → ")
            }
        }
    }

    /// What a call returns, why, and the entries it read on the way.
    package struct Outcome: Hashable, Sendable {
        package var answer: Answer
        /// Why the answer is the fallback; nil when the apps found a value.
        package var fallback: Fallback?
        /// The entries read, in order (`theme/a/b`, then `Accent.accent-600`…).
        package var chain: [String]
    }

    let tokens: JSONValue?
    let colors: JSONValue?
    let sizes: JSONValue?

    /// The three files' roots, as parsed (nil for a file that is missing or not JSON: every
    /// lookup in it fails, as it does in the apps).
    package init(tokens: JSONValue?, colors: JSONValue?, sizes: JSONValue?) {
        self.tokens = tokens
        self.colors = colors
        self.sizes = sizes
    }

    /// What the app gets for `call`.
    package func outcome(of call: Call) -> Outcome {
        var chain: [String] = []
        switch call {
        case .color(let path):
            return colorFromToken(path, depth: 0, chain: &chain)
        case .size(let path):
            return sizeFromToken(path, depth: 0, chain: &chain)
        case .shortColor(let reference):
            let keys = reference.dropFirst().dropLast().split(separator: ".")
            let dotted = keys.joined(separator: ".")
            chain.append(dotted)
            guard let leaf = Self.walk(colors, keys) else {
                return color(nil, .missing(file: "colors.json", path: dotted), chain)
            }
            guard let value = leaf["$value"]?.string else {
                return color(nil, .valueKind(path: dotted, found: leaf["$value"]?.kindDescription ?? "nothing"), chain)
            }
            return parsedColor(value, chain)
        }
    }

    private func colorFromToken(_ path: String, depth: Int, chain: inout [String]) -> Outcome {
        let keys = path.split(separator: "/")
        chain.append(path)
        guard let leaf = Self.walk(tokens, keys) else { return color(nil, .missing(file: "tokens.json", path: path), chain) }
        let type = leaf["$type"]?.string
        guard type == "color" else { return color(nil, .wrongType(path: path, expected: "color", found: type), chain) }
        guard let value = leaf["$value"]?.string else {
            return color(nil, .valueKind(path: path, found: leaf["$value"]?.kindDescription ?? "nothing"), chain)
        }
        return colorValue(value, depth: depth, chain: &chain)
    }

    private func colorValue(_ value: String, depth: Int, chain: inout [String]) -> Outcome {
        guard value.hasPrefix("{") else { return parsedColor(value, chain) }
        let keys = value.dropFirst().dropLast().split(separator: ".")
        let dotted = keys.joined(separator: ".")
        chain.append(dotted)
        if let leaf = Self.walk(colors, keys), let text = leaf["$value"]?.string {
            return parsedColor(text, chain)
        }
        guard depth + 1 <= Self.maximumDepth else { return color(nil, .tooDeep(chain: chain), chain) }
        guard let leaf = Self.walk(tokens, keys) else { return color(nil, .missing(file: "colors.json or tokens.json", path: dotted), chain) }
        guard let text = leaf["$value"]?.string else {
            return color(nil, .valueKind(path: dotted, found: leaf["$value"]?.kindDescription ?? "nothing"), chain)
        }
        return colorValue(text, depth: depth + 1, chain: &chain)
    }

    private func sizeFromToken(_ path: String, depth: Int, chain: inout [String]) -> Outcome {
        let keys = path.split(separator: "/")
        chain.append(path)
        guard let leaf = Self.walk(tokens, keys) else { return size(nil, .missing(file: "tokens.json", path: path), chain) }
        let type = leaf["$type"]?.string
        guard type == "number" else { return size(nil, .wrongType(path: path, expected: "number", found: type), chain) }
        return sizeValue(leaf["$value"], at: path, depth: depth, chain: &chain)
    }

    private func sizeValue(_ value: JSONValue?, at path: String, depth: Int, chain: inout [String]) -> Outcome {
        if let number = Self.number(value) { return size(number, nil, chain) }
        guard let text = value?.string, text.hasPrefix("{") else {
            return size(nil, .valueKind(path: path, found: value.map { $0.string.map { "'\($0)'" } ?? $0.kindDescription } ?? "nothing"), chain)
        }
        let keys = text.dropFirst().dropLast().split(separator: ".")
        let dotted = keys.joined(separator: ".")
        chain.append(dotted)
        if let leaf = Self.walk(sizes, keys), let number = Self.number(leaf["$value"]) { return size(number, nil, chain) }
        guard depth + 1 <= Self.maximumDepth else { return size(nil, .tooDeep(chain: chain), chain) }
        guard let leaf = Self.walk(tokens, keys) else { return size(nil, .missing(file: "sizes.json or tokens.json", path: dotted), chain) }
        return sizeValue(leaf["$value"], at: dotted, depth: depth + 1, chain: &chain)
    }

    private func parsedColor(_ text: String, _ chain: [String]) -> Outcome {
        guard let parsed = Self.parseColor(text) else { return color(nil, .unparsable(text), chain) }
        return color(parsed, nil, chain)
    }

    private func color(_ color: Color?, _ fallback: Fallback?, _ chain: [String]) -> Outcome {
        Outcome(answer: .color(color ?? .clear), fallback: fallback, chain: chain)
    }

    private func size(_ size: Double?, _ fallback: Fallback?, _ chain: [String]) -> Outcome {
        Outcome(answer: .size(size ?? 0), fallback: fallback, chain: chain)
    }

    /// The object `keys` lead to from `root` (nil when one is missing or the end is not an object).
    static func walk(_ root: JSONValue?, _ keys: [Substring]) -> JSONValue? {
        guard var node = root else { return nil }
        for key in keys {
            guard let next = node[String(key)] else { return nil }
            node = next
        }
        return node.isObject ? node : nil
    }

    /// A JSON number, or a Boolean as Apple platforms bridge it (1 or 0).
    static func number(_ value: JSONValue?) -> Double? {
        guard let value else { return nil }
        if let number = value.number { return number }
        return value.bool.map { $0 ? 1 : 0 }
    }

    /// `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` or `rgba(r, g, b, a)`, read as the apps read them:
    /// channels out of 255 left unclamped, an unreadable channel read as 0.
    static func parseColor(_ text: String) -> Color? {
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard let value = UInt64(digits, radix: 16) else { return nil }
            func channel(_ shift: UInt64) -> Double { Double((value >> shift) & 0xFF) / 255 }
            switch digits.count {
            case 6: return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: 1)
            case 8: return Color(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
            default: return nil
            }
        }
        guard text.hasPrefix("rgba(") || text.hasPrefix("rgb(") else { return nil }
        let inner = text.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
        let parts = inner.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? 0 }
        guard parts.count >= 3 else { return nil }
        return Color(red: parts[0] / 255, green: parts[1] / 255, blue: parts[2] / 255, alpha: parts.count > 3 ? parts[3] : 1)
    }
}
