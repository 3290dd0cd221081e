import Foundation
import Tessera
import TesseraGenerate
import TesseraQuality
import TesseraQuality
import Yams

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
                if let severity = choice(value, key: key, RuleSetting.self) { configuration.severities[key] = severity }
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
            if let severity = choice(value, key: setting, RuleSetting.self) { configuration.severities[rule] = severity }
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
