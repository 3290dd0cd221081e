import Foundation
import Tessera
import TesseraConformanceKit

/// `tessera diff` on real systems: Primer's and Spectrum's themes as two versions of one set,
/// and a history of Primer's files in git (a component removed, a token renamed, one
/// deprecated, one recolored).
struct DiffChecks {
    let corpus: Corpus

    func run(_ checks: Checks) {
        let examples = corpus.dtcgExamples

        // Primer's light and dark base palettes: the same paths, so only values change (a
        // patch), and exactly the tokens whose written values differ; the hex values are the
        // components read independently.
        checks.run("dtcg-examples/github-primer: diff of the light and dark palettes is a patch") { check in
            _ = try DiffScenarios.expectPalettesDiffAsAPatch(
                light: examples.appendingPathComponent("github-primer/base/color/light/light.tokens.json").path,
                dark: examples.appendingPathComponent("github-primer/base/color/dark/dark.tokens.json").path, check)
        }

        // Spectrum's light and dark themes, each on its shared base: a patch, per token.
        checks.run("dtcg-examples/adobe-spectrum: diff of the light and dark themes on their base is a patch") { check in
            let diff = try DiffScenarios.expectThemesOnABaseArePatches(base: examples.appendingPathComponent("adobe-spectrum/base.tokens.json").path,
                light: examples.appendingPathComponent("adobe-spectrum/theme-light.tokens.json").path,
                dark: examples.appendingPathComponent("adobe-spectrum/theme-dark.tokens.json").path, check)
            check.expect(diff.changes.count > 100, "\(diff.changes.count) changes")
        }

        // A history of Primer in git: `tessera diff --git HEAD` reads the committed version
        // with git and names each change; removing the tooltip component is breaking.
        checks.run("dtcg-examples/github-primer: tessera diff --git names each change of a history") { check in
            let repository = try Scratch.folder("primer-history")
            try FileManager.default.copyItem(at: examples.appendingPathComponent("github-primer"), to: repository.appendingPathComponent("github-primer"))
            let resolver = repository.appendingPathComponent("github-primer.resolver.json")
            try FileManager.default.copyItem(at: examples.appendingPathComponent("github-primer.resolver.json"), to: resolver)
            try DiffScenarios.commitFirstVersion(repository, check)

            // v2: the tooltip component is gone, fgColor.muted is deprecated, fgColor.sponsors
            // is renamed to fgColor.sponsorship, and base.color.neutral.9 is recolored in light.
            let tooltip = repository.appendingPathComponent("github-primer/component/tooltip.tokens.json")
            let tooltipTokens = try DiffScenarios.rawValues(tooltip.path).keys.sorted()
            try FileManager.default.removeItem(at: tooltip)
            var resolverText = try String(contentsOf: resolver, encoding: .utf8)
            resolverText = resolverText.replacingOccurrences(of: #"{ "$ref": "./github-primer/component/tooltip.tokens.json" },"#, with: "")
                .replacingOccurrences(of: #"{ "$ref": "./github-primer/component/tooltip.tokens.json" }"#, with: "")
            try Data(resolverText.utf8).write(to: resolver)
            try DiffScenarios.writeSecondVersion(fgColor: repository.appendingPathComponent("github-primer/functional/color/fgColor.tokens.json"),
                lightPalette: repository.appendingPathComponent("github-primer/base/color/light/light.tokens.json"), check)
            try DiffScenarios.expectHistoryChanges(resolver: resolver.path, removed: tooltipTokens, tessera: { try Toolchain.tessera($0, check) }, check)
        }
    }
}
