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
    /// Texts read in place of files on disk (an editor's unsaved buffers): every reader of
    /// files — the engine's and every importer's — takes a file's text from here when it is
    /// here, so a system is checked as the editor holds it, whatever its format.
    public var overlays = SourceOverlays()
    /// The severity a team chose for diagnostic ids (`diagnostics:` in `tessera.yml`,
    /// `--diagnostic id=…`): a warning or note of that id is reported at the chosen severity,
    /// or left out when `off`. An error stays an error, with a note saying the setting cannot
    /// lower it: what an error stops (a value no output can hold, a reference to nothing) is
    /// not a matter of taste.
    public var severities: [DiagnosticID: RuleSetting] = [:]

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
        importers: ImporterRegistry = .dtcg)
    {
        self.strict = strict
        self.warningLimit = warningLimit
        self.tiers = tiers
        self.importers = importers
    }

    /// The warning limit in force: none under `strict`, where every warning that becomes an
    /// error must be listed.
    var effectiveWarningLimit: Int? { strict ? nil : warningLimit }

    /// What a resolution admits: the warning limit in force, and the ids turned `off` whose
    /// warnings and notes finishing would leave out, which are then never made. Not silenced:
    /// an id `strict` makes an error, and one a syntax error's note counts
    /// (`foldingFollowOns(_:distinctFrom:)`).
    var warningLimiter: WarningLimiter {
        var silenced: Set<DiagnosticID> = []
        for (id, setting) in severities where setting.severity == nil && !(strict && id.breaksSpecification)
            && !Self.followsFromMissingTokens.contains(id)
        {
            silenced.insert(id)
        }
        return WarningLimiter(limit: effectiveWarningLimit, silencing: silenced)
    }

    /// The last stage of every entry point: under `strict`, every accepted legacy notation
    /// becomes an error; then each id's chosen severity applies (`severities`). Applied once,
    /// by the engine, to everything a result carries. With `distinctFrom`, the diagnostics from
    /// that position on are known to be distinct among themselves (a permutation check's), so
    /// that when none comes before them, none is looked for twice.
    package func finish(_ diagnostics: [Diagnostic], distinctFrom start: Int? = nil) -> [Diagnostic] {
        var diagnostics = Self.foldingFollowOns(diagnostics, distinctFrom: start)
        if strict {
            for index in diagnostics.indices where diagnostics[index].severity == .warning && diagnostics[index].id.breaksSpecification {
                diagnostics[index].severity = .error
            }
        }
        return applyingSeverities(diagnostics)
    }

    /// `diagnostics` with `severities` applied: warnings and notes of a chosen id at its
    /// severity, or left out; errors unchanged, with a note when a setting would lower them.
    public func applyingSeverities(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !severities.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard let setting = severities[diagnostic.id] else { return diagnostic }
            var diagnostic = diagnostic
            if diagnostic.severity == .error {
                let note = Diagnostic.Note(
                    "'\(diagnostic.id)' is set to \(setting), but an error cannot be lowered or silenced; only warnings and notes can")
                if setting != .error, !diagnostic.notes.contains(note) { diagnostic.notes.append(note) }
                return diagnostic
            }
            guard let severity = setting.severity else { return nil }
            diagnostic.severity = severity
            return diagnostic
        }
    }
}

/// Texts that stand in for files on disk, by path.
public struct SourceOverlays: Sendable {
    private var byPath: [String: SourceFile] = [:]

    public init(_ files: [SourceFile] = []) {
        for file in files where byPath[file.path] == nil { byPath[file.path] = file }
    }

    /// The text standing in for the file at `path`, if any.
    public subscript(path: String) -> SourceFile? { byPath[path] }

    public var isEmpty: Bool { byPath.isEmpty }
}

extension PipelineOptions {
    /// Folds what only follows from another diagnostic: the same diagnostic found twice (a
    /// token `$extends` copied reports what its original reports) is listed once; and while a
    /// file has JSON syntax errors, what may follow from the tokens it could not give (unknown
    /// references, types its groups would have given, tokens missing from some contexts) is
    /// summed up in a note on the first syntax error instead of listed.
    static func foldingFollowOns(_ diagnostics: [Diagnostic], distinctFrom start: Int? = nil) -> [Diagnostic] {
        guard diagnostics.count > 1 else { return diagnostics }
        var kept = Self.listingOnce(diagnostics, distinctFrom: start)
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

    /// `diagnostics` with each listed once, in the order of their first appearance (the list
    /// itself when none is listed twice). Two are compared whole only when they have the same
    /// id and place.
    private static func listingOnce(_ diagnostics: [Diagnostic], distinctFrom start: Int?) -> [Diagnostic] {
        if let start {
            assert(repeats(in: Array(diagnostics[min(start, diagnostics.count)...]), onLinesOfParity: nil).isEmpty,
                "diagnostics said to be distinct are listed twice")
            // One listed twice is then before `start`, or equal to one before it.
            if start == 0 { return diagnostics }
        }
        // Two listed twice are on one line: many diagnostics are looked over on two threads,
        // those on even lines on one and those on odd lines on the other.
        let repeated = diagnostics.count >= 8_192 && Parallel.isUseful
            ? Parallel.map(2) { repeats(in: diagnostics, onLinesOfParity: $0) }.joined().sorted()
            : repeats(in: diagnostics, onLinesOfParity: nil)
        guard !repeated.isEmpty else { return diagnostics }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count - repeated.count)
        var next = 0
        for index in diagnostics.indices {
            if next < repeated.count, repeated[next] == index {
                next += 1
            } else {
                kept.append(diagnostics[index])
            }
        }
        return kept
    }

    /// The positions of the diagnostics listed before, among those on lines of `parity`
    /// (even 0, odd 1; all when nil), in increasing order.
    private static func repeats(in diagnostics: [Diagnostic], onLinesOfParity parity: Int?) -> [Int] {
        struct Place: Hashable {
            let id: DiagnosticID
            let file: String?
            let line: Int
            let column: Int

            // Hashed by where it is alone: hashing the id and the path of each of tens of
            // thousands of diagnostics would cost more than comparing the few that collide.
            func hash(into hasher: inout Hasher) {
                hasher.combine(line)
                hasher.combine(column)
                hasher.combine(file?.utf8.count ?? -1)
            }
        }
        var first: [Place: Int] = Dictionary(minimumCapacity: parity == nil ? diagnostics.count : diagnostics.count / 2)
        var more: [Place: [Int]] = [:]
        var repeated: [Int] = []
        for index in diagnostics.indices {
            let location = diagnostics[index].location
            let line = location?.line ?? 0
            if let parity, line & 1 != parity { continue }
            let place = Place(id: diagnostics[index].id, file: location?.file, line: line, column: location?.column ?? 0)
            guard let earlier = first[place] else {
                first[place] = index
                continue
            }
            if diagnostics[earlier] == diagnostics[index]
                || more[place, default: []].contains(where: { diagnostics[$0] == diagnostics[index] })
            {
                repeated.append(index)
            } else {
                more[place, default: []].append(index)
            }
        }
        return repeated
    }

    private static let followsFromMissingTokens: Set<DiagnosticID> = [.referenceUnknown, .missingType, .contextTokenMissing]
}
