extension ResolutionContext {
    func evaluate(_ index: Int) {
        let token = document.tokens[index]
        if token.unknownType != nil { return }
        let parser = ValueParser(context: self, file: token.anchor.file, tokenPath: token.path)
        let pointer = ""
        var type: TokenType?
        var aliasOf: String?
        var value: TokenValue?
        if aliasTarget[index] >= 0, case .reference(let reference) = Reference.parse(token.value), reference.tail.isEmpty {
            guard let targetIndex = document.tokenIndex[reference.path], let target = resolved[targetIndex] else {
                reportSkippedTarget(reference, parser: parser, pointer: pointer)
                return
            }
            aliasOf = target.path
            if let explicit = token.explicitType, explicit != target.type {
                parser.error(.typeMismatch,
                    "token '\(token.path)' has type '\(explicit.rawValue)' but '\(reference.text)' is a \(target.type.rawValue)",
                    at: token.value, pointer: pointer,
                    notes: [Diagnostic.Note("'\(target.path)' is defined here",
                        at: target.anchor.location(pointer: TokenPathSyntax.pointer(forPath: target.path), token: target.path))])
                return
            }
            warnIfDeprecated(target, referencedFrom: token, at: token.value.offset, pointer: pointer)
            type = target.type
            value = target.value
        } else {
            type = token.explicitType ?? token.inheritedGroupType ?? groupTypes[token.groupPath] ?? nil
            guard let type else {
                if document.inheritedUnknownType(of: token.path) != nil { return }
                diagnostics.append(Diagnostic(.missingType, .error,
                    "token '\(token.path)' has no type: it sets no '$type', is not an alias, and no enclosing group sets one",
                    at: token.anchor.location(pointer: token.pointer, token: token.path),
                    fixIts: [Diagnostic.FixIt("add \"$type\" to the token or its group", replacement: "\"$type\": ")]))
                return
            }
            value = parser.parse(token.value, as: type, at: pointer)
        }
        guard let type, let value else { return }
        let deprecated = token.deprecated ?? (groupDeprecations.isEmpty ? nil : groupDeprecations[token.groupPath] ?? nil)
        resolved[index] = ResolvedToken(
            path: token.path, type: type, value: value, description: token.description,
            deprecated: deprecated.flatMap { if case .deprecated = $0 { $0 } else { nil } },
            extensions: token.extensions, aliasOf: aliasOf, anchor: token.anchor)
    }

    private func warnIfDeprecated(_ target: ResolvedToken, referencedFrom token: TokenDefinition, at offset: Int, pointer: String) {
        guard case .deprecated(let reason) = target.deprecated else { return }
        if case .deprecated = token.deprecated ?? document.inheritedDeprecation(of: token.path) { return }
        diagnostics.append(Diagnostic(.deprecatedReference, .warning,
            "'\(token.path)' references deprecated token '\(target.path)'" + (reason.map { ": \($0)" } ?? ""),
            at: SourceAnchor(file: token.anchor.file, offset: offset)
                .location(pointer: token.pointer + "/$value" + pointer, token: token.path)))
    }

    /// A reference to a token skipped for its unknown type is an error at the reference.
    func reportSkippedTarget(_ reference: Reference, parser: ValueParser, pointer: String) {
        guard let targetIndex = document.tokenIndex[reference.path] else { return }
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
        guard let targetIndex = document.tokenIndex[reference.path], let target = resolved[targetIndex] else {
            reportSkippedTarget(reference, parser: parser, pointer: pointer)
            return nil
        }
        if !reference.tail.isEmpty {
            return lookupJSON(reference, from: parser, pointer: pointer).map(ValueParser.Nested.json)
        }
        guard target.type == type else {
            parser.report(.typeMismatch, .error,
                "'\(reference.text)' is a \(target.type.rawValue), but a \(type.rawValue) is expected here",
                offset: reference.offset, pointer: pointer,
                notes: [Diagnostic.Note("'\(target.path)' is defined here",
                    at: target.anchor.location(pointer: TokenPathSyntax.pointer(forPath: target.path), token: target.path))])
            return nil
        }
        if let token = document.token(parser.tokenPath) {
            warnIfDeprecated(target, referencedFrom: token, at: reference.offset, pointer: pointer)
        }
        return .value(target.value)
    }

    /// Follows a JSON pointer into the resolved value of another token.
    func lookupJSON(_ reference: Reference, from parser: ValueParser, pointer: String) -> JSONValue? {
        guard let targetIndex = document.tokenIndex[reference.path], let target = resolved[targetIndex] else { return nil }
        var node = target.value.dtcgJSON
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
