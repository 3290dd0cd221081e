/// Closed tokens (`"closed": true` under `$extensions.dev.tessera`, on a token or a group) are
/// defined once: a source that defines one again with another value is a `token.closed` error
/// at the redefinition, with a note at the closed definition.
///
/// Whether a token is closed is decided by the sources before the one redefining it, merged:
/// the flag on its latest earlier definition, else on its nearest group (each group's
/// `$extensions` merged member by member, later sources winning). Every way of building a
/// document — files, a resolver permutation resolved whole or from the base one — checks the
/// same ordered layers with this one function.
enum ClosedTokens {
    /// A source as the check sees it: its tokens by path and its group properties.
    typealias Layer = SourceContents

    /// Whether a token or group of a parsed source says anything about `closed`.
    static func mentioned(in fragment: TokenFragment) -> Bool {
        for (_, group) in fragment.groupProperties where flag(group.extensions) != nil { return true }
        for run in fragment.allRuns {
            for token in fragment.piece(of: run).tokens[run.range] where token.extensions != nil {
                if flag(token.extensions) != nil { return true }
            }
        }
        return false
    }

    /// Every redefinition of a closed token across `layers`, merged in order.
    ///
    /// - Complexity: O(t · l) for t tokens in l layers (callers skip layers that never mention
    ///   `closed`: `Stages.closedTokens`).
    static func violations(in layers: [Layer]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for later in layers.indices.dropFirst() {
            for (token, _) in layers[later].tokens {
                guard let old = latestDefinition(of: token.path, in: layers[..<later]),
                    !(token.value.sameContent(as: old.value) && token.explicitType == old.explicitType),
                    (flag(old.extensions) ?? groupFlag(of: token.path, in: layers[..<later])) == true
                else { continue }
                diagnostics.append(Diagnostic(.closedTokenRedefined(token.path),
                    at: token.location,
                    notes: [Diagnostic.Note("it is defined and closed here", at: old.location),
                        Diagnostic.Note("remove this definition, or reopen the token where it is defined")]))
            }
        }
        return diagnostics
    }

    static func flag(_ extensions: JSONValue?) -> Bool? {
        guard let value = extensions?[TierRules.extensionKey]?["closed"] else { return nil }
        return value.bool ?? false
    }

    private static func latestDefinition(of path: String, in layers: ArraySlice<Layer>) -> TokenDefinition? {
        for layer in layers.reversed() {
            if let position = layer.index[path] { return layer.tokens[position].definition }
        }
        return nil
    }

    /// The `closed` flag of the nearest group of `path` that has one, in the merged layers.
    private static func groupFlag(of path: String, in layers: ArraySlice<Layer>) -> Bool? {
        var current = TokenPathSyntax.parent(of: path)
        while let group = current {
            for layer in layers.reversed() {
                if let flag = flag(layer.groups[TokenPath(group)]?.extensions) { return flag }
            }
            current = TokenPathSyntax.parent(of: group)
        }
        return nil
    }
}
