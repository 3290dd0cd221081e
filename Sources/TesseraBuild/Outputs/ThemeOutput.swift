import Tessera
import TesseraGenerate

extension OutputKind {
    public static let theme: OutputKind = "theme"
}

/// `- theme: { path: Generated/App.theme }`: the compiled theme file a runtime `Theme` loads.
public struct ThemeOutput: BuildOutput {
    public static let kind = OutputKind.theme
    public static let settings: [String] = []

    public init() {}

    public init(_ settings: inout OutputSettings) {}

    public func generate(_ input: OutputInput) -> OutputFiles {
        do {
            return OutputFiles([OutputFiles.File(bytes: try Theme.compile(input.permutations).encoded())])
        } catch {
            return OutputFiles(diagnostics: [Diagnostic(.outputNotWritten(input.path, reason: "\(error)"), at: input.location)])
        }
    }
}
