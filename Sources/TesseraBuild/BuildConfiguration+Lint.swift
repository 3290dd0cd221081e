import Foundation
import Tessera
import TesseraGenerate
import TesseraQuality
import Yams

extension BuildConfiguration.Reader {
    mutating func number(_ node: Node, key: String) -> Double? {
        if let text = node.string, let value = Double(text), value.isFinite, value >= 0 { return value }
        report(.configInvalidValue(key, expected: "a number of 0 or more", found: Self.kind(node)), at: node)
        return nil
    }

    /// `lint:`: `usage`, and for each rule of `Linter.ruleTypes` a severity, or its settings
    /// (with `severity` among them), which the rule reads itself (`ConfigurableLintRule`).
    mutating func lint(_ node: Node) -> LintConfiguration {
        var configuration = LintConfiguration()
        let types = Dictionary(uniqueKeysWithValues: Linter.ruleTypes.map { ($0.ruleID, $0) })
        for (key, _, value) in members(node, known: ["usage"] + Linter.ruleTypes.map { $0.ruleID }, place: "lint") {
            if key == "usage" {
                configuration.usage = strings(value, key: key)
                continue
            }
            if value.string != nil {
                if let severity = choice(value, key: key, RuleSetting.self) { configuration.severities[key] = severity }
                continue
            }
            guard let type = types[key] else { continue }
            let written = members(value, known: ["severity"] + type.settingNames, place: "lint rule '\(key)'")
            guard case .mapping = value else { continue }
            var settings = YAMLRuleSettings(reader: self, node: value, members: written)
            if let severity = settings.value("severity").flatMap({ settings.reader.choice($0, key: "severity", RuleSetting.self) }) {
                configuration.severities[key] = severity
            }
            configuration.set(type.init(settings: &settings))
            self = settings.reader
        }
        return configuration
    }
}

/// A lint rule's settings as `tessera.yml` writes them: a YAML mapping, read with the
/// configuration's reader so that every error is located as the others are.
struct YAMLRuleSettings: RuleSettings {
    var reader: BuildConfiguration.Reader
    let node: Node
    let members: [(key: String, keyNode: Node, value: Node)]

    var location: SourceLocation? { reader.location(node) }

    func value(_ key: String) -> Node? { members.first { $0.key == key }?.value }

    func location(of key: String) -> SourceLocation? { value(key).map(reader.location) }

    mutating func string(_ key: String) -> String? { value(key).flatMap { reader.string($0, key: key) } }

    mutating func strings(_ key: String) -> [String]? { value(key).map { reader.strings($0, key: key) } }

    mutating func number(_ key: String) -> Double? { value(key).flatMap { reader.number($0, key: key) } }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        value(key).flatMap { reader.choice($0, key: key, type) }
    }

    mutating func entries(_ key: String, expected: String, known: [String], place: String, _ body: (inout YAMLRuleSettings) -> Void) {
        guard let written = value(key) else { return }
        guard case .sequence(let list) = written else {
            reader.report(.configInvalidValue(key, expected: expected, found: BuildConfiguration.Reader.kind(written)), at: written)
            return
        }
        for entry in list {
            let entryMembers = reader.members(entry, known: known, place: place)
            guard case .mapping = entry else { continue }
            var settings = YAMLRuleSettings(reader: reader, node: entry, members: entryMembers)
            body(&settings)
            reader = settings.reader
        }
    }

    mutating func mapping(_ key: String, expected: String) -> [(name: String, value: String, location: SourceLocation)]? {
        guard let written = value(key) else { return nil }
        guard case .mapping(let pairs) = written else {
            reader.report(.configInvalidValue(key, expected: expected, found: BuildConfiguration.Reader.kind(written)), at: written)
            return nil
        }
        return pairs.compactMap { name, value in
            guard let name = name.string, let text = reader.string(value, key: name) else { return nil }
            return (name, text, reader.location(value))
        }
    }

    mutating func invalid(_ key: String, expected: String, found: String, at location: SourceLocation) {
        reader.report(.configInvalidValue(key, expected: expected, found: found), at: location)
    }

    mutating func missing(_ setting: String, in place: String) {
        reader.report(.configMissing(setting, in: place), at: node)
    }
}
