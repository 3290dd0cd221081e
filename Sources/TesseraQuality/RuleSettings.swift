import Tessera

/// One lint rule's settings as the configuration writes them (`lint: { contrast: { level: AAA } }`
/// in `tessera.yml`), for the rule's `init(settings:)` to read. Unknown settings and `severity`
/// are dealt with before the rule sees them; a value of the wrong type is an error at its line
/// and column (and reads as nil), so a rule reads only what it wants and says only what is
/// wrong with its own settings.
public protocol RuleSettings {
    /// Where the rule's entry — or, inside `entries(_:expected:known:place:_:)`, the list
    /// entry — is written.
    var location: SourceLocation? { get }
    /// Where the value of a setting is written; nil when it is not written.
    func location(of key: String) -> SourceLocation?
    /// A string; nil when the setting is not written or is not a string.
    mutating func string(_ key: String) -> String?
    /// A list of strings, or one string; nil when the setting is not written.
    mutating func strings(_ key: String) -> [String]?
    /// A number of 0 or more; nil when the setting is not written or is not one.
    mutating func number(_ key: String) -> Double?
    /// One of a choice's names (an error lists them, with the closest suggested).
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) -> Choice?
    where Choice.RawValue == String
    /// Reads each entry of a list of mappings with `body`, given the entry's own settings (whose
    /// keys are `known`; `place` names an entry in messages). Not a list: an error saying what
    /// was `expected`, and nothing read.
    mutating func entries(_ key: String, expected: String, known: [String], place: String, _ body: (inout Self) -> Void)
    /// A mapping's names and their string values, each with where its value is written, in
    /// order; nil (and an error saying what was `expected`) when the value is not a mapping.
    mutating func mapping(_ key: String, expected: String) -> [(name: String, value: String, location: SourceLocation)]?
    /// `'key' must be <expected>, found <found>`, at `location`.
    mutating func invalid(_ key: String, expected: String, found: String, at location: SourceLocation)
    /// `<place> needs '<setting>'`, at the entry.
    mutating func missing(_ setting: String, in place: String)
}

/// A lint rule that reads its own settings: the one file that defines a rule declares its id
/// and default severity (`LintRule`), its settings and how they are read, and documents them.
/// `Linter.ruleTypes` lists every such rule Tessera ships; the configuration's `lint:` keys, the
/// settings each accepts and `tessera lint --rule` are derived from that list.
public protocol ConfigurableLintRule: LintRule {
    /// The settings the rule reads besides `severity`, as `tessera.yml` names them.
    static var settingNames: [String] { get }
    /// The rule with its default settings.
    init()
    /// The rule with the settings written (defaults for the rest).
    init(settings: inout some RuleSettings)
}

extension ConfigurableLintRule {
    /// The rule's id, as the configuration and `--rule` name it.
    public static var ruleID: String { Self().id }
}

extension LintRule {
    public func configured(among rules: [any LintRule]) -> any LintRule { self }
}

extension Linter {
    /// Every rule Tessera ships, in the order they run.
    public static let ruleTypes: [any ConfigurableLintRule.Type] = [
        ContrastRule.self, APCARule.self, NamingRule.self, DescriptionsRule.self, RequiredModesRule.self, DuplicatesRule.self,
        NearDuplicatesRule.self, UnusedRule.self, DeprecatedInUseRule.self, GamutRule.self, MinimumFontSizeRule.self,
        MinimumTouchTargetRule.self,
    ]
}
