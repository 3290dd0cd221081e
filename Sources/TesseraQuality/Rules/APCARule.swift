import Foundation
import Tessera
import TesseraGenerate

/// The `apca` rule (diagnostics `lint.apca`, a note by default): a second opinion on the
/// `contrast` rule's pairs. A pair that passes WCAG 2.x but whose APCA lightness contrast |Lc|
/// is under the minimum for its kind (60 for text, 45 for large text, 30 for non-text) is
/// reported, once per distinct pair of values.
///
/// Settings, under `lint: apca:` in `tessera.yml` (the pairs and level are `contrast`'s):
/// - `minimum`: the |Lc| every kind needs instead of its own (none by default).
/// - `severity`: `note` (the default), `error`, `warning` or `off`.
///
/// With `minimum: 90`:
/// ```text
/// dark.tokens.json:7:7: note: 'color.text.body' on 'color.surface.base' passes WCAG AA but its APCA Lc is -30.56 in theme=dark (2 of 4 permutations); text reads best from |Lc| 90 [lint.apca]
/// ```
package struct APCARule: LintRule {
    package var pairs: [ContrastPair] = []
    package var level: ContrastLevel = .aa
    /// |Lc| every kind needs instead of its own minimum.
    package var minimum: Double?
    package init(pairs: [ContrastPair] = [], level: ContrastLevel = .aa, minimum: Double? = nil) {
        self.pairs = pairs
        self.level = level
        self.minimum = minimum
    }

    package var id: String { "apca" }
    package var defaultSetting: RuleSetting { .note }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        let checks = ContrastCheck.expand(pairs, level: level, in: subject.context)
        var found: [Diagnostic] = []
        for check in checks {
            let needed = minimum ?? check.kind.apcaMinimum
            for (foreground, background, permutations) in check.combinations {
                guard foreground.contrastRatio(on: background) >= check.kind.wcagMinimum(check.level) else { continue }
                let lc = foreground.apcaContrast(on: background)
                guard abs(lc) < needed else { continue }
                let text = "'\(check.foreground.path)' on '\(check.background.path)' passes WCAG \(check.level.rawValue) but its APCA Lc is "
                    + "\(short(lc))\(subject.describe(permutations)); \(check.kind.label) reads best from |Lc| \(short(needed))"
                found.append(Diagnostic(.lint(id, severity, text), at: subject.location(of: check.foreground, in: permutations[0])))
            }
        }
        return found
    }
}

extension APCARule: ConfigurableLintRule {
    package static let settingNames = ["minimum"]

    package init() { self.init(pairs: []) }

    /// `minimum:`, the lowest Lc any pair may have. The pairs and the level are the `contrast`
    /// rule's (`configured(among:)`).
    package init(settings: inout some RuleSettings) {
        self.init(minimum: settings.number("minimum"))
    }

    /// This rule checking the contrast rule's pairs at its level.
    package func configured(among rules: [any LintRule]) -> any LintRule {
        guard let contrast = rules.lazy.compactMap({ $0 as? ContrastRule }).first else { return self }
        return APCARule(pairs: contrast.pairs, level: contrast.level, minimum: minimum)
    }
}
