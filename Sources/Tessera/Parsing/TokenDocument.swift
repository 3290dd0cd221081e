/// Whether a token is deprecated, as `$deprecated` states it on the token or a group.
public enum Deprecation: Sendable, Hashable {
    /// `$deprecated: false` — not deprecated, even inside a deprecated group.
    case active
    /// `$deprecated: true` or a reason string.
    case deprecated(reason: String?)
}

/// A token as written in a file, before its value is resolved.
public struct TokenDefinition: Sendable {
    /// Dot-separated path, e.g. `color.brand.primary`.
    public var path: String
    /// The enclosing group, as an index into `TokenDocument.groupPaths`.
    public var groupID: Int32
    /// `$type` written on the token itself.
    public var explicitType: TokenType?
    /// The raw `$value` (for a token-level `$ref`, a synthesized `{"$ref": …}` value).
    public var value: JSONValue
    public var description: String?
    public var deprecated: Deprecation?
    public var extensions: JSONValue?
    /// Where the token's key is.
    public var anchor: SourceAnchor
    /// The group this token was copied from by `$extends`, if any.
    public var inheritedFrom: String?
    /// The `$type` inherited from groups at the token's original place (set by `$extends`).
    public var inheritedGroupType: TokenType?
    /// A `$type` this version does not know; such tokens are skipped with a warning.
    public var unknownType: String?

    /// The JSON pointer of the token object.
    public var pointer: String { TokenPathSyntax.pointer(forPath: path) }
}

/// A group as written: the shared properties its tokens inherit.
public struct GroupDefinition: Sendable {
    public var path: String
    public var type: TokenType?
    /// A `$type` this version does not know; tokens inheriting it are skipped.
    public var unknownType: String?
    public var description: String?
    public var deprecated: Deprecation?
    public var extensions: JSONValue?
    /// `$extends` (or group-level `$ref`): the reference text and where it is.
    public var extends: (reference: String, anchor: SourceAnchor)?
    public var anchor: SourceAnchor
}

/// Every token and group of one or more files, merged into one tree and kept flat by path.
///
/// Files merge in the order given: a token defined again in a later file replaces the earlier
/// one (reported as `merge.conflict` when the two differ); group properties of a later file
/// replace those of an earlier one property by property.
public struct TokenDocument: Sendable {
    public private(set) var tokens: [TokenDefinition] = []
    public private(set) var tokenIndex: [String: Int] = [:]
    public private(set) var groups: [String: GroupDefinition] = [:]
    public private(set) var files: [SourceFile] = []
    /// Every group path seen (including `""`, the root), indexed by group id.
    public private(set) var groupPaths: [String] = []
    private(set) var groupIDs: [String: Int32] = [:]

    public init() {}

    public var count: Int { tokens.count }

    public func token(_ path: String) -> TokenDefinition? {
        tokenIndex[path].map { tokens[$0] }
    }

    mutating func addFile(_ file: SourceFile) {
        files.append(file)
        // About one token per 100 bytes in typical files; reserving avoids repeated rehashing.
        let expected = tokens.count + file.bytes.count / 100
        if tokenIndex.capacity < expected {
            tokenIndex.reserveCapacity(expected)
            tokens.reserveCapacity(expected)
            groups.reserveCapacity(expected / 4)
            groupIDs.reserveCapacity(expected / 4)
        }
    }

    /// Adds or replaces a token; returns the definition it replaced.
    @discardableResult
    mutating func insert(_ token: consuming TokenDefinition) -> TokenDefinition? {
        let count = tokens.count
        let existing = tokenIndex.updateValue(count, forKey: token.path)
        if let existing {
            tokenIndex[token.path] = existing
            let old = tokens[existing]
            tokens[existing] = token
            return old
        }
        tokens.append(token)
        return nil
    }

    /// The id of a group path, registering it when new.
    mutating func groupID(for path: String) -> Int32 {
        if let id = groupIDs[path] { return id }
        let id = Int32(groupPaths.count)
        groupIDs[path] = id
        groupPaths.append(path)
        return id
    }

    mutating func mergeGroup(_ group: GroupDefinition) {
        guard var existing = groups[group.path] else {
            groups[group.path] = group
            return
        }
        if let type = group.type { existing.type = type }
        if let unknown = group.unknownType { existing.unknownType = unknown }
        if let description = group.description { existing.description = description }
        if let deprecated = group.deprecated { existing.deprecated = deprecated }
        if let extensions = group.extensions { existing.extensions = extensions }
        if let extends = group.extends { existing.extends = extends }
        groups[group.path] = existing
    }

    mutating func setExtends(of path: String, to value: (reference: String, anchor: SourceAnchor)?) {
        groups[path]?.extends = value
    }

    /// The `$type` of the nearest group enclosing `path` (the path itself excluded).
    public func inheritedType(of path: String) -> TokenType? {
        var current = TokenPathSyntax.parent(of: path)
        while let group = current {
            if let type = groups[group]?.type { return type }
            current = TokenPathSyntax.parent(of: group)
        }
        return groups[""]?.type
    }

    /// The unknown `$type` a token would inherit from its nearest typed group, if that is one.
    public func inheritedUnknownType(of path: String) -> String? {
        var current = TokenPathSyntax.parent(of: path)
        while let group = current {
            if groups[group]?.type != nil { return nil }
            if let unknown = groups[group]?.unknownType { return unknown }
            current = TokenPathSyntax.parent(of: group)
        }
        return nil
    }

    mutating func inheritType(of path: String, from target: String) {
        guard groups[path]?.type == nil, groups[path]?.unknownType == nil else { return }
        var current: String? = target
        while let group = current {
            if let type = groups[group]?.type {
                groups[path]?.type = type
                return
            }
            current = TokenPathSyntax.parent(of: group)
        }
    }

    /// The `$deprecated` of the nearest group enclosing `path` that sets one.
    public func inheritedDeprecation(of path: String) -> Deprecation? {
        var current = TokenPathSyntax.parent(of: path)
        while let group = current {
            if let deprecated = groups[group]?.deprecated { return deprecated }
            current = TokenPathSyntax.parent(of: group)
        }
        return groups[""]?.deprecated
    }
}
