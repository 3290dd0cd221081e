import Foundation
import Tessera
import TesseraGenerate

/// The `duplicates` rule (diagnostics `lint.duplicates`, a warning by default): primitives (tokens
/// whose values are written out, not referenced) with the same type and the same value as an
/// earlier one of the same top-level group in every permutation (`color.ink` and `color.black`).
/// Scales of different groups that share values — `spacing.4` and `radius.4` both 4px — are
/// different design decisions and are not reported. Deprecated tokens are left out.
///
/// Settings, under `lint:` in `tessera.yml`: only the severity, `duplicates: warning` (the
/// default), `error`, `note` or `off`.
///
/// ```text
/// base.tokens.json:8:5: warning: 'color.ink' has the same value as 'color.black' in every permutation; reference it or keep one [lint.duplicates]
/// base.tokens.json:5:5: note: 'color.black' is here
/// ```
package struct DuplicatesRule: LintRule {
    package init() {}
    package var id: String { "duplicates" }
    package var defaultSetting: RuleSetting { .warning }

    struct Key: Hashable {
        /// The token's top-level group (its first name).
        let group: Substring
        let type: TokenType
        let values: [TokenValue]
        let indices: [Int32]
    }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        var first: [Key: GenerationContext.Token] = [:]
        var found: [Diagnostic] = []
        for token in literalTokens(subject) where token.deprecated == nil {
            let group = token.path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let key = Key(group: group, type: token.type, values: token.values, indices: token.valueIndices)
            guard let earlier = first[key] else {
                first[key] = token
                continue
            }
            found.append(Diagnostic(.lint(id, severity, "'\(token.path)' has the same value as '\(earlier.path)' in every permutation; reference it or keep one"),
                at: subject.location(of: token), notes: [Diagnostic.Note("'\(earlier.path)' is here", at: subject.location(of: earlier))]))
        }
        return found
    }
}

extension DuplicatesRule: ConfigurableLintRule {
    package static let settingNames: [String] = []

    /// No settings but `severity`.
    package init(settings: inout some RuleSettings) { self.init() }
}
