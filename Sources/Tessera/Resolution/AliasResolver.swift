/// Resolves every alias of a `TokenDocument` to a typed value.
///
/// Steps: collect each token's references (reporting unknown targets with a "did you mean"),
/// find cycles with an iterative Tarjan pass (each cycle reported once, its members as notes),
/// then evaluate tokens dependencies-first, so chains of any length use no recursion.
enum AliasResolver {
    /// - Complexity: O(n + r) for n tokens and r references, plus the size of the values.
    package static func resolve(_ document: TokenDocument, options: PipelineOptions = PipelineOptions())
        -> (ResolvedTokens, [Diagnostic])
    {
        resolve(document, options: options, parallelThreshold: ResolutionRun.defaultParallelThreshold)
    }

    static func resolve(_ document: TokenDocument, options: PipelineOptions, parallelThreshold: Int)
        -> (ResolvedTokens, [Diagnostic])
    {
        let state = resolveState(document, warnings: options.warningLimiter,
            parallelThreshold: parallelThreshold)
        return (state.resolved, options.finish(state.diagnostics + state.limiter.summaries()))
    }

    /// Resolves a document and keeps what a later resolution of a variant of it can start from.
    static func resolveState(_ document: TokenDocument, warnings: WarningLimiter,
        parallelThreshold: Int = ResolutionRun.defaultParallelThreshold, memo: ValueMemo? = nil) -> Resolution
    {
        let context = ResolutionRun(document: document)
        context.memo = memo
        context.parallelThreshold = parallelThreshold
        let (types, values) = context.run(warnings: warnings)
        return context.state(types: types, values: values)
    }

    /// Resolves `document`, which is `base.document` with the tokens at `changed` defined
    /// anew (same paths, same groups): only those tokens and the tokens that depend on them
    /// are evaluated again; the rest keep their results and their diagnostics.
    ///
    /// - Complexity: O(n) to copy the results, plus the cost of resolving the tokens affected.
    static func resolveVariant(
        of base: Resolution, dependents: Resolution.Dependents? = nil, document: TokenDocument, changed: [Int],
        warnings: WarningLimiter, memo: ValueMemo? = nil
    ) -> Resolution {
        let context = ResolutionRun(variantOf: base, document: document)
        context.memo = memo
        var types = base.types
        var values = base.values
        // Tokens the base does not have, after its own.
        types += repeatElement(nil, count: document.count - base.document.count)
        values += repeatElement(nil, count: document.count - base.document.count)
        context.runVariant(types: &types, values: &values, dependents: dependents ?? base.dependents(), changed: changed,
            warnings: warnings)
        return context.state(types: types, values: values)
    }

    /// `state` resolved again after the definitions at `changed` were replaced in its document
    /// (same paths, same groups), as `resolveVariant(of:dependents:document:changed:warnings:memo:)`
    /// resolves it, reusing its results' storage: held by nobody else, nothing is copied.
    static func resolveAgain(
        _ state: inout Resolution, dependents: Resolution.Dependents?, changed: [Int], warnings: WarningLimiter
    ) {
        var types: [TokenType?] = []
        var values: [TokenValue?] = []
        swap(&types, &state.types)
        swap(&values, &state.values)
        let context = ResolutionRun(variantOf: state, document: state.document)
        context.runVariant(types: &types, values: &values, dependents: dependents ?? state.dependents(), changed: changed,
            warnings: warnings)
        state = context.state(types: types, values: values)
    }
}

final class ResolutionRun {
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
    var parallelThreshold = ResolutionRun.defaultParallelThreshold
    static let defaultParallelThreshold = 10_000
    /// The values other permutations of the same check parsed, when it keeps them.
    var memo: ValueMemo?
    lazy var suggester = ReferenceSuggester(document: document)

    /// A context for a variant of `base`: same paths and groups, some tokens defined anew.
    init(variantOf base: Resolution, document: TokenDocument) {
        self.document = document
        blocked = base.blocked
        edgeStart = base.edgeStart
        edges = base.edges
        aliasTarget = base.aliasTarget
        declaredTypes = base.declaredTypes
        groupTypes = base.groupTypes
        groupDeprecations = base.groupDeprecations
        anyTokenDeprecated = base.anyTokenDeprecated || document.tokens.contains { $0.deprecated != nil }
        // Tokens the base does not have, after its own: no edges yet (each is resolved as changed).
        let added = document.count - base.document.count
        blocked += repeatElement(false, count: added)
        edgeStart += repeatElement(edgeStart[edgeStart.count - 1], count: added)
        aliasTarget += repeatElement(-1, count: added)
        declaredTypes += repeatElement(.known(nil), count: added)
    }

    func state(types: [TokenType?], values: [TokenValue?]) -> Resolution {
        Resolution(document: document, types: types, values: values, edgeStart: edgeStart, edges: edges,
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
    func run(warnings: WarningLimiter) -> ([TokenType?], [TokenValue?]) {
        collectReferences()
        let order = orderAndReportCycles()
        let (waves, starts) = waves(of: order)
        var types = [TokenType?](repeating: nil, count: document.count)
        var values = [TokenValue?](repeating: nil, count: document.count)
        evaluate(waves: waves, starts: starts, types: &types, values: &values, warnings: warnings)
        return (types, values)
    }

    /// Evaluates the tokens of `waves` into `types` and `values` (which hold the results of
    /// every token outside them), large waves on two cores.
    func evaluate(
        waves: [Int32], starts: [Int32], types: inout [TokenType?], values: inout [TokenValue?], warnings: WarningLimiter
    ) {
        let shared = Evaluator.Shared(document: document, aliasTarget: aliasTarget, declaredTypes: declaredTypes,
            groupTypes: groupTypes, groupDeprecations: groupDeprecations, anyTokenDeprecated: anyTokenDeprecated, memo: memo)
        let parallelThreshold = self.parallelThreshold
        let (found, limiter): ([Diagnostic], WarningLimiter) = types.withUnsafeMutableBufferPointer { types in
            values.withUnsafeMutableBufferPointer { values in
                let slots = Evaluator.Slots(types: types, values: values)
                let main = Evaluator(shared: shared, slots: slots, limiter: warnings.fresh)
                for wave in 0..<starts.count - 1 {
                    let tokens = waves[Int(starts[wave])..<Int(starts[wave + 1])]
                    guard tokens.count >= parallelThreshold, Parallel.isUseful else {
                        main.evaluate(tokens)
                        continue
                    }
                    let parts = Parallel.split(tokens.indices, into: 2)
                    let findings = Parallel.map(parts.count) { part in
                        let evaluator = Evaluator(shared: shared, slots: slots, limiter: warnings.fresh)
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
        // Tokens outside `order` (settled in a variant run) count as wave -1: a token that
        // references only them is in wave 0.
        var wave = [Int32](repeating: -1, count: document.count)
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
}
