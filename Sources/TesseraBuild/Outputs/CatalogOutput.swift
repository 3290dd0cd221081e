import Tessera
import TesseraGenerate
import TesseraQuality

extension OutputKind {
    package static let catalog: OutputKind = "catalog"
}

/// `- catalog: { path: catalog, title: App tokens }`: a browsable page of every token
/// (`CatalogEmitter`), `index.html` in the folder `path` names, with contrast badges for the
/// `lint:` section's pairs.
package struct CatalogOutput: BuildOutput {
    package static let kind = OutputKind.catalog
    package static let settings = ["title"]

    package var emitter = CatalogEmitter()

    package init(_ emitter: CatalogEmitter = CatalogEmitter()) { self.emitter = emitter }

    package init(_ settings: inout OutputSettings) {
        emitter.title = settings.string("title")
    }

    package func generate(_ input: OutputInput) -> OutputFiles {
        var emitter = emitter
        emitter.contrastPairs = input.configuration.lint.contrastPairs
        emitter.level = input.configuration.lint.level
        return OutputFiles([OutputFiles.File(path: "index.html", text: emitter.emit(input.context))])
    }
}

extension BuildConfiguration.Output {
    /// A `catalog` output's page settings (the defaults for another kind).
    package var catalog: CatalogEmitter { options(as: CatalogOutput.self)?.emitter ?? CatalogEmitter() }
}
