import Foundation
import Tessera
import TesseraGenerate
import TesseraRuntime

/// What `tessera.yml`'s `modes:` names, checked against the system's modifiers, and the
/// appearance no trait can place: outputs that carry appearances (asset catalogs, the static
/// Swift's trait adaptation, CSS media queries) would hold the default context alone.
struct ModeCheck {
    let configuration: BuildConfiguration

    /// The output kinds whose files carry appearances.
    static let appearanceKinds: Set<OutputKind> = [.assets, .css, .swift]

    func diagnostics(_ context: GenerationContext) -> [Diagnostic] {
        let modifiers = context.modifiers
        var found: [Diagnostic] = []
        let fallback = SourceLocation(file: configuration.file, line: 1, column: 1)
        for (trait, choice) in configuration.modes?.choices ?? [] {
            let at = configuration.modeLocations[trait] ?? fallback
            guard let modifier = modifiers.first(where: { $0.name == choice.modifier }) else {
                found.append(Diagnostic(.configInvalidValue("modes.\(trait.rawValue).modifier", expected: "a modifier of the system ("
                    + (modifiers.isEmpty ? "it has none" : modifiers.map { "'\($0.name)'" }.joined(separator: ", ")) + ")",
                    found: "'\(choice.modifier)'"), at: at))
                continue
            }
            for (value, name) in choice.contexts.sorted(by: { $0.key < $1.key }) where !modifier.contexts.contains(name) {
                found.append(Diagnostic(.configInvalidValue("modes.\(trait.rawValue).\(value)", expected: "a context of '\(modifier.name)' ("
                    + modifier.contexts.map { "'\($0)'" }.joined(separator: ", ") + ")", found: "'\(name)'"), at: at))
            }
        }
        guard found.isEmpty, configuration.modes?.appearance == nil,
            configuration.outputs.contains(where: { Self.appearanceKinds.contains($0.kind) })
        else { return found }
        // No modifier follows the appearance: name the modifiers no trait places.
        let mapping = context.traitMapping
        guard mapping.modifiers(drivenBy: .appearance, among: modifiers).isEmpty else { return found }
        let placed = Set([ThemeTrait.contrast, .level, .sizeClass].flatMap { mapping.modifiers(drivenBy: $0, among: modifiers) })
        let brandNames: Set<String> = ["brand", "tenant", "whitelabel"]
        let unplaced = modifiers.filter { $0.contexts.count > 1 && !placed.contains($0.name) && !brandNames.contains($0.name.squeezedName) }
        guard let first = unplaced.first else { return found }
        found.append(Diagnostic(.appearanceUnmapped(unplaced.map { "'\($0.name)' (\($0.contexts.map { "'\($0)'" }.joined(separator: ", ")))" },
            example: first), at: fallback))
        return found
    }
}

extension DiagnosticID {
    package static let appearanceUnmapped: DiagnosticID = "output.appearance-unmapped"
}

extension DiagnosticMessage {
    package static func appearanceUnmapped(_ modifiers: [String], example: ThemeModifier) -> Self {
        let light = example.contexts[0], dark = example.contexts[1]
        return Self(.appearanceUnmapped, .warning,
            "no modifier follows the appearance (light or dark): asset catalogs, the static Swift flavor and CSS media queries "
                + "carry the default context of " + modifiers.joined(separator: ", ") + " alone, since no context's name says "
                + "light or dark; if one of them is the dark appearance, say so in tessera.yml: "
                + "modes: { appearance: { modifier: \(example.name), light: \(light), dark: \(dark) } }")
    }
}
