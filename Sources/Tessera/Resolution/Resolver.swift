/// Resolves every alias of a `TokenDocument` to a typed value.
///
/// Steps: collect each token's references (reporting unknown targets with a "did you mean"),
/// find cycles with an iterative Tarjan pass (each cycle reported once, its members as notes),
/// then evaluate tokens dependencies-first, so chains of any length use no recursion.
public enum Resolver {
    /// - Complexity: O(n + r) for n tokens and r references, plus the size of the values.
    public static func resolve(_ document: TokenDocument, options: PipelineOptions = PipelineOptions())
        -> (ResolvedTokens, [Diagnostic])
    {
        resolve(document, options: options, parallelThreshold: ResolutionContext.defaultParallelThreshold)
    }

    static func resolve(_ document: TokenDocument, options: PipelineOptions, parallelThreshold: Int)
        -> (ResolvedTokens, [Diagnostic])
    {
        let state = resolveState(document, warningLimit: options.strict ? nil : options.warningLimit,
            parallelThreshold: parallelThreshold)
        return (state.resolved, state.diagnostics + state.limiter.summaries())
    }

    /// Resolves a document and keeps what a later resolution of a variant of it can start from.
    static func resolveState(_ document: TokenDocument, warningLimit: Int?,
        parallelThreshold: Int = ResolutionContext.defaultParallelThreshold) -> ResolutionState
    {
        let context = ResolutionContext(document: document)
        context.parallelThreshold = parallelThreshold
        let (types, values) = context.run(warningLimit: warningLimit)
        return context.state(types: types, values: values)
    }

    /// Resolves `document`, which is `base.document` with the tokens at `changed` defined
    /// anew (same paths, same groups): only those tokens and the tokens that depend on them
    /// are evaluated again; the rest keep their results and their diagnostics.
    ///
    /// - Complexity: O(n) to copy the results, plus the cost of resolving the tokens affected.
    static func resolveVariant(of base: ResolutionState, document: TokenDocument, changed: [Int], warningLimit: Int?)
        -> ResolutionState
    {
        let context = ResolutionContext(variantOf: base, document: document)
        let (types, values) = context.runVariant(of: base, changed: changed, warningLimit: warningLimit)
        return context.state(types: types, values: values)
    }
}

/// What a resolution keeps: its results, and the reference graph a variant starts from.
struct ResolutionState: Sendable {
    let document: TokenDocument
    let types: [TokenType?]
    let values: [TokenValue?]
    let edgeStart: [Int32]
    let edges: [Int32]
    let aliasTarget: [Int32]
    let declaredTypes: [ResolutionContext.DeclaredType]
    let blocked: [Bool]
    let groupTypes: [TokenType?]
    let groupDeprecations: [Deprecation?]
    let anyTokenDeprecated: Bool
    /// What resolving found; for a variant, only what resolving its affected tokens found.
    let diagnostics: [Diagnostic]
    /// For a variant: the tokens resolved again (the redefined ones and their dependents).
    /// The base's diagnostics about other tokens hold for the variant too.
    var affected: [Int]? = nil
    /// What the warning limit held back (its summaries are not in `diagnostics`).
    var limiter = WarningLimiter(limit: nil)

    /// The same state with more diagnostics.
    func adding(_ extra: [Diagnostic]) -> ResolutionState {
        guard !extra.isEmpty else { return self }
        var state = ResolutionState(document: document, types: types, values: values, edgeStart: edgeStart, edges: edges,
            aliasTarget: aliasTarget, declaredTypes: declaredTypes, blocked: blocked, groupTypes: groupTypes,
            groupDeprecations: groupDeprecations, anyTokenDeprecated: anyTokenDeprecated, diagnostics: diagnostics + extra)
        state.affected = affected
        state.limiter = limiter
        return state
    }

    var resolved: ResolvedTokens {
        ResolvedTokens(document: document, types: types, values: values, aliasTargets: aliasTarget,
            groupDeprecations: groupDeprecations)
    }

    /// For each token, the tokens that reference it (CSR: `starts`, `dependents`).
    func dependents() -> (starts: [Int32], dependents: [Int32]) {
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

final class ResolutionContext {
    let document: TokenDocument
    /// Unknown references and cycles (evaluation has its own).
    var diagnostics: [Diagnostic] = []
    /// Tokens that cannot resolve (cycle, unknown reference); dependents fail quietly.
    var blocked: [Bool]
    var edgeStart: [Int32]
    var edges: [Int32] = []
    /// For a token whose whole value is an alias, the index of its target; otherwise -1.
    var aliasTarget: [Int32]
    /// Each token's own `$type`, kept apart so that aliases resolve without reading tokens.
    var declaredTypes: [DeclaredType] = []

    /// A `$type` as written on a token.
    enum DeclaredType: Sendable {
        /// Absent (`nil`) or one this version knows.
        case known(TokenType?)
        /// One this version does not know: the token is skipped.
        case unknown
    }
    /// The effective `$type` and `$deprecated` of every group id, inherited from its ancestors
    /// (`groupDeprecations` is empty when no group sets one).
    let groupTypes: [TokenType?]
    let groupDeprecations: [Deprecation?]
    /// Whether any token sets `$deprecated` itself.
    let anyTokenDeprecated: Bool
    /// For a variant run: the tokens resolved again.
    var affected: [Int]?
    /// The warning limiter of the evaluation, once run.
    var limiter = WarningLimiter(limit: nil)
    /// Waves of at least this many tokens are evaluated on two cores.
    var parallelThreshold = ResolutionContext.defaultParallelThreshold
    static let defaultParallelThreshold = 10_000
    lazy var suggester = ReferenceSuggester(document: document)

    /// A context for a variant of `base`: same paths and groups, some tokens defined anew.
    init(variantOf base: ResolutionState, document: TokenDocument) {
        self.document = document
        blocked = base.blocked
        edgeStart = base.edgeStart
        edges = base.edges
        aliasTarget = base.aliasTarget
        declaredTypes = base.declaredTypes
        groupTypes = base.groupTypes
        groupDeprecations = base.groupDeprecations
        anyTokenDeprecated = base.anyTokenDeprecated || document.tokens.contains { $0.deprecated != nil }
    }

    func state(types: [TokenType?], values: [TokenValue?]) -> ResolutionState {
        ResolutionState(document: document, types: types, values: values, edgeStart: edgeStart, edges: edges,
            aliasTarget: aliasTarget, declaredTypes: declaredTypes, blocked: blocked, groupTypes: groupTypes,
            groupDeprecations: groupDeprecations, anyTokenDeprecated: anyTokenDeprecated, diagnostics: diagnostics,
            affected: affected, limiter: limiter)
    }

    init(document: TokenDocument) {
        self.document = document
        blocked = Array(repeating: false, count: document.count)
        edgeStart = Array(repeating: 0, count: document.count + 1)
        aliasTarget = Array(repeating: -1, count: document.count)
        anyTokenDeprecated = document.tokens.contains { $0.deprecated != nil }
        let hasDeprecatedGroups = document.groups.values.contains { $0.deprecated != nil }
        groupTypes = document.groupPropertiesInherited { $0.type }
        groupDeprecations = hasDeprecatedGroups ? document.groupPropertiesInherited { $0.deprecated } : []
    }

    /// Resolves every token: the type and value of each (nil where it does not resolve).
    func run(warningLimit: Int?) -> ([TokenType?], [TokenValue?]) {
        collectReferences()
        let order = orderAndReportCycles()
        let (waves, starts) = waves(of: order)
        var types = [TokenType?](repeating: nil, count: document.count)
        var values = [TokenValue?](repeating: nil, count: document.count)
        evaluate(waves: waves, starts: starts, types: &types, values: &values, warningLimit: warningLimit)
        return (types, values)
    }

    /// Evaluates the tokens of `waves` into `types` and `values` (which hold the results of
    /// every token outside them), large waves on two cores.
    func evaluate(
        waves: [Int32], starts: [Int32], types: inout [TokenType?], values: inout [TokenValue?], warningLimit: Int?
    ) {
        let shared = Evaluator.Shared(document: document, aliasTarget: aliasTarget, declaredTypes: declaredTypes,
            groupTypes: groupTypes, groupDeprecations: groupDeprecations, anyTokenDeprecated: anyTokenDeprecated)
        let parallelThreshold = self.parallelThreshold
        let (found, limiter): ([Diagnostic], WarningLimiter) = types.withUnsafeMutableBufferPointer { types in
            values.withUnsafeMutableBufferPointer { values in
                let slots = Evaluator.Slots(types: types, values: values)
                let main = Evaluator(shared: shared, slots: slots, limit: warningLimit)
                for wave in 0..<starts.count - 1 {
                    let tokens = waves[Int(starts[wave])..<Int(starts[wave + 1])]
                    guard tokens.count >= parallelThreshold, Parallel.isUseful else {
                        main.evaluate(tokens)
                        continue
                    }
                    let parts = Parallel.split(tokens.indices, into: 2)
                    let findings = Parallel.map(parts.count) { part in
                        let evaluator = Evaluator(shared: shared, slots: slots, limit: warningLimit)
                        evaluator.evaluate(tokens[parts[part]])
                        return evaluator.findings
                    }
                    for part in findings { main.absorb(part) }
                }
                return (main.diagnostics, main.limiter)
            }
        }
        diagnostics += found
        self.limiter = limiter
    }

    /// The tokens to evaluate, grouped in waves (each wave after the waves of the tokens it
    /// references, so that a wave's tokens are independent of each other), in resolution order
    /// within a wave: the tokens, and where each wave starts (with the end last). Tokens that
    /// depend on a blocked token are blocked on the way.
    func waves(of order: [Int32]) -> (tokens: [Int32], starts: [Int32]) {
        var wave = [Int32](repeating: 0, count: document.count)
        var sizes: [Int32] = []
        for position in order where !blocked[Int(position)] {
            let index = Int(position)
            var level: Int32 = 0
            for edge in Int(edgeStart[index])..<Int(edgeStart[index + 1]) {
                let target = Int(edges[edge])
                // Tokens that depend on a blocked token are skipped quietly.
                if blocked[target] {
                    blocked[index] = true
                    break
                }
                level = max(level, wave[target] + 1)
            }
            guard !blocked[index] else { continue }
            wave[index] = level
            if Int(level) == sizes.count { sizes.append(0) }
            sizes[Int(level)] += 1
        }
        var starts = [Int32](repeating: 0, count: sizes.count + 1)
        for level in sizes.indices { starts[level + 1] = starts[level] + sizes[level] }
        var next = starts
        var tokens = [Int32](repeating: 0, count: Int(starts.last!))
        for position in order where !blocked[Int(position)] {
            let level = Int(wave[Int(position)])
            tokens[Int(next[level])] = position
            next[level] += 1
        }
        return (tokens, starts)
    }

    // MARK: References

    /// The references of a run of tokens: edges, where each token's edges start (relative to
    /// the run), whole-value alias targets, and references to nothing.
    struct References: Sendable {
        var edges: [Int32] = []
        var edgeStarts: [Int32] = []
        var aliasTargets: [Int32] = []
        var declaredTypes: [DeclaredType] = []
        var unknown: [(Reference, Int)] = []
    }

    static func references(in range: Range<Int>, of document: TokenDocument) -> References {
        let tokens = document.tokens
        let paths = document.tokenIndex
        var part = References()
        part.edges.reserveCapacity(range.count)
        part.edgeStarts.reserveCapacity(range.count)
        part.aliasTargets = Array(repeating: -1, count: range.count)
        part.declaredTypes.reserveCapacity(range.count)
        var found: [Reference.Parsed] = []
        for index in range {
            part.edgeStarts.append(Int32(part.edges.count))
            let value = tokens[index].value
            part.declaredTypes.append(tokens[index].unknownType != nil ? .unknown : .known(tokens[index].explicitType))
            // The common case first: a whole-value alias to a token that exists.
            if case .string(var text) = value.storage,
                let target = text.withUTF8({ TokenPathSyntax.referencedPath(in: $0).flatMap(paths.position(of:)) })
            {
                part.aliasTargets[index - range.lowerBound] = Int32(target)
                part.edges.append(Int32(target))
                continue
            }
            let whole = Reference.parse(value)
            if case .reference(let reference) = whole {
                if let target = document.index(of: reference.path) {
                    if reference.tail.isEmpty { part.aliasTargets[index - range.lowerBound] = Int32(target) }
                    part.edges.append(Int32(target))
                } else {
                    part.unknown.append((reference, index))
                }
                continue
            }
            guard whole.isNone else { continue }
            found.removeAll(keepingCapacity: true)
            Reference.collect(in: value, into: &found)
            for case .reference(let reference) in found {
                if let target = document.index(of: reference.path) {
                    part.edges.append(Int32(target))
                } else {
                    part.unknown.append((reference, index))
                }
            }
        }
        return part
    }

    /// Collects every token's references, on two cores for large documents.
    private func collectReferences() {
        let document = self.document
        let ranges = Parallel.split(0..<document.count, into: document.count > 20_000 ? 2 : 1)
        let parts = Parallel.map(ranges.count) { Self.references(in: ranges[$0], of: document) }
        var edges: [Int32] = []
        edges.reserveCapacity(parts.reduce(0) { $0 + $1.edges.count })
        var edgeStart: [Int32] = []
        edgeStart.reserveCapacity(document.count + 1)
        var aliasTarget: [Int32] = []
        aliasTarget.reserveCapacity(document.count)
        var unknown: [(Reference, Int)] = []
        var declaredTypes: [DeclaredType] = []
        declaredTypes.reserveCapacity(document.count)
        for part in parts {
            let base = Int32(edges.count)
            edgeStart.append(contentsOf: part.edgeStarts.lazy.map { $0 + base })
            edges.append(contentsOf: part.edges)
            aliasTarget.append(contentsOf: part.aliasTargets)
            declaredTypes.append(contentsOf: part.declaredTypes)
            unknown.append(contentsOf: part.unknown)
        }
        edgeStart.append(Int32(edges.count))
        self.edges = edges
        self.edgeStart = edgeStart
        self.aliasTarget = aliasTarget
        self.declaredTypes = declaredTypes
        let tokens = document.tokens
        for (reference, index) in unknown {
            reportUnknown(reference, in: tokens[index])
            blocked[index] = true
        }
    }

    func reportUnknown(_ reference: Reference, in token: TokenDefinition) {
        let location = SourceAnchor(file: token.anchor.file, offset: reference.offset)
            .location(pointer: token.pointer + "/$value", token: token.path)
        if document.isGroup(reference.path) {
            diagnostics.append(Diagnostic(.referenceToGroup, .error,
                "reference '\(reference.text)' names a group, not a token", at: location,
                fixIts: document.index(of: reference.path + ".$root") != nil
                    ? [Diagnostic.FixIt("reference the group's root token", replacement: "\"{\(reference.path).$root}\"")] : []))
            return
        }
        let suggestion = suggester.suggest(for: reference.path)
        diagnostics.append(Diagnostic(.referenceUnknown, .error,
            "unknown reference '\(reference.text)': no token '\(reference.path)'", at: location,
            notes: suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? [],
            fixIts: suggestion.map { [Diagnostic.FixIt("replace with '{\($0)}'", replacement: "\"{\($0)}\"")] } ?? []))
    }

    // MARK: Cycles and order

    /// Tarjan's algorithm without recursion: returns tokens so that every token comes after
    /// the tokens it references, and reports each cycle once. With `only`, just the tokens it
    /// marks are ordered (references to the others are taken as settled).
    func orderAndReportCycles(only included: [Bool]? = nil) -> [Int32] {
        let count = document.count
        var indexOf = [Int32](repeating: -1, count: count)
        var low = [Int32](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int32] = []
        var order: [Int32] = []
        order.reserveCapacity(count)
        var counter: Int32 = 0
        var frames: [(node: Int32, edge: Int32)] = []
        func visit(_ node: Int) {
            indexOf[node] = counter
            low[node] = counter
            counter += 1
            stack.append(Int32(node))
            onStack[node] = true
            frames.append((Int32(node), edgeStart[node]))
        }
        for root in 0..<count where indexOf[root] == -1 && included?[root] != false {
            visit(root)
            while let frame = frames.last {
                let node = Int(frame.node)
                if frame.edge < edgeStart[node + 1] {
                    frames[frames.count - 1].edge += 1
                    let next = Int(edges[Int(frame.edge)])
                    if included?[next] == false { continue }
                    if indexOf[next] == -1 {
                        visit(next)
                    } else if onStack[next] {
                        low[node] = min(low[node], indexOf[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    low[Int(parent.node)] = min(low[Int(parent.node)], low[node])
                }
                guard low[node] == indexOf[node] else { continue }
                var component: [Int32] = []
                while let member = stack.popLast() {
                    onStack[Int(member)] = false
                    component.append(member)
                    if Int(member) == node { break }
                }
                let selfLoop = component.count == 1 && edges[Int(edgeStart[node])..<Int(edgeStart[node + 1])].contains(Int32(node))
                if component.count > 1 || selfLoop {
                    reportCycle(Set(component.map(Int.init)))
                    for member in component { blocked[Int(member)] = true }
                }
                order.append(contentsOf: component)
            }
        }
        return order
    }

    private func reportCycle(_ members: Set<Int>) {
        let start = members.min()!
        var path = [start]
        var visited: Set<Int> = [start]
        var current = start
        while true {
            let next = (Int(edgeStart[current])..<Int(edgeStart[current + 1])).lazy.map { Int(self.edges[$0]) }
                .first { members.contains($0) && !visited.contains($0) }
            guard let next else { break }
            path.append(next)
            visited.insert(next)
            current = next
        }
        let tokens = path.map { document.tokens[$0] }
        let names = (tokens + [tokens[0]]).map { "'\($0.path)'" }.joined(separator: " → ")
        let first = tokens[0]
        diagnostics.append(Diagnostic(.referenceCycle, .error, "circular reference: \(names)",
            at: SourceAnchor(file: first.anchor.file, offset: first.value.offset)
                .location(pointer: first.pointer + "/$value", token: first.path),
            notes: tokens.dropFirst().map { token in
                Diagnostic.Note("'\(token.path)' is part of the cycle",
                    at: SourceAnchor(file: token.anchor.file, offset: token.value.offset)
                        .location(pointer: token.pointer + "/$value", token: token.path))
            }))
    }
}
