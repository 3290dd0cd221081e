/// Applies group `$extends` (and group-level `$ref`): the extending group receives every
/// token of the target group that it does not define itself. Local tokens replace inherited
/// ones whole; references inside inherited values are kept as written.
///
/// Chains are applied target first; cycles, including a group extending its own ancestor,
/// are reported as `extends.cycle`.
enum ExtendsExpander {
    static func expand(_ document: inout TokenDocument, diagnostics: inout [Diagnostic]) {
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
        for path in order {
            guard let target = targets[TokenPath(path)] else { continue }
            document.inheritType(of: path, from: target)
            copy(from: target, to: path, in: &document)
        }
    }

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

    private static func copy(from target: String, to path: String, in document: inout TokenDocument) {
        let prefix = target + "."
        // Subgroups come along, so that inherited tokens have their groups.
        for groupPath in document.groupPaths where groupPath.hasPrefix(prefix) {
            let newPath = path + "." + groupPath.dropFirst(prefix.count)
            guard !document.isGroup(newPath) else { continue }
            var copy = document.groups[TokenPath(groupPath)] ?? GroupDefinition(path: groupPath, anchor: document.groups[TokenPath(path)]!.anchor)
            copy.path = newPath
            copy.extends = nil
            document.mergeGroup(copy)
        }
        let inherited = document.tokens.filter { $0.path.hasPrefix(prefix) }
        for var token in inherited {
            let relative = token.path.dropFirst(prefix.count)
            let newPath = path + "." + relative
            if document.index(of: newPath) != nil || document.isGroup(newPath) { continue }
            if token.explicitType == nil, token.inheritedGroupType == nil {
                token.inheritedGroupType = groupType(of: token.path, upTo: target, in: document)
            }
            token.inheritedFrom = token.inheritedFrom ?? target
            token.path = newPath
            token.groupID = document.groupID(for: TokenPathSyntax.parent(of: newPath) ?? "")
            document.insert(token)
        }
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
