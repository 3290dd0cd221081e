import Foundation
import Tessera
import TesseraGenerate

/// The `contrast` rule (diagnostics `lint.contrast`, an error by default): the WCAG 2.x
/// contrast of every declared foreground on each of its backgrounds, in every permutation, the
/// foreground composited over the background first. A pair's permutations are grouped by their
/// (foreground value, background value) and each combination is measured once. A failure names
/// the pair, the permutations, the ratio and the APCA Lc, and the nearest OKLCH lightness of the
/// foreground that passes: a fix-it where the color is written out, a note where it is an alias.
///
/// Settings, under `lint: contrast:` in `tessera.yml`:
/// - `pairs`: `[{ foreground, background, kind, level }]`, paths or patterns of color tokens;
///   `kind` is `text` (the default), `large-text` or `non-text`; `level` overrides the rule's.
///   None by default: a token may also declare its own backgrounds in
///   `$extensions["dev.tessera.contrast"]` (`{ "background": ["{color.surface}"], "kind": … }`).
/// - `level`: `AA` (the default: 4.5:1 for text, 3:1 for large text) or `AAA` (7:1, 4.5:1);
///   non-text contrast needs 3:1 at either.
/// - `severity`: `error` (the default), `warning`, `note` or `off`.
///
/// With `pairs: [{ foreground: "color.text.*", background: color.surface.base }]`:
/// ```text
/// dark.tokens.json:8:7: error: 'color.text.muted' on 'color.surface.base' has a contrast of 2.16:1 in theme=dark, contrast=standard (1 of 4 permutations); WCAG AA text needs 4.5:1 [lint.contrast]
/// dark.tokens.json:8:7: note: foreground #444444, background #000000; APCA Lc -9.83
/// dark.tokens.json:4:7: note: the background 'color.surface.base' is here
/// dark.tokens.json:8:28: fix-it: the nearest lightness that passes is OKLCH L 0.56: #747474 (4.5:1)
/// ```
package struct ContrastRule: LintRule {
    package var pairs: [ContrastPair] = []
    package var level: ContrastLevel = .aa
    package init(pairs: [ContrastPair] = [], level: ContrastLevel = .aa) {
        self.pairs = pairs
        self.level = level
    }

    package var id: String { "contrast" }
    package var defaultSetting: RuleSetting { .error }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        let checks = ContrastCheck.expand(pairs, level: level, in: subject.context)
        return Parallel.map(checks.count) { index -> [Diagnostic] in
            let check = checks[index]
            let minimum = check.kind.wcagMinimum(check.level)
            return check.combinations.compactMap { foreground, background, permutations in
                let ratio = foreground.contrastRatio(on: background)
                guard ratio < minimum else { return nil }
                return diagnostic(check, foreground, background, permutations, ratio: ratio, minimum: minimum, subject, severity)
            }
        }.flatMap { $0 }
    }

    private func diagnostic(_ check: ContrastCheck, _ foreground: TokenColor, _ background: TokenColor, _ permutations: [Int],
        ratio: Double, minimum: Double, _ subject: LintSubject, _ severity: Severity) -> Diagnostic
    {
        let first = permutations[0]
        let where_ = subject.describe(permutations)
        let text = "'\(check.foreground.path)' on '\(check.background.path)' has a contrast of \(short(ratio)):1\(where_); "
            + "WCAG \(check.level.rawValue) \(check.kind.label) needs \(short(minimum)):1"
        var notes = [
            Diagnostic.Note("foreground \(foreground.hexString(includeAlpha: false))\(foreground.alpha < 1 ? " at \(short(foreground.alpha * 100))% opacity" : ""), background \(background.hexString(includeAlpha: false)); APCA Lc \(short(foreground.apcaContrast(on: background)))"),
            Diagnostic.Note("the background '\(check.background.path)' is here", at: subject.location(of: check.background, in: first)),
        ]
        var fixIts: [Diagnostic.FixIt] = []
        if let fixed = foreground.nearestLightness(reaching: minimum, on: background) {
            let lightness = fixed.converted(to: .oklch).numericComponents[0]
            let advice = "the nearest lightness that passes is OKLCH L \(short(lightness)): \(fixed.hexString(includeAlpha: false)) (\(short(fixed.contrastRatio(on: background))):1)"
            let definition = subject.definition(of: check.foreground.path, in: first)
            if let definition, definition.references.isEmpty, !definition.anchor.file.bytes.isEmpty {
                var color = fixed
                color.hex = nil
                fixIts.append(Diagnostic.FixIt(advice, replacingValueAt: SourceAnchor(file: definition.anchor.file, offset: definition.value.offset),
                    with: color.dtcgJSONText))
            } else {
                let source = subject.permutations.tokens[first][check.foreground.path]?.aliasOf
                notes.append(Diagnostic.Note(advice + (source.map { "; '\(check.foreground.path)' takes its color from '\($0)' there" } ?? "")))
            }
        } else {
            notes.append(Diagnostic.Note("no lightness of this hue reaches \(short(minimum)):1 on this background; change the background"))
        }
        if check.level != level { notes.append(Diagnostic.Note("the pair asks for level \(check.level.rawValue)")) }
        return Diagnostic(.lint(id, severity, text), at: subject.location(of: check.foreground, in: first), notes: notes, fixIts: fixIts)
    }
}

extension ContrastRule: ConfigurableLintRule {
    package static let settingNames = ["level", "pairs"]

    package init() { self.init(pairs: []) }

    /// `level: AA` (the default) or `AAA`; `pairs:`, a list of `{ foreground, background }`
    /// globs, each with an optional `kind` (`text`, `large-text`, `non-text`) and `level`.
    package init(settings: inout some RuleSettings) {
        var pairs: [ContrastPair] = []
        settings.entries("pairs", expected: "a list of { foreground, background } pairs",
            known: ["foreground", "background", "kind", "level"], place: "a contrast pair")
        { entry in
            let foreground = entry.string("foreground")
            let background = entry.string("background")
            let kind = entry.choice("kind", ContrastKind.self) ?? .text
            let level = entry.choice("level", ContrastLevel.self)
            guard let foreground, let background else {
                entry.missing("foreground and background", in: "a contrast pair")
                return
            }
            pairs.append(ContrastPair(foreground: foreground, background: background, kind: kind, level: level, location: entry.location))
        }
        self.init(pairs: pairs, level: settings.choice("level", ContrastLevel.self) ?? .aa)
    }
}
