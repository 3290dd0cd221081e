import Tessera
import TesseraGenerate
import TesseraQuality

extension OutputKind {
    public static let catalog: OutputKind = "catalog"
}

/// `- catalog: { path: catalog, title: App tokens }`: a browsable page of every token
/// (`CatalogEmitter`), `index.html` in the folder `path` names, with contrast badges for the
/// `lint:` section's pairs.
public struct CatalogOutput: BuildOutput {
    public static let kind = OutputKind.catalog
    public static let settings = ["title"]

    public var emitter = CatalogEmitter()

    public init(_ emitter: CatalogEmitter = CatalogEmitter()) { self.emitter = emitter }

    public init(_ settings: inout OutputSettings) {
        emitter.title = settings.string("title")
    }

    public func generate(_ input: OutputInput) -> OutputFiles {
        var emitter = emitter
        emitter.contrastPairs = input.configuration.lint.contrastPairs
        emitter.level = input.configuration.lint.level
        return OutputFiles([OutputFiles.File(path: "index.html", text: emitter.emit(input.context))])
    }
}

extension BuildConfiguration.Output {
    /// A `catalog` output's page settings (the defaults for another kind).
    public var catalog: CatalogEmitter { options(as: CatalogOutput.self)?.emitter ?? CatalogEmitter() }
}
