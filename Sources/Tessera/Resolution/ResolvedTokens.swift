/// A token with its value fully resolved and typed.
public struct ResolvedToken: Sendable {
    public var path: String
    public var type: TokenType
    public var value: TokenValue
    public var description: String?
    /// The effective deprecation: the token's own `$deprecated`, else its nearest group's.
    public var deprecated: Deprecation?
    /// `$extensions`, kept as written so every output can pass it through.
    public var extensions: JSONValue?
    /// The token this one aliases as a whole (`{a.b}` or `$ref`), if any.
    public var aliasOf: String?
    public var anchor: SourceAnchor

    public var isDeprecated: Bool {
        if case .deprecated = deprecated { return true }
        return false
    }
}

/// Every token that resolved, addressable by path.
public struct ResolvedTokens: Sendable {
    let entries: [ResolvedToken?]
    let index: [String: Int]

    init(entries: [ResolvedToken?], index: [String: Int]) {
        self.entries = entries
        self.index = index
    }

    /// The token at a dot-separated path (`color.accent.600`); `/` is accepted as a separator too.
    ///
    /// - Complexity: O(1) on average for dot paths.
    public subscript(path: String) -> ResolvedToken? {
        if let position = index[path] { return entries[position] }
        if path.contains("/") { return self[path.replacingOccurrences(of: "/", with: ".")] }
        return nil
    }

    /// The resolved tokens in definition order.
    public var all: [ResolvedToken] { entries.compactMap { $0 } }

    /// The resolved tokens sorted by path (byte order of the UTF-8 path).
    public var sortedByPath: [ResolvedToken] {
        all.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    public var count: Int { entries.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
}
