/// Resolving a variant of a resolved document (another permutation of a resolver): only the
/// tokens defined anew and the tokens that depend on them are resolved again.
extension ResolutionRun {
    /// Resolves the tokens at `changed` and their dependents in `types` and `values` (the
    /// base's results); every other token keeps the result and the diagnostics it had in the
    /// base. The context starts as a copy of the base's graph (see `init(variantOf:document:)`).
    func runVariant(
        types: inout [TokenType?], values: inout [TokenValue?], dependents graph: Resolution.Dependents, changed: [Int],
        warnings: WarningLimiter
    ) {
        let count = document.count
        // The changed tokens' own references, then the graph with their edges replaced.
        var replaced = [Int: Int](minimumCapacity: changed.count)
        var unique: [Int] = []
        unique.reserveCapacity(changed.count)
        for index in changed where replaced[index] == nil {
            replaced[index] = unique.count
            unique.append(index)
        }
        let found = Self.references(at: unique, of: document)
        rebuildEdges(replacing: found, at: replaced)
        // The references to report of the changed tokens, by token (few have any).
        var tokenObjects: [Int: [Reference]] = [:]
        var unknown: [Int: [Reference]] = [:]
        for (reference, index) in found.tokenObjects { tokenObjects[index, default: []].append(reference) }
        for (reference, index) in found.unknown { unknown[index, default: []].append(reference) }

        // Everything that depends on a changed token, through the base graph (the references
        // of unchanged tokens are unchanged).
        let (dependentStarts, dependents) = graph
        var affected = [Bool](repeating: false, count: count)
        var queue = changed
        for index in changed { affected[index] = true }
        while let index = queue.popLast() {
            // A token the base does not have has no dependents there.
            guard index + 1 < dependentStarts.count else { continue }
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
            if replaced[index] != nil {
                for reference in tokenObjects[index] ?? [] { reportTokenObject(reference, in: document.tokens[index]) }
                for reference in unknown[index] ?? [] {
                    reportUnknown(reference, in: document.tokens[index])
                    blocked[index] = true
                }
                continue
            }
            let value = document.tokens[index].value
            guard blockedInBase || value.isObject || value.array != nil else { continue }
            let references = Self.references(at: CollectionOfOne(index), of: document)
            for (reference, _) in references.tokenObjects { reportTokenObject(reference, in: document.tokens[index]) }
            guard blockedInBase else { continue }
            for (reference, _) in references.unknown {
                reportUnknown(reference, in: document.tokens[index])
                blocked[index] = true
            }
        }

        let order = orderAndReportCycles(only: affected)
        let (waves, starts) = waves(of: order)
        for index in 0..<count where affected[index] {
            types[index] = nil
            values[index] = nil
        }
        evaluate(waves: waves, starts: starts, types: &types, values: &values, warnings: warnings)
    }

    /// The reference graph with the edges, alias targets and declared types of some tokens
    /// replaced: those at `positions`' keys, with the references at its values in `found`. The
    /// edges are copied only when some replaced token's differ.
    private func rebuildEdges(replacing found: References, at positions: [Int: Int]) {
        var edgesChange = false
        for (index, position) in positions {
            aliasTarget[index] = found.aliasTargets[position]
            declaredTypes[index] = found.declaredTypes[position]
            if !edgesChange, !found.edges(at: position).elementsEqual(edges[Int(edgeStart[index])..<Int(edgeStart[index + 1])]) {
                edgesChange = true
            }
        }
        guard edgesChange else { return }
        var newStart: [Int32] = []
        newStart.reserveCapacity(edgeStart.count)
        var newEdges: [Int32] = []
        newEdges.reserveCapacity(edges.count)
        var copied = 0
        for index in positions.keys.sorted() {
            // The unchanged tokens before it, their edges shifted as a block.
            let shift = Int32(newEdges.count) - edgeStart[copied]
            newStart.append(contentsOf: edgeStart[copied..<index].lazy.map { $0 + shift })
            newEdges.append(contentsOf: edges[Int(edgeStart[copied])..<Int(edgeStart[index])])
            newStart.append(Int32(newEdges.count))
            newEdges.append(contentsOf: found.edges(at: positions[index]!))
            copied = index + 1
        }
        let shift = Int32(newEdges.count) - edgeStart[copied]
        newStart.append(contentsOf: edgeStart[copied...].lazy.map { $0 + shift })
        newEdges.append(contentsOf: edges[Int(edgeStart[copied])...])
        edgeStart = newStart
        edges = newEdges
    }
}
