import Foundation

/// How sure an importer is that a file is in its format.
public enum Recognition: Int, Sendable, Comparable {
    /// Not this format.
    case no
    /// The name fits (`.json`): this format, unless another importer knows better.
    case byName
    /// The name is this format's own (`.tokens.json`, `.resolver.json`) or the content says so.
    case certain

    public static func < (lhs: Recognition, rhs: Recognition) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A format Tessera reads. Each importer says which files it recognizes; the registry picks
/// the one most sure of a file.
///
/// An importer of token trees (`LayerImporter`) turns each file into a layer of tokens, merged
/// in order with the others; an importer of whole systems with modes (`SystemImporter`: a
/// resolver document) turns its file into a `TokenSystem`, which resolves each combination of
/// modes through the same stages.
public protocol TokenImporter: Sendable {
    /// A short name for messages: `dtcg`, `resolver`.
    var name: String { get }
    /// Whether `file` is in this format, from its name and, when that is not enough, its first
    /// bytes.
    func recognizes(_ file: SourceFile) -> Recognition
    /// Whether a file of this name is picked up when a directory is searched.
    func recognizes(fileName: String) -> Recognition
    /// Why `recognizes(file)` says what it says — the evidence, in a few words (`"the root
    /// declares resolutionOrder"`) — for `--explain-format`; by default, what the level implies.
    func reason(for file: SourceFile) -> String?
}

extension TokenImporter {
    public func reason(for file: SourceFile) -> String? {
        switch recognizes(file) {
        case .no: nil
        case .byName: "its name fits this format (\((file.path as NSString).pathExtension.isEmpty ? "no extension" : "." + (file.path as NSString).pathExtension))"
        case .certain: "its name or content is this format's"
        }
    }
}

/// Reads a file as one layer of tokens.
public protocol LayerImporter: TokenImporter {
    /// The file's tokens and groups, built with `DocumentBuilder` (or parsed straight into a
    /// layer), and what reading found.
    func layer(of file: SourceFile) -> BuiltLayer
}

/// An importer whose layers can hash their paths with the seed of the system they join, so
/// that merging them hashes each path once.
package protocol SeededLayerImporter: LayerImporter {
    func layer(of file: SourceFile, seed: UInt64?) -> BuiltLayer
}

/// Reads a file that describes a whole system: sources, modes and the order they merge in.
public protocol SystemImporter: TokenImporter {
    func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem
    /// Reads the system at `path` — a file, or a folder for formats that are folders (an asset
    /// catalog). By default, the file at `path` given to `system(for:options:)`.
    func system(at path: String, options: PipelineOptions) -> TokenSystem
    /// Whether `system(combining:options:)` reads several files of this format as one
    /// system; false by default.
    var combinesFiles: Bool { get }
    /// Reads several files (or folders) of this format as one system, every one loaded before
    /// anything is resolved, so that values in one may refer to another (Figma files whose
    /// variables alias a library's). By default, the first path alone.
    func system(combining paths: [String], options: PipelineOptions) -> TokenSystem
}

extension SystemImporter {
    public var combinesFiles: Bool { false }

    public func system(combining paths: [String], options: PipelineOptions) -> TokenSystem {
        system(at: paths.first ?? "", options: options)
    }

    public func system(at path: String, options: PipelineOptions) -> TokenSystem {
        var diagnostics: [Diagnostic] = []
        guard let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics) else {
            return TokenSystem(unreadable: path, diagnostics: diagnostics, options: options)
        }
        return system(for: file, options: options)
    }
}

/// The importers Tessera knows, most specific first.
public struct ImporterRegistry: Sendable {
    public var importers: [any TokenImporter]
    /// The importer used for every file whatever its name or content, when one is chosen
    /// (`forcing(_:)`, `--source-format`).
    package private(set) var forced: (any TokenImporter)?
    /// Where the forced format was asked for, when not by `--source-format`.
    package private(set) var forcedReason: String?

    public init(_ importers: [any TokenImporter]) { self.importers = importers }

    /// This registry with the importer called `name` used for every file named (in a directory,
    /// for the files it or the `.json` extension recognizes); nil when no importer has the name.
    public func forcing(_ name: String) -> ImporterRegistry? {
        guard let chosen = importers.first(where: { $0.name == name.lowercased() }) else { return nil }
        var registry = self
        registry.forced = chosen
        return registry
    }

    /// The same, saying where the format was asked for (`sourceFormat: figma in the
    /// configuration`), which `explain(_:)` gives as the reason.
    package func forcing(_ name: String, because reason: String) -> ImporterRegistry? {
        var registry = forcing(name)
        registry?.forcedReason = reason
        return registry
    }

    /// The importers' names, for messages.
    public var names: [String] { importers.map(\.name) }

    /// The formats the engine reads itself: resolver documents and DTCG token files. Every
    /// other format is an importer of `TesseraImporters`, whose `ImporterRegistry.standard`
    /// lists them all; a front end passes that registry in `PipelineOptions.importers`.
    public static let dtcg = ImporterRegistry([ResolverImporter(), DTCGImporter()])

    /// The importer most sure of `file` (the first listed among equals), if any.
    public func importer(for file: SourceFile) -> (any TokenImporter)? {
        best { $0.recognizes(file) }
    }

    /// The importer most sure of a file of this name, if any.
    public func importer(forFileName name: String) -> (any TokenImporter)? {
        best { $0.recognizes(fileName: name) }
    }

    /// Whether a directory search picks up a file of this name as tokens to merge.
    package func mergesFile(named name: String) -> Bool {
        if let forced {
            return forced is any LayerImporter && (forced.recognizes(fileName: name) != .no || name.lowercased().hasSuffix(".json"))
        }
        return importer(forFileName: name) is any LayerImporter
    }

    /// The importer of systems (a resolver, an asset catalog, Figma variables) for the path,
    /// recognized by its name or, for a file, by its first 4 KB.
    package func systemImporter(at path: String) -> (any SystemImporter)? {
        if let byName = importer(forFileName: path) as? any SystemImporter { return byName }
        guard forced == nil, let head = Self.head(of: path) else { return nil }
        return importer(for: SourceFile(path: path, bytes: head)) as? any SystemImporter
    }

    /// The system at `path`, when an importer of systems recognizes it.
    package func importedSystem(at path: String, options: PipelineOptions) -> TokenSystem? {
        systemImporter(at: path)?.system(at: path, options: options)
    }

    /// The importer of systems that reads every one of `paths` (more than one) together, if
    /// one recognizes them all and reads its files together.
    package func combiningImporter(for paths: [String]) -> (any SystemImporter)? {
        guard paths.count > 1, let first = systemImporter(at: paths[0]), first.combinesFiles,
            paths.dropFirst().allSatisfy({ systemImporter(at: $0)?.name == first.name })
        else { return nil }
        return first
    }

    /// Whether `paths` are one token system with modes — a resolver, what an importer of systems
    /// reads (an asset catalog, Figma files) — rather than token files to merge in order: the one
    /// test every reader of sources makes, so no two commands read the same paths two ways.
    public func readsAsSystem(_ paths: [String]) -> Bool {
        paths.count == 1 ? systemImporter(at: paths[0]) != nil : combiningImporter(for: paths) != nil
    }

    /// The system at `paths`: the one its importer makes, else a resolver document read from
    /// the first path (whose problems its diagnostics then say). `TokenSystem(paths:options:)`
    /// asks this when `readsAsSystem(_:)` says the paths are one system.
    package func system(for paths: [String], options: PipelineOptions) -> TokenSystem {
        importedSystem(for: paths, options: options) ?? TokenSystem(resolverAt: paths.first ?? "", options: options)
    }

    /// The system `paths` make: one path an importer of systems recognizes, or several that one
    /// reads together; nil when no importer of systems reads them.
    package func importedSystem(for paths: [String], options: PipelineOptions) -> TokenSystem? {
        if paths.count == 1 { return importedSystem(at: paths[0], options: options) }
        return combiningImporter(for: paths)?.system(combining: paths, options: options)
    }

    /// The first 4 KB of a regular file.
    package static func head(of path: String) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096) else { return [] }
        return Array(data)
    }

    private func best(_ recognition: (any TokenImporter) -> Recognition) -> (any TokenImporter)? {
        if let forced { return forced }
        var chosen: (any TokenImporter)?
        var level = Recognition.no
        for importer in importers {
            let found = recognition(importer)
            if found > level {
                chosen = importer
                level = found
            }
        }
        return chosen
    }
}

/// DTCG 2025.10 token files: `.tokens`, `.tokens.json`, `.json`, and `.jsonc` (read with
/// comments allowed).
package struct DTCGImporter: SeededLayerImporter {
    package init() {}

    package var name: String { "dtcg" }

    package func recognizes(fileName: String) -> Recognition {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".tokens") || lower.hasSuffix(".tokens.json") { return .certain }
        return lower.hasSuffix(".json") || lower.hasSuffix(".jsonc") ? .byName : .no
    }

    package func recognizes(_ file: SourceFile) -> Recognition { recognizes(fileName: file.path) }

    package func layer(of file: SourceFile) -> BuiltLayer {
        layer(of: file, seed: nil)
    }

    /// Parses the file into a layer whose paths are hashed with `seed` (large files in parts,
    /// on several cores); a file that is not well-formed gives an empty layer and the reasons.
    package func layer(of file: SourceFile, seed: UInt64?) -> BuiltLayer {
        let (fragment, found) = DocumentParser.parseFile(file, allowComments: file.path.lowercased().hasSuffix(".jsonc"), seed: seed)
        return BuiltLayer(file: file, fragment: fragment, diagnostics: fragment?.tokenCount == 0 ? Self.summingUpSkipped(found, in: file) : found)
    }

    /// A file with no token whose entries were each skipped as neither a token nor a group:
    /// their warnings made one, which says what the file looks like — Style Dictionary's own
    /// format (`value` without `$`), or names with values written straight under them.
    static func summingUpSkipped(_ found: [Diagnostic], in file: SourceFile) -> [Diagnostic] {
        let skipped = found.filter { $0.id == .notAGroupOrToken }
        guard skipped.count > 1 else { return found }
        let likely = file.headHasKey("value", followedBy: nil) && !file.headHasKey("$value")
            ? "they are written as Style Dictionary's own format writes tokens (\"value\" without \"$\"); read it with --source-format style-dictionary"
            : "it holds values written straight under their names, as a settings file does; a token is an object such as {\"$value\": …, \"$type\": …}"
        let summary = Diagnostic(.noEntryIsATokenOrGroup(skipped.count, file: file.path, likely: likely), at: skipped[0].location)
        return found.filter { $0.id != .notAGroupOrToken } + [summary]
    }
}

/// DTCG resolver documents (`.resolver.json`, or a JSON file whose root declares `resolutionOrder`).
package struct ResolverImporter: SystemImporter {
    package init() {}

    package var name: String { "resolver" }

    package func recognizes(fileName: String) -> Recognition {
        fileName.lowercased().hasSuffix(".resolver.json") ? .certain : .no
    }

    package func recognizes(_ file: SourceFile) -> Recognition {
        let byName = recognizes(fileName: file.path)
        guard byName == .no, file.path.lowercased().hasSuffix(".json") else { return byName }
        // A resolver names its merge order at the top level; token files never use the key.
        return file.headHasKey(Self.marker) ? .certain : .no
    }

    /// The key only a resolver document writes.
    package static let marker = "resolutionOrder"

    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        TokenSystem(resolver: file, options: options)
    }
}

/// A reader of another format's file, reporting each problem at its byte offset in the file.
package protocol FormatReader {
    var file: SourceFile { get }
    var diagnostics: [Diagnostic] { get set }
}

extension FormatReader {
    package mutating func report(_ message: DiagnosticMessage, at offset: Int, pointer: String = "", notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(message, at: SourceAnchor(file: file, offset: offset).location(pointer: pointer), notes: notes))
    }
}

extension SourceFile {
    /// Whether the first 4 KB hold `"key"` — followed, past whitespace, by `:` and `value`
    /// when one is given: how an importer tells its format from a file's start.
    package func headHasKey(_ key: String, followedBy value: UInt8? = nil) -> Bool {
        let head = bytes.prefix(4096)
        let quoted = Array("\"\(key)\"".utf8)
        guard head.count >= quoted.count else { return false }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        for start in 0...(head.count - quoted.count) where head[start..<start + quoted.count].elementsEqual(quoted) {
            guard let value else { return true }
            let rest = head[(start + quoted.count)...].drop(while: isSpace)
            guard rest.first == UInt8(ascii: ":") else { continue }
            if rest.dropFirst().drop(while: isSpace).first == value { return true }
        }
        return false
    }
}
