import Tessera
import TesseraGenerate

extension OutputKind {
    package static let theme: OutputKind = "theme"
}

/// `- theme: { path: Generated/App.theme }`: the compiled theme file a runtime `Theme` loads.
package struct ThemeOutput: BuildOutput {
    package static let kind = OutputKind.theme
    package static let settings: [String] = []

    package init() {}

    package init(_ settings: inout OutputSettings) {}

    package func generate(_ input: OutputInput) -> OutputFiles {
        do {
            return OutputFiles([OutputFiles.File(bytes: try Theme.compile(input.permutations).encoded())])
        } catch {
            return OutputFiles(diagnostics: [Diagnostic(.outputNotWritten(input.path, reason: "\(error)"), at: input.location)])
        }
    }
}
