import Foundation

/// Puts token documents together as a resolver describes, one per combination of contexts,
/// and resolves them.
///
/// Each source (a file, the object a pointer names, a tree written inline) is read and parsed
/// once, however many sets, contexts and permutations use it; a permutation merges the parsed
/// sources in resolution order, later ones replacing earlier definitions (no conflict: that is
/// what overriding means here), and aliases are resolved on the merged result only.
///
/// ```swift
/// let composer = Composer(resolverAt: "tokens.resolver.json")
/// let dark = composer.resolve(inputs: ["theme": "dark"])
/// let accent = dark.resolved?["color.accent"]
/// ```
public final class Composer {
    /// The resolver, when its file could be read as JSON.
    public let resolver: ResolverDocument?
    /// Problems of the resolver file and of its sources, found once.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Every file read, the resolver first.
    public private(set) var files: [SourceFile] = []
    public let options: PipelineOptions

    private let directory: String
    private let seed = PathTable.randomSeed()
    private var parsed: [String: (file: SourceFile, fragment: TokenFragment)?] = [:]
    /// For each file source, the keys of the trees it stands for (see `trees(of:)`).
    private var chains: [String: [String]] = [:]
    /// Each parsed source's tokens by path and group properties, for resolving variants.
    private var contents: [String: SourceContents] = [:]
    /// The base permutation's resolution, which the others are resolved from.
    private var baseState: ResolutionState?

    /// One permutation, put together and resolved.
    public struct Permutation: Sendable {
        /// Modifier name → context name.
        public let contexts: [String: String]
        public let document: TokenDocument
        public let resolved: ResolvedTokens
        /// What resolving this permutation found (the sources' own problems are in
        /// `Composer.diagnostics`).
        public let diagnostics: [Diagnostic]

        /// `theme=dark, size=mobile`, in the resolver's modifier order.
        public func label(_ resolver: ResolverDocument) -> String {
            resolver.modifiers.compactMap { modifier in contexts[modifier.name].map { "\(modifier.name)=\($0)" } }
                .joined(separator: ", ")
        }
    }

    /// Reads the resolver at `path` and the sources it names (lazily, as permutations need them).
    public convenience init(resolverAt path: String, options: PipelineOptions = PipelineOptions()) {
        var diagnostics: [Diagnostic] = []
        let file = TokenFileLoader.read(path, diagnostics: &diagnostics)
        self.init(file: file, options: options, loadDiagnostics: diagnostics)
    }

    /// Reads a resolver already in memory; file sources are found relative to its path.
    public convenience init(resolver file: SourceFile, options: PipelineOptions = PipelineOptions()) {
        self.init(file: file, options: options, loadDiagnostics: [])
    }

    private init(file: SourceFile?, options: PipelineOptions, loadDiagnostics: [Diagnostic]) {
        self.options = options
        diagnostics = loadDiagnostics
        guard let file else {
            resolver = nil
            directory = "."
            return
        }
        files = [file]
        directory = (file.path as NSString).deletingLastPathComponent
        let (document, found) = ResolverDocument.read(file)
        resolver = document
        diagnostics += found
    }

    /// How many warnings of one kind per file are listed (none: all are).
    var warningLimit: Int? { options.strict ? nil : options.warningLimit }

    /// Whether the resolver or a source has an error (permutations may add their own).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Resolves the permutation that `inputs` (modifier → context, matched without regard to
    /// case) and the defaults choose; nil (with diagnostics) when they choose none.
    public func resolve(inputs: [String: String]) -> (Permutation?, [Diagnostic]) {
        guard let resolver else { return (nil, []) }
        let (contexts, problems) = resolver.contexts(for: inputs)
        guard problems.isEmpty else { return (nil, problems) }
        return (resolve(contexts: contexts), [])
    }

    /// Puts together and resolves the permutation with these contexts.
    ///
    /// The base permutation (`baseContexts`) is resolved whole, once; another is resolved from
    /// it when it differs only in the definitions of tokens the base has (the usual case: a
    /// context overrides values), re-resolving just those tokens and the tokens that depend on
    /// them. Anything else (new or missing tokens, different group types, `$extends`) is
    /// resolved whole.
    public func resolve(contexts: [String: String]) -> Permutation {
        let state = resolveState(contexts: contexts)
        let diagnostics = WarningLimiter.limit(allDiagnostics(of: state), to: warningLimit,
            seenBy: [baseState?.limiter, state.limiter].compactMap { $0 })
        return Permutation(contexts: contexts, document: state.document, resolved: state.resolved, diagnostics: diagnostics)
    }

    /// Everything resolving a permutation found: for one resolved from the base, the base's
    /// diagnostics about the tokens it did not resolve again, then its own.
    func allDiagnostics(of state: ResolutionState) -> [Diagnostic] {
        guard let affected = state.affected, let base = baseState else { return state.diagnostics }
        let paths = Set(affected.map { state.document.tokens[$0].path })
        return base.diagnostics.filter { $0.location?.token.map { !paths.contains($0) } ?? true } + state.diagnostics
    }

    func resolveState(contexts: [String: String]) -> ResolutionState {
        let baseContexts = self.baseContexts
        if baseState == nil, contexts != baseContexts { baseState = resolveWhole(contexts: baseContexts) }
        if let base = baseState {
            if contexts == baseContexts { return base }
            if let variant = resolveVariant(contexts: contexts, base: base, baseContexts: baseContexts) { return variant }
            return resolveWhole(contexts: contexts)
        }
        let state = resolveWhole(contexts: contexts)
        baseState = state
        return state
    }

    /// The permutation resolved whole, never from the base one (to check the two agree).
    func resolveWholly(contexts: [String: String]) -> Permutation {
        let state = resolveWhole(contexts: contexts)
        return Permutation(contexts: contexts, document: state.document, resolved: state.resolved,
            diagnostics: WarningLimiter.limit(state.diagnostics, to: warningLimit, seenBy: [state.limiter]))
    }

    /// Whether the permutation can be resolved from the base one (see `resolve(contexts:)`).
    func resolvesAsVariant(contexts: [String: String]) -> Bool {
        let baseContexts = self.baseContexts
        guard contexts != baseContexts else { return false }
        let base = baseState ?? resolveWhole(contexts: baseContexts)
        baseState = base
        return resolveVariant(contexts: contexts, base: base, baseContexts: baseContexts) != nil
    }

    /// Merges the permutation's sources and resolves the result, keeping every warning (the
    /// limit applies when they are reported).
    private func resolveWhole(contexts: [String: String]) -> ResolutionState {
        var document = TokenDocument(seed: seed)
        var diagnostics: [Diagnostic] = []
        for (_, file, fragment) in (resolver?.sources(for: contexts) ?? []).flatMap(trees(of:)) {
            // A later source replacing a token is the point of the resolver: no conflict,
            // unless the token is closed.
            for (index, old) in document.add(fragment, from: file) {
                if let closed = ThemeRules.closedOverride(new: document.tokens[index], old: old, in: document) {
                    diagnostics.append(closed)
                }
            }
        }
        ExtendsExpander.expand(&document, diagnostics: &diagnostics)
        let state = Resolver.resolveState(document, warningLimit: warningLimit)
        let whole = ResolutionState(document: state.document, types: state.types, values: state.values, edgeStart: state.edgeStart,
            edges: state.edges, aliasTarget: state.aliasTarget, declaredTypes: state.declaredTypes, blocked: state.blocked,
            groupTypes: state.groupTypes, groupDeprecations: state.groupDeprecations,
            anyTokenDeprecated: state.anyTokenDeprecated, diagnostics: diagnostics + state.diagnostics, limiter: state.limiter)
        return whole.adding((tiers?.check(whole, setNames: setNames) ?? []) + ThemeRules.forbidden(in: whole))
    }

    /// The tier rules: the caller's, with the resolver's own settings applied.
    private var tiers: TierRules? {
        resolver?.tierSettings.map { $0.applied(to: options.tiers) } ?? options.tiers
    }

    /// For each file a resolver set lists, the names of those sets (they say a tier).
    private var setNames: [String: [String]] {
        var names: [String: [String]] = [:]
        for layer in resolver?.layers ?? [] {
            guard case .set(let set) = layer else { continue }
            for source in set.sources {
                if case .file(let path, _) = source.origin { names[resolvedPath(path, from: directory), default: []].append(set.name) }
            }
        }
        return names
    }

    /// A source's tokens by path, with their group paths, and its group properties.
    private struct SourceContents {
        var tokens: [(definition: TokenDefinition, group: String)] = []
        /// Token paths by position in `tokens`.
        var index = PathTable()
        var groups: [String: GroupDefinition] = [:]
        var groupPaths: [String] = []
    }

    private func contents(of key: String) -> SourceContents {
        if let known = contents[key] { return known }
        var result = SourceContents()
        if let (_, fragment) = parsed[key] ?? nil {
            result.tokens.reserveCapacity(fragment.tokenCount)
            for run in fragment.allRuns {
                for token in fragment.piece(of: run).tokens[run.range] {
                    result.tokens.append((token, fragment.groupPaths[Int(run.groupID(token.groupID))]))
                }
            }
            result.index = PathTable(minimumCapacity: result.tokens.count)
            _ = result.index.insertAll(result.tokens.map(\.definition.path))
            for (id, group) in fragment.groupProperties { result.groups[fragment.groupPaths[Int(id)]] = group }
            result.groupPaths = fragment.groupPaths
        }
        contents[key] = result
        return result
    }

    /// The permutation resolved from the base one, or nil when it differs in more than the
    /// definitions of tokens the base has.
    private func resolveVariant(contexts: [String: String], base: ResolutionState, baseContexts: [String: String])
        -> ResolutionState?
    {
        guard let resolver, !base.document.groups.values.contains(where: { $0.extends != nil }) else { return nil }
        let keys = resolver.sources(for: contexts).flatMap(trees(of:)).map(\.key)
        let baseKeys = resolver.sources(for: baseContexts).flatMap(trees(of:)).map(\.key)
        let differing = Set(keys).symmetricDifference(Set(baseKeys))
        // The sources both have must come in the same order.
        guard keys.filter({ !differing.contains($0) }) == baseKeys.filter({ !differing.contains($0) }) else { return nil }
        // Each source's contents once, by position in each order.
        var byKey: [String: SourceContents] = [:]
        for key in keys + baseKeys where byKey[key] == nil { byKey[key] = contents(of: key) }
        let sources = keys.map { byKey[$0]! }
        let baseSources = baseKeys.map { byKey[$0]! }
        func winner(_ path: String, among sources: [SourceContents]) -> (source: Int, position: Int)? {
            for number in sources.indices.reversed() {
                if let position = sources[number].index[path] { return (number, position) }
            }
            return nil
        }
        var redefined: [(index: Int, token: TokenDefinition)] = []
        var seen = PathTable()
        for key in differing.sorted() {
            let source = byKey[key]!
            for group in source.groupPaths where !base.document.isGroup(group) { return nil }
            for (path, group) in source.groups {
                var merged: GroupDefinition?
                for other in sources {
                    guard let next = other.groups[path] else { continue }
                    if merged == nil { merged = next } else {
                        merged!.type = next.type ?? merged!.type
                        merged!.unknownType = next.unknownType ?? merged!.unknownType
                        merged!.deprecated = next.deprecated ?? merged!.deprecated
                    }
                }
                let known = base.document.groups[path]
                guard merged?.type == known?.type, merged?.unknownType == known?.unknownType,
                    merged?.deprecated == known?.deprecated, group.extends == nil
                else { return nil }
            }
            for (definition, _) in source.tokens where seen.insert(definition.path).inserted {
                guard let index = base.document.index(of: definition.path), let now = winner(definition.path, among: sources)
                else { return nil }
                if let before = winner(definition.path, among: baseSources), keys[now.source] == baseKeys[before.source],
                    before.position == now.position
                {
                    continue
                }
                let (token, group) = sources[now.source].tokens[now.position]
                guard let groupID = base.document.groupIDs[group] else { return nil }
                var redefinition = token
                redefinition.groupID = Int32(groupID)
                redefined.append((index, redefinition))
            }
        }
        var document = base.document
        document.redefine(redefined)
        let variant = Resolver.resolveVariant(of: base, document: document, changed: redefined.map(\.index),
            warningLimit: warningLimit)
        let closed = redefined.compactMap { ThemeRules.closedOverride(new: $0.token, old: base.document.tokens[$0.index], in: base.document) }
        return variant.adding(closed + (tiers?.check(variant, setNames: setNames, only: variant.affected) ?? [])
            + ThemeRules.forbidden(in: variant, only: variant.affected))
    }

    // MARK: Sources

    /// The token trees a source stands for, in merge order, each parsed once and cached under
    /// its key: usually one; more when a file (or the object a pointer names) is itself a
    /// reference to another file, whose trees come first (its own members extend them).
    private func trees(of source: ResolverDocument.Source) -> [(key: String, file: SourceFile, fragment: TokenFragment)] {
        switch source.origin {
        case .inline(let value):
            let key = "inline:\(value.offset)"
            if parsed[key] == nil {
                guard let resolverFile = files.first else { return [] }
                // A `$ref` beside inline tokens names what they extend, which comes before them.
                let (fragment, found) = DocumentParser.parseObject(in: resolverFile, at: value.offset,
                    skippingReference: true, seed: seed)
                diagnostics += found
                parsed[key] = fragment.map { (resolverFile, $0) }
            }
            return (parsed[key] ?? nil).map { [(key, $0.file, $0.fragment)] } ?? []
        case .file(let path, let pointer):
            return trees(ofFile: resolvedPath(path, from: directory), pointer: pointer, named: path, at: source.anchor, through: [])
        }
    }

    /// The token trees of a file, or of the object a pointer names in it.
    private func trees(
        ofFile fullPath: String, pointer: [String], named written: String, at anchor: SourceAnchor, through stack: [String]
    ) -> [(key: String, file: SourceFile, fragment: TokenFragment)] {
        let key = "file:" + fullPath + "#" + pointer.joined(separator: "/")
        if stack.contains(key) {
            let names = (stack + [key]).map { "'\($0.dropFirst(5))'" }.joined(separator: " → ")
            diagnostics.append(Diagnostic(.resolverReferenceCycle, .error, "files refer to each other in a cycle: \(names)",
                at: anchor.location()))
            return []
        }
        if let chain = chains[key] {
            return chain.compactMap { key in (parsed[key] ?? nil).map { (key, $0.file, $0.fragment) } }
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
                (fragment, more) = DocumentParser.parseObject(in: file, at: Self.rootOffset(of: file), skippingReference: true, seed: seed)
            }
            found = more
            own = fragment
        } else {
            guard let root = JSONParser(file: file).parse(into: &found) else {
                diagnostics += found
                return []
            }
            guard let node = root.descendant(at: pointer), node.isObject else {
                diagnostics += found
                diagnostics.append(Diagnostic(.resolverReferenceUnresolved, .error,
                    "'\(written)#/\(pointer.joined(separator: "/"))' leads to no object", at: anchor.location()))
                return []
            }
            reference = node["$ref"]?.string.flatMap(Self.externalReference)
            let (fragment, more) = DocumentParser.parseObject(in: file, at: node.offset, skippingReference: reference != nil, seed: seed)
            found += more
            own = fragment
        }
        diagnostics += found
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

    /// Where a file's root object starts.
    private static func rootOffset(of file: SourceFile) -> Int {
        file.bytes.firstIndex { !(($0 == 0x20) || ($0 == 0x0A) || ($0 == 0x0D) || ($0 == 0x09) || ($0 == 0xEF) || ($0 == 0xBB) || ($0 == 0xBF)) } ?? 0
    }

    private func read(_ fullPath: String, named written: String, at anchor: SourceAnchor) -> SourceFile? {
        if let known = files.first(where: { $0.path == fullPath }) { return known }
        var found: [Diagnostic] = []
        guard let read = TokenFileLoader.read(fullPath, diagnostics: &found) else {
            diagnostics.append(Diagnostic(.fileUnreadable, .error, "cannot read '\(written)', named by the resolver",
                at: anchor.location()))
            return nil
        }
        files.append(read)
        return read
    }

    /// A path relative to `directory`, without `./` steps.
    private func resolvedPath(_ path: String, from directory: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return directory.isEmpty ? String(relative) : (directory as NSString).appendingPathComponent(String(relative))
    }
}
