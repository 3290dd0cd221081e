import Foundation
import Tessera
import TesseraGenerate

/// The `naming` rule (diagnostics `lint.naming`, a warning by default): every name of a token's
/// path matches the regular expression of its tier, type or group; a token that does not is
/// reported at its first name that does not.
///
/// Settings, under `lint: naming:` in `tessera.yml`:
/// - `patterns`: a mapping of scope (a tier, `type:color`, or a path pattern) to a regular
///   expression: `{ primitive: "^[a-z0-9]+(-[a-z0-9]+)*$", "component.**": "^[a-z][A-Za-z0-9]*$" }`.
///   None by default, and the rule checks nothing without them.
/// - `severity`: `warning` (the default), `error`, `note` or `off`.
///
/// With `patterns: { "color.**": "^[a-z0-9]+(-[a-z0-9]+)*$" }`:
/// ```text
/// base.tokens.json:9:5: warning: name 'Wide' of 'color.Wide' does not match the pattern of color.**: ^[a-z0-9]+(-[a-z0-9]+)*$ [lint.naming]
/// ```
package struct NamingRule: LintRule {
    package var patterns: [(scope: TokenScope, pattern: String)] = []
    package init(patterns: [(scope: TokenScope, pattern: String)] = []) { self.patterns = patterns }

    package var id: String { "naming" }
    package var defaultSetting: RuleSetting { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (scope, pattern) in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            var verdicts: [String: Bool] = [:]
            for token in subject.context.tokens where scope.contains(token) {
                for name in token.names {
                    let fits = verdicts[name] ?? {
                        let range = NSRange(name.startIndex..., in: name)
                        let fits = expression.firstMatch(in: name, range: range) != nil
                        verdicts[name] = fits
                        return fits
                    }()
                    guard !fits else { continue }
                    found.append(Diagnostic(.lint(id, severity, "name '\(name)' of '\(token.path)' does not match the pattern of \(scope): \(pattern)"),
                        at: subject.location(of: token)))
                    break
                }
            }
        }
        return found
    }
}

extension NamingRule: ConfigurableLintRule {
    package static let settingNames = ["patterns"]

    package init() { self.init(patterns: []) }

    /// `patterns:`, a mapping of a tier (`primitive`, `semantic`, `component`) or a group glob to
    /// the regular expression every name under it must match.
    package init(settings: inout some RuleSettings) {
        var patterns: [(scope: TokenScope, pattern: String)] = []
        for (scope, text, location) in settings.mapping("patterns", expected: "a mapping of tier or group to a regular expression") ?? [] {
            if (try? NSRegularExpression(pattern: text)) == nil {
                settings.invalid(scope, expected: "a regular expression", found: "'\(text)'", at: location)
            } else {
                patterns.append((TokenScope(scope), text))
            }
        }
        self.init(patterns: patterns)
    }
}
