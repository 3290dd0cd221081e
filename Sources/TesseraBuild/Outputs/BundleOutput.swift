import Tessera
import TesseraGenerate

extension OutputKind {
    public static let bundle: OutputKind = "bundle"
}

/// `- bundle: { path: Generated/tokens.bundle.json, pretty: true }`: every permutation
/// resolved, as JSON (`BundleEmitter`).
public struct BundleOutput: BuildOutput {
    public static let kind = OutputKind.bundle
    public static let settings = ["pretty"]

    public var emitter = BundleEmitter()

    public init(_ emitter: BundleEmitter = BundleEmitter()) { self.emitter = emitter }

    public init(_ settings: inout OutputSettings) {
        emitter.pretty = settings.bool("pretty") ?? true
    }

    public func generate(_ input: OutputInput) -> OutputFiles {
        OutputFiles(text: emitter.emit(input.context))
    }
}
