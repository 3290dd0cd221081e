import Foundation
import Tessera
import TesseraGenerate

/// A lint rule: a check over every permutation of a finished token system at once (and, with
/// `--usage`, the app's Swift sources), returning located diagnostics. Its `id` is stable
/// (`tessera.yml` and `--rule id=severity` name it) and is the diagnostic id's suffix: rule
/// `contrast` reports `lint.contrast`, with `DiagnosticMessage.lint(_:_:_:)`. Its settings are
/// its stored properties; a `ConfigurableLintRule` also reads them from the configuration.
/// `Linter.ruleTypes` are the rules Tessera ships.
///
/// `Linter` runs a rule at the `Severity` its `RuleSetting` chose (`defaultSetting` unless the
/// configuration says otherwise), and not at all when that is `.off`.
///
/// Lint rules are not `TokenValidator`s, the checks inside resolution: a validator answers for
/// any subset of one permutation's tokens, so that a redefinition re-validates only what it
/// re-resolved, and runs on every resolution, the runtime's included. Most lint findings are
/// about the whole system across permutations (a value duplicated elsewhere, a token that never
/// changes along a modifier, a pair that fails in 2 of 8 permutations), which no subset of one
/// permutation can answer, and they are asked for on demand, not paid for on every resolution.
public protocol LintRule: Sendable {
    var id: String { get }
    /// The setting when the configuration does not choose one: a severity, or `.off` for a
    /// rule a team turns on.
    var defaultSetting: RuleSetting { get }
    func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic]
    /// The rule as it runs beside `rules` (the rules of one configuration): by default, itself.
    /// A rule that checks what another is set to check (APCA, the contrast rule's pairs) takes
    /// it from there.
    func configured(among rules: [any LintRule]) -> any LintRule
}

/// What the rules read: every token in every permutation, who references whom, and (with
/// `--usage`) what the app's Swift sources use.
public struct LintSubject: Sendable {
    public let context: GenerationContext
    public let permutations: ResolvedPermutations
    package let usage: UsageIndex?
    /// A token's index in `context.tokens`, by path.
    package let index: [String: Int]
    /// Every reference written in any permutation: referencing token, referenced token, and
    /// where it is written. Each place once.
    public let references: [(from: String, to: String, anchor: SourceAnchor)]
    /// The tokens some reference names, and the tokens that reference some other.
    package let referenced: Set<String>
    public let referencing: Set<String>

    public init(_ context: GenerationContext, permutations: ResolvedPermutations, usage: UsageIndex? = nil) {
        self.context = context
        self.permutations = permutations
        self.usage = usage
        var index: [String: Int] = [:]
        index.reserveCapacity(context.tokens.count)
        for (number, token) in context.tokens.enumerated() { index[token.path] = number }
        self.index = index
        var seen: Set<String> = []
        var references: [(String, String, SourceAnchor)] = []
        for tokens in permutations.tokens {
            for definition in tokens.document.tokens {
                // Permutations that read the same file share its definitions: each is read once.
                guard permutations.tokens.count == 1
                    || seen.insert("\(definition.anchor.file.path)\u{0}\(definition.anchor.offset)\u{0}\(definition.path)").inserted
                else { continue }
                for reference in definition.references {
                    references.append((definition.path, reference.path, reference.anchor))
                }
            }
        }
        self.references = references
        referenced = Set(references.map(\.1))
        referencing = Set(references.map(\.0))
    }

    public func token(_ path: String) -> GenerationContext.Token? { index[path].map { context.tokens[$0] } }

    /// The tokens a pattern names.
    package func tokens(matching glob: PathGlob) -> [GenerationContext.Token] {
        context.tokens.filter { glob.matches(names: $0.names) }
    }

    /// Where a token's value in a permutation is defined (its own file for a mode's value).
    public func location(of token: GenerationContext.Token, in permutation: Int? = nil) -> SourceLocation {
        let anchor = permutation.flatMap { permutations.tokens[$0][token.path]?.anchor } ?? token.anchor
        return anchor.location(token: token.path)
    }

    /// The definition of a token in a permutation.
    public func definition(of path: String, in permutation: Int) -> TokenDefinition? {
        permutations.tokens[permutation].document.token(path)
    }

    /// Names a set of permutations for a message (see `GenerationContext.describe`).
    package func describe(_ selected: [Int]) -> String { context.describe(selected) }
}

extension GenerationContext {
    /// Names a set of permutations by what they share, for a message: ` in theme=dark,
    /// contrast=high (2 of 8 permutations)`, ` in every permutation (8)`, or nothing when the
    /// system has no modes.
    package func describe(_ selected: [Int]) -> String {
        guard numbering.count > 1 else { return "" }
        if selected.count == numbering.count { return " in every permutation (\(numbering.count))" }
        var parts: [String] = []
        var covered = 1
        for (modifier, radix) in zip(numbering.modifiers, numbering.radices) where !modifier.contexts.isEmpty {
            let used = Set(selected.map { ($0 / radix) % modifier.contexts.count })
            guard used.count < modifier.contexts.count else {
                covered *= modifier.contexts.count
                continue
            }
            covered *= used.count
            parts.append("\(modifier.name)=" + used.sorted().map { modifier.contexts[$0] }.joined(separator: "|"))
        }
        let count = " (\(selected.count) of \(numbering.count) permutations)"
        if covered == selected.count { return " in " + parts.joined(separator: ", ") + count }
        let names = selected.prefix(3).map(permutationName).joined(separator: ", ")
        return " in " + names + (selected.count > 3 ? " and \(selected.count - 3) more" : "") + count
    }
}

/// Runs lint rules over a token system, each at the severity the configuration gives it.
public struct Linter: Sendable {
    public var rules: [any LintRule]
    /// Setting by rule id; rules not named keep their default.
    package var severities: [String: RuleSetting]

    public init(rules: [any LintRule] = Linter.standardRules, severities: [String: RuleSetting] = [:]) {
        self.rules = rules
        self.severities = severities
    }

    /// Every rule, with default settings (`ruleTypes`, each made with `init()`).
    public static var standardRules: [any LintRule] { ruleTypes.map { $0.init() } }

    /// The rules' ids, in the order they run.
    package static var ruleIDs: [String] { ruleTypes.map { $0.ruleID } }

    /// The severity a rule reports at; nil when it is off.
    public func severity(of rule: any LintRule) -> Severity? {
        (severities[rule.id] ?? rule.defaultSetting).severity
    }

    /// The findings of every rule that is on, rules side by side, in rule order then source order.
    public func run(_ subject: LintSubject) -> [Diagnostic] {
        let active = rules.compactMap { rule in severity(of: rule).map { (rule, $0) } }
        return Parallel.map(active.count) { active[$0].0.check(subject, severity: active[$0].1) }.flatMap { $0 }
    }
}

extension DiagnosticID {
    /// The id of a lint rule's diagnostics.
    package static func lint(_ rule: String) -> DiagnosticID { DiagnosticID(rawValue: "lint." + rule) }
}

extension DiagnosticMessage {
    /// What a lint rule reports: id `lint.<rule>`, at the severity the rule runs at.
    public static func lint(_ rule: String, _ severity: Severity, _ text: String) -> Self {
        Self(.lint(rule), severity, text)
    }
}

/// Two decimals, without trailing zeros.
func short(_ value: Double) -> String { NumberFormatting.twoDecimals(value) }
