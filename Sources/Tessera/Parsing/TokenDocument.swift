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

    var hasProperties: Bool {
        type != nil || unknownType != nil || description != nil || deprecated != nil || extensions != nil || extends != nil
    }
}

/// Every token and group of one or more files, merged into one tree and kept flat by path.
///
/// Files merge in the order given: a token defined again in a later file replaces the earlier
/// one (reported as `merge.conflict` when the two differ); group properties of a later file
/// replace those of an earlier one property by property.
public struct TokenDocument: Sendable {
    public private(set) var tokens: [TokenDefinition] = []
    /// Token paths by token index (`tokenIndex.key(at: i) == tokens[i].path`).
    private(set) var tokenIndex = PathTable()
    /// The groups that set at least one property, by path. Every group, with or without
    /// properties, is in `groupPaths`; use `isGroup(_:)` to ask whether a path is a group.
    public private(set) var groups: [String: GroupDefinition] = [:]
    public private(set) var files: [SourceFile] = []
    /// Every group path seen (including `""`, the root), indexed by group id.
    ///
    /// - Complexity: O(g); builds the array on each call.
    public var groupPaths: [String] { groupIDs.keys }

    /// The path of group `id`.
    public func groupPath(_ id: Int32) -> String { groupIDs.key(at: Int(id)) }
    private(set) var groupIDs = PathTable()
    /// While a file is being added: what it changed, so a broken file can be taken back out.
    private var journal: Journal?

    struct Journal {
        var tokenCount: Int
        var groupCount: Int
        var fileCount: Int
        var replacedTokens: [(index: Int, old: TokenDefinition)] = []
        var replacedGroups: [(path: String, old: GroupDefinition?)] = []
    }

    public init() {}

    public var count: Int { tokens.count }

    /// Whether `path` names a group.
    public func isGroup(_ path: String) -> Bool { groupIDs[path] != nil }

    /// The index in `tokens` of the token at `path`.
    ///
    /// - Complexity: O(1) expected.
    public func index(of path: String) -> Int? { tokenIndex[path] }

    /// The index in `tokens` of the token at `path`, read from part of a larger string.
    func index(of path: Substring) -> Int? { tokenIndex[path] }

    public func token(_ path: String) -> TokenDefinition? {
        tokenIndex[path].map { tokens[$0] }
    }

    /// Makes room for about `bytes / 100` more tokens (typical of token files), so that
    /// loading does not rehash as it grows.
    mutating func reserve(forBytes bytes: Int) {
        let expected = tokens.count + bytes / 100
        if tokens.capacity < expected {
            tokenIndex.reserveCapacity(expected)
            tokens.reserveCapacity(expected)
            groupIDs.reserveCapacity(expected / 2)
        }
    }

    /// Starts adding a file: its changes are journaled until `commitFile()` or `rollBackFile()`.
    mutating func beginFile(_ file: SourceFile) {
        journal = Journal(tokenCount: tokens.count, groupCount: groupIDs.count, fileCount: files.count)
        files.append(file)
        reserve(forBytes: file.bytes.count)
    }

    mutating func commitFile() { journal = nil }

    /// Takes every change of the file being added back out.
    mutating func rollBackFile() {
        guard let journal else { return }
        self.journal = nil
        tokenIndex.removeLast(tokens.count - journal.tokenCount)
        tokens.removeSubrange(journal.tokenCount...)
        for (index, old) in journal.replacedTokens.reversed() { tokens[index] = old }
        for (path, old) in journal.replacedGroups.reversed() { groups[path] = old }
        groupIDs.removeLast(groupIDs.count - journal.groupCount)
        files.removeSubrange(journal.fileCount...)
    }

    /// Adds or replaces a token; returns the definition it replaced.
    @discardableResult
    mutating func insert(_ token: consuming TokenDefinition) -> TokenDefinition? {
        let (inserted, existing) = tokenIndex.insert(token.path)
        if !inserted {
            let old = tokens[existing]
            if journal != nil, existing < journal!.tokenCount { journal!.replacedTokens.append((existing, old)) }
            tokens[existing] = token
            return old
        }
        tokens.append(token)
        return nil
    }

    /// The id of a group path, registering it when new.
    mutating func groupID(for path: String) -> Int32 {
        Int32(groupIDs.insert(path).position)
    }

    /// Records a group's properties; with `overriding`, set properties replace earlier ones,
    /// otherwise they only fill gaps. Groups without properties are only registered.
    mutating func mergeGroup(_ group: GroupDefinition, overriding: Bool = true) {
        _ = groupID(for: group.path)
        guard group.hasProperties else { return }
        if journal != nil { journal!.replacedGroups.append((group.path, groups[group.path])) }
        guard var existing = groups[group.path] else {
            groups[group.path] = group
            return
        }
        func merge<T>(_ value: T?, into slot: inout T?) {
            if let value, overriding || slot == nil { slot = value }
        }
        merge(group.type, into: &existing.type)
        merge(group.unknownType, into: &existing.unknownType)
        merge(group.description, into: &existing.description)
        merge(group.deprecated, into: &existing.deprecated)
        merge(group.extensions, into: &existing.extensions)
        if let extends = group.extends, overriding || existing.extends == nil { existing.extends = extends }
        groups[group.path] = existing
    }

    mutating func setExtends(of path: String, to value: (reference: String, anchor: SourceAnchor)?) {
        groups[path]?.extends = value
    }

    /// The first property found walking up from the group enclosing `path` to the root.
    private func nearestGroupProperty<T>(of path: String, _ property: (GroupDefinition) -> T?) -> T? {
        var current = TokenPathSyntax.parent(of: path)
        while let group = current {
            if let value = groups[group].flatMap(property) { return value }
            current = TokenPathSyntax.parent(of: group)
        }
        return nil
    }

    /// The `$type` of the nearest group enclosing `path` (the path itself excluded).
    public func inheritedType(of path: String) -> TokenType? {
        nearestGroupProperty(of: path) { $0.type }
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
        if let type = groups[target]?.type ?? inheritedType(of: target) { groups[path]?.type = type }
    }

    /// For every group id, the property `property` of the group or, when it sets none, of its
    /// nearest enclosing group that does.
    ///
    /// - Complexity: O(g) for g groups: each group takes its parent's answer.
    func groupPropertiesInherited<T>(_ property: (GroupDefinition) -> T?) -> [T?] {
        var own = [T?](repeating: nil, count: groupIDs.count)
        for (path, group) in groups {
            if let id = groupIDs[path] { own[id] = property(group) }
        }
        var result = [T?]()
        result.reserveCapacity(own.count)
        for (id, path) in groupIDs.keys.enumerated() {
            if let value = own[id] {
                result.append(value)
            } else if let parent = parentGroupID(of: path), parent < id {
                result.append(result[parent])
            } else {
                result.append(nearestGroupProperty(of: path, property))
            }
        }
        return result
    }

    /// The id of the group enclosing the group or token at `path`.
    private func parentGroupID(of path: String) -> Int? {
        guard !path.isEmpty else { return nil }
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return groupIDs[""] }
        return groupIDs[path[..<dot]]
    }

    /// The `$deprecated` of the nearest group enclosing `path` that sets one.
    public func inheritedDeprecation(of path: String) -> Deprecation? {
        nearestGroupProperty(of: path) { $0.deprecated }
    }

}
