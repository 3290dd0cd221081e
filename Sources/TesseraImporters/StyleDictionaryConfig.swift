import Foundation
import Tessera

/// A Style Dictionary configuration (`config.json`): its `include` and `source` globs name the
/// token files, read as Style Dictionary reads them — `include` first, then `source`, each
/// pattern's files in code-point order, a later file's token winning. The globs are taken
/// relative to the configuration's folder (Style Dictionary takes them relative to the
/// working directory, which is that folder when its command runs beside its configuration).
/// Files Tessera cannot read are named: JavaScript and TypeScript token modules, which only a
/// JavaScript engine runs.
struct StyleDictionaryConfig {
    /// The token files, in the order they merge.
    var files: [String] = []
    var diagnostics: [Diagnostic] = []

    /// Whether these bytes (a file's first 4 KB) are a configuration: `platforms` beside
    /// `source` or `include`.
    static func isConfig(_ bytes: [UInt8]) -> Bool {
        StyleDictionaryImporter.hasMember("platforms", in: bytes)
            && (StyleDictionaryImporter.hasMember("source", in: bytes) || StyleDictionaryImporter.hasMember("include", in: bytes))
    }

    /// The extensions of token modules Tessera does not run.
    static let modules = [".js", ".mjs", ".cjs", ".ts"]

    init(_ file: SourceFile) {
        var parsed: [Diagnostic] = []
        guard let root = JSONParser(file: file).parseWellFormed(into: &parsed), root.isObject else {
            diagnostics = parsed.isEmpty ? [diagnostic("a Style Dictionary configuration holds a JSON object", in: file, at: 0)] : parsed
            return
        }
        let folder = (file.path as NSString).deletingLastPathComponent
        for key in ["include", "source"] {
            guard let list = root[key] else { continue }
            guard let patterns = list.array else {
                diagnostics.append(diagnostic("'\(key)' is an array of file patterns, found \(list.kindDescription)", in: file, at: list.offset))
                continue
            }
            for pattern in patterns {
                guard let text = pattern.string else {
                    diagnostics.append(diagnostic("'\(key)' lists file patterns, found \(pattern.kindDescription)", in: file, at: pattern.offset))
                    continue
                }
                let matched = Glob(text).files(in: folder.isEmpty ? "." : folder)
                if matched.isEmpty {
                    diagnostics.append(diagnostic("'\(text)' names no file", in: file, at: pattern.offset, severity: .warning))
                }
                for path in matched {
                    if Self.modules.contains(where: { path.lowercased().hasSuffix($0) }) {
                        diagnostics.append(diagnostic("'\(path)' is a JavaScript module, which Tessera does not run: "
                            + "export its tokens as JSON (`node -e \"console.log(JSON.stringify(require('./\((path as NSString).lastPathComponent)')))\"`)",
                            in: file, at: pattern.offset, severity: .warning))
                    } else if !files.contains(path) {
                        files.append(path)
                    }
                }
            }
        }
        if files.isEmpty, !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics.append(diagnostic("neither 'source' nor 'include' names a token file Tessera reads", in: file, at: root.offset))
        }
    }

    private func diagnostic(_ text: String, in file: SourceFile, at offset: Int, severity: Severity = .error) -> Diagnostic {
        var found = Diagnostic(.styleDictionaryConfig(text), at: SourceAnchor(file: file, offset: offset).location())
        found.severity = severity
        return found
    }
}
