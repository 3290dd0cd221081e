/// A token with its value fully resolved and typed.
public struct ResolvedToken: Sendable {
    /// The token's path, its names joined with `.` (`color.background.default`).
    public package(set) var path: String
    public package(set) var type: TokenType
    /// The value, every alias in it resolved.
    public package(set) var value: TokenValue
    public package(set) var description: String?
    /// The effective deprecation: the token's own `$deprecated`, else its nearest group's.
    public package(set) var deprecated: Deprecation?
    /// `$extensions`, kept as written so every output can pass it through.
    public package(set) var extensions: JSONValue?
    /// The token this one aliases as a whole (`{a.b}` or `$ref`), if any.
    public package(set) var aliasOf: String?
    /// Where the token is defined.
    public package(set) var anchor: SourceAnchor

    /// Whether the token, or its nearest group, is deprecated.
    public var isDeprecated: Bool {
        if case .deprecated = deprecated { return true }
        return false
    }
}

/// Every token that resolved, addressable by path.
///
/// Values are stored in dense arrays parallel to the document's tokens; a `ResolvedToken` is
/// assembled only when asked for.
public struct ResolvedTokens: Sendable {
    public let document: TokenDocument
    /// Each token's type, in the document's order (`document.tokens`); nil where it did not resolve.
    public let types: [TokenType?]
    /// Each token's value, in the document's order; nil where it did not resolve.
    public let values: [TokenValue?]
    let aliasTargets: [Int32]
    /// The effective `$deprecated` of each group id (empty when no group sets one).
    let groupDeprecations: [Deprecation?]
    /// How many tokens resolved.
    public let count: Int

    init(document: TokenDocument, types: [TokenType?], values: [TokenValue?], aliasTargets: [Int32],
        groupDeprecations: [Deprecation?])
    {
        self.document = document
        self.types = types
        self.values = values
        self.aliasTargets = aliasTargets
        self.groupDeprecations = groupDeprecations
        self.count = values.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    }

    /// The token at a dot-separated path (`color.accent.600`); `/` is accepted as a separator too.
    ///
    /// - Complexity: O(1) on average.
    public subscript(path: String) -> ResolvedToken? {
        index(of: path).flatMap(token(at:))
    }

    /// The resolved value at a path (either notation), without assembling the whole token.
    public func value(_ path: String) -> TokenValue? {
        index(of: path).flatMap { values[$0] }
    }

    /// The resolved type at a path (either notation).
    public func type(_ path: String) -> TokenType? {
        index(of: path).flatMap { types[$0] }
    }

    /// The token at a path with `.` or `/` between its names (`theme/navigation/bottom/highlight`,
    /// as the ConfigTokens apps write them). The path as written is tried first: a name may hold `/`.
    private func index(of path: String) -> Int? {
        if let index = document.index(of: path) { return index }
        guard path.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return document.index(of: path.replacingOccurrences(of: "/", with: "."))
    }

    /// The token at an index of `document.tokens`, if it resolved.
    public func token(at index: Int) -> ResolvedToken? {
        guard let type = types[index], let value = values[index] else { return nil }
        let definition = document.tokens[index]
        let alias = aliasTargets[index]
        let deprecated = Self.deprecation(of: definition, groupDeprecations: groupDeprecations)
        return ResolvedToken(
            path: definition.path, type: type, value: value, description: definition.description,
            deprecated: deprecated, extensions: definition.extensions,
            aliasOf: alias >= 0 ? document.tokens[Int(alias)].path : nil, anchor: definition.anchor)
    }

    /// Indices of the resolved tokens sorted by path (Unicode code point order, which is
    /// the byte order of UTF-8), optionally only `prefix` and the tokens under it.
    func sortedIndices(prefix: String? = nil) -> [Int] {
        let tokens = document.tokens
        var order = values.indices.filter { index in
            guard values[index] != nil else { return false }
            guard let prefix else { return true }
            let path = tokens[index].path
            return path.isPath(inside: prefix)
        }
        order.sort { tokens[$0].path.precedesInCodePoints(tokens[$1].path) }
        return order
    }

    /// A token's effective deprecation (its own `$deprecated`, else its nearest group's), or nil
    /// when it is not deprecated.
    static func deprecation(of token: TokenDefinition, groupDeprecations: [Deprecation?]) -> Deprecation? {
        var deprecated = token.deprecated
        if deprecated == nil, !groupDeprecations.isEmpty { deprecated = groupDeprecations[Int(token.groupID)] }
        if case .active? = deprecated { return nil }
        return deprecated
    }

    /// The resolved tokens in definition order.
    public var all: [ResolvedToken] { values.indices.compactMap { token(at: $0) } }

    /// The resolved tokens sorted by path (Unicode code point order).
    package var sortedByPath: [ResolvedToken] {
        sortedIndices().compactMap { token(at: $0) }
    }

    /// The resolved tokens at `path` or under it, sorted by path.
    public func tokens(under path: String) -> [ResolvedToken] {
        sortedIndices(prefix: path).compactMap { token(at: $0) }
    }
}
