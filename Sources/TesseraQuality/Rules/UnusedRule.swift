import Foundation
import Tessera
import TesseraGenerate

/// The `unused` rule (diagnostics `lint.unused`, a warning by default): tokens no other token
/// references and the app's Swift sources do not use, by generated accessor
/// (`Tokens.Color.Text.primary`, `Color.Text.primary`) or by path in a string
/// (`"color.text.primary"`, `"color/text/primary"`, `"{color.text.primary}"`). It runs only
/// when there are sources to look in.
///
/// Settings, in `tessera.yml`: the sources are `lint: usage: [Sources]` (folders, none by
/// default) and `--usage DIR`; the severity is `unused: warning` (the default), `error`, `note`
/// or `off`.
///
/// With `usage: [App]`:
/// ```text
/// base.tokens.json:8:5: warning: 'color.ink' is used by no token and by no Swift source in App [lint.unused]
/// ```
package struct UnusedRule: LintRule {
    package init() {}
    package var id: String { "unused" }
    package var defaultSetting: RuleSetting { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        guard let usage = subject.usage else { return [] }
        return subject.context.tokens.compactMap { token in
            guard !subject.referenced.contains(token.path), usage.use(of: token) == nil else { return nil }
            return Diagnostic(.lint(id, severity,
                "'\(token.path)' is used by no token and by no Swift source in \(usage.folders.joined(separator: ", "))"
                    + (token.deprecated != nil ? "; it is deprecated and can be removed" : "")),
                at: subject.location(of: token))
        }
    }
}

extension UnusedRule: ConfigurableLintRule {
    package static let settingNames: [String] = []

    /// No settings but `severity`.
    package init(settings: inout some RuleSettings) { self.init() }
}
