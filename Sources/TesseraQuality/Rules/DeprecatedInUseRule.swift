import Foundation
import Tessera
import TesseraGenerate

/// The `deprecated-in-use` rule (diagnostics `lint.deprecated-in-use`, a warning by default): a
/// token that is not deprecated itself references a deprecated one, or the app's Swift sources
/// (`lint: usage:`, `--usage`) use one. Each finding is at the reference, with a note at the
/// deprecation.
///
/// Settings, under `lint:` in `tessera.yml`: only the severity, `deprecated-in-use: warning`
/// (the default), `error`, `note` or `off`.
///
/// ```text
/// base.tokens.json:17:28: warning: 'color.surface.quote' uses 'color.text.old', which is deprecated: use color.text.body [lint.deprecated-in-use]
/// base.tokens.json:13:7: note: 'color.text.old' is deprecated here
/// App/Card.swift:5:19: warning: the app uses 'color.text.old', which is deprecated: use color.text.body [lint.deprecated-in-use]
/// base.tokens.json:13:7: note: 'color.text.old' is deprecated here
/// ```
package struct DeprecatedInUseRule: LintRule {
    package init() {}
    package var id: String { "deprecated-in-use" }
    package var defaultSetting: RuleSetting { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func reason(_ token: GenerationContext.Token) -> String {
            token.deprecationMessage.map { $0.isEmpty ? "" : ": \($0)" } ?? ""
        }
        for reference in subject.references {
            guard let target = subject.token(reference.to), target.deprecated != nil,
                subject.token(reference.from)?.deprecated == nil
            else { continue }
            found.append(Diagnostic(.lint(id, severity, "'\(reference.from)' uses '\(reference.to)', which is deprecated\(reason(target))"),
                at: reference.anchor.location(token: reference.from),
                notes: [Diagnostic.Note("'\(reference.to)' is deprecated here", at: subject.location(of: target))]))
        }
        if let usage = subject.usage {
            for token in subject.context.tokens where token.deprecated != nil {
                guard let place = usage.use(of: token) else { continue }
                found.append(Diagnostic(.lint(id, severity, "the app uses '\(token.path)', which is deprecated\(reason(token))"),
                    at: place, notes: [Diagnostic.Note("'\(token.path)' is deprecated here", at: subject.location(of: token))]))
            }
        }
        return found
    }
}

extension DeprecatedInUseRule: ConfigurableLintRule {
    package static let settingNames: [String] = []

    /// No settings but `severity`.
    package init(settings: inout some RuleSettings) { self.init() }
}
