import Foundation
import Tessera

/// Figma variables exported a file per collection and mode, the layout Figma's
/// `variables-github-action-example` and the variable-export plugins write:
/// `<Collection>.<Mode>.json` (`Color.Light.json`, `Color.Dark.json`, `Primitives.Value.json`,
/// `Typography.Mode 1.json`), DTCG tokens carrying `$extensions["com.figma"]` (`scopes`,
/// `codeSyntax`, `hiddenFromPublishing`), often a folder per Figma file.
///
/// - Recognition: a file is of this layout when its name has a mode (`<Collection>.<Mode>.json`,
///   split at the last `.`) and its first 4 KB hold `$value` and a `"com.figma"` key, but none
///   of what other formats are sure of: `$themes` or `$metadata` (Tokens Studio), a key
///   `com.figma.modeName` or another of Figma's own export keys (`FigmaExportImporter`),
///   `resolutionOrder` (a resolver). A folder is of this layout when it is not a Tokens Studio
///   folder, holds no file of Figma's own export, and holds such a file; then every `.json`
///   file under it whose name has a mode and whose first 4 KB hold `$value` is read.
/// - Collections: files of one collection name, from any folder read, are its modes (but when
///   a mode of the name is in two folders, each folder's files are a collection of their own,
///   `Color (Brand A)`, since two Figma files' collections are two collections). A
///   collection with one mode is a set, one with several a modifier whose contexts are the
///   modes in code-point order; the default is the mode named `Default`, `Light`, `Mode 1`,
///   `Value` or `Base` (compared without case, in that order) when there is one, else one whose
///   first word is `Default` or `Light` (`Light mode`), else the first. Sets come before
///   modifiers, each in the order its first file is read.
/// - Paths: each token's path starts with its collection's name (`Color.bg.surface`), so that
///   two collections defining `bg.surface` do not meet. A `.`, `{` or `}` in a collection or
///   token name, which token names cannot hold, becomes `_`; a token name that changes is
///   reported (`import.figma-modes.name`).
/// - Values are read as in a DTCG file, but for colors written `#rrggbb` or `#rrggbbaa`, the
///   exporters' notation, which are read without the legacy-notation warning.
/// - Types: the names the exporters write from a variable's scopes in Tokens Studio's words
///   (`borderWidth`, `borderRadius`, `spacing`, `sizing`, `fontSizes`, `letterSpacing`,
///   `paragraphSpacing`, `paragraphIndent`) are `dimension`.
/// - Lengths: a Figma FLOAT is a number of pixels wherever Figma binds it to a length, and the
///   exporters write it as a bare number (`"$type": "number"`, or `"$type": "dimension"` with
///   `"$value": 12`). So a bare number where a dimension is expected — the value of a
///   dimension token, a dimension member of a composite (a shadow's `offsetX`, `offsetY`,
///   `blur`, `spread`, a border's `width`, a typography's `fontSize`, `letterSpacing`) — is
///   read as `N px`, silently; and a `number` token named where a dimension is expected (by
///   such a member or by a dimension token's alias), or aliased by a `number` token that is,
///   is read as a `px` dimension. A `number` token aliasing one of those takes its number of
///   pixels.
/// - Aliases: `{Collection.path}` names a token of that collection; `{path}`, as Figma's own
///   example writes it from the variable's name, the token of that path in whichever collection
///   defines it — other than the token itself. Either is matched against the names as
///   written, so `{space.1.5}` finds the token `1.5` of the group `space`. Of several
///   collections that define a bare path, the one in the referring file's folder (the same
///   Figma file) is meant when it is the only one there. An alias no collection read defines
///   is reported (`import.figma-modes.alias`) and its token left out. One several
///   collections define otherwise is the first in resolution order: silently when every
///   candidate has one type and one value (or alias, as written) in all its modes — the same
///   variable to the exporters' builds, which merge the collections —, else reported with
///   each candidate (`import.figma-modes.ambiguous`).
package struct FigmaModesImporter: FileSetImporter {
    package init() {}

    package var name: String { "figma-modes" }

    /// A folder of this layout.
    package func recognizes(fileName: String) -> Recognition {
        Self.isLayoutFolder(fileName) ? .certain : .no
    }

    /// A `<Collection>.<Mode>.json` file of DTCG tokens with `com.figma` extensions, not
    /// claimed by Tokens Studio, Figma's own export or a resolver.
    package func recognizes(_ file: SourceFile) -> Recognition {
        if Self.isCollectionDump(file) { return .certain }
        guard Self.collectionAndMode(of: file.path) != nil, file.headHasKey("com.figma", followedBy: UInt8(ascii: "{")),
            file.headHasKey("$value"), !Self.claimedByAnotherFormat(file)
        else { return .no }
        return .certain
    }

    /// Whether the file is a variable plugin's dump of every collection: a JSON array whose
    /// first 4 KB hold `$value` and either `"collection"` and `"variables"` keys or a
    /// `"modes"` object.
    static func isCollectionDump(_ file: SourceFile) -> Bool {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        let start = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? file.bytes.dropFirst(3) : file.bytes[...]
        guard start.first(where: { !isSpace($0) }) == UInt8(ascii: "["), file.headHasKey("$value") else { return false }
        return (file.headHasKey("collection") && file.headHasKey("variables"))
            || file.headHasKey("modes", followedBy: UInt8(ascii: "{"))
    }

    package typealias Reader = FigmaModesReader

    /// The layout's files under a folder, and the token files beside them whose names have no
    /// mode (named as not read).
    package func files(in path: String) -> (read: [String], skipped: [String])? {
        Self.layoutFiles(in: path).map { ($0.read, $0.skipped) }
    }

    /// The collection and mode a file's name says: `Color.Light.json` → (`Color`, `Light`),
    /// `1. Primitives.Mode 1.tokens.json` → (`1. Primitives`, `Mode 1`); nil when the name has
    /// no mode.
    package static func collectionAndMode(of path: String) -> (collection: String, mode: String)? {
        var name = (path as NSString).lastPathComponent
        guard name.lowercased().hasSuffix(".json") else { return nil }
        name.removeLast(5)
        if name.lowercased().hasSuffix(".tokens") { name.removeLast(7) }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let collection = String(name[..<dot])
        let mode = String(name[name.index(after: dot)...])
        guard !collection.isEmpty, !mode.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return (collection, mode)
    }

    /// Whether the file's first 4 KB hold what another format is sure of.
    static func claimedByAnotherFormat(_ file: SourceFile) -> Bool {
        file.headHasKey("$themes") || file.headHasKey("$metadata") || file.headHasKey("resolutionOrder")
            || FigmaExportImporter.markers.contains(where: { file.headHasKey($0) })
    }

    /// Whether `path` is a folder of this layout.
    static func isLayoutFolder(_ path: String) -> Bool {
        guard let files = layoutFiles(in: path) else { return false }
        return files.read.contains { path in
            guard let head = ImporterRegistry.head(of: path) else { return false }
            return FigmaModesImporter().recognizes(SourceFile(path: path, bytes: head)) == .certain
        }
    }

    /// The files of this layout under a folder, in code-point order of their paths, and the
    /// token files beside them whose names have no mode; nil when `path` is not a folder, is a
    /// Tokens Studio folder, or holds a file of Figma's own export.
    static func layoutFiles(in path: String) -> (read: [String], skipped: [String])? {
        guard !TokensStudioImporter.markers.contains(where: {
                FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent($0))
            }),
            let files = jsonFileHeads(in: path)
        else { return nil }
        var read: [String] = []
        var skipped: [String] = []
        for file in files {
            if claimedByAnotherFormat(file) { return nil }
            guard file.headHasKey("$value") else { continue }
            if collectionAndMode(of: file.path) != nil { read.append(file.path) } else { skipped.append(file.path) }
        }
        return (read, skipped)
    }
}

/// Groups the files into collections and modes, names their tokens and puts their aliases
/// back across collections and folders.
package struct FigmaModesReader: FileSetReader {
    let options: PipelineOptions
    private var found: [Diagnostic] = []
    private var files: [ModeFile] = []

    package init(options: PipelineOptions) { self.options = options }

    /// Mode names that are a collection's default, in order of preference (compared lowercased).
    static let defaultModes = ["default", "light", "mode 1", "value", "base"]

    /// The position of the default among a collection's mode names: the first of
    /// `defaultModes` there is, else the first mode whose first word is `default` or `light`
    /// (`Light mode`), else the first.
    static func defaultMode(of names: [String]) -> Int {
        let lowered = names.map { $0.lowercased() }
        if let exact = defaultModes.lazy.compactMap({ lowered.firstIndex(of: $0) }).first { return exact }
        let firstWords = lowered.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        return firstWords.firstIndex { $0 == "default" || $0 == "light" } ?? 0
    }

    struct ModeFile {
        var collection: String
        var mode: String
        var file: SourceFile
        var root: JSONValue?
        /// Whether the mode is an element of a plugin's dump, whose aliases are written
        /// `$.<Collection>.<Mode>.<path>`.
        var inDump = false
    }

    package mutating func load(_ path: String) {
        var diagnostics: [Diagnostic] = []
        if let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics) { add(file) }
        found += diagnostics
    }

    /// A token file beside the export whose name has no mode: said, not read.
    package mutating func skip(_ path: String) {
        found.append(Diagnostic(.figmaModesNotRead((path as NSString).lastPathComponent),
            at: SourceLocation(file: path, line: 1, column: 1)))
    }

    package mutating func add(_ file: SourceFile) {
        var diagnostics: [Diagnostic] = []
        let root = JSONParser(file: file).parseWellFormed(into: &diagnostics)
        found += diagnostics
        let (collection, mode) = FigmaModesImporter.collectionAndMode(of: file.path)
            ?? (TokenFileLoader.baseName(of: file.path), TokenFileLoader.baseName(of: file.path))
        if let root, case .array(let elements) = root.storage, FigmaModesImporter.isCollectionDump(file) {
            addDump(elements, of: file)
            return
        }
        if let root, !root.isObject {
            found.append(Diagnostic(.figmaModes("the file must hold an object of tokens and groups, found \(root.kindDescription)"),
                at: SourceAnchor(file: file, offset: root.offset).location()))
            files.append(ModeFile(collection: collection, mode: mode, file: file, root: nil))
            return
        }
        files.append(ModeFile(collection: collection, mode: mode, file: file, root: root))
    }

    /// The modes of a plugin's dump: each element is `{"collection": name, "mode": name,
    /// "variables": {…}}` or `{"<Collection>": {"modes": {"<Mode>": {…}}}}`.
    mutating func addDump(_ elements: [JSONValue], of file: SourceFile) {
        for element in elements {
            let at = SourceAnchor(file: file, offset: element.offset).location()
            if let collection = element["collection"]?.string, let mode = element["mode"]?.string,
                let variables = element["variables"], variables.isObject {
                files.append(ModeFile(collection: collection, mode: mode, file: file, root: variables, inDump: true))
                continue
            }
            guard let members = element.members, !members.isEmpty,
                members.allSatisfy({ $0.value["modes"]?.members != nil })
            else {
                found.append(Diagnostic(.figmaModes("an element of the array is \(element.kindDescription) that is neither "
                    + "{\"collection\": …, \"mode\": …, \"variables\": {…}} nor {\"<collection>\": {\"modes\": {…}}}; it is left out"),
                    at: at))
                continue
            }
            for collection in members {
                for mode in collection.value["modes"]?.members ?? [] {
                    guard mode.value.isObject else {
                        found.append(Diagnostic(.figmaModes("the mode '\(mode.key)' of the collection '\(collection.key)' is "
                            + "\(mode.value.kindDescription), not an object of tokens and groups; it is left out"),
                            at: SourceAnchor(file: file, offset: mode.value.offset).location()))
                        continue
                    }
                    files.append(ModeFile(collection: collection.key, mode: mode.key, file: file, root: mode.value, inDump: true))
                }
            }
        }
    }

    /// The dumps' aliases, `$.<Collection>.<Mode>.<path>`, written `{<Collection>.<path>}`:
    /// a Figma alias names a variable, whose value in the mode its collection is in is meant.
    mutating func rewriteDumpAliases() {
        let modes = Dictionary(grouping: files.filter(\.inDump), by: \.collection).mapValues { $0.map(\.mode) }
        // Longest names first, so that `Color.Dark` is not taken for the collection `Color`.
        let collections = modes.keys.sorted { $0.count > $1.count }
        for position in files.indices where files[position].inDump {
            files[position].root = files[position].root?.mappingStrings { text, _ in
                guard text.hasPrefix("$.") else { return text }
                let written = text.dropFirst(2)
                for collection in collections where written.hasPrefix(collection + ".") {
                    let rest = written.dropFirst(collection.count + 1)
                    for mode in modes[collection]!.sorted(by: { $0.count > $1.count }) where rest.hasPrefix(mode + ".") {
                        return "{" + collection + "." + rest.dropFirst(mode.count + 1) + "}"
                    }
                }
                return "{" + written + "}"
            }
        }
    }

    /// One token as written: its names in the file, its node, the type its groups give it.
    struct Written {
        var names: [String]
        var node: JSONValue
        var inheritedType: JSONValue?
    }

    /// A collection: its name as written and in paths, and its modes' files. `folder` is set
    /// when another Figma file (folder) read has a collection of the same name: the name in
    /// paths and layers is then qualified by the folder (`Color (Brand A)`).
    struct Collection {
        var name: String
        var safeName: String
        var modes: [ModeFile]
        var folder: String? = nil
    }

    package mutating func read() -> ResolverDocument {
        rewriteDumpAliases()
        // Collections by name, in the order their first file comes; a mode read twice is reported.
        // A name whose modes repeat in two folders is a collection of each Figma file (folder).
        let split = Self.namesInSeveralFiles(files)
        var collections: [Collection] = []
        var index: [String: Int] = [:]
        for file in files {
            let folder = split.contains(file.collection) ? (file.file.path as NSString).deletingLastPathComponent : nil
            let key = folder.map { file.collection + "\u{0}" + $0 } ?? file.collection
            if let at = index[key] {
                if let first = collections[at].modes.first(where: { $0.mode == file.mode }) {
                    found.append(Diagnostic(.figmaModesDuplicate(collection: file.collection, mode: file.mode, first: first.file.path),
                        at: SourceAnchor(file: file.file, offset: 0).location()))
                    continue
                }
                collections[at].modes.append(file)
            } else {
                index[key] = collections.count
                collections.append(Collection(name: file.collection, safeName: "", modes: [file], folder: folder))
                if let folder, let first = collections.first(where: { $0.name == file.collection && $0.folder != folder }) {
                    found.append(Diagnostic(.figmaModesSameName(file.collection, folder: Self.folderName(folder),
                        other: Self.folderName(first.folder ?? "")), at: SourceAnchor(file: file.file, offset: 0).location()))
                }
            }
        }
        var taken: Set<String> = []
        for position in collections.indices {
            let qualified = collections[position].folder.map { "\(collections[position].name) (\(Self.folderName($0)))" }
            collections[position].safeName = UniqueName.claim(TokenPathSyntax.safeName(qualified ?? collections[position].name), in: &taken) {
                "\($0) (\($1))"
            }
            collections[position].modes.sort { $0.mode.utf8.lexicographicallyPrecedes($1.mode.utf8) }
        }
        // Sets first, then modifiers; within each, the order collections were read.
        let ordered = collections.filter { $0.modes.count == 1 } + collections.filter { $0.modes.count > 1 }

        // Every token of every collection, by its names as written joined with `.`, for aliases.
        var tables: [[String: Definition]] = Array(repeating: [:], count: ordered.count)
        for (position, collection) in ordered.enumerated() {
            for mode in collection.modes {
                guard let root = mode.root else { continue }
                Self.visitTokens(root, names: [], inheritedType: nil) { written in
                    let key = written.names.joined(separator: ".")
                    let value = written.node["$value"].map { [$0] } ?? []
                    if tables[position][key] == nil {
                        tables[position][key] = Definition(collection: position, names: written.names,
                            anchor: SourceAnchor(file: mode.file, offset: written.node.offset),
                            type: (written.node["$type"] ?? written.inheritedType)?.string.map(Self.canonicalTypeName), values: value)
                    } else {
                        tables[position][key]?.values += value
                    }
                }
            }
        }
        var resolver = FigmaModesAliases(collections: ordered.map(\.name), safeNames: ordered.map(\.safeName), tables: tables)
        resolver.lengths = Self.lengths(in: ordered.map(\.modes), resolver: resolver)
        let layerName = { (collection: Collection) in collection.folder == nil ? collection.name : collection.safeName }

        var layers: [ResolverDocument.Layer] = []
        for (position, collection) in ordered.enumerated() {
            let contexts = collection.modes.map { mode in
                ResolverDocument.Context(name: mode.mode,
                    sources: [.init(.built(layer(of: mode, collection: position, safeName: collection.safeName, resolver: resolver)),
                        at: SourceAnchor(file: mode.file, offset: 0))])
            }
            if contexts.count == 1 {
                layers.append(.set(.init(name: layerName(collection),
                    description: "The Figma collection '\(collection.name)', mode '\(collection.modes[0].mode)'",
                    sources: contexts[0].sources)))
            } else {
                let preferred = Self.defaultMode(of: contexts.map(\.name))
                layers.append(.modifier(.init(name: layerName(collection), description: "The modes of the Figma collection '\(collection.name)'",
                    contexts: contexts, defaultContext: contexts[preferred].name,
                    anchor: SourceAnchor(file: collection.modes[0].file, offset: 0))))
            }
        }
        let anchorFile = files.first?.file ?? SourceFile(path: "figma-modes", bytes: [])
        var carrier = DocumentBuilder(file: anchorFile)
        for diagnostic in found { carrier.report(diagnostic) }
        var names = Set(ordered.map(layerName))
        let first = ResolverDocument.Layer.set(.init(name: UniqueName.claim("figma-modes", in: &names) { "\($0) (\($1))" },
            description: "What reading the files found",
            sources: [.init(.built(carrier.finish()), at: SourceAnchor(file: anchorFile, offset: 0))]))
        let name = ordered.count == 1 ? ordered[0].name : ((anchorFile.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return ResolverDocument(name: name.isEmpty ? "figma" : name, layers: [first] + layers, file: anchorFile)
    }

    /// Collection names that two folders (Figma files) read both have a mode of: each folder's
    /// is a collection of its own.
    static func namesInSeveralFiles(_ files: [ModeFile]) -> Set<String> {
        var folders: [String: [String: Set<String>]] = [:]
        for file in files {
            folders[file.collection, default: [:]][file.mode, default: []].insert((file.file.path as NSString).deletingLastPathComponent)
        }
        return Set(folders.compactMap { name, modes in modes.values.contains { $0.count > 1 } ? name : nil })
    }

    /// A folder's last component, or the folder as given when it has none.
    static func folderName(_ folder: String) -> String {
        let last = (folder as NSString).lastPathComponent
        return last.isEmpty || last == "." ? (folder.isEmpty ? "." : folder) : last
    }

    /// One mode's file as a layer: every token under its collection's name, aliases rewritten to
    /// the paths of their targets.
    private func layer(of mode: ModeFile, collection: Int, safeName: String, resolver: FigmaModesAliases) -> BuiltLayer {
        var builder = DocumentBuilder(file: mode.file)
        guard let root = mode.root else { return builder.finish() }
        let folder = (mode.file.path as NSString).deletingLastPathComponent
        Self.visitGroups(root, names: []) { names, group in
            let type = group["$type"]?.string.flatMap(Self.tokenType(named:))
            let description = group["$description"]?.string
            guard type != nil || description != nil else { return }
            builder.setGroup([safeName] + names.map(TokenPathSyntax.safeName), type: type, description: description, at: group.offset)
        }
        Self.visitTokens(root, names: []) { written in
            let names = written.names
            let path = [safeName] + names.map(TokenPathSyntax.safeName)
            let location = SourceAnchor(file: mode.file, offset: written.node.offset).location(token: names.joined(separator: "."))
            for name in names where TokenPathSyntax.problem(withName: name) != nil {
                builder.report(Diagnostic(.figmaModesName(name, written: TokenPathSyntax.safeName(name)), at: location))
            }
            var type: TokenType?
            if let typeValue = written.node["$type"] ?? written.inheritedType {
                let at = SourceAnchor(file: mode.file, offset: typeValue.offset).location(token: names.joined(separator: "."))
                guard let name = typeValue.string else {
                    builder.report(Diagnostic(.figmaModes("token '\(names.joined(separator: "."))' has a $type that is \(typeValue.kindDescription), not a type's name; it is left out"), at: at))
                    return
                }
                // As in a DTCG file: a type Tessera does not know (`content`) is reported and its
                // token left out.
                guard let known = Self.tokenType(named: name) else {
                    builder.report(Diagnostic(.unknownType(name), at: at))
                    return
                }
                type = known
            }
            guard let value = written.node["$value"] else { return }
            var unresolved = false
            let rewritten = value.mappingStrings { text, offset in
                guard let inner = FigmaModesAliases.reference(in: text) else { return text }
                switch resolver.resolve(inner, from: collection, names: names, folder: folder) {
                case .found(let target):
                    return "{" + target.joined(separator: ".") + "}"
                case .ambiguous(let target, let candidates):
                    builder.report(Diagnostic(.figmaModesAmbiguous(inner, token: names.joined(separator: "."),
                        candidates: candidates.map(\.described), chosen: candidates[0].described),
                        at: SourceAnchor(file: mode.file, offset: offset).location(token: names.joined(separator: ".")),
                        notes: candidates.map { Diagnostic.Note("'\($0.described)' is defined here", at: $0.anchor.location()) }))
                    return "{" + target.joined(separator: ".") + "}"
                case .missing:
                    builder.report(Diagnostic(.figmaModesAlias(inner, token: names.joined(separator: ".")),
                        at: SourceAnchor(file: mode.file, offset: offset).location(token: names.joined(separator: "."))))
                    unresolved = true
                    return text
                }
            }
            guard !unresolved else { return }
            let description = written.node["$description"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            let own = path.joined(separator: ".")
            if type == .number, resolver.lengths.contains(own) { type = .dimension }
            if type == .number, let target = Self.wholeReference(rewritten), resolver.lengths.contains(target.joined(separator: ".")) {
                builder.addToken(path, type: .number, value: Self.pixelCount(of: target, for: own, at: value.offset), at: value.offset,
                    description: description, extensions: written.node["$extensions"])
                return
            }
            let measured = Self.mappingDimensions(rewritten, type: type) { node in node.number.map { Self.pixels($0, at: node.offset) } ?? node }
            // The exporters write colors as `#rrggbb` or `#rrggbbaa`, the plugins' dumps also as
            // `rgba(…)`: this format's notation, not a legacy form to report.
            var read = DocumentBuilder.Value.raw(measured)
            if type == .color, let text = rewritten.string, text.hasPrefix("#") || mode.inDump, let color = TokenColor(legacyCSS: text) {
                read = .typed(.color(color))
            }
            builder.addToken(path, type: type, value: read, at: value.offset, description: description,
                extensions: written.node["$extensions"])
        }
        return builder.finish()
    }

    /// Calls `body` with every token (an object with `$value`) under `node`.
    static func visitTokens(_ node: JSONValue, names: [String], inheritedType: JSONValue? = nil, _ body: (Written) -> Void) {
        guard let members = node.members else { return }
        if node["$value"] != nil, !names.isEmpty {
            body(Written(names: names, node: node, inheritedType: inheritedType))
            return
        }
        let type = node["$type"] ?? inheritedType
        for member in members where !member.key.hasPrefix("$") {
            visitTokens(member.value, names: names + [member.key], inheritedType: type, body)
        }
    }

    /// Calls `body` with every group (an object without `$value`) under `node`, the root aside.
    static func visitGroups(_ node: JSONValue, names: [String], _ body: ([String], JSONValue) -> Void) {
        guard let members = node.members, node["$value"] == nil else { return }
        if !names.isEmpty { body(names, node) }
        for member in members where !member.key.hasPrefix("$") {
            visitGroups(member.value, names: names + [member.key], body)
        }
    }

    /// Type names the exporters write from scopes, in Tokens Studio's words, that are dimensions.
    static let dimensionTypeNames: Set<String> = ["borderWidth", "borderRadius", "spacing", "sizing", "fontSizes", "letterSpacing",
                                                  "paragraphSpacing", "paragraphIndent"]

    /// The type a `$type` names: a DTCG type, or a dimension in Tokens Studio's words; nil for
    /// one Tessera does not know.
    static func tokenType(named name: String) -> TokenType? {
        let name = canonicalTypeName(name)
        return TokenType(rawValue: name) ?? (dimensionTypeNames.contains(name) ? .dimension : nil)
    }

    /// A type name as written, with Figma's own names of variable types (`COLOR`, `FLOAT`,
    /// `STRING`, `BOOLEAN`, which the plugins' dumps write) as the type they are.
    static func canonicalTypeName(_ name: String) -> String {
        switch name {
        case "COLOR": "color"
        case "FLOAT": "number"
        case "STRING": "string"
        case "BOOLEAN": "boolean"
        default: name
        }
    }

    /// The members of each composite type that hold a dimension.
    static let dimensionMembers: [TokenType: Set<String>] = [
        .shadow: ["offsetX", "offsetY", "blur", "spread"],
        .border: ["width"],
        .typography: ["fontSize", "letterSpacing"],
    ]

    /// `value` with `transform` applied where a token of `type` holds a dimension: the whole
    /// value of a dimension, the dimension members of a composite (of each layer of a shadow).
    static func mappingDimensions(_ value: JSONValue, type: TokenType?, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard let type else { return value }
        if type == .dimension { return transform(value) }
        guard let members = dimensionMembers[type] else { return value }
        switch value.storage {
        case .array(let layers) where type == .shadow:
            return JSONValue(.array(layers.map { mappingDimensions($0, type: type, transform) }), offset: value.offset)
        case .object(let list):
            return JSONValue(.object(list.map { member in
                members.contains(member.key) ? JSONMember(key: member.key, keyOffset: member.keyOffset, value: transform(member.value)) : member
            }), offset: value.offset)
        default:
            return value
        }
    }

    /// `{"value": N, "unit": "px"}`, written at `offset`.
    static func pixels(_ number: Double, at offset: Int) -> JSONValue {
        JSONValue(.object([
            JSONMember(key: "value", keyOffset: offset, value: JSONValue(.number(number), offset: offset)),
            JSONMember(key: "unit", keyOffset: offset, value: JSONValue(.string("px"), offset: offset)),
        ]), offset: offset)
    }

    /// The path a value that is one whole reference (`"{Color.bg}"`) names.
    static func wholeReference(_ value: JSONValue) -> [String]? {
        value.string.flatMap(FigmaModesAliases.reference(in:)).map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A `number` token's value when it aliases a FLOAT read as a length: the length's number
    /// of pixels.
    static func pixelCount(of target: [String], for token: String, at offset: Int) -> DocumentBuilder.Value {
        let length = FigmaVariablesReader.Target(path: target, type: .dimension, isPercentage: false)
        let own = FigmaVariablesReader.Target(path: token.split(separator: ".").map(String.init), type: .number, isPercentage: false)
        let convert = FigmaVariablesReader.conversion(from: length, to: own, variable: token, at: offset)!
        return .computed(Computation(operands: [.init(path: target.joined(separator: "."), offset: offset)], compute: convert), at: offset)
    }

    /// The `number` tokens (Figma FLOATs) read as lengths, by path: those named where a
    /// dimension is expected, and those a `number` token read as a length aliases.
    static func lengths(in collections: [[ModeFile]], resolver: FigmaModesAliases) -> Set<String> {
        var found: Set<String> = []
        var aliases: [String: [String]] = [:]
        for (position, modes) in collections.enumerated() {
            for mode in modes {
                guard let root = mode.root else { continue }
                let folder = (mode.file.path as NSString).deletingLastPathComponent
                visitTokens(root, names: []) { written in
                    guard let value = written.node["$value"],
                        let typeName = (written.node["$type"] ?? written.inheritedType)?.string, let type = tokenType(named: typeName)
                    else { return }
                    let number = { (node: JSONValue) -> String? in
                        guard let inner = node.string.flatMap(FigmaModesAliases.reference(in:)),
                            let target = resolver.resolve(inner, from: position, names: written.names, folder: folder).target?.joined(separator: "."),
                            resolver.numbers.contains(target)
                        else { return nil }
                        return target
                    }
                    _ = mappingDimensions(value, type: type) { node in
                        if let target = number(node) { found.insert(target) }
                        return node
                    }
                    if type == .number, let target = number(value) {
                        let own = ([resolver.safeNames[position]] + written.names.map(TokenPathSyntax.safeName)).joined(separator: ".")
                        aliases[own, default: []].append(target)
                    }
                }
            }
        }
        var queue = Array(found)
        while let next = queue.popLast() {
            for target in aliases[next] ?? [] where found.insert(target).inserted { queue.append(target) }
        }
        return found
    }

    /// A token an alias can name: where it is first defined, its `$type` as written, its value
    /// in each mode.
    struct Definition {
        var collection: Int
        var names: [String]
        var anchor: SourceAnchor
        var type: String?
        var values: [JSONValue]
    }
}

/// Finds the token an alias names, collection-qualified or bare.
struct FigmaModesAliases {
    let collections: [String]
    let safeNames: [String]
    /// Each collection's tokens by their names as written, joined with `.`.
    let tables: [[String: FigmaModesReader.Definition]]
    /// The paths of the tokens typed `number`.
    let numbers: Set<String>
    /// The paths of the `number` tokens read as lengths (`FigmaModesReader.lengths`).
    var lengths: Set<String> = []

    init(collections: [String], safeNames: [String], tables: [[String: FigmaModesReader.Definition]]) {
        self.collections = collections
        self.safeNames = safeNames
        self.tables = tables
        numbers = Set(tables.enumerated().flatMap { position, table in
            table.values.filter { $0.type == "number" }.map { ([safeNames[position]] + $0.names.map(TokenPathSyntax.safeName)).joined(separator: ".") }
        })
    }

    struct Candidate {
        var path: [String]
        var described: String
        var anchor: SourceAnchor
        var definition: FigmaModesReader.Definition
    }

    enum Outcome {
        case found([String])
        case ambiguous([String], [Candidate])
        case missing

        /// The path used: the one found, or the first of several.
        var target: [String]? {
            switch self {
            case .found(let path), .ambiguous(let path, _): path
            case .missing: nil
            }
        }
    }

    /// Whether every candidate has the first's type and its one value (or alias, as written)
    /// in all its modes: the same variable to the exporters' builds.
    static func agree(_ candidates: [Candidate]) -> Bool {
        guard let first = candidates.first?.definition, let value = first.values.first else { return false }
        return candidates.allSatisfy { candidate in
            candidate.definition.type == first.type && candidate.definition.values.allSatisfy { $0.sameContent(as: value) }
        }
    }

    /// The text between the braces of a whole-value reference (`{color.blue.500}`).
    static func reference(in text: String) -> String? {
        guard text.utf8.count > 2, text.utf8.first == UInt8(ascii: "{"), text.utf8.last == UInt8(ascii: "}") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    /// The path of the token `reference` names, seen from the token `names` of the collection
    /// at `from`, written in a file in `folder`: a collection-qualified match first, else the
    /// bare path in any collection; of several, the one in `folder` when it is alone there.
    func resolve(_ reference: String, from: Int, names: [String], folder: String) -> Outcome {
        var candidates: [Candidate] = []
        // The collection's own name, or its name qualified by its Figma file (`Color (Brand A)`),
        // which names one of two collections of the same name.
        for (position, name) in collections.enumerated() {
            for prefix in Set([safeNames[position], name]) where reference.hasPrefix(prefix + ".") {
                let rest = String(reference.dropFirst(prefix.count + 1))
                if let definition = tables[position][rest] { candidates.append(candidate(definition)) }
            }
        }
        if candidates.isEmpty {
            let own = names.joined(separator: ".")
            for position in tables.indices {
                if position == from, reference == own { continue }
                if let definition = tables[position][reference] { candidates.append(candidate(definition)) }
            }
        }
        // Figma's exporters see one file's variables: a candidate in the referring file's
        // folder, when it is the only one there, is the variable meant.
        if candidates.count > 1 {
            let local = candidates.filter { ($0.anchor.file.path as NSString).deletingLastPathComponent == folder }
            if local.count == 1 { return .found(local[0].path) }
        }
        switch candidates.count {
        case 0: return .missing
        case 1: return .found(candidates[0].path)
        default: return Self.agree(candidates) ? .found(candidates[0].path) : .ambiguous(candidates[0].path, candidates)
        }
    }

    private func candidate(_ definition: FigmaModesReader.Definition) -> Candidate {
        let path = [safeNames[definition.collection]] + definition.names.map(TokenPathSyntax.safeName)
        return Candidate(path: path, described: ([collections[definition.collection]] + definition.names).joined(separator: "."),
            anchor: definition.anchor, definition: definition)
    }
}

extension JSONValue {
    /// The same value with every string replaced by `transform(string, offset)`.
    func mappingStrings(_ transform: (String, Int) -> String) -> JSONValue {
        switch storage {
        case .string(let text): JSONValue(.string(transform(text, offset)), offset: offset)
        case .array(let items): JSONValue(.array(items.map { $0.mappingStrings(transform) }), offset: offset)
        case .object(let members):
            JSONValue(.object(members.map { JSONMember(key: $0.key, keyOffset: $0.keyOffset, value: $0.value.mappingStrings(transform)) }),
                offset: offset)
        default: self
        }
    }
}
