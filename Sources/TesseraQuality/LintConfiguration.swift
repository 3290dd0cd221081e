import Foundation
import Tessera
import TesseraGenerate

/// The `lint:` section of `tessera.yml`: each rule's severity (`error`, `warning`, `note`,
/// `off`) and settings, and the app sources `unused` and `deprecated-in-use` read.
/// A configuration read from `tessera.yml` has one (`BuildConfiguration.lint`); its `linter`
/// runs the standard rules with these settings.
///
/// ```yaml
/// lint:
///   usage: [Sources]                       # Swift sources that use the tokens
///   contrast:
///     level: AA                            # AA (default) or AAA
///     pairs:
///       - { foreground: "color.text.*", background: "color.background.*" }
///       - { foreground: color.focus, background: "color.background.*", kind: non-text }
///   apca: { severity: warning, minimum: 60 }
///   naming: { patterns: { "**": "^[a-z0-9]+(-[a-z0-9]+)*$" } }
///   descriptions: { tokens: [semantic] }
///   required-modes: { tokens: "type:color", modifiers: [theme] }
///   duplicates: warning
///   near-duplicates: { metric: deltaE2000, threshold: 1 }
///   deprecated-in-use: error
///   gamut: { space: srgb }
///   min-font-size: { minimum: 11 }
///   min-touch-target: { minimum: 44, tokens: ["**.touch.**"] }
/// ```
public struct LintConfiguration: Sendable {
    package var severities: [String: RuleSetting] = [:]
    package var usage: [String] = []
    /// Every rule of `Linter.ruleTypes`, in that order, with the settings the configuration
    /// gives it (its defaults when it gives none).
    package private(set) var rules: [any LintRule] = Linter.standardRules

    package init() {}

    /// The rule of this type, with its settings.
    package func rule<Rule: LintRule>(_ type: Rule.Type) -> Rule? {
        rules.lazy.compactMap { $0 as? Rule }.first
    }

    /// Puts `rule` in place of the rule with its id.
    package mutating func set(_ rule: any LintRule) {
        if let index = rules.firstIndex(where: { $0.id == rule.id }) { rules[index] = rule } else { rules.append(rule) }
    }

    /// The rules with these settings, as `tessera lint` runs them:
    /// `configuration.lint.linter.run(LintSubject(context, permutations: permutations))`.
    public var linter: Linter {
        Linter(rules: rules.map { $0.configured(among: rules) }, severities: severities)
    }

    /// The contrast rule's pairs and level (the catalog page shows them too).
    package var contrastPairs: [ContrastPair] { rule(ContrastRule.self)?.pairs ?? [] }
    package var level: ContrastLevel { rule(ContrastRule.self)?.level ?? .aa }

    /// Each rule's settings besides `severity`, by rule id.
    package static var settings: [String: [String]] {
        Dictionary(uniqueKeysWithValues: Linter.ruleTypes.map { ($0.ruleID, $0.settingNames) })
    }
}
