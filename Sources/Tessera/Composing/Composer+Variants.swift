/// Permutations resolved from the base one: what a permutation redefines, found from its
/// sources, and only that and its dependents resolved again.
extension Composer {
    func contents(of key: String) -> SourceContents {
        if let known = contents[key] { return known }
        let result = (parsed[key] ?? nil).map { SourceContents($0.fragment, seed: seed) } ?? SourceContents()
        contents[key] = result
        return result
    }

    /// The permutation resolved from the base one, or nil when it differs in more than the
    /// definitions of tokens the base has.
    func resolveVariant(contexts: [String: String], base: Resolution, baseContexts: [String: String])
        -> Resolution?
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
        // The last source defining a path; every source's table hashes with one seed, so a
        // path is hashed once for all of them.
        func winner(_ path: String, among sources: [SourceContents]) -> (source: Int, position: Int)? {
            var path = path
            return path.withUTF8 { utf8 in
                let bytes = UnsafeRawBufferPointer(utf8)
                let hash = PathTable.hash(bytes, seed: seed)
                for number in sources.indices.reversed() {
                    if let position = sources[number].index.position(of: bytes, hash: hash) { return (number, position) }
                }
                return nil
            }
        }
        var redefined: [(index: Int, token: TokenDefinition)] = []
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
        if baseDependents == nil { baseDependents = base.dependents() }
        var variant = Stages.redefine(base, document: document, changed: redefined.map(\.index), dependents: baseDependents,
            options: options, validators: validators)
        variant.mergeDiagnostics = mergeDiagnostics(contexts: contexts)
        return variant
    }
}
