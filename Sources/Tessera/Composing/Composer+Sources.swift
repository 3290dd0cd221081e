import Foundation

/// Where a composer's token trees come from: files (following files that refer to files),
/// objects inside them, and trees written inline; each parsed once.
extension Composer {
    /// The token trees a source stands for, in merge order, each parsed once and cached under
    /// its key: usually one; more when a file (or the object a pointer names) is itself a
    /// reference to another file, whose trees come first (its own members extend them).
    func trees(of source: ResolverDocument.Source) -> [(key: String, file: SourceFile, fragment: TokenFragment)] {
        let identity = self.identity(of: source)
        guard sourceProblems[identity] == nil else { return parsedTrees(of: source) }
        let before = problemsFound.count
        let trees = parsedTrees(of: source)
        sourceProblems[identity] = Array(problemsFound[before...])
        return trees
    }

    /// The problems reading and parsing the sources of a permutation found (each source's once).
    func sourceDiagnostics(contexts: [String: String]) -> [Diagnostic] {
        var seen = Set<String>()
        var found: [Diagnostic] = []
        for source in resolver?.sources(for: contexts) ?? [] {
            let identity = self.identity(of: source)
            _ = trees(of: source)
            if seen.insert(identity).inserted { found += sourceProblems[identity] ?? [] }
        }
        return found
    }

    /// A source's cache key: where its tree is written.
    private func identity(of source: ResolverDocument.Source) -> String {
        switch source.origin {
        case .inline(let value): "inline:\(value.offset)"
        case .file(let path, let pointer): "file:" + resolvedPath(path, from: directory) + "#" + pointer.joined(separator: "/")
        case .built(let layer): "built:\(layer.id)"
        }
    }

    /// The trees of a source, read and parsed once (`parsed`, `chains`); the problems found are
    /// added to `diagnostics` the first time only.
    private func parsedTrees(of source: ResolverDocument.Source) -> [(key: String, file: SourceFile, fragment: TokenFragment)] {
        switch source.origin {
        case .inline(let value):
            let key = "inline:\(value.offset)"
            if parsed[key] == nil {
                guard let resolverFile = filesRead.first else { return [] }
                // A `$ref` beside inline tokens names what they extend, which comes before them.
                let (fragment, found) = DocumentParser.parseObject(in: resolverFile, at: value.offset,
                    skippingReference: true, seed: seed)
                problemsFound += found
                parsed[key] = fragment.map { (resolverFile, $0) }
            }
            return (parsed[key] ?? nil).map { [(key, $0.file, $0.fragment)] } ?? []
        case .file(let path, let pointer):
            return trees(ofFile: resolvedPath(path, from: directory), pointer: pointer, named: path, at: source.anchor, through: [])
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
    private func trees(
        ofFile fullPath: String, pointer: [String], named written: String, at anchor: SourceAnchor, through stack: [String]
    ) -> [(key: String, file: SourceFile, fragment: TokenFragment)] {
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
            guard let (root, lookup) = pointedInto[fullPath] ?? nil else {
                problemsFound += found
                return []
            }
            guard let node = lookup.descendant(at: pointer, of: root), node.isObject else {
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
        var chain: [(key: String, file: SourceFile, fragment: TokenFragment)] = []
        if let reference {
            let directory = (fullPath as NSString).deletingLastPathComponent
            chain = trees(ofFile: resolvedPath(reference.path, from: directory), pointer: reference.pointer, named: reference.path,
                at: anchor, through: stack + [key])
        }
        parsed[key] = own.map { (file, $0) }
        if let own { chain.append((key, file, own)) }
        chains[key] = chain.map(\.key)
        return chain
    }

    /// A reference to another file (`other.tokens.json` or `other.tokens.json#/a/b`); nil for a
    /// reference inside the same document.
    private static func externalReference(_ text: String) -> (path: String, pointer: [String])? {
        guard !text.hasPrefix("#"), !text.hasPrefix("{") else { return nil }
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pointer = parts.count == 2 ? TokenPathSyntax.pointerSegments("#" + parts[1]) ?? [] : []
        return (String(parts[0]), pointer)
    }

    private func read(_ fullPath: String, named written: String, at anchor: SourceAnchor) -> SourceFile? {
        if let known = filesRead.file(atPath: fullPath) { return known }
        var found: [Diagnostic] = []
        guard let read = TokenFileLoader.read(fullPath, maximum: options.limits.fileSize, diagnostics: &found) else {
            problemsFound.append(Diagnostic(.unreadableSourceFile(written),
                at: anchor.location()))
            return nil
        }
        filesRead.append(read)
        return read
    }

    /// A path relative to `directory`, without `./` steps.
    func resolvedPath(_ path: String, from directory: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return directory.isEmpty ? String(relative) : (directory as NSString).appendingPathComponent(String(relative))
    }
}
