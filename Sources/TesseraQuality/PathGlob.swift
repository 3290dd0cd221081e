import Tessera
import TesseraGenerate

/// A pattern over token paths, name by name: `color.text.*` (`*` is one name, or part of one:
/// `text-*`), `color.**` (`**` is any number of names, none included), `**.touch.*`. A pattern
/// without wildcards names one token, or with `.**` implied, the tokens of a group: `color.text`
/// matches `color.text` and everything below it.
package struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    package let pattern: String
    private let parts: [String]
    private let isLiteral: Bool

    package init(_ pattern: String) {
        let trimmed = pattern.hasPrefix("{") && pattern.hasSuffix("}") ? String(pattern.dropFirst().dropLast()) : pattern
        self.pattern = trimmed
        let names = TokenPathSyntax.names(of: trimmed.replacingOccurrences(of: "/", with: "."))
        isLiteral = !trimmed.contains("*")
        parts = isLiteral ? names + ["**"] : names
    }

    package var description: String { pattern }

    package func matches(_ path: String) -> Bool { matches(names: TokenPathSyntax.names(of: path)) }

    package func matches(names: [String]) -> Bool { Self.match(parts[...], names[...]) }

    private static func match(_ parts: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        guard let part = parts.first else { return names.isEmpty }
        if part == "**" {
            let rest = parts.dropFirst()
            var tail = names
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let name = names.first, matchName(Array(part.utf8)[...], Array(name.utf8)[...]) else { return false }
        return match(parts.dropFirst(), names.dropFirst())
    }

    /// One name against one part, `*` standing for any run of characters.
    private static func matchName(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == UInt8(ascii: "*") {
            var rest = name
            while true {
                if matchName(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let head = name.first, head == first else { return false }
        return matchName(pattern.dropFirst(), name.dropFirst())
    }
}
