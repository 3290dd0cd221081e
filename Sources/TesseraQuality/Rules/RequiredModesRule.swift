import Foundation
import Tessera
import TesseraGenerate

/// The `required-modes` rule (diagnostics `lint.required-modes`, an error by default): tokens in
/// a scope vary along the modifiers named (every color token changes with `theme`, say): some
/// permutation changes the token's value when only that modifier's context changes. A modifier
/// the system does not have is always an error, at the setting that names it.
///
/// Settings, under `lint: required-modes:` in `tessera.yml`:
/// - `tokens` and `modifiers`: one requirement, the scope (a tier, `type:color` or a path
///   pattern; `**` by default) and the modifiers its tokens vary along.
/// - `require`: a list of requirements, `[{ tokens, modifiers }]`.
/// - `severity`: `error` (the default), `warning`, `note` or `off`.
///
/// None by default. With `tokens: "color.surface.*"` and `modifiers: [theme]`:
/// ```text
/// base.tokens.json:17:7: error: 'color.surface.quote' has the same value in every context of 'theme'; color.surface.* tokens must vary along it [lint.required-modes]
/// ```
package struct RequiredModesRule: LintRule {
    package struct Requirement: Sendable {
        package var scope: TokenScope
        package var modifiers: [String]
        package var location: SourceLocation?
        package init(scope: TokenScope, modifiers: [String], location: SourceLocation? = nil) {
            self.scope = scope
            self.modifiers = modifiers
            self.location = location
        }
    }

    package var requirements: [Requirement] = []
    package init(requirements: [Requirement] = []) { self.requirements = requirements }

    package var id: String { "required-modes" }
    package var defaultSetting: RuleSetting { .error }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        let numbering = subject.context.numbering
        var found: [Diagnostic] = []
        for requirement in requirements {
            for name in requirement.modifiers {
                guard let place = numbering.modifiers.firstIndex(where: { $0.name == name }) else {
                    let known = numbering.modifiers.map(\.name)
                    let notes = Suggestions.closest(to: name, in: known).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                    found.append(Diagnostic(.lint(id, .error, "required-modes names modifier '\(name)', which the system does not have"
                        + (known.isEmpty ? " (it has no modifiers)" : " (modifiers: \(known.joined(separator: ", ")))")),
                        at: requirement.location, notes: notes))
                    continue
                }
                let radix = numbering.radices[place]
                let contexts = numbering.modifiers[place].contexts.count
                for token in subject.context.tokens where requirement.scope.contains(token) {
                    guard !Self.varies(token, radix: radix, contexts: contexts, count: numbering.count) else { continue }
                    found.append(Diagnostic(.lint(id, severity,
                        "'\(token.path)' has the same value in every context of '\(name)'; \(requirement.scope) tokens must vary along it"),
                        at: subject.location(of: token)))
                }
            }
        }
        return found
    }

    static func varies(_ token: GenerationContext.Token, radix: Int, contexts: Int, count: Int) -> Bool {
        guard token.varies else { return false }
        for permutation in 0..<count where (permutation / radix) % contexts == 0 {
            let value = token.valueIndex(in: permutation)
            for step in 1..<max(1, contexts) where token.valueIndex(in: permutation + step * radix) != value { return true }
        }
        return false
    }
}

extension RequiredModesRule: ConfigurableLintRule {
    package static let settingNames = ["tokens", "modifiers", "require"]

    package init() { self.init(requirements: []) }

    /// One requirement as `tokens:` and `modifiers:`, or several as `require:`, a list of
    /// `{ tokens, modifiers }`; `tokens` is every token (`**`) when not written.
    package init(settings: inout some RuleSettings) {
        var requirements: [Requirement] = []
        settings.entries("require", expected: "a list of { tokens, modifiers }", known: ["tokens", "modifiers"],
            place: "a required-modes entry")
        { entry in
            let scope = TokenScope(entry.string("tokens") ?? "**")
            guard let modifiers = entry.strings("modifiers"), !modifiers.isEmpty else {
                entry.missing("modifiers", in: "a required-modes entry")
                return
            }
            requirements.append(Requirement(scope: scope, modifiers: modifiers, location: entry.location))
        }
        let tokens = settings.string("tokens")
        if let modifiers = settings.strings("modifiers"), !modifiers.isEmpty {
            requirements.append(Requirement(scope: TokenScope(tokens ?? "**"), modifiers: modifiers, location: settings.location))
        }
        self.init(requirements: requirements)
    }
}
