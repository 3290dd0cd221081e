import Foundation

/// The second of a token system's three jobs: choosing how each permutation is resolved, and
/// resolving it.
///
/// The base permutation (each modifier at its default context) is resolved whole, once;
/// another is resolved from it when it differs only in the definitions of tokens the base has
/// (the usual case: a context overrides values), re-resolving just those tokens and the tokens
/// that depend on them. Anything else (new or missing tokens, different group types,
/// `$extends`) is resolved whole: its sources merged and every token resolved again.
struct PermutationResolver: Sendable {
    let resolver: ResolverDocument?
    private(set) var options: PipelineOptions
    /// How a later definition meets an earlier one: a resolver's sources override silently;
    /// token files given together report conflicts.
    let policy: MergePolicy
    /// The checks run after resolving, the same for every permutation and either way.
    let validators: [any TokenValidator]

    /// The base permutation's resolution, which the others are resolved from.
    private(set) var base: Resolution? {
        didSet { baseDependents = nil }
    }
    /// Who references whom in the base permutation, worked out for the first variant.
    private var baseDependents: Resolution.Dependents?
    /// The tokens of the sets the resolver does not use, by path, with the set's name; found
    /// the first time a permutation is merged.
    private var definedInUnusedSets: [String: String]?
    /// The values parsed by the permutations, while one check keeps them (`ValueMemo`).
    var valueMemo: ValueMemo?

    init(resolver: ResolverDocument?, options: PipelineOptions, policy: MergePolicy, directory: String) {
        self.resolver = resolver
        self.options = options
        self.policy = policy
        // The tier rules: the caller's, with the resolver's own settings applied; each file a
        // set lists is in the tiers its set's name says.
        let tiers = resolver?.tierSettings.map { $0.applied(to: options.tiers) } ?? options.tiers
        var setNames: [String: [String]] = [:]
        for layer in resolver?.layers ?? [] {
            guard case .set(let set) = layer else { continue }
            for source in set.sources {
                if case .file(let path, _) = source.origin {
                    setNames[SourceCache.resolvedPath(path, from: directory), default: []].append(set.name)
                }
            }
        }
        validators = Stages.validators(tiers: tiers, setNames: setNames)
    }

    /// Finds every warning from now on, past any limit (the base permutation, and what it reads
    /// of the sources, worked out again).
    mutating func findEveryWarning() {
        options.warningLimit = nil
        base = nil
        definedInUnusedSets = nil
    }

    /// Takes `base` as the base permutation's resolution (the one before, redefined).
    mutating func rebase(_ base: Resolution) {
        self.base = base
    }

    /// The contexts of the base permutation: each modifier's default, else its first context.
    var baseContexts: [String: String] {
        var contexts: [String: String] = [:]
        for modifier in resolver?.modifiers ?? [] {
            if let context = modifier.defaultContext ?? modifier.contexts.first?.name { contexts[modifier.name] = context }
        }
        return contexts
    }

    /// The permutation with these contexts, resolved from the base one where it can be. With
    /// `addingTokens`, a permutation that defines tokens the base does not have is resolved from
    /// it too, those tokens after the base's (not where a merge of its sources puts them): for a
    /// check, which reads its diagnostics, not the order of its tokens.
    mutating func resolve(_ contexts: [String: String], sources: inout SourceCache, addingTokens: Bool = false)
        -> Resolution
    {
        let baseContexts = self.baseContexts
        if base == nil, contexts != baseContexts { base = mergeAndResolve(baseContexts, sources: &sources) }
        if let base {
            if contexts == baseContexts { return base }
            if let variant = variant(contexts, of: base, baseContexts: baseContexts, sources: &sources, addingTokens: addingTokens) {
                return variant
            }
            return mergeAndResolve(contexts, sources: &sources)
        }
        let state = mergeAndResolve(contexts, sources: &sources)
        base = state
        return state
    }

    /// Reads, parses and indexes every source of these permutations, and works out what
    /// resolving any of them from the base reads, so that resolving them afterwards changes no
    /// cache: copies of this resolver and of `sources` then resolve them side by side.
    mutating func prepare(_ permutations: [[String: String]], sources: inout SourceCache) {
        for contexts in permutations {
            for case let key? in layers(for: contexts, sources: &sources).map(\.key) { _ = sources.contents(of: key) }
        }
        _ = unusedSetTokens(sources: &sources)
        if let base, baseDependents == nil { baseDependents = base.dependents() }
    }

    /// Whether the permutation can be resolved from the base one.
    mutating func resolvesAsVariant(_ contexts: [String: String], sources: inout SourceCache) -> Bool {
        let baseContexts = self.baseContexts
        guard contexts != baseContexts else { return false }
        let base = self.base ?? mergeAndResolve(baseContexts, sources: &sources)
        self.base = base
        return variant(contexts, of: base, baseContexts: baseContexts, sources: &sources, addingTokens: false) != nil
    }

    /// The parsed sources of a permutation, in merge order.
    func layers(for contexts: [String: String], sources: inout SourceCache) -> [Stages.Layer] {
        (resolver?.sources(for: contexts) ?? []).flatMap { sources.trees(of: $0) }.map {
            Stages.Layer(file: $0.file, fragment: $0.fragment, key: $0.key, mentionsClosed: sources.mentionsClosed($0.key))
        }
    }

    /// What merging the permutation's sources finds, whichever way it is then resolved: closed
    /// tokens defined again.
    func mergeDiagnostics(_ contexts: [String: String], sources: inout SourceCache) -> [Diagnostic] {
        Stages.closedTokens(in: layers(for: contexts, sources: &sources)) { sources.contents(of: $0.key!) }
    }

    /// Merges the permutation's sources and resolves the result, through the same stages for
    /// every kind of system (warning summaries are made when the diagnostics are reported, from
    /// the limiter the state keeps).
    mutating func mergeAndResolve(_ contexts: [String: String], sources: inout SourceCache) -> Resolution {
        var layers = layers(for: contexts, sources: &sources)
        var merged = Stages.merge(&layers, policy: policy, seed: sources.seed) { sources.contents(of: $0.key!) }
        merged.document.definedInUnusedSets = unusedSetTokens(sources: &sources)
        merged.document.listingUnusedSets = resolver?.unusedSetListings ?? [:]
        return Stages.resolve(merged, options: options, validators: validators, memo: valueMemo)
    }

    /// The tokens of the sets the resolver does not use, by path, with the set's name (the
    /// first set, when several define one).
    private mutating func unusedSetTokens(sources: inout SourceCache) -> [String: String] {
        if let known = definedInUnusedSets { return known }
        var found: [String: String] = [:]
        for set in resolver?.unusedSets ?? [] {
            for tree in set.sources.flatMap({ sources.trees(of: $0) }) {
                for piece in [tree.fragment.own] + tree.fragment.pieces {
                    for token in piece.tokens where found[token.path] == nil { found[token.path] = set.name }
                }
            }
        }
        definedInUnusedSets = found
        return found
    }

    /// The permutation resolved from the base one, or nil when it differs in more than the
    /// definitions of tokens the base has (and, with `addingTokens`, tokens it adds in the
    /// base's groups).
    private mutating func variant(
        _ contexts: [String: String], of base: Resolution, baseContexts: [String: String], sources cache: inout SourceCache,
        addingTokens: Bool
    ) -> Resolution? {
        guard let resolver, !base.document.groups.values.contains(where: { $0.extends != nil }) else { return nil }
        let keys = resolver.sources(for: contexts).flatMap { cache.trees(of: $0) }.map(\.key)
        let baseKeys = resolver.sources(for: baseContexts).flatMap { cache.trees(of: $0) }.map(\.key)
        let differing = Set(keys).symmetricDifference(Set(baseKeys))
        // The sources both have must come in the same order.
        guard keys.filter({ !differing.contains($0) }) == baseKeys.filter({ !differing.contains($0) }) else { return nil }
        // Each source's contents once, by position in each order.
        var byKey: [String: SourceContents] = [:]
        for key in keys + baseKeys where byKey[key] == nil { byKey[key] = cache.contents(of: key) }
        let sources = keys.map { byKey[$0]! }
        let baseSources = baseKeys.map { byKey[$0]! }
        let seed = cache.seed
        var redefined: [(index: Int, token: TokenDefinition)] = []
        var added: [TokenDefinition] = []
        var seen = PathTable()
        for key in differing.sorted() {
            let source = byKey[key]!
            for group in source.groupPaths where !base.document.isGroup(group) { return nil }
            // Every group property the permutation merges must be the base's: the checks
            // that read them (forbidden, tiers, deprecation, types) ran on the base's.
            for (path, group) in source.groups {
                guard group.extends == nil else { return nil }
                var merged: GroupDefinition?
                for other in sources {
                    guard let next = other.groups[path] else { continue }
                    if merged == nil { merged = next } else { merged!.merge(next) }
                }
                switch (merged, base.document.groups[path]) {
                case (nil, nil): continue
                case (let merged?, let known?) where merged.sameProperties(as: known): continue
                default: return nil
                }
            }
            // The tables of paths are read through pointers (`PathTable.Lookup`): a lookup in a
            // table itself retains its arrays, which the threads resolving other permutations
            // read at the same time.
            let tables = sources.map(\.index) + baseSources.map(\.index) + [base.document.tokenIndex]
            let complete = PathTable.withLookups(tables) { lookups in
                let (now, before, document) = (lookups[..<sources.count], lookups[sources.count..<lookups.count - 1],
                    lookups[lookups.count - 1])
                return source.tokens.withUnsafeBufferPointer { tokens -> Bool in
                    for position in tokens.indices {
                        var path = tokens[position].definition.path
                        guard seen.insert(path).inserted else { continue }
                        let (index, winner, winnerBefore) = path.withUTF8 { utf8 in
                            // Every source's table hashes with one seed: the path is hashed once
                            // for all of them.
                            let bytes = UnsafeRawBufferPointer(utf8)
                            let hash = PathTable.hash(bytes, seed: seed)
                            let index = document.position(
                                of: bytes, hash: document.seed == seed ? hash : PathTable.hash(bytes, seed: document.seed))
                            // The last source defining the path, now and in the base.
                            return (index, Self.winner(bytes, hash: hash, among: now), Self.winner(bytes, hash: hash, among: before))
                        }
                        guard index != nil || addingTokens, let winner else { return false }
                        if let winnerBefore, keys[winner.source] == baseKeys[winnerBefore.source],
                            winnerBefore.position == winner.position
                        {
                            continue
                        }
                        let (token, group) = sources[winner.source].tokens[winner.position]
                        guard let groupID = base.document.groupIDs[group] else { return false }
                        var redefinition = token
                        redefinition.groupID = Int32(groupID)
                        if let index { redefined.append((index, redefinition)) } else { added.append(redefinition) }
                    }
                    return true
                }
            }
            guard complete else { return nil }
        }
        var document = base.document
        document.redefine(redefined)
        var changed = redefined.map(\.index)
        if !added.isEmpty {
            for token in added { document.insert(token) }
            changed += base.document.count..<document.count
            // A token of the base with a reference to nothing may name one of them: the base's
            // blocked tokens are resolved again.
            let redefinedIndices = Set(changed)
            changed += base.blocked.indices.filter { base.blocked[$0] && !redefinedIndices.contains($0) }
        }
        if baseDependents == nil { baseDependents = base.dependents() }
        var variant = Stages.redefine(base, document: document, changed: changed, dependents: baseDependents,
            options: options, validators: validators, memo: valueMemo)
        variant.mergeDiagnostics = mergeDiagnostics(contexts, sources: &cache)
        return variant
    }

    /// The last of `sources` that defines the path (its bytes and their hash), and where.
    private static func winner(_ bytes: UnsafeRawBufferPointer, hash: UInt64, among sources: ArraySlice<PathTable.Lookup>)
        -> (source: Int, position: Int)?
    {
        var number = sources.endIndex
        while number > sources.startIndex {
            number -= 1
            if let position = sources[number].position(of: bytes, hash: hash) { return (number - sources.startIndex, position) }
        }
        return nil
    }
}
