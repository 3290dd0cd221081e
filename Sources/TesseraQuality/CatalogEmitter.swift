import Foundation
import Tessera
import TesseraGenerate

/// A static HTML catalog of a token system: one self-contained page (its style and search
/// script inline, nothing fetched), every token grouped by path, colors as swatches in every
/// appearance side by side, typography as specimens at their sizes, spacing and radii drawn to
/// scale, shadows, borders and gradients drawn, aliases as links, contrast badges from the
/// lint pairs, and a search field.
///
/// Each swatch carries `data-path` and `data-permutation` (its contexts, `theme=dark`), so a
/// check can compare what a browser draws with the resolved values.
public struct CatalogEmitter: Sendable {
    /// The page's title (default: the system's name).
    public var title: String?
    /// The pairs whose WCAG contrast is shown as badges on the foregrounds.
    package var contrastPairs: [ContrastPair] = []
    public var level: ContrastLevel = .aa

    public init(title: String? = nil, contrastPairs: [ContrastPair] = [], level: ContrastLevel = .aa) {
        self.title = title
        self.contrastPairs = contrastPairs
        self.level = level
    }

    /// The permutations shown side by side: all of them when there are at most eight; else light,
    /// dark and their high-contrast forms, then each other context on its own, light and dark.
    package static func columns(_ context: GenerationContext) -> [Int] {
        let count = context.numbering.count
        if count <= 8 { return [context.defaultPermutation] + (0..<count).filter { $0 != context.defaultPermutation } }
        var columns: [Int] = []
        func add(_ permutation: Int) { if !columns.contains(permutation) { columns.append(permutation) } }
        context.appearancePermutations().forEach(add)
        for modifier in context.modifiers {
            for name in modifier.contexts where name != modifier.defaultContext {
                context.appearancePermutations(fixed: [modifier.name: name]).prefix(2).forEach(add)
            }
        }
        return columns
    }

    /// A column's heading: the contexts that differ from the defaults; for the default
    /// permutation, the default contexts of the modifiers the other `columns` change (`light ·
    /// standard` beside `dark` and `high`), `default` when none does.
    static func heading(_ permutation: Int, in context: GenerationContext, columns: [Int] = []) -> String {
        let contexts = context.contexts(of: permutation)
        let changed = context.modifiers.compactMap { modifier in
            contexts[modifier.name].flatMap { $0 == modifier.defaultContext ? nil : $0 }
        }
        if !changed.isEmpty { return changed.joined(separator: " · ") }
        let shown = columns.map(context.contexts(of:))
        let varied = context.modifiers.filter { modifier in shown.contains { $0[modifier.name] != modifier.defaultContext } }
        return varied.isEmpty ? "default" : varied.map(\.defaultContext).joined(separator: " · ")
    }

    /// The permutation's contexts as `modifier=context` pairs, for `data-permutation`.
    static func contextsAttribute(_ permutation: Int, in context: GenerationContext) -> String {
        let contexts = context.contexts(of: permutation)
        return context.modifiers.compactMap { modifier in contexts[modifier.name].map { "\(modifier.name)=\($0)" } }.joined(separator: ",")
    }

    public func emit(_ context: GenerationContext) -> String {
        let columns = Self.columns(context)
        let badges = badges(context)
        let name = title ?? context.name
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.html(name)) — design tokens</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>\(Self.html(name))</h1>
            <p class="summary">\(context.tokens.count) tokens · \(context.numbering.count) permutation\(context.numbering.count == 1 ? "" : "s")\(context.modifiers.isEmpty ? "" : " of " + context.modifiers.map { Self.html($0.name) }.joined(separator: ", "))</p>
            <input id="search" type="search" placeholder="Search tokens by path, type or value" autocomplete="off">
            </header>

            """
        // Top-level groups.
        var groups: [(name: String, tokens: ArraySlice<GenerationContext.Token>)] = []
        var start = 0
        let tokens = context.tokens
        while start < tokens.count {
            let head = tokens[start].names.count > 1 ? tokens[start].names[0] : ""
            var end = start + 1
            while end < tokens.count, (tokens[end].names.count > 1 ? tokens[end].names[0] : "") == head { end += 1 }
            groups.append((head, tokens[start..<end]))
            start = end
        }
        page += "<nav>" + groups.map { "<a href=\"#g-\(Self.html(Self.anchor($0.name)))\">\(Self.html($0.name.isEmpty ? "(top level)" : $0.name))</a>" }
            .joined(separator: " ") + "</nav>\n<main>\n"
        let headings = columns.map { "<th scope=\"col\">\(Self.html(Self.heading($0, in: context, columns: columns)))</th>" }.joined()
        let allGroups = groups
        let sections = Parallel.map(allGroups.count) { index -> String in
            let group = allGroups[index]
            var text = "<section class=\"group\" id=\"g-\(Self.html(Self.anchor(group.name)))\">\n<h2>\(Self.html(group.name.isEmpty ? "(top level)" : group.name))</h2>\n"
            text += "<table>\n<thead><tr><th scope=\"col\">Token</th>\(headings)</tr></thead>\n<tbody>\n"
            for token in group.tokens { text += row(token, columns: columns, context: context, badges: badges[token.path] ?? []) }
            return text + "</tbody>\n</table>\n</section>\n"
        }
        for section in sections { page += section }
        page += "</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// One token: its name, type, description, alias and badges, then its value in each column
    /// (one cell across them when it does not vary).
    func row(_ token: GenerationContext.Token, columns: [Int], context: GenerationContext, badges: [String]) -> String {
        var text = "<tr class=\"token\" id=\"t-\(Self.html(token.path))\" data-path=\"\(Self.html(token.path))\" data-type=\"\(token.type.rawValue)\""
        if token.deprecated != nil { text += " data-deprecated" }
        text += ">\n<th scope=\"row\"><code>\(Self.html(token.path))</code> <span class=\"type\">\(token.type.rawValue)</span>"
        if let alias = token.aliasOf { text += " <a class=\"alias\" href=\"#t-\(Self.html(alias))\">→ \(Self.html(alias))</a>" }
        if let message = token.deprecationMessage { text += " <span class=\"deprecated\">deprecated\(message.isEmpty ? "" : ": " + Self.html(message))</span>" }
        if let description = token.description, !description.isEmpty { text += "<div class=\"description\">\(Self.html(description))</div>" }
        if !badges.isEmpty { text += "<div class=\"badges\">" + badges.joined() + "</div>" }
        text += "</th>\n"
        if token.varies || token.type == .color {
            for permutation in columns {
                text += "<td>" + cell(token.value(in: permutation), token: token, permutation: permutation, context: context) + "</td>"
            }
        } else {
            text += "<td colspan=\"\(columns.count)\">" + cell(token.value, token: token, permutation: context.defaultPermutation, context: context) + "</td>"
        }
        return text + "\n</tr>\n"
    }

    /// A value drawn: a swatch, a specimen, a bar or box to scale, or its text.
    func cell(_ value: TokenValue, token: GenerationContext.Token, permutation: Int, context: GenerationContext) -> String {
        let css = Self.html(CSSEmitter.css(value))
        let text = switch value {
        case .border, .shadow, .transition, .typography, .gradient, .strokeStyle, .cubicBezier, .fontFamily: CSSEmitter.css(value)
        default: TokenDiff.text(value)
        }
        let label = "<span class=\"value\">\(Self.html(text))</span>"
        switch value {
        case .color:
            return "<div class=\"swatch\" data-path=\"\(Self.html(token.path))\" data-permutation=\"\(Self.html(Self.contextsAttribute(permutation, in: context)))\" style=\"background-color: \(css)\"></div>" + label
        case .dimension(let dimension):
            let size = min(640, max(0, dimension.points))
            if token.names.contains(where: { $0.lowercased().contains("radius") || $0.lowercased().contains("radii") || $0.lowercased().contains("corner") }) {
                return "<div class=\"radius\" style=\"border-radius: \(CSSEmitter.number(size))px\"></div>" + label
            }
            return "<div class=\"bar\" style=\"width: \(CSSEmitter.number(size))px\"></div>" + label
        case .typography(let typography):
            var style = "font-family: \(CSSEmitter.fontFamily(typography.fontFamily)); font-size: \(CSSEmitter.dimension(typography.fontSize)); font-weight: \(CSSEmitter.number(typography.fontWeight)); letter-spacing: \(CSSEmitter.dimension(typography.letterSpacing))"
            if let lineHeight = typography.lineHeight { style += "; line-height: \(CSSEmitter.number(lineHeight))" }
            return "<div class=\"specimen\" style=\"\(Self.html(style))\">The quick brown fox jumps over the lazy dog</div>" + label
        case .fontFamily:
            return "<div class=\"specimen\" style=\"font-family: \(css)\">Aa Bb Cc 0123</div>" + label
        case .fontWeight:
            return "<div class=\"specimen\" style=\"font-weight: \(css)\">Aa Bb Cc 0123</div>" + label
        case .shadow:
            return "<div class=\"box\" style=\"box-shadow: \(css)\"></div>" + label
        case .border:
            return "<div class=\"box\" style=\"border: \(css)\"></div>" + label
        case .gradient:
            return "<div class=\"box wide\" style=\"background: linear-gradient(to right, \(css))\"></div>" + label
        default:
            return label
        }
    }

    /// Each foreground's badges: its worst WCAG ratio on each background across every
    /// permutation, passing or not.
    func badges(_ context: GenerationContext) -> [String: [String]] {
        var badges: [String: [String]] = [:]
        for check in ContrastCheck.expand(contrastPairs, level: level, in: context) {
            let minimum = check.kind.wcagMinimum(check.level)
            let ratios = check.combinations.map { ($0.foreground.contrastRatio(on: $0.background), $0.permutations) }
            guard let worst = ratios.min(by: { $0.0 < $1.0 }) else { continue }
            let passes = worst.0 >= minimum
            let title = "\(check.level.rawValue) \(check.kind.label) needs \(short(minimum)):1; worst" + context.describe(worst.1)
            badges[check.foreground.path, default: []].append(
                "<a class=\"badge \(passes ? "pass" : "fail")\" href=\"#t-\(Self.html(check.background.path))\" title=\"\(Self.html(title))\">"
                    + "\(passes ? "✓" : "✗") \(check.level.rawValue) \(short(worst.0)):1 on \(Self.html(check.background.path))</a>")
        }
        return badges
    }

    static func anchor(_ name: String) -> String { name.isEmpty ? "top" : name }

    /// Text for HTML: `& < > " '` escaped.
    static func html(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    static let style = """
        :root { color-scheme: light; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1f; background: #fff; }
        body { margin: 0; }
        header { position: sticky; top: 0; z-index: 1; background: #fffffff0; border-bottom: 1px solid #ddd; padding: 12px 24px; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
        h1 { font-size: 20px; margin: 0; }
        .summary { color: #666; margin: 0; }
        #search { margin-left: auto; min-width: 280px; padding: 6px 10px; font: inherit; border: 1px solid #bbb; border-radius: 6px; }
        nav { padding: 8px 24px; display: flex; gap: 12px; flex-wrap: wrap; }
        main { padding: 0 24px 48px; }
        h2 { font-size: 16px; margin: 24px 0 8px; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; vertical-align: top; padding: 8px; border-bottom: 1px solid #eee; }
        thead th { font-weight: 600; color: #555; font-size: 12px; white-space: nowrap; }
        tbody th { font-weight: normal; min-width: 260px; }
        code { font: 13px ui-monospace, "SF Mono", Menlo, monospace; }
        .type { color: #888; font-size: 11px; }
        .alias { font-size: 12px; margin-left: 4px; }
        .description { color: #555; font-size: 12px; margin-top: 2px; }
        .deprecated { color: #a15c00; font-size: 12px; }
        .swatch { width: 72px; height: 40px; border-radius: 6px; border: 1px solid #0002;
          background-image: none; box-shadow: inset 0 0 0 1px #fff3; }
        td:has(.swatch) { background: repeating-conic-gradient(#f3f3f3 0% 25%, #fff 0% 50%) 0 0 / 12px 12px; }
        .value { display: block; font: 11px ui-monospace, monospace; color: #555; margin-top: 4px; word-break: break-all; }
        .bar { height: 12px; background: #5b8def; border-radius: 2px; min-width: 1px; }
        .radius { width: 64px; height: 40px; background: #dfe8fb; border: 2px solid #5b8def; }
        .box { width: 72px; height: 40px; background: #fff; border-radius: 6px; margin: 6px; }
        .box.wide { width: 160px; }
        .specimen { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 640px; }
        .badges { margin-top: 4px; display: flex; gap: 4px; flex-wrap: wrap; }
        .badge { font-size: 11px; padding: 1px 6px; border-radius: 9px; text-decoration: none; }
        .badge.pass { background: #e3f6e8; color: #14632b; }
        .badge.fail { background: #fde7e7; color: #9b1c1c; }
        tr[data-deprecated] code { text-decoration: line-through; }
        tr:target { outline: 2px solid #5b8def; }
        .hidden { display: none; }
        """

    static let script = """
        const search = document.getElementById('search');
        search.addEventListener('input', () => {
          const words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
          for (const group of document.querySelectorAll('section.group')) {
            let shown = 0;
            for (const row of group.querySelectorAll('tr.token')) {
              const text = row.textContent.toLowerCase() + ' ' + row.dataset.path.toLowerCase();
              const match = words.every(word => text.includes(word));
              row.classList.toggle('hidden', !match);
              if (match) shown++;
            }
            group.classList.toggle('hidden', shown === 0);
          }
        });
        """
}
