import Foundation

/// Prints diagnostics the way compilers do, so Xcode and editors can jump to them:
///
/// ```text
/// tokens.json:3:15: error: unknown reference '{color.blu}': no token 'color.blu' [reference.unknown]
///     "$value": "{color.blu}"
///               ^
/// tokens.json:3:15: note: did you mean 'color.blue'?
/// tokens.json:3:15: fix-it: replace with '{color.blue}'
/// ```
public struct DiagnosticRenderer: Sendable {
    public init() {}

    public func render(_ diagnostics: [Diagnostic], files: [SourceFile]) -> String {
        var sources: [String: SourceFile] = [:]
        for file in files { sources[file.path] = file }
        var output = ""
        for diagnostic in diagnostics {
            output += line(diagnostic.location, diagnostic.severity.rawValue,
                "\(diagnostic.message) [\(diagnostic.id)]")
            if let location = diagnostic.location, let file = sources[location.file], location.line > 0 {
                output += snippet(file, location)
            }
            for note in diagnostic.notes {
                output += line(note.location ?? diagnostic.location, "note", note.message)
            }
            for fixIt in diagnostic.fixIts {
                output += line(fixIt.location, "fix-it", fixIt.message)
            }
        }
        return output
    }

    /// A summary line such as `2 errors, 1 warning`.
    public func summary(_ bag: DiagnosticBag) -> String {
        let errors = bag.errorCount
        let warnings = bag.warningCount
        return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }

    private func line(_ location: SourceLocation?, _ label: String, _ message: String) -> String {
        guard let location else { return "tessera: \(label): \(message)\n" }
        if location.line == 0 { return "\(location.file): \(label): \(message)\n" }
        return "\(location.file):\(location.line):\(location.column): \(label): \(message)\n"
    }

    private func snippet(_ file: SourceFile, _ location: SourceLocation) -> String {
        // Columns count Unicode scalars, and so does the caret: a character made of several
        // scalars (an accent written apart) takes as many columns as it has scalars.
        let scalars = Array(file.lineText(location.line).unicodeScalars)
        let start = scalars.count > 200 ? max(0, location.column - 100) : 0
        let shown = scalars[min(start, scalars.count)..<min(scalars.count, start + 200)]
        var text = ""
        text.unicodeScalars.append(contentsOf: shown)
        let before = shown.prefix(max(0, location.column - 1 - start))
        let prefix = before.map { $0 == "\t" ? "\t" : " " }.joined()
        return "    \(text)\n    \(prefix)^\n"
    }
}
