import Foundation
import Tessera
import TesseraImporters

/// The CSS Tokens Studio's transforms write, read independently of the importer, and compared
/// with what Tessera resolves. A folder holds `tokens/NAME.tokens.json` and, for each,
/// `expected/NAME.expected.json` (in the shape of the transforms' own test expectations).
package struct TokensStudioCSS {
    package let folder: URL

    package init(_ folder: URL) {
        self.folder = folder
    }

    /// `--sdName: value;` lines of an expected output, by name.
    package func expectedLines(_ name: String) -> [String: String] {
        let url = folder.appendingPathComponent("expected/\(name).expected.json")
        guard let data = try? Data(contentsOf: url), let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let expectations = root["expectations"] as? [[String: Any]]
        else { return [:] }
        var lines: [String: String] = [:]
        for expectation in expectations {
            for block in expectation["expected"] as? [String] ?? [] {
                for line in block.split(separator: "\n") {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    guard trimmed.hasPrefix("--sd"), !trimmed.hasPrefix("--sd-"), let colon = trimmed.firstIndex(of: ":"), let end = trimmed.firstIndex(of: ";") else { continue }
                    lines[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)..<end].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return lines
    }

    /// The path of a token file.
    package func tokens(_ name: String) -> String {
        folder.appendingPathComponent("tokens/\(name).tokens.json").path
    }

    package func resolve(_ name: String) -> TokenSystem.Permutation {
        var system = TokenSystem(paths: [tokens(name)], options: PipelineOptions(importers: .standard))
        return system.resolve(inputs: [:])
    }

    /// Each expected variable compared with the value Tessera resolves for its token; one that
    /// Tessera does not give must be in `reported`, with its diagnostic reported. The number
    /// compared.
    package static func compare(
        _ result: TokenSystem.Permutation, with expected: [String: String], reported: [String: DiagnosticID], _ expectations: some Expectations
    ) -> Int {
        let tokens = result.partialTokens
        var compared = 0
        for (name, css) in expected.sorted(by: { $0.key < $1.key }) {
            guard let path = result.document.tokens.map(\.path).first(where: { variable($0) == name }),
                let value = tokens[path]?.value
            else {
                let id = reported[name]
                expectations.expect(id != nil, "\(name) (\(css)) is missing")
                if let id { expectations.expect(result.diagnostics.contains { $0.id == id }, "\(name) is not reported") }
                continue
            }
            expectations.expect(matches(value, css: css), "\(path): \(value.flatText) is not \(css)")
            compared += 1
        }
        return compared
    }

    /// Files read together, compared with the transforms' output, which expands typography into
    /// one variable per field (each compared with that field of Tessera's typography) and a font
    /// weight into its weight and style. The number compared, and the variables Tessera does not
    /// give.
    package static func compareExpanded(
        _ result: TokenSystem.Permutation, with expected: [String: String], _ expectations: some Expectations
    ) -> (compared: Int, missing: [String]) {
        let tokens = result.partialTokens
        let fields: [(String, (Typography) -> TokenValue)] = [
            ("FontFamily", { .fontFamily($0.fontFamily, isList: false) }), ("FontWeight", { .fontWeight($0.fontWeight) }),
            ("LineHeight", { .number($0.lineHeight ?? .nan) }), ("FontSize", { .dimension($0.fontSize) }),
        ]
        var values: [String: TokenValue] = [:]
        for path in result.document.tokens.map(\.path) {
            guard let value = tokens[path]?.value else { continue }
            values[variable(path)] = value
            // `weight` is expanded to its weight and style.
            if case .fontWeight = value { values[variable(path) + "Weight"] = value }
            if case .typography(let typography) = value {
                for (field, read) in fields { values[variable(path) + field] = read(typography) }
            }
        }
        var compared = 0
        var missing: [String] = []
        for (name, css) in expected.sorted(by: { $0.key < $1.key }) {
            guard let value = values[name] else {
                missing.append(name)
                continue
            }
            // A line height in px is a multiple of the size in 2025.10 (18px on 12px is 1.5).
            var written = css
            if name.hasSuffix("LineHeight"), css.hasSuffix("px"), let size = values[String(name.dropLast(10)) + "FontSize"],
                case .dimension(let fontSize) = size, let pixels = Double(css.dropLast(2))
            {
                written = StudioMath.format(pixels / fontSize.value)
            }
            expectations.expect(matches(value, css: written), "\(name): \(value.flatText) is not \(css)")
            compared += 1
        }
        return (compared, missing)
    }

    /// `--sd` and the path in camel case, as the transforms name variables.
    package static func variable(_ path: String) -> String {
        "--sd" + path.split(whereSeparator: { $0 == "." || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Whether a resolved value is what the expected CSS says, read independently of the
    /// importer: colors by their 8-bit channels, sizes by number and unit, composites field by
    /// field.
    package static func matches(_ value: TokenValue, css: String) -> Bool {
        switch value {
        case .color(let color): return sameColor(color, css)
        case .dimension(let dimension): return sameSize(dimension, css)
        case .number(let number), .fontWeight(let number): return Double(css).map { abs($0 - number) < 1e-9 } ?? false
        case .fontFamily(let names, _): return names == families(css)
        case .border(let border):
            let parts = css.split(separator: " ", maxSplits: 2).map(String.init)
            return parts.count == 3 && sameSize(border.width, parts[0]) && border.style == .keyword(parts[1]) && sameColor(border.color, parts[2])
        case .shadow(let layers, _):
            let written = topLevel(css)
            return written.count == layers.count && zip(layers, written).allSatisfy { layer, text in
                var words = text.split(separator: " ", maxSplits: 4).map(String.init)
                let inset = words.first == "inset"
                if inset { words = text.split(separator: " ", maxSplits: 5).map(String.init).dropFirst().map { $0 } }
                return words.count == 5 && inset == layer.inset && sameSize(layer.offsetX, words[0]) && sameSize(layer.offsetY, words[1])
                    && sameSize(layer.blur, words[2]) && sameSize(layer.spread, words[3]) && sameColor(layer.color, words[4])
            }
        case .typography(let typography):
            var text = css
            if text.hasPrefix("italic ") { text.removeFirst(7) }
            let words = text.split(separator: " ", maxSplits: 2).map(String.init)
            guard words.count == 3, let slash = words[1].firstIndex(of: "/") else { return false }
            return Double(words[0]) == typography.fontWeight && sameSize(typography.fontSize, String(words[1][..<slash]))
                && Double(words[1][words[1].index(after: slash)...]) == typography.lineHeight
                && typography.fontFamily == families(words[2])
        case .gradient(let stops):
            let parts = topLevel(String(css.dropFirst("linear-gradient(".count).dropLast())).dropFirst()
            return parts.count == stops.count && zip(stops, parts).allSatisfy { stop, part in
                guard let space = part.lastIndex(of: " "), let percent = Double(part[part.index(after: space)...].dropLast()) else { return false }
                return sameColor(stop.color, String(part[..<space])) && abs(stop.position - percent / 100) < 1e-9
            }
        default: return false
        }
    }

    static func sameColor(_ color: TokenColor, _ css: String) -> Bool {
        guard let expected = TokenColor(legacyCSS: css) else { return false }
        return color.hexString() == expected.hexString()
    }

    static func sameSize(_ dimension: TokenDimension, _ css: String) -> Bool {
        if css == "0" { return dimension.value == 0 }
        return css == StudioMath.format(dimension.value) + dimension.unit.rawValue
    }

    static func families(_ css: String) -> [String] {
        topLevel(css).map { name in
            var name = name.replacingOccurrences(of: "\\'", with: "'")
            if name.hasPrefix("'"), name.hasSuffix("'") { name = String(name.dropFirst().dropLast()) }
            return name
        }
    }

    /// Comma-separated parts outside parentheses.
    static func topLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}
