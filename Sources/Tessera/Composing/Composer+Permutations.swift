/// Every permutation of a resolver, checked against the others.
extension Composer {
    /// What resolving every permutation found.
    public struct PermutationReport: Sendable {
        /// How many permutations were resolved.
        public let permutationCount: Int
        /// The resolver's and the sources' diagnostics, then each distinct problem of the
        /// permutations once (with a note naming the permutations when not all have it), then
        /// the checks across contexts.
        public let diagnostics: [Diagnostic]
        /// For each modifier, the tokens whose type or value changes when only that modifier
        /// leaves its default context.
        package let variesAlong: [String: [String]]
        /// The base permutation (every modifier at its default, or its first context).
        public let base: Permutation?
        /// How many token resolutions all permutations took together: the base's tokens, plus,
        /// for each other permutation, the tokens it resolved again (all of them when it had to
        /// be resolved whole).
        public var tokensResolved = 0
        /// Each checked permutation's tokens by its contexts, when they were asked to be kept
        /// (`checkAllPermutations(keepingTokens: true)`), so they are not resolved again.
        package var tokens: [[String: String]: ResolvedTokens] = [:]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Beyond this many permutations, only those changing one modifier at a time are checked.
    package static var permutationLimit: Int { Numbering.limit }

    /// The contexts of the base permutation: each modifier's default, else its first context.
    package var baseContexts: [String: String] {
        var contexts: [String: String] = [:]
        for modifier in resolver?.modifiers ?? [] {
            if let context = modifier.defaultContext ?? modifier.contexts.first?.name { contexts[modifier.name] = context }
        }
        return contexts
    }

    /// Resolves every permutation and checks them against each other: a token defined in some
    /// contexts but not in others, or whose type changes between contexts, is reported with the
    /// contexts named; a problem found in some permutations only says in which.
    ///
    /// - Complexity: the base permutation is resolved whole; each other one, when it only
    ///   redefines tokens, costs what it changes (see `resolve(contexts:)`).
    public func checkAllPermutations() -> PermutationReport {
        locked { checkingAllPermutations(keepingTokens: false) }
    }

    /// `checkAllPermutations()`, keeping each permutation's tokens in the report when
    /// `keepingTokens` (what compiling every permutation reads; otherwise each is let go as soon
    /// as it is checked).
    package func checkAllPermutations(keepingTokens: Bool) -> PermutationReport {
        locked { checkingAllPermutations(keepingTokens: keepingTokens) }
    }

    private func checkingAllPermutations(keepingTokens: Bool) -> PermutationReport {
        guard let resolver else {
            return PermutationReport(permutationCount: 0, diagnostics: problemsFound, variesAlong: [:], base: nil)
        }
        let baseContexts = self.baseContexts
        let base = resolveState(contexts: baseContexts)
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
        // The base's diagnostics hold in every permutation but where marked absent; others are
        // counted where they occur.
        var baseIndex: [Diagnostic: Int] = [:]
        var baseByToken: [TokenPath: [Int]] = [:]
        for (index, diagnostic) in base.diagnostics.enumerated() {
            baseIndex[diagnostic] = baseIndex[diagnostic] ?? index
            if let token = diagnostic.location?.token { baseByToken[TokenPath(token), default: []].append(index) }
        }
        var absent = [[Int]](repeating: [], count: base.diagnostics.count)
        var extra: [Diagnostic: [Int]] = [:]
        var extraOrder: [Diagnostic] = []
        // Merge diagnostics (closed tokens) are listed before the other per-permutation ones.
        var mergeOrder: [Diagnostic] = []
        var contextFindings = ContextFindings()
        var variesAlong: [String: Set<TokenPath>] = [:]
        var limiters = [base.limiter]
        var tokensResolved = base.document.count
        var kept: [[String: String]: ResolvedTokens] = [:]
        for (number, contexts) in permutations.enumerated() {
            let state = contexts == baseContexts ? base : resolveState(contexts: contexts)
            if keepingTokens { kept[contexts] = state.resolved }
            // What merging each permutation's sources finds is counted where it occurs.
            for diagnostic in state.mergeDiagnostics {
                if extra[diagnostic] == nil { mergeOrder.append(diagnostic) }
                extra[diagnostic, default: []].append(number)
            }
            guard contexts != baseContexts else { continue }
            tokensResolved += state.affected?.count ?? state.document.count
            limiters.append(state.limiter)
            var missing = Set<Int>()
            if let affected = state.affected {
                for index in affected {
                    for diagnostic in baseByToken[TokenPath(state.document.tokens[index].path)] ?? [] { missing.insert(diagnostic) }
                }
            } else {
                let found = Set(state.diagnostics)
                for (index, diagnostic) in base.diagnostics.enumerated() where !found.contains(diagnostic) { missing.insert(index) }
            }
            for diagnostic in state.diagnostics {
                if let index = baseIndex[diagnostic] {
                    missing.remove(index)
                } else {
                    if extra[diagnostic] == nil { extraOrder.append(diagnostic) }
                    extra[diagnostic, default: []].append(number)
                }
            }
            for index in missing { absent[index].append(number) }
            let changed = compare(state, with: base, permutation: number, into: &contextFindings)
            let moved = resolver.modifiers.filter { contexts[$0.name] != baseContexts[$0.name] }
            if moved.count == 1 { variesAlong[moved[0].name, default: []].formUnion(changed.map { TokenPath($0) }) }
        }
        var merged = problemsFound
        for (index, diagnostic) in base.diagnostics.enumerated() where baseIndex[diagnostic] == index {
            let gone = Set(absent[index])
            guard !gone.isEmpty else {
                merged.append(diagnostic)
                continue
            }
            let present = permutations.indices.filter { !gone.contains($0) }.map { permutations[$0] }
            merged.append(noting(diagnostic, present: present, of: permutations.count, in: resolver))
        }
        for diagnostic in mergeOrder + extraOrder {
            merged.append(noting(diagnostic, present: extra[diagnostic]!.map { permutations[$0] }, of: permutations.count,
                in: resolver))
        }
        let contextDiagnostics = contextFindings.diagnostics { numbers in
            (self.describe(numbers.map { permutations[$0] }, in: resolver), numbers.count, permutations.count)
        }
        let limited = options.finish(WarningLimiter.limit(notices + merged + contextDiagnostics, to: warningLimit, seenBy: limiters))
        let basePermutation = permutation(base, contexts: baseContexts, seenBy: [base.limiter])
        return PermutationReport(permutationCount: permutations.count, diagnostics: limited,
            variesAlong: variesAlong.mapValues { $0.sorted().map(\.string) }, base: basePermutation, tokensResolved: tokensResolved,
            tokens: kept)
    }

    private func label(_ contexts: [String: String], in resolver: ResolverDocument) -> String {
        resolver.modifiers.compactMap { modifier in contexts[modifier.name].map { "\(modifier.name)=\($0)" } }
            .joined(separator: ", ")
    }

    /// The diagnostic with a note naming the permutations it occurs in, unless it occurs in all.
    private func noting(_ diagnostic: Diagnostic, present: [[String: String]], of total: Int, in resolver: ResolverDocument)
        -> Diagnostic
    {
        guard present.count < total else { return diagnostic }
        var noted = diagnostic
        noted.notes.append(Diagnostic.Note("only when " + describe(present, in: resolver) + " (\(present.count) of \(total) permutations)"))
        return noted
    }

    /// Some permutations in words: `theme=dark` when they are all those with the dark theme,
    /// else the first few listed.
    private func describe(_ chosen: [[String: String]], in resolver: ResolverDocument) -> String {
        let modifiers = resolver.modifiers.filter { !$0.contexts.isEmpty }
        var fixed: [String] = []
        var free = 1
        for modifier in modifiers {
            let values = Set(chosen.compactMap { $0[modifier.name] })
            if let only = values.first, values.count == 1 {
                fixed.append("\(modifier.name)=\(only)")
            } else {
                // More than 63 modifiers of two contexts overflow an Int: so many cannot all be chosen.
                free = free.saturatingMultiplied(by: modifier.contexts.count)
            }
        }
        if !fixed.isEmpty, chosen.count == free { return fixed.joined(separator: ", ") }
        let labels = chosen.map { label($0, in: resolver) }
        return labels.prefix(4).joined(separator: "; ") + (labels.count > 4 ? " and \(labels.count - 4) more" : "")
    }

    /// Compares a permutation with the base one: notes tokens defined in only one of them and
    /// types that differ, and returns the paths whose type or value differ. A permutation
    /// resolved from the base has the base's tokens, and only its affected ones can differ.
    private func compare(
        _ state: Resolution, with base: Resolution, permutation: Int, into findings: inout ContextFindings
    ) -> [String] {
        var changed: [String] = []
        let candidates = state.affected ?? Array(state.document.tokens.indices)
        for index in candidates {
            var token: TokenDefinition { state.document.tokens[index] }
            guard let baseIndex = state.affected != nil ? index : base.document.index(of: token.path) else {
                findings.add(.onlySome, token: token, in: permutation)
                changed.append(token.path)
                continue
            }
            let type = state.types[index]
            let baseType = base.types[baseIndex]
            if let type, let baseType, type != baseType {
                findings.add(.typeChange(type, from: baseType,
                    at: base.document.tokens[baseIndex].location), token: token, in: permutation)
            }
            if type != baseType || state.values[index] != base.values[baseIndex] { changed.append(state.document.tokens[index].path) }
        }
        if state.affected == nil {
            for token in base.document.tokens where state.document.index(of: token.path) == nil {
                findings.add(.missing, token: token, in: permutation)
                changed.append(token.path)
            }
        }
        return changed
    }
}

/// What comparing the permutations with the base one finds, each finding once with every
/// permutation it holds in, so that one token present only in dark is one warning naming the
/// dark permutations, not one per permutation.
struct ContextFindings {
    enum Kind: Hashable {
        /// Defined in these permutations, not in the base one.
        case onlySome
        /// Defined in the base permutation, missing from these.
        case missing
        /// Of this type in these permutations, of `from` in the base one (defined at the anchor).
        case typeChange(TokenType, from: TokenType, at: SourceLocation)
    }

    private struct Key: Hashable {
        let kind: Kind
        let path: TokenPath
        let location: SourceLocation
    }

    private var permutations: [Key: [Int]] = [:]
    private var order: [Key] = []

    mutating func add(_ kind: Kind, token: TokenDefinition, in permutation: Int) {
        let key = Key(kind: kind, path: TokenPath(token.path), location: token.location)
        if permutations[key] == nil { order.append(key) }
        permutations[key, default: []].append(permutation)
    }

    /// One diagnostic per finding; `describe` words the permutations it holds in and gives
    /// their count and the count of all.
    func diagnostics(describe: ([Int]) -> (words: String, count: Int, total: Int)) -> [Diagnostic] {
        order.map { key in
            let (words, count, total) = describe(permutations[key]!)
            let path = key.path.string
            switch key.kind {
            case .onlySome:
                return Diagnostic(.tokenOnlyIn(path, when: words, count: count, of: total), at: key.location)
            case .missing:
                return Diagnostic(.tokenMissingIn(path, when: words, count: count, of: total), at: key.location)
            case .typeChange(let type, let baseType, let baseLocation):
                return Diagnostic(.typeChangesWithContext(path, type: type, when: words, count: count, of: total, otherType: baseType),
                    at: key.location,
                    notes: [Diagnostic.Note("the \(baseType.rawValue) is defined here", at: baseLocation)])
            }
        }
    }
}
