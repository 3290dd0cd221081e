/// Tokens whose value holds no reference at all (the primitives) do not depend on any other
/// token, so large documents evaluate them on two cores before the rest, in order.
extension ResolutionContext {
    /// Below this many independent tokens, one core does the work.
    static let defaultParallelThreshold = 20_000

    func evaluateIndependentTokens() {
        let tokens = document.tokens
        var independent: [Int32] = []
        for index in tokens.indices where aliasTarget[index] < 0 && edgeStart[index] == edgeStart[index + 1]
            && !blocked[index] && tokens[index].unknownType == nil
            && Self.ownType(of: tokens[index], groupTypes: groupTypes) != nil
        {
            independent.append(Int32(index))
        }
        guard independent.count >= parallelThreshold, Parallel.isUseful else { return }
        let document = self.document
        let groupTypes = self.groupTypes
        let limit = limiter.limit
        let parts = Parallel.split(independent.indices, into: 2).map { Array(independent[$0]) }
        let results = Parallel.map(parts.count) { part in
            IndependentEvaluator(document: document, groupTypes: groupTypes, limit: limit).run(parts[part])
        }
        for result in results {
            for (index, (type, value)) in zip(result.indices, zip(result.types, result.values)) {
                types[Int(index)] = type
                values[Int(index)] = value
            }
            diagnostics += limiter.absorb(result.limiter, admitted: result.diagnostics)
        }
        // Those that failed were reported; their dependents fail quietly, as in order.
        for index in independent where values[Int(index)] == nil { blocked[Int(index)] = true }
    }
}

/// Evaluates reference-free tokens on its own: its own diagnostics and warning limiter, no
/// lookups (there are no references to follow).
final class IndependentEvaluator: ValueParserHost {
    struct Result: Sendable {
        var indices: [Int32] = []
        var types: [TokenType] = []
        var values: [TokenValue] = []
        var diagnostics: [Diagnostic] = []
        var limiter: WarningLimiter
    }

    private let document: TokenDocument
    private let groupTypes: [TokenType?]
    private var limiter: WarningLimiter
    private var diagnostics: [Diagnostic] = []

    init(document: TokenDocument, groupTypes: [TokenType?], limit: Int?) {
        self.document = document
        self.groupTypes = groupTypes
        self.limiter = WarningLimiter(limit: limit)
    }

    func run(_ indices: [Int32]) -> Result {
        var result = Result(limiter: limiter)
        result.indices.reserveCapacity(indices.count)
        for position in indices {
            let index = Int(position)
            let token = document.tokens[index]
            guard let type = ResolutionContext.ownType(of: token, groupTypes: groupTypes) else { continue }
            let parser = ValueParser(context: self, file: token.anchor.file, tokenPath: token.path)
            guard let value = parser.parse(token.value, as: type, at: "") else { continue }
            result.indices.append(position)
            result.types.append(type)
            result.values.append(value)
        }
        result.diagnostics = diagnostics
        result.limiter = limiter
        return result
    }

    func admit(_ id: DiagnosticID, _ severity: Severity, file: String, location: () -> SourceLocation) -> Bool {
        limiter.admit(id, severity, file: file, location: location)
    }

    func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    func lookup(_ reference: Reference, expecting type: TokenType, from parser: ValueParser, pointer: String)
        -> ValueParser.Nested?
    { nil }

    func lookupJSON(_ reference: Reference, from parser: ValueParser, pointer: String) -> JSONValue? { nil }
}
