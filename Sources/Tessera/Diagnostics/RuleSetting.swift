/// What a user chooses for a rule: the `Severity` its findings are reported at, or off.
///
/// There is one scale of severities, the diagnostics' own; a setting adds only "off". It is
/// spelled `error`, `warning`, `note` or `off` wherever it is written: a rule of `tessera.yml`'s
/// `lint:` section, `tessera lint --rule id=…`, the tier check's `--tiers` and a resolver's
/// `dev.tessera.tiers.severity` (those two take `warning`, `error` or `off`).
///
/// ```swift
/// let setting = RuleSetting(rawValue: "warning")   // .on(.warning), also written .warning
/// setting?.severity                                 // .warning; nil for .off
/// ```
public enum RuleSetting: Sendable, Hashable {
    /// The rule runs and reports at this severity.
    case on(Severity)
    /// The rule does not run.
    case off

    public static let error = RuleSetting.on(.error)
    public static let warning = RuleSetting.on(.warning)
    public static let note = RuleSetting.on(.note)

    /// The severity findings are reported at; nil when the rule is off.
    public var severity: Severity? {
        switch self {
        case .on(let severity): severity
        case .off: nil
        }
    }
}

extension RuleSetting: RawRepresentable, CaseIterable, CustomStringConvertible {
    /// `error`, `warning`, `note` or `off`.
    public init?(rawValue: String) {
        if rawValue == "off" {
            self = .off
        } else if let severity = Severity(rawValue: rawValue) {
            self = .on(severity)
        } else {
            return nil
        }
    }

    public var rawValue: String { severity?.rawValue ?? "off" }

    /// Every setting, most serious first.
    public static var allCases: [RuleSetting] { [.error, .warning, .note, .off] }

    public var description: String { rawValue }
}
