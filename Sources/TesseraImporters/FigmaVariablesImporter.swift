import Foundation
import Tessera

/// Figma variables as the REST API returns them (`GET /v1/files/:key/variables/local`):
/// `meta.variableCollections` and `meta.variables`, as maps by id or as arrays (plugin
/// exports write either, with or without the `meta` wrapper, some as `collections`).
///
/// - Each collection is a set when it has one mode and a modifier when it has more, named
///   after the collection, with a context per mode (the default mode is the default context).
/// - A variable's token path is its collection's name and then its own, split at `/`
///   (`Colors` + `fg/default` → `Colors.fg.default`): names repeat across collections (a
///   library's `base/color/light` and `base/color/dark` both hold `gray/7`), and collections
///   and variables are matched by id, never by name. A `.`, `{` or `}` in a name becomes `_`.
/// - `VARIABLE_ALIAS` values become references to the target's path, in whatever collection,
///   resolved in the context that collection's modifier is in.
/// - Types: `COLOR` → `color`, `BOOLEAN` → `boolean`, `STRING` → `fontFamily` when its only
///   scope is `FONT_FAMILY`, else `string`. A `FLOAT` is a `fontWeight` when its scopes are
///   `FONT_WEIGHT` or `FONT_STYLE`, a `number` divided by 100 when `OPACITY` (Figma's
///   percentages), a `number` for `ALL_SCOPES`, no scope or scopes of different kinds, and a
///   `px` dimension for the others (sizes, gaps, radii, strokes, effects, font sizes, line
///   heights, letter and paragraph spacing).
/// - Figma lets any FLOAT alias any FLOAT (and any STRING any STRING) whatever the scopes, so
///   an alias may join two types: the aliasing variable keeps its own type, and its value is
///   computed, in every permutation, from the target's Figma number read as the aliasing
///   variable reads its own (px, ÷ 100 for an opacity, a weight, a one-name family).
/// - An alias of a variable no file read holds fails on its own token, in that mode, naming
///   the id and the key it carries; what aliases it fails with it, the rest resolves.
/// - A variable marked `deletedButReferenced` (deleted in Figma, kept in the response because
///   something still uses it) is not a token: it is not emitted, its name may repeat a live
///   variable's, and its own aliases are not checked. A live variable aliasing it takes its
///   value in that mode (through its aliases, as Figma still resolves them), silently.
/// - The variable's id, key, scopes, code syntax, `remote` and `hiddenFromPublishing` are kept
///   in `$extensions["com.figma"]`; hidden and remote variables are read like the others.
/// - An extended collection (`isExtension`, `parentVariableCollectionId`: Figma's theming of a
///   collection, which inherits its parent's variables and modes and overrides some values)
///   is a collection of its own, named after it, with a token for every variable it inherits:
///   in each of its modes, the value its `variableOverrides` give for that mode, else the value
///   of the parent's mode it extends (`parentModeId`), up the chain of parents. An alias of a
///   variable it inherits names its own token, so an overridden primitive changes the
///   semantic variables that alias it, as in Figma.
package struct FigmaVariablesImporter: SystemImporter {
    package init() {}

    package var name: String { "figma" }

    package func recognizes(fileName: String) -> Recognition { .no }

    /// The keys only a Figma variables response writes.
    static let markers = ["variableCollections", "valuesByMode"]

    /// A `.json` file whose start names `variableCollections` or `valuesByMode`.
    package func recognizes(_ file: SourceFile) -> Recognition {
        guard file.path.lowercased().hasSuffix(".json") else { return .no }
        return Self.markers.contains(where: { file.headHasKey($0) }) ? .certain : .no
    }

    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        var reader = FigmaVariablesReader(files: [file])
        return TokenSystem(reader.read(), options: options)
    }

    /// Several responses read as one system: a file's variables may alias variables of
    /// another's collections (a library's), matched by id. A collection or variable that
    /// several files hold (a library's, listed as remote where it is used) is read once,
    /// from the file that owns it when one does.
    package var combinesFiles: Bool { true }

    package func system(combining paths: [String], options: PipelineOptions) -> TokenSystem {
        var files: [SourceFile] = []
        var diagnostics: [Diagnostic] = []
        for path in paths {
            if let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics) { files.append(file) }
        }
        guard !files.isEmpty else { return TokenSystem(unreadable: paths.first ?? "", diagnostics: diagnostics, options: options) }
        var reader = FigmaVariablesReader(files: files)
        reader.diagnostics = diagnostics
        return TokenSystem(reader.read(), options: options)
    }
}

/// Reads one response, or several together, into layers and the resolver that orders them.
struct FigmaVariablesReader: FormatReader {
    let files: [SourceFile]
    /// The file being read: what diagnostics point into.
    var file: SourceFile
    var diagnostics: [Diagnostic] = []
    /// Variable id → the variables whose values alias it; built when an alias names a
    /// variable no file holds, to count what depends on it.
    private var aliasers: [String: [String]]?
    /// What a published-variables response read with the others says of a variable, by key.
    private var published: [String: (name: String, collection: String?)] = [:]
    private var variables: [Variable] = []
    /// Variables marked `deletedButReferenced`, by id: no token of their own, only the values
    /// a live variable aliasing them takes.
    private var deleted: [String: Variable] = [:]

    init(files: [SourceFile]) {
        self.files = files
        file = files[0]
    }

    struct Collection {
        var id: String
        var name: String
        var path: [String]
        /// Mode id and name, in order.
        var modes: [(id: String, name: String)]
        var defaultMode: String?
        var offset: Int
        /// Where the file writes the collection's name.
        var nameOffset: Int?
        var file: SourceFile
        /// An extended collection's parent, its overrides (variable id → mode id → value) and
        /// each of its modes' parent mode.
        var parent: String? = nil
        var overrides: JSONValue? = nil
        var parentModes: [String: String] = [:]
        var remote: Bool
    }

    struct Variable {
        var id: String
        var name: String
        var collection: String
        var node: JSONValue
        /// What `resolvedType` and `scopes` make it; nil for a type Tessera does not know.
        var type: TokenType?
        /// Opacity: its values are percentages.
        var isPercentage: Bool
        var description: String?
        /// `com.figma`: what the variable carries beside its values.
        var extensions: JSONValue
        var path: [String] = []
        var file: SourceFile
        /// Listed by a file that uses it from a library.
        var remote: Bool
        /// Deleted in Figma, listed only because something still uses it.
        var isDeleted: Bool { node["deletedButReferenced"]?.bool == true }

        init(id: String, name: String, collection: String, node: JSONValue, file: SourceFile) {
            self.id = id
            self.name = name
            self.collection = collection
            self.node = node
            self.file = file
            remote = node["remote"]?.bool == true
            let scopes = (node["scopes"]?.array ?? []).compactMap(\.string)
            type = FigmaVariablesReader.type(node["resolvedType"]?.string, scopes: scopes)
            isPercentage = scopes == ["OPACITY"]
            description = node["description"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            extensions = FigmaVariablesReader.extensions(of: node)
        }
    }

    mutating func read() -> ResolverDocument {
        var collections: [Collection] = []
        var variables: [Variable] = []
        for file in files {
            self.file = file
            var found: [Diagnostic] = []
            let root = JSONParser(file: file).parseWellFormed(into: &found)
            diagnostics += found
            guard let root else { continue }
            let meta = root["meta"]?.isObject == true ? root["meta"]! : root
            // Plugin exports of the Plugin API's objects name the collections `collections`.
            guard let collectionsNode = meta["variableCollections"] ?? meta["collections"], let variablesNode = meta["variables"] else {
                report(.figma("a Figma variables file has 'variableCollections' and 'variables' (in 'meta' for the REST API)"), at: meta.offset)
                continue
            }
            if Self.isPublished(collectionsNode, variablesNode) {
                readPublished(collectionsNode, variablesNode, at: meta.offset)
                continue
            }
            Self.adopt(readCollections(collectionsNode), into: &collections, id: \.id, remote: \.remote)
            Self.adopt(readVariables(variablesNode), into: &variables, id: \.id, remote: \.remote)
        }
        setAsideDeleted(&variables)
        let layers = build(&collections, &variables)
        // Each file's diagnostics travel in a layer of its own, so every file is known.
        var carriers = Dictionary(uniqueKeysWithValues: files.map { ($0.path, DocumentBuilder(file: $0)) })
        for diagnostic in diagnostics {
            let path = diagnostic.location?.file ?? files[0].path
            carriers[carriers[path] == nil ? files[0].path : path]?.report(diagnostic)
        }
        let first = ResolverDocument.Layer.set(.init(name: "figma", description: "What reading the files found",
            sources: files.map { .init(.built(carriers[$0.path]!.finish()), at: SourceAnchor(file: $0, offset: 0)) }))
        let name = files.count == 1 ? ((files[0].path as NSString).lastPathComponent as NSString).deletingPathExtension : "figma"
        return ResolverDocument(name: name, layers: [first] + layers, file: files[0])
    }

    /// Moves the variables marked `deletedButReferenced` out of `variables` into `deleted`.
    private mutating func setAsideDeleted(_ variables: inout [Variable]) {
        for variable in variables where variable.isDeleted && deleted[variable.id] == nil {
            deleted[variable.id] = variable
        }
        variables.removeAll(where: \.isDeleted)
    }

    /// The value a live variable takes in `mode` when `value` aliases a deleted variable: the
    /// deleted variable's own value there (else its first: it may be of another collection),
    /// followed through other deleted variables; `value` itself otherwise.
    private func throughDeleted(_ value: JSONValue, mode: String) -> JSONValue {
        var value = value
        var seen: Set<String> = []
        while value["type"]?.string == "VARIABLE_ALIAS", let id = value["id"]?.string, let dead = deleted[id], seen.insert(id).inserted {
            let values = dead.node["valuesByMode"]
            guard let next = values?[mode] ?? values?.members?.first?.value else { break }
            value = next
        }
        return value
    }

    /// How many variables alias `id`, directly or through others.
    private mutating func dependents(of id: String) -> Int {
        if aliasers == nil {
            var graph: [String: [String]] = [:]
            for variable in variables {
                for mode in variable.node["valuesByMode"]?.members ?? [] where mode.value["type"]?.string == "VARIABLE_ALIAS" {
                    if let target = mode.value["id"]?.string { graph[target, default: []].append(variable.id) }
                }
            }
            aliasers = graph
        }
        var seen: Set<String> = [id]
        var queue = aliasers?[id] ?? []
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            queue += aliasers?[next] ?? []
        }
        return seen.count - 1
    }

    /// A published-variables response (`GET /v1/files/:key/variables/published`): variables
    /// with a `key` and no `valuesByMode`, collections without modes.
    static func isPublished(_ collections: JSONValue, _ variables: JSONValue) -> Bool {
        let sample = entries(variables).first ?? entries(collections).first
        guard let sample, sample.isObject else { return false }
        return sample["valuesByMode"] == nil && sample["modes"] == nil
            && (sample["subscribed_id"] != nil || sample["resolvedDataType"] != nil || sample["updatedAt"] != nil)
    }

    /// Keeps what a published response says of each variable, to name the variables an alias
    /// reaches in a library no file read holds; it has no values, which is said once.
    private mutating func readPublished(_ collectionsNode: JSONValue, _ variablesNode: JSONValue, at offset: Int) {
        var collectionNames: [String: String] = [:]
        for entry in Self.entries(collectionsNode) {
            if let id = entry["id"]?.string, let name = entry["name"]?.string { collectionNames[id] = name }
        }
        for entry in Self.entries(variablesNode) {
            guard let key = entry["key"]?.string, let name = entry["name"]?.string else { continue }
            published[key] = (name, entry["variableCollectionId"]?.string.flatMap { collectionNames[$0] })
        }
        report(.figmaPublished(published.count), at: offset)
    }

    /// `found` added to `kept`, but for what `kept` already has by id: a copy listed as used
    /// (`remote`) gives way to the one its owner lists; otherwise the first is kept.
    static func adopt<Item>(_ found: [Item], into kept: inout [Item], id: (Item) -> String, remote: (Item) -> Bool) {
        var index = Dictionary(kept.enumerated().map { (id($1), $0) }, uniquingKeysWith: { first, _ in first })
        for item in found {
            if let existing = index[id(item)] {
                if remote(kept[existing]), !remote(item) { kept[existing] = item }
                continue
            }
            index[id(item)] = kept.count
            kept.append(item)
        }
    }

    /// Layers for every collection, in the order the files list them.
    private mutating func build(_ collections: inout [Collection], _ variables: inout [Variable]) -> [ResolverDocument.Layer] {
        assignPaths(&collections, &variables)
        self.variables = variables
        let byCollection = Dictionary(grouping: variables.indices, by: { variables[$0].collection })
        let paths = Dictionary(variables.map { ($0.id, Target(path: $0.path, type: $0.type, isPercentage: $0.isPercentage)) },
            uniquingKeysWith: { first, _ in first })
        let collectionIDs = Set(collections.map(\.id))
        for variable in variables where !collectionIDs.contains(variable.collection) {
            file = variable.file
            report(.figma("variable '\(variable.name)' belongs to collection '\(variable.collection)', which the file does not hold"),
                at: variable.node.offset)
        }

        var layers: [ResolverDocument.Layer] = []
        var modifierNames: Set<String> = []
        let collectionsByID = Dictionary(collections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for collection in collections {
            if collection.parent != nil {
                if let layer = extendedLayer(collection, collectionsByID: collectionsByID, byCollection: byCollection, paths: paths,
                    names: &modifierNames)
                {
                    layers.append(layer)
                }
                continue
            }
            let members = (byCollection[collection.id] ?? []).map { variables[$0] }
            var contexts: [ResolverDocument.Context] = []
            var contextNames: Set<String> = []
            let anchor = SourceAnchor(file: collection.file, offset: collection.offset)
            for mode in collection.modes {
                // One layer per file the collection's variables come from, so offsets stay in their file.
                var builders: [(path: String, builder: DocumentBuilder)] = []
                for variable in members {
                    file = variable.file
                    if builders.last?.path != file.path {
                        builders.append((file.path, DocumentBuilder(file: file)))
                    }
                    add(variable, mode: mode.id, collection: collection, paths: paths, into: &builders[builders.count - 1].builder)
                }
                if builders.isEmpty { builders.append((collection.file.path, DocumentBuilder(file: collection.file))) }
                let name = UniqueName.claim(mode.name, in: &contextNames) { "\($0) (\($1))" }
                contexts.append(.init(name: name, sources: builders.map { .init(.built($0.builder.finish()), at: anchor) }))
            }
            let name = UniqueName.claim(collection.name, in: &modifierNames) { "\($0) (\($1))" }
            if contexts.count == 1 {
                layers.append(.set(.init(name: name, description: "The Figma collection \(collection.id)", sources: contexts[0].sources)))
            } else if !contexts.isEmpty {
                let defaultName = collection.modes.firstIndex { $0.id == collection.defaultMode }.map { contexts[$0].name }
                layers.append(.modifier(.init(name: name, description: "The modes of the Figma collection \(collection.id)",
                    contexts: contexts, defaultContext: defaultName ?? contexts[0].name, anchor: anchor)))
            }
        }
        return layers
    }

    /// An extended collection: every variable of the collection it extends (at the top of its
    /// chain of parents), under its own name, with its overrides, else its parent's values.
    private mutating func extendedLayer(_ collection: Collection, collectionsByID: [String: Collection], byCollection: [String: [Int]],
        paths: [String: Target], names: inout Set<String>) -> ResolverDocument.Layer?
    {
        // The chain up to the root collection, whose variables these are.
        var chain = [collection]
        while let parentID = chain.last?.parent {
            guard let parent = collectionsByID[parentID], chain.count < 32, !chain.contains(where: { $0.id == parentID }) else {
                file = collection.file
                report(.figma("extended collection '\(collection.name)' extends '\(parentID)', which no file read holds"
                    + (chain.count > 1 ? " (through '\(chain.last!.name)')" : "") + "; it is left out"),
                    at: collection.offset)
                return nil
            }
            chain.append(parent)
        }
        let root = chain.last!
        let members = (byCollection[root.id] ?? []).map { variables[$0] }
        // Aliases of inherited variables name this collection's tokens.
        var ownPaths = paths
        for variable in members {
            ownPaths[variable.id] = Target(path: collection.path + variable.path.dropFirst(root.path.count), type: variable.type,
                isPercentage: variable.isPercentage)
        }
        /// The value of `variable` in `mode` of the collection at `level` of the chain.
        func value(_ variable: Variable, level: Int, mode: String) -> JSONValue? {
            let at = chain[level]
            if let override = at.overrides?[variable.id]?[mode] { return override }
            guard level + 1 < chain.count else { return variable.node["valuesByMode"]?[mode] }
            guard let parentMode = at.parentModes[mode] else { return nil }
            return value(variable, level: level + 1, mode: parentMode)
        }
        var contexts: [ResolverDocument.Context] = []
        var contextNames: Set<String> = []
        let anchor = SourceAnchor(file: collection.file, offset: collection.offset)
        for mode in collection.modes {
            var builder = DocumentBuilder(file: collection.file)
            file = collection.file
            for var variable in members {
                guard let written = value(variable, level: 0, mode: mode.id) else { continue }
                variable.path = ownPaths[variable.id]!.path
                // The variable with this mode's value as its only one.
                let values = JSONValue(.object([JSONMember(key: mode.id, keyOffset: written.offset, value: written)]), offset: written.offset)
                let kept = (variable.node.members ?? []).filter { $0.key != "valuesByMode" }
                variable.node = JSONValue(.object(kept + [JSONMember(key: "valuesByMode", keyOffset: written.offset, value: values)]),
                    offset: variable.node.offset)
                add(variable, mode: mode.id, collection: collection, paths: ownPaths, into: &builder)
            }
            let name = UniqueName.claim(mode.name, in: &contextNames) { "\($0) (\($1))" }
            contexts.append(.init(name: name, sources: [.init(.built(builder.finish()), at: anchor)]))
        }
        let name = UniqueName.claim(collection.name, in: &names) { "\($0) (\($1))" }
        if contexts.count == 1 {
            return .set(.init(name: name, description: "The Figma collection \(collection.id), extending \(root.id)", sources: contexts[0].sources))
        }
        guard !contexts.isEmpty else { return nil }
        let defaultName = collection.modes.firstIndex { $0.id == collection.defaultMode }.map { contexts[$0].name }
        return .modifier(.init(name: name, description: "The modes of the Figma collection \(collection.id), extending \(root.id)",
            contexts: contexts, defaultContext: defaultName ?? contexts[0].name, anchor: anchor))
    }

    private mutating func readCollections(_ node: JSONValue) -> [Collection] {
        var collections: [Collection] = []
        for entry in Self.entries(node) {
            guard entry.isObject, let id = entry["id"]?.string, let name = entry["name"]?.string else {
                report(.figma("a variable collection needs an 'id' and a 'name'"), at: entry.offset)
                continue
            }
            var modes: [(id: String, name: String)] = []
            var parentModes: [String: String] = [:]
            for mode in entry["modes"]?.array ?? [] {
                guard let modeID = mode["modeId"]?.string, let modeName = mode["name"]?.string else {
                    report(.figma("a mode needs a 'modeId' and a 'name'"), at: mode.offset)
                    continue
                }
                modes.append((modeID, modeName))
                // An extended mode names its parent's mode, or carries it after the `/` of its id.
                if let parentMode = mode["parentModeId"]?.string ?? modeID.split(separator: "/").dropFirst().last.map(String.init) {
                    parentModes[modeID] = parentMode
                }
            }
            if modes.isEmpty { report(.figma("collection '\(name)' has no modes"), at: entry.offset) }
            var collection = Collection(id: id, name: name, path: [], modes: modes, defaultMode: entry["defaultModeId"]?.string,
                offset: entry.offset, nameOffset: entry["name"]?.offset, file: file, remote: entry["remote"]?.bool == true)
            if entry["isExtension"]?.bool == true {
                guard let parent = entry["parentVariableCollectionId"]?.string else {
                    report(.figma("extended collection '\(name)' names no 'parentVariableCollectionId'"), at: entry["isExtension"]?.offset ?? entry.offset)
                    continue
                }
                collection.parent = parent
                collection.overrides = entry["variableOverrides"]
                collection.parentModes = parentModes
            }
            collections.append(collection)
        }
        return collections
    }

    private mutating func readVariables(_ node: JSONValue) -> [Variable] {
        var variables: [Variable] = []
        var seen: Set<String> = []
        for entry in Self.entries(node) {
            guard entry.isObject, let id = entry["id"]?.string, let name = entry["name"]?.string,
                let collection = entry["variableCollectionId"]?.string
            else {
                report(.figma("a variable needs an 'id', a 'name' and a 'variableCollectionId'"), at: entry.offset)
                continue
            }
            guard seen.insert(id).inserted else {
                report(.figma("variable id '\(id)' appears twice; the first is kept"), at: entry.offset)
                continue
            }
            variables.append(Variable(id: id, name: name, collection: collection, node: entry, file: file))
        }
        return variables
    }

    /// The members of a map by id, or the elements of an array.
    static func entries(_ node: JSONValue) -> [JSONValue] {
        node.array ?? node.members?.map(\.value) ?? []
    }

    /// Token paths: the collection's names, then the variable's; a path taken twice in a
    /// collection is reported and the later variable left out.
    private mutating func assignPaths(_ collections: inout [Collection], _ variables: inout [Variable]) {
        var prefixes: [String: [String]] = [:]
        var taken: Set<String> = []
        for index in collections.indices {
            var path = Self.segments(collections[index].name)
            if path.isEmpty { path = ["collection"] }
            // Collections may share a name (a library's and the file's own): `mode`, `mode_2` …
            let last = path.removeLast()
            let prefix = path.map { $0 + "." }.joined()
            let claimed = String(UniqueName.claim(prefix + last, in: &taken) { "\($0)_\($1)" }.dropFirst(prefix.count))
            path.append(claimed)
            if claimed != last {
                // Both are kept; the note says where the second one's tokens are.
                file = collections[index].file
                let collection = collections[index]
                let first = collections[..<index].first { Self.segments($0.name) == Self.segments(collection.name) }
                report(.figmaSharedName(collection.name, id: collection.id, other: first?.id, path: path.joined(separator: ".")),
                    at: collection.nameOffset ?? collection.offset)
            }
            collections[index].path = path
            prefixes[collections[index].id] = path
        }
        var paths: Set<TokenPath> = []
        var kept: [Variable] = []
        for var variable in variables {
            file = variable.file
            let own = Self.segments(variable.name)
            guard !own.isEmpty else {
                report(.figma("variable '\(variable.id)' has an empty name"), at: variable.node.offset)
                continue
            }
            variable.path = (prefixes[variable.collection] ?? ["unknown"]) + own
            guard paths.insert(TokenPath(variable.path.joined(separator: "."))).inserted else {
                report(.figmaDuplicate(variable.path.joined(separator: ".")), at: variable.node["name"]?.offset ?? variable.node.offset)
                continue
            }
            kept.append(variable)
        }
        variables = kept
    }

    /// A Figma name's segments as token names: split at `/`, trimmed, made safe
    /// (`TokenPathSyntax.safeName`), empty ones left out.
    static func segments(_ name: String) -> [String] {
        var segments: [String] = []
        // `/` is one byte that no other character's UTF-8 holds: split the bytes.
        for piece in name.utf8.split(separator: UInt8(ascii: "/")) {
            let text = Substring(piece)
            // Most names have no space at either end: trim only when one may be there.
            let trimmed: String
            if let first = piece.first, let last = piece.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
                trimmed = String(text)
            } else {
                let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
                let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
                trimmed = start < end ? String(text[start..<end]) : ""
            }
            if !trimmed.isEmpty { segments.append(TokenPathSyntax.safeName(trimmed)) }
        }
        return segments
    }

    /// The token type a variable's `resolvedType` and `scopes` call for; nil for a type Figma
    /// added since.
    static func type(_ resolvedType: String?, scopes list: [String]) -> TokenType? {
        switch resolvedType {
        case "COLOR": return .color
        case "BOOLEAN": return .boolean
        case "STRING": return !list.isEmpty && list.allSatisfy { $0 == "FONT_FAMILY" } ? .fontFamily : .string
        case "FLOAT": return floatType(Set(list))
        default: return nil
        }
    }

    static func floatType(_ scopes: Set<String>) -> TokenType {
        if scopes.isEmpty || scopes.contains("ALL_SCOPES") { return .number }
        if scopes.isSubset(of: ["FONT_WEIGHT", "FONT_STYLE"]) { return .fontWeight }
        if scopes == ["OPACITY"] { return .number }
        return scopes.isSubset(of: sizeScopes) ? .dimension : .number
    }

    static let sizeScopes: Set<String> = ["CORNER_RADIUS", "WIDTH_HEIGHT", "GAP", "STROKE_FLOAT", "EFFECT_FLOAT", "FONT_SIZE",
                                          "LINE_HEIGHT", "LETTER_SPACING", "PARAGRAPH_SPACING", "PARAGRAPH_INDENT"]

    static func type(of node: JSONValue) -> TokenType? {
        type(node["resolvedType"]?.string, scopes: (node["scopes"]?.array ?? []).compactMap(\.string))
    }

    /// The variable's token for one mode: its value there, or an alias of the variable at
    /// `paths[id]`.
    private mutating func add(_ variable: Variable, mode: String, collection: Collection, paths: [String: Target],
        into builder: inout DocumentBuilder)
    {
        let node = variable.node
        guard let type = variable.type else {
            if mode == collection.modes.first?.id {
                report(.figmaUnknownType(node["resolvedType"]?.string ?? node["resolvedType"]?.kindDescription ?? "nothing", variable: variable.name),
                    at: node["resolvedType"]?.offset ?? node.offset)
            }
            return
        }
        let values = node["valuesByMode"]
        var value = values?[mode].map { throughDeleted($0, mode: mode) }
        if value == nil, let fallback = collection.defaultMode.flatMap({ values?[$0] }) {
            report(.figmaMissingValue(variable.name, mode: collection.modes.first { $0.id == mode }?.name ?? mode),
                at: values?.offset ?? node.offset)
            value = throughDeleted(fallback, mode: collection.defaultMode ?? mode)
        }
        guard let value else {
            if mode == collection.modes.first?.id {
                report(.figma("variable '\(variable.name)' has no 'valuesByMode'"), at: node.offset)
            }
            return
        }
        if value["type"]?.string == "VARIABLE_ALIAS" {
            let id = value["id"]?.string ?? "?"
            guard let target = paths[id] else {
                // The token fails where this mode is chosen, with the reason; tokens aliasing it
                // fail with it, and everything else resolves.
                let failure = Computation.Failure(unknownVariable(id, from: variable), at: value["id"]?.offset ?? value.offset)
                builder.addToken(variable.path, type: type, value: .computed(Computation(operands: [], compute: { _ in .failure(failure) }),
                    at: value.offset), at: value.offset, description: variable.description, extensions: variable.extensions)
                return
            }
            let own = Target(path: variable.path, type: type, isPercentage: variable.isPercentage)
            if let convert = Self.conversion(from: target, to: own, variable: variable.name, at: value.offset) {
                let operand = Computation.Operand(path: target.path.joined(separator: "."), offset: value.offset)
                builder.addToken(variable.path, type: type, value: .computed(Computation(operands: [operand], compute: convert), at: value.offset),
                    at: value.offset, description: variable.description, extensions: variable.extensions)
                return
            }
            builder.addToken(variable.path, type: type, value: .alias(target.path), at: value.offset,
                description: variable.description, extensions: variable.extensions)
            return
        }
        guard var typed = typedValue(value, type: type, variable: variable.name) else { return }
        if case .number(let percent) = typed, variable.isPercentage { typed = .number(percent / 100) }
        builder.addToken(variable.path, type: type, value: .typed(typed), at: value.offset,
            description: variable.description, extensions: variable.extensions)
    }

    /// What an alias reaches: the target's path and how its values read.
    struct Target {
        var path: [String]
        var type: TokenType?
        var isPercentage: Bool
    }

    /// The error for an alias of a variable no file read holds, naming its key (a library
    /// variable's id carries it: `VariableID:<key>/<node>`) and, from a published response
    /// read with it, its name; with how many variables depend on it.
    private mutating func unknownVariable(_ id: String, from variable: Variable) -> DiagnosticMessage {
        let key = Self.key(inID: id)
        let known = key.flatMap { published[$0] }
        let count = dependents(of: variable.id)
        return .figmaUnknownVariable(id, key: key, name: known.map { name in name.collection.map { "\($0)/" }.map { $0 + name.name } ?? name.name },
            from: variable.name, dependents: count)
    }

    /// The key in a remote variable's id (`VariableID:<key>/<node>`), if it has one.
    static func key(inID id: String) -> String? {
        guard let colon = id.firstIndex(of: ":"), let slash = id.firstIndex(of: "/"), colon < slash else { return nil }
        let key = id[id.index(after: colon)..<slash]
        return !key.isEmpty && key.allSatisfy(\.isHexDigit) ? String(key) : nil
    }

    /// How an alias's value is read when the aliasing variable's scopes give it another
    /// type than the target's (Figma lets any FLOAT alias any FLOAT, any STRING any STRING):
    /// the target's Figma number (a percentage again for an opacity) read as the aliasing
    /// variable reads its own numbers. Nil when the alias keeps the target's value as it is.
    static func conversion(from target: Target, to own: Target, variable: String, at offset: Int)
        -> (@Sendable ([TokenValue]) -> Result<TokenValue, Computation.Failure>)?
    {
        guard let targetType = target.type, let ownType = own.type, targetType != ownType || target.isPercentage != own.isPercentage
        else { return nil }
        let numeric: Set<TokenType> = [.number, .dimension, .fontWeight]
        if numeric.contains(targetType), numeric.contains(ownType) {
            let (fromPercent, toPercent) = (target.isPercentage, own.isPercentage)
            return { values in
                let figma: Double
                switch values.first {
                case .number(let number)?: figma = fromPercent ? number * 100 : number
                case .dimension(let dimension)?: figma = dimension.value
                case .fontWeight(let weight)?: figma = weight
                default: return .failure(Computation.Failure(.figma("variable '\(variable)' aliases a variable that is not a number"), at: offset))
                }
                switch ownType {
                case .dimension: return .success(.dimension(TokenDimension(figma, .px)))
                case .fontWeight:
                    guard (1...1000).contains(figma) else {
                        return .failure(Computation.Failure(.figma("variable '\(variable)' is a font weight, but the variable it aliases is \(NumberFormatting.shortest(figma)), not from 1 to 1000"), at: offset))
                    }
                    return .success(.fontWeight(figma))
                default: return .success(.number(toPercent ? figma / 100 : figma))
                }
            }
        }
        let text: Set<TokenType> = [.string, .fontFamily]
        if text.contains(targetType), text.contains(ownType) {
            return { values in
                switch values.first {
                case .string(let string)?: return .success(ownType == .string ? .string(string) : .fontFamily([string], isList: false))
                case .fontFamily(let names, _)?:
                    return .success(ownType == .string ? .string(names.joined(separator: ", ")) : .fontFamily(names, isList: names.count > 1))
                default: return .failure(Computation.Failure(.figma("variable '\(variable)' aliases a variable that is not a string"), at: offset))
                }
            }
        }
        return nil
    }

    private mutating func typedValue(_ value: JSONValue, type: TokenType, variable: String) -> TokenValue? {
        switch type {
        case .color:
            let channels = ["r", "g", "b", "a"].map { value[$0]?.number }
            guard value.isObject, channels[0...2].allSatisfy({ $0.map { (0...1).contains($0) } == true }),
                (channels[3].map { (0...1).contains($0) } ?? true)
            else {
                report(.figmaValue(variable, expected: "a color {r, g, b, a} with channels from 0 to 1", found: value), at: value.offset)
                return nil
            }
            return .color(TokenColor(.srgb, channels[0...2].map { $0 }, alpha: channels[3] ?? 1))
        case .boolean:
            guard let flag = value.bool else {
                report(.figmaValue(variable, expected: "true or false", found: value), at: value.offset)
                return nil
            }
            return .boolean(flag)
        case .string, .fontFamily:
            guard let text = value.string else {
                report(.figmaValue(variable, expected: "a string", found: value), at: value.offset)
                return nil
            }
            return type == .string ? .string(text) : .fontFamily([text], isList: false)
        default:
            guard let number = value.number else {
                report(.figmaValue(variable, expected: "a number", found: value), at: value.offset)
                return nil
            }
            switch type {
            case .dimension: return .dimension(TokenDimension(number, .px))
            case .fontWeight:
                guard (1...1000).contains(number) else {
                    report(.figmaValue(variable, expected: "a font weight from 1 to 1000", found: value), at: value.offset)
                    return nil
                }
                return .fontWeight(number)
            default:
                return .number(number)
            }
        }
    }

    static let extensionKeys = ["id", "key", "name", "variableCollectionId", "scopes", "codeSyntax", "remote", "hiddenFromPublishing",
                                "deletedButReferenced"]
    static let extensionKeyIndex = Dictionary(uniqueKeysWithValues: extensionKeys.enumerated().map { ($1, $0) })

    /// What the variable carries beside its values, under `com.figma`.
    static func extensions(of node: JSONValue) -> JSONValue {
        // One pass over the variable's members; kept in the order of `extensionKeys`, the first of each.
        var found = [JSONMember?](repeating: nil, count: extensionKeys.count)
        for member in node.members ?? [] {
            if let index = extensionKeyIndex[member.key], found[index] == nil { found[index] = member }
        }
        let kept = found.compactMap { $0 }
        return JSONValue(.object([JSONMember(key: "com.figma", keyOffset: node.offset, value: JSONValue(.object(kept), offset: node.offset))]),
            offset: node.offset)
    }
}
