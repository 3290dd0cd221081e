/// What a resolution keeps: its results, and the reference graph a variant starts from.
struct Resolution: Sendable {
    /// The tokens resolved; a check after an edit puts the edited file's new definitions in
    /// (`CheckedSystem`).
    var document: TokenDocument
    /// Variables so that a resolution held once can be resolved again in place
    /// (`AliasResolver.resolveAgain`).
    var types: [TokenType?]
    var values: [TokenValue?]
    let edgeStart: [Int32]
    let edges: [Int32]
    let aliasTarget: [Int32]
    let declaredTypes: [ResolutionRun.DeclaredType]
    let blocked: [Bool]
    let groupTypes: [TokenType?]
    let groupDeprecations: [Deprecation?]
    let anyTokenDeprecated: Bool
    /// What resolving found; for a variant, only what resolving its affected tokens found.
    var diagnostics: [Diagnostic]
    /// For a variant: the tokens resolved again (the redefined ones and their dependents).
    /// The base's diagnostics about other tokens hold for the variant too.
    var affected: [Int]? = nil
    /// What merging the sources found (conflicts, closed tokens): about this merge only, never
    /// carried over to a permutation resolved from this one.
    var mergeDiagnostics: [Diagnostic] = []
    /// What the warning limit held back (its summaries are not in `diagnostics`).
    var limiter = WarningLimiter(limit: nil)

    var resolved: ResolvedTokens {
        ResolvedTokens(document: document, types: types, values: values, aliasTargets: aliasTarget,
            groupDeprecations: groupDeprecations)
    }

    /// For each token, the tokens that reference it (CSR: `starts`, `dependents`).
    typealias Dependents = (starts: [Int32], dependents: [Int32])

    /// Every diagnostic of this resolution: for one resolved from `base` (a variant, a
    /// redefinition), the base's diagnostics about the tokens it did not resolve again, then its
    /// own; otherwise its own.
    func diagnostics(carriedFrom base: Resolution?) -> [Diagnostic] {
        guard let affected, let base else { return diagnostics }
        let paths = Set(affected.map { TokenPath(document.tokens[$0].path) })
        return base.diagnostics.filter { $0.location?.token.map { !paths.contains(TokenPath($0)) } ?? true } + diagnostics
    }

    /// Works out `Dependents` (kept by whoever resolves several variants of one base).
    func dependents() -> Dependents {
        var counts = [Int32](repeating: 0, count: document.count + 1)
        for target in edges { counts[Int(target) + 1] += 1 }
        for index in 0..<document.count { counts[index + 1] += counts[index] }
        var next = counts
        var dependents = [Int32](repeating: 0, count: edges.count)
        for source in 0..<document.count {
            for edge in Int(edgeStart[source])..<Int(edgeStart[source + 1]) {
                let target = Int(edges[edge])
                dependents[Int(next[target])] = Int32(source)
                next[target] += 1
            }
        }
        return (counts, dependents)
    }
}
