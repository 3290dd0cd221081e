import Foundation
import Tessera

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
/// - Figma writes every FLOAT as a `number`; its `com.figma.scopes` give it the type the REST
///   importer gives it (a `px` dimension for sizes, gaps, radii, strokes and font metrics, a
///   `fontWeight`, an opacity ÷ 100, else a `number`). Figma lets any FLOAT alias any FLOAT, so
///   an alias between FLOATs of different types is computed from the target's Figma number,
///   read as the aliasing variable reads its own: never a type mismatch.
/// - A FLOAT is a number of pixels wherever Figma binds it to a length: a `dimension` token
///   whose `$value` is a bare number is `N px`, silently, and one aliasing a FLOAT its scopes
///   leave a `number` takes that number as pixels.
package struct FigmaExportImporter: FileSetImporter {
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

    package typealias Reader = FigmaExportReader

    /// The export's files under a folder; nil when it holds none.
    package func files(in path: String) -> (read: [String], skipped: [String])? {
        let files = Self.exportFiles(in: path)
        return files.isEmpty ? nil : (files, [])
    }

    /// The export's files under a folder, in path order; none for a path that is not a folder.
    static func exportFiles(in path: String) -> [String] {
        let importer = FigmaExportImporter()
        return (jsonFileHeads(in: path) ?? []).filter { importer.recognizes($0) == .certain }.map(\.path)
    }
}

/// Groups export files into collections and modes, and puts cross-collection aliases back.
package struct FigmaExportReader: FileSetReader {
    let options: PipelineOptions
    private var found: [Diagnostic] = []
    private var files: [(file: SourceFile, root: JSONValue?)] = []
    /// Every FLOAT (a `number` token) by path: the type its scopes give it.
    private var floats: [TokenPath: FigmaVariablesReader.Target] = [:]

    package init(options: PipelineOptions) { self.options = options }

    /// Mode names that are a collection's default, in order of preference.
    static let defaultModes = ["default", "light", "mode 1", "value", "base"]

    package mutating func load(_ path: String) {
        var diagnostics: [Diagnostic] = []
        if let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics) { add(file) }
        found += diagnostics
    }

    package mutating func add(_ file: SourceFile) {
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

    package mutating func read() -> ResolverDocument {
        // Every token path of every file, and each variable's path by id: an alias is put
        // back only where its target is read.
        var inventory: Set<TokenPath> = []
        var byID: [String: [String]] = [:]
        var ids: [[String]] = []
        for (_, root) in files {
            var own: [String] = []
            if let root {
                Self.visitTokens(root, path: []) { path, node in
                    inventory.insert(TokenPath(path.joined(separator: ".")))
                    if let float = Self.float(path, node), floats[TokenPath(float.path.joined(separator: "."))] == nil {
                        floats[TokenPath(float.path.joined(separator: "."))] = float
                    }
                    if let id = node["$extensions"]?["com.figma.variableId"]?.string {
                        own.append(id)
                        if byID[id] == nil { byID[id] = path }
                    }
                }
            }
            ids.append(own)
        }
        let collections = Self.collections(of: files.map { ($0.file, $0.root) }, ids: ids)
        var layers: [ResolverDocument.Layer] = []
        var names: Set<String> = []
        for collection in collections {
            let name = UniqueName.claim(collection.name, in: &names) { "\($0) (\($1))" }
            let contexts = collection.modes.map { mode in
                ResolverDocument.Context(name: mode.name, sources: sources(of: mode, inventory: inventory, byID: byID))
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
    private func sources(of mode: Mode, inventory: Set<TokenPath>, byID: [String: [String]]) -> [ResolverDocument.Source] {
        let anchor = SourceAnchor(file: mode.file, offset: 0)
        var sources = [ResolverDocument.Source(.built(DTCGImporter().layer(of: mode.file)), at: anchor)]
        guard let root = mode.root else { return sources }
        var aliases = DocumentBuilder(file: mode.file)
        Self.visitTokens(root, path: []) { path, node in
            if let data = node["$extensions"]?["com.figma.aliasData"], let name = data["targetVariableName"]?.string,
                node["$value"]?.string?.hasPrefix("{") != true
            {
                // By id when a file read holds the variable (names may repeat across collections),
                // else by name.
                let target = data["targetVariableId"]?.string.flatMap { byID[$0] }
                    ?? name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                let at = data["targetVariableName"]?.offset ?? data.offset
                guard inventory.contains(TokenPath(target.joined(separator: "."))), target != path else {
                    let set = data["targetVariableSetName"]?.string.map { " in the collection '\($0)'" } ?? ""
                    aliases.report(Diagnostic(.figmaExportAlias(path.joined(separator: "."), target: name, collection: set),
                        at: SourceAnchor(file: mode.file, offset: at).location(token: path.joined(separator: "."))))
                    // Figma's value is kept, typed as the scopes say.
                    addFloat(path, node, into: &aliases)
                    return
                }
                addAlias(path, node, to: target, at: at, into: &aliases)
                return
            }
            addFloat(path, node, into: &aliases)
            addLength(path, node, into: &aliases)
        }
        sources.append(ResolverDocument.Source(.built(aliases.finish()), at: anchor))
        return sources
    }

    /// A FLOAT written as a `number`, as the type its `com.figma.scopes` give it; nil for any
    /// other token.
    static func float(_ path: [String], _ node: JSONValue) -> FigmaVariablesReader.Target? {
        guard node["$type"]?.string == "number" else { return nil }
        let scopes = (node["$extensions"]?["com.figma.scopes"]?.array ?? []).compactMap(\.string)
        return FigmaVariablesReader.Target(path: path, type: FigmaVariablesReader.floatType(Set(scopes)), isPercentage: scopes == ["OPACITY"])
    }

    /// A FLOAT its scopes give another type than `number` (its value read as that type), or one
    /// that aliases, in its file, a FLOAT of another type.
    private func addFloat(_ path: [String], _ node: JSONValue, into builder: inout DocumentBuilder) {
        guard let own = Self.float(path, node), let value = node["$value"] else { return }
        if let text = value.string {
            guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return }
            let target = text.dropFirst().dropLast().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            addAlias(path, node, to: target, at: value.offset, into: &builder)
            return
        }
        guard own.type != .number || own.isPercentage, let number = value.number else { return }
        let typed: TokenValue
        switch own.type {
        case .dimension?: typed = .dimension(TokenDimension(number, .px))
        case .fontWeight? where (1...1000).contains(number): typed = .fontWeight(number)
        case .fontWeight?: return
        default: typed = .number(own.isPercentage ? number / 100 : number)
        }
        builder.addToken(path, type: typed.type, value: .typed(typed), at: value.offset,
            description: node["$description"]?.string, extensions: node["$extensions"])
    }

    /// A `dimension` token written as a Figma FLOAT: a bare number (`N px`), or an alias of a
    /// FLOAT its scopes leave a `number` (its number read as pixels).
    private func addLength(_ path: [String], _ node: JSONValue, into builder: inout DocumentBuilder) {
        guard node["$type"]?.string == "dimension", let value = node["$value"] else { return }
        let description = node["$description"]?.string
        if let number = value.number {
            builder.addToken(path, type: .dimension, value: .typed(.dimension(TokenDimension(number, .px))), at: value.offset,
                description: description, extensions: node["$extensions"])
            return
        }
        let own = FigmaVariablesReader.Target(path: path, type: .dimension, isPercentage: false)
        guard let target = FigmaModesReader.wholeReference(value), let reached = floats[TokenPath(target.joined(separator: "."))],
            let convert = FigmaVariablesReader.conversion(from: reached, to: own, variable: path.joined(separator: "."), at: value.offset)
        else { return }
        let operand = Computation.Operand(path: target.joined(separator: "."), offset: value.offset)
        builder.addToken(path, type: .dimension, value: .computed(Computation(operands: [operand], compute: convert), at: value.offset),
            at: value.offset, description: description, extensions: node["$extensions"])
    }

    /// The token as an alias of `target`: computed from the target's Figma number when the two
    /// are FLOATs their scopes type differently, else an alias with the token's own type.
    private func addAlias(_ path: [String], _ node: JSONValue, to target: [String], at offset: Int, into builder: inout DocumentBuilder) {
        let joined = path.joined(separator: ".")
        if let own = Self.float(path, node), let reached = floats[TokenPath(target.joined(separator: "."))],
            let convert = FigmaVariablesReader.conversion(from: reached, to: own, variable: joined, at: offset)
        {
            let operand = Computation.Operand(path: target.joined(separator: "."), offset: offset)
            builder.addToken(path, type: own.type, value: .computed(Computation(operands: [operand], compute: convert), at: offset), at: offset,
                description: node["$description"]?.string, extensions: node["$extensions"])
            return
        }
        let type = Self.float(path, node)?.type ?? node["$type"]?.string.flatMap(TokenType.init(rawValue:))
        // Only a cross-collection alias (aliasData) or a FLOAT of another type needs a token here.
        if node["$extensions"]?["com.figma.aliasData"] == nil, type == .number { return }
        builder.addToken(path, type: type, value: .alias(target), at: offset,
            description: node["$description"]?.string, extensions: node["$extensions"])
    }

    /// Files grouped into collections, each a list of modes, in the order their first file
    /// comes. Figma's export has no collection in its files, so: files that share a variable
    /// id are modes of one collection (a variable belongs to one collection, and has a value
    /// in each of its modes); so are files named `Collection.Mode.tokens.json` with one
    /// `Collection` in one folder; files with no variable id are grouped by folder. A mode
    /// name a collection already has starts another collection.
    ///
    /// A collection is named, in order of preference: by the `Collection.` its files' names
    /// start with, by the `targetVariableSetName` an alias into it gives, by its folder when
    /// the folder holds no other collection, else by its modes' names (`Light / Dark`).
    static func collections(of files: [(file: SourceFile, root: JSONValue?)], ids: [[String]]) -> [(name: String, modes: [Mode])] {
        var parent = Array(files.indices)
        func find(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        func union(_ a: Int, _ b: Int) {
            let (ra, rb) = (find(a), find(b))
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
        let folders = files.map { ($0.file.path as NSString).deletingLastPathComponent }
        let modeNames = files.map { file in file.root?["$extensions"]?["com.figma.modeName"]?.string ?? TokenFileLoader.baseName(of: file.file.path) }
        // `Collection.Mode`: the base name ends with the mode's name after a dot.
        let prefixes: [String?] = files.indices.map { index in
            let base = TokenFileLoader.baseName(of: files[index].file.path)
            let suffix = "." + modeNames[index]
            guard base.count > suffix.count, base.lowercased().hasSuffix(suffix.lowercased()) else { return nil }
            return String(base.dropLast(suffix.count))
        }
        var firstWithID: [String: Int] = [:]
        var firstWithPrefix: [String: Int] = [:]
        var firstWithoutIDs: [String: Int] = [:]
        for index in files.indices {
            for id in ids[index] {
                if let other = firstWithID[id] { union(other, index) } else { firstWithID[id] = index }
            }
            if let prefix = prefixes[index] {
                let key = folders[index] + "\u{0}" + prefix
                if let other = firstWithPrefix[key] { union(other, index) } else { firstWithPrefix[key] = index }
            }
            if ids[index].isEmpty, prefixes[index] == nil {
                if let other = firstWithoutIDs[folders[index]] { union(other, index) } else { firstWithoutIDs[folders[index]] = index }
            }
        }
        // Names aliases give collections: target id → collection name.
        var setNames: [String: String] = [:]
        for (_, root) in files {
            guard let root else { continue }
            visitTokens(root, path: []) { _, node in
                guard let data = node["$extensions"]?["com.figma.aliasData"], let id = data["targetVariableId"]?.string,
                    let name = data["targetVariableSetName"]?.string, !name.isEmpty
                else { return }
                if setNames[id] == nil { setNames[id] = name }
            }
        }
        var groups: [(root: Int, modes: [Int])] = []
        var groupOf: [Int: Int] = [:]
        for index in files.indices {
            let root = find(index)
            if let group = groupOf[root], !groups[group].modes.contains(where: { modeNames[$0] == modeNames[index] }) {
                groups[group].modes.append(index)
            } else {
                groupOf[root] = groups.count
                groups.append((root, [index]))
            }
        }
        let groupsPerFolder = Dictionary(grouping: groups.map { folders[$0.modes[0]] }, by: { $0 }).mapValues(\.count)
        return groups.map { group in
            let first = group.modes[0]
            let folderName = (folders[first] as NSString).lastPathComponent
            let name = group.modes.lazy.compactMap { prefixes[$0] }.first
                ?? group.modes.lazy.flatMap { ids[$0] }.compactMap { setNames[$0] }.first
                ?? (groupsPerFolder[folders[first]] == 1 && !folderName.isEmpty && folderName != "." ? folderName : nil)
                ?? group.modes.map { modeNames[$0] }.joined(separator: " / ")
            return (name, group.modes.map { Mode(name: modeNames[$0], file: files[$0].file, root: files[$0].root) })
        }
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
