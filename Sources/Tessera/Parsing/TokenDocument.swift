/// A group as written: the shared properties its tokens inherit.
public struct GroupDefinition: Sendable {
    package var path: String
    package var type: TokenType?
    /// A `$type` this version does not know; tokens inheriting it are skipped.
    package var unknownType: String?
    package var description: String?
    package var deprecated: Deprecation?
    package var extensions: JSONValue?
    /// `$extends` (or group-level `$ref`): the reference text and where it is.
    package var extends: (reference: String, anchor: SourceAnchor)?
    package var anchor: SourceAnchor

    /// Takes in the properties `other` sets: with `overriding`, they replace these; otherwise
    /// they only fill gaps. `$extensions` merge member by member (see `JSONValue.merging`), so
    /// that a later source adding one extension keeps the others.
    mutating func merge(_ other: GroupDefinition, overriding: Bool = true) {
        func merge<T>(_ value: T?, into slot: inout T?) {
            if let value, overriding || slot == nil { slot = value }
        }
        merge(other.type, into: &type)
        merge(other.unknownType, into: &unknownType)
        merge(other.description, into: &description)
        merge(other.deprecated, into: &deprecated)
        if let more = other.extensions {
            extensions = extensions.map { overriding ? $0.merging(more) : more.merging($0) } ?? more
        }
        if let extends = other.extends, overriding || self.extends == nil { self.extends = extends }
    }

    /// Whether two definitions set the same properties to the same values (where they are
    /// written aside).
    func sameProperties(as other: GroupDefinition) -> Bool {
        type == other.type && unknownType == other.unknownType && description == other.description
            && deprecated == other.deprecated && extends?.reference == other.extends?.reference
            && (extensions == nil) == (other.extensions == nil)
            && (extensions.map { other.extensions!.sameContent(as: $0) } ?? true)
    }

    /// Anchors the definition in `file`, a new text of the file it was read from in which the
    /// bytes from `start` on moved `delta` bytes further.
    mutating func move(to file: SourceFile, from start: Int, by delta: Int) {
        func moved(_ anchor: SourceAnchor) -> SourceAnchor {
            SourceAnchor(file: file, offset: anchor.offset >= start ? anchor.offset + delta : anchor.offset)
        }
        anchor = moved(anchor)
        if let (reference, at) = extends { extends = (reference, moved(at)) }
        if delta != 0 { extensions = extensions?.moved(from: start, by: delta) }
    }

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
    private(set) var tokenIndex: PathTable
    /// The groups that set at least one property, by path. Every group, with or without
    /// properties, is in `groupPaths`; use `isGroup(_:)` to ask whether a path is a group.
    public private(set) var groups: [TokenPath: GroupDefinition] = [:]
    public internal(set) var files: [SourceFile] = []
    /// Tokens defined only where the resolver does not look (sets it does not use), by path,
    /// with the set's name: an unknown reference to one of them says so.
    var definedInUnusedSets: [String: String] = [:]
    /// For each of those sets, the fix-it that lists it in the resolver's resolution order.
    var listingUnusedSets: [String: Diagnostic.FixIt] = [:]
    /// Every group path seen (including `""`, the root), indexed by group id.
    ///
    /// - Complexity: O(g); builds the array on each call.
    package var groupPaths: [String] { groupIDs.keys }

    /// The path of group `id`.
    package func groupPath(_ id: Int32) -> String { groupIDs.key(at: Int(id)) }
    private(set) var groupIDs: PathTable
    /// The id of each group's enclosing group, or -1 (for the root, or when not known).
    private var groupParents: [Int32] = []
    public init() {
        self.init(seed: PathTable.randomSeed())
    }

    /// A document whose path tables hash with `seed`, so fragments parsed with it need no
    /// hashing again.
    init(seed: UInt64) {
        tokenIndex = PathTable(seed: seed)
        groupIDs = PathTable(seed: seed)
    }

    /// The seed under which both path tables hash; fragments hashed under it are indexed
    /// without hashing again.
    var pathSeed: UInt64 { tokenIndex.seed }

    public var count: Int { tokens.count }

    /// Whether `path` names a group.
    package func isGroup(_ path: String) -> Bool { groupIDs[path] != nil }

    /// The index in `tokens` of the token at `path`.
    ///
    /// - Complexity: O(1) expected.
    public func index(of path: String) -> Int? { tokenIndex[path] }

    public func token(_ path: String) -> TokenDefinition? {
        tokenIndex[path].map { tokens[$0] }
    }

    /// Makes room for about `bytes / 100` more tokens (typical of token files), so that
    /// loading does not rehash as it grows.
    ///
    /// Only the path tables are sized: the token array is built whole when a file is added.
    mutating func reserve(forBytes bytes: Int) {
        let expected = tokens.count + bytes / 100
        tokenIndex.reserveCapacity(expected)
        groupIDs.reserveCapacity(expected / 2)
    }

    /// Adds a parsed file: its groups, then its tokens, indexed in one batch each. A token
    /// whose path is already defined replaces the earlier definition in place; the replaced
    /// definitions are returned with their index, for conflict checks.
    ///
    /// - Complexity: O(n) expected in the fragment's tokens and groups.
    mutating func add(_ fragment: consuming TokenFragment, from file: SourceFile) -> [(index: Int, old: TokenDefinition)] {
        files.append(file)
        var groupBatch = fragment.groupBatch
        if fragment.seed != pathSeed { groupBatch.hashes = nil }
        let groupMap = groupIDs.insertAll(groupBatch).map { Int32($0) }
        for (local, id) in groupMap.enumerated() where Int(id) == groupParents.count {
            let parent = fragment.groupParents[local]
            groupParents.append(parent == TokenFragment.noGroup ? -1 : groupMap[Int(parent)])
        }
        for (_, group) in fragment.groupProperties { mergeGroup(group) }
        var pathBatch = fragment.pathBatch
        if fragment.seed != pathSeed { pathBatch.hashes = nil }
        let base = tokens.count
        let positions = tokenIndex.insertAll(pathBatch)
        let runs = fragment.allRuns
        if positions.indices.allSatisfy({ positions[$0] == base + $0 }) {
            moveIn(&fragment, runs: runs, groupMap: groupMap, placeholder: TokenDefinition(
                path: "", groupID: 0, value: JSONValue(.null), anchor: SourceAnchor(file: file, offset: 0)))
            return []
        }
        // Some paths are defined again: those definitions replace the earlier ones in place.
        var replaced: [(index: Int, old: TokenDefinition)] = []
        var next = 0
        for run in runs {
            for var token in fragment.piece(of: run).tokens[run.range] {
                token.groupID = groupMap[Int(run.groupID(token.groupID))]
                let position = positions[next]
                next += 1
                if position < tokens.count {
                    replaced.append((position, tokens[position]))
                    tokens[position] = token
                } else {
                    tokens.append(token)
                }
            }
        }
        return replaced
    }

    /// Appends the tokens of `runs`. A file with at least as many tokens as the document holds
    /// is moved in, not copied: the array is built anew, each token taken out of the document
    /// and the fragment bit for bit and a `placeholder` (which holds nothing worth counting)
    /// left in its place. A smaller file is appended in place (a copy of each of its tokens),
    /// the array growing geometrically. Rebuilding only when the document at least doubles
    /// keeps the total linear: many small files cost what their tokens cost, not a copy of the
    /// document each.
    private mutating func moveIn(
        _ fragment: inout TokenFragment, runs: [TokenFragment.Run], groupMap: [Int32], placeholder: TokenDefinition
    ) {
        let added = runs.reduce(0) { $0 + $1.range.count }
        if added < tokens.count {
            let needed = tokens.count + added
            if tokens.capacity < needed { tokens.reserveCapacity(max(needed, tokens.capacity * 2)) }
            for run in runs {
                for var token in fragment.piece(of: run).tokens[run.range] {
                    token.groupID = groupMap[Int(run.groupID(token.groupID))]
                    tokens.append(token)
                }
            }
            return
        }
        var earlier = tokens
        tokens = []
        let count = earlier.count + added
        // Nothing to move: an array made with no capacity would write its count into the empty
        // array every thread shares.
        guard count > 0 else { return }
        tokens = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            var next = buffer.baseAddress!
            earlier.withUnsafeMutableBufferPointer { source in
                guard source.count > 0 else { return }
                next.moveInitialize(from: source.baseAddress!, count: source.count)
                source.baseAddress!.initialize(repeating: placeholder, count: source.count)
                next += source.count
            }
            for run in runs {
                fragment.withTokens(of: run) { tokens in
                    tokens.withUnsafeMutableBufferPointer { source in
                        guard !run.range.isEmpty else { return }
                        let start = source.baseAddress! + run.range.lowerBound
                        next.moveInitialize(from: start, count: run.range.count)
                        start.initialize(repeating: placeholder, count: run.range.count)
                        for offset in 0..<run.range.count {
                            (next + offset).pointee.groupID = groupMap[Int(run.groupID((next + offset).pointee.groupID))]
                        }
                        next += run.range.count
                    }
                }
            }
            initialized = count
        }
    }

    /// Puts `new` where `old` is among the files read.
    mutating func replaceFile(_ old: SourceFile, with new: SourceFile) {
        for index in files.indices where files[index] === old { files[index] = new }
    }

    /// Replaces the definitions at some indices (same paths, groups of this document).
    mutating func redefine(_ definitions: [(index: Int, token: TokenDefinition)]) {
        for (index, token) in definitions { tokens[index] = token }
    }

    /// Follows, in place, an edit of one file that changed the text of no token but some: each
    /// token at `indices[position]` written in that file (the old `file.path`) takes where
    /// `after[position]` is now written — tokens at and past `movedFrom` (a byte
    /// offset in the old text) moved, with their values — and each at a position `redefined`
    /// holds becomes `after[position]` (its group kept). Returns the indices redefined, in order.
    ///
    /// The tokens that only move are anchored in this document's own objects for the new
    /// file's pieces (`SourceFile(sharing:)`): documents followed side by side (a permutation
    /// each) never contend for one reference count, thousands of times over. Their values, when
    /// they move, share the new text's storage: each document, going through the file from its
    /// own `start` (a position in it) round to where it began, copies other values than the
    /// others at the same time.
    mutating func follow(_ after: [TokenDefinition], placed places: NewPlaces, at indices: [Int], of path: String,
        movedFrom: Int, redefined: Set<Int>, startingAt start: Int = 0) -> [Int]
    {
        var changed: [Int] = []
        // Few: looked up without hashing.
        let redefined = redefined.sorted()
        var edited = EditedFiles(path: path)
        var own = OwnFiles(places.pieces)
        // Read through pointers: threads reading the same arrays retain nothing.
        after.withUnsafeBufferPointer { moved in
            places.piece.withUnsafeBufferPointer { piece in
                places.offsets.withUnsafeBufferPointer { offsets in
                    indices.withUnsafeBufferPointer { indices in
                        tokens.withUnsafeMutableBufferPointer { tokens in
                            let start = indices.isEmpty ? 0 : min(max(start, 0), indices.count - 1)
                            for step in indices.indices {
                                let position = step + start < indices.count ? step + start : step + start - indices.count
                                let index = indices[position]
                                guard edited.holds(ObjectIdentifier(tokens[index].anchor.file))
                                    ?? edited.holds(tokens[index].anchor.file)
                                else { continue }
                                let shifted = tokens[index].anchor.offset >= movedFrom
                                let isRedefined = redefined.contains(position)
                                // Path, group and types stay: the text that gives them did not
                                // change. The fields are taken one by one: the whole definition
                                // would be copied.
                                if isRedefined || shifted && (tokens[index].hasDetails || moved[position].hasDetails) {
                                    let group = tokens[index].groupID
                                    tokens[index] = moved[position]
                                    tokens[index].groupID = group
                                    if isRedefined { changed.append(index) }
                                } else {
                                    tokens[index].anchor = SourceAnchor(file: own.file(Int(piece[position])),
                                        offset: offsets[position])
                                    // A scalar only moves (its storage is not touched); an array
                                    // or object takes the nested offsets too.
                                    if shifted, tokens[index].value.isScalar {
                                        tokens[index].value.offset = moved[position].value.offset
                                    } else if shifted {
                                        tokens[index].value = moved[position].value
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Gone through from `start`: put back in order.
        return start == 0 ? changed : changed.sorted()
    }

    /// Whether each file a token is anchored in is the one edited (or a copy a part of it was
    /// parsed in: up to 256 of one file), known by identity after its path is compared once.
    /// Tokens of the edited file and of files overriding some of them alternate: the last few
    /// files are looked over before any is hashed.
    private struct EditedFiles {
        let path: String
        private var recent: [(file: ObjectIdentifier, edited: Bool)] = []
        private var next = 0
        private var known: [ObjectIdentifier: Bool] = [:]

        init(path: String) { self.path = path }

        /// Whether the file with this identity is the one edited, if known.
        @inline(__always)
        func holds(_ id: ObjectIdentifier) -> Bool? {
            for entry in recent where entry.file == id { return entry.edited }
            return nil
        }

        /// Whether `file` is the one edited, kept for the next time it is asked.
        mutating func holds(_ file: SourceFile) -> Bool {
            let id = ObjectIdentifier(file)
            let edited = known[id] ?? (file.path == path)
            known[id] = edited
            if recent.count < 8 {
                recent.append((id, edited))
            } else {
                recent[next] = (id, edited)
                next = (next + 1) % recent.count
            }
            return edited
        }
    }

    /// A document's own object for each piece of a file's new text (`SourceFile(sharing:)`),
    /// made when first needed.
    private struct OwnFiles {
        private let pieces: [SourceFile]
        private var own: [SourceFile?]

        init(_ pieces: [SourceFile]) {
            self.pieces = pieces
            own = Array(repeating: nil, count: pieces.count)
        }

        mutating func file(_ piece: Int) -> SourceFile {
            if let file = own[piece] { return file }
            let file = SourceFile(sharing: pieces[piece])
            own[piece] = file
            return file
        }
    }

    /// Where each token of a file's new text is written, to be read without retaining anything:
    /// the object of each piece the text was parsed in, and each token's piece and offset.
    struct NewPlaces: Sendable {
        let pieces: [SourceFile]
        let piece: [Int32]
        let offsets: [Int]

        init(_ after: [TokenDefinition]) {
            var pieces: [SourceFile] = []
            var numbers: [ObjectIdentifier: Int32] = [:]
            var piece: [Int32] = []
            var offsets: [Int] = []
            piece.reserveCapacity(after.count)
            offsets.reserveCapacity(after.count)
            var last: (file: ObjectIdentifier, number: Int32)?
            for token in after {
                let id = ObjectIdentifier(token.anchor.file)
                let number: Int32
                if let last, last.file == id {
                    number = last.number
                } else if let known = numbers[id] {
                    number = known
                } else {
                    number = Int32(pieces.count)
                    numbers[id] = number
                    pieces.append(token.anchor.file)
                }
                last = (id, number)
                piece.append(number)
                offsets.append(token.anchor.offset)
            }
            self.pieces = pieces
            self.piece = piece
            self.offsets = offsets
        }
    }

    /// Adds or replaces a token; returns the definition it replaced.
    @discardableResult
    mutating func insert(_ token: consuming TokenDefinition) -> TokenDefinition? {
        let (inserted, existing) = tokenIndex.insert(token.path)
        if !inserted {
            let old = tokens[existing]
            tokens[existing] = token
            return old
        }
        tokens.append(token)
        return nil
    }

    /// The id of a group path, registering it when new.
    mutating func groupID(for path: String) -> Int32 {
        let (inserted, id) = groupIDs.insert(path)
        if inserted { groupParents.append(parentGroupID(of: path).map(Int32.init) ?? -1) }
        return Int32(id)
    }

    /// Records a group's properties; with `overriding`, set properties replace earlier ones,
    /// otherwise they only fill gaps. Groups without properties are only registered.
    mutating func mergeGroup(_ group: GroupDefinition, overriding: Bool = true) {
        _ = groupID(for: group.path)
        guard group.hasProperties else { return }
        guard var existing = groups[TokenPath(group.path)] else {
            groups[TokenPath(group.path)] = group
            return
        }
        existing.merge(group, overriding: overriding)
        groups[TokenPath(group.path)] = existing
    }

    mutating func setExtends(of path: String, to value: (reference: String, anchor: SourceAnchor)?) {
        groups[TokenPath(path)]?.extends = value
    }

    /// The first property found walking up from the group enclosing `path` to the root.
    func nearestGroupProperty<T>(of path: String, _ property: (GroupDefinition) -> T?) -> T? {
        var current = TokenPathSyntax.parent(of: path)
        while let group = current {
            if let value = groups[TokenPath(group)].flatMap(property) { return value }
            current = TokenPathSyntax.parent(of: group)
        }
        return nil
    }

    /// The `$type` of the nearest group enclosing `path` (the path itself excluded).
    package func inheritedType(of path: String) -> TokenType? {
        nearestGroupProperty(of: path) { $0.type }
    }

    /// The unknown `$type` a token would inherit from its nearest typed group, if that is one.
    package func inheritedUnknownType(of path: String) -> String? {
        var current = TokenPathSyntax.parent(of: path)
        while let group = current {
            if groups[TokenPath(group)]?.type != nil { return nil }
            if let unknown = groups[TokenPath(group)]?.unknownType { return unknown }
            current = TokenPathSyntax.parent(of: group)
        }
        return nil
    }

    mutating func inheritType(of path: String, from target: String) {
        let key = TokenPath(path)
        guard groups[key]?.type == nil, groups[key]?.unknownType == nil else { return }
        if let type = groups[TokenPath(target)]?.type ?? inheritedType(of: target) { groups[key]?.type = type }
    }

    /// For every group id, the property `property` of the group or, when it sets none, of its
    /// nearest enclosing group that does.
    ///
    /// - Complexity: O(g) for g groups: each group takes its parent's answer.
    func groupPropertiesInherited<T>(_ property: (GroupDefinition) -> T?) -> [T?] {
        var own = [T?](repeating: nil, count: groupIDs.count)
        for (path, group) in groups {
            if let id = groupIDs[path.string] { own[id] = property(group) }
        }
        var result = [T?]()
        result.reserveCapacity(own.count)
        for id in 0..<groupIDs.count {
            let parent = Int(groupParents[id])
            if let value = own[id] {
                result.append(value)
            } else if parent >= 0, parent < id {
                result.append(result[parent])
            } else {
                result.append(nearestGroupProperty(of: groupIDs.key(at: id), property))
            }
        }
        return result
    }

    /// The id of the group enclosing the group or token at `path`.
    private func parentGroupID(of path: String) -> Int? {
        guard !path.isEmpty else { return nil }
        var path = path
        return path.withUTF8 { utf8 in
            let dot = utf8.lastIndex(of: UInt8(ascii: ".")) ?? 0
            return groupIDs.position(of: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[..<dot]))
        }
    }

    /// The `$deprecated` of the nearest group enclosing `path` that sets one.
    package func inheritedDeprecation(of path: String) -> Deprecation? {
        nearestGroupProperty(of: path) { $0.deprecated }
    }

}
