/// Turns tokens into typed values, given the values of the tokens they reference.
///
/// The resolver evaluates tokens in waves: a token's wave is one more than the highest wave
/// among the tokens it references, so the tokens of one wave never depend on each other. A
/// large wave is cut in two and evaluated by two evaluators on two cores, each reading the
/// results of earlier waves, writing those of its own tokens, and keeping its own diagnostics
/// and warning limiter; their diagnostics are then taken in, in order, which gives exactly what
/// one evaluator going through the wave gives (see `WarningLimiter.absorb`).
final class Evaluator: ValueParserHost {
    /// What every evaluator of one resolution reads.
    struct Shared: Sendable {
        let document: TokenDocument
        let aliasTarget: [Int32]
        let declaredTypes: [ResolutionRun.DeclaredType]
        let groupTypes: [TokenType?]
        /// The effective `$deprecated` of every group id (empty when no group sets one).
        let groupDeprecations: [Deprecation?]
        let anyTokenDeprecated: Bool
        /// The values other permutations of the same check parsed, when it keeps them.
        var memo: ValueMemo? = nil

        var hasDeprecations: Bool { !groupDeprecations.isEmpty || anyTokenDeprecated }
    }

    /// The type and value of every token, by index, shared by the evaluators of a resolution.
    ///
    /// Unchecked: evaluators running at the same time write only the tokens of their own part
    /// of one wave and read only tokens of earlier waves, so no slot is written by two threads
    /// or read while written.
    struct Slots: @unchecked Sendable {
        let types: UnsafeMutableBufferPointer<TokenType?>
        let values: UnsafeMutableBufferPointer<TokenValue?>
    }

    /// The diagnostics of an evaluator that went through part of a wave.
    struct Findings: Sendable {
        var diagnostics: [Diagnostic]
        var limiter: WarningLimiter
    }

    let shared: Shared
    private var document: TokenDocument { shared.document }
    private let slots: Slots
    var diagnostics: [Diagnostic] = []
    var limiter: WarningLimiter

    init(shared: Shared, slots: Slots, limiter: WarningLimiter) {
        self.shared = shared
        self.slots = slots
        self.limiter = limiter
    }

    /// Evaluates tokens, writing their results.
    func evaluate(_ indices: ArraySlice<Int32>) {
        for position in indices {
            let index = Int(position)
            guard let (type, value) = evaluate(index) else { continue }
            slots.types[index] = type
            slots.values[index] = value
        }
    }

    /// What this evaluator reported.
    var findings: Findings { Findings(diagnostics: diagnostics, limiter: limiter) }

    /// Takes in what another evaluator reported for the part of a wave after this one's.
    func absorb(_ findings: Findings) {
        diagnostics += limiter.absorb(findings.limiter, admitted: findings.diagnostics)
    }

    /// The type and value of one token, or nil when it does not resolve (reported, unless it
    /// depends on a token whose failure was).
    func evaluate(_ index: Int) -> (TokenType, TokenValue)? {
        guard case .known(let explicitType) = shared.declaredTypes[index] else { return nil }
        let target = Int(shared.aliasTarget[index])
        if target >= 0 {
            guard let targetType = slots.types[target], let targetValue = slots.values[target] else {
                if let reference = wholeReference(index) { reportSkippedTarget(reference, from: parser(index), pointer: "") }
                return nil
            }
            if let explicitType, explicitType != targetType {
                let token = document.tokens[index]
                parser(index).error(
                    .aliasTypeMismatch(token: token.path, type: explicitType, alias: wholeReference(index)?.text ?? "", aliasType: targetType),
                    at: token.value, pointer: "", notes: [definedHere(target)])
                return nil
            }
            // 2025.10 gives an alias its target's type before its group's: say so when they differ,
            // since a token under a `color` group resolving to a dimension is rarely meant.
            if explicitType == nil, let groupType = Self.ownType(of: document.tokens[index], groupTypes: shared.groupTypes),
                groupType != targetType
            {
                let token = document.tokens[index]
                parser(index).report(.aliasTypeOverridesGroup(token: token.path, groupType: groupType,
                    alias: wholeReference(index)?.text ?? "", aliasType: targetType), offset: token.value.offset, pointer: "",
                    notes: [definedHere(target)])
            }
            if shared.hasDeprecations {
                warnIfDeprecated(target, referencedFrom: index, at: document.tokens[index].value.offset, pointer: "")
            }
            return (targetType, targetValue)
        }
        let token = document.tokens[index]
        guard let type = Self.ownType(of: token, groupTypes: shared.groupTypes) else {
            if document.inheritedUnknownType(of: token.path) != nil { return nil }
            diagnostics.append(Diagnostic(.missingType(token: token.path),
                at: token.location,
                notes: [Diagnostic.Note("add \"$type\" to the token or to a group that holds it")]))
            return nil
        }
        if let computation = token.computation { return compute(computation, index: index, type: type) }
        if let typed = token.typedValue {
            guard typed.type == type else {
                parser(index).error(.valueTypeMismatch(token: token.path, type: type, valueType: typed.type),
                    at: token.value, pointer: "")
                return nil
            }
            return (type, typed)
        }
        guard let value = parseOwnValue(index, as: type) else { return nil }
        guard case .typography(var typography) = value, let textCase = textCase(of: token) else { return (type, value) }
        typography.textCase = textCase
        return (type, .typography(typography))
    }

    /// A computed token's value from its operands' values; nil when an operand did not resolve
    /// (reported where it failed) or the computation failed (reported here).
    private func compute(_ computation: Computation, index: Int, type: TokenType) -> (TokenType, TokenValue)? {
        let token = document.tokens[index]
        var operands: [TokenValue] = []
        operands.reserveCapacity(computation.operands.count)
        for element in token.value.array ?? [] {
            guard case .reference(let reference) = Reference.parse(element) else { return nil }
            guard let target = document.index(of: reference.path), let value = slots.values[target] else {
                reportSkippedTarget(reference, from: parser(index), pointer: "")
                return nil
            }
            if shared.hasDeprecations { warnIfDeprecated(target, referencedFrom: index, at: reference.offset, pointer: "") }
            operands.append(value)
        }
        switch computation.compute(operands) {
        case .success(let value):
            guard value.type == type else {
                parser(index).error(.valueTypeMismatch(token: token.path, type: type, valueType: value.type), at: token.value, pointer: "")
                return nil
            }
            return (type, value)
        case .failure(let failure):
            diagnostics.append(Diagnostic(failure.message,
                at: SourceAnchor(file: token.anchor.file, offset: failure.offset).location(pointer: token.pointer + "/$value", token: token.path)))
            // A value kept as written: the token has it, with the warning that says why.
            if let kept = failure.passThrough { return (kept.type, kept) }
            return nil
        }
    }

    /// The text case a typography token's `$extensions["dev.tessera"].textCase` names; an
    /// unknown one is reported.
    private func textCase(of token: TokenDefinition) -> TextCase? {
        guard let node = token.extensions?[TierRules.extensionKey]?[TextCase.extensionMember] else { return nil }
        if let name = node.string, let textCase = TextCase(name: name) { return textCase }
        let found = node.string.map { "'\($0)'" } ?? node.kindDescription
        let pointer = token.pointer + "/$extensions/" + TierRules.extensionKey + "/" + TextCase.extensionMember
        diagnostics.append(Diagnostic(.unknownTextCase(found),
            at: SourceAnchor(file: token.anchor.file, offset: node.offset).location(pointer: pointer, token: token.path)))
        return nil
    }

    /// The type a token that is not a whole alias takes: its own `$type`, else the one it
    /// inherited through `$extends`, else its nearest group's.
    static func ownType(of token: TokenDefinition, groupTypes: [TokenType?]) -> TokenType? {
        token.explicitType ?? token.inheritedGroupType ?? groupTypes[Int(token.groupID)]
    }

    /// The token's `$value` parsed as `type`, or, when another permutation of the check parsed
    /// the same definition (and only its own text), what that parse gave.
    private func parseOwnValue(_ index: Int, as type: TokenType) -> TokenValue? {
        let token = document.tokens[index]
        // With a warning limit, a parse builds only the warnings this permutation admits.
        guard let memo = shared.memo, limiter.limit == nil else { return parser(index).parse(token.value, as: type, at: "") }
        let key = ValueMemo.Key(file: ObjectIdentifier(token.anchor.file), offset: token.value.offset, type: type)
        if memo.looksUp, let entry = memo.entry(key), entry.path == token.path {
            diagnostics += entry.diagnostics
            return entry.value
        }
        let recorder = ValueMemo.Recorder(self)
        let value = ValueParser(context: recorder, file: token.anchor.file, tokenPath: token.path, token: index)
            .parse(token.value, as: type, at: "")
        if !recorder.consulted {
            memo.keep(ValueMemo.Entry(value: value, diagnostics: recorder.diagnostics, path: token.path, file: token.anchor.file),
                for: key)
        }
        return value
    }

    private func parser(_ index: Int) -> ValueParser {
        ValueParser(context: self, file: document.tokens[index].anchor.file, tokenPath: document.tokens[index].path, token: index)
    }

    private func wholeReference(_ index: Int) -> Reference? {
        if case .reference(let reference) = Reference.parse(document.tokens[index].value) { return reference }
        return nil
    }

    private func definedHere(_ index: Int) -> Diagnostic.Note {
        let token = document.tokens[index]
        return Diagnostic.Note("'\(token.path)' is defined here", at: token.location)
    }

    /// The effective deprecation of a token, or nil when it is not deprecated.
    private func deprecation(of index: Int) -> Deprecation? {
        ResolvedTokens.deprecation(of: document.tokens[index], groupDeprecations: shared.groupDeprecations)
    }

    private func warnIfDeprecated(_ target: Int, referencedFrom index: Int, at offset: Int, pointer: String) {
        guard case .deprecated(let reason)? = deprecation(of: target), deprecation(of: index) == nil else { return }
        let token = document.tokens[index]
        diagnostics.append(Diagnostic(.deprecatedReference(from: token.path, to: document.tokens[target].path, reason: reason),
            at: SourceAnchor(file: token.anchor.file, offset: offset)
                .location(pointer: token.pointer + "/$value" + pointer, token: token.path)))
    }

    /// A reference to a token skipped for its unknown type is an error at the reference.
    private func reportSkippedTarget(_ reference: Reference, from parser: ValueParser, pointer: String) {
        guard let targetIndex = document.index(of: reference.path) else { return }
        let target = document.tokens[targetIndex]
        guard let unknown = target.unknownType ?? (target.explicitType == nil ? document.inheritedUnknownType(of: target.path) : nil)
        else { return }
        parser.report(.referenceToUnsupportedType(reference.text, type: unknown), offset: reference.offset, pointer: pointer)
    }

    // MARK: ValueParserHost

    func admit(_ id: DiagnosticID, _ severity: Severity, file: String, location: () -> SourceLocation) -> Bool {
        limiter.admit(id, severity, file: file, location: location)
    }

    func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Follows a nested reference expecting a value of `type`.
    func lookup(_ reference: Reference, expecting type: TokenType, from parser: ValueParser, pointer: String)
        -> ValueParser.Nested?
    {
        guard let targetIndex = document.index(of: reference.path), let targetType = slots.types[targetIndex],
            let targetValue = slots.values[targetIndex]
        else {
            reportSkippedTarget(reference, from: parser, pointer: pointer)
            return nil
        }
        if !reference.tail.isEmpty {
            return lookupJSON(reference, from: parser, pointer: pointer).map(ValueParser.Nested.json)
        }
        guard targetType == type else {
            parser.report(.referenceTypeMismatch(reference.text, is: targetType, expected: type),
                offset: reference.offset, pointer: pointer, notes: [definedHere(targetIndex)])
            return nil
        }
        if shared.hasDeprecations {
            warnIfDeprecated(targetIndex, referencedFrom: parser.token, at: reference.offset, pointer: pointer)
        }
        return .value(targetValue)
    }

    /// Follows a JSON pointer into the resolved value of another token.
    func lookupJSON(_ reference: Reference, from parser: ValueParser, pointer: String) -> JSONValue? {
        guard let targetIndex = document.index(of: reference.path), let value = slots.values[targetIndex] else { return nil }
        var node = value.dtcgJSON
        for segment in reference.tail {
            switch node.storage {
            case .object:
                guard let next = node[segment] else { return unresolved(reference, parser, pointer) }
                node = next
            case .array(let elements):
                guard let position = Int(segment), position >= 0, position < elements.count,
                    segment == String(position)
                else { return unresolved(reference, parser, pointer) }
                node = elements[position]
            default:
                return unresolved(reference, parser, pointer)
            }
        }
        return node
    }

    private func unresolved(_ reference: Reference, _ parser: ValueParser, _ pointer: String) -> JSONValue? {
        parser.report(.pointerLeadsNowhere(reference.text, token: reference.path, tail: reference.tail.joined(separator: "/")),
            offset: reference.offset, pointer: pointer)
        return nil
    }
}
