import Tessera
import TesseraGenerate

extension OutputKind {
    package static let assets: OutputKind = "assets"
}

/// `- assets: { path: Generated/Tokens.xcassets, namespaces: true, wideGamut: true,
/// contexts: { brand: ocean } }`: an asset catalog with a color set per color token
/// (`AssetCatalogEmitter`). Color sets an earlier build wrote there and this one does not are
/// removed.
package struct AssetsOutput: BuildOutput {
    package static let kind = OutputKind.assets
    package static let settings = ["namespaces", "wideGamut", "contexts"]
    package static var ownsFolder: Bool { true }

    package var emitter = AssetCatalogEmitter()

    package init(_ emitter: AssetCatalogEmitter = AssetCatalogEmitter()) { self.emitter = emitter }

    package init(_ settings: inout OutputSettings) {
        emitter.namespaces = settings.bool("namespaces") ?? true
        emitter.wideGamut = settings.bool("wideGamut") ?? true
        for (modifier, context) in settings.entries("contexts", expected: "a mapping of modifier to context") ?? [] {
            if let modifier = modifier.text, let context = settings.string(context, key: modifier) {
                emitter.contexts[modifier] = context
            }
        }
    }

    package func generate(_ input: OutputInput) -> OutputFiles {
        OutputFiles(emitter.emit(input.context).map { OutputFiles.File(path: $0.path, bytes: $0.bytes) })
    }
}
