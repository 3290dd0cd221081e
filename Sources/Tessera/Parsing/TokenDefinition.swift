/// Whether a token is deprecated, as `$deprecated` states it on the token or a group.
public enum Deprecation: Sendable, Hashable {
    /// `$deprecated: false` — not deprecated, even inside a deprecated group.
    case active
    /// `$deprecated: true` or a reason string.
    case deprecated(reason: String?)
}

/// A token as written in a file, before its value is resolved.
///
/// The properties most tokens leave unset (description, deprecation, extensions, where an
/// `$extends` copied it from, an unknown type) share one rarely allocated box, which keeps the
/// definition small: loading copies and frees hundreds of thousands of them.
public struct TokenDefinition: Sendable {
    /// Dot-separated path, e.g. `color.brand.primary`.
    package var path: String
    /// The enclosing group, as an index into `TokenDocument.groupPaths`.
    package var groupID: Int32
    /// `$type` written on the token itself.
    package var explicitType: TokenType?
    /// The `$type` inherited from groups at the token's original place (set by `$extends`).
    package var inheritedGroupType: TokenType?
    /// The raw `$value` (for a token-level `$ref`, a synthesized `{"$ref": …}` value).
    package var value: JSONValue
    /// Where the token's key is.
    package var anchor: SourceAnchor
    private var details: Details?

    package init(
        path: String, groupID: Int32, explicitType: TokenType? = nil, value: JSONValue, anchor: SourceAnchor,
        description: String? = nil, deprecated: Deprecation? = nil, extensions: JSONValue? = nil
    ) {
        self.path = path
        self.groupID = groupID
        self.explicitType = explicitType
        self.value = value
        self.anchor = anchor
        if description != nil || deprecated != nil || extensions != nil {
            details = Details(Fields(description: description, deprecated: deprecated, extensions: extensions))
        }
    }

    /// Where the token is written: its key, with its JSON pointer and path.
    package var location: SourceLocation { anchor.location(pointer: pointer, token: path) }

    /// Whether the token is written as just `{"$ref": …}`, standing for the object the pointer
    /// names (its value is then made from the `$ref` member, which it starts at).
    var isWholeTokenReference: Bool {
        guard case .object(let members) = value.storage, members.count == 1 else { return false }
        return members[0].keyOffset == value.offset
    }

    package var description: String? {
        get { details?.fields.description }
        set { self[detail: \.description] = newValue }
    }

    package var deprecated: Deprecation? {
        get { details?.fields.deprecated }
        set { self[detail: \.deprecated] = newValue }
    }

    package var extensions: JSONValue? {
        get { details?.fields.extensions }
        set { self[detail: \.extensions] = newValue }
    }

    /// The group this token was copied from by `$extends`, if any.
    package var inheritedFrom: String? {
        get { details?.fields.inheritedFrom }
        set { self[detail: \.inheritedFrom] = newValue }
    }

    /// A `$type` this version does not know; such tokens are skipped with a warning.
    package var unknownType: String? {
        get { details?.fields.unknownType }
        set { self[detail: \.unknownType] = newValue }
    }

    /// A value given already typed (by an importer or a redefinition): resolution takes it as
    /// it is instead of parsing `value`, which holds the same value as DTCG JSON.
    package var typedValue: TokenValue? {
        get { details?.fields.typedValue }
        set { self[detail: \.typedValue] = newValue }
    }

    /// A value computed from other tokens' resolved values (an importer's math or color
    /// modifiers): `value` then holds one `"{path}"` reference per operand, where the file
    /// names it, so that the reference graph orders, checks and reports them as any other.
    package var computation: Computation? {
        get { details?.fields.computation }
        set { self[detail: \.computation] = newValue }
    }

    /// The tokens the value references — curly-brace aliases and JSON pointers, whole or
    /// nested in a composite — each with the anchor where it is written, in source order.
    package var references: [(path: String, anchor: SourceAnchor)] {
        var found: [Reference.Parsed] = []
        Reference.collect(in: value, into: &found)
        return found.compactMap { parsed in
            guard case .reference(let reference) = parsed else { return nil }
            return (reference.path, SourceAnchor(file: anchor.file, offset: reference.offset))
        }
    }

    /// Anchors the definition in `file`, a new text of the file it was read from in which the
    /// bytes from `start` on moved `delta` bytes further: its key, its value and its extensions
    /// moved where they are past `start`. False, and nothing changed, for a definition an
    /// importer made (a typed value, a computation), which was not parsed from the text.
    mutating func move(to file: SourceFile, from start: Int, by delta: Int) -> Bool {
        if let fields = details?.fields, fields.typedValue != nil || fields.computation != nil { return false }
        anchor = SourceAnchor(file: file, offset: anchor.offset >= start ? anchor.offset + delta : anchor.offset)
        guard delta != 0 else { return true }
        // A value held in this definition only is moved in place.
        if value.isScalar {
            if value.offset >= start { value.offset += delta }
        } else {
            value = value.moved(from: start, by: delta)
        }
        if let extensions = details?.fields.extensions { self.extensions = extensions.moved(from: start, by: delta) }
        return true
    }

    /// Whether a rarely set property (description, deprecation, extensions…) is set.
    package var hasDetails: Bool { details != nil }

    /// The JSON pointer of the token object.
    package var pointer: String { TokenPathSyntax.pointer(forPath: path) }

    private struct Fields: Sendable {
        var description: String?
        var deprecated: Deprecation?
        var extensions: JSONValue?
        var inheritedFrom: String?
        var unknownType: String?
        var typedValue: TokenValue?
        var computation: Computation?

        var isEmpty: Bool {
            description == nil && deprecated == nil && extensions == nil && inheritedFrom == nil && unknownType == nil
                && typedValue == nil && computation == nil
        }
    }

    /// Immutable: a change makes a new box, so copies of a definition never share a change.
    private final class Details: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// One of the rarely set properties; setting one makes a new box.
    private subscript<T>(detail field: WritableKeyPath<Fields, T?>) -> T? {
        get { details?.fields[keyPath: field] }
        set {
            var fields = details?.fields ?? Fields()
            fields[keyPath: field] = newValue
            details = fields.isEmpty ? nil : Details(fields)
        }
    }
}
