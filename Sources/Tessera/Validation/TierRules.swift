/// Tiers: every token is a primitive (global, raw value), a semantic token (alias with a
/// meaning) or a component token (control), and references go one way only — component →
/// semantic → primitive — so that a palette change never depends on a button, and, with
/// `componentsThroughSemantic`, a component never reaches past the semantic tier.
///
/// A token's tier comes from, in order:
/// 1. `$extensions` on the token or its nearest group that says so:
///    `"$extensions": {"dev.tessera": {"tier": "semantic"}}`;
/// 2. `groups`: the longest listed path prefix of the token (`"color.palette": .primitive`);
/// 3. `names`: a word in the name of the resolver set or of the file that defines the token
///    (by default `primitives`, `core`, `global`, `base`… → primitive; `semantic`, `alias`,
///    `functional` → semantic; `components`, `component`, `control` → component).
///
/// A token whose tier none of these gives is not checked.
public struct TierRules: Sendable {
    public enum Tier: Int, Sendable, Comparable, CaseIterable {
        case primitive, semantic, component

        public static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }

        public var name: String {
            switch self {
            case .primitive: "primitive"
            case .semantic: "semantic"
            case .component: "component"
            }
        }

        public init?(name: String) {
            switch name.lowercased() {
            case "primitive", "global", "raw", "core": self = .primitive
            case "semantic", "alias": self = .semantic
            case "component", "control": self = .component
            default: return nil
            }
        }
    }

    /// Path prefixes and their tier.
    public var groups: [String: Tier]
    /// Words in set and file names and their tier.
    public var names: [String: Tier]
    /// Whether component tokens must reach primitives through semantic tokens (by default
    /// they may reference primitives directly).
    public var componentsThroughSemantic: Bool
    /// How serious a reference against the tiers is.
    public var severity: Severity

    public init(groups: [String: Tier] = [:], names: [String: Tier] = TierRules.conventionalNames,
        componentsThroughSemantic: Bool = false, severity: Severity = .warning)
    {
        self.groups = groups
        self.names = names
        self.componentsThroughSemantic = componentsThroughSemantic
        self.severity = severity
    }

    public static let conventionalNames: [String: Tier] = [
        "primitive": .primitive, "primitives": .primitive, "global": .primitive, "core": .primitive, "raw": .primitive,
        "base": .primitive, "palette": .primitive,
        "semantic": .semantic, "semantics": .semantic, "alias": .semantic, "aliases": .semantic, "functional": .semantic,
        "component": .component, "components": .component, "control": .component, "controls": .component,
    ]

    /// The extension key that names a tier.
    package static let extensionKey = "dev.tessera"

    /// Every reference against the tiers in a resolved document: one diagnostic per reference,
    /// naming both tokens and their tiers. `setNames` gives, for a file path, the names of the
    /// resolver sets that list it. With `only`, just the references of those tokens are checked.
    ///
    /// - Complexity: O(g + f) for g groups and f files, then O(1) per reference checked.
    func check(_ state: Resolution, setNames: [String: [String]] = [:], only: [Int]? = nil) -> [Diagnostic] {
        let document = state.document
        guard var tiering = Tiering(self, document, setNames: setNames) else { return [] }
        func tierAt(_ index: Int) -> Tier? { tiering.tier(at: index) }
        var diagnostics: [Diagnostic] = []
        for index in only ?? Array(document.tokens.indices) {
            guard state.edgeStart[index] < state.edgeStart[index + 1], let from = tierAt(index) else { continue }
            for edge in Int(state.edgeStart[index])..<Int(state.edgeStart[index + 1]) {
                let target = Int(state.edges[edge])
                guard let to = tierAt(target) else { continue }
                let skips = from == .component && to == .primitive && componentsThroughSemantic
                guard to > from || skips else { continue }
                let token = document.tokens[index]
                let other = document.tokens[target]
                let rule = skips
                    ? "component tokens reach primitives through semantic tokens"
                    : "references go from component to semantic to primitive tokens, never back"
                diagnostics.append(Diagnostic(
                    .tierDirection(token.path, tier: from.name, references: other.path, otherTier: to.name, rule: rule, severity: severity),
                    at: SourceAnchor(file: token.anchor.file, offset: token.value.offset)
                        .location(pointer: token.pointer + "/$value", token: token.path),
                    notes: [Diagnostic.Note("'\(other.path)' is a \(to.name) token",
                        at: other.location)]))
            }
        }
        return diagnostics
    }

    /// The tier of each token of a resolved document, in the document's order (nil where
    /// nothing gives one): what the tier check reads, for outputs that show tiers.
    public func tiers(of tokens: ResolvedTokens) -> [Tier?] {
        let document = tokens.document
        guard var tiering = Tiering(self, document, setNames: [:]) else { return Array(repeating: nil, count: document.count) }
        return document.tokens.indices.map { tiering.tier(at: $0) }
    }

    /// Tokens' tiers, each worked out when first asked for.
    private struct Tiering {
        let rules: TierRules
        let document: TokenDocument
        let setNames: [String: [String]]
        let groupTiers: [Tier?]
        var fileTiers: [ObjectIdentifier: Tier?] = [:]
        // -2 not yet, -1 none.
        var memo: [Int8]

        /// Nil when nothing could give a token a tier.
        init?(_ rules: TierRules, _ document: TokenDocument, setNames: [String: [String]]) {
            self.rules = rules
            self.document = document
            self.setNames = setNames
            groupTiers = document.groupPropertiesInherited { TierRules.declaredTier($0.extensions) }
            for file in document.files { fileTiers[ObjectIdentifier(file)] = rules.tier(ofFile: file.path, setNames: setNames) }
            let anyDeclared = groupTiers.contains { $0 != nil } || document.tokens.contains { $0.extensions != nil }
            guard anyDeclared || !rules.groups.isEmpty || fileTiers.values.contains(where: { $0 != nil }) else { return nil }
            memo = [Int8](repeating: -2, count: document.count)
        }

        mutating func tier(at index: Int) -> Tier? {
            if memo[index] != -2 { return memo[index] < 0 ? nil : Tier(rawValue: Int(memo[index])) }
            let tier = tierOf(index)
            memo[index] = Int8(tier?.rawValue ?? -1)
            return tier
        }

        private mutating func tierOf(_ index: Int) -> Tier? {
            if let declared = TierRules.declaredTier(document.tokens[index].extensions) { return declared }
            if let declared = groupTiers[Int(document.tokens[index].groupID)] { return declared }
            if !rules.groups.isEmpty {
                let path = document.tokens[index].path
                let prefix = rules.groups.keys.filter { path == $0 || path.hasPrefix($0 + ".") }.max { $0.count < $1.count }
                if let prefix { return rules.groups[prefix] }
            }
            let file = document.tokens[index].anchor.file
            if let known = fileTiers[ObjectIdentifier(file)] { return known }
            let tier = rules.tier(ofFile: file.path, setNames: setNames)
            fileTiers[ObjectIdentifier(file)] = tier
            return tier
        }
    }

    /// The tier the names of a file (and of the resolver sets listing it) say.
    private func tier(ofFile path: String, setNames: [String: [String]]) -> Tier? {
        let fileNames = path.split(separator: "/").suffix(3).reversed().map(String.init)
        for name in (setNames[path] ?? []) + fileNames {
            if let tier = tier(named: name) { return tier }
        }
        return nil
    }

    /// The tier a name says, whole or by its last word that says one.
    private func tier(named name: String) -> Tier? {
        if let tier = names[name.lowercased()] { return tier }
        for word in name.split(whereSeparator: { !$0.isLetter }).map({ $0.lowercased() }).reversed() {
            if let tier = names[word] { return tier }
        }
        return nil
    }

    private static func declaredTier(_ extensions: JSONValue?) -> Tier? {
        (extensions?[extensionKey]?["tier"]?.string).flatMap(Tier.init(name:))
    }
}

extension TierRules {
    /// The settings the tier check takes, on the command line (`--tiers`) and in a resolver's
    /// `$extensions` (`dev.tessera.tiers.severity`): `warning`, `error` or `off`.
    package static let settings: [RuleSetting] = [.warning, .error, .off]

    /// The tier setting a word names: nil for a word that is not one of `settings`.
    package static func setting(named word: String) -> RuleSetting? {
        RuleSetting(rawValue: word).flatMap { settings.contains($0) ? $0 : nil }
    }
}
