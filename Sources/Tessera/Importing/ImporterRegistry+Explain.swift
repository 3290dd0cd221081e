import Foundation

extension ImporterRegistry {
    /// Which importer reads a path, and why.
    public struct Choice: Sendable, Hashable, Codable {
        /// The path as given (or a file found in a folder given).
        public var path: String
        /// The importer's name; nil when none reads the path.
        public var importer: String?
        /// The evidence: what in the name or the content made the choice.
        public var reason: String
        /// Other importers that recognized the path, less sure of it or listed after the chosen one.
        public var alternatives: [String]
    }

    /// Which importer `TokenSystem(paths:options:)` reads each of `paths` with, and why: for a
    /// system, the path (several paths one importer reads together are each explained); for token
    /// files, each file, a folder's files as a directory search picks them up.
    ///
    /// Each reason is the importer's own (`TokenImporter.reason(for:)`), from the name and the
    /// first 4 KB, the bytes recognition reads.
    public func explain(_ paths: [String]) -> [Choice] {
        if readsAsSystem(paths) {
            let together = paths.count > 1 ? " (read together with the \(paths.count - 1) other path\(paths.count == 2 ? "" : "s"))" : ""
            return paths.map { path in
                var choice = explainFile(path)
                if let importer = systemImporter(at: path), importer.name != choice.importer {
                    choice.importer = importer.name
                    choice.reason = importer.reason(for: SourceFile(path: path, bytes: Self.head(of: path) ?? [])) ?? choice.reason
                }
                choice.reason += together
                return choice
            }
        }
        var choices: [Choice] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = ((try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []).sorted()
                for name in names where mergesFile(named: (name as NSString).lastPathComponent) {
                    choices.append(explainFile((path as NSString).appendingPathComponent(name), inFolder: path))
                }
            } else {
                choices.append(explainFile(path))
            }
        }
        return choices
    }

    /// One file, recognized from its name and first 4 KB.
    private func explainFile(_ path: String, inFolder folder: String? = nil) -> Choice {
        let file = SourceFile(path: path, bytes: Self.head(of: path) ?? [])
        let found = folder.map { " (found in the folder '\($0)')" } ?? ""
        if let forced {
            return Choice(path: path, importer: forced.name, reason: (forcedReason ?? "--source-format \(forced.name) was given") + found, alternatives: [])
        }
        var chosen: (any TokenImporter)?
        var level = Recognition.no
        var recognizing: [String] = []
        for importer in importers {
            let recognition = importer.recognizes(file)
            guard recognition != .no else { continue }
            recognizing.append(importer.name)
            if recognition > level {
                chosen = importer
                level = recognition
            }
        }
        guard let chosen else {
            return Choice(path: path, importer: nil, reason: "no importer recognizes its name or content" + found, alternatives: [])
        }
        return Choice(path: path, importer: chosen.name, reason: (chosen.reason(for: file) ?? "") + found,
            alternatives: recognizing.filter { $0 != chosen.name })
    }

    /// The choices as notes (`source.format-chosen`), one at each path (which the location names),
    /// for the diagnostics.
    public func explanations(_ paths: [String]) -> [Diagnostic] {
        explain(paths).map { choice in
            Diagnostic(.formatChosen(importer: choice.importer, reason: choice.reason),
                at: SourceLocation(file: choice.path, line: 0, column: 0),
                notes: choice.alternatives.isEmpty ? [] : [Diagnostic.Note("also recognized by: " + choice.alternatives.joined(separator: ", "))])
        }
    }
}
