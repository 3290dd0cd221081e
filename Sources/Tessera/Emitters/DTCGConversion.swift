import Foundation

/// A token system written as DTCG 2025.10 files, whatever format it was read from: one token
/// file for the tokens of files read together, or, for a system with modes, one token file per
/// set and per modifier context and a resolver document that orders them as the source did.
///
/// Tokens keep their references (`{color.accent}`), descriptions, deprecations and
/// `$extensions`; each carries its `$type`. Values an importer read from another format are
/// written in their 2025.10 form; values read from DTCG files are written as they were, but for
/// legacy notations (`"#ff0000"`, `"16px"`, `"200ms"`), which `write(to:)` rewrites as their
/// fix-its do, so that the files pass `--strict`.
///
/// ```swift
/// let conversion = DTCGConversion(AssetCatalogImporter().system(at: "Assets.xcassets", options: PipelineOptions()))
/// try conversion.write(to: "Tokens")   // Tokens/assets.resolver.json, Tokens/any.tokens.json, …
/// ```
package struct DTCGConversion: Sendable {
    /// A file to write: its path relative to the output folder, and its text.
    package struct File: Sendable {
        package var path: String
        package var text: String
    }

    package let files: [File]

    /// The tokens of files merged together (a `TokenSystem` of token files), as one `NAME.tokens.json`.
    /// `leavingOut` names tokens not to write (those an error touches, with `--keep-going`).
    package init(_ result: TokenSystem.Permutation, name: String = "tokens", leavingOut: Set<String> = []) {
        let document = result.document
        var tree = Tree()
        tree.leavingOut = leavingOut
        for token in document.tokens {
            tree.add(token, type: token.explicitType ?? document.inheritedType(of: token.path) ?? result.partialTokens.type(token.path),
                computed: token.computation == nil ? nil : result.partialTokens.value(token.path))
        }
        // In the order the groups were first seen, so that groups without tokens come out in
        // file order rather than in a table's order, which changes from run to run.
        for path in document.groupPaths {
            if let group = document.groups[TokenPath(path)] { tree.set(group, at: path) }
        }
        var taken: Set<String> = []
        files = [File(path: Self.fileName(name, suffix: ".tokens.json", taken: &taken), text: tree.text())]
    }

    /// A system with modes: a token file per set and per context, and `NAME.resolver.json`.
    package init(_ system: TokenSystem, name: String? = nil, leavingOut: Set<String> = []) {
        var tokenSystem = system
        guard let resolver = tokenSystem.resolver else {
            files = []
            return
        }
        let defaults = tokenSystem.resolve(inputs: [:])
        let types = defaults.partialTokens
        // Computed values (math, color modifiers) have no 2025.10 form: each is written as
        // resolved, in its own source and, where a context changes it, in that context's file.
        let computed = defaults.document.tokens.filter { $0.computation != nil }
        var written: [File] = []
        var taken: Set<String> = []
        var sets: [(String, JSONValue)] = []
        var modifiers: [(String, JSONValue)] = []
        var order: [JSONValue] = []
        func file(_ sources: [ResolverDocument.Source], named base: String, values: ResolvedTokens? = nil) -> JSONValue {
            let path = Self.fileName(base, suffix: ".tokens.json", taken: &taken)
            var tree = Self.tree(of: sources, in: &tokenSystem, types: types, values: values ?? types, leavingOut: leavingOut)
            if let values {
                for token in computed where !tree.has(token.path) && values.value(token.path) != types.value(token.path) {
                    tree.add(token, type: values.type(token.path), computed: values.value(token.path))
                }
            }
            written.append(File(path: path, text: tree.text()))
            return .object([("$ref", .string(path))])
        }
        for layer in resolver.layers {
            switch layer {
            case .set(let set):
                var entry: [(String, JSONValue)] = []
                if let description = set.description { entry.append(("description", .string(description))) }
                entry.append(("sources", .array([file(set.sources, named: set.name)])))
                sets.append((set.name, .object(entry)))
                order.append(.object([("$ref", .string("#/sets/" + Self.pointerEscaped(set.name)))]))
            case .modifier(let modifier):
                var entry: [(String, JSONValue)] = []
                if let description = modifier.description { entry.append(("description", .string(description))) }
                let contexts = modifier.contexts.map { context in
                    let values = computed.isEmpty ? types : tokenSystem.resolve(inputs: [modifier.name: context.name]).partialTokens
                    return (context.name, JSONValue.array([file(context.sources, named: modifier.name + "-" + context.name, values: values)]))
                }
                entry.append(("contexts", .object(contexts)))
                if let fallback = modifier.defaultContext { entry.append(("default", .string(fallback))) }
                modifiers.append((modifier.name, .object(entry)))
                order.append(.object([("$ref", .string("#/modifiers/" + Self.pointerEscaped(modifier.name)))]))
            }
        }
        var document: [(String, JSONValue)] = [("version", .string("2025.10"))]
        if let title = name ?? resolver.name { document.append(("name", .string(title))) }
        if let description = resolver.description { document.append(("description", .string(description))) }
        if !sets.isEmpty { document.append(("sets", .object(sets))) }
        if !modifiers.isEmpty { document.append(("modifiers", .object(modifiers))) }
        document.append(("resolutionOrder", .array(order)))
        let resolverName = Self.fileName(name ?? resolver.name ?? "tokens", suffix: ".resolver.json", taken: &taken)
        files = [File(path: resolverName, text: JSONWriter(pretty: true).string(.object(document)) + "\n")] + written
    }

    /// Writes every file into `directory` (created if needed). The files are written to a
    /// temporary folder beside it first and moved in only when all are written, so a failure
    /// leaves nothing half-written.
    package func write(to directory: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let staging = (directory as NSString).appendingPathComponent(".tessera-convert-\(UUID().uuidString)")
        try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
        defer { try? manager.removeItem(atPath: staging) }
        for file in files {
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: (staging as NSString).appendingPathComponent(file.path)))
        }
        try Self.modernize(files.map { (staging as NSString).appendingPathComponent($0.path) })
        for file in files {
            let target = (directory as NSString).appendingPathComponent(file.path)
            if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
            try manager.moveItem(atPath: (staging as NSString).appendingPathComponent(file.path), toPath: target)
        }
    }

    /// Rewrites the legacy notations values read from DTCG files kept (`"#ff0000"`, `"16px"`,
    /// `"200ms"`) in their 2025.10 form, as their fix-its write it, so that the files pass
    /// `--strict`: the written files are read as the system they are (every permutation), and
    /// each `*.legacy` fix-it into them is applied once.
    static func modernize(_ paths: [String]) throws {
        let resolver = paths.first { $0.hasSuffix(".resolver.json") }
        let system = resolver.map { TokenSystem(resolverAt: $0) } ?? TokenSystem(tokenFilesAt: paths, options: PipelineOptions())
        try applyLegacyFixIts(of: system, toFilesIn: Set(paths))
    }

    /// Applies every fix-it of a legacy notation (`*.legacy`: `"#ff0000"`, `"16px"`, `"200ms"`
    /// written as 2025.10 objects) the system's permutations report, each once, to the files of
    /// `files` (all of them when nil) on disk: fix-its that never change a value. Every file's
    /// new text is made before any is written, and each is replaced atomically; a file that
    /// changed since it was read is left as it is. The fix-its applied, per file.
    @discardableResult
    package static func applyLegacyFixIts(of system: TokenSystem, toFilesIn files: Set<String>? = nil) throws -> [String: Int] {
        let checked = system.checkAllPermutations()
        let edits = checked.diagnostics.filter { $0.id.isLegacyForm }.flatMap { $0.fixIts.map(\.edit) }
        let read = Dictionary(checked.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        var fixed: [(path: String, bytes: [UInt8], count: Int)] = []
        for (path, fileEdits) in Dictionary(grouping: edits, by: \.file) where files?.contains(path) ?? true {
            guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else { continue }
            if let parsed = read[path], parsed != bytes { continue }
            // A value read in several permutations has its fix-it once per permutation: once here.
            let unique = Array(Set(fileEdits))
            guard let text = try? SourceEdit.apply(unique, toFile: path, bytes: bytes) else { continue }
            fixed.append((path, text, unique.count))
        }
        for file in fixed { try Data(file.bytes).write(to: URL(fileURLWithPath: file.path), options: .atomic) }
        return Dictionary(fixed.map { ($0.path, $0.count) }, uniquingKeysWith: +)
    }

    /// The definitions of `sources`, merged in order (a later definition of a path replaces
    /// an earlier one), as a tree.
    private static func tree(of sources: [ResolverDocument.Source], in system: inout TokenSystem, types: ResolvedTokens,
        values: ResolvedTokens, leavingOut: Set<String>) -> Tree
    {
        var tree = Tree()
        tree.keepsExtends = true
        tree.leavingOut = leavingOut
        let trees = sources.flatMap { system.sources.trees(of: $0) }
        for (_, _, fragment) in trees {
            let contents = SourceContents(fragment, seed: system.sources.seed)
            for path in contents.groupPaths {
                if let group = contents.groups[TokenPath(path)] { tree.set(group, at: path) }
            }
            for (token, _) in contents.tokens {
                tree.add(token, type: token.explicitType ?? contents.inheritedType(of: token.path) ?? types.type(token.path),
                    computed: token.computation == nil ? nil : values.value(token.path))
            }
        }
        return tree
    }

    /// A file name from a set, modifier or context name: letters, digits, `-`, `_` and `.`
    /// kept, anything else `-`; numbered when taken (and then taken).
    static func fileName(_ name: String, suffix: String, taken: inout Set<String>) -> String {
        var base = String(name.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return (c.isLetter || c.isNumber || "-_.".contains(c)) && scalar.isASCII ? c : "-"
        })
        while base.hasPrefix(".") { base.removeFirst() }
        if base.isEmpty { base = "tokens" }
        return UniqueName.claim(base + suffix, in: &taken) { _, number in "\(base)-\(number)\(suffix)" }
    }

    /// A name as a JSON pointer segment (`~` → `~0`, `/` → `~1`).
    static func pointerEscaped(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Groups and tokens by path, written in the order they were first added.
    struct Tree {
        private var tokens: [String: JSONValue] = [:]
        private var groups: [String: GroupDefinition] = [:]
        private var order: [String] = []
        private var seen: Set<String> = []
        /// Whether groups keep their `$extends`: a source's tree, not yet expanded (the merged
        /// document of token files is expanded already: what a group extends is copied in).
        var keepsExtends = false
        /// Tokens not written.
        var leavingOut: Set<String> = []

        /// Adds a token; a computed one with the value it resolved to (left out when it did
        /// not resolve, which was reported).
        mutating func add(_ token: TokenDefinition, type: TokenType?, computed: TokenValue? = nil) {
            if token.computation != nil, computed == nil { return }
            if !leavingOut.isEmpty, leavingOut.contains(token.path) { return }
            var members: [(String, JSONValue)] = []
            if let type { members.append(("$type", .string(type.rawValue))) }
            members.append(("$value", computed?.dtcgJSON ?? token.typedValue?.dtcgJSON ?? token.value))
            var extensions = token.extensions
            if case .typography(let typography)? = computed, let textCase = typography.textCase {
                extensions = (extensions ?? .object([])).merging(textCase.extensions)
            }
            members += ResolvedEmitter.annotations(token.description, token.deprecated, extensions)
            tokens[token.path] = .object(members)
            remember(token.path)
        }

        func has(_ path: String) -> Bool { tokens[path] != nil }

        mutating func set(_ group: GroupDefinition, at path: String) {
            if var existing = groups[path] {
                existing.merge(group)
                groups[path] = existing
            } else {
                groups[path] = group
            }
            remember(path)
        }

        private mutating func remember(_ path: String) {
            if seen.insert(path).inserted { order.append(path) }
        }

        /// A reference as `{a.b}`: a group-level `$ref` (`#/a/b`) is written the way `$extends` is.
        static func curly(_ reference: String) -> String {
            guard reference.hasPrefix("#"), let segments = TokenPathSyntax.pointerSegments(reference) else { return reference }
            return "{" + segments.joined(separator: ".") + "}"
        }

        /// The tree as DTCG JSON text.
        func text() -> String {
            // Children in the order first seen, built from the flat paths without recursion.
            var children: [String: [String]] = [:]
            var listed: Set<String> = [""]
            for path in order {
                var child = path
                while !child.isEmpty {
                    let parent = child.lastIndex(of: ".").map { String(child[..<$0]) } ?? ""
                    if listed.insert(child).inserted { children[parent, default: []].append(child) }
                    child = parent
                }
            }
            // Post-order: each node is made once its children are.
            var made: [String: JSONValue] = [:]
            var stack: [(path: String, expanded: Bool)] = [("", false)]
            while let (path, expanded) = stack.popLast() {
                let kids = children[path] ?? []
                if !expanded {
                    stack.append((path, true))
                    for kid in kids.reversed() where tokens[kid] == nil { stack.append((kid, false)) }
                    continue
                }
                var members: [(String, JSONValue)] = []
                if let group = groups[path] {
                    if let type = group.type { members.append(("$type", .string(type.rawValue))) }
                    if keepsExtends, let extends = group.extends { members.append(("$extends", .string(Self.curly(extends.reference)))) }
                    members += ResolvedEmitter.annotations(group.description, group.deprecated, group.extensions)
                }
                for kid in kids {
                    let name = kid.lastIndex(of: ".").map { String(kid[kid.index(after: $0)...]) } ?? kid
                    members.append((name, tokens[kid] ?? made.removeValue(forKey: kid) ?? .object([])))
                }
                made[path] = .object(members)
            }
            return JSONWriter(pretty: true).string(made[""] ?? .object([])) + "\n"
        }
    }
}

extension SourceContents {
    /// The `$type` the nearest enclosing group of this source gives `path`.
    func inheritedType(of path: String) -> TokenType? {
        var current = path
        while let dot = current.lastIndex(of: ".") {
            current = String(current[..<dot])
            if let type = groups[TokenPath(current)]?.type { return type }
        }
        return groups[TokenPath("")]?.type
    }
}
