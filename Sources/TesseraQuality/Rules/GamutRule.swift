import Foundation
import Tessera
import TesseraGenerate

/// The `gamut` rule (diagnostics `lint.gamut`, an error by default): colors outside the gamut
/// the configuration allows, in any permutation, each distinct value once, with the color
/// mapped into the gamut as a note.
///
/// Settings, under `lint: gamut:` in `tessera.yml`:
/// - `space`: `srgb` or `display-p3`. None by default, and the rule checks nothing without it.
/// - `severity`: `error` (the default), `warning`, `note` or `off`.
///
/// With `space: srgb`:
/// ```text
/// base.tokens.json:9:5: error: 'color.Wide' is outside the srgb gamut in every permutation (4) [lint.gamut]
/// base.tokens.json:9:5: note: mapped into srgb: {"colorSpace":"srgb","components":[0,0.9857637107710323,0.15974244397343618]}
/// ```
package struct GamutRule: LintRule {
    package var space: ColorSpace?
    package init(space: ColorSpace? = nil) { self.space = space }

    package var id: String { "gamut" }
    package var defaultSetting: RuleSetting { .error }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        guard let space else { return [] }
        var found: [Diagnostic] = []
        for token in subject.context.tokens where token.type == .color {
            for (index, value) in token.values.enumerated() {
                guard case .color(let color) = value, !color.isInGamut(space) else { continue }
                let permutations = (0..<subject.context.numbering.count).filter { token.valueIndex(in: $0) == index }
                guard let first = permutations.first else { continue }
                found.append(Diagnostic(.lint(id, severity,
                    "'\(token.path)' is outside the \(space.rawValue) gamut\(subject.describe(permutations))"),
                    at: subject.location(of: token, in: first),
                    notes: [Diagnostic.Note("mapped into \(space.rawValue): \(color.mapped(to: space).dtcgJSONText)")]))
            }
        }
        return found
    }
}

extension GamutRule: ConfigurableLintRule {
    package static let settingNames = ["space"]

    package init() { self.init(space: nil) }

    /// `space:`, `srgb` or `display-p3`.
    package init(settings: inout some RuleSettings) {
        guard let text = settings.string("space") else {
            self.init(space: nil)
            return
        }
        guard let space = ColorSpace(rawValue: text), space == .srgb || space == .displayP3 else {
            if let location = settings.location(of: "space") {
                settings.invalid("space", expected: "srgb or display-p3", found: "'\(text)'", at: location)
            }
            self.init(space: nil)
            return
        }
        self.init(space: space)
    }
}
