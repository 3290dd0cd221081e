import Foundation

/// The DTCG files Figma's own variable export writes: one file per mode of a collection
/// (`Light.tokens.json`, `Dark.tokens.json`), each naming its mode in the root's
/// `$extensions["com.figma.modeName"]` and each token's variable in
/// `$extensions["com.figma.variableId"]`.
///
/// - Files in one folder are the modes of one collection, named after the folder: a
///   collection with several modes is a modifier whose contexts are the modes (the default is
///   the mode named `Default`, `Light`, `Mode 1`, `Value` or `Base` when there is one, else the
///   first), one with a single mode is a set. Each file is read as the DTCG file it is.
/// - Figma writes an alias into another collection as the target's value, naming the target in
///   `$extensions["com.figma.aliasData"]` (`targetVariableName`: `color/blue/500`). When a file
///   read with it holds that token, the token is an alias of it again, so the reference
///   follows the other collection's modes; when none does, the value written is kept and the
///   missing file reported (`import.figma-export.alias`).
package struct FigmaExportImporter: SystemImporter {
    package init() {}

    package var name: String { "figma-export" }

    /// The keys only Figma's export writes.
    static let markers = ["com.figma.modeName", "com.figma.variableId", "com.figma.aliasData", "com.figma.scopes"]

    /// A folder holding files of Figma's export.
    package func recognizes(fileName: String) -> Recognition {
        Self.exportFiles(in: fileName).isEmpty ? .no : .certain
    }

    /// A `.json` file whose first 4 KB hold one of Figma's `com.figma.…` extension keys.
    package func recognizes(_ file: SourceFile) -> Recognition {
        guard file.path.lowercased().hasSuffix(".json") else { return .no }
        return Self.markers.contains(where: { file.headHasKey($0) }) ? .certain : .no
    }

    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        var reader = FigmaExportReader(options: options)
        reader.add(file)
        return TokenSystem(reader.read(), options: options)
    }

    package func system(at path: String, options: PipelineOptions) -> TokenSystem {
        system(combining: [path], options: options)
    }

    /// Files and folders of one export (or of several collections' exports) read together, so
    /// that aliases between collections are aliases again.
    package var combinesFiles: Bool { true }

    package func system(combining paths: [String], options: PipelineOptions) -> TokenSystem {
        var reader = FigmaExportReader(options: options)
        for path in paths {
            let files = Self.exportFiles(in: path)
            for file in files.isEmpty ? [path] : files { reader.load(file) }
        }
        return TokenSystem(reader.read(), options: options)
    }

    /// The export's files under a folder, in path order; none for a path that is not a folder.
    static func exportFiles(in path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = FileManager.default.enumerator(atPath: path)
        else { return [] }
        var found: [String] = []
        let importer = FigmaExportImporter()
        while let relative = enumerator.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            guard relative.lowercased().hasSuffix(".json") else { continue }
            let full = (path as NSString).appendingPathComponent(relative)
            guard let head = ImporterRegistry.head(of: full) else { continue }
            if importer.recognizes(SourceFile(path: full, bytes: head)) == .certain { found.append(full) }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

/// Groups export files into collections and modes, and puts cross-collection aliases back.
struct FigmaExportReader {
    let options: PipelineOptions
    private var found: [Diagnostic] = []
    private var files: [(file: SourceFile, root: JSONValue?)] = []

    init(options: PipelineOptions) { self.options = options }

    /// Mode names that are a collection's default, in order of preference.
    static let defaultModes = ["default", "light", "mode 1", "value", "base"]

    mutating func load(_ path: String) {
        var diagnostics: [Diagnostic] = []
        if let file = TokenFileLoader.read(path, maximum: options.limits.fileSize, diagnostics: &diagnostics) { add(file) }
        found += diagnostics
    }

    mutating func add(_ file: SourceFile) {
        var diagnostics: [Diagnostic] = []
        files.append((file, JSONParser(file: file).parseWellFormed(into: &diagnostics)))
        // The DTCG reading of the file reports its syntax; only what else reading finds is kept here.
        found += diagnostics.filter { !$0.id.isAboutFileText }
    }

    struct Mode {
        var name: String
        var file: SourceFile
        var root: JSONValue?
    }

    mutating func read() -> ResolverDocument {
        // Every token path of every file: an alias is put back only where its target is read.
        var inventory: Set<TokenPath> = []
        for (_, root) in files {
            guard let root else { continue }
            Self.visitTokens(root, path: []) { path, _ in inventory.insert(TokenPath(path.joined(separator: "."))) }
        }
        // Collections by folder, in the order their first file comes.
        var collections: [(name: String, modes: [Mode])] = []
        var folders: [String: Int] = [:]
        for (file, root) in files {
            let folder = (file.path as NSString).deletingLastPathComponent
            let modeName = root?["$extensions"]?["com.figma.modeName"]?.string ?? TokenFileLoader.baseName(of: file.path)
            let mode = Mode(name: modeName, file: file, root: root)
            if let index = folders[folder], !collections[index].modes.contains(where: { $0.name == modeName }) {
                collections[index].modes.append(mode)
            } else {
                var name = (folder as NSString).lastPathComponent
                if name.isEmpty || name == "." || folders[folder] != nil { name = TokenFileLoader.baseName(of: file.path) }
                if folders[folder] == nil { folders[folder] = collections.count }
                collections.append((name, [mode]))
            }
        }
        var layers: [ResolverDocument.Layer] = []
        var names: Set<String> = []
        for collection in collections {
            let name = UniqueName.claim(collection.name, in: &names) { "\($0) (\($1))" }
            let contexts = collection.modes.map { mode in
                ResolverDocument.Context(name: mode.name, sources: sources(of: mode, inventory: inventory))
            }
            let anchor = SourceAnchor(file: collection.modes[0].file, offset: 0)
            if contexts.count == 1 {
                layers.append(.set(.init(name: name, description: "The Figma collection exported as '\(collection.modes[0].name)'",
                    sources: contexts[0].sources)))
            } else {
                let lowered = contexts.map { $0.name.lowercased() }
                let preferred = Self.defaultModes.lazy.compactMap { lowered.firstIndex(of: $0) }.first ?? 0
                layers.append(.modifier(.init(name: name, description: "The modes of the Figma collection '\(collection.name)'",
                    contexts: contexts, defaultContext: contexts[preferred].name, anchor: anchor)))
            }
        }
        let anchorFile = files.first?.file ?? SourceFile(path: "figma", bytes: [])
        var carrier = DocumentBuilder(file: anchorFile)
        for diagnostic in found { carrier.report(diagnostic) }
        let first = ResolverDocument.Layer.set(.init(name: "figma-export", description: "What reading the files found",
            sources: [.init(.built(carrier.finish()), at: SourceAnchor(file: anchorFile, offset: 0))]))
        return ResolverDocument(name: collections.count == 1 ? collections[0].name : "figma", layers: [first] + layers, file: anchorFile)
    }

    /// The file as DTCG, then the aliases its `aliasData` names, for tokens whose target is read.
    private func sources(of mode: Mode, inventory: Set<TokenPath>) -> [ResolverDocument.Source] {
        let anchor = SourceAnchor(file: mode.file, offset: 0)
        var sources = [ResolverDocument.Source(.built(DTCGImporter().layer(of: mode.file)), at: anchor)]
        guard let root = mode.root else { return sources }
        var aliases = DocumentBuilder(file: mode.file)
        Self.visitTokens(root, path: []) { path, node in
            guard let data = node["$extensions"]?["com.figma.aliasData"], let name = data["targetVariableName"]?.string,
                node["$value"]?.string?.hasPrefix("{") != true
            else { return }
            let target = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let at = data["targetVariableName"]?.offset ?? data.offset
            guard inventory.contains(TokenPath(target.joined(separator: "."))), target != path else {
                let set = data["targetVariableSetName"]?.string.map { " in the collection '\($0)'" } ?? ""
                aliases.report(Diagnostic(.figmaExportAlias(path.joined(separator: "."), target: name, collection: set),
                    at: SourceAnchor(file: mode.file, offset: at).location(token: path.joined(separator: "."))))
                return
            }
            aliases.addToken(path, type: node["$type"]?.string.flatMap(TokenType.init(rawValue:)), value: .alias(target), at: at,
                description: node["$description"]?.string, extensions: node["$extensions"])
        }
        sources.append(ResolverDocument.Source(.built(aliases.finish()), at: anchor))
        return sources
    }

    /// Calls `body` with the path and node of every token (an object with `$value`) under `node`.
    static func visitTokens(_ node: JSONValue, path: [String], _ body: ([String], JSONValue) -> Void) {
        guard let members = node.members else { return }
        if node["$value"] != nil, !path.isEmpty {
            body(path, node)
            return
        }
        for member in members where !member.key.hasPrefix("$") {
            visitTokens(member.value, path: path + [member.key], body)
        }
    }
}
