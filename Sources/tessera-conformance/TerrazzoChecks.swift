import Foundation
import Tessera

/// The corpus systems' values (colors, dimensions, durations, numbers, font weights, cubic
/// Béziers, shadows, borders, typography), resolved through their resolvers, agree with the CSS
/// another DTCG tool generates for the same mode inputs (after normalising notation: its
/// `rgb()` percentages and `var()` chains against our 8-bit hex).
struct TerrazzoChecks {
    let corpus: Corpus

    /// Custom properties by block (`:root`, `[data-theme="dark"]`, `@media (…) :root` …).
    static func blocks(_ css: String) -> [String: [String: String]] {
        var blocks: [String: [String: String]] = [:]
        var headers: [String] = []
        for line in css.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix("{") {
                headers.append(String(text.dropLast()).trimmingCharacters(in: .whitespaces))
            } else if text == "}" {
                _ = headers.popLast()
            } else if text.hasPrefix("--"), let colon = text.firstIndex(of: ":") {
                let name = String(text[..<colon])
                let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                blocks[headers.joined(separator: " "), default: [:]][name] = String(value.dropLast())
            }
        }
        return blocks
    }

    /// The block a wrapper such as `@media (width >= 600px) { :root { … } }` names.
    static func blockName(_ wrapper: String) -> String {
        wrapper.replacingOccurrences(of: "{ … }", with: "").replacingOccurrences(of: "{", with: "")
            .replacingOccurrences(of: "}", with: "").split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
    }

    /// `color.bgColor.default` → `--color-bg-color-default`.
    static func customProperty(_ path: String) -> String {
        var name = "-"
        for scalar in path.unicodeScalars {
            if scalar == "." {
                name += "-"
            } else if CharacterSet.uppercaseLetters.contains(scalar) {
                name += "-" + String(scalar).lowercased()
            } else {
                name.unicodeScalars.append(scalar)
            }
        }
        return "-" + name
    }

    /// 8-bit RGBA of a CSS `rgb(r% g% b% [/ a])`, following `var()` through the blocks.
    static func rgba(_ value: String, in blocks: [[String: String]]) -> [Int]? {
        let value = followed(value, in: blocks)
        guard value.hasPrefix("rgb("), value.hasSuffix(")") else { return nil }
        let parts = value.dropFirst(4).dropLast().split(separator: " ").filter { $0 != "/" }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        var channels = parts.prefix(3).compactMap { Double($0.dropLast()) }.map { Int(($0 / 100 * 255).rounded()) }
        channels.append(parts.count == 4 ? Int(((Double(parts[3]) ?? 1) * 255).rounded()) : 255)
        return channels.count == 4 ? channels : nil
    }

    /// A value's top-level parts: comma-separated layers, each split at spaces outside
    /// parentheses.
    static func layers(_ value: String) -> [[String]] {
        var layers: [[String]] = [[]]
        var part = ""
        var depth = 0
        func close() {
            if !part.isEmpty { layers[layers.count - 1].append(part) }
            part = ""
        }
        for character in value {
            switch character {
            case "(": depth += 1; part.append(character)
            case ")": depth -= 1; part.append(character)
            case " " where depth == 0: close()
            case "," where depth == 0:
                close()
                layers.append([])
            default: part.append(character)
            }
        }
        close()
        return layers
    }

    /// A single value with its `var()` chain followed.
    static func followed(_ value: String, in blocks: [[String: String]]) -> String {
        var value = value
        for _ in 0..<32 {
            guard value.hasPrefix("var("), value.hasSuffix(")"),
                let next = blocks.lazy.compactMap({ $0[String(value.dropFirst(4).dropLast())] }).first
            else { break }
            value = next
        }
        return value
    }

    static func sameColor(_ color: TokenColor, _ css: String, in blocks: [[String: String]]) -> Bool {
        guard let theirs = rgba(followed(css, in: blocks), in: blocks) else { return false }
        return !zip(rgba(hex: TokenValue.color(color).flatText), theirs).contains { abs($0 - $1) > 1 }
    }

    static func sameDimension(_ dimension: TokenDimension, _ css: String, in blocks: [[String: String]]) -> Bool {
        let theirs = followed(css, in: blocks)
        return theirs == TokenValue.dimension(dimension).flatText || (theirs == "0" && dimension.value == 0)
    }

    /// Whether a shadow, border or typography token agrees with the CSS for it; nil when there
    /// is none to compare.
    static func compositeAgrees(_ token: ResolvedToken, property: String, in blocks: [[String: String]]) -> Bool? {
        switch token.value {
        case .shadow(let shadows, _):
            guard let css = blocks.lazy.compactMap({ $0[property] }).first else { return nil }
            let layers = Self.layers(followed(css, in: blocks))
            guard layers.count == shadows.count else { return false }
            return zip(shadows, layers).allSatisfy { shadow, parts in
                let parts = parts.filter { $0 != "inset" }
                return parts.count == 5 && sameDimension(shadow.offsetX, parts[0], in: blocks)
                    && sameDimension(shadow.offsetY, parts[1], in: blocks) && sameDimension(shadow.blur, parts[2], in: blocks)
                    && sameDimension(shadow.spread, parts[3], in: blocks) && sameColor(shadow.color, parts[4], in: blocks)
            }
        case .border(let border):
            guard let css = blocks.lazy.compactMap({ $0[property] }).first else { return nil }
            let parts = Self.layers(followed(css, in: blocks)).first ?? []
            guard parts.count == 3, case .keyword(let style) = border.style else { return false }
            return sameDimension(border.width, parts[0], in: blocks) && followed(parts[1], in: blocks) == style
                && sameColor(border.color, parts[2], in: blocks)
        case .typography(let typography):
            func part(_ name: String) -> String? {
                blocks.lazy.compactMap { $0[property + "-" + name] }.first.map { followed($0, in: blocks) }
            }
            guard let size = part("font-size"), let weight = part("font-weight") else { return nil }
            var agrees = size == TokenValue.dimension(typography.fontSize).flatText && Double(weight) == typography.fontWeight
            if let lineHeight = part("line-height"), let ours = typography.lineHeight {
                agrees = agrees && Double(lineHeight).map { abs($0 - ours) < 1e-4 } == true
            }
            return agrees
        default:
            return nil
        }
    }

    /// The numbers of a duration (in ms), number, font weight or cubic Bézier.
    static func numbers(_ value: TokenValue) -> [Double]? {
        switch value {
        case .duration(let duration): [duration.unit == .s ? duration.value * 1000 : duration.value]
        case .number(let number): [number]
        case .fontWeight(let weight): [weight]
        case .cubicBezier(let curve): [curve.x1, curve.y1, curve.x2, curve.y2]
        default: nil
        }
    }

    /// The numbers of the same in CSS: `150ms`, `0.3s`, `1.5`, `cubic-bezier(0.2, 0, 0, 1)`.
    static func numbers(css: String) -> [Double]? {
        if css.hasPrefix("cubic-bezier(") {
            let values = css.dropFirst(13).dropLast().split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            return values.count == 4 ? values : nil
        }
        if css.hasSuffix("ms") { return Double(css.dropLast(2)).map { [$0] } }
        if css.hasSuffix("s") { return Double(css.dropLast()).map { [$0 * 1000] } }
        return Double(css).map { [$0] }
    }

    /// A value with its `var()` chain followed, when it is a plain word such as `16px`.
    static func plain(_ value: String, in blocks: [[String: String]]) -> String? {
        let value = followed(value, in: blocks)
        guard !value.hasPrefix("var(") else { return nil }
        return value.hasPrefix("cubic-bezier(") || !value.contains(where: { $0 == " " || $0 == "(" }) ? value : nil
    }

    static func rgba(hex: String) -> [Int] {
        let digits = Array(hex.dropFirst())
        return stride(from: 0, to: 8, by: 2).map { Int(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    /// Differences we keep, and why.
    static let differences: [String: String] = [
        // Android density-independent pixels: 2025.10 has only px and rem; we read `dp` as
        // points (px) with a `value.dimension-unit.legacy` warning, the other tool passes it on.
        "android-elevation": "dp read as px",
    ]

    func run(_ checks: Checks) {
        for (fixture, system, css) in [("ds-github-primer", "github-primer", "primer.want.css"),
            ("ds-adobe-spectrum", "adobe-spectrum", "spectrum.want.css"),
            ("ds-microsoft-fluent", "microsoft-fluent", "fluent.want.css")]
        {
            checks.run("terrazzo: \(system) values match its CSS for every mode input") { check in
                try valuesMatchForEveryModeInput(fixture, system, css, check)
            }
        }
    }

    func valuesMatchForEveryModeInput(_ fixture: String, _ system: String, _ css: String, _ check: Check) throws {
        let directory = corpus.terrazzoCSS
        let index = try check.require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("_fixtures.json")))
            as? [String: Any])
        let entry = try check.require(index[fixture] as? [String: Any], "_fixtures.json has no \(fixture)")
        let blocks = Self.blocks(try String(contentsOf: directory.appendingPathComponent("\(fixture)/\(css)"), encoding: .utf8))
        var tokenSystem = TokenSystem(resolverAt: corpus.resolver(system))
        var compared = 0
        var mismatches: [String] = []
        for permutation in try check.require(entry["permutations"] as? [[String: Any]]) {
            let name = Self.blockName(try check.require(permutation["wrapper"] as? String))
            guard let block = blocks[name] else { continue }
            let resolved = tokenSystem.resolve(inputs: try check.require(permutation["input"] as? [String: String]))
            check.expect(!resolved.hasErrors, "\(resolved.diagnostics.map(\.message))")
            let chain = [block, blocks[":root"] ?? [:]]
            for token in resolved.partialTokens.all {
                if let agrees = Self.compositeAgrees(token, property: Self.customProperty(token.path), in: chain) {
                    compared += 1
                    if !agrees { mismatches.append("\(name) \(token.path): \(token.value.flatText)") }
                    continue
                }
                if let ours = Self.numbers(token.value), let expected = block[Self.customProperty(token.path)],
                    let theirs = Self.plain(expected, in: [block, blocks[":root"] ?? [:]]).flatMap(Self.numbers(css:))
                {
                    compared += 1
                    if ours.count != theirs.count || zip(ours, theirs).contains(where: { abs($0 - $1) > 1e-4 }) {
                        mismatches.append("\(name) \(token.path): \(token.value.flatText) vs \(expected)")
                    }
                    continue
                }
                if case .dimension = token.value, let expected = block[Self.customProperty(token.path)],
                    let theirs = Self.plain(expected, in: [block, blocks[":root"] ?? [:]])
                {
                    compared += 1
                    if theirs != token.value.flatText, Self.differences[token.path] == nil { mismatches.append("\(name) \(token.path): \(token.value.flatText) vs \(theirs)") }
                    continue
                }
                guard case .color = token.value, let expected = block[Self.customProperty(token.path)],
                    let theirs = Self.rgba(expected, in: [block, blocks[":root"] ?? [:]])
                else { continue }
                let ours = Self.rgba(hex: token.value.flatText)
                compared += 1
                if zip(ours, theirs).contains(where: { abs($0 - $1) > 1 }) {
                    mismatches.append("\(name) \(token.path): \(token.value.flatText) vs \(expected)")
                }
            }
        }
        check.expect(compared > 100, "colors compared: \(compared)")
        check.expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(5))")
    }
}
