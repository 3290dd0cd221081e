import Foundation
import Tessera

/// A folder of token files some of which are named only by a mode — `Light.json` and
/// `Dark.json`, `colors.light.json` and `colors.dark.json`, `lightTheme.json` and
/// `darkTheme.json` — the layout export plugins write one file per mode in: those files are one
/// collection's modes (a modifier `mode`, each file a context, the light one the default) and
/// every other file is read before them, as the tokens every mode shares. Merged in order
/// instead, each mode would overwrite the last, and only the last file's mode would be left.
///
/// A mode file's name, without `.json` (or `.tokens.json`), is a mode word, optionally after a
/// prefix every mode file shares (`colors.`, `colors-`, `colors_`) and optionally followed by
/// `mode` or `theme` (`Light Mode`, `darkTheme`); the mode words are `light`, `dark`, `day`,
/// `night`, `dim` and their high-contrast forms. At least one light mode (light, day) and one
/// dark mode (dark, night, dim) are needed; the files must be token files (not another
/// format's), directly in the folder. Anything else is left to the other readers.
package struct ModeFilesImporter: SystemImporter {
    package init() {}

    package var name: String { "mode-files" }

    package func recognizes(fileName: String) -> Recognition {
        Self.layout(of: fileName) != nil ? .certain : .no
    }

    /// Files are read this way only in a folder.
    package func recognizes(_ file: SourceFile) -> Recognition { .no }

    package func reason(for file: SourceFile) -> String? {
        guard let layout = Self.layout(of: file.path) else { return nil }
        let names = layout.modes.map { "'\(($0.path as NSString).lastPathComponent)'" }.joined(separator: ", ")
        return "\(names) are named as modes of one collection"
    }

    /// The mode words, without case, spaces, `-` or `_`; light ones first.
    package static let lightWords: Set<String> = ["light", "day", "lighthighcontrast", "lighthc", "highcontrastlight"]
    static let darkWords: Set<String> = ["dark", "night", "dim", "darkhighcontrast", "darkhc", "highcontrastdark", "darkdimmed"]

    /// A folder's token files and mode files, when it has this layout.
    package static func layout(of folder: String) -> (shared: [String], modes: [(path: String, mode: String)])? {
        guard !folder.lowercased().hasSuffix(".json") else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
            !TokensStudioImporter.holdsMarker(folder)
        else { return nil }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".json") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard names.count >= 2 else { return nil }
        // Only token files: a file another format is sure of leaves the folder to that format.
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let head = ImporterRegistry.head(of: path) else { return nil }
            let file = SourceFile(path: path, bytes: head)
            let importer = ImporterRegistry.standard.importer(for: file)
            guard importer is DTCGImporter else { return nil }
        }
        let moded = names.map { ($0, mode(of: $0)) }
        let modes = moded.compactMap { name, mode in mode.map { (prefix: $0.prefix, word: $0.word, written: $0.written, name: name) } }
        guard modes.contains(where: { lightWords.contains($0.word) }), modes.contains(where: { darkWords.contains($0.word) }),
            Set(modes.map(\.prefix)).count == 1
        else { return nil }
        let shared = moded.filter { $0.1 == nil }.map { (folder as NSString).appendingPathComponent($0.0) }
        return (shared, modes.map { ((folder as NSString).appendingPathComponent($0.name), $0.written) })
    }

    /// The mode a file's name says: the shared prefix, the mode word (squeezed) and the mode as
    /// written; nil when the name says none.
    static func mode(of name: String) -> (prefix: String, word: String, written: String)? {
        var base = String(name.dropLast(5))
        if base.lowercased().hasSuffix(".tokens") { base.removeLast(7) }
        var prefix = ""
        var written = base
        if let separator = base.lastIndex(where: { $0 == "." || $0 == "-" || $0 == "_" }), squeezed(String(base[base.index(after: separator)...])).map(isModeWord) == true {
            prefix = String(base[...separator]).lowercased()
            written = String(base[base.index(after: separator)...])
        }
        guard let word = squeezed(written), isModeWord(word) else { return nil }
        return (prefix, word, written)
    }

    static func isModeWord(_ word: String) -> Bool { lightWords.contains(word) || darkWords.contains(word) }

    /// The name lowercased without spaces, `-` and `_`, and without a last `mode` or `theme`.
    package static func squeezed(_ text: String) -> String? {
        var word = text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        for suffix in ["mode", "theme"] where word.hasSuffix(suffix) && word.count > suffix.count { word.removeLast(suffix.count) }
        return word.isEmpty ? nil : word
    }

    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        TokenSystem(files: [file], options: options)
    }

    package func system(at path: String, options: PipelineOptions) -> TokenSystem {
        guard let layout = Self.layout(of: path) else { return TokenSystem(tokenFilesAt: [path], options: options) }
        var problems: [Diagnostic] = []
        func source(_ path: String) -> ResolverDocument.Source? {
            guard let file = TokenFileLoader.read(path, options: options, diagnostics: &problems) else { return nil }
            let importer = options.importers.importer(for: file) as? any LayerImporter ?? DTCGImporter()
            return ResolverDocument.Source(.built(importer.layer(of: file)), at: SourceAnchor(file: file, offset: 0))
        }
        let shared = layout.shared.compactMap(source)
        let contexts = layout.modes.compactMap { mode in
            source(mode.path).map { ResolverDocument.Context(name: mode.mode, sources: [$0]) }
        }
        let anchorFile = SourceFile(path: layout.modes[0].path, bytes: [])
        guard contexts.count == layout.modes.count else {
            return TokenSystem(unreadable: path, diagnostics: problems, options: options)
        }
        let lightFirst = layout.modes.firstIndex { Self.lightWords.contains(Self.squeezed($0.mode) ?? "") } ?? 0
        var layers: [ResolverDocument.Layer] = []
        if !shared.isEmpty { layers.append(.set(.init(name: "tokens", sources: shared))) }
        layers.append(.modifier(.init(name: "mode", description: "The files named as modes", contexts: contexts,
            defaultContext: contexts[lightFirst].name, anchor: SourceAnchor(file: anchorFile, offset: 0))))
        var name = (path as NSString).lastPathComponent
        if name.isEmpty || name == "." { name = "tokens" }
        let names = layout.modes.map { "'\(($0.path as NSString).lastPathComponent)'" }.joined(separator: ", ")
        let note = Diagnostic(.modeFilesRead(names, shared: layout.shared.count), at: SourceLocation(file: layout.modes[0].path, line: 0, column: 0))
        return TokenSystem(ResolverDocument(name: name, layers: layers, file: anchorFile), options: options).noting(problems + [note])
    }
}
