import Foundation

/// Tokens as a system: what every input becomes, and what every command, `tessera.yml`, lint,
/// diff, the catalog, compiling, converting and the ConfigParser facade read.
///
/// - Token files and folders, merged in order: a system of one set, whose merge reports a token
///   defined again with another value as a conflict.
/// - A DTCG resolver document: sets and modifiers, one permutation per choice of contexts.
/// - Anything an importer reads with its modes: an asset catalog, Figma variables, a Tokens
///   Studio project, a Gentle spec.
///
/// ```swift
/// var system = TokenSystem(paths: ["tokens.resolver.json"])
/// let dark = system.resolve(inputs: ["theme": "dark"])
/// let accent = try dark.tokens()["color.accent"]   // throws when dark has errors
/// let all = system.resolveAll()                    // every permutation, checked against the others
/// ```
///
/// Its three jobs are kept apart: a source cache reads and parses each source once
/// (`SourceCache`); a permutation resolver resolves the base permutation whole and the others
/// from it where they only redefine tokens (`PermutationResolver`); a permutation check compares
/// them (`PermutationCheck`). A system is a value: resolving fills its caches, so keep it in a
/// `var` to resolve several permutations; a copy carries caches of its own.
public struct TokenSystem: Sendable {
    /// The resolver: read from its file, put together by an importer, or, for token files, one
    /// set of them. Nil when the resolver file could not be read as JSON.
    public let resolver: ResolverDocument?
    public private(set) var options: PipelineOptions

    var sources: SourceCache
    var resolution: PermutationResolver
    /// Problems of the resolver and of loading, reported with every permutation.
    private var resolverDiagnostics: [Diagnostic]
    /// Whether this is token files merged (no modifiers; conflicts reported).
    var isTokenFiles: Bool { resolution.policy == .reportConflicts }

    // MARK: - The front door

    /// Reads `paths` the way every command does. The importer registry alone says what they
    /// are: one resolver, or a system an importer reads with its modes, or else token files
    /// and folders merged in order (under a forced format, `--source-format dtcg`, a resolver
    /// document is read as token files).
    public init(paths: [String], options: PipelineOptions = PipelineOptions()) {
        let paths = paths.map(TokenFileLoader.usablePath)
        if options.importers.readsAsSystem(paths) {
            self = options.importers.system(for: paths, options: options)
        } else {
            self.init(tokenFilesAt: paths, options: options)
        }
    }

    /// Token files and folders at `paths`, merged in order, whatever their format: what
    /// `init(paths:options:)` reads once the registry has said the paths are not one system.
    package init(tokenFilesAt paths: [String], options: PipelineOptions) {
        var diagnostics: [Diagnostic] = []
        let files = TokenFileLoader.files(at: paths, importers: options.importers, maximumFileSize: options.limits.fileSize,
            overlays: options.overlays, diagnostics: &diagnostics)
        self.init(files: files, options: options, loading: diagnostics)
    }

    /// Token files already in memory, merged in the order given (later files win; a token
    /// defined again with another value is a `merge.conflict`).
    public init(files: [SourceFile], options: PipelineOptions = PipelineOptions()) {
        self.init(files: files, options: options, loading: [])
    }

    package init(files: [SourceFile], options: PipelineOptions, loading: [Diagnostic]) {
        var problems = loading
        let seed = PathTable.randomSeed()
        var layers: [ResolverDocument.Source] = []
        for file in files {
            switch options.importers.importer(for: file) {
            case let importer as any LayerImporter:
                let layer = (importer as? any SeededLayerImporter)?.layer(of: file, seed: seed) ?? importer.layer(of: file)
                layers.append(ResolverDocument.Source(.built(layer), at: SourceAnchor(file: file, offset: 0)))
            case let importer?:
                problems.append(Diagnostic(.systemAmongTokenFiles(file.path, format: importer.name),
                    at: SourceLocation(file: file.path, line: 0, column: 0),
                    notes: [Diagnostic.Note("read it on its own, with the token files it names")]))
            case nil:
                problems.append(Diagnostic(.noImporter(for: file.path),
                    at: SourceLocation(file: file.path, line: 0, column: 0),
                    notes: [Diagnostic.Note("formats read: " + options.importers.names.joined(separator: ", "))]))
            }
        }
        let anchor = files.first ?? SourceFile(path: "", bytes: [])
        let resolver = ResolverDocument(layers: [.set(ResolverDocument.TokenSet(name: "tokens", sources: layers))], file: anchor)
        var cache = SourceCache(directory: "", seed: seed, options: options, resolverFile: nil,
            problems: problems)
        for file in files { cache.noteRead(file) }
        self.init(resolver: resolver, options: options, policy: .reportConflicts, sources: cache, diagnostics: problems)
    }

    /// Reads the resolver at `path` and the sources it names (lazily, as permutations need them).
    public init(resolverAt path: String, options: PipelineOptions = PipelineOptions()) {
        var diagnostics: [Diagnostic] = []
        let file = TokenFileLoader.read(path, options: options, diagnostics: &diagnostics)
        self.init(file: file, options: options, loading: diagnostics)
    }

    /// Reads a resolver already in memory; file sources are found relative to its path.
    public init(resolver file: SourceFile, options: PipelineOptions = PipelineOptions()) {
        self.init(file: file, options: options, loading: [])
    }

    /// Reads a resolver already in memory whose sources are read from `overlays` where one has
    /// the source's path (resolved against the resolver's folder), else from disk: an editor's
    /// unsaved buffers.
    package init(resolver file: SourceFile, overlays: [SourceFile], options: PipelineOptions = PipelineOptions()) {
        self.init(file: file, options: options, loading: [])
        for overlay in overlays where overlay.path != file.path { sources.noteRead(overlay) }
    }

    /// A resolver put together in memory — by an importer of a format with modes, whose sources
    /// are usually layers it built (`ResolverDocument.Source.Origin.built`). File sources are
    /// found relative to the document's file.
    public init(_ resolver: ResolverDocument, options: PipelineOptions = PipelineOptions()) {
        let directory = (resolver.file.path as NSString).deletingLastPathComponent
        var cache = SourceCache(directory: directory, seed: PathTable.randomSeed(), options: options,
            resolverFile: resolver.file, problems: [])
        cache.noteRead(resolver.file)
        self.init(resolver: resolver, options: options, policy: .laterWins, sources: cache, diagnostics: [])
    }

    /// A system that could not be read: no permutations, and the reasons.
    package init(unreadable path: String, diagnostics: [Diagnostic], options: PipelineOptions) {
        self.init(file: nil, options: options, loading: diagnostics)
    }

    private init(file: SourceFile?, options: PipelineOptions, loading: [Diagnostic]) {
        guard let file else {
            let cache = SourceCache(directory: ".", seed: PathTable.randomSeed(), options: options,
                resolverFile: nil, problems: loading)
            self.init(resolver: nil, options: options, policy: .laterWins, sources: cache, diagnostics: loading)
            return
        }
        let (document, found) = ResolverDocument.read(file)
        let directory = (file.path as NSString).deletingLastPathComponent
        var cache = SourceCache(directory: directory, seed: PathTable.randomSeed(), options: options,
            resolverFile: file, problems: loading + found)
        cache.noteRead(file)
        self.init(resolver: document, options: options, policy: .laterWins, sources: cache, diagnostics: loading + found)
    }

    private init(
        resolver: ResolverDocument?, options: PipelineOptions, policy: MergePolicy, sources: SourceCache, diagnostics: [Diagnostic]
    ) {
        self.resolver = resolver
        self.options = options
        self.sources = sources
        resolution = PermutationResolver(resolver: resolver, options: options, policy: policy, directory: sources.directory)
        resolverDiagnostics = diagnostics
    }

    /// This system with `notes` about how it was read (files beside it left out), reported
    /// with the resolver's own problems.
    package func noting(_ notes: [Diagnostic]) -> TokenSystem {
        var system = self
        system.resolverDiagnostics += notes
        system.sources.report(notes)
        return system
    }

    // MARK: - What it holds

    /// Problems of the resolver (or of loading the token files) and of the sources read so far,
    /// each found once.
    public var diagnostics: [Diagnostic] { sources.problemsFound }

    /// Every file read so far, the resolver first.
    public var files: [SourceFile] { sources.filesRead.files }

    /// Whether the resolver or a source has an error (permutations may add their own).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Beyond this many permutations, only those changing one modifier at a time are checked,
    /// and none is compiled.
    package static var permutationLimit: Int { Numbering.limit }

    /// The contexts of the base permutation: each modifier's default, else its first context.
    package var baseContexts: [String: String] { resolution.baseContexts }

    // MARK: - Resolving

    /// How a permutation other than the base one is resolved.
    public enum Strategy: Sendable {
        /// From the base permutation when it only redefines tokens (the default), else whole.
        case fromBase
        /// Always whole: every source merged and every token resolved again.
        case whole
    }

    /// The base permutation: every modifier at its default context (for token files, the
    /// tokens).
    public mutating func resolve() -> Permutation {
        resolve(contexts: baseContexts)
    }

    /// Resolves the permutation that `inputs` (modifier → context, matched without regard to
    /// case) and the defaults choose. When they choose none (an unknown modifier or context, a
    /// modifier without a default left out), the permutation has no tokens and its diagnostics
    /// say why.
    public mutating func resolve(inputs: [String: String]) -> Permutation {
        guard let resolver else { return failed(diagnostics) }
        let choice = resolver.contexts(for: inputs)
        guard choice.diagnostics.isEmpty else { return failed(diagnostics + choice.diagnostics) }
        return resolve(contexts: choice.contexts)
    }

    /// Puts together and resolves the permutation with these contexts, the way `strategy` says;
    /// both ways give the same result.
    public mutating func resolve(contexts: [String: String], strategy: Strategy = .fromBase) -> Permutation {
        if strategy == .whole { return wholePermutation(contexts: contexts) }
        let state = resolution.resolve(contexts, sources: &sources)
        return permutation(state, contexts: contexts, seenBy: [resolution.base?.limiter, state.limiter].compactMap { $0 })
    }

    /// This system finding every warning, past any warning limit (what it has resolved is
    /// resolved again).
    package func findingEveryWarning() -> TokenSystem {
        var system = self
        system.options.warningLimit = nil
        system.resolution.findEveryWarning()
        return system
    }

    /// The permutation resolved whole, never from the base one (to check the two agree).
    package mutating func wholePermutation(contexts: [String: String]) -> Permutation {
        let state = resolution.mergeAndResolve(contexts, sources: &sources)
        return permutation(state, contexts: contexts, seenBy: [state.limiter])
    }

    /// Whether the permutation can be resolved from the base one.
    package mutating func resolvesAsVariant(contexts: [String: String]) -> Bool {
        resolution.resolvesAsVariant(contexts, sources: &sources)
    }

    /// A resolved permutation with everything found on the way to it: the resolver's problems,
    /// its sources', merging and resolving (warnings past the limit summed up, counting those
    /// `limiters` held back), with `strict` applied.
    mutating func permutation(_ state: Resolution, contexts: [String: String], seenBy limiters: [WarningLimiter])
        -> Permutation
    {
        let found = resolverDiagnostics + sources.diagnostics(of: resolver?.sources(for: contexts) ?? [])
        var whole = state
        whole.diagnostics = state.diagnostics(carriedFrom: resolution.base)
        whole.affected = nil
        var diagnostics = options.finish(Diagnostic.joined([found,
            WarningLimiter.limit(Diagnostic.joined([state.mergeDiagnostics, whole.diagnostics]),
                to: options.effectiveWarningLimit, seenBy: limiters)]))
        if let empty = emptiness(of: state, among: diagnostics) { diagnostics.append(empty) }
        return Permutation(contexts: contexts, document: state.document, partialTokens: state.resolved,
            diagnostics: diagnostics,
            files: files,
            base: RedefinitionBase(resolution: whole, validators: resolution.validators, options: options,
                sourceDiagnostics: found + state.mergeDiagnostics),
            readsTokenFiles: isTokenFiles)
    }

    /// The error of a permutation into which no token was merged, unless an error already says
    /// why: a check, a build or an export that read no token would otherwise succeed with
    /// nothing, and a job guarding the tokens pass with every token gone.
    private func emptiness(of state: Resolution, among diagnostics: [Diagnostic]) -> Diagnostic? {
        guard state.document.count == 0, !diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        let read = files.filter { $0.path != resolver?.file.path || isTokenFiles }
        return EmptySystem.diagnostic(files: read.isEmpty ? files : read, paths: [], importers: options.importers)
    }

    /// A permutation that could not be put together, with the reasons.
    private func failed(_ problems: [Diagnostic]) -> Permutation {
        let document = TokenDocument(seed: sources.seed)
        let nothing = ResolvedTokens(document: document, types: [], values: [], aliasTargets: [], groupDeprecations: [])
        return Permutation(contexts: [:], document: document, partialTokens: nothing, diagnostics: options.finish(problems),
            files: files, base: nil)
    }

    // MARK: - Every permutation

    /// Resolves every permutation and checks them against each other: a token defined in some
    /// contexts but not in others, or whose type changes between contexts, is reported with the
    /// contexts named; a problem found in some permutations only says in which.
    ///
    /// Works on a copy of the system: one call resolves everything it needs, whether the
    /// system is kept or not.
    ///
    /// - Complexity: the base permutation is resolved whole; each other one, when it only
    ///   redefines tokens, costs what it changes.
    public func checkAllPermutations() -> ResolvedSystem {
        var system = self
        return system.check(keepingTokens: false)
    }

    /// Every permutation resolved and checked against the others, and, when none has an
    /// error, their tokens in the numbering a theme is compiled in (`ResolvedSystem.permutations`):
    /// what compiling, code generation, lint, diff and the catalog read. Each permutation is
    /// resolved once, on a copy of the system.
    public func resolveAll() -> ResolvedSystem {
        resolveAll(keepingGoing: false)
    }

    /// Every permutation resolved and checked, as `resolveAll()`; with `keepingGoing`, an error
    /// leaves out only the tokens it touches: `permutations` then holds every permutation's
    /// sound tokens (`SoundTokens` says which), the same tokens left out of each (`leftOut`), and
    /// each error that took tokens out carries a note counting and naming them. `hasErrors` still
    /// says an error happened.
    public func resolveAll(keepingGoing: Bool) -> ResolvedSystem {
        var system = self
        return system.resolvingAll(keepingGoing: keepingGoing)
    }

    private mutating func resolvingAll(keepingGoing: Bool) -> ResolvedSystem {
        guard let resolver else { return check(keepingTokens: false) }
        if resolver.permutationCount > Self.permutationLimit {
            let diagnostic = Diagnostic(.themeTooManyPermutations(resolver.permutationCount, limit: Self.permutationLimit),
                at: SourceAnchor(file: resolver.file, offset: 0).location())
            return ResolvedSystem(permutationCount: 0, diagnostics: diagnostics + [diagnostic], files: files)
        }
        var report = checked(keepingTokens: true, keepingStates: false, keepingResolutions: keepingGoing).result
        let numbering = Numbering(resolver.modifiers.map { modifier in
            ThemeModifier(name: modifier.name, contexts: modifier.contextNames,
                defaultContext: modifier.defaultContext ?? modifier.contextNames.first ?? "")
        })
        guard !report.hasErrors else {
            report.kept = [:]
            let resolutions = report.keptResolutions
            report.keptResolutions = [:]
            return keepingGoing ? soundLayout(of: report, numbering: numbering, resolutions: resolutions) : report
        }
        report.keptResolutions = [:]
        var resolved: [ResolvedTokens] = []
        for permutation in 0..<numbering.count {
            let contexts = numbering.contexts(of: permutation)
            if let tokens = report.kept[contexts] {
                resolved.append(tokens)
                continue
            }
            do {
                resolved.append(try resolve(contexts: contexts).tokens())
            } catch {
                return ResolvedSystem(permutationCount: report.permutationCount, diagnostics: report.diagnostics + error.errors,
                    base: report.base, files: files)
            }
        }
        report.kept = [:]
        report.permutations = ResolvedPermutations(numbering: numbering, tokens: resolved)
        return report
    }

    /// `report` with the sound tokens of every permutation laid out: a token an error touches in
    /// one permutation is left out of all, with whatever references it in any of them. Each
    /// permutation the check resolved (`resolutions`) is taken as it is, not resolved again.
    private mutating func soundLayout(of report: ResolvedSystem, numbering: Numbering,
        resolutions: [[String: String]: Resolution]) -> ResolvedSystem
    {
        let all = (0..<numbering.count).map { number in
            let contexts = numbering.contexts(of: number)
            guard let state = resolutions[contexts] else { return resolve(contexts: contexts) }
            return permutation(state, contexts: contexts, seenBy: [resolution.base?.limiter, state.limiter].compactMap { $0 })
        }
        let graphs = all.compactMap { $0.base.map { Soundness.Graph($0.resolution) } }
        // Each permutation's own errors are among the report's, found once, located alike.
        let soundness = Soundness(graphs: graphs.count == all.count ? graphs : [], diagnostics: report.diagnostics,
            notAboutATokenStopsAll: !isTokenFiles)
        var sound = ResolvedSystem(permutationCount: report.permutationCount, diagnostics: soundness.annotated(report.diagnostics),
            variesAlong: report.variesAlong, base: report.base, files: files, tokensResolved: report.tokensResolved)
        sound.permutations = ResolvedPermutations(numbering: numbering, tokens: all.map { soundness.keeping($0.partialTokens) })
        sound.leftOut = soundness.leftOut
        return sound
    }

    private mutating func check(keepingTokens: Bool) -> ResolvedSystem {
        checked(keepingTokens: keepingTokens, keepingStates: false).result
    }

    /// How many tokens a system's base permutation has when what a check of every permutation
    /// is done with is freed on another thread (`Parallel.release(_:)`).
    static let freedElsewhere = 10_000

    /// Every permutation resolved and checked against the others; with `keepingStates`, what a
    /// check after an edit starts from (`CheckedSystem`), when every permutation but the base
    /// was resolved from it and merging found nothing. The result's diagnostics are the finished
    /// ones as `listing` lists them.
    mutating func checked(
        keepingTokens: Bool, keepingStates: Bool, keepingResolutions: Bool = false,
        listing: @Sendable ([Diagnostic]) -> [Diagnostic] = { $0 }
    ) -> (result: ResolvedSystem, states: CheckedSystem.States?)
    {
        guard let resolver else { return (ResolvedSystem(permutationCount: 0, diagnostics: diagnostics, files: files), nil) }
        if isTokenFiles {
            // One permutation: its diagnostics as validating the files gives them.
            let tokens = resolve()
            return (ResolvedSystem(permutationCount: 1, diagnostics: tokens.diagnostics.inReadingOrder, base: tokens, files: files,
                tokensResolved: tokens.document.count, kept: keepingTokens ? [[:]: tokens.partialTokens] : [:]), nil)
        }
        let baseContexts = self.baseContexts
        // Every warning found: a definition several permutations take is parsed once.
        if options.effectiveWarningLimit == nil { resolution.valueMemo = ValueMemo() }
        // A large system's are freed on another thread: an entry for every value parsed.
        var freeElsewhere = false
        defer {
            if let memo = resolution.valueMemo.take(), freeElsewhere { Parallel.release(memo) }
        }
        let base = resolution.resolve(baseContexts, sources: &sources)
        freeElsewhere = base.document.count >= Self.freedElsewhere
        resolution.valueMemo?.startLookingUp()
        var notices: [Diagnostic] = []
        let permutations: [[String: String]]
        if resolver.permutationCount <= Self.permutationLimit {
            permutations = resolver.permutations
        } else {
            // Too many to resolve each: the base, and each context of each modifier on its own.
            permutations = [baseContexts] + resolver.modifiers.flatMap { modifier in
                modifier.contexts.filter { $0.name != baseContexts[modifier.name] }
                    .map { baseContexts.merging([modifier.name: $0.name]) { $1 } }
            }
            notices.append(Diagnostic(
                .permutationsLimited(count: resolver.permutationCount, limit: Self.permutationLimit, checked: permutations.count),
                at: SourceAnchor(file: resolver.file, offset: 0).location(),
                notes: [Diagnostic.Note("other combinations can be resolved one at a time by naming their contexts")]))
        }
        var kept: [[String: String]: ResolvedTokens] = [:]
        var keptResolutions: [[String: String]: Resolution] = [:]
        var variants: [Resolution?] = []
        var keepable = keepingStates && base.mergeDiagnostics.isEmpty
        // Every source parsed and indexed first; then the permutations are resolved side by side
        // (each thread with its own copy of the caches, which no longer change), each taken by
        // whichever thread is free, and checked in order on a thread of their own, each as soon
        // as it and those before it are resolved.
        resolution.prepare(permutations, sources: &sources)
        let keeping = keepingTokens || keepingResolutions || keepable
        let pipeline = CheckPipeline(
            PermutationCheck(resolver: resolver, base: base, baseContexts: baseContexts, permutations: permutations),
            count: permutations.count, keeping: keeping)
        let (resolution, sources) = (self.resolution, self.sources)
        let addingTokens = !keepingTokens && !keepingResolutions
        // The base is resolved; a single other permutation is resolved on this thread, where it
        // resolves its tokens on every core.
        let others = permutations.indices.filter { permutations[$0] != baseContexts }
        for number in permutations.indices where permutations[number] == baseContexts { pipeline.resolved(base, number: number) }
        _ = Parallel.map(others.count) { position -> Bool in
            let number = others[position]
            pipeline.waitForTurn(number)
            var resolution = resolution, sources = sources
            // Only the diagnostics are read: the order of a permutation's tokens is free.
            pipeline.resolved(resolution.resolve(permutations[number], sources: &sources, addingTokens: addingTokens), number: number)
            return true
        }
        let (states, check) = pipeline.finish()
        for (number, state) in states.enumerated() {
            guard let state else { continue }
            let contexts = permutations[number]
            if keepingTokens { kept[contexts] = state.resolved }
            if keepingResolutions { keptResolutions[contexts] = state }
            if keepable {
                keepable = contexts == baseContexts || state.affected != nil && state.mergeDiagnostics.isEmpty
                variants.append(contexts == baseContexts ? nil : state)
            }
        }
        let before = notices + diagnostics
        // The diagnostics are finished while the base permutation is put together: neither
        // needs the other. Its sources are parsed: putting it together reads what they found,
        // changing nothing.
        let tail = CheckTail()
        let system = self
        _ = Parallel.map(2) { job -> Bool in
            if job == 0 {
                let checkDiagnostics = check.diagnostics
                // The permutation check's diagnostics are distinct (with no limit, all are kept
                // as they are).
                let limit = system.options.effectiveWarningLimit
                var limited = system.options.finish(
                    WarningLimiter.limit(before + checkDiagnostics, to: limit, seenBy: check.limiters),
                    distinctFrom: limit == nil ? before.count : nil)
                if let empty = system.emptiness(of: base, among: limited) { limited.append(empty) }
                tail.checkDiagnostics = checkDiagnostics
                tail.diagnostics = listing(limited)
            } else {
                var system = system
                tail.base = system.permutation(base, contexts: baseContexts, seenBy: [base.limiter])
                tail.variesAlong = check.tokensVaryingAlong
            }
            return true
        }
        var result = ResolvedSystem(permutationCount: permutations.count, diagnostics: tail.diagnostics,
            variesAlong: tail.variesAlong, base: tail.base, files: files, tokensResolved: check.tokensResolved, kept: kept)
        result.keptResolutions = keptResolutions
        let checkDiagnostics = tail.checkDiagnostics
        guard keepable else { return (result, nil) }
        return (result, CheckedSystem.States(permutations: permutations, baseContexts: baseContexts, base: base,
            variants: variants, before: before, checkDiagnostics: checkDiagnostics))
    }
}

/// What the last step of `TokenSystem.checked` makes side by side, each field written by one
/// thread and read once both are done.
private final class CheckTail: @unchecked Sendable {
    var checkDiagnostics: [Diagnostic] = []
    var diagnostics: [Diagnostic] = []
    var base: TokenSystem.Permutation?
    var variesAlong: [String: [String]] = [:]
}

/// The permutations of `TokenSystem.checked`, resolved on several threads and checked in
/// order on a thread of their own. A permutation is resolved only when fewer than `window`
/// before it wait to be checked, which bounds the resolutions held at once: the threads take
/// the permutations in increasing order, so the first one not checked is always being resolved
/// or resolved.
///
/// Unchecked: the waiting states and the count checked are read and written under `condition`;
/// `check` and `kept` only by the checking thread until `finish()` has waited for it.
private final class CheckPipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [Int: Resolution] = [:]
    private var checked = 0
    private let count: Int
    private let window = 4
    private var check: PermutationCheck
    /// Each permutation's resolution once checked, when the caller keeps them.
    private var kept: [Resolution?]
    private let keeping: Bool
    private let done = DispatchGroup()
    /// A serial queue of its own: it gets a thread even while the resolving threads take every
    /// core, so each permutation is checked while the next are resolved.
    private let queue = DispatchQueue(label: "tessera.check")

    init(_ check: PermutationCheck, count: Int, keeping: Bool) {
        self.count = count
        self.keeping = keeping
        self.check = check
        kept = Array(repeating: nil, count: keeping ? count : 0)
        queue.async(group: done) { self.checkInOrder() }
    }

    /// Waits until the permutation numbered `number` may be resolved.
    func waitForTurn(_ number: Int) {
        condition.lock()
        while number >= checked + window { condition.wait() }
        condition.unlock()
    }

    /// Hands over a permutation's resolution to be checked.
    func resolved(_ state: Resolution, number: Int) {
        condition.lock()
        waiting[number] = state
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for every permutation to be checked: their resolutions by number when kept, and
    /// the check that took them in.
    func finish() -> (states: [Resolution?], check: PermutationCheck) {
        done.wait()
        return (kept, check)
    }

    private func checkInOrder() {
        for number in 0..<count {
            condition.lock()
            while waiting[number] == nil { condition.wait() }
            let state = waiting.removeValue(forKey: number)!
            condition.unlock()
            check.add(state, number: number)
            if keeping { kept[number] = state }
            condition.lock()
            checked = number + 1
            condition.broadcast()
            condition.unlock()
        }
    }
}
