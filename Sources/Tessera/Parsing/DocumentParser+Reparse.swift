/// Parsing again only the part of a large file that an edit changed.
///
/// A file parsed in parts (`DocumentParser+Parts.swift`) keeps where each part's children are
/// and where its tokens and groups went. When a new text differs from the old one only inside
/// one of those children, parsing that part again from the new text gives what parsing the
/// whole new text would: a part's children are parsed on their own, each exactly as the
/// sequential parser would, and the outline around them did not change. Every other token and
/// group keeps its definition, anchored in the new text and, past the change, moved by its
/// change in length.
extension DocumentParser {
    /// `fragment`, parsed in parts from `old`, for `new`, which differs from `old` only where
    /// `changed` says. Nil when the change is not inside one child object of a part, or when
    /// that part, parsed again, finds a problem, or other tokens, groups or group properties
    /// than it did: parse the whole new text then. So a fragment returned defines the same
    /// tokens, in the same groups, with the same group properties, as `fragment`.
    ///
    /// - Complexity: O(p + f) for the p bytes of the changed part and the f tokens of the file.
    static func reparse(_ fragment: TokenFragment, from old: SourceFile, to new: SourceFile, changed: UnchangedEnds)
        -> TokenFragment?
    {
        let (start, oldEnd, delta) = (changed.prefix, changed.oldEnd, changed.newEnd - changed.oldEnd)
        // The part holding the change: the last one whose first child starts before it.
        var (low, high) = (0, fragment.parts.count)
        while low < high {
            let middle = (low + high) / 2
            if fragment.parts[middle].part.children[0].start < start { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let number = low - 1
        let entry = fragment.parts[number]
        var part = entry.part
        // The change lies between the child's braces.
        guard !entry.foundProblems, let child = part.children.lastIndex(where: { $0.start < start }),
            oldEnd < part.children[child].end
        else { return nil }
        part.children[child].end += delta
        for later in part.children.indices where later > child { part.children[later].move(by: delta) }
        guard let result = parse(part, of: new, seed: fragment.seed), result.jsonDiagnostics.isEmpty, result.diagnostics.isEmpty,
            sameShape(result.fragment, as: fragment, entry)
        else { return nil }

        // Every token is in a piece (the outline's own are the first), none in `own`.
        var moved = fragment
        moved.pieces[entry.piece] = result.fragment.own
        for piece in moved.pieces.indices where piece != entry.piece {
            // One file object per piece, as parsing gives: threads anchoring its tokens do not
            // contend for one reference count.
            let file = SourceFile(sharing: new)
            for index in moved.pieces[piece].tokens.indices {
                guard moved.pieces[piece].tokens[index].move(to: file, from: oldEnd, by: delta) else { return nil }
            }
        }
        var replaced = result.fragment.groupProperties.makeIterator()
        for index in moved.groupProperties.indices {
            if entry.groups.contains(Int(moved.groupProperties[index].id)) {
                // The same group, as the new text defines it (`sameShape` checked the order).
                moved.groupProperties[index].group = replaced.next()!.group
            } else {
                moved.groupProperties[index].group.move(to: new, from: oldEnd, by: delta)
            }
        }
        moved.parts[number].part = part
        for later in moved.parts.indices where later > number {
            for index in moved.parts[later].part.children.indices { moved.parts[later].part.children[index].move(by: delta) }
        }
        return moved
    }

    /// Whether the part `entry` of `fragment`, parsed again as `parsed`, defines the same
    /// tokens in the same groups, and the same groups with the same properties.
    private static func sameShape(_ parsed: TokenFragment, as fragment: TokenFragment, _ entry: TokenFragment.PartEntry) -> Bool {
        let before = fragment.pieces[entry.piece].tokens
        let after = parsed.own.tokens
        let base = Int32(entry.groups.lowerBound)
        guard before.count == after.count, parsed.groupPaths.elementsEqual(fragment.groupPaths[entry.groups]),
            parsed.groupParents.lazy.map({ TokenFragment.parent($0, ofPartGroupsFrom: base) })
                .elementsEqual(fragment.groupParents[entry.groups])
        else { return false }
        for index in before.indices where before[index].path != after[index].path || before[index].groupID != after[index].groupID {
            return false
        }
        let properties = fragment.groupProperties.filter { entry.groups.contains(Int($0.id)) }
        return properties.count == parsed.groupProperties.count
            && zip(properties, parsed.groupProperties).allSatisfy { old, new in
                old.id == base + new.id && old.group.sameProperties(as: new.group)
            }
    }
}

extension DocumentParser.Part.Child {
    /// The child `delta` bytes further on.
    mutating func move(by delta: Int) {
        keyOffset += delta
        start += delta
        end += delta
    }
}
