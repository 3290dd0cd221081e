/// Applies group `$extends` (and group-level `$ref`): the extending group receives every
/// token of the target group that it does not define itself. Local tokens replace inherited
/// ones whole; references inside inherited values are kept as written.
///
/// Chains are applied target first; cycles, including a group extending its own ancestor,
/// are reported as `extends.cycle`.
enum ExtendsExpander {
    static func expand(_ document: inout TokenDocument, diagnostics: inout [Diagnostic], limit: Int = maximumInheritedTokens) {
        var targets: [TokenPath: String] = [:]
        var anchors: [TokenPath: SourceAnchor] = [:]
        for (key, group) in document.groups {
            guard let (reference, anchor) = group.extends else { continue }
            let path = key.string
            let location = anchor.location(pointer: TokenPathSyntax.pointer(forPath: path) + "/$extends", token: path)
            guard let target = targetPath(of: reference) else {
                diagnostics.append(Diagnostic(.extendsNotAReference(reference), at: location))
                continue
            }
            if !document.isGroup(target) {
                if document.index(of: target) != nil {
                    diagnostics.append(Diagnostic(.extendsToken(target), at: location))
                } else {
                    let suggestion = Suggestions.closest(to: target, in: document.groupPaths.filter { !$0.isEmpty })
                    diagnostics.append(Diagnostic(.extendsUnknownGroup(target), at: location,
                        notes: suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? [],
                        fixIts: suggestion.map {
                            [Diagnostic.FixIt("replace with '{\($0)}'", replacingValueAt: anchor, with: ValueParser.json("{\($0)}"))]
                        } ?? []))
                }
                continue
            }
            if path.isPath(inside: target) {
                diagnostics.append(Diagnostic(.extendsEnclosingGroup(path, target: target), at: location))
                continue
            }
            targets[key] = target
            anchors[key] = anchor
        }
        let order = expansionOrder(targets: targets, anchors: anchors, diagnostics: &diagnostics)
        guard !order.isEmpty else { return }
        var subtrees = Subtrees(document)
        var made = 0
        for path in order {
            guard let target = targets[TokenPath(path)] else { continue }
            document.inheritType(of: path, from: target)
            guard copy(from: target, to: path, in: &document, subtrees: &subtrees, made: &made, limit: limit) else {
                let anchor = anchors[TokenPath(path)]!
                diagnostics.append(Diagnostic(.extendsTooLarge(path, limit: limit),
                    at: anchor.location(pointer: TokenPathSyntax.pointer(forPath: path) + "/$extends", token: path)))
                return
            }
        }
    }

    /// The most tokens `$extends` may copy in one document. Chains and diamonds of groups
    /// extending groups multiply what they copy (twenty levels of diamonds in a 1.3 KB file
    /// would make a million tokens, at about a kilobyte each); past the limit expansion stops with `extends.too-large`.
    static let maximumInheritedTokens = PipelineOptions.Limits.defaultInheritedTokens

    /// The extending groups in the order they expand: a group after every extension that
    /// changes what its target holds (an extending group inside the target, or enclosing it);
    /// among groups free to go, the deepest first (its own `$extends` is nearer than an
    /// enclosing group's), then by path, so that the result never depends on the order of the
    /// files. Groups in a cycle are reported once per cycle and not expanded.
    ///
    /// A group waits for the extending groups that enclose its target (at most one per segment
    /// of the target's path) and for those inside it, which are counted rather than listed: in
    /// code-point order the groups inside `t` are one run, from `t.` up to `t/`. So the order
    /// costs O(e log e + s) for e extending groups whose paths have s segments in all.
    static func expansionOrder(
        targets: [TokenPath: String], anchors: [TokenPath: SourceAnchor], diagnostics: inout [Diagnostic]
    ) -> [String] {
        let nodes = targets.keys.sorted()
        let index = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($0.element, $0.offset) })
        let targetOf = nodes.map { TokenPath(targets[$0]!) }

        // Extending groups enclosing each target, and how many of them are still to go.
        var enclosingOf = [[Int]](repeating: [], count: nodes.count)
        var waitedOnBy = [[Int]](repeating: [], count: nodes.count)
        for (p, target) in targetOf.enumerated() {
            for ancestor in target.string.pathPrefixes.dropLast() {
                guard let g = index[TokenPath(ancestor)], g != p else { continue }
                enclosingOf[p].append(g)
                waitedOnBy[g].append(p)
            }
        }
        var enclosingLeft = enclosingOf.map(\.count)
        // Extending groups still to go at or inside each target, and who waits on that count.
        var insideLeft: [TokenPath: Int] = [:]
        var waitersOf: [TokenPath: [Int]] = [:]
        for (p, target) in targetOf.enumerated() {
            waitersOf[target, default: []].append(p)
            guard insideLeft[target] == nil else { continue }
            let run = nodes.run(startingWith: target.string + ".", before: target.string + "/")
            insideLeft[target] = run.count + (index[target] == nil ? 0 : 1)
        }

        var done = [Bool](repeating: false, count: nodes.count)
        var doneCount = 0
        var order: [String] = []
        let depth = nodes.map { $0.string.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) } }
        // Deepest first, then by path: a rank per group, smallest first.
        let byPriority = nodes.indices.sorted { (depth[$0], $1) > (depth[$1], $0) }
        var rank = [Int](repeating: 0, count: nodes.count)
        for (position, node) in byPriority.enumerated() { rank[node] = position }
        var ready = MinimumQueue()
        func isFree(_ p: Int) -> Bool { !done[p] && enclosingLeft[p] == 0 && insideLeft[targetOf[p]] == 0 }
        for p in nodes.indices where isFree(p) { ready.insert(rank[p]) }

        var notDoneFrom = NextUnmarked(count: nodes.count)
        func finish(_ node: Int, expand: Bool) {
            done[node] = true
            doneCount += 1
            notDoneFrom.mark(node)
            if expand { order.append(nodes[node].string) }
            for dependent in waitedOnBy[node] where !done[dependent] {
                enclosingLeft[dependent] -= 1
                if isFree(dependent) { ready.insert(rank[dependent]) }
            }
            for prefix in nodes[node].string.pathPrefixes {
                let key = TokenPath(prefix)
                guard let left = insideLeft[key] else { continue }
                insideLeft[key] = left - 1
                if left == 1 {
                    for dependent in waitersOf[key] ?? [] where isFree(dependent) { ready.insert(rank[dependent]) }
                }
            }
        }

        // Cycles: the first group still to go, and from there any group it still waits for.
        var firstLeft = 0
        func stillAwaited(by p: Int) -> Int? {
            if let g = enclosingOf[p].first(where: { !done[$0] }) { return g }
            let target = targetOf[p]
            if let g = index[target], !done[g], g != p { return g }
            let run = nodes.run(startingWith: target.string + ".", before: target.string + "/")
            var candidate = notDoneFrom.next(from: run.lowerBound)
            if candidate == p { candidate = notDoneFrom.next(from: p + 1) }
            return candidate < run.upperBound ? candidate : nil
        }
        while doneCount < nodes.count {
            if let next = ready.popMinimum() {
                let node = byPriority[next]
                guard !done[node] else { continue }
                finish(node, expand: true)
                continue
            }
            while done[firstLeft] { firstLeft += 1 }
            var path = [firstLeft]
            var seen: [Int: Int] = [firstLeft: 0]
            var current = firstLeft
            while let next = stillAwaited(by: current) {
                if let at = seen[next] {
                    let members = Array(path[at...])
                    let keys = members.map { nodes[$0] }
                    let names = keys.map(\.string)
                    diagnostics.append(Diagnostic(.extendsCycle(names + [names[0]]),
                        at: anchors[keys[0]]!.location(pointer: TokenPathSyntax.pointer(forPath: names[0]) + "/$extends", token: names[0]),
                        notes: keys.dropFirst().map { member in
                            Diagnostic.Note("'\(member)' extends '\(targets[member]!)' here",
                                at: anchors[member]!.location(pointer: TokenPathSyntax.pointer(forPath: member.string) + "/$extends",
                                    token: member.string))
                        }))
                    for member in members { finish(member, expand: false) }
                    break
                }
                seen[next] = path.count
                path.append(next)
                current = next
            }
            // A walk that ends without a cycle found a group free to go after all.
            if !done[current], stillAwaited(by: current) == nil { finish(current, expand: true) }
        }
        return order
    }

    /// A priority queue of ranks, smallest first.
    struct MinimumQueue {
        private var heap: [Int] = []

        mutating func insert(_ rank: Int) {
            heap.append(rank)
            var child = heap.count - 1
            while child > 0, heap[(child - 1) / 2] > heap[child] {
                heap.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        }

        mutating func popMinimum() -> Int? {
            guard let last = heap.popLast() else { return nil }
            guard !heap.isEmpty else { return last }
            let minimum = heap[0]
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count, heap[left] < heap[smallest] { smallest = left }
                if right < heap.count, heap[right] < heap[smallest] { smallest = right }
                if smallest == parent { return minimum }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    /// The first unmarked position at or after a given one, among `count` positions that are
    /// marked one by one (a disjoint-set forest with path halving: near-constant time each).
    struct NextUnmarked {
        private var parent: [Int]

        init(count: Int) { parent = Array(0...count) }

        mutating func mark(_ position: Int) { parent[position] = position + 1 }

        /// `count` when every position from `position` on is marked.
        mutating func next(from position: Int) -> Int {
            var position = min(position, parent.count - 1)
            while parent[position] != position {
                parent[position] = parent[parent[position]]
                position = parent[position]
            }
            return position
        }
    }

    static func targetPath(of reference: String) -> String? {
        if let path = TokenPathSyntax.referencedPath(in: reference), TokenPathSyntax.isWellFormedReference(path) {
            return path
        }
        if let segments = TokenPathSyntax.pointerSegments(reference), !segments.isEmpty {
            return segments.joined(separator: ".")
        }
        return nil
    }

    /// The groups and tokens under each group, kept up to date as expansion adds to them, so
    /// that copying a group costs what it copies, not the size of the document.
    struct Subtrees {
        private var tokens: [TokenPath: [Int]] = [:]
        private var groups: [TokenPath: [String]] = [:]
        private var known = Set<TokenPath>()

        init(_ document: TokenDocument) {
            for path in document.groupPaths where !path.isEmpty { addGroup(path) }
            for (index, token) in document.tokens.enumerated() { addToken(index, path: token.path) }
        }

        mutating func addGroup(_ path: String) {
            guard known.insert(TokenPath(path)).inserted else { return }
            groups[TokenPath(TokenPathSyntax.parent(of: path) ?? ""), default: []].append(path)
        }

        mutating func addToken(_ index: Int, path: String) {
            tokens[TokenPath(TokenPathSyntax.parent(of: path) ?? ""), default: []].append(index)
        }

        /// The groups inside `root` and the tokens at any depth under it.
        func contents(of root: String) -> (groups: [String], tokens: [Int]) {
            var foundGroups: [String] = []
            var foundTokens: [Int] = []
            var stack = [root]
            while let group = stack.popLast() {
                foundTokens += tokens[TokenPath(group)] ?? []
                for child in groups[TokenPath(group)] ?? [] {
                    foundGroups.append(child)
                    stack.append(child)
                }
            }
            return (foundGroups, foundTokens)
        }
    }

    /// Copies the target's subgroups and tokens into the extending group; false when that
    /// would take the tokens expansion has made past `maximumInheritedTokens`.
    private static func copy(
        from target: String, to path: String, in document: inout TokenDocument, subtrees: inout Subtrees, made: inout Int,
        limit: Int
    ) -> Bool {
        let prefix = target + "."
        let (groups, tokens) = subtrees.contents(of: target)
        guard made + tokens.count <= limit else { return false }
        // Subgroups come along, so that inherited tokens have their groups. In the order the
        // document has them, as a scan of its groups would.
        let ordered = groups.map { (id: document.groupIDs[$0] ?? 0, path: $0) }.sorted { $0.id < $1.id }
        for groupPath in ordered.lazy.map(\.path) {
            let newPath = path + "." + groupPath.dropFirst(prefix.count)
            guard !document.isGroup(newPath) else { continue }
            var copy = document.groups[TokenPath(groupPath)] ?? GroupDefinition(path: groupPath, anchor: document.groups[TokenPath(path)]!.anchor)
            copy.path = newPath
            copy.extends = nil
            document.mergeGroup(copy)
            subtrees.addGroup(newPath)
        }
        let inherited = tokens.sorted().map { document.tokens[$0] }
        for var token in inherited {
            let relative = token.path.dropFirst(prefix.count)
            let newPath = path + "." + relative
            if document.index(of: newPath) != nil || document.isGroup(newPath) { continue }
            if token.explicitType == nil, token.inheritedGroupType == nil {
                token.inheritedGroupType = groupType(of: token.path, upTo: target, in: document)
            }
            token.inheritedFrom = token.inheritedFrom ?? target
            token.path = newPath
            let parent = TokenPathSyntax.parent(of: newPath) ?? ""
            token.groupID = document.groupID(for: parent)
            if !parent.isEmpty { subtrees.addGroup(parent) }
            document.insert(token)
            subtrees.addToken(document.tokens.count - 1, path: newPath)
            made += 1
        }
        return true
    }

    private static func groupType(of path: String, upTo target: String, in document: TokenDocument) -> TokenType? {
        var current = TokenPathSyntax.parent(of: path)
        while let group = current {
            if let type = document.groups[TokenPath(group)]?.type { return type }
            if group == target { return nil }
            current = TokenPathSyntax.parent(of: group)
        }
        return nil
    }
}

extension Array where Element == TokenPath {
    /// In a sorted array, the positions of the paths from `lower` (included) to `upper` (excluded).
    fileprivate func run(startingWith lower: String, before upper: String) -> Range<Int> {
        firstPosition { $0.string.precedesInCodePoints(lower) }..<firstPosition { $0.string.precedesInCodePoints(upper) }
    }
}

extension String {
    /// The path and every group enclosing it, outermost first: `a`, `a.b`, `a.b.c`.
    fileprivate var pathPrefixes: [String] {
        var prefixes: [String] = []
        var end = utf8.startIndex
        while let dot = utf8[end...].firstIndex(of: UInt8(ascii: ".")) {
            prefixes.append(String(self[..<dot]))
            end = utf8.index(after: dot)
        }
        prefixes.append(self)
        return prefixes
    }
}
