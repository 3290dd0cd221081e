/// How a later definition of a token meets an earlier one when sources merge.
package enum MergePolicy: Sendable {
    /// Files given together: a token defined again with another value is a `merge.conflict`
    /// error (the later definition still wins, so later checks run).
    case reportConflicts
    /// Resolver sources: overriding is the point, so the later definition wins silently.
    case laterWins
}

/// The stages every entry point runs — token files, each permutation of a resolver (resolved
/// whole or from the base one) — so that a rule holds on every path or on none:
///
/// ```text
/// merge (policy; closed tokens) → expand $extends → resolve → validators → finish (strict)
/// ```
///
/// A permutation resolved from the base one replaces `merge`…`resolve` by a redefinition of the
/// base (see `AliasResolver.resolveVariant`), then runs the same validators on what it re-resolved.
enum Stages {
    /// One parsed source, in merge order.
    struct Layer {
        let file: SourceFile
        /// Taken out when merged, so that the document can move its tokens instead of copying.
        var fragment: TokenFragment?
        /// The source cache's key of the source, if any.
        var key: String?
        /// Whether a token or group of the source says anything about `closed`.
        let mentionsClosed: Bool
    }

    /// What merging found, apart from what resolving finds: diagnostics about the sources as
    /// layers (conflicts, closed tokens), which hold for this merge only.
    struct Merged {
        var document: TokenDocument
        var diagnostics: [Diagnostic]
    }

    /// Merges parsed sources in order into one document.
    ///
    /// - Complexity: O(n) expected in the tokens and groups of the layers; closed tokens add
    ///   O(t · l) when a layer mentions them.
    static func merge(
        _ layers: inout [Layer], policy: MergePolicy, seed: UInt64, contents: (Layer) -> SourceContents
    ) -> Merged {
        var document = TokenDocument(seed: seed)
        var diagnostics = closedTokens(in: layers, contents: contents)
        document.reserve(forBytes: layers.reduce(0) { $0 + $1.file.bytes.count })
        for index in layers.indices {
            guard let fragment = layers[index].fragment.take() else { continue }
            let replaced = document.add(fragment, from: layers[index].file)
            guard policy == .reportConflicts else { continue }
            for (index, old) in replaced {
                if let conflict = DocumentParser.conflict(new: document.tokens[index], old: old) { diagnostics.append(conflict) }
            }
        }
        return Merged(document: document, diagnostics: diagnostics)
    }

    /// Closed tokens defined again across the layers (see `ClosedTokens`); the layers are
    /// indexed only when one of them mentions `closed`.
    static func closedTokens(in layers: [Layer], contents: (Layer) -> SourceContents) -> [Diagnostic] {
        guard layers.contains(where: \.mentionsClosed) else { return [] }
        return ClosedTokens.violations(in: layers.map(contents))
    }

    /// Expands `$extends` (unless the document is expanded already), resolves every token and
    /// runs the validators.
    static func resolve(
        _ merged: Merged, options: PipelineOptions, validators: [any TokenValidator], expanded: Bool = false,
        memo: ValueMemo? = nil
    ) -> Resolution {
        var document = merged.document
        var expansion: [Diagnostic] = []
        if !expanded { ExtendsExpander.expand(&document, diagnostics: &expansion, limit: options.limits.inheritedTokens) }
        var state = AliasResolver.resolveState(document, warnings: options.warningLimiter, memo: memo)
        state.diagnostics = expansion + state.diagnostics + validate(state, with: validators, only: nil)
        state.mergeDiagnostics = merged.diagnostics
        return state
    }

    /// Runs the validators on a resolution, or on the tokens `only` lists of it.
    static func validate(_ state: Resolution, with validators: [any TokenValidator], only: [Int]?) -> [Diagnostic] {
        let input = ValidationInput(state: state, only: only)
        return validators.flatMap { $0.validate(input) }
    }

    /// The checks run after resolving, in order: tiers (when configured) and forbidden values.
    static func validators(tiers: TierRules?, setNames: [String: [String]]) -> [any TokenValidator] {
        var validators: [any TokenValidator] = []
        if let tiers { validators.append(TierValidator(rules: tiers, setNames: setNames)) }
        validators.append(ForbiddenValidator())
        return validators
    }
}
