import Foundation
import Tessera
import TesseraGenerate

/// The `descriptions` rule (diagnostics `lint.descriptions`, a warning by default): tokens in the
/// configured scopes have a `$description` that is not blank.
///
/// Settings, under `lint: descriptions:` in `tessera.yml`:
/// - `tokens`: the scopes whose tokens need one: tiers, types (`type:color`) or path patterns
///   (`[semantic, "color.**"]`). None by default, and the rule checks nothing without them.
/// - `severity`: `warning` (the default), `error`, `note` or `off`.
///
/// With `tokens: ["color.text.*"]`:
/// ```text
/// base.tokens.json:12:7: warning: 'color.text.muted' has no $description, which color.text.* tokens need [lint.descriptions]
/// ```
package struct DescriptionsRule: LintRule {
    package var scopes: [TokenScope] = []
    package init(scopes: [TokenScope] = []) { self.scopes = scopes }

    package var id: String { "descriptions" }
    package var defaultSetting: RuleSetting { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        guard !scopes.isEmpty else { return [] }
        return subject.context.tokens.compactMap { token in
            guard let scope = scopes.first(where: { $0.contains(token) }),
                (token.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            else { return nil }
            return Diagnostic(.lint(id, severity, "'\(token.path)' has no $description, which \(scope) tokens need"),
                at: subject.location(of: token))
        }
    }
}

extension DescriptionsRule: ConfigurableLintRule {
    package static let settingNames = ["tokens"]

    package init() { self.init(scopes: []) }

    /// `tokens:`, the tiers or globs whose tokens need a `$description`.
    package init(settings: inout some RuleSettings) {
        self.init(scopes: (settings.strings("tokens") ?? []).map(TokenScope.init))
    }
}
