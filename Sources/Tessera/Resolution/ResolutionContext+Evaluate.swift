extension ResolutionContext {
    func evaluate(_ index: Int) {
        if document.tokens[index].unknownType != nil { return }
        let explicitType = document.tokens[index].explicitType
        let target = Int(aliasTarget[index])
        if target >= 0 {
            guard let targetType = types[target], let targetValue = values[target] else {
                if let reference = wholeReference(index) { reportSkippedTarget(reference, from: parser(index), pointer: "") }
                return
            }
            if let explicitType, explicitType != targetType {
                let token = document.tokens[index]
                parser(index).error(.typeMismatch,
                    "token '\(token.path)' has type '\(explicitType.rawValue)' but '\(wholeReference(index)?.text ?? "")' is a \(targetType.rawValue)",
                    at: token.value, pointer: "", notes: [definedHere(target)])
                return
            }
            if hasDeprecations { warnIfDeprecated(target, referencedFrom: index, at: document.tokens[index].value.offset, pointer: "") }
            types[index] = targetType
            values[index] = targetValue
            return
        }
        let token = document.tokens[index]
        guard let type = Self.ownType(of: token, groupTypes: groupTypes) else {
            if document.inheritedUnknownType(of: token.path) != nil { return }
            diagnostics.append(Diagnostic(.missingType, .error,
                "token '\(token.path)' has no type: it sets no '$type', is not an alias, and no enclosing group sets one",
                at: token.anchor.location(pointer: token.pointer, token: token.path),
                fixIts: [Diagnostic.FixIt("add \"$type\" to the token or its group", replacement: "\"$type\": ")]))
            return
        }
        guard let value = parser(index).parse(token.value, as: type, at: "") else { return }
        types[index] = type
        values[index] = value
    }

    func admit(_ id: DiagnosticID, _ severity: Severity, file: String, location: () -> SourceLocation) -> Bool {
        limiter.admit(id, severity, file: file, location: location)
    }

    func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    func parser(_ index: Int) -> ValueParser {
        ValueParser(context: self, file: document.tokens[index].anchor.file, tokenPath: document.tokens[index].path)
    }

    private func wholeReference(_ index: Int) -> Reference? {
        if case .reference(let reference) = Reference.parse(document.tokens[index].value) { return reference }
        return nil
    }

    func definedHere(_ index: Int) -> Diagnostic.Note {
        let token = document.tokens[index]
        return Diagnostic.Note("'\(token.path)' is defined here", at: token.anchor.location(pointer: token.pointer, token: token.path))
    }

    var hasDeprecations: Bool { !groupDeprecations.isEmpty || anyTokenDeprecated }

    /// The effective deprecation of a token, or nil when it is not deprecated.
    func deprecation(of index: Int) -> Deprecation? {
        ResolvedTokens.deprecation(of: document.tokens[index], groupDeprecations: groupDeprecations)
    }

    /// The type a token that is not a whole alias takes: its own `$type`, else the one it
    /// inherited through `$extends`, else its nearest group's.
    static func ownType(of token: TokenDefinition, groupTypes: [TokenType?]) -> TokenType? {
        token.explicitType ?? token.inheritedGroupType ?? groupTypes[Int(token.groupID)]
    }

    private func warnIfDeprecated(_ target: Int, referencedFrom index: Int, at offset: Int, pointer: String) {
        guard case .deprecated(let reason)? = deprecation(of: target), deprecation(of: index) == nil else { return }
        let token = document.tokens[index]
        diagnostics.append(Diagnostic(.deprecatedReference, .warning,
            "'\(token.path)' references deprecated token '\(document.tokens[target].path)'" + (reason.map { ": \($0)" } ?? ""),
            at: SourceAnchor(file: token.anchor.file, offset: offset)
                .location(pointer: token.pointer + "/$value" + pointer, token: token.path)))
    }

    /// A reference to a token skipped for its unknown type is an error at the reference.
    func reportSkippedTarget(_ reference: Reference, from parser: ValueParser, pointer: String) {
        guard let targetIndex = document.index(of: reference.path) else { return }
        let target = document.tokens[targetIndex]
        guard let unknown = target.unknownType ?? (target.explicitType == nil ? document.inheritedUnknownType(of: target.path) : nil)
        else { return }
        parser.report(.typeMismatch, .error,
            "'\(reference.text)' names a token of unsupported type '\(unknown)'", offset: reference.offset, pointer: pointer)
    }

    /// Follows a nested reference expecting a value of `type`.
    func lookup(_ reference: Reference, expecting type: TokenType, from parser: ValueParser, pointer: String)
        -> ValueParser.Nested?
    {
        guard let targetIndex = document.index(of: reference.path), let targetType = types[targetIndex],
            let targetValue = values[targetIndex]
        else {
            reportSkippedTarget(reference, from: parser, pointer: pointer)
            return nil
        }
        if !reference.tail.isEmpty {
            return lookupJSON(reference, from: parser, pointer: pointer).map(ValueParser.Nested.json)
        }
        guard targetType == type else {
            parser.report(.typeMismatch, .error,
                "'\(reference.text)' is a \(targetType.rawValue), but a \(type.rawValue) is expected here",
                offset: reference.offset, pointer: pointer, notes: [definedHere(targetIndex)])
            return nil
        }
        if hasDeprecations, let index = document.index(of: parser.tokenPath) {
            warnIfDeprecated(targetIndex, referencedFrom: index, at: reference.offset, pointer: pointer)
        }
        return .value(targetValue)
    }

    /// Follows a JSON pointer into the resolved value of another token.
    func lookupJSON(_ reference: Reference, from parser: ValueParser, pointer: String) -> JSONValue? {
        guard let targetIndex = document.index(of: reference.path), let value = values[targetIndex] else { return nil }
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
        parser.report(.pointerUnresolved, .error,
            "JSON pointer '\(reference.text)' leads nowhere: token '\(reference.path)' has no '\(reference.tail.joined(separator: "/"))' in its value",
            offset: reference.offset, pointer: pointer)
        return nil
    }
}
