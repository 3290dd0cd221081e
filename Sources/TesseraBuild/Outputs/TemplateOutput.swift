import Tessera
import TesseraGenerate

extension OutputKind {
    package static let template: OutputKind = "template"
}

/// `- template: { path: Generated/Tokens.kt, template: templates/kotlin.mustache }`: a Mustache
/// template rendered with the tokens (`TemplateEmitter`). The template is an input of the
/// build: a change to it generates again.
package struct TemplateOutput: BuildOutput {
    package static let kind = OutputKind.template
    package static let settings = ["template"]

    /// The template file, relative to the configuration's folder.
    package var template: String

    package init(template: String) { self.template = template }

    package init(_ settings: inout OutputSettings) {
        template = settings.string("template") ?? ""
        if template.isEmpty { settings.missing("template") }
    }

    package var inputs: [String] { [template] }

    package func generate(_ input: OutputInput) -> OutputFiles {
        let path = input.configuration.absolute(template)
        do {
            return OutputFiles(text: try TemplateEmitter(path: path).emit(input.context))
        } catch {
            let (line, column, problem): (Int, Int, String) = switch error {
            case .unreadable(let reason): (0, 0, reason)
            case .invalid(let line, let column, let problem): (line, column, problem)
            }
            return OutputFiles(diagnostics: [Diagnostic(.templateInvalid(path, problem: problem),
                at: SourceLocation(file: path, line: line, column: column))])
        }
    }
}
