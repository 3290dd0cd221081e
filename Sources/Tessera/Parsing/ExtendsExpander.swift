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

    /// Whether one path is the other or inside it.
    private static func overlaps(_ a: String, _ b: String) -> Bool {
        a.isPath(inside: b) || b.isPath(inside: a)
    }

    /// The extending groups in the order they expand: a group after every extension that
    /// changes what its target holds (an extending group inside the target, or enclosing it);
    /// among groups free to go, the deepest first (its own `$extends` is nearer than an
    /// enclosing group's), so that the result never depends on group names. Groups in a cycle
    /// are reported once per cycle and not expanded.
    ///
    /// - Complexity: O(e²) for e extending groups.
    private static func expansionOrder(
        targets: [TokenPath: String], anchors: [TokenPath: SourceAnchor], diagnostics: inout [Diagnostic]
    ) -> [String] {
        let nodes = targets.keys.sorted()
        var waitsFor = [[Int]](repeating: [], count: nodes.count)
        var waitedOnBy = [[Int]](repeating: [], count: nodes.count)
        for (p, path) in nodes.enumerated() {
            let target = targets[path]!
            for (g, other) in nodes.enumerated() where g != p && overlaps(other.string, target) {
                waitsFor[p].append(g)
                waitedOnBy[g].append(p)
            }
        }
        var pending = waitsFor.map(\.count)
        var done = [Bool](repeating: false, count: nodes.count)
        var order: [String] = []
        func depth(_ index: Int) -> Int { nodes[index].string.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) } }
        var ready = Set(nodes.indices.filter { pending[$0] == 0 })
        func finish(_ index: Int, expand: Bool) {
            done[index] = true
            ready.remove(index)
            if expand { order.append(nodes[index].string) }
            for dependent in waitedOnBy[index] where !done[dependent] {
                pending[dependent] -= 1
                if pending[dependent] == 0 { ready.insert(dependent) }
            }
        }
        while done.contains(false) {
            if let next = ready.max(by: { (depth($0), nodes[$1]) < (depth($1), nodes[$0]) }) {
                finish(next, expand: true)
                continue
            }
            // Everything left waits on a cycle: report one and take its members out.
            guard let start = nodes.indices.first(where: { !done[$0] }) else { break }
            var path = [start]
            var seen: [Int: Int] = [start: 0]
            var current = start
            while let next = waitsFor[current].first(where: { !done[$0] }) {
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
        }
        return order
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
