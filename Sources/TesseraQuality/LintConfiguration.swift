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
    package var contrastPairs: [ContrastPair] = []
    package var level: ContrastLevel = .aa
    package var apcaMinimum: Double?
    package var naming: [(scope: TokenScope, pattern: String)] = []
    package var descriptions: [TokenScope] = []
    package var requiredModes: [RequiredModesRule.Requirement] = []
    package var nearDuplicates = NearDuplicatesRule()
    package var usage: [String] = []
    package var gamut: ColorSpace?
    package var minimumFontSize: Double = 11
    package var touchTarget = MinimumTouchTargetRule()

    package init() {}

    /// The rules with these settings, as `tessera lint` runs them:
    /// `configuration.lint.linter.run(LintSubject(context, permutations: permutations))`.
    public var linter: Linter {
        Linter(rules: [
            ContrastRule(pairs: contrastPairs, level: level),
            APCARule(pairs: contrastPairs, level: level, minimum: apcaMinimum),
            NamingRule(patterns: naming),
            DescriptionsRule(scopes: descriptions),
            RequiredModesRule(requirements: requiredModes),
            DuplicatesRule(),
            nearDuplicates,
            UnusedRule(),
            DeprecatedInUseRule(),
            GamutRule(space: gamut),
            MinimumFontSizeRule(minimum: minimumFontSize),
            touchTarget,
        ], severities: severities)
    }

    package static let settings: [String: [String]] = [
        "contrast": ["severity", "level", "pairs"],
        "apca": ["severity", "minimum"],
        "naming": ["severity", "patterns"],
        "descriptions": ["severity", "tokens"],
        "required-modes": ["severity", "tokens", "modifiers", "require"],
        "duplicates": ["severity"],
        "near-duplicates": ["severity", "metric", "threshold"],
        "unused": ["severity"],
        "deprecated-in-use": ["severity"],
        "gamut": ["severity", "space"],
        "min-font-size": ["severity", "minimum"],
        "min-touch-target": ["severity", "minimum", "tokens"],
    ]
}
