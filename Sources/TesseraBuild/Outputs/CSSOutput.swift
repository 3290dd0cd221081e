import Tessera
import TesseraGenerate

extension OutputKind {
    package static let css: OutputKind = "css"
}

/// `- css: { path: web/tokens.css, prefix: ds, selector: ":root" }`: CSS custom properties
/// (`CSSEmitter`).
package struct CSSOutput: BuildOutput {
    package static let kind = OutputKind.css
    package static let settings = ["prefix", "selector"]

    package var emitter = CSSEmitter()

    package init(_ emitter: CSSEmitter = CSSEmitter()) { self.emitter = emitter }

    package init(_ settings: inout OutputSettings) {
        emitter.prefix = settings.string("prefix") ?? ""
        emitter.selector = settings.string("selector") ?? ":root"
    }

    package func generate(_ input: OutputInput) -> OutputFiles {
        var emitter = emitter
        emitter.sourceDescription = input.sourceDescription
        return OutputFiles(text: emitter.emit(input.context))
    }
}
