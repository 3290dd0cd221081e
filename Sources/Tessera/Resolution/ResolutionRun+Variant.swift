/// Resolving a variant of a resolved document (another permutation of a resolver): only the
/// tokens defined anew and the tokens that depend on them are resolved again.
extension ResolutionRun {
    /// Resolves the tokens at `changed` and their dependents; every other token keeps the
    /// result and the diagnostics it had in `base`. The context starts as a copy of `base`'s
    /// graph (see `init(variantOf:document:)`).
    func runVariant(of base: Resolution, dependents graph: Resolution.Dependents, changed: [Int], warningLimit: Int?)
        -> ([TokenType?], [TokenValue?])
    {
        let count = document.count
        // The changed tokens' own references, then the graph with their edges replaced.
        var replaced: [Int: References] = [:]
        for index in changed { replaced[index] = Self.references(in: index..<index + 1, of: document) }
        rebuildEdges(replacing: replaced)

        // Everything that depends on a changed token, through the base graph (the references
        // of unchanged tokens are unchanged).
        let (dependentStarts, dependents) = graph
        var affected = [Bool](repeating: false, count: count)
        var queue = changed
        for index in changed { affected[index] = true }
        while let index = queue.popLast() {
            for position in Int(dependentStarts[index])..<Int(dependentStarts[index + 1]) {
                let dependent = Int(dependents[position])
                if !affected[dependent] {
                    affected[dependent] = true
                    queue.append(dependent)
                }
            }
        }
        // Their earlier diagnostics no longer hold (the rest do: see `Resolution.affected`).
        self.affected = (0..<count).filter { affected[$0] }
        diagnostics = []
        // A token blocked in the base may hold references to nothing; it keeps them when it only
        // depends on a redefined token (the variant has the base's paths, so a token that was
        // not blocked has none).
        for index in 0..<count where affected[index] {
            let blockedInBase = blocked[index]
            blocked[index] = false
            // Its references are collected again where they may be reported: a redefined or
            // blocked token, or one whose value can hold a `$ref` (an object or an array).
            let value = document.tokens[index].value
            guard replaced[index] != nil || blockedInBase || value.isObject || value.array != nil else { continue }
            let references = replaced[index] ?? Self.references(in: index..<index + 1, of: document)
            for (reference, _) in references.tokenObjects { reportTokenObject(reference, in: document.tokens[index]) }
            guard replaced[index] != nil || blockedInBase else { continue }
            for (reference, _) in references.unknown {
                reportUnknown(reference, in: document.tokens[index])
                blocked[index] = true
            }
        }

        let order = orderAndReportCycles(only: affected)
        let (waves, starts) = waves(of: order)
        var types = base.types
        var values = base.values
        for index in 0..<count where affected[index] {
            types[index] = nil
            values[index] = nil
        }
        evaluate(waves: waves, starts: starts, types: &types, values: &values, warningLimit: warningLimit)
        return (types, values)
    }

    /// The reference graph with the edges, alias targets and declared types of some tokens
    /// replaced.
    private func rebuildEdges(replacing replaced: [Int: References]) {
        guard !replaced.isEmpty else { return }
        var newStart: [Int32] = []
        newStart.reserveCapacity(edgeStart.count)
        var newEdges: [Int32] = []
        newEdges.reserveCapacity(edges.count)
        for index in 0..<document.count {
            newStart.append(Int32(newEdges.count))
            if let part = replaced[index] {
                newEdges.append(contentsOf: part.edges)
                aliasTarget[index] = part.aliasTargets[0]
                declaredTypes[index] = part.declaredTypes[0]
            } else {
                newEdges.append(contentsOf: edges[Int(edgeStart[index])..<Int(edgeStart[index + 1])])
            }
        }
        newStart.append(Int32(newEdges.count))
        edgeStart = newStart
        edges = newEdges
    }
}
