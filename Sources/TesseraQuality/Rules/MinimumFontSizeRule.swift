import Foundation
import Tessera
import TesseraGenerate

/// The `min-font-size` rule (diagnostics `lint.min-font-size`, a warning by default):
/// typography styles, and dimensions whose names say they are font sizes (`font-size`,
/// `font.size`, `text.size`…), under a minimum in any permutation. A rem is 16 points; an em is
/// not measured.
///
/// Settings, under `lint: min-font-size:` in `tessera.yml`:
/// - `minimum`: in points; 11 by default, the smallest size Apple's text styles use.
/// - `severity`: `warning` (the default), `error`, `note` or `off`.
///
/// ```text
/// sizes.tokens.json:11:5: warning: 'type.caption' sets text at 10 pt in every permutation (4); the minimum is 11 pt [lint.min-font-size]
/// ```
package struct MinimumFontSizeRule: LintRule {
    package var minimum: Double = 11
    package init(minimum: Double = 11) { self.minimum = minimum }

    package var id: String { "min-font-size" }
    package var defaultSetting: RuleSetting { .warning }

    static func isFontSize(_ token: GenerationContext.Token) -> Bool {
        if token.type == .typography { return true }
        guard token.type == .dimension else { return false }
        let squeezed = token.names.map { $0.lowercased().filter { $0.isLetter } }
        return squeezed.contains { $0.contains("fontsize") } || (squeezed.contains { $0.contains("font") || $0 == "text" || $0 == "type" }
            && squeezed.contains { $0.contains("size") })
    }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        dimensionsBelow(minimum, in: subject, where: Self.isFontSize) { value in
            switch value {
            case .typography(let typography): typography.fontSize
            case .dimension(let dimension): dimension
            default: nil
            }
        }.map { token, size, permutations in
            Diagnostic(.lint(id, severity, "'\(token.path)' sets text at \(short(size)) pt\(subject.describe(permutations)); the minimum is \(short(minimum)) pt"),
                at: subject.location(of: token, in: permutations[0]))
        }
    }
}

extension MinimumFontSizeRule: ConfigurableLintRule {
    package static let settingNames = ["minimum"]

    package init() { self.init(minimum: 11) }

    /// `minimum:`, in points (11 by default).
    package init(settings: inout some RuleSettings) {
        self.init(minimum: settings.number("minimum") ?? 11)
    }
}
