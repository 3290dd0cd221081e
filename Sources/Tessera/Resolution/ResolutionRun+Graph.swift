/// The reference graph: every token's references, unknown targets reported with a "did you
/// mean", and the order tokens resolve in, cycles reported once each.
extension ResolutionRun {
    // MARK: References

    /// The references of some tokens, by their position in the tokens asked about: edges,
    /// where each token's edges start, whole-value alias targets, and references to nothing.
    struct References: Sendable {
        var edges: [Int32] = []
        var edgeStarts: [Int32] = []
        var aliasTargets: [Int32] = []
        var declaredTypes: [DeclaredType] = []
        var unknown: [(Reference, Int)] = []
        /// Pointers to a token object where its value is meant.
        var tokenObjects: [(Reference, Int)] = []

        /// The edges of the token at `position` among those asked about.
        func edges(at position: Int) -> ArraySlice<Int32> {
            edges[Int(edgeStarts[position])..<(position + 1 < edgeStarts.count ? Int(edgeStarts[position + 1]) : edges.count)]
        }
    }

    /// The references of the tokens at `indices`, in their order: a run of tokens, or the
    /// tokens an edit redefined (all at once, not each on its own: a large edit redefines
    /// thousands).
    static func references(at indices: some Collection<Int>, of document: TokenDocument) -> References {
        let tokens = document.tokens
        let paths = document.tokenIndex
        var part = References()
        part.edges.reserveCapacity(indices.count)
        part.edgeStarts.reserveCapacity(indices.count)
        part.aliasTargets = Array(repeating: -1, count: indices.count)
        part.declaredTypes.reserveCapacity(indices.count)
        var found: [Reference.Parsed] = []
        for (position, index) in indices.enumerated() {
            part.edgeStarts.append(Int32(part.edges.count))
            let value = tokens[index].value
            part.declaredTypes.append(tokens[index].unknownType != nil ? .unknown : .known(tokens[index].explicitType))
            // A value an importer typed holds no reference, whatever its text (a string kept as
            // written may read "{…}").
            if tokens[index].typedValue != nil { continue }
            // The common case first: a whole-value alias to a token that exists.
            if case .string(var text) = value.storage,
                let target = text.withUTF8({ TokenPathSyntax.referencedPath(in: $0).flatMap(paths.position(of:)) })
            {
                part.aliasTargets[position] = Int32(target)
                part.edges.append(Int32(target))
                continue
            }
            let whole = Reference.parse(value)
            if case .reference(let reference) = whole {
                if let target = document.index(of: reference.path) {
                    if reference.tail.isEmpty { part.aliasTargets[position] = Int32(target) }
                    part.edges.append(Int32(target))
                    // A token written as just {"$ref": …} stands for the object it names.
                    if reference.namesTokenObject, !tokens[index].isWholeTokenReference { part.tokenObjects.append((reference, index)) }
                } else {
                    part.unknown.append((reference, index))
                }
                continue
            }
            guard whole.isNone else { continue }
            found.removeAll(keepingCapacity: true)
            Reference.collect(in: value, into: &found)
            for case .reference(let reference) in found {
                if let target = document.index(of: reference.path) {
                    part.edges.append(Int32(target))
                    if reference.namesTokenObject { part.tokenObjects.append((reference, index)) }
                } else {
                    part.unknown.append((reference, index))
                }
            }
        }
        return part
    }

    /// Collects every token's references, on two cores for large documents.
    func collectReferences() {
        let document = self.document
        let ranges = Parallel.split(0..<document.count, into: document.count > 20_000 ? 2 : 1)
        let parts = Parallel.map(ranges.count) { Self.references(at: ranges[$0], of: document) }
        var edges: [Int32] = []
        edges.reserveCapacity(parts.reduce(0) { $0 + $1.edges.count })
        var edgeStart: [Int32] = []
        edgeStart.reserveCapacity(document.count + 1)
        var aliasTarget: [Int32] = []
        aliasTarget.reserveCapacity(document.count)
        var unknown: [(Reference, Int)] = []
        var tokenObjects: [(Reference, Int)] = []
        var declaredTypes: [DeclaredType] = []
        declaredTypes.reserveCapacity(document.count)
        for part in parts {
            let base = Int32(edges.count)
            edgeStart.append(contentsOf: part.edgeStarts.lazy.map { $0 + base })
            edges.append(contentsOf: part.edges)
            aliasTarget.append(contentsOf: part.aliasTargets)
            declaredTypes.append(contentsOf: part.declaredTypes)
            unknown.append(contentsOf: part.unknown)
            tokenObjects.append(contentsOf: part.tokenObjects)
        }
        edgeStart.append(Int32(edges.count))
        self.edges = edges
        self.edgeStart = edgeStart
        self.aliasTarget = aliasTarget
        self.declaredTypes = declaredTypes
        let tokens = document.tokens
        for (reference, index) in unknown {
            reportUnknown(reference, in: tokens[index])
            blocked[index] = true
        }
        for (reference, index) in tokenObjects { reportTokenObject(reference, in: tokens[index]) }
    }

    /// A `$ref` pointer that names a token object where its value is meant: the 2025.10
    /// format points at `…/$value`. Read as the token's value, with the edit that says so.
    func reportTokenObject(_ reference: Reference, in token: TokenDefinition) {
        let anchor = SourceAnchor(file: token.anchor.file, offset: reference.offset)
        let written = JSONValue(.string(reference.text), offset: reference.offset)
        let fixed = reference.text + "/$value"
        diagnostics.append(Diagnostic(.pointerToTokenObject(reference.text), at: anchor.location(pointer: token.pointer + "/$value", token: token.path),
            fixIts: anchor.file.holds(written)
                ? [Diagnostic.FixIt("point at the value: '\(fixed)'", replacingValueAt: anchor, with: ValueParser.json(fixed))] : []))
    }

    func reportUnknown(_ reference: Reference, in token: TokenDefinition) {
        let anchor = SourceAnchor(file: token.anchor.file, offset: reference.offset)
        let location = anchor.location(pointer: token.pointer + "/$value", token: token.path)
        func retarget(to path: String, _ message: String) -> [Diagnostic.FixIt] {
            let written = JSONValue(.string(reference.text), offset: reference.offset)
            guard anchor.file.holds(written) else { return [] }
            return [Diagnostic.FixIt(message, replacingValueAt: anchor,
                with: ValueParser.json(reference.retargeted(to: path, wholeToken: token.isWholeTokenReference)))]
        }
        if document.isGroup(reference.path) {
            diagnostics.append(Diagnostic(.referenceToGroup(reference.text), at: location,
                fixIts: document.index(of: reference.path + ".$root") != nil
                    ? retarget(to: reference.path + ".$root", "reference the group's root token") : []))
            return
        }
        let suggestion = suggester.suggest(for: reference.path)
        var notes = suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
        var fixIts = suggestion.map { retarget(to: $0, "replace with '\(Reference.curly($0))'") } ?? []
        if let set = document.definedInUnusedSets[reference.path] {
            notes.insert(Diagnostic.Note("'\(reference.path)' is defined in set '\(set)', which 'resolutionOrder' does not include"), at: 0)
            // The set listed in the resolver's file: the reference is then known as written.
            fixIts.insert(contentsOf: document.listingUnusedSets[set].map { [$0] } ?? [], at: 0)
        }
        diagnostics.append(Diagnostic(.unknownReference(reference.text, path: reference.path), at: location,
            notes: notes, fixIts: fixIts))
    }

    // MARK: Cycles and order

    /// Tarjan's algorithm without recursion: returns tokens so that every token comes after
    /// the tokens it references, and reports each cycle once. With `only`, just the tokens it
    /// marks are ordered (references to the others are taken as settled).
    func orderAndReportCycles(only included: [Bool]? = nil) -> [Int32] {
        let count = document.count
        var indexOf = [Int32](repeating: -1, count: count)
        var low = [Int32](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int32] = []
        var order: [Int32] = []
        order.reserveCapacity(count)
        var counter: Int32 = 0
        var frames: [(node: Int32, edge: Int32)] = []
        func visit(_ node: Int) {
            indexOf[node] = counter
            low[node] = counter
            counter += 1
            stack.append(Int32(node))
            onStack[node] = true
            frames.append((Int32(node), edgeStart[node]))
        }
        for root in 0..<count where indexOf[root] == -1 && included?[root] != false {
            visit(root)
            while let frame = frames.last {
                let node = Int(frame.node)
                if frame.edge < edgeStart[node + 1] {
                    frames[frames.count - 1].edge += 1
                    let next = Int(edges[Int(frame.edge)])
                    if included?[next] == false { continue }
                    if indexOf[next] == -1 {
                        visit(next)
                    } else if onStack[next] {
                        low[node] = min(low[node], indexOf[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    low[Int(parent.node)] = min(low[Int(parent.node)], low[node])
                }
                guard low[node] == indexOf[node] else { continue }
                var component: [Int32] = []
                while let member = stack.popLast() {
                    onStack[Int(member)] = false
                    component.append(member)
                    if Int(member) == node { break }
                }
                let selfLoop = component.count == 1 && edges[Int(edgeStart[node])..<Int(edgeStart[node + 1])].contains(Int32(node))
                if component.count > 1 || selfLoop {
                    reportCycle(Set(component.map(Int.init)))
                    for member in component { blocked[Int(member)] = true }
                }
                order.append(contentsOf: component)
            }
        }
        return order
    }

    /// Reports a cycle from its member with the smallest path, so that the report does not
    /// depend on the order tokens were defined in.
    private func reportCycle(_ members: Set<Int>) {
        let start = members.min { document.tokens[$0].path.utf8.lexicographicallyPrecedes(document.tokens[$1].path.utf8) }!
        var path = [start]
        var visited: Set<Int> = [start]
        var current = start
        while true {
            let next = (Int(edgeStart[current])..<Int(edgeStart[current + 1])).lazy.map { Int(self.edges[$0]) }
                .first { members.contains($0) && !visited.contains($0) }
            guard let next else { break }
            path.append(next)
            visited.insert(next)
            current = next
        }
        let tokens = path.map { document.tokens[$0] }
        let first = tokens[0]
        diagnostics.append(Diagnostic(.referenceCycle((tokens + [first]).map(\.path)),
            at: SourceAnchor(file: first.anchor.file, offset: first.value.offset)
                .location(pointer: first.pointer + "/$value", token: first.path),
            notes: tokens.dropFirst().map { token in
                Diagnostic.Note("'\(token.path)' is part of the cycle",
                    at: SourceAnchor(file: token.anchor.file, offset: token.value.offset)
                        .location(pointer: token.pointer + "/$value", token: token.path))
            }))
    }
}
