import Tessera
import TesseraGenerate

extension OutputKind {
    package static let bundle: OutputKind = "bundle"
}

/// `- bundle: { path: Generated/tokens.bundle.json, pretty: true }`: every permutation
/// resolved, as JSON (`BundleEmitter`).
package struct BundleOutput: BuildOutput {
    package static let kind = OutputKind.bundle
    package static let settings = ["pretty"]

    package var emitter = BundleEmitter()

    package init(_ emitter: BundleEmitter = BundleEmitter()) { self.emitter = emitter }

    package init(_ settings: inout OutputSettings) {
        emitter.pretty = settings.bool("pretty") ?? true
    }

    package func generate(_ input: OutputInput) -> OutputFiles {
        OutputFiles(text: emitter.emit(input.context))
    }
}
