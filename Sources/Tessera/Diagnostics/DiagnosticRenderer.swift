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
    package func summary(_ bag: DiagnosticBag) -> String {
        let errors = bag.errorCount
        let warnings = bag.warningCount
        let notes = bag.all.filter { $0.severity == .note }.count
        return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            + (notes == 0 ? "" : ", \(notes) note\(notes == 1 ? "" : "s")")
    }

    private func line(_ location: SourceLocation?, _ label: String, _ message: String) -> String {
        guard let location else { return "tessera: \(label): \(message)\n" }
        if location.line == 0 { return "\(location.file): \(label): \(message)\n" }
        return "\(location.file):\(location.line):\(location.column): \(label): \(message)\n"
    }

    private func snippet(_ file: SourceFile, _ location: SourceLocation) -> String {
        guard let excerpt = file.excerpt(line: location.line, column: location.column) else { return "" }
        // Columns count Unicode scalars, and so does the caret: a character made of several
        // scalars (an accent written apart) takes as many columns as it has scalars.
        let prefix = String(excerpt.beforeCaret.unicodeScalars.map { $0 == "\t" ? "\t" : " " })
        return "    \(excerpt.text)\n    \(prefix)^\n"
    }
}

extension SourceFile {
    /// Up to `radius` scalars of a line either side of a column, read from the bytes around
    /// it (never the whole line, which may be a whole minified file), with `…` where it is
    /// cut and every control character shown as a visible symbol, so that a binary file never
    /// sends escape sequences to the terminal.
    func excerpt(line: Int, column: Int, radius: Int = 100) -> (text: String, beforeCaret: String)? {
        guard let range = lineRange(line), line > 0 else { return nil }
        let caret = offset(line: line, column: column)
        func isContinuation(_ index: Int) -> Bool { bytes[index] & 0xC0 == 0x80 }
        var start = caret
        var scalars = 0
        while start > range.lowerBound, scalars < radius {
            start -= 1
            if !isContinuation(start) { scalars += 1 }
        }
        var end = caret
        scalars = 0
        while end < range.upperBound, scalars < radius {
            end += 1
            while end < range.upperBound, isContinuation(end) { end += 1 }
            scalars += 1
        }
        let head = start > range.lowerBound ? "…" : ""
        let tail = end < range.upperBound ? "…" : ""
        let before = Self.visible(bytes[start..<caret])
        return (head + before + Self.visible(bytes[caret..<end]) + tail, head + before)
    }

    /// Text with control characters (but tabs) and bidirectional overrides replaced by visible
    /// symbols, one per scalar, so columns still line up.
    static func visible(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x09: text.unicodeScalars.append(scalar)
            case 0x00..<0x20: text.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: text.unicodeScalars.append("\u{2421}")
            case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069: text.unicodeScalars.append("\u{FFFD}")
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
