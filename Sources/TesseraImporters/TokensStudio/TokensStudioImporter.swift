import Foundation
import Tessera

/// Tokens Studio token files, in either of its layouts:
///
/// - one file whose top-level keys are token sets, with `$themes` and `$metadata` beside them
///   (a file without either is one set);
/// - a folder of set files (`core.json`, `themes/dark.json`: the set `themes/dark`) with
///   `$themes.json` and `$metadata.json`.
///
/// Tokens are written with `value`/`type`/`description` or `$value`/`$type`/`$description`,
/// mixed freely. Sets merge in `$metadata.tokenSetOrder` order, later sets winning. Themes
/// become modifiers: a theme `group` is a modifier whose contexts are its themes, each made of
/// the sets it selects (`source` sets first, then `enabled` ones; `disabled` sets left out);
/// themes without a group form the modifier `theme`. Sets that one group's every theme
/// selects are merged before the modifiers, and sets no theme selects are left out.
///
/// Math (`{spacing.base} * 2`) and color modifiers (`$extensions["studio.tokens"].modify`)
/// are evaluated when the tokens they use are resolved, in every permutation; a value without
/// references is read once, here. A whole-value reference to a token of the same type stays an
/// alias.
package struct TokensStudioImporter: SystemImporter {
    package init() {}

    package var name: String { "tokens-studio" }

    /// The files that mark a folder as Tokens Studio's.
    static let markers = ["$themes.json", "$metadata.json"]

    /// `$themes.json`, `$metadata.json`, a folder holding either (or holding a folder that
    /// does, a few levels down: the project's root), or a folder beside whose set files lies
    /// one file with Tokens Studio's `$themes` or `$metadata`.
    package func recognizes(fileName: String) -> Recognition {
        Self.folder(of: fileName) != nil || Self.document(in: fileName) != nil ? .certain : .no
    }

    /// Also a `.json` file with a `$themes` array or a `$metadata` object of Tokens Studio's
    /// (`tokenSetOrder`…) at its start or its end (Tokens Studio writes them after the sets) —
    /// the strongest evidence of all, which the registry looks at first — or, unless the file
    /// shows the stronger evidence of another format (`resolutionOrder`, `variableCollections`,
    /// `valuesByMode`, a Gentle spec's keys), a `type` or `$type` only Tokens Studio uses
    /// (`sizing`, `fontFamilies`, `boxShadow`…), or tokens written with `value` and `type`
    /// whose types both tools write (`color`, `typography`). Untyped `value` tokens, or a type
    /// only Style Dictionary writes (`fontSize`, `time`), are Style Dictionary's own format. Figma's export writes none of
    /// these; Tokens Studio writes Figma's `com.figma.…` extensions too, and wins over them.
    package func recognizes(_ file: SourceFile) -> Recognition {
        let byName = recognizes(fileName: file.path)
        guard byName == .no, file.path.lowercased().hasSuffix(".json") else { return byName }
        if Self.hasMarkerKeys(file) { return .certain }
        if Self.strongerEvidence.contains(where: { file.headHasKey($0) }) { return .no }
        if Self.headHasStudioType(file) { return .certain }
        // Typed `value` tokens: Tokens Studio's, unless a type only Style Dictionary writes says otherwise.
        let typed = StyleDictionaryImporter.hasMember("value", in: file.bytes) && StyleDictionaryImporter.hasMember("type", in: file.bytes)
            && !StyleDictionaryImporter.hasMember("$value", in: file.bytes)
        return typed && !StyleDictionaryImporter.classicEvidence(file.bytes) ? .certain : .no
    }

    /// The keys of the formats whose evidence outranks Tokens Studio's token shape: a resolver,
    /// a Figma variables response, a Gentle spec.
    static let strongerEvidence = [ResolverImporter.marker] + FigmaVariablesImporter.markers + GentleImporter.markers

    /// Whether a `$metadata` object with what Tokens Studio writes there (`tokenSetOrder`,
    /// `activeThemes`, `activeSets`) is in these bytes: Figma's export writes a `$metadata` of
    /// its own.
    static func hasStudioMetadata(_ part: SourceFile) -> Bool {
        part.headHasKey("$metadata", followedBy: UInt8(ascii: "{")) && studioMetadataKeys.contains { part.headHasKey($0) }
    }

    /// The members of the `$metadata` Tokens Studio writes.
    static let studioMetadataKeys = ["tokenSetOrder", "activeThemes", "activeSets"]

    /// Whether `"$themes": [` or Tokens Studio's `"$metadata": {` is in the file's first or last 4 KB; when
    /// `file` holds only the start of a longer file (the registry reads 4 KB), its end is read
    /// from disk.
    static func hasMarkerKeys(_ file: SourceFile) -> Bool {
        func marked(_ bytes: [UInt8]) -> Bool {
            let part = SourceFile(path: file.path, bytes: bytes)
            return part.headHasKey("$themes", followedBy: UInt8(ascii: "[")) || hasStudioMetadata(part)
        }
        if marked(Array(file.bytes.prefix(4096))) { return true }
        if file.bytes.count > 4096 { return marked(Array(file.bytes.suffix(4096))) }
        if file.bytes.count == 4096, let tail = Self.tail(of: file.path, count: 4096) { return marked(tail) }
        return false
    }

    /// The last `count` bytes of a regular file.
    static func tail(of path: String, count: Int) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size > UInt64(count) else { return nil }
        guard (try? handle.seek(toOffset: size - UInt64(count))) != nil, let data = try? handle.read(upToCount: count) else { return nil }
        return Array(data)
    }

    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        var reader = TokensStudioReader(options: options)
        return TokenSystem(reader.read(file: file), options: options)
    }

    package func system(at path: String, options: PipelineOptions) -> TokenSystem {
        var reader = TokensStudioReader(options: options)
        if let folder = Self.folder(of: path) { return TokenSystem(reader.read(folder: folder), options: options) }
        if let (document, others) = Self.document(in: path) {
            return system(at: document, options: options).noting(others.map { other in
                Diagnostic(.studioBesideDocument(other, document: (document as NSString).lastPathComponent),
                    at: SourceLocation(file: other, line: 0, column: 0))
            })
        }
        var diagnostics: [Diagnostic] = []
        guard let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics) else {
            return TokenSystem(unreadable: path, diagnostics: diagnostics, options: options)
        }
        return TokenSystem(reader.read(file: file), options: options)
    }

    /// Several files read as one system, their sets in the order given (a file's own
    /// `$metadata` orders the sets it holds), so that tokens in one refer to tokens in another.
    package var combinesFiles: Bool { true }

    package func system(combining paths: [String], options: PipelineOptions) -> TokenSystem {
        var reader = TokensStudioReader(options: options)
        return TokenSystem(reader.read(paths: paths), options: options)
    }

    /// The folder a path names: a folder holding `$themes.json` or `$metadata.json`, the
    /// folder of one of those files, or — for a folder holding neither — the shallowest folder
    /// under it (at most `rootDepth` levels down, the first in path order among equals) that
    /// does: a repository's root names the project inside it.
    static func folder(of path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        if markers.contains(name) { return (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent }
        guard !name.lowercased().hasSuffix(".json") else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        if holdsMarker(path) { return path }
        return projectRoot(under: path)
    }

    /// How many folders down a project's root is looked for.
    static let rootDepth = 4

    /// Folders a project's root is never looked for in: dependencies and build products.
    static let foldersNotSearched: Set<String> = ["node_modules", "Pods", "build", "dist", "DerivedData", "Carthage"]

    static func holdsMarker(_ folder: String) -> Bool {
        markers.contains { FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
    }

    /// The shallowest folder under `folder` that holds a marker file, breadth first.
    static func projectRoot(under folder: String) -> String? {
        var level = [folder]
        for _ in 0..<rootDepth {
            var next: [String] = []
            for parent in level {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).sorted()
                for name in names where !name.hasPrefix(".") && !foldersNotSearched.contains(name) {
                    let child = (parent as NSString).appendingPathComponent(name)
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                    if holdsMarker(child) { return child }
                    next.append(child)
                }
            }
            level = next
            if level.isEmpty { break }
        }
        return nil
    }

    /// For a folder with no marker file, the one `.json` file in it with Tokens Studio's
    /// `$themes` or `$metadata` — the whole system, a single-file sync — and the other `.json`
    /// files beside it (sets exported on their own); nil when there is no such file or more
    /// than one.
    static func document(in folder: String) -> (document: String, others: [String])? {
        guard !folder.lowercased().hasSuffix(".json") else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".json") }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
        let documents = files.filter { path in
            ImporterRegistry.head(of: path).map { hasMarkerKeys(SourceFile(path: path, bytes: $0)) } ?? false
        }
        guard documents.count == 1 else { return nil }
        return (documents[0], files.filter { $0 != documents[0] })
    }

    /// Type names that only Tokens Studio writes.
    static let studioOnlyTypes: Set<String> = [
        "spacing", "sizing", "borderRadius", "borderWidth", "fontSizes", "fontWeights", "fontFamilies", "lineHeights",
        "letterSpacing", "paragraphSpacing", "paragraphIndent", "boxShadow", "textCase", "textDecoration", "composition", "asset",
    ]

    /// Whether the file's first 4 KB hold `"$type": "NAME"` or `"type": "NAME"` with a type name
    /// only Tokens Studio writes.
    static func headHasStudioType(_ file: SourceFile) -> Bool {
        let head = String(decoding: file.bytes.prefix(4096), as: UTF8.self)
        return ["$type", "type"].contains { writtenTypes(in: head, key: $0).contains(where: studioOnlyTypes.contains) }
    }

    /// The type names written as `"KEY": "NAME"` in `head`, in order.
    static func writtenTypes(in head: String, key: String) -> [String] {
        var names: [String] = []
        var rest = head[...]
        while let found = rest.range(of: "\"\(key)\"") {
            rest = rest[found.upperBound...]
            let value = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == ":" }
            guard value.first == "\"", let close = value.dropFirst().firstIndex(of: "\"") else { continue }
            names.append(String(value[value.index(after: value.startIndex)..<close]))
        }
        return names
    }
}

/// Reads one Tokens Studio system into layers and the resolver that orders them.
struct TokensStudioReader {
    let options: PipelineOptions
    /// Whose reading of the values is followed.
    let flavor: Flavor

    /// Tokens Studio's reading (with `@tokens-studio/sd-transforms`), or Style Dictionary's own:
    /// the same token trees, but Style Dictionary passes through, as written, every value its
    /// transforms do not match, so a value Tessera cannot read as its type is kept as text
    /// with a warning rather than reported as an error.
    enum Flavor: Sendable { case tokensStudio, styleDictionary }

    /// What reading found outside any set (themes, metadata, files).
    private var found: [Diagnostic] = []
    private var sets: [TokenSetSource] = []
    private var themes: [Theme] = []
    /// The last definition of every path, over the sets in order: its kind, and its value.
    private var definitions: [String: (kind: StudioKind?, value: JSONValue)] = [:]

    init(options: PipelineOptions, flavor: Flavor = .tokensStudio) {
        self.options = options
        self.flavor = flavor
    }

    struct TokenSetSource {
        var name: String
        var file: SourceFile
        var root: JSONValue
        /// Where the set is named (its key, or the file's start).
        var offset: Int
        var tokens: [StudioToken] = []
    }

    struct StudioToken {
        var path: [String]
        var type: String?
        var node: JSONValue
        var value: JSONValue
        var offset: Int
        /// What its type makes it; nil without a type or for a type with no 2025.10 form.
        var kind: StudioKind?
    }

    struct Theme {
        var name: String
        var group: String?
        var selected: [(set: String, source: Bool)]
        var offset: Int
    }

    // MARK: Layouts

    mutating func read(file: SourceFile) -> ResolverDocument {
        readSets(of: file)
        return finish(name: TokenFileLoader.baseName(of: file.path), file: file)
    }

    /// Files (not folders) read together, in the order given.
    mutating func read(paths: [String]) -> ResolverDocument {
        var first: SourceFile?
        for path in paths {
            if TokensStudioImporter.folder(of: path) != nil {
                found.append(Diagnostic(.studio("'\(path)' is a Tokens Studio folder: read it on its own, or list its set files"),
                    at: SourceLocation(file: path, line: 0, column: 0)))
                continue
            }
            var diagnostics: [Diagnostic] = []
            defer { found += diagnostics }
            guard let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics) else { continue }
            first = first ?? file
            readSets(of: file)
        }
        let anchor = first ?? SourceFile(path: paths.first ?? "tokens", bytes: [])
        return finish(name: "tokens", file: anchor)
    }

    /// The sets a file holds: its top-level keys when it has `$themes` or `$metadata` (which
    /// are read too), else the file itself as one set named after it.
    private mutating func readSets(of file: SourceFile) {
        var parsed: [Diagnostic] = []
        guard let root = parser(for: file).parseWellFormed(into: &parsed), root.isObject else {
            if parsed.isEmpty { parsed.append(Diagnostic(.studio("a Tokens Studio file holds a JSON object"), at: SourceAnchor(file: file, offset: 0).location())) }
            found += parsed
            return
        }
        found += parsed
        let themesNode = root["$themes"]
        let metadata = root["$metadata"]
        if themesNode != nil || metadata != nil {
            for member in root.members ?? [] where !member.key.hasPrefix("$") {
                guard member.value.isObject else {
                    report(.studio("token set '\(member.key)' must be an object, found \(member.value.kindDescription)"), in: file, at: member.value.offset)
                    continue
                }
                sets.append(TokenSetSource(name: member.key, file: file, root: member.value, offset: member.keyOffset))
            }
        } else {
            var name = TokenFileLoader.baseName(of: file.path)
            if sets.contains(where: { $0.name == name }) { name = (file.path as NSString).deletingPathExtension }
            sets.append(TokenSetSource(name: name, file: file, root: root, offset: 0))
        }
        order(by: metadata, in: file)
        if let themesNode { readThemes(themesNode, in: file) }
    }

    mutating func read(folder: String) -> ResolverDocument {
        let themesFile = readFile((folder as NSString).appendingPathComponent("$themes.json"))
        let metadataFile = readFile((folder as NSString).appendingPathComponent("$metadata.json"))
        let anchorFile = themesFile?.file ?? metadataFile?.file ?? SourceFile(path: folder, bytes: [])
        if flavor == .styleDictionary {
            for (suffix, why) in Self.styleDictionarySkipped {
                for relative in Self.setFiles(in: folder, extensions: [suffix]) {
                    let path = (folder as NSString).appendingPathComponent(relative)
                    found.append(Diagnostic(.styleDictionarySkipped(path, why: why), at: SourceLocation(file: path, line: 0, column: 0)))
                }
            }
        }
        for relative in Self.setFiles(in: folder, extensions: flavor == .styleDictionary ? Self.styleDictionaryExtensions : [".json"]) {
            guard let (file, root) = readFile((folder as NSString).appendingPathComponent(relative)) else { continue }
            guard root.isObject else {
                report(.studio("a token set file holds a JSON object, found \(root.kindDescription)"), in: file, at: root.offset)
                continue
            }
            sets.append(TokenSetSource(name: (relative as NSString).deletingPathExtension, file: file, root: root, offset: 0))
        }
        if let metadataFile { order(by: metadataFile.root, in: metadataFile.file) }
        if let themesFile { readThemes(themesFile.root, in: themesFile.file) }
        var name = (folder as NSString).lastPathComponent
        if name.isEmpty || name == "." { name = "tokens" }
        return finish(name: name, file: anchorFile)
    }

    /// The extensions of the token files of a Style Dictionary folder Tessera reads: JSON, and
    /// JSON with comments and trailing commas (`.jsonc`, which Style Dictionary reads since 3.7;
    /// its version 4 reads every file so).
    static let styleDictionaryExtensions = [".json", ".jsonc"]

    /// Files of a Style Dictionary folder Tessera does not read: JSON5 (unquoted keys, single
    /// quotes) and JavaScript or TypeScript modules, which only a JavaScript engine runs.
    static let styleDictionarySkipped = [(".json5", "JSON5 (unquoted keys, single-quoted strings) is not read; write it as JSON or JSONC"),
        (".js", "a JavaScript module, which Tessera does not run; export its tokens as JSON"),
        (".mjs", "a JavaScript module, which Tessera does not run; export its tokens as JSON"),
        (".ts", "a TypeScript module, which Tessera does not run; export its tokens as JSON")]

    /// How a file is parsed: with comments and trailing commas when Style Dictionary reads it
    /// (version 4 parses every token file as JSON5) or its name ends in `.jsonc`.
    func parser(for file: SourceFile) -> JSONParser {
        let lenient = flavor == .styleDictionary || file.path.lowercased().hasSuffix(".jsonc")
        return JSONParser(file: file, options: JSONParser.Options(allowComments: lenient))
    }

    /// The files under `folder` with one of `extensions` (but the two marker files and hidden
    /// ones), relative, in path order.
    static func setFiles(in folder: String, extensions: [String] = [".json"]) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if extensions.contains(where: { relative.lowercased().hasSuffix($0) }), !TokensStudioImporter.markers.contains(relative) {
                files.append(relative)
            }
        }
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private mutating func readFile(_ path: String) -> (file: SourceFile, root: JSONValue)? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var diagnostics: [Diagnostic] = []
        defer { found += diagnostics }
        guard let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics),
            let root = parser(for: file).parseWellFormed(into: &diagnostics)
        else { return nil }
        return (file, root)
    }

    /// Sets in `tokenSetOrder` order; sets it does not list after, as they were.
    private mutating func order(by metadata: JSONValue?, in file: SourceFile) {
        guard let metadata else { return }
        guard let list = metadata["tokenSetOrder"] else { return }
        guard let names = list.array else {
            report(.studio("'tokenSetOrder' must be an array of set names, found \(list.kindDescription)"), in: file, at: list.offset)
            return
        }
        var rank: [String: Int] = [:]
        for (position, entry) in names.enumerated() {
            guard let name = entry.string else {
                report(.studio("'tokenSetOrder' lists set names, found \(entry.kindDescription)"), in: file, at: entry.offset)
                continue
            }
            // A folder's name stands for its sets, in their order, at its place.
            let named = setNames(named: name)
            if named.isEmpty {
                report(.studioNoSuchSet("'tokenSetOrder' lists '\(name)', which is not a token set or a folder of sets here"), in: file, at: entry.offset)
            }
            for set in named where rank[set] == nil { rank[set] = position }
        }
        let positioned = sets.enumerated().map { (rank[$1.name] ?? names.count + $0, $1) }
        sets = positioned.sorted { $0.0 < $1.0 }.map(\.1)
    }

    private mutating func readThemes(_ node: JSONValue, in file: SourceFile) {
        guard let entries = node.array else {
            report(.studio("'$themes' must be an array of themes, found \(node.kindDescription)"), in: file, at: node.offset)
            return
        }
        let known = Set(sets.map(\.name))
        for entry in entries {
            guard let name = entry["name"]?.string else {
                report(.studio("a theme needs a 'name'"), in: file, at: entry.offset)
                continue
            }
            var theme = Theme(name: name, group: entry["group"]?.string.flatMap { $0.isEmpty ? nil : $0 }, selected: [], offset: entry.offset)
            for member in entry["selectedTokenSets"]?.members ?? [] {
                guard let status = member.value.string, ["enabled", "source", "disabled"].contains(status) else {
                    report(.studio("set '\(member.key)' in theme '\(name)' must be 'enabled', 'source' or 'disabled'"), in: file, at: member.value.offset)
                    continue
                }
                guard status != "disabled" else { continue }
                let named = known.contains(member.key) ? [member.key] : setNames(named: member.key)
                guard !named.isEmpty else {
                    report(.studioNoSuchSet("theme '\(name)' selects token set '\(member.key)', which does not exist"), in: file, at: member.keyOffset)
                    continue
                }
                // A folder's name selects each of its sets.
                for set in named where !theme.selected.contains(where: { $0.set == set }) { theme.selected.append((set, status == "source")) }
            }
            themes.append(theme)
        }
    }

    /// The sets no theme selects whose tokens the selected sets refer to — or the sets so
    /// found refer to, until none is added.
    private func setsReferenced(from selected: Set<String>) -> Set<String> {
        var definedIn: [String: String] = [:]
        for set in sets where !selected.contains(set.name) {
            for token in set.tokens { definedIn[token.path.joined(separator: ".")] = set.name }
        }
        // A path a selected set defines needs no other set.
        for set in sets where selected.contains(set.name) {
            for token in set.tokens { definedIn[token.path.joined(separator: ".")] = nil }
        }
        var needed: Set<String> = []
        var frontier = selected
        while !frontier.isEmpty {
            var next: Set<String> = []
            for set in sets where frontier.contains(set.name) {
                for token in set.tokens {
                    StudioReferences.visit(token.value) { path, _ in
                        if let owner = definedIn[referencedPath(path)], !needed.contains(owner) { next.insert(owner) }
                    }
                }
            }
            needed.formUnion(next)
            frontier = next
        }
        return needed
    }

    /// The sets a name in `tokenSetOrder` or a theme names: the set of that name, else the sets
    /// in the folder of that name (`base` for `base/colors`, `base/spacing`), in set order.
    private func setNames(named name: String) -> [String] {
        if sets.contains(where: { $0.name == name }) { return [name] }
        let folder = name.hasSuffix("/") ? name : name + "/"
        return sets.map(\.name).filter { $0.hasPrefix(folder) }
    }

    private mutating func report(_ message: DiagnosticMessage, in file: SourceFile, at offset: Int) {
        found.append(Diagnostic(message, at: SourceAnchor(file: file, offset: offset).location()))
    }

    // MARK: Tokens

    /// Every set's tokens, then the last definition of every path, then each set's layer.
    private mutating func finish(name: String, file: SourceFile) -> ResolverDocument {
        for index in sets.indices {
            var tokens: [StudioToken] = []
            Self.collect(sets[index].root, path: [], inheritedType: nil, into: &tokens)
            if flavor == .styleDictionary { tokens = tokens.map(StyleDictionaryCategory.typed) }
            sets[index].tokens = tokens
            for token in tokens {
                definitions[token.path.joined(separator: ".")] = (token.kind, token.value)
            }
        }
        var layers: [String: BuiltLayer] = [:]
        for set in sets { layers[set.name] = layer(of: set) }
        let anchor = SourceAnchor(file: file, offset: 0)
        func source(_ set: String) -> ResolverDocument.Source {
            ResolverDocument.Source(.built(layers[set]!), at: anchor)
        }
        // Theme groups in the order they first appear; themes without one form `theme`.
        var groups: [(name: String, themes: [Theme])] = []
        for theme in themes {
            let group = theme.group ?? "theme"
            if let index = groups.firstIndex(where: { $0.name == group }) {
                groups[index].themes.append(theme)
            } else {
                groups.append((group, [theme]))
            }
        }
        // A set every theme of a group selects is in every permutation; with themes, a set no
        // theme selects is in none.
        var base = Set(sets.map(\.name))
        // Without themes, sets named only by a mode (`light`, `dark`, `themes/darkTheme`) are one
        // collection's modes: merged in order, the last would hide the others in every permutation.
        let modeSets = groups.isEmpty
            ? Self.modeSets(sets.map(\.name), paths: Dictionary(sets.map { ($0.name, Set($0.tokens.map { $0.path.joined(separator: ".") })) },
                uniquingKeysWith: { first, _ in first }))
            : []
        base.subtract(modeSets.map(\.set))
        if !modeSets.isEmpty {
            found.append(Diagnostic(.studioModeSets(modeSets.map { "'\($0.set)'" }.joined(separator: ", ")),
                at: SourceAnchor(file: file, offset: 0).location()))
        }
        if !groups.isEmpty {
            base = []
            for group in groups {
                var common = Set(group.themes[0].selected.map(\.set))
                for theme in group.themes.dropFirst() { common.formIntersection(theme.selected.map(\.set)) }
                // A source set another group enables is that group's to choose (see below).
                let enabledElsewhere = Self.enabled(byGroupsOtherThan: group.name, in: groups)
                common.subtract(group.themes.flatMap { $0.selected.filter { $0.source && enabledElsewhere.contains($0.set) }.map(\.set) })
                base.formUnion(common)
            }
            let selected = Set(themes.flatMap { $0.selected.map(\.set) })
            let needed = setsReferenced(from: selected)
            for set in sets where !selected.contains(set.name) {
                found.append(Diagnostic(.studioUnusedSet(set.name, referenced: needed.contains(set.name)),
                    at: SourceAnchor(file: set.file, offset: set.offset).location()))
                if needed.contains(set.name) { base.insert(set.name) }
            }
        }
        var order: [ResolverDocument.Layer] = []
        var names: Set<String> = []
        // What reading the files found comes first (`tokens-studio`, added last).
        names.insert("tokens-studio")
        for set in sets where base.contains(set.name) {
            order.append(.set(.init(name: UniqueName.claim(set.name, in: &names) { "\($0) (\($1))" }, sources: [source(set.name)])))
        }
        let setOrder = Dictionary(sets.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Each group's themes: the sets each selects beyond the base, in the order they merge.
        let selections = groups.map { group in
            // A set another group's theme enables is that group's to choose: as a source here,
            // for references only, it would override what the other group chose (Tokens
            // Studio's transforms put every source set before every enabled one).
            let enabledElsewhere = Self.enabled(byGroupsOtherThan: group.name, in: groups)
            return group.themes.map { theme in
                theme.selected.filter { !base.contains($0.set) && !($0.source && enabledElsewhere.contains($0.set)) }
                    .sorted { ($0.source ? 0 : 1, setOrder[$0.set] ?? 0) < ($1.source ? 0 : 1, setOrder[$1.set] ?? 0) }
                    .map(\.set)
            }
        }
        let alternatives = Self.alternativeGroups(selections, paths: Dictionary(sets.map { ($0.name, $0.tokens.map { $0.path.joined(separator: ".") }) },
            uniquingKeysWith: { first, _ in first }))
        for (position, group) in groups.enumerated() {
            var contextNames: Set<String> = []
            var contexts = zip(group.themes, selections[position]).map { theme, selected in
                ResolverDocument.Context(name: UniqueName.claim(theme.name, in: &contextNames) { "\($0) (\($1))" },
                    sources: selected.map(source))
            }
            var preferred = contexts[0].name
            if let first = alternatives[position] {
                // Tokens Studio lets a group have no active theme: a context that adds nothing,
                // the default of a group that would hide an earlier one. Each of its themes
                // defines every token of that group, so choosing one is that brand alone.
                let none = UniqueName.claim("none", in: &contextNames) { "\($0) (\($1))" }
                contexts.append(ResolverDocument.Context(name: none, sources: []))
                preferred = none
                found.append(Diagnostic(.studioAlternativeGroups(group.name, first: groups[first].name, none: none),
                    at: SourceAnchor(file: file, offset: group.themes[0].offset).location()))
            }
            let modifier = UniqueName.claim(group.name, in: &names) { "\($0) (\($1))" }
            order.append(.modifier(.init(name: modifier, description: "The themes of the Tokens Studio group '\(group.name)'",
                contexts: contexts, defaultContext: preferred, anchor: SourceAnchor(file: file, offset: group.themes[0].offset))))
        }
        if !modeSets.isEmpty {
            var contextNames: Set<String> = []
            let contexts = modeSets.map { mode in
                ResolverDocument.Context(name: UniqueName.claim(mode.name, in: &contextNames) { "\($0) (\($1))" }, sources: [source(mode.set)])
            }
            let light = modeSets.firstIndex { ModeFilesImporter.lightWords.contains(ModeFilesImporter.squeezed($0.name) ?? "") } ?? 0
            order.append(.modifier(.init(name: UniqueName.claim("mode", in: &names) { "\($0) (\($1))" },
                description: "The token sets named as modes", contexts: contexts, defaultContext: contexts[light].name,
                anchor: SourceAnchor(file: file, offset: 0))))
        }
        if !found.isEmpty {
            var carrier = DocumentBuilder(file: file)
            for diagnostic in found { carrier.report(diagnostic) }
            order.insert(.set(.init(name: "tokens-studio", description: "What reading the files found",
                sources: [.init(.built(carrier.finish()), at: anchor)])), at: 0)
        }
        return ResolverDocument(name: name, layers: order, file: file)
    }

    /// The sets named only by a mode, in set order, with the mode as written (the set name's last
    /// component: `themes/darkTheme` → `darkTheme`), when at least one is a light mode and one a
    /// dark mode, as `ModeFilesImporter` names files, and each shares at least half of its
    /// tokens with every other — the same tokens in another mode, not a `light` and a `dark`
    /// variant of a component, which define tokens of their own; else none.
    static func modeSets(_ names: [String], paths: [String: Set<String>]) -> [(set: String, name: String)] {
        let modes = names.compactMap { set -> (set: String, name: String, word: String)? in
            let last = String(set.split(separator: "/").last ?? "")
            guard let word = ModeFilesImporter.squeezed(last), ModeFilesImporter.isModeWord(word) else { return nil }
            return (set, last, word)
        }
        guard modes.contains(where: { ModeFilesImporter.lightWords.contains($0.word) }),
            modes.contains(where: { ModeFilesImporter.darkWords.contains($0.word) })
        else { return [] }
        let defined = modes.map { paths[$0.set] ?? [] }
        guard defined.allSatisfy({ !$0.isEmpty }) else { return [] }
        for (position, own) in defined.enumerated() {
            for other in defined[(position + 1)...] where own.intersection(other).count * 2 < min(own.count, other.count) { return [] }
        }
        return modes.map { ($0.set, $0.name) }
    }

    /// The groups whose themes are meant one at a time (one brand per group): a group each of
    /// whose themes defines every token of an earlier group's themes would hide that group in
    /// every permutation. For each such group, the first earlier group it hides; nil for the
    /// others.
    static func alternativeGroups(_ selections: [[[String]]], paths: [String: [String]]) -> [Int?] {
        let defined = selections.map { themes in themes.map { Set($0.flatMap { paths[$0] ?? [] }) } }
        let all = defined.map { $0.reduce(into: Set<String>()) { $0.formUnion($1) } }
        return defined.indices.map { later in
            all.indices.first { earlier in
                earlier < later && !all[earlier].isEmpty && defined[later].allSatisfy { all[earlier].isSubset(of: $0) }
            }
        }
    }

    /// The sets the themes of groups other than `group` enable.
    static func enabled(byGroupsOtherThan group: String, in groups: [(name: String, themes: [Theme])]) -> Set<String> {
        Set(groups.filter { $0.name != group }.flatMap { $0.themes.flatMap { $0.selected.filter { !$0.source }.map(\.set) } })
    }

    /// The tokens under `node`: objects with `value` or `$value`; `type`/`$type` on a group is
    /// inherited.
    static func collect(_ node: JSONValue, path: [String], inheritedType: String?, into tokens: inout [StudioToken], offset: Int = 0) {
        guard let members = node.members else { return }
        if let value = node["$value"] ?? node["value"] {
            let type = node["$type"]?.string ?? node["type"]?.string ?? inheritedType
            tokens.append(StudioToken(path: path, type: type, node: node, value: value, offset: offset,
                kind: type.flatMap { StudioKind.of($0, value: value) }))
            return
        }
        let type = node["$type"]?.string ?? node["type"]?.string ?? inheritedType
        for member in members where !member.key.hasPrefix("$") && member.value.isObject {
            collect(member.value, path: path + [member.key], inheritedType: type, into: &tokens, offset: member.keyOffset)
        }
    }

    /// One set's tokens as a layer.
    private func layer(of set: TokenSetSource) -> BuiltLayer {
        var builder = DocumentBuilder(file: set.file)
        for token in set.tokens where !token.path.isEmpty {
            add(token, into: &builder)
        }
        return builder.finish()
    }

    private func add(_ token: StudioToken, into builder: inout DocumentBuilder) {
        let file = builder.file
        var path = token.path
        let passesThrough = flavor == .styleDictionary
        func report(_ message: DiagnosticMessage, at offset: Int) {
            builder.report(Diagnostic(message, at: SourceAnchor(file: file, offset: offset).location(token: path.joined(separator: "."))))
        }
        if passesThrough, path.contains(where: { $0.contains(".") }) {
            // Style Dictionary keeps a path as its names; a reference could not name this one.
            for name in path where name.contains(".") {
                report(.styleDictionaryName(name, kept: name.replacingOccurrences(of: ".", with: "-")), at: token.offset)
            }
            path = path.map { $0.replacingOccurrences(of: ".", with: "-") }
        }
        let joined = path.joined(separator: ".")
        let description = (token.node["$description"] ?? token.node["description"] ?? (passesThrough ? token.node["comment"] : nil))?.string
        var extensions = token.node["$extensions"]
        if passesThrough { extensions = Self.styleDictionaryProperties(of: token.node, extensions, report: { report(.styleDictionaryTransform($0, token: joined), at: $1) }) }
        guard let typeName = token.type else {
            // An object of modifier settings that other tokens' `modify` refers to.
            if token.value["type"]?.string.flatMap(StudioColor.Modifier.Kind.init(rawValue:)) != nil { return }
            addUntyped(token, path: path, typeName: nil, description: description, extensions: extensions, into: &builder)
            return
        }
        guard var kind = token.kind.flatMap({ passesThrough ? Self.styleDictionaryKind($0, value: token.value) : $0 }) else {
            // An object no 2025.10 string holds as written, or an alias of one, is left out.
            let aliasOfLeftOut = wholeReference(token.value).flatMap { definitions[$0] }.map { $0.kind == nil && ($0.value.isObject || $0.value.array != nil) }
            if !passesThrough, token.value.isObject || token.value.array != nil || aliasOfLeftOut == true {
                report(.studioType(typeName, token: joined, known: typeName.lowercased() == "composition", kept: nil),
                    at: token.node["type"]?.offset ?? token.node["$type"]?.offset ?? token.offset)
                return
            }
            addUntyped(token, path: path, typeName: typeName, description: description, extensions: extensions, into: &builder)
            return
        }
        // A color that names a gradient color token is that gradient (Tokens Studio keeps both as CSS).
        if kind == .color, let target = wholeReference(token.value), definitions[target]?.kind == .gradient { kind = .gradient }
        if passesThrough, case .dtcg(let type)? = token.kind, kind == .string {
            report(.passedThrough(Self.writtenText(token.value, in: file), token: joined, type: type.rawValue,
                reason: "a 2025.10 \(type.rawValue) is \(type == .transition ? "an object of duration, delay and timingFunction" : "a keyword or an object of dashArray and lineCap")"),
                at: token.value.offset)
        }
        let modify = modifier(of: token, report: report)
        if modify != nil, kind != .color {
            report(.studioModify("a color modifier applies to color tokens; '\(joined)' is a \(typeName) and keeps its value"), at: token.offset)
        }
        let applied = kind == .color ? modify : nil
        var token = token
        if case .typography = kind {
            extensions = Self.typographyExtensions(token.value, extensions, at: token.offset)
            if let (filled, value) = Self.completedTypography(token.value, naming: wholeReference(token.value).flatMap { definitions[$0] }) {
                report(.studioPartialTypography(token: joined, filled: filled), at: token.value.offset)
                token.value = value
            }
        }
        if case .gradient = kind, token.value.string != nil {
            // A 2025.10 gradient has stops only: the CSS as written keeps its kind and angle.
            let written = JSONValue.object([("studio.tokens", .object([("gradient", token.value)]))]).placed(at: token.offset)
            extensions = extensions.map { JSONValue(written.merging($0).storage, offset: $0.offset) } ?? written
        }

        var operands: [Computation.Operand] = []
        StudioReferences.visit(token.value) { operands.append(.init(path: referencedPath($0), offset: $1)) }
        if let applied {
            for key in ["value", "amount", "color"] {
                if let field = applied[key] { StudioReferences.visit(field) { operands.append(.init(path: referencedPath($0), offset: $1)) } }
            }
        }
        func add(_ value: DocumentBuilder.Value, type: TokenType? = nil) {
            builder.addToken(path, type: type ?? kind.type, value: value, at: token.offset, description: description,
                deprecated: Self.deprecation(token.node["$deprecated"]), extensions: extensions)
        }
        if case .dtcg = kind {
            add(.raw(token.value))
            return
        }
        var compute = Self.computation(kind: kind, template: token.value, modify: applied)
        if passesThrough {
            compute = Self.passingThrough(compute, written: Self.writtenText(token.value, in: file), token: joined, type: typeName)
        } else {
            compute = Self.passingThrough(compute, written: Self.writtenText(token.value, in: file), token: joined, type: typeName,
                keeper: "Tokens Studio keeps it", only: { [kind] in StudioCSS.keeps($0, as: kind) })
        }
        if operands.isEmpty {
            switch compute([]) {
            case .success(let value): add(.typed(value))
            case .failure(let failure):
                report(failure.message, at: failure.offset)
                if let kept = failure.passThrough { add(.typed(kept), type: kept.type) }
            }
            return
        }
        // Style Dictionary keeps no types across a reference: an alias may hold a value kept as
        // text, so every reference is computed and read again as this token's type.
        if !passesThrough, applied == nil, operands.count == 1, let text = token.value.string,
            let reference = StudioReferences.find(in: text).first,
            text.studioTrimmed() == String(text[reference.range]),
            definitions[operands[0].path]?.kind?.type == kind.type,
            !holdsTextKeptAsWritten(operands[0].path)
        {
            add(.alias(operands[0].path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)))
            return
        }
        add(.computed(Computation(operands: operands, compute: compute), at: token.value.offset))
    }

    /// A token with no type (or, read as Style Dictionary does, one Tessera does not know),
    /// kept as Style Dictionary passes it through: a whole reference as an alias (the type is
    /// the referenced token's), a number or a boolean as such, anything else as text (an
    /// object or array as its JSON), each with a warning that says so.
    private func addUntyped(_ token: StudioToken, path: [String], typeName: String?, description: String?, extensions: JSONValue?,
        into builder: inout DocumentBuilder)
    {
        let joined = path.joined(separator: ".")
        func report(_ message: DiagnosticMessage, _ offset: Int) {
            builder.report(Diagnostic(message, at: SourceAnchor(file: builder.file, offset: offset).location(token: joined)))
        }
        func add(_ value: DocumentBuilder.Value, type: TokenType?) {
            builder.addToken(path, type: type, value: value, at: token.offset, description: description,
                deprecated: Self.deprecation(token.node["$deprecated"]), extensions: extensions)
        }
        func warn(_ kept: String) {
            let message: DiagnosticMessage = switch (typeName, flavor) {
            case (let name?, .tokensStudio): .studioType(name, token: joined, known: name.lowercased() == "composition", kept: kept)
            case (let name?, .styleDictionary): .studioUnknownTypeKept(name, token: joined, kept: kept)
            case (nil, _): .studioUntyped(token: joined, kept: kept)
            }
            report(message, token.node["type"]?.offset ?? token.node["$type"]?.offset ?? token.offset)
        }
        switch token.value.storage {
        case .number(let number):
            warn("a number")
            add(.typed(.number(number)), type: .number)
        case .bool(let flag):
            warn("a boolean")
            add(.typed(.boolean(flag)), type: .boolean)
        case .string(let text):
            let references = StudioReferences.find(in: text)
            if references.count == 1, text.studioTrimmed() == String(text[references[0].range]) {
                // The referenced token's value and type, as a DTCG alias without a type has.
                add(.alias(referencedPath(references[0].path).split(separator: ".", omittingEmptySubsequences: false).map(String.init)), type: nil)
                return
            }
            // `ts/resolveMath` of Tokens Studio's transforms evaluates the math of every string,
            // typed or not; Style Dictionary alone evaluates none.
            let evaluatesMath = flavor == .tokensStudio
            warn(evaluatesMath ? "text (its math evaluated)" : "text")
            if references.isEmpty {
                add(.typed(.string(evaluatesMath ? Self.reduced(text) : text)), type: .string)
                return
            }
            var operands: [Computation.Operand] = []
            StudioReferences.visit(token.value) { operands.append(.init(path: referencedPath($0), offset: $1)) }
            let text = Self.computation(kind: .string, template: token.value, modify: nil)
            let compute: @Sendable ([TokenValue]) -> Result<TokenValue, Computation.Failure> = { operands in
                guard evaluatesMath, case .success(.string(let substituted)) = text(operands) else { return text(operands) }
                return .success(.string(Self.reduced(substituted)))
            }
            add(.computed(Computation(operands: operands, compute: Self.passingThrough(compute, written: Self.writtenText(token.value, in: builder.file), token: joined, type: "string")),
                at: token.value.offset), type: .string)
        default:
            warn("text (its JSON as written)")
            add(.typed(.string(Self.writtenText(token.value, in: builder.file))), type: .string)
        }
    }

    /// Whether the token at `path` holds, or refers to a token that holds, text Tokens Studio
    /// keeps as written (`StudioCSS`): such a token may be kept as text, so an alias to it is
    /// computed rather than typed as its target.
    private func holdsTextKeptAsWritten(_ path: String, depth: Int = 0) -> Bool {
        guard depth < 32, let value = definitions[path]?.value else { return false }
        var kept = false
        func visit(_ node: JSONValue) {
            guard !kept else { return }
            switch node.storage {
            case .string(let text):
                if StudioCSS.isKeptAsWritten(text) { kept = true; return }
                for reference in StudioReferences.find(in: text) where holdsTextKeptAsWritten(referencedPath(reference.path), depth: depth + 1) {
                    kept = true
                    return
                }
            case .object(let members): members.forEach { visit($0.value) }
            case .array(let elements): elements.forEach(visit)
            default: break
            }
        }
        visit(value)
        return kept
    }

    /// The path a value that is one whole reference names (`"{color.brand}"`), if it is one.
    private func wholeReference(_ value: JSONValue) -> String? {
        guard let text = value.string, let reference = StudioReferences.find(in: text).first,
            text.studioTrimmed() == String(text[reference.range])
        else { return nil }
        return referencedPath(reference.path)
    }

    /// A typography that leaves out some of `fontFamily`, `fontSize`, `fontWeight` — or names a
    /// font family token only (`"{fontFamilies.body}"`) — completed as Style Dictionary's CSS
    /// shorthand writes it (`sans-serif`, `16px`, and CSS's normal weight, 400), with the names
    /// of what was filled in; nil when nothing is missing or the value is not such an object.
    static func completedTypography(_ value: JSONValue, naming target: (kind: StudioKind?, value: JSONValue)?) -> ([String], JSONValue)? {
        let defaults: [(String, JSONValue.Storage)] = [("fontFamily", .string("sans-serif")), ("fontSize", .string("16px")), ("fontWeight", .string("400"))]
        var members: [JSONMember]
        if let target, target.kind == .fontFamily, let text = value.string {
            members = [JSONMember(key: "fontFamily", keyOffset: value.offset, value: JSONValue(.string(text), offset: value.offset))]
        } else if let written = value.members {
            members = written
        } else {
            return nil
        }
        let filled = defaults.filter { name, _ in !members.contains { $0.key == name } }
        guard !filled.isEmpty else { return nil }
        members += filled.map { JSONMember(key: $0.0, keyOffset: value.offset, value: JSONValue($0.1, offset: value.offset)) }
        return (filled.map(\.0), JSONValue(.object(members), offset: value.offset))
    }

    /// The token a reference names. Style Dictionary's own format names a token's value
    /// (`{color.base.red.value}`), which its reference resolution reads as the token
    /// `color.base.red`: a last `value` is dropped when no token has the whole path and one has
    /// the rest.
    private func referencedPath(_ path: String) -> String {
        guard flavor == .styleDictionary, path.hasSuffix(".value"), definitions[path] == nil else { return path }
        let token = String(path.dropLast(6))
        return definitions[token] != nil ? token : path
    }

    /// Text with its math evaluated as Tokens Studio's `checkAndEvaluateMath` does: `"4 * 2"`
    /// is `"8"`, text that is not math stays as it is.
    static func reduced(_ text: String) -> String {
        switch StudioMath.evaluate(text) {
        case .number(let number): StudioMath.format(number)
        case .text(let reduced): reduced
        }
    }

    /// The value as written in the file: a string's text, or the JSON of anything else with
    /// its runs of white space made one space.
    static func writtenText(_ value: JSONValue, in file: SourceFile) -> String {
        if let text = value.string { return text }
        let range = file.jsonValueRange(at: value.offset)
        let raw = String(decoding: file.bytes[range], as: UTF8.self)
        return raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
    }

    /// `compute`, but where it fails the value is kept as Style Dictionary passes it through:
    /// as written, each reference replaced with the referenced value's text.
    static func passingThrough(_ compute: @escaping @Sendable ([TokenValue]) -> Result<TokenValue, Computation.Failure>,
        written: String, token: String, type: String, keeper: String = "Style Dictionary passes it through",
        only keeps: (@Sendable (String) -> Bool)? = nil) -> @Sendable ([TokenValue]) -> Result<TokenValue, Computation.Failure>
    {
        { operands in
            let result = compute(operands)
            guard case .failure(let failure) = result, failure.passThrough == nil else { return result }
            var text = ""
            var last = written.startIndex
            var rest = operands[...]
            for (_, range) in StudioReferences.find(in: written) {
                guard let value = rest.popFirst() else { break }
                text += written[last..<range.lowerBound] + (StudioReferences.textForm(value) ?? value.flatText)
                last = range.upperBound
            }
            text += written[last...]
            if let keeps, !keeps(text) { return result }
            return .failure(Computation.Failure(.passedThrough(text, token: token, type: type, reason: failure.message.text, keeper: keeper),
                at: failure.offset, passThrough: .string(text)))
        }
    }

    /// The kind a Style Dictionary token is read as: a DTCG composite whose value is not in
    /// 2025.10's form (a CSS transition or stroke written as text, a transition object with
    /// CSS's property names) is kept as text rather than read as DTCG.
    static func styleDictionaryKind(_ kind: StudioKind, value: JSONValue) -> StudioKind? {
        guard case .dtcg(let type) = kind else { return kind }
        if let text = value.string {
            if StudioReferences.find(in: text).count == 1 { return kind }
            return type == .strokeStyle && ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"].contains(text) ? kind : .string
        }
        guard let members = value.members else { return .string }
        if type == .transition {
            return Set(members.map(\.key)).isSubset(of: ["duration", "delay", "timingFunction"]) ? kind : .string
        }
        return kind
    }

    /// A Style Dictionary token's own properties — what is not `$value`, `$type` and the like
    /// (`source`, `actions`, `modify`) — kept under `$extensions["style-dictionary"]`; a
    /// `modify`, which only a project's own transforms read, is reported.
    static func styleDictionaryProperties(of node: JSONValue, _ extensions: JSONValue?, report: (String, Int) -> Void) -> JSONValue? {
        let own = (node.members ?? []).filter { !$0.key.hasPrefix("$") && !["value", "type", "description", "comment"].contains($0.key) }
        guard !own.isEmpty else { return extensions }
        for member in own where member.key == "modify" { report(member.key, member.keyOffset) }
        let offset = own[0].keyOffset
        let kept = JSONValue(.object([JSONMember(key: "style-dictionary", keyOffset: offset, value: JSONValue(.object(own), offset: offset))]), offset: offset)
        guard let extensions else { return kept }
        return JSONValue(kept.merging(extensions).storage, offset: extensions.offset)
    }

    /// The value from the operands: references replaced, math evaluated, read as `kind`, the
    /// color modifier applied.
    static func computation(kind: StudioKind, template: JSONValue, modify: JSONValue?)
        -> @Sendable ([TokenValue]) -> Result<TokenValue, Computation.Failure>
    {
        let converter = StudioConverter(kind: kind)
        return { operands in
            var rest = operands[...]
            let value = StudioReferences.substitute(template, &rest).flatMap(converter.convert)
            guard let modify, case .success(.color(let color)) = value else { return value }
            return StudioReferences.substitute(modify, &rest).flatMap { Self.modifier($0) }.map { .color($0.apply(to: color)) }
        }
    }

    /// The modifier a `modify` object describes.
    static func modifier(_ node: StudioNode) -> Result<StudioColor.Modifier, Computation.Failure> {
        func fail(_ problem: String, _ at: StudioNode) -> Result<StudioColor.Modifier, Computation.Failure> {
            .failure(Computation.Failure(.studioModify(problem), at: at.offset))
        }
        guard case .text(let typeName, _)? = node["type"], let kind = StudioColor.Modifier.Kind(rawValue: typeName) else {
            return fail("a color modifier's 'type' is one of lighten, darken, mix, alpha; found \(node["type"]?.described ?? "none")", node)
        }
        var space = StudioColor.Modifier.Space.srgb
        if let spaceNode = node["space"] {
            guard case .text(let name, _) = spaceNode, let known = StudioColor.Modifier.Space(rawValue: name.lowercased()) else {
                return fail("a color modifier's 'space' is one of srgb, hsl, lch, p3; found \(spaceNode.described)", spaceNode)
            }
            space = known
        }
        guard let amountNode = node["value"] ?? node["amount"] else { return fail("a color modifier needs a 'value'", node) }
        let amount: Double
        switch StudioConverter(kind: .number(percentIsFraction: false)).number(amountNode, percentIsFraction: false) {
        case .success(let value): amount = value
        case .failure: return fail("a color modifier's value is a number, found \(amountNode.described)", amountNode)
        }
        var mixColor: TokenColor?
        if kind == .mix {
            guard let colorNode = node["color"] else { return fail("a 'mix' modifier needs a 'color' to mix with", node) }
            switch StudioConverter(kind: .color).color(colorNode) {
            case .success(let color): mixColor = color
            case .failure(let failure): return .failure(Computation.Failure(.studioModify(failure.message.text), at: failure.offset))
            }
        }
        var format: String?
        if case .text(let name, _)? = node["format"] { format = name }
        return .success(StudioColor.Modifier(kind: kind, amount: amount, space: space, mixColor: mixColor, format: format))
    }

    /// `$extensions["studio.tokens"].modify`, or the older `$extensions.modify`; a reference
    /// to a token holding the modifier is followed; an empty one is none.
    private func modifier(of token: StudioToken, report: (DiagnosticMessage, Int) -> Void) -> JSONValue? {
        let extensions = token.node["$extensions"]
        guard var node = extensions?["studio.tokens"]?["modify"] ?? extensions?["modify"] else { return nil }
        if let text = node.string {
            let path = StudioReferences.find(in: text).first?.path ?? text
            guard let target = definitions[path]?.value, target.isObject else {
                report(.studioModify("the modifier '\(text)' names no token holding a modifier object"), node.offset)
                return nil
            }
            node = target
        }
        guard let members = node.members else {
            report(.studioModify("'modify' is an object (type, value, space), found \(node.kindDescription)"), node.offset)
            return nil
        }
        return members.isEmpty ? nil : node
    }

    static func deprecation(_ node: JSONValue?) -> Deprecation? {
        guard let node else { return nil }
        if let flag = node.bool { return flag ? .deprecated(reason: nil) : .active }
        return node.string.map { .deprecated(reason: $0) }
    }

    /// A typography token's `$extensions`, with its text case where every output reads it
    /// (`dev.tessera`) and the fields 2025.10 has no place for (`paragraphSpacing`,
    /// `paragraphIndent`, `textDecoration`) kept under `studio.tokens`; what the file's own
    /// `$extensions` say wins.
    static func typographyExtensions(_ value: JSONValue, _ extensions: JSONValue?, at offset: Int) -> JSONValue? {
        guard let fields = value.members else { return extensions }
        var derived = JSONValue(.object([]), offset: offset)
        let kept = fields.filter { ["paragraphSpacing", "paragraphIndent", "textDecoration"].contains($0.key) }
        if !kept.isEmpty {
            let member = JSONMember(key: "studio.tokens", keyOffset: offset, value: JSONValue(.object(kept), offset: offset))
            derived = JSONValue(.object([member]), offset: offset)
        }
        if let textCase = value["textCase"]?.string.flatMap(TextCase.init(name:)) {
            derived = derived.merging(textCase.extensions.placed(at: offset))
        }
        guard derived.members?.isEmpty == false else { return extensions }
        guard let extensions else { return derived }
        return JSONValue(derived.merging(extensions).storage, offset: extensions.offset)
    }
}
