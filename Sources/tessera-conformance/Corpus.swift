import Foundation

/// Where each set is in the corpus.
struct Corpus {
    let root: URL

    init(_ root: URL) {
        self.root = root
    }

    /// The three design systems, each a folder beside its resolver file.
    static let systems = ["github-primer", "adobe-spectrum", "microsoft-fluent"]

    var dtcgExamples: URL { root.appendingPathComponent("dtcg-examples") }
    func resolver(_ system: String) -> String { dtcgExamples.appendingPathComponent("\(system).resolver.json").path }
    func system(_ system: String) -> URL { dtcgExamples.appendingPathComponent(system) }

    /// Every JSON example of the Format and Resolver specifications, `index.json` naming each.
    var specExamples: URL { root.appendingPathComponent("dtcg-spec/spec-examples") }
    /// Terrazzo's CSS for the systems (`ds-*/…want.css`), `_fixtures.json` naming the mode inputs.
    var terrazzoCSS: URL { root.appendingPathComponent("terrazzo/packages/plugin-css/test/fixtures") }
    /// A Figma Variables REST response and the DTCG Terrazzo imports from it.
    var figma: URL { root.appendingPathComponent("terrazzo/packages/cli/test/fixtures/import-figma") }
    /// Tokens Studio files and the outputs its transforms are tested to give.
    var tokensStudio: URL { root.appendingPathComponent("tokens-studio/test") }
    /// The Open edX app's asset catalog as Xcode wrote it.
    var openedx: URL { root.appendingPathComponent("openedx-ios-colorsets/Theme/Theme/Assets.xcassets") }

    /// Eight design systems' exports as their teams commit them, with what their builds
    /// generated from them (`SOURCES.md`).
    var realExports: URL { root.appendingPathComponent("real-exports") }

    var missing: [String] {
        let needed = [dtcgExamples, specExamples, terrazzoCSS, figma, tokensStudio, openedx, realExports]
        return needed.filter { !FileManager.default.fileExists(atPath: $0.path) }
            .map { String($0.path.dropFirst(root.path.count + 1)) }
    }
}
