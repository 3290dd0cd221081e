/// Applies group `$extends` (and group-level `$ref`): the extending group receives every
/// token of the target group that it does not define itself. Local tokens replace inherited
/// ones whole; references inside inherited values are kept as written.
///
/// Chains are applied target first; cycles, including a group extending its own ancestor,
/// are reported as `extends.cycle`.
enum ExtendsExpander {
    static func expand(_ document: inout TokenDocument, diagnostics: inout [Diagnostic]) {
        var targets: [String: String] = [:]
        var anchors: [String: SourceAnchor] = [:]
        for (path, group) in document.groups {
            guard let (reference, anchor) = group.extends else { continue }
            let location = anchor.location(pointer: TokenPathSyntax.pointer(forPath: path) + "/$extends", token: path)
            guard let target = targetPath(of: reference) else {
                diagnostics.append(Diagnostic(.extendsInvalid, .error,
                    "'$extends' must name a group as \"{group.name}\" or \"#/group/name\", found '\(reference)'",
                    at: location))
                continue
            }
            if !document.isGroup(target) {
                if document.index(of: target) != nil {
                    diagnostics.append(Diagnostic(.extendsNotGroup, .error,
                        "'$extends' target '\(target)' is a token; only groups can be extended", at: location))
                } else {
                    let suggestion = Suggestions.closest(to: target, in: document.groupPaths.filter { !$0.isEmpty })
                    diagnostics.append(Diagnostic(.referenceUnknown, .error,
                        "'$extends' names unknown group '\(target)'", at: location,
                        notes: suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? [],
                        fixIts: suggestion.map { [Diagnostic.FixIt("replace with '{\($0)}'", replacement: "\"{\($0)}\"")] } ?? []))
                }
                continue
            }
            if target == path || path.hasPrefix(target + ".") {
                diagnostics.append(Diagnostic(.extendsCycle, .error,
                    "group '\(path)' extends '\(target)', which contains it: the extension would include itself",
                    at: location))
                continue
            }
            targets[path] = target
            anchors[path] = anchor
        }
        // Order: each target before the groups that extend it; report cycles once.
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var order: [String] = []
        var inCycle: Set<String> = []
        for start in targets.keys.sorted() where state[start] == nil {
            var chain: [String] = []
            var current: String? = start
            while let node = current, state[node] == nil {
                state[node] = 1
                chain.append(node)
                current = targets[node]
            }
            if let node = current, state[node] == 1, let first = chain.firstIndex(of: node) {
                let members = Array(chain[first...])
                inCycle.formUnion(members)
                let anchor = anchors[members[0]]!
                diagnostics.append(Diagnostic(.extendsCycle, .error,
                    "circular '$extends': " + (members + [members[0]]).joined(separator: " → "),
                    at: anchor.location(pointer: TokenPathSyntax.pointer(forPath: members[0]) + "/$extends", token: members[0]),
                    notes: members.dropFirst().map { member in
                        Diagnostic.Note("'\(member)' extends '\(targets[member]!)' here",
                            at: anchors[member]!.location(pointer: TokenPathSyntax.pointer(forPath: member) + "/$extends", token: member))
                    }))
            }
            for node in chain.reversed() {
                state[node] = 2
                order.append(node)
            }
        }
        for path in order where !inCycle.contains(path) {
            guard let target = targets[path], !inCycle.contains(target) else { continue }
            document.inheritType(of: path, from: target)
            copy(from: target, to: path, in: &document)
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

    private static func copy(from target: String, to path: String, in document: inout TokenDocument) {
        let prefix = target + "."
        // Subgroups come along, so that inherited tokens have their groups.
        for groupPath in document.groupPaths where groupPath.hasPrefix(prefix) {
            let newPath = path + "." + groupPath.dropFirst(prefix.count)
            guard !document.isGroup(newPath) else { continue }
            var copy = document.groups[groupPath] ?? GroupDefinition(path: groupPath, anchor: document.groups[path]!.anchor)
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
            if let type = document.groups[group]?.type { return type }
            if group == target { return nil }
            current = TokenPathSyntax.parent(of: group)
        }
        return nil
    }
}
