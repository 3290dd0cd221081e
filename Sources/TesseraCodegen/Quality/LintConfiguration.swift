import Foundation
import Tessera
import Yams

/// The `lint:` section of `tessera.yml`: each rule's severity (`error`, `warning`, `note`,
/// `off`) and settings, and the app sources `unused` and `deprecated-in-use` read.
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
    public var severities: [String: RuleSeverity] = [:]
    public var contrastPairs: [ContrastPair] = []
    public var level: ContrastLevel = .aa
    public var apcaMinimum: Double?
    public var naming: [(scope: TokenScope, pattern: String)] = []
    public var descriptions: [TokenScope] = []
    public var requiredModes: [RequiredModesRule.Requirement] = []
    public var nearDuplicates = NearDuplicatesRule()
    public var usage: [String] = []
    public var gamut: ColorSpace?
    public var minimumFontSize: Double = 11
    public var touchTarget = MinimumTouchTargetRule()

    public init() {}

    /// The rules with these settings.
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

    static let settings: [String: [String]] = [
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

extension BuildConfiguration.Reader {
    mutating func number(_ node: Node, key: String) -> Double? {
        if let text = node.string, let value = Double(text), value.isFinite, value >= 0 { return value }
        report(.configInvalidValue(key, expected: "a number of 0 or more", found: Self.kind(node)), at: node)
        return nil
    }

    /// `lint:`.
    mutating func lint(_ node: Node) -> LintConfiguration {
        var configuration = LintConfiguration()
        let rules = Linter.ruleIDs
        for (key, _, value) in members(node, known: ["usage"] + rules, place: "lint") {
            if key == "usage" {
                configuration.usage = strings(value, key: key)
                continue
            }
            if value.string != nil {
                if let severity = choice(value, key: key, RuleSeverity.self) { configuration.severities[key] = severity }
                continue
            }
            // `required-modes: { tokens, modifiers }` is one requirement, `require:` a list of them.
            var single = RequiredModesRule.Requirement(scope: .glob(PathGlob("**")), modifiers: [], location: location(value))
            for (setting, _, option) in members(value, known: LintConfiguration.settings[key] ?? ["severity"], place: "lint rule '\(key)'") {
                switch (key, setting) {
                case ("required-modes", "tokens"): single.scope = TokenScope(string(option, key: setting) ?? "**")
                case ("required-modes", "modifiers"): single.modifiers = strings(option, key: setting)
                default: rule(key, setting, option, into: &configuration)
                }
            }
            if !single.modifiers.isEmpty { configuration.requiredModes.append(single) }
        }
        return configuration
    }

    private mutating func rule(_ rule: String, _ setting: String, _ value: Node, into configuration: inout LintConfiguration) {
        switch (rule, setting) {
        case (_, "severity"):
            if let severity = choice(value, key: setting, RuleSeverity.self) { configuration.severities[rule] = severity }
        case ("contrast", "level"):
            configuration.level = choice(value, key: setting, ContrastLevel.self) ?? .aa
        case ("contrast", "pairs"):
            guard case .sequence(let list) = value else {
                report(.configInvalidValue(setting, expected: "a list of { foreground, background } pairs", found: Self.kind(value)), at: value)
                return
            }
            for entry in list {
                var foreground: String?
                var background: String?
                var kind = ContrastKind.text
                var level: ContrastLevel?
                for (key, _, item) in members(entry, known: ["foreground", "background", "kind", "level"], place: "a contrast pair") {
                    switch key {
                    case "foreground": foreground = string(item, key: key)
                    case "background": background = string(item, key: key)
                    case "kind": kind = choice(item, key: key, ContrastKind.self) ?? .text
                    default: level = choice(item, key: key, ContrastLevel.self)
                    }
                }
                guard case .mapping = entry else { continue }
                guard let foreground, let background else {
                    report(.configMissing("foreground and background", in: "a contrast pair"), at: entry)
                    continue
                }
                configuration.contrastPairs.append(ContrastPair(foreground: foreground, background: background, kind: kind, level: level,
                    location: location(entry)))
            }
        case ("apca", "minimum"): configuration.apcaMinimum = number(value, key: setting)
        case ("naming", "patterns"):
            guard case .mapping(let pairs) = value else {
                report(.configInvalidValue(setting, expected: "a mapping of tier or group to a regular expression", found: Self.kind(value)), at: value)
                return
            }
            for (scope, pattern) in pairs {
                guard let scope = scope.string, let text = string(pattern, key: scope) else { continue }
                do {
                    _ = try NSRegularExpression(pattern: text)
                    configuration.naming.append((TokenScope(scope), text))
                } catch {
                    report(.configInvalidValue(scope, expected: "a regular expression", found: "'\(text)'"), at: pattern)
                }
            }
        case ("descriptions", "tokens"): configuration.descriptions = strings(value, key: setting).map(TokenScope.init)
        case ("required-modes", "require"):
            guard case .sequence(let list) = value else {
                report(.configInvalidValue(setting, expected: "a list of { tokens, modifiers }", found: Self.kind(value)), at: value)
                return
            }
            for entry in list {
                var requirement = RequiredModesRule.Requirement(scope: .glob(PathGlob("**")), modifiers: [], location: location(entry))
                for (key, _, item) in members(entry, known: ["tokens", "modifiers"], place: "a required-modes entry") {
                    if key == "tokens" { requirement.scope = TokenScope(string(item, key: key) ?? "**") } else { requirement.modifiers = strings(item, key: key) }
                }
                if requirement.modifiers.isEmpty {
                    report(.configMissing("modifiers", in: "a required-modes entry"), at: entry)
                } else {
                    configuration.requiredModes.append(requirement)
                }
            }
        case ("near-duplicates", "metric"):
            configuration.nearDuplicates.metric = choice(value, key: setting, NearDuplicatesRule.Metric.self) ?? .deltaE2000
        case ("near-duplicates", "threshold"): configuration.nearDuplicates.threshold = number(value, key: setting)
        case ("gamut", "space"):
            guard let text = value.string, let space = ColorSpace(rawValue: text), space == .srgb || space == .displayP3 else {
                report(.configInvalidValue(setting, expected: "srgb or display-p3", found: Self.kind(value)), at: value)
                return
            }
            configuration.gamut = space
        case ("min-font-size", "minimum"): configuration.minimumFontSize = number(value, key: setting) ?? 11
        case ("min-touch-target", "minimum"): configuration.touchTarget.minimum = number(value, key: setting) ?? 44
        case ("min-touch-target", "tokens"): configuration.touchTarget.scopes = strings(value, key: setting).map(TokenScope.init)
        default: break
        }
    }
}
