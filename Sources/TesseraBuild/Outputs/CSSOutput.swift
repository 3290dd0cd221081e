import Tessera
import TesseraGenerate

extension OutputKind {
    public static let css: OutputKind = "css"
}

/// `- css: { path: web/tokens.css, prefix: ds, selector: ":root" }`: CSS custom properties
/// (`CSSEmitter`).
public struct CSSOutput: BuildOutput {
    public static let kind = OutputKind.css
    public static let settings = ["prefix", "selector"]

    public var emitter = CSSEmitter()

    public init(_ emitter: CSSEmitter = CSSEmitter()) { self.emitter = emitter }

    public init(_ settings: inout OutputSettings) {
        emitter.prefix = settings.string("prefix") ?? ""
        emitter.selector = settings.string("selector") ?? ":root"
    }

    public func generate(_ input: OutputInput) -> OutputFiles {
        var emitter = emitter
        emitter.sourceDescription = input.sourceDescription
        return OutputFiles(text: emitter.emit(input.context))
    }
}
