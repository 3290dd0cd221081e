import Foundation

/// Puts token documents together as a resolver describes, one per combination of contexts,
/// and resolves them.
///
/// Each source (a file, the object a pointer names, a tree written inline) is read and parsed
/// once, however many sets, contexts and permutations use it; a permutation merges the parsed
/// sources in resolution order, later ones replacing earlier definitions (no conflict: that is
/// what overriding means here), and aliases are resolved on the merged result only.
///
/// ```swift
/// let composer = Composer(resolverAt: "tokens.resolver.json")
/// let dark = composer.resolve(inputs: ["theme": "dark"])
/// let accent = try dark.tokens()["color.accent"]   // throws when dark has errors
/// ```
///
/// A composer may be shared between tasks: its caches are guarded by a lock, and calls that
/// read or fill them run one at a time.
public final class Composer: @unchecked Sendable {
    /// The resolver, when its file could be read as JSON.
    public let resolver: ResolverDocument?
    public let options: PipelineOptions

    /// Guards everything below: the caches fill as permutations are asked for.
    private let lock = NSRecursiveLock()
    /// Problems of the resolver file and of its sources, found once.
    var problemsFound: [Diagnostic] = []
    /// Every file read, the resolver first.
    var filesRead = FilesRead()

    let directory: String
    let seed = PathTable.randomSeed()
    var parsed: [String: (file: SourceFile, fragment: TokenFragment)?] = [:]
    /// For each file source, the keys of the trees it stands for (see `trees(of:)`).
    var chains: [String: [String]] = [:]
    /// Files that sources point into (`file.json#/a/b`), parsed once each, by full path; nil
    /// for a file with syntax errors.
    var pointedInto: [String: (root: JSONValue, lookup: JSONMemberLookup)?] = [:]
    /// Each parsed source's tokens by path and group properties, for resolving variants.
    var contents: [String: SourceContents] = [:]
    var closedMentions: [String: Bool] = [:]
    /// What reading and parsing each source found, by source.
    var sourceProblems: [String: [Diagnostic]] = [:]
    /// What reading the resolver document found.
    var resolverDiagnostics: [Diagnostic] = []
    /// The base permutation's resolution, which the others are resolved from.
    var baseState: Resolution? {
        didSet { baseDependents = nil }
    }
    /// Who references whom in the base permutation, worked out for the first variant.
    var baseDependents: Resolution.Dependents?

    /// One permutation, put together and resolved.
    public struct Permutation: Sendable {
        /// Modifier name → context name.
        public let contexts: [String: String]
        public let document: TokenDocument
        /// What resolved, even where an error made values missing or wrong: for tools that
        /// show problems next to values. An app reads `tokens()`.
        public let partialTokens: ResolvedTokens
        /// Everything found on the way to this permutation: the inputs' and the resolver's
        /// problems, those of the sources it merges, merging them and resolving the result.
        public let diagnostics: [Diagnostic]

        /// Whether any of them is an error (then some values may be missing or wrong).
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// What a redefinition starts from (nil for a permutation the inputs could not choose).
        let base: RedefinitionBase?

        /// This permutation with `redefinition` applied — a runtime override, a white-label
        /// brand: the tokens it changes and their dependents are resolved and checked again,
        /// everything else is as it was.
        public func redefining(_ redefinition: Redefinition) -> Permutation {
            guard let base else { return self }
            let (redefined, diagnostics) = base.redefined(by: redefinition)
            return Permutation(contexts: contexts, document: redefined.resolution.document,
                partialTokens: redefined.resolution.resolved, diagnostics: diagnostics, base: redefined)
        }

        /// The resolved tokens; throws when the permutation has an error.
        public func tokens() throws(ResolutionFailure) -> ResolvedTokens {
            if let failure = ResolutionFailure.checking(diagnostics) { throw failure }
            return partialTokens
        }

        /// `theme=dark, size=mobile`, in the resolver's modifier order.
        public func label(_ resolver: ResolverDocument) -> String {
            resolver.modifiers.compactMap { modifier in contexts[modifier.name].map { "\(modifier.name)=\($0)" } }
                .joined(separator: ", ")
        }
    }

    /// Reads the resolver at `path` and the sources it names (lazily, as permutations need them).
    public convenience init(resolverAt path: String, options: PipelineOptions = PipelineOptions()) {
        var diagnostics: [Diagnostic] = []
        let file = TokenFileLoader.read(path, maximum: options.limits.fileSize, diagnostics: &diagnostics)
        self.init(file: file, options: options, loadDiagnostics: diagnostics)
    }

    /// Reads a resolver already in memory; file sources are found relative to its path.
    public convenience init(resolver file: SourceFile, options: PipelineOptions = PipelineOptions()) {
        self.init(file: file, options: options, loadDiagnostics: [])
    }

    /// Composes a resolver put together in memory — by an importer of a format with modes,
    /// whose sources are usually layers it built (`ResolverDocument.Source.Origin.built`).
    /// File sources are found relative to the document's file.
    public init(_ resolver: ResolverDocument, options: PipelineOptions = PipelineOptions()) {
        self.options = options
        self.resolver = resolver
        filesRead.append(resolver.file)
        directory = (resolver.file.path as NSString).deletingLastPathComponent
    }

    /// A composer for a system that could not be read: no permutations, and the reasons.
    convenience init(unreadable path: String, diagnostics: [Diagnostic], options: PipelineOptions) {
        self.init(file: nil, options: options, loadDiagnostics: diagnostics)
    }

    private init(file: SourceFile?, options: PipelineOptions, loadDiagnostics: [Diagnostic]) {
        self.options = options
        problemsFound = loadDiagnostics
        guard let file else {
            resolverDiagnostics = loadDiagnostics
            resolver = nil
            directory = "."
            return
        }
        filesRead.append(file)
        directory = (file.path as NSString).deletingLastPathComponent
        let (document, found) = ResolverDocument.read(file)
        resolver = document
        problemsFound += found
        resolverDiagnostics = problemsFound
    }

    /// Runs `body` holding the lock (calls from inside it take it again freely).
    func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Problems of the resolver file and of the sources read so far, each found once.
    public var diagnostics: [Diagnostic] { locked { problemsFound } }

    /// Every file read so far, the resolver first.
    public var files: [SourceFile] { locked { filesRead.files } }

    /// How many warnings of one kind per file are listed (none: all are).
    var warningLimit: Int? { options.effectiveWarningLimit }

    /// Whether the resolver or a source has an error (permutations may add their own).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Resolves the permutation that `inputs` (modifier → context, matched without regard to
    /// case) and the defaults choose. When they choose none (an unknown modifier or context, a
    /// modifier without a default left out), the permutation has no tokens and its
    /// diagnostics say why.
    public func resolve(inputs: [String: String]) -> Permutation {
        locked {
            guard let resolver else { return failed(problemsFound) }
            let choice = resolver.contexts(for: inputs)
            guard choice.diagnostics.isEmpty else { return failed(problemsFound + choice.diagnostics) }
            return resolve(contexts: choice.contexts)
        }
    }

    /// A permutation that could not be put together, with the reasons.
    private func failed(_ problems: [Diagnostic]) -> Permutation {
        let document = TokenDocument(seed: seed)
        let nothing = ResolvedTokens(document: document, types: [], values: [], aliasTargets: [], groupDeprecations: [])
        return Permutation(contexts: [:], document: document, partialTokens: nothing, diagnostics: options.finish(problems),
            base: nil)
    }

    /// Puts together and resolves the permutation with these contexts.
    ///
    /// The base permutation (`baseContexts`) is resolved whole, once; another is resolved from
    /// it when it differs only in the definitions of tokens the base has (the usual case: a
    /// context overrides values), re-resolving just those tokens and the tokens that depend on
    /// them. Anything else (new or missing tokens, different group types, `$extends`) is
    /// resolved whole.
    public func resolve(contexts: [String: String]) -> Permutation {
        locked {
            let state = resolveState(contexts: contexts)
            return permutation(state, contexts: contexts, seenBy: [baseState?.limiter, state.limiter].compactMap { $0 })
        }
    }

    /// A resolved permutation with everything found on the way to it: the resolver's problems,
    /// its sources', merging and resolving (warnings past the limit summed up, counting those
    /// `limiters` held back), with `strict` applied.
    func permutation(_ state: Resolution, contexts: [String: String], seenBy limiters: [WarningLimiter]) -> Permutation {
        let sources = resolverDiagnostics + sourceDiagnostics(contexts: contexts)
        var whole = state
        whole.diagnostics = allDiagnostics(of: state)
        whole.affected = nil
        return Permutation(contexts: contexts, document: state.document, partialTokens: state.resolved,
            diagnostics: options.finish(sources
                + WarningLimiter.limit(state.mergeDiagnostics + whole.diagnostics, to: warningLimit, seenBy: limiters)),
            base: RedefinitionBase(resolution: whole, validators: validators, options: options,
                sourceDiagnostics: sources + state.mergeDiagnostics))
    }

    /// Everything resolving a permutation found: for one resolved from the base, the base's
    /// diagnostics about the tokens it did not resolve again, then its own.
    func allDiagnostics(of state: Resolution) -> [Diagnostic] {
        state.diagnostics(carriedFrom: baseState)
    }

    func resolveState(contexts: [String: String]) -> Resolution {
        let baseContexts = self.baseContexts
        if baseState == nil, contexts != baseContexts { baseState = mergeAndResolve(contexts: baseContexts) }
        if let base = baseState {
            if contexts == baseContexts { return base }
            if let variant = resolveVariant(contexts: contexts, base: base, baseContexts: baseContexts) { return variant }
            return mergeAndResolve(contexts: contexts)
        }
        let state = mergeAndResolve(contexts: contexts)
        baseState = state
        return state
    }

    /// How a permutation other than the base one is resolved.
    public enum Strategy: Sendable {
        /// From the base permutation when it only redefines tokens (the default), else whole.
        case fromBase
        /// Always whole: every source merged and every token resolved again.
        case whole
    }

    /// Puts together and resolves the permutation with these contexts, the way `strategy` says;
    /// both ways give the same result.
    public func resolve(contexts: [String: String], strategy: Strategy) -> Permutation {
        strategy == .whole ? locked { wholePermutation(contexts: contexts) } : resolve(contexts: contexts)
    }

    /// The permutation resolved whole, never from the base one (to check the two agree).
    package func wholePermutation(contexts: [String: String]) -> Permutation {
        let state = mergeAndResolve(contexts: contexts)
        return permutation(state, contexts: contexts, seenBy: [state.limiter])
    }

    /// What merging the permutation's sources finds, whichever way it is then resolved: closed
    /// tokens defined again.
    func mergeDiagnostics(contexts: [String: String]) -> [Diagnostic] {
        Stages.closedTokens(in: layers(for: contexts)) { contents(of: $0.key!) }
    }

    /// The parsed sources of a permutation, in merge order.
    func layers(for contexts: [String: String]) -> [Stages.Layer] {
        (resolver?.sources(for: contexts) ?? []).flatMap(trees(of:)).map {
            Stages.Layer(file: $0.file, fragment: $0.fragment, key: $0.key, mentionsClosed: mentionsClosed($0.key))
        }
    }

    /// Whether a parsed source says anything about closed tokens (known without indexing it).
    func mentionsClosed(_ key: String) -> Bool {
        if let known = closedMentions[key] { return known }
        let mentions = (parsed[key] ?? nil).map { ClosedTokens.mentioned(in: $0.fragment) } ?? false
        closedMentions[key] = mentions
        return mentions
    }

    /// Whether the permutation can be resolved from the base one (see `resolve(contexts:)`).
    package func resolvesAsVariant(contexts: [String: String]) -> Bool {
        let baseContexts = self.baseContexts
        guard contexts != baseContexts else { return false }
        let base = baseState ?? mergeAndResolve(contexts: baseContexts)
        baseState = base
        return resolveVariant(contexts: contexts, base: base, baseContexts: baseContexts) != nil
    }

    /// Merges the permutation's sources and resolves the result, through the same stages as
    /// token files (warning summaries are made when the diagnostics are reported, from the
    /// limiter the state keeps).
    private func mergeAndResolve(contexts: [String: String]) -> Resolution {
        var layers = layers(for: contexts)
        var merged = Stages.merge(&layers, policy: .laterWins, seed: seed) { contents(of: $0.key!) }
        merged.document.definedInUnusedSets = definedInUnusedSets
        return Stages.resolve(merged, options: options, validators: validators)
    }

    /// The tokens of the sets the resolver does not use, by path, with the set's name (the
    /// first set, when several define one).
    lazy var definedInUnusedSets: [String: String] = {
        var found: [String: String] = [:]
        for set in resolver?.unusedSets ?? [] {
            for tree in set.sources.flatMap(trees(of:)) {
                for piece in [tree.fragment.own] + tree.fragment.pieces {
                    for token in piece.tokens where found[token.path] == nil { found[token.path] = set.name }
                }
            }
        }
        return found
    }()

    /// The checks run after resolving, the same for every permutation and either strategy.
    var validators: [any TokenValidator] {
        Stages.validators(tiers: tiers, setNames: setNames)
    }

    /// The tier rules: the caller's, with the resolver's own settings applied.
    var tiers: TierRules? {
        resolver?.tierSettings.map { $0.applied(to: options.tiers) } ?? options.tiers
    }

    /// For each file a resolver set lists, the names of those sets (they say a tier).
    lazy var setNames: [String: [String]] = {
        var names: [String: [String]] = [:]
        for layer in resolver?.layers ?? [] {
            guard case .set(let set) = layer else { continue }
            for source in set.sources {
                if case .file(let path, _) = source.origin { names[resolvedPath(path, from: directory), default: []].append(set.name) }
            }
        }
        return names
    }()

}

/// The files a composer has read, in order, found again by path or by identity in constant time.
struct FilesRead {
    private(set) var files: [SourceFile] = []
    private var byPath: [String: SourceFile] = [:]
    private var identities = Set<ObjectIdentifier>()

    var first: SourceFile? { files.first }

    /// Adds `file` unless it is already there.
    mutating func append(_ file: SourceFile) {
        guard identities.insert(ObjectIdentifier(file)).inserted else { return }
        files.append(file)
        if byPath[file.path] == nil { byPath[file.path] = file }
    }

    /// The first file read from `path`.
    func file(atPath path: String) -> SourceFile? { byPath[path] }
}
