/// Options for loading and checking token files.
public struct PipelineOptions: Sendable {
    /// Treat every accepted legacy notation (`"#ff0000"`, `"16px"`, `"200ms"`) as an error.
    public var strict: Bool
    /// How many warnings of one id to report per file before summing up the rest in one
    /// warning; `nil` reports every one. Errors are always all reported, and so is every
    /// diagnostic under `strict`.
    package var warningLimit: Int?
    /// How tokens are sorted into tiers and how references against them are reported; nil
    /// checks no tiers. By default, tiers come from `$extensions` and conventional set and
    /// file names, and a reference against them is a warning.
    public var tiers: TierRules?
    /// The formats read, and how a file's format is recognized.
    public var importers: ImporterRegistry
    /// How much input is accepted before it is refused with a diagnostic.
    public var limits = Limits()

    /// How much input is accepted: each limit refuses what is past it with a located
    /// diagnostic, so that no input can take unbounded time or memory.
    public struct Limits: Sendable, Hashable {
        /// The largest file read, in bytes (`file.too-large`).
        package var fileSize = TokenFileLoader.maximumFileSize
        /// The most tokens `$extends` may copy into one document (`extends.too-large`): chains
        /// and diamonds of extending groups multiply what they copy.
        package var inheritedTokens = Limits.defaultInheritedTokens
        public static let defaultInheritedTokens = 250_000

        public init(fileSize: Int = TokenFileLoader.maximumFileSize, inheritedTokens: Int = Limits.defaultInheritedTokens) {
            self.fileSize = fileSize
            self.inheritedTokens = inheritedTokens
        }
    }

    public init(strict: Bool = false, warningLimit: Int? = 100, tiers: TierRules? = TierRules(),
        importers: ImporterRegistry = .standard)
    {
        self.strict = strict
        self.warningLimit = warningLimit
        self.tiers = tiers
        self.importers = importers
    }

    /// The warning limit in force: none under `strict`, where every warning that becomes an
    /// error must be listed.
    var effectiveWarningLimit: Int? { strict ? nil : warningLimit }

    /// The last stage of every entry point: under `strict`, every accepted legacy notation
    /// becomes an error. Applied once, by the engine, to everything a result carries.
    package func finish(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let diagnostics = Self.foldingFollowOns(diagnostics)
        guard strict else { return diagnostics }
        return diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.severity == .warning, diagnostic.id.breaksSpecification { diagnostic.severity = .error }
            return diagnostic
        }
    }
}

extension PipelineOptions {
    /// Folds what only follows from another diagnostic: the same diagnostic found twice (a
    /// token `$extends` copied reports what its original reports) is listed once; and while a
    /// file has JSON syntax errors, what may follow from the tokens it could not give (unknown
    /// references, types its groups would have given, tokens missing from some contexts) is
    /// summed up in a note on the first syntax error instead of listed.
    static func foldingFollowOns(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard diagnostics.count > 1 else { return diagnostics }
        var seen = Set<Diagnostic>(minimumCapacity: diagnostics.count)
        var kept = diagnostics.filter { seen.insert($0).inserted }
        guard let syntaxError = kept.firstIndex(where: { $0.id == .jsonSyntax }) else { return kept }
        let folded = kept.reduce(0) { $0 + (followsFromMissingTokens.contains($1.id) ? $1.count : 0) }
        guard folded > 0 else { return kept }
        kept[syntaxError].notes.append(Diagnostic.Note(
            "\(folded) more problem\(folded == 1 ? " is" : "s are") not listed until the syntax errors are fixed "
                + "(unknown references, missing types, tokens missing from some contexts): "
                + "\(folded == 1 ? "it" : "they") may follow from tokens of a file that could not be read"))
        kept.removeAll { followsFromMissingTokens.contains($0.id) }
        return kept
    }

    private static let followsFromMissingTokens: Set<DiagnosticID> = [.referenceUnknown, .missingType, .contextTokenMissing]
}

/// The outcome of loading, parsing, resolving and validating token files.
public struct PipelineResult: Sendable {
    public let files: [SourceFile]
    public let document: TokenDocument
    /// What resolved, even where an error made values missing or wrong: for tools that show
    /// problems next to values. An app reads `tokens()`.
    public let partialTokens: ResolvedTokens
    /// Everything found, loading included.
    public let diagnostics: DiagnosticBag

    /// What a redefinition starts from.
    let base: RedefinitionBase

    public var hasErrors: Bool { diagnostics.hasErrors }

    /// These tokens with `redefinition` applied: the tokens it changes and their dependents
    /// resolved again and checked again, everything else as it was.
    ///
    /// - Complexity: what the changed tokens and their dependents cost, plus O(n) to copy the
    ///   results; a redefinition that adds or removes tokens resolves the document whole.
    public func redefining(_ redefinition: Redefinition) -> PipelineResult {
        let (redefined, diagnostics) = base.redefined(by: redefinition)
        return PipelineResult(files: files, document: redefined.resolution.document,
            partialTokens: redefined.resolution.resolved, diagnostics: DiagnosticBag(diagnostics), base: redefined)
    }

    /// The resolved tokens; throws when anything found is an error.
    public func tokens() throws(ResolutionFailure) -> ResolvedTokens {
        if let failure = ResolutionFailure.checking(diagnostics.all) { throw failure }
        return partialTokens
    }
}

/// The whole engine in one call: load → parse → expand `$extends` → resolve → validate.
///
/// ```swift
/// let result = TokenPipeline.run(paths: ["Tokens/"])
/// if result.hasErrors { print(DiagnosticRenderer().render(result.diagnostics.sorted, files: result.files)) }
/// let accent = try result.tokens()["color.accent.600"]
/// ```
public enum TokenPipeline {
    /// Loads files and directories from disk.
    public static func run(paths: [String], options: PipelineOptions = PipelineOptions()) -> PipelineResult {
        var diagnostics: [Diagnostic] = []
        let files = TokenFileLoader.files(at: paths, importers: options.importers, maximumFileSize: options.limits.fileSize,
            diagnostics: &diagnostics)
        return run(files: files, options: options, initial: diagnostics)
    }

    /// Runs on files already in memory, merged in the order given (later files win).
    ///
    /// - Complexity: O(n) in the total size of the files and the number of tokens.
    public static func run(files: [SourceFile], options: PipelineOptions = PipelineOptions(),
        initial: [Diagnostic] = []) -> PipelineResult
    {
        var diagnostics = initial
        let seed = PathTable.randomSeed()
        var layers: [Stages.Layer] = []
        for file in files {
            let layer: BuiltLayer
            switch options.importers.importer(for: file) {
            case let dtcg as DTCGImporter:
                layer = dtcg.layer(of: file, seed: seed)
            case let importer as any LayerImporter:
                layer = importer.layer(of: file)
            case let importer?:
                diagnostics.append(Diagnostic(.systemAmongTokenFiles(file.path, format: importer.name),
                    at: SourceLocation(file: file.path, line: 0, column: 0),
                    notes: [Diagnostic.Note("read it on its own, with the token files it names")]))
                continue
            case nil:
                diagnostics.append(Diagnostic(.noImporter(for: file.path),
                    at: SourceLocation(file: file.path, line: 0, column: 0),
                    notes: [Diagnostic.Note("formats read: " + options.importers.names.joined(separator: ", "))]))
                continue
            }
            diagnostics += layer.diagnostics
            if let fragment = layer.fragment {
                layers.append(Stages.Layer(file: file, fragment: fragment, mentionsClosed: ClosedTokens.mentioned(in: fragment)))
            }
        }
        let merged = Stages.merge(&layers, policy: .reportConflicts, seed: seed) { SourceContents($0.fragment!, seed: seed) }
        let validators = Stages.validators(tiers: options.tiers, setNames: [:])
        let state = Stages.resolve(merged, options: options, validators: validators)
        let before = diagnostics + state.mergeDiagnostics
        let all = before + state.diagnostics + state.limiter.summaries()
        return PipelineResult(files: files, document: state.document, partialTokens: state.resolved,
            diagnostics: DiagnosticBag(options.finish(all)),
            base: RedefinitionBase(resolution: state, validators: validators, options: options, sourceDiagnostics: before))
    }
}
