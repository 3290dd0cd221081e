/// One parsed source's tokens by path, with their group paths, and its group properties: what
/// the merge-time checks and permutations resolved from the base read of a source.
struct SourceContents: Sendable {
    var tokens: [(definition: TokenDefinition, group: String)] = []
    /// Token paths by position in `tokens`.
    var index = PathTable()
    var groups: [TokenPath: GroupDefinition] = [:]
    var groupPaths: [String] = []

    init() {}

    /// The contents of a parsed source; paths are hashed with `seed`.
    init(_ fragment: TokenFragment, seed: UInt64) {
        tokens.reserveCapacity(fragment.tokenCount)
        for run in fragment.allRuns {
            for token in fragment.piece(of: run).tokens[run.range] {
                tokens.append((token, fragment.groupPaths[Int(run.groupID(token.groupID))]))
            }
        }
        index = PathTable(minimumCapacity: tokens.count, seed: seed)
        _ = index.insertAll(tokens.map(\.definition.path))
        for (id, group) in fragment.groupProperties { groups[TokenPath(fragment.groupPaths[Int(id)])] = group }
        groupPaths = fragment.groupPaths
    }

    /// The contents of `fragment`, which defines the tokens of `before` in the same order and
    /// groups: their index is taken over, not built again.
    init(_ fragment: TokenFragment, sameTokensAs before: SourceContents) {
        tokens.reserveCapacity(before.tokens.count)
        for run in fragment.allRuns {
            for token in fragment.piece(of: run).tokens[run.range] {
                tokens.append((token, before.tokens[tokens.count].group))
            }
        }
        index = before.index
        for (id, group) in fragment.groupProperties { groups[TokenPath(fragment.groupPaths[Int(id)])] = group }
        groupPaths = before.groupPaths
    }
}
