import Foundation

/// The first of a token system's three jobs: where its token trees come from. Files (following
/// files that refer to files), objects inside them, trees written inline in a resolver and
/// layers an importer built are each read and parsed once, however many sets, contexts and
/// permutations use them, and their problems are found once.
///
/// A value: a token system copied carries its own cache.
struct SourceCache: Sendable {
    /// One parsed token tree, by the key it is cached under.
    typealias Tree = (key: String, file: SourceFile, fragment: TokenFragment)

    /// The folder file sources are found relative to.
    let directory: String
    /// The seed every source's paths are hashed with, so that a path is hashed once for all.
    let seed: UInt64
    /// The largest file read, in bytes.
    let fileSizeLimit: Int
    /// The resolver file, whose inline trees are parsed from it; nil for a system without one.
    let resolverFile: SourceFile?

    /// Problems of the resolver and of the sources read so far, each found once.
    private(set) var problemsFound: [Diagnostic]
    /// Every file read, in order.
    private(set) var filesRead = FilesRead()
    /// Texts read in place of the files at their paths.
    private let overlays: SourceOverlays

    private var parsed: [String: (file: SourceFile, fragment: TokenFragment)?] = [:]
    /// For each file source, the keys of the trees it stands for (see `trees(of:)`).
    private var chains: [String: [String]] = [:]
    /// Files that sources point into (`file.json#/a/b`), parsed once each, by full path; nil
    /// for a file with syntax errors.
    private var pointedInto: [String: (root: JSONValue, lookup: JSONMemberLookup)?] = [:]
    /// Each parsed source's tokens by path and group properties, for resolving variants.
    private var contents: [String: SourceContents] = [:]
    private var closedMentions: [String: Bool] = [:]
    /// What reading and parsing each source found, by source.
    private var sourceProblems: [String: [Diagnostic]] = [:]

    init(directory: String, seed: UInt64, options: PipelineOptions, resolverFile: SourceFile?, problems: [Diagnostic]) {
        self.directory = directory
        overlays = options.overlays
        self.seed = seed
        fileSizeLimit = options.limits.fileSize
        self.resolverFile = resolverFile
        problemsFound = problems
    }

    /// Counts `file` as read (the resolver, files loaded before the system was put together).
    mutating func noteRead(_ file: SourceFile) {
        filesRead.append(file)
    }

    /// Adds problems found about the system as a whole.
    mutating func report(_ problems: [Diagnostic]) {
        problemsFound += problems
    }

    /// The token trees a source stands for, in merge order, each parsed once and cached under
    /// its key: usually one; more when a file (or the object a pointer names) is itself a
    /// reference to another file, whose trees come first (its own members extend them).
    mutating func trees(of source: ResolverDocument.Source) -> [Tree] {
        let identity = self.identity(of: source)
        guard sourceProblems[identity] == nil else { return parsedTrees(of: source) }
        let before = problemsFound.count
        let trees = parsedTrees(of: source)
        sourceProblems[identity] = Array(problemsFound[before...])
        return trees
    }

    /// The problems reading and parsing `sources` found (each source's once).
    mutating func diagnostics(of sources: [ResolverDocument.Source]) -> [Diagnostic] {
        var seen = Set<String>()
        var found: [Diagnostic] = []
        for source in sources {
            let identity = self.identity(of: source)
            _ = trees(of: source)
            if seen.insert(identity).inserted { found += sourceProblems[identity] ?? [] }
        }
        return found
    }

    /// A parsed source's tokens by path and its group properties, indexed once.
    mutating func contents(of key: String) -> SourceContents {
        if let known = contents[key] { return known }
        let result = (parsed[key] ?? nil).map { SourceContents($0.fragment, seed: seed) } ?? SourceContents()
        contents[key] = result
        return result
    }

    /// Whether a parsed source says anything about closed tokens (known without indexing it).
    mutating func mentionsClosed(_ key: String) -> Bool {
        if let known = closedMentions[key] { return known }
        let mentions = (parsed[key] ?? nil).map { ClosedTokens.mentioned(in: $0.fragment) } ?? false
        closedMentions[key] = mentions
        return mentions
    }

    /// A source's cache key: where its tree is written.
    private func identity(of source: ResolverDocument.Source) -> String {
        switch source.origin {
        case .inline(let value): "inline:\(value.offset)"
        case .file(let path, let pointer): "file:" + resolvedPath(path) + "#" + pointer.joined(separator: "/")
        case .built(let layer): "built:\(layer.id)"
        }
    }

    /// The trees of a source, read and parsed once (`parsed`, `chains`); the problems found are
    /// added to `problemsFound` the first time only.
    private mutating func parsedTrees(of source: ResolverDocument.Source) -> [Tree] {
        switch source.origin {
        case .inline(let value):
            let key = "inline:\(value.offset)"
            if parsed[key] == nil {
                guard let resolverFile else { return [] }
                // A `$ref` beside inline tokens names what they extend, which comes before them.
                let (fragment, found) = DocumentParser.parseObject(in: resolverFile, at: value.offset,
                    skippingReference: true, seed: seed)
                problemsFound += found
                parsed[key] = fragment.map { (resolverFile, $0) }
            }
            return (parsed[key] ?? nil).map { [(key, $0.file, $0.fragment)] } ?? []
        case .file(let path, let pointer):
            return trees(ofFile: resolvedPath(path), pointer: pointer, named: path, at: source.anchor, through: [])
        case .built(let layer):
            let key = "built:\(layer.id)"
            if parsed[key] == nil {
                problemsFound += layer.diagnostics
                filesRead.append(layer.file)
                parsed[key] = layer.fragment.map { (layer.file, $0) }
            }
            return (parsed[key] ?? nil).map { [(key, $0.file, $0.fragment)] } ?? []
        }
    }

    /// The token trees of a file, or of the object a pointer names in it.
    private mutating func trees(
        ofFile fullPath: String, pointer: [String], named written: String, at anchor: SourceAnchor, through stack: [String]
    ) -> [Tree] {
        let key = "file:" + fullPath + "#" + pointer.joined(separator: "/")
        if stack.contains(key) {
            problemsFound.append(Diagnostic(.fileReferenceCycle((stack + [key]).map { "'\($0.dropFirst(5))'" }),
                at: anchor.location()))
            return []
        }
        if let chain = chains[key] {
            return chain.compactMap { key in (parsed[key] ?? nil).map { (key, $0.file, $0.fragment) } }
        }
        guard stack.count < ResolverDocument.maximumReferenceDepth else {
            problemsFound.append(Diagnostic(.nestingTooDeep(written), at: anchor.location()))
            return []
        }
        guard let file = read(fullPath, named: written, at: anchor) else { return [] }
        var found: [Diagnostic] = []
        var reference: (path: String, pointer: [String])?
        let own: TokenFragment?
        if pointer.isEmpty {
            let comments = fullPath.lowercased().hasSuffix(".jsonc")
            var (fragment, more) = DocumentParser.parseInParts(file, allowComments: comments, seed: seed)
                ?? DocumentParser.parseWhole(file, allowComments: comments, seed: seed)
            // A file whose root is a reference object ({"$ref": "other.tokens.json", …}).
            if let target = fragment?.rootReference, let external = Self.externalReference(target) {
                reference = external
                (fragment, more) = DocumentParser.parseWhole(file, allowComments: comments, seed: seed, skippingReference: true)
            }
            found = more
            own = fragment
        } else {
            if pointedInto[fullPath] == nil {
                pointedInto[fullPath] = JSONParser(file: file).parseWellFormed(into: &found).map { ($0, JSONMemberLookup()) }
            }
            guard case (let root, var lookup)? = pointedInto[fullPath] ?? nil else {
                problemsFound += found
                return []
            }
            let node = lookup.descendant(at: pointer, of: root)
            pointedInto[fullPath] = (root, lookup)
            guard let node, node.isObject else {
                problemsFound += found
                problemsFound.append(Diagnostic(.pointerLeadsToNoObject("\(written)#/\(pointer.joined(separator: "/"))"),
                    at: anchor.location()))
                return []
            }
            reference = node["$ref"]?.string.flatMap(Self.externalReference)
            let (fragment, more) = DocumentParser.parseObject(in: file, at: node.offset, skippingReference: reference != nil, seed: seed)
            found += more
            own = fragment
        }
        problemsFound += found
        var chain: [Tree] = []
        if let reference {
            let directory = (fullPath as NSString).deletingLastPathComponent
            chain = trees(ofFile: Self.resolvedPath(reference.path, from: directory), pointer: reference.pointer,
                named: reference.path, at: anchor, through: stack + [key])
        }
        parsed[key] = own.map { (file, $0) }
        if let own { chain.append((key, file, own)) }
        chains[key] = chain.map(\.key)
        return chain
    }

    /// The file at `file.path` read again from `file`'s text, when it is a whole-file source
    /// parsed once (no pointer into it, no reference to another file, nothing about closed
    /// tokens) and the new text parses with the same problems. Nil, and nothing changed,
    /// otherwise.
    ///
    /// A large file whose text changed only inside one part of it (`DocumentParser.reparse`)
    /// is parsed again there only; its tokens and groups are then known to be the same.
    mutating func replacing(_ file: SourceFile) -> Replacement? {
        let key = "file:" + file.path + "#"
        guard chains[key] == [key], case let (old, oldFragment)?? = parsed[key], pointedInto[file.path] == nil,
            !parsed.keys.contains(where: { $0 != key && $0.hasPrefix(key) }), !mentionsClosed(key)
        else { return nil }
        let changed = UnchangedEnds(file.bytes, old.bytes)
        let problems = sourceProblems[key] ?? []
        let before = contents(of: key)
        let fragment: TokenFragment
        let after: SourceContents
        let reparsedInPart: Bool
        if Self.keeps(problems, changed, old: old, new: file),
            let reparsed = DocumentParser.reparse(oldFragment, from: old, to: file, changed: changed)
        {
            guard !ClosedTokens.mentioned(in: reparsed) else { return nil }
            fragment = reparsed
            after = SourceContents(reparsed, sameTokensAs: before)
            reparsedInPart = true
        } else {
            let comments = file.path.lowercased().hasSuffix(".jsonc")
            let (parsed, found) = DocumentParser.parseInParts(file, allowComments: comments, seed: seed)
                ?? DocumentParser.parseWhole(file, allowComments: comments, seed: seed)
            guard let parsed, parsed.rootReference == nil, !ClosedTokens.mentioned(in: parsed), found == problems
            else { return nil }
            fragment = parsed
            after = SourceContents(parsed, seed: seed)
            reparsedInPart = false
        }
        parsed[key] = (file, fragment)
        contents[key] = after
        filesRead.replace(old, with: file)
        return Replacement(old: old, before: before, after: after, changed: changed, sameStructure: reparsedInPart)
    }

    /// A source file read again from a new text.
    struct Replacement {
        /// The file it replaces.
        let old: SourceFile
        /// Its contents before and after.
        let before: SourceContents
        let after: SourceContents
        /// Where the two texts differ.
        let changed: UnchangedEnds
        /// Whether the new text is known to define the same tokens, in the same groups, and
        /// the same groups with the same properties (it was parsed again in part only).
        let sameStructure: Bool
    }

    /// Whether the problems found parsing a file's old text are those of a new text that
    /// differs from it only inside one part: none, or the change keeps every line and column
    /// (as long, on one line, ASCII) and so every problem's place and fix-it.
    private static func keeps(_ problems: [Diagnostic], _ changed: UnchangedEnds, old: SourceFile, new: SourceFile) -> Bool {
        guard !problems.isEmpty else { return true }
        guard changed.newEnd - changed.oldEnd == 0 else { return false }
        let plain = { (bytes: ArraySlice<UInt8>) in bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") } }
        return plain(old.bytes[changed.prefix..<changed.oldEnd]) && plain(new.bytes[changed.prefix..<changed.newEnd])
    }

    /// A reference to another file (`other.tokens.json` or `other.tokens.json#/a/b`); nil for a
    /// reference inside the same document.
    private static func externalReference(_ text: String) -> (path: String, pointer: [String])? {
        guard !text.hasPrefix("#"), !text.hasPrefix("{") else { return nil }
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pointer = parts.count == 2 ? TokenPathSyntax.pointerSegments("#" + parts[1]) ?? [] : []
        return (String(parts[0]), pointer)
    }

    private mutating func read(_ fullPath: String, named written: String, at anchor: SourceAnchor) -> SourceFile? {
        if let known = filesRead.file(atPath: fullPath) { return known }
        if let overlay = overlays[fullPath] {
            filesRead.append(overlay)
            return overlay
        }
        var found: [Diagnostic] = []
        guard let read = TokenFileLoader.read(fullPath, maximum: fileSizeLimit, diagnostics: &found) else {
            problemsFound.append(Diagnostic(.unreadableSourceFile(written), at: anchor.location()))
            return nil
        }
        filesRead.append(read)
        return read
    }

    /// A path written in the resolver, relative to its folder.
    func resolvedPath(_ path: String) -> String { Self.resolvedPath(path, from: directory) }

    /// A path relative to `directory`, without `./` steps.
    static func resolvedPath(_ path: String, from directory: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return directory.isEmpty ? String(relative) : (directory as NSString).appendingPathComponent(String(relative))
    }
}

/// The files a token system has read, in order, found again by path or by identity in constant
/// time.
struct FilesRead: Sendable {
    private(set) var files: [SourceFile] = []
    private var byPath: [String: SourceFile] = [:]
    private var identities = Set<ObjectIdentifier>()

    /// Adds `file` unless it is already there.
    mutating func append(_ file: SourceFile) {
        guard identities.insert(ObjectIdentifier(file)).inserted else { return }
        files.append(file)
        if byPath[file.path] == nil { byPath[file.path] = file }
    }

    /// Puts `new` where `old` was.
    mutating func replace(_ old: SourceFile, with new: SourceFile) {
        guard let position = files.firstIndex(where: { $0 === old }) else { return }
        identities.remove(ObjectIdentifier(old))
        identities.insert(ObjectIdentifier(new))
        files[position] = new
        if byPath[old.path] === old { byPath[old.path] = new }
    }

    /// The first file read from `path`.
    func file(atPath path: String) -> SourceFile? { byPath[path] }
}
