import Foundation

/// The error of a permutation into which no token was merged: a check, a build or an export
/// that read no token would otherwise succeed with nothing, and a job guarding the tokens pass
/// with every token gone.
enum EmptySystem {
    /// How many files the message describes one by one.
    static let filesDescribed = 5

    /// The error, saying what each file read holds and which format read it, and why (the
    /// evidence `--explain-format` gives).
    static func diagnostic(files: [SourceFile], paths: [String], importers: ImporterRegistry) -> Diagnostic {
        var seen: Set<String> = []
        let unique = files.filter { seen.insert($0.path).inserted }
        let found: String
        if unique.isEmpty {
            found = paths.isEmpty ? "no file was read" : "no file was read from " + paths.map { "'\($0)'" }.joined(separator: ", ")
        } else {
            var described = unique.prefix(filesDescribed).map { "'\($0.path)' holds \(contents(of: $0))" }
            if unique.count > filesDescribed { described.append("and \(unique.count - filesDescribed) more files") }
            found = described.joined(separator: "; ")
        }
        let notes = unique.prefix(filesDescribed).map { file in
            let choice = importers.explain([file.path]).first
            let reading = choice.flatMap { $0.importer.map { name in "'\(file.path)' was read as \(name): \(choice?.reason ?? "")" } }
            return Diagnostic.Note(reading ?? "no format recognizes '\(file.path)'")
        } + [Diagnostic.Note("a check that reads no token fails, so that a job guarding the tokens does not pass with every token gone")]
        return Diagnostic(.noTokensRead(found), at: SourceLocation(file: unique.first?.path ?? paths.first ?? "", line: 0, column: 0),
            notes: notes)
    }

    /// What a file holds, in a few words.
    static func contents(of file: SourceFile) -> String {
        var ignored: [Diagnostic] = []
        let root = JSONParser(file: file).parse(into: &ignored)
        switch root?.storage {
        case .object(let members) where members.isEmpty: return "an empty object"
        case .object(let members):
            let keys = Set(members.map(\.key))
            if keys.contains("name"), !keys.isDisjoint(with: ["dependencies", "devDependencies", "scripts", "version"]) {
                return "an npm package manifest, not tokens"
            }
            return "an object of \(members.count) \(members.count == 1 ? "entry" : "entries") with no token in it (no object with a $value)"
        case .array(let elements): return "a JSON array of \(elements.count) \(elements.count == 1 ? "element" : "elements"), not an object of tokens"
        case nil: return file.bytes.isEmpty ? "nothing (the file is empty)" : "no JSON value"
        default: return "a JSON value that is not an object"
        }
    }
}
