import Foundation
import Tessera
import TesseraGenerate

/// The `min-touch-target` rule (diagnostics `lint.min-touch-target`, a warning by default):
/// touch target sizes under a minimum in any permutation. The tokens are the dimensions and
/// numbers a name containing `touch`, `hit-target` or `tap-target` marks (the Gentle spec's
/// `spacing.touch`), or those `tokens` names.
///
/// Settings, under `lint: min-touch-target:` in `tessera.yml`:
/// - `minimum`: in points; 44 by default, Apple's minimum hit target.
/// - `tokens`: the scopes to check instead of the names above (`["**.touch.**"]`); none by default.
/// - `severity`: `warning` (the default), `error`, `note` or `off`.
///
/// ```text
/// sizes.tokens.json:4:5: warning: touch target 'size.touch' is 40 pt in every permutation (4); the minimum is 44 pt [lint.min-touch-target]
/// ```
package struct MinimumTouchTargetRule: LintRule {
    package var minimum: Double = 44
    package var scopes: [TokenScope] = []
    package init(minimum: Double = 44, scopes: [TokenScope] = []) {
        self.minimum = minimum
        self.scopes = scopes
    }

    package var id: String { "min-touch-target" }
    package var defaultSetting: RuleSetting { .warning }

    func isTarget(_ token: GenerationContext.Token) -> Bool {
        guard token.type == .dimension || token.type == .number else { return false }
        if !scopes.isEmpty { return scopes.contains { $0.contains(token) } }
        return token.names.contains { name in
            let squeezed = name.lowercased().filter { $0.isLetter }
            return squeezed.contains("touch") || squeezed.contains("hittarget") || squeezed.contains("taptarget")
        }
    }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        dimensionsBelow(minimum, in: subject, where: isTarget) { value in
            switch value {
            case .dimension(let dimension): dimension
            case .number(let number): TokenDimension(number, .px)
            default: nil
            }
        }.map { token, size, permutations in
            Diagnostic(.lint(id, severity, "touch target '\(token.path)' is \(short(size)) pt\(subject.describe(permutations)); the minimum is \(short(minimum)) pt"),
                at: subject.location(of: token, in: permutations[0]))
        }
    }
}

extension MinimumTouchTargetRule: ConfigurableLintRule {
    package static let settingNames = ["minimum", "tokens"]

    package init() { self.init(minimum: 44) }

    /// `minimum:`, in points (44 by default), and `tokens:`, the globs of the tokens that size
    /// touch targets.
    package init(settings: inout some RuleSettings) {
        self.init(minimum: settings.number("minimum") ?? 44, scopes: (settings.strings("tokens") ?? []).map(TokenScope.init))
    }
}
