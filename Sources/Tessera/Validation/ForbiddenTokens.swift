/// Forbidden values, declared in `$extensions` under `dev.tessera` on a token or on a group (for
/// all its tokens; closed tokens are checked as sources merge, in `ClosedTokens`):
///
/// - `"forbidden": true` or a reason — this theme does not provide the token (a design kit that
///   cannot leave a token out marks it instead). The token is reported (`token.forbidden`, a
///   warning) and every token that references it is an error (`token.uses-forbidden`), at build
///   time rather than as a crash in the app.
enum ForbiddenTokens {
    /// Forbidden tokens and the tokens that use them, in a resolved document. With `only`,
    /// just those tokens are checked.
    ///
    /// - Complexity: O(g) for g groups, then O(1) per token and reference checked.
    static func forbidden(in state: Resolution, only: [Int]? = nil) -> [Diagnostic] {
        let document = state.document
        let groupFlags = document.groupPropertiesInherited { group -> JSONValue? in
            group.extensions?[TierRules.extensionKey]?["forbidden"]
        }
        let anyGroup = groupFlags.contains { $0 != nil }
        guard anyGroup || document.tokens.contains(where: { $0.extensions?[TierRules.extensionKey]?["forbidden"] != nil })
        else { return [] }
        func forbidden(_ index: Int) -> JSONValue? {
            let token = document.tokens[index]
            let value = token.extensions?[TierRules.extensionKey]?["forbidden"] ?? groupFlags[Int(token.groupID)]
            return value.flatMap { $0.bool == false ? nil : $0 }
        }
        var diagnostics: [Diagnostic] = []
        for index in only ?? Array(document.tokens.indices) {
            let token = document.tokens[index]
            if let reason = forbidden(index) {
                diagnostics.append(Diagnostic(.forbiddenToken(token.path, reason: reason.string),
                    at: token.location))
            }
            for edge in Int(state.edgeStart[index])..<Int(state.edgeStart[index + 1]) {
                let target = Int(state.edges[edge])
                guard forbidden(target) != nil else { continue }
                let used = document.tokens[target]
                diagnostics.append(Diagnostic(.usesForbiddenToken(token.path, uses: used.path),
                    at: SourceAnchor(file: token.anchor.file, offset: token.value.offset)
                        .location(pointer: token.pointer + "/$value", token: token.path),
                    notes: [Diagnostic.Note("'\(used.path)' is marked forbidden here",
                        at: used.location),
                        Diagnostic.Note("give '\(used.path)' a value in this theme, or stop using it here")]))
            }
        }
        return diagnostics
    }
}
