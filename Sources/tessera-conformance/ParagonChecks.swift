import Foundation
import Tessera
import TesseraImporters

/// Open edX's Paragon tokens, written for Style Dictionary (`$value`/`$type` with properties of
/// their own, CSS values, `calc()`), read as Style Dictionary reads them: the folder imports with
/// no error and nothing left out, and the values Tessera types agree with the CSS variables
/// Paragon's own build generated (`styles/css`), after following `var()` and normalising
/// notation. Colors with `modify` (the project's own transforms: mix, darken, lighten) are not
/// compared: Tessera keeps them unmodified, with a warning.
struct ParagonChecks {
    let corpus: Corpus

    var tokens: String { corpus.root.appendingPathComponent("paragon/tokens/src").path }

    /// Paragon's variables, core and light theme together, as `--pgn-…` → value.
    func variables() -> [String: String] {
        var variables: [String: String] = [:]
        for file in ["core/variables.css", "themes/light/variables.css"] {
            let url = corpus.root.appendingPathComponent("paragon/styles/css").appendingPathComponent(file)
            guard let css = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for block in TerrazzoChecks.blocks(css).values {
                for (name, value) in block {
                    // A line with a comment after the value keeps its `;` (and the comment) here.
                    var text = value.components(separatedBy: " /*").first?.trimmingCharacters(in: .whitespaces) ?? value
                    while text.hasSuffix(";") { text.removeLast() }
                    variables[name] = text
                }
            }
        }
        return variables
    }

    /// `value` with every `var(--x)` replaced by x's value, to a fixed point.
    static func followed(_ value: String, in variables: [String: String]) -> String {
        var text = value
        for _ in 0..<32 {
            guard let start = text.range(of: "var(--"), let end = text[start.upperBound...].firstIndex(of: ")") else { break }
            let name = "--" + text[start.upperBound..<end]
            guard let replacement = variables[name] else { break }
            text.replaceSubrange(start.lowerBound...end, with: replacement)
        }
        return text
    }

    /// `1.25rem`, `.5rem`, `0` as a number and a unit (`px` for a bare 0).
    static func dimension(_ text: String) -> (Double, String)? {
        let unit = ["rem", "px", "em"].first { text.hasSuffix($0) } ?? (text == "0" ? "" : nil)
        guard let unit, let number = Double(text.dropLast(unit.count)) else { return nil }
        return (number, unit.isEmpty ? "px" : unit)
    }

    /// `#RRGGBB` or `#RRGGBBAA` as 8-bit RGBA.
    static func rgba(_ text: String) -> [Int]? {
        guard text.hasPrefix("#"), text.count == 7 || text.count == 9 else { return nil }
        var channels: [Int] = []
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let channel = Int(text[index..<next], radix: 16) else { return nil }
            channels.append(channel)
            index = next
        }
        if channels.count == 3 { channels.append(255) }
        return channels
    }

    func run(_ checks: Checks) {
        checks.run("paragon: the Style Dictionary folder imports with no error, every token kept") { check in
            let choice = ImporterRegistry.standard.importer(forFileName: tokens)
            check.expect(choice?.name == "style-dictionary", "read as \(choice?.name ?? "nothing")")
            let result = TokenSystem.resolving(paths: [tokens], options: PipelineOptions(importers: .standard))
            let errors = result.diagnostics.filter { $0.severity == .error }
            check.expect(errors.isEmpty, "\(errors.count) errors: \(errors.prefix(5).map { "\($0.location?.file ?? ""):\($0.location?.line ?? 0): \($0.message)" })")
            check.expect(result.partialTokens.count == result.document.count, "\(result.partialTokens.count) of \(result.document.count) tokens resolve")
            check.expect(result.document.count > 2_000, "\(result.document.count) tokens")
        }
        checks.run("paragon: values agree with the CSS its Style Dictionary build generated") { check in
            let variables = variables()
            check.expect(variables.count > 2_500, "\(variables.count) variables")
            let result = TokenSystem.resolving(paths: [tokens], options: PipelineOptions(importers: .standard))
            var compared = 0
            var missing: [String] = []
            for token in result.partialTokens.all {
                let name = "--pgn-" + token.path.replacingOccurrences(of: ".", with: "-")
                guard let written = variables[name] else {
                    missing.append(name)
                    continue
                }
                let css = Self.followed(written, in: variables)
                // What a `modify` changes (mix, darken, str-replace) is made by Paragon's own transforms.
                if token.extensions?["style-dictionary"]?["modify"] != nil { continue }
                switch token.value {
                case .dimension(let dimension):
                    guard let (number, unit) = Self.dimension(css) else {
                        check.record("\(name): Tessera \(dimension.value)\(dimension.unit.rawValue), CSS '\(css)'")
                        continue
                    }
                    check.expect(abs(number - dimension.value) <= 0.001 * max(1, abs(number)) && (number == 0 || unit == dimension.unit.rawValue),
                        "\(name): Tessera \(dimension.value)\(dimension.unit.rawValue), CSS '\(css)'")
                    compared += 1
                case .number(let number):
                    guard let expected = Double(css) else { continue }
                    check.expect(abs(number - expected) <= 0.001 * max(1, abs(expected)), "\(name): Tessera \(number), CSS '\(css)'")
                    compared += 1
                case .color(let color):
                    if written.hasPrefix("var(") { continue }
                    guard let expected = Self.rgba(css), let actual = Self.rgba(color.hexString(includeAlpha: true).uppercased()) else {
                        check.record("\(name): Tessera \(color.hexString(includeAlpha: true)), CSS '\(css)'")
                        continue
                    }
                    check.expect(zip(expected, actual).allSatisfy { abs($0 - $1) <= 1 }, "\(name): Tessera \(actual), CSS \(expected)")
                    compared += 1
                case .string(let text):
                    // Kept as written: Style Dictionary outputs the same text.
                    // The one CSS color keyword Paragon writes: its color transform (chroma) writes
                    // it as transparent black, which is what the keyword means.
                    if text == "transparent", css == "#00000000" { compared += 1; continue }
                    if !text.contains("{"), !written.contains("var(") {
                        check.expect(text == css || text.replacingOccurrences(of: "\"", with: "") == css.replacingOccurrences(of: "\"", with: ""),
                            "\(name): Tessera '\(text)', CSS '\(css)'")
                        compared += 1
                    }
                default: break
                }
            }
            check.expect(compared > 700, "\(compared) values compared")
            // Object values (transitions, x/y pairs) that Paragon's CSS format does not write.
            check.expect(missing.count < 100, "\(missing.count) tokens have no CSS variable: \(missing.prefix(8))")
        }
    }
}
