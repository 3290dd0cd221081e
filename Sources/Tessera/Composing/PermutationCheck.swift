/// The third of a token system's three jobs: checking its permutations against each other.
///
/// Fed each permutation's resolution in turn, it finds a token defined in some contexts but
/// not in others, or whose type changes between contexts, and words each problem found in some
/// permutations only with the permutations it holds in; the base permutation's diagnostics
/// hold in every permutation but where one resolved again finds them gone.
struct PermutationCheck {
    let resolver: ResolverDocument
    let base: Resolution
    let baseContexts: [String: String]
    /// Every permutation checked, in order.
    let permutations: [[String: String]]

    /// The positions of the base's diagnostics about each token, and the first position of each
    /// of its distinct diagnostics about no token.
    private var baseByToken: [TokenPath: [Int]] = [:]
    private var baseAboutNoToken: [Diagnostic: Int] = [:]
    /// Whether each of the base's diagnostics is the first of its kind (an equal one before it
    /// is listed once, there).
    private var baseFirst: [Bool]
    /// The positions of the base's diagnostics about each of its tokens, by token index: where
    /// each token's start in `baseOfTokenPositions` (and where the last ends).
    private var baseOfTokenStarts: [Int32] = []
    private var baseOfTokenPositions: [Int32] = []
    /// For each of the base's diagnostics, the permutations it is absent from.
    private var absent: [[Int]]
    /// Diagnostics the base does not have, each in a slot with the permutations it occurs in.
    private var extraSlots: [Diagnostic: Int] = [:]
    private var extras: [(diagnostic: Diagnostic, permutations: [Int])] = []
    private var extraOrder: [Int] = []
    /// Merge diagnostics (closed tokens) are listed before the other per-permutation ones.
    private var mergeOrder: [Int] = []
    /// Where each diagnostic already taken in is (a permutation's copy of one another
    /// permutation made, as the values parsed once for all give them): found by its storage,
    /// not compared again. Each is kept, so that no other storage takes its identity.
    private var seen: [Diagnostic.CopyIdentity: Place] = [:]
    private var seenKept: [Diagnostic] = []

    private enum Place {
        case base(Int)
        case extra(Int)
    }
    private var contextFindings = ContextFindings()
    private var variesAlong: [String: Set<TokenPath>] = [:]
    /// Each permutation's warning limiter, so that summaries count what all held back.
    private(set) var limiters: [WarningLimiter]
    /// The base's tokens, plus those each other permutation resolved again.
    private(set) var tokensResolved: Int

    init(resolver: ResolverDocument, base: Resolution, baseContexts: [String: String], permutations: [[String: String]]) {
        self.resolver = resolver
        self.base = base
        self.baseContexts = baseContexts
        self.permutations = permutations
        baseFirst = Array(repeating: true, count: base.diagnostics.count)
        for (index, diagnostic) in base.diagnostics.enumerated() {
            if let token = diagnostic.location?.token {
                let path = TokenPath(token)
                if let before = baseByToken[path], before.contains(where: { base.diagnostics[$0] == diagnostic }) {
                    baseFirst[index] = false
                }
                baseByToken[path, default: []].append(index)
            } else if baseAboutNoToken[diagnostic] == nil {
                baseAboutNoToken[diagnostic] = index
            } else {
                baseFirst[index] = false
            }
        }
        var counts = [Int32](repeating: 0, count: base.document.count + 1)
        var tokenOf = [Int32](repeating: -1, count: base.diagnostics.count)
        for (position, diagnostic) in base.diagnostics.enumerated() {
            guard let token = diagnostic.location?.token, let index = base.document.index(of: token) else { continue }
            tokenOf[position] = Int32(index)
            counts[index + 1] += 1
        }
        for index in 0..<base.document.count { counts[index + 1] += counts[index] }
        baseOfTokenStarts = counts
        var next = counts
        baseOfTokenPositions = [Int32](repeating: 0, count: Int(counts[base.document.count]))
        for (position, index) in tokenOf.enumerated() where index >= 0 {
            baseOfTokenPositions[Int(next[Int(index)])] = Int32(position)
            next[Int(index)] += 1
        }
        absent = [[Int]](repeating: [], count: base.diagnostics.count)
        limiters = [base.limiter]
        tokensResolved = base.document.count
    }

    /// Takes in permutation `number`, resolved.
    mutating func add(_ state: Resolution, number: Int) {
        let contexts = permutations[number]
        // What merging each permutation's sources finds is counted where it occurs.
        for diagnostic in state.mergeDiagnostics {
            let (slot, new) = extraSlot(diagnostic)
            if new { mergeOrder.append(slot) }
            extras[slot].permutations.append(number)
        }
        guard contexts != baseContexts else { return }
        tokensResolved += state.affected?.count ?? state.document.count
        limiters.append(state.limiter)
        // The base's diagnostics this permutation may not have (flags by position, and the
        // positions flagged), unflagged as it turns out to have them.
        var missing = [Bool](repeating: false, count: base.diagnostics.count)
        var flagged: [Int] = []
        if let affected = state.affected {
            // The base's tokens keep their indices; a token it does not have has no diagnostic there.
            for index in affected where index < base.document.count {
                for position in baseOfTokenStarts[index]..<baseOfTokenStarts[index + 1] {
                    let position = Int(baseOfTokenPositions[Int(position)])
                    if !missing[position] {
                        missing[position] = true
                        flagged.append(position)
                    }
                }
            }
        } else {
            let found = Set(state.diagnostics)
            for (index, diagnostic) in base.diagnostics.enumerated() where !found.contains(diagnostic) {
                missing[index] = true
                flagged.append(index)
            }
        }
        for position in state.diagnostics.indices {
            // Most are copies of one taken in before (values parsed once for all permutations):
            // found by their storage, without copying them.
            let identity = state.diagnostics[position].copyIdentity
            let place: Place
            if let known = seen[identity] {
                place = known
            } else {
                let diagnostic = state.diagnostics[position]
                if let index = firstInBase(diagnostic) {
                    place = .base(index)
                } else {
                    let (slot, new) = extraSlot(diagnostic)
                    if new { extraOrder.append(slot) }
                    place = .extra(slot)
                }
                seen[identity] = place
                seenKept.append(diagnostic)
            }
            switch place {
            case .base(let index): missing[index] = false
            case .extra(let slot): extras[slot].permutations.append(number)
            }
        }
        for index in flagged where missing[index] { absent[index].append(number) }
        let changed = compare(state, permutation: number)
        let moved = resolver.modifiers.filter { contexts[$0.name] != baseContexts[$0.name] }
        if moved.count == 1 { variesAlong[moved[0].name, default: []].formUnion(changed.map { TokenPath($0) }) }
    }

    /// The slot of a diagnostic the base does not have, and whether it is new.
    private mutating func extraSlot(_ diagnostic: Diagnostic) -> (slot: Int, new: Bool) {
        if let slot = extraSlots[diagnostic] { return (slot, false) }
        extraSlots[diagnostic] = extras.count
        extras.append((diagnostic, []))
        return (extras.count - 1, true)
    }

    /// The first position of `diagnostic` among the base's, if the base has it: looked for
    /// among the few about its token, not hashed with the many (most of a large system's
    /// diagnostics are alike at a glance: the same warning, at many places).
    private func firstInBase(_ diagnostic: Diagnostic) -> Int? {
        guard let token = diagnostic.tokenPath else { return baseAboutNoToken[diagnostic] }
        return baseByToken[TokenPath(token)]?.first { base.diagnostics[$0] == diagnostic }
    }

    /// For each modifier, the tokens whose type or value changes when only that modifier leaves
    /// its default context.
    var tokensVaryingAlong: [String: [String]] { variesAlong.mapValues { $0.sorted().map(\.string) } }

    /// Every distinct problem of the permutations once, noted with the permutations it occurs in
    /// when not all have it, then the findings across contexts.
    var diagnostics: [Diagnostic] {
        var merged: [Diagnostic] = []
        // Many diagnostics hold in the same permutations (every warning of a dark theme's file):
        // each set of permutations is worded once.
        var notes: [[Int]: Diagnostic.Note] = [:]
        func noting(_ diagnostic: Diagnostic, present: [Int]) -> Diagnostic {
            guard present.count < permutations.count else { return diagnostic }
            var noted = diagnostic
            if let note = notes[present] {
                noted.notes.append(note)
            } else {
                let note = Diagnostic.Note("only when " + describe(present.map { permutations[$0] })
                    + " (\(present.count) of \(permutations.count) permutations)")
                notes[present] = note
                noted.notes.append(note)
            }
            return noted
        }
        for (index, diagnostic) in base.diagnostics.enumerated() where baseFirst[index] {
            guard !absent[index].isEmpty else {
                merged.append(diagnostic)
                continue
            }
            let gone = Set(absent[index])
            merged.append(noting(diagnostic, present: permutations.indices.filter { !gone.contains($0) }))
        }
        for slot in mergeOrder + extraOrder {
            merged.append(noting(extras[slot].diagnostic, present: extras[slot].permutations))
        }
        return merged + contextFindings.diagnostics { numbers in
            (describe(numbers.map { permutations[$0] }), numbers.count, permutations.count)
        }
    }

    private func describe(_ chosen: [[String: String]]) -> String { resolver.describe(chosen) }

    /// Compares a permutation with the base one: notes tokens defined in only one of them and
    /// types that differ, and returns the paths whose type or value differ. A permutation
    /// resolved from the base has the base's tokens, and only its affected ones can differ.
    private mutating func compare(_ state: Resolution, permutation: Int) -> [String] {
        var changed: [String] = []
        let candidates = state.affected ?? Array(state.document.tokens.indices)
        for index in candidates {
            let baseIndex: Int
            if state.affected != nil, index < base.document.count {
                baseIndex = index
            } else if state.affected == nil, let found = base.document.index(of: state.document.tokens[index].path) {
                baseIndex = found
            } else {
                contextFindings.add(.onlySome, token: state.document.tokens[index], in: permutation)
                changed.append(state.document.tokens[index].path)
                continue
            }
            let type = state.types[index]
            let baseType = base.types[baseIndex]
            if let type, let baseType, type != baseType {
                contextFindings.add(.typeChange(type, from: baseType,
                    at: base.document.tokens[baseIndex].location), token: state.document.tokens[index], in: permutation)
            }
            if type != baseType || state.values[index] != base.values[baseIndex] { changed.append(state.document.tokens[index].path) }
        }
        if state.affected == nil {
            for token in base.document.tokens where state.document.index(of: token.path) == nil {
                contextFindings.add(.missing, token: token, in: permutation)
                changed.append(token.path)
            }
        }
        return changed
    }
}

extension ResolverDocument {
    /// Some permutations in words: `theme=dark` when they are all those with the dark theme,
    /// else the first few listed.
    package func describe(_ chosen: [[String: String]]) -> String {
        var fixed: [String] = []
        var free = 1
        for modifier in modifiers where !modifier.contexts.isEmpty {
            let values = Set(chosen.compactMap { $0[modifier.name] })
            if let only = values.first, values.count == 1 {
                fixed.append("\(modifier.name)=\(only)")
            } else {
                // More than 63 modifiers of two contexts overflow an Int: so many cannot all be chosen.
                free = free.saturatingMultiplied(by: modifier.contexts.count)
            }
        }
        if !fixed.isEmpty, chosen.count == free { return fixed.joined(separator: ", ") }
        let labels = chosen.map { label(of: $0) }
        return labels.prefix(4).joined(separator: "; ") + (labels.count > 4 ? " and \(labels.count - 4) more" : "")
    }

    /// `theme=dark, size=mobile`, in the resolver's modifier order.
    package func label(of contexts: [String: String]) -> String {
        modifiers.compactMap { modifier in contexts[modifier.name].map { "\(modifier.name)=\($0)" } }
            .joined(separator: ", ")
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
