extension TokenSystem {
    /// One permutation of a token system, put together and resolved, with everything found on
    /// the way to it (for token files, the tokens).
    public struct Permutation: Sendable {
        /// Modifier name → context name (empty for token files).
        public let contexts: [String: String]
        public let document: TokenDocument
        /// What resolved, even where an error made values missing or wrong: for tools that
        /// show problems next to values. An app reads `tokens()`.
        public let partialTokens: ResolvedTokens
        /// Everything found on the way to this permutation: loading, the resolver's problems,
        /// those of the sources it merges, merging them and resolving the result.
        public let diagnostics: [Diagnostic]
        /// The files read, for rendering the diagnostics.
        public let files: [SourceFile]

        /// What a redefinition starts from (nil for a permutation the inputs could not choose).
        let base: RedefinitionBase?
        /// Whether these are token files merged together, whose errors that name no token are
        /// about a file whose tokens are missing (`soundTokens()`).
        var readsTokenFiles = false

        /// Whether any diagnostic is an error (then some values may be missing or wrong).
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// The resolved tokens; throws when the permutation has an error.
        public func tokens() throws(ResolutionFailure) -> ResolvedTokens {
            if let failure = ResolutionFailure.checking(diagnostics) { throw failure }
            return partialTokens
        }

        /// This permutation with `redefinition` applied — a runtime override, a white-label
        /// brand: the tokens it changes and their dependents are resolved and checked again,
        /// everything else is as it was.
        ///
        /// - Complexity: what the changed tokens and their dependents cost, plus O(n) to copy
        ///   the results; a redefinition that adds or removes tokens resolves the document whole.
        public func redefining(_ redefinition: Redefinition) -> Permutation {
            guard let base else { return self }
            let (redefined, diagnostics) = base.redefined(by: redefinition)
            return Permutation(contexts: contexts, document: redefined.resolution.document,
                partialTokens: redefined.resolution.resolved, diagnostics: diagnostics, files: files, base: redefined,
                readsTokenFiles: readsTokenFiles)
        }
    }
}

/// A token system with every permutation resolved and checked against the others
/// (`TokenSystem.checkAllPermutations()`), and with their tokens when asked for them and none
/// has an error (`TokenSystem.resolveAll()`).
public struct ResolvedSystem: Sendable {
    /// How many permutations were resolved.
    public let permutationCount: Int
    /// The resolver's and the sources' diagnostics, then each distinct problem of the
    /// permutations once (with a note naming the permutations when not all have it), then the
    /// checks across contexts.
    public let diagnostics: [Diagnostic]
    /// For each modifier, the tokens whose type or value changes when only that modifier leaves
    /// its default context.
    package let variesAlong: [String: [String]]
    /// The base permutation (every modifier at its default, or its first context).
    public let base: TokenSystem.Permutation?
    /// The files read, for rendering the diagnostics.
    public let files: [SourceFile]
    /// How many token resolutions all permutations took together: the base's tokens, plus, for
    /// each other permutation, the tokens it resolved again (all of them when it had to be
    /// resolved whole).
    public let tokensResolved: Int
    /// Every permutation's tokens in the numbering a theme is compiled in; nil unless
    /// `TokenSystem.resolveAll()` resolved them all without an error. After
    /// `resolveAll(keepingGoing: true)`, the sound tokens of every permutation even when there are
    /// errors (`hasErrors` still says so): a token left out of one permutation is left out of all.
    public internal(set) var permutations: ResolvedPermutations?
    /// The paths `resolveAll(keepingGoing: true)` left out of every permutation, because an error
    /// is about them or about a token they reference (see `SoundTokens`); sorted.
    public internal(set) var leftOut: [String] = []
    /// Each checked permutation's tokens by contexts, while `resolveAll()` lays them out.
    var kept: [[String: String]: ResolvedTokens]
    /// Each checked permutation's resolution by contexts, while `resolveAll(keepingGoing: true)`
    /// finds the sound tokens after an error, so that no permutation is resolved twice.
    var keptResolutions: [[String: String]: Resolution] = [:]

    init(
        permutationCount: Int, diagnostics: [Diagnostic], variesAlong: [String: [String]] = [:],
        base: TokenSystem.Permutation? = nil, files: [SourceFile], tokensResolved: Int = 0,
        kept: [[String: String]: ResolvedTokens] = [:]
    ) {
        self.permutationCount = permutationCount
        self.diagnostics = diagnostics
        self.variesAlong = variesAlong
        self.base = base
        self.files = files
        self.tokensResolved = tokensResolved
        self.kept = kept
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension TokenSystem {
    /// The tokens of the files or folders at `paths`, merged in order (or the base permutation
    /// of the system they are): one call for tools and tests that want one permutation.
    package static func resolving(paths: [String], options: PipelineOptions = PipelineOptions()) -> Permutation {
        var system = TokenSystem(paths: paths, options: options)
        return system.resolve()
    }

    /// The tokens of files in memory, merged in order.
    package static func resolving(files: [SourceFile], options: PipelineOptions = PipelineOptions()) -> Permutation {
        var system = TokenSystem(files: files, options: options)
        return system.resolve()
    }
}

extension Array where Element == Diagnostic {
    /// Diagnostics in the order to read them: problems reading files and their JSON first (the
    /// errors that others follow from), then by file, line and column, ties in the order found.
    public var inReadingOrder: [Diagnostic] { DiagnosticBag(self).sorted }

    /// Whether any of them is an error.
    package var hasErrors: Bool { contains { $0.severity == .error } }
    /// Errors found, counting what each summing-up line stands for (`Diagnostic.count`).
    package var errorCount: Int { reduce(0) { $0 + ($1.severity == .error ? $1.count : 0) } }
    /// Warnings found, counting what each summing-up line stands for (`Diagnostic.count`).
    package var warningCount: Int { reduce(0) { $0 + ($1.severity == .warning ? $1.count : 0) } }
}
