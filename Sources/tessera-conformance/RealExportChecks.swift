import Foundation
import Tessera
import TesseraImporters

/// Eight public design systems' exports as their teams commit them (`real-exports`; its
/// SOURCES.md says where each comes from): each read as a user names it, with no error in any
/// permutation, and each value compared with what the team's own build generated from it (CSS,
/// a Style Dictionary snapshot, Dart constants), in each mode the output has, where the naming
/// maps. Colors agree within 1 in 8 bits, numbers and lengths within 0.1% (rem is px/16).
struct RealExportChecks {
    let corpus: Corpus
    var root: URL { corpus.realExports }

    /// The values of one permutation as the build wrote them: key → text.
    struct Mode {
        let name: String
        let inputs: [String: String]
        let expected: [String: String]
    }

    struct System {
        let name: String
        /// The folder or file a user names, inside `real-exports`.
        let path: String
        /// What it is compared with.
        let output: String
        /// The build's keys a token path may have, the first the output holds taken.
        let keys: @Sendable (String) -> [String]
        /// At least this many values compared, and at least this share of them agreeing.
        let minimumCompared: Int
        let minimumShare: Double
        let modes: @Sendable (URL) -> [Mode]
    }

    /// Each system opened once, for both its checks.
    final class Opened: @unchecked Sendable {
        var systems: [String: TokenSystem] = [:]
    }
    let opened = Opened()

    func run(_ checks: Checks) {
        for system in Self.systems + [Self.sage] {
            checks.run("real-exports: \(system.name) imports with no error in any permutation") { check in
                let resolved = open(system).checkAllPermutations()
                let errors = resolved.diagnostics.filter { $0.severity == .error }
                check.expect(errors.isEmpty, "\(errors.count) errors: " + errors.prefix(4).map(Self.described).joined(separator: "; "))
                check.expect(resolved.base.map { $0.document.count > 0 } ?? false, "no token read")
            }
            guard system.minimumCompared > 0 else { continue }
            checks.run("real-exports: \(system.name) agrees with \(system.output)") { check in
                agrees(system, check)
            }
        }
    }

    static func described(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.location.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) " } ?? ""
        return "\(place)\(diagnostic.message) [\(diagnostic.id)]"
    }

    func open(_ system: System) -> TokenSystem {
        if let opened = opened.systems[system.name] { return opened }
        let path = root.appendingPathComponent(system.path).path
        let tokens = ConfiguredSystem(paths: [path], options: PipelineOptions(importers: .standard)).open()
        opened.systems[system.name] = tokens
        return tokens
    }

    func agrees(_ system: System, _ check: Check) {
        var tokens = open(system)
        var compared = 0
        var agreeing = 0
        var skipped = 0
        var disagreements: [String] = []
        for mode in system.modes(root.appendingPathComponent(system.path.split(separator: "/").prefix(2).joined(separator: "/"))) {
            let modifiers = tokens.resolver?.modifiers ?? []
            for (name, context) in mode.inputs {
                check.expect(modifiers.contains { $0.name == name && $0.contextNames.contains(context) },
                    "\(mode.name): no context \(name)=\(context) among \(modifiers.map { "\($0.name): \($0.contextNames)" })")
            }
            let permutation = tokens.resolve(inputs: mode.inputs)
            for token in permutation.document.tokens {
                guard let value = permutation.partialTokens[token.path]?.value,
                    let key = system.keys(token.path).first(where: { mode.expected[$0] != nil }), let text = mode.expected[key]
                else { continue }
                guard let agree = Self.agrees(value, text) else {
                    skipped += 1
                    continue
                }
                compared += 1
                if agree {
                    agreeing += 1
                } else {
                    disagreements.append("\(mode.name) \(token.path): \(value.flatText), \(key) is \(text)")
                }
            }
        }
        // REAL_EXPORTS_DISAGREEMENTS=1 lists every value that does not agree.
        if ProcessInfo.processInfo.environment["REAL_EXPORTS_DISAGREEMENTS"] != nil { disagreements.forEach { print("        differs: \($0)") } }
        let share = compared == 0 ? 0 : Double(agreeing) / Double(compared)
        print("        \(system.name): \(agreeing) of \(compared) agree (\(String(format: "%.1f", share * 100))%), \(skipped) of other types not compared")
        check.expect(compared >= system.minimumCompared, "\(compared) compared, fewer than \(system.minimumCompared)")
        check.expect(share >= system.minimumShare,
            "\(agreeing) of \(compared) agree, fewer than \(system.minimumShare * 100)%: " + disagreements.prefix(6).joined(separator: "; "))
    }

    // MARK: - Values

    /// Whether a resolved value is the text the build wrote; nil for a value of a type not
    /// compared (composites, which each build writes its own way).
    static func agrees(_ value: TokenValue, _ text: String) -> Bool? {
        let text = text.trimmingCharacters(in: .whitespaces)
        switch value {
        case .color(let color):
            guard let written = text == "transparent" ? TokenColor(legacyCSS: "rgba(0,0,0,0)") : TokenColor(legacyCSS: text) else { return false }
            let ours = bytes(color.hexString()), theirs = bytes(written.hexString())
            return ours.count == theirs.count && zip(ours, theirs).allSatisfy { abs($0 - $1) <= 1 }
        case .dimension(let dimension):
            if dimension.unit == .em { return text.hasSuffix("em") && !text.hasSuffix("rem") && close(dimension.value, Double(text.dropLast(2))) }
            return close(dimension.value * (dimension.unit == .rem ? 16 : 1), pixels(text))
        case .number(let number):
            return close(number, pixels(text))
        case .fontWeight(let weight):
            // `Medium Italic`: Tokens Studio's weight and style in one.
            return close(weight, Double(text) ?? weights[text.lowercased().replacingOccurrences(of: " italic", with: "").replacingOccurrences(of: "-", with: "")])
        case .fontFamily(let names, _):
            // A list as Style Dictionary's JSON writes it, else CSS's first family.
            if names.joined(separator: ", ") == text { return true }
            if text.hasPrefix("["), let list = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String] { return list == names }
            return unquoted(String(text.split(separator: ",").first ?? "")).lowercased() == names.first?.lowercased()
        case .string(let string):
            // A weight Figma keeps as a STRING (`bold`) is the number CSS writes.
            if let weight = weights[string.lowercased()], let number = Double(text) { return weight == number }
            return unquoted(text).lowercased() == string.lowercased()
        case .duration(let duration):
            let milliseconds = text.hasSuffix("ms") ? Double(text.dropLast(2)) : text.hasSuffix("s") ? Double(text.dropLast()).map { $0 * 1000 } : nil
            return close(duration.milliseconds, milliseconds)
        default:
            return nil
        }
    }

    static let weights: [String: Double] = ["thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300,
        "normal": 400, "regular": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800,
        "ultrabold": 800, "black": 900, "heavy": 900]

    static func close(_ ours: Double, _ theirs: Double?) -> Bool {
        guard let theirs else { return false }
        return abs(ours - theirs) <= 0.001 * max(abs(ours), abs(theirs)) + 1e-9
    }

    /// A length in px: `12px`, `0.75rem` (16px a rem), a bare number.
    static func pixels(_ text: String) -> Double? {
        if text.hasSuffix("rem") { return Double(text.dropLast(3)).map { $0 * 16 } }
        if text.hasSuffix("px") { return Double(text.dropLast(2)) }
        return Double(text)
    }

    static func bytes(_ hex: String) -> [Int] {
        let digits = Array(hex.dropFirst())
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { Int(String(digits[$0...$0 + 1]), radix: 16) }
    }

    static func unquoted(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first { text = String(text.dropFirst().dropLast()) }
        return text
    }

    // MARK: - Reading outputs

    /// The custom properties of CSS files, each with the selectors (and at-rules) around it,
    /// outermost first.
    static func properties(_ url: URL) -> [(context: String, name: String, value: String)] {
        guard var text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        while let open = text.range(of: "/*"), let close = text.range(of: "*/", range: open.upperBound..<text.endIndex) {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        var found: [(String, String, String)] = []
        var stack: [String] = []
        var current = ""
        for character in text {
            switch character {
            case "{":
                stack.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
            case "}":
                if !stack.isEmpty { stack.removeLast() }
                current = ""
            case ";":
                let declaration = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if declaration.hasPrefix("--"), let colon = declaration.firstIndex(of: ":") {
                    found.append((stack.joined(separator: " > "), String(declaration[..<colon]),
                        declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
                }
                current = ""
            default:
                current.append(character)
            }
        }
        return found
    }

    /// The properties of the blocks `where` keeps, of several files, later ones replacing
    /// earlier; each `var(--x)` replaced by what `--x` holds among them.
    static func variables(_ files: [(URL, (String) -> Bool)]) -> [String: String] {
        var values: [String: String] = [:]
        for (url, keep) in files {
            for property in properties(url) where keep(property.context) { values[property.name] = property.value }
        }
        return values.mapValues { substituted($0, values) }
    }

    static func substituted(_ text: String, _ values: [String: String], depth: Int = 0) -> String {
        guard depth < 20, let start = text.range(of: "var(") else { return text }
        var level = 1
        var end = start.upperBound
        while end < text.endIndex, level > 0 {
            if text[end] == "(" { level += 1 }
            if text[end] == ")" { level -= 1 }
            if level > 0 { end = text.index(after: end) }
        }
        guard end < text.endIndex else { return text }
        let inner = text[start.upperBound..<end]
        let name = inner.split(separator: ",", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let fallback = inner.split(separator: ",", maxSplits: 1).dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let replacement = values[name] ?? fallback else { return text }
        return substituted(text.replacingCharacters(in: start.lowerBound...end, with: replacement), values, depth: depth + 1)
    }

    /// `Text & Icon.Link Standard` → `text-and-icon-link-standard`; `fontSize` → `font-size`.
    static func kebab(_ path: String, camel: Bool = false) -> String {
        var text = path.replacingOccurrences(of: "&", with: "and")
        if camel {
            text = text.reduce(into: "") { result, character in
                if character.isUppercase, let last = result.last, last.isLowercase || last.isNumber { result.append("-") }
                result.append(character)
            }
        }
        return text.lowercased().split { $0 == "." || $0 == " " || $0 == "-" || $0 == "/" }.joined(separator: "-")
    }

    /// `Beam Blue.10` → `beamBlue10`; `Corner.Extra-small` → `cornerExtraSmall`.
    static func lowerCamel(_ path: String) -> String {
        let words = path.split { $0 == "." || $0 == " " || $0 == "-" }
        return words.enumerated().map { $0 == 0 ? $1.prefix(1).lowercased() + $1.dropFirst() : $1.prefix(1).uppercased() + $1.dropFirst() }
            .joined()
    }

    /// Path segments after the first (the collection or tier).
    static func withoutFirst(_ path: String) -> String { path.split(separator: ".").dropFirst().joined(separator: ".") }

    // MARK: - The systems

    static let systems: [System] = [calcite, telekom, metamask, seed, hpe, vuongvu, fermilab]

    /// Tokens Studio folder. Compared with the "DOCS (internal)" blocks of the build's own
    /// snapshot test: JSON arrays whose keys are the token paths, a color themed in both
    /// (`{"light":…,"dark":…}`) giving one value for each theme.
    ///
    /// Measured: 1410 of 1410 agree — with the `shadow` group's theme taking
    /// `semantic/color/light` and `semantic/color/dark` as source sets, which the `color`
    /// group's themes enable: a source set another group enables is that group's to choose.
    /// Not compared: the tokens of `semantic/z-index` and `semantic/corner-radius`, sets no
    /// theme enables and no theme's set refers to, which Tessera leaves out as Tokens Studio
    /// leaves them out of every theme (the team's build lists their files itself).
    static let calcite = System(name: "esri-calcite", path: "tokens-studio/esri-calcite/packages/calcite-design-tokens/src/tokens",
        output: "its Style Dictionary snapshot (DOCS)", keys: { [$0] }, minimumCompared: 1400, minimumShare: 0.99)
    { folder in
        let url = folder.appendingPathComponent("packages/calcite-design-tokens/tests/spec/__snapshots__/index.spec.ts.snap")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var light: [String: String] = [:]
        var dark: [String: String] = [:]
        for block in text.components(separatedBy: "exports[`generated tokens > DOCS (internal) > ").dropFirst() {
            guard let start = block.range(of: "`] = `\n\""), let end = block.range(of: "\"\n`;") else { continue }
            let json = block[start.upperBound..<end.lowerBound].replacingOccurrences(of: "\\\\", with: "\\")
            guard let root = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                let entries = root["tokens"] as? [[String: Any]] else { continue }
            for entry in entries {
                guard let key = entry["key"] as? String, let value = entry["value"] as? String else { continue }
                let path = String(key.dropFirst().dropLast())
                if value.hasPrefix("{"), let themed = try? JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String: Any],
                    let lightValue = themed["light"] as? String, let darkValue = themed["dark"] as? String
                {
                    light[path] = lightValue
                    dark[path] = darkValue
                } else if !value.hasPrefix("{") {
                    light[path] = value
                    dark[path] = value
                }
            }
        }
        return [Mode(name: "light", inputs: ["color": "🌞 Brand Light"], expected: light),
            Mode(name: "dark", inputs: ["color": "🌚 Brand Dark"], expected: dark)]
    }

    /// Single-file Tokens Studio export; its CSS (`:root` light, `[data-mode="dark"]` dark) comes
    /// from the team's source tokens. Colour sets are `--telekom-color-` and the path, the
    /// others `--telekom-` and the path.
    ///
    /// Measured: 556 of 574 agree. The 18 others are the CSS's sources moving on from this
    /// Figma output, the file's own values read right: the primary colors (magenta here,
    /// violet there), the web font's name (`TeleNeo` / `TeleNeoWeb`), the Thin and Ultra
    /// weights (100/950 here, 200/900 there). Text styles are not compared (the export has
    /// lost them, see SOURCES.md).
    static let telekom = System(name: "telekom", path: "tokens-studio/telekom/output/telekom/figma/telekom-design-tokens.all.json",
        output: "its CSS, light and dark", keys: { ["--telekom-color-" + kebab($0), "--telekom-" + kebab($0)] },
        minimumCompared: 550, minimumShare: 0.96)
    { folder in
        let css = folder.appendingPathComponent("playground/tailwind-css/design-tokens.all.css")
        let light = variables([(css, { $0 == ":root" })])
        let dark = variables([(css, { $0 == ":root" || $0 == "[data-mode=\"dark\"]" })])
        return [Mode(name: "light", inputs: ["Color": "Light"], expected: light), Mode(name: "dark", inputs: ["Color": "Dark"], expected: dark)]
    }

    /// Single-file Tokens Studio export with `$themes: []`: `global` is shared and the sets
    /// `light` and `dark`, named as modes, are the contexts of the modifier `mode`; each is
    /// compared with its theme's CSS (`.light`, `.dark`) over the shared brand, typography and
    /// shadow files.
    ///
    /// Measured: 103 of 228 agree (47 of 114 when `dark` hid `light`). The Figma file lags the CSS, and each of the others is the
    /// file's own literal: the CSS re-scaled the brand palette (`orange100` there is
    /// `orange200` here, with new `025`/`050` steps), and changed theme colors, font sizes and
    /// line heights since. The share asked is what agrees today.
    static let metamask = System(name: "metamask", path: "tokens-studio/metamask/src/figma/tokens.json",
        output: "its CSS (brand, light and dark themes, typography)",
        keys: { path in
            let names = ["brandColors": "brand-colors", "colors": "color", "fontSize": "font-size", "lineHeights": "line-height",
                "fontWeights": "font-weight", "letterSpacing": "letter-spacing", "fontFamilies": "font-family"]
            let segments = path.split(separator: ".", maxSplits: 1).map(String.init)
            guard segments.count == 2, let first = names[segments[0]] else { return [] }
            return ["--\(first)-" + kebab(segments[1], camel: true)]
        },
        minimumCompared: 220, minimumShare: 0.45)
    { folder in
        let css = folder.appendingPathComponent("src/css")
        let shared = ["brand-colors", "typography", "shadow"].map { (css.appendingPathComponent("\($0).css"), { (_: String) in true }) }
        return ["light", "dark"].map { mode in
            Mode(name: mode, inputs: ["mode": mode],
                expected: variables(shared + [(css.appendingPathComponent("\(mode)-theme-colors.css"), { _ in true })]))
        }
    }

    /// Figma REST response; the CSS is generated from Seed's own YAML rather than from this
    /// snapshot, so names and values differ in places (no `carrot-600`; `fg-brand-contrast` is
    /// grape there, carrot here): only the names both hold are compared.
    ///
    /// Measured: 452 of 468 agree; the 16 others are the brand colors of both modes
    /// (carrot here, grape there).
    static let seed = System(name: "seed-design", path: "figma-rest/seed-design/figma/variables.json",
        output: "its CSS (partial)",
        keys: { path in
            let rest = withoutFirst(path).replacingOccurrences(of: ",", with: "_")
            switch path.split(separator: ".").first {
            case "Color": return ["--seed-color-" + kebab(rest)]
            case "Platform": return ["--seed-" + kebab(rest) + "-static", "--seed-" + kebab(rest)]
            case "Global": return ["--seed-" + kebab(rest)]
            default: return []
            }
        },
        minimumCompared: 450, minimumShare: 0.95)
    { folder in
        let css = folder.appendingPathComponent("packages/css/base.css")
        let light = variables([(css, { $0 == ":root" || $0.contains("[data-seed-user-color-scheme=\"light\"]") })])
        let dark = variables([(css, { $0 == ":root" || $0.contains("[data-seed-user-color-scheme=\"dark\"]") })])
        return [Mode(name: "light", inputs: ["Color": "theme-light"], expected: light),
            Mode(name: "dark", inputs: ["Color": "theme-dark"], expected: dark)]
    }

    /// Figma files of a collection and mode; the CSS is built from the design-tokens-stable
    /// branch, which can lag the tokens: the default, light, dark and small modes are compared
    /// (main's v0/v1 modes are not in it). `DEFAULT` and `REST` are left out of the names.
    static let hpe = System(name: "hpe-design-tokens", path: "figma-modes/hpe-design-tokens",
        output: "its Style Dictionary CSS",
        keys: { path in
            ["--hpe-" + withoutFirst(path).split(separator: ".").filter { $0 != "DEFAULT" && $0 != "REST" }.joined(separator: "-")]
        },
        minimumCompared: 4200, minimumShare: 0.99)
    { folder in
        let css = folder.appendingPathComponent("design-tokens-stable/dist/css")
        func file(_ name: String) -> (URL, (String) -> Bool) { (css.appendingPathComponent(name), { _ in true }) }
        let base = ["primitives.css", "global.css", "dimension.css", "components.css"].map(file)
        return [
            Mode(name: "light", inputs: ["color": "light"], expected: variables(base + [file("color.light.css")])),
            Mode(name: "dark", inputs: ["color": "dark"], expected: variables(base + [file("color.dark.css")])),
            Mode(name: "small", inputs: ["dimension": "small"], expected: variables(base + [file("color.light.css"), file("dimension.small.css")])),
        ]
    }

    /// figma/variables-github-action-example's layout; its Style Dictionary CSS names tokens
    /// without the collection, lower-cased, and writes lengths in rem.
    static let vuongvu = System(name: "vuongvu-action-export", path: "figma-modes/vuongvu-action-export",
        output: "its Style Dictionary CSS", keys: { ["--" + kebab(withoutFirst($0))] }, minimumCompared: 550, minimumShare: 0.99)
    { folder in
        let css = folder.appendingPathComponent("build/css")
        func file(_ name: String) -> (URL, (String) -> Bool) { (css.appendingPathComponent(name), { _ in true }) }
        return [
            Mode(name: "light desktop", inputs: [:], expected: variables(["base.css", "light.css", "desktop.css"].map(file))),
            Mode(name: "dark", inputs: ["Theme Tokens": "Dark"], expected: variables(["base.css", "dark.css", "desktop.css"].map(file))),
            Mode(name: "mobile", inputs: ["Typography": "Mobile", "Responsive Tokens": "Mobile"],
                expected: variables(["base.css", "light.css", "mobile.css"].map(file))),
        ]
    }

    /// Figma's own DTCG export, compared with the Dart constants the team generates: colors
    /// `0xAARRGGBB`, the themes' fields `light()`/`dark()`, spacings `<name>Spacing`, corners,
    /// and the text styles' sizes, line heights, letter spacings and families.
    static let fermilab = System(name: "fermilab-bison", path: "figma-dtcg/fermilab-bison", output: "its generated Dart",
        keys: { [lowerCamel($0), lowerCamel($0) + "Spacing"] }, minimumCompared: 790, minimumShare: 0.99)
    { folder in
        let dart = folder.appendingPathComponent("lib/src/theme")
        return [Mode(name: "light", inputs: ["Dark / Light": "Light"], expected: Dart(dart, theme: "light").values),
            Mode(name: "dark", inputs: ["Dark / Light": "Dark"], expected: Dart(dart, theme: "dark").values)]
    }

    /// Tokens Studio folder with no generated output: only read.
    static let sage = System(name: "sage", path: "tokens-studio/sage/data/tokens", output: "", keys: { _ in [] },
        minimumCompared: 0, minimumShare: 0) { _ in [] }

    /// The generated Dart's values by name: `static const Color x = Color(0xFF…)` or another
    /// constant, a theme's `field: AliasTokens.x`, `xSmallSpacing: 12`, and each text style's
    /// fields as `h1Size`, `h1LineHeight`, `h1Tracking`, `h1Font`.
    struct Dart {
        var values: [String: String] = [:]

        init(_ folder: URL, theme: String) {
            var constants: [String: String] = [:]
            var fields: [String: String] = [:]
            func lines(_ name: String) -> [String] {
                ((try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "").components(separatedBy: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) }
            }
            func color(_ text: String) -> String {
                // 0xAARRGGBB → #RRGGBBAA
                let hex = text.replacingOccurrences(of: "Color(0x", with: "").replacingOccurrences(of: ")", with: "")
                return hex.count == 8 ? "#" + hex.dropFirst(2) + hex.prefix(2) : text
            }
            var factory: String?
            for line in lines("color_tokens.g.dart") + lines("shape_spacing_tokens.g.dart") {
                if line.hasPrefix("static const Color "), let equals = line.firstIndex(of: "=") {
                    let name = line.dropFirst("static const Color ".count).prefix { $0 != " " }
                    constants[String(name)] = color(line[line.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: "; ")))
                } else if line.hasPrefix("factory ") {
                    factory = line.components(separatedBy: "(").first?.components(separatedBy: ".").last
                } else if line.hasPrefix(");") || line.hasPrefix("}") {
                    factory = nil
                } else if let name = factory, name == theme || name == "standard", let colon = line.firstIndex(of: ":") {
                    fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: ", "))
                }
            }
            func resolved(_ text: String) -> String {
                var text = text
                for _ in 0..<5 {
                    guard let dot = text.firstIndex(of: "."), let next = constants[String(text[text.index(after: dot)...])]
                    else { break }
                    text = next
                }
                return text
            }
            for (name, value) in constants { values[name] = resolved(value) }
            for (name, value) in fields { values[name] = resolved(value) }
            // Text styles: `h1: TextStyle(` … `fontSize: 20.0,` … `height: 1.0, // Multiplier: 20.0 / 20.0`.
            var style: String?
            for line in lines("typography_tokens.g.dart") {
                if line.hasSuffix(": TextStyle(") {
                    style = String(line.dropLast(": TextStyle(".count))
                    continue
                }
                guard let name = style, let colon = line.firstIndex(of: ":") else { continue }
                let field = String(line[..<colon])
                let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: ", "))
                switch field {
                case "fontSize": values[name + "Size"] = value
                case "letterSpacing": values[name + "Tracking"] = value
                case "fontFamily": values[name + "Font"] = value
                case "height":
                    if let multiplier = line.range(of: "Multiplier: ") {
                        values[name + "LineHeight"] = line[multiplier.upperBound...].components(separatedBy: " /").first
                    }
                case "color": style = nil
                default: break
                }
            }
        }
    }
}
