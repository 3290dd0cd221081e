/// The tokens and groups of one file, or of one part of a large file, as parsed and before
/// they join a `TokenDocument`.
///
/// Parsing fills a fragment without hashing a single path: group ids are local to the
/// fragment, in the order groups are met, and paths are known to be unique within it (a
/// repeated key in one object is rejected before it gets here). The document indexes a whole
/// fragment at once when it adds it (`TokenDocument.add(_:)`), which is faster than indexing
/// token by token, and a file that turns out to be broken is simply dropped.
struct TokenFragment: Sendable {
    /// The tokens this fragment's parser made, in source order. Each `groupID` is local: an
    /// index into `groupPaths`, or, in a part of a file, a negative `-1 - id` naming a group
    /// of the enclosing outline.
    var tokens: [TokenDefinition] = []
    /// When set, the seed under which the paths of tokens and groups are hashed as they are
    /// met (`pathHashes`, `groupHashes`), so the document need not hash them again.
    let seed: UInt64?
    var pathHashes: [UInt64] = []
    var groupHashes: [UInt64] = []
    /// Every group met, by local id.
    var groupPaths: [String] = []
    /// The local id of each group's enclosing group (`noGroup` for the root).
    var groupParents: [Int32] = []
    /// The groups that set properties, with their local ids.
    var groupProperties: [(id: Int32, group: GroupDefinition)] = []
    /// For a file put together from parts: its tokens in source order, as runs of the parts'
    /// tokens (nothing is copied). Empty when the tokens are `tokens`.
    var runs: [Run] = []

    init(seed: UInt64?) { self.seed = seed }

    /// Consecutive tokens of one part, whose local group ids start at `groupBase` here.
    struct Run: Sendable {
        var tokens: ArraySlice<TokenDefinition>
        /// The tokens' path hashes, when the part was hashed.
        var hashes: ArraySlice<UInt64>
        var groupBase: Int32

        /// The fragment's id for a group id written in this run.
        func groupID(_ id: Int32) -> Int32 { id < 0 ? -1 - id : groupBase + id }
    }

    /// The tokens in source order, as runs.
    var allRuns: [Run] { runs.isEmpty ? [Run(tokens: tokens[...], hashes: pathHashes[...], groupBase: 0)] : runs }

    /// Adds a token the parser made.
    mutating func append(_ token: TokenDefinition) {
        if let seed { pathHashes.append(PathTable.hash(token.path, seed: seed)) }
        tokens.append(token)
    }

    /// A run of this fragment's own tokens.
    func run(_ range: Range<Int>, groupBase: Int32) -> Run {
        Run(tokens: tokens[range], hashes: seed == nil ? [] : pathHashes[range], groupBase: groupBase)
    }

    /// Registers a group met for the first time and returns its local id.
    mutating func newGroup(_ path: String, parent: Int32) -> Int32 {
        if let seed { groupHashes.append(PathTable.hash(path, seed: seed)) }
        groupPaths.append(path)
        groupParents.append(parent)
        return Int32(groupPaths.count - 1)
    }

    /// The parent of the root group.
    static let noGroup = Int32.min

    /// The id of a group of the enclosing outline, as tokens of a part refer to it.
    static func outerGroup(_ id: Int32) -> Int32 { -1 - id }

    /// Appends the groups of `part`; returns the id its first group takes here.
    mutating func append(groupsOf part: TokenFragment) -> Int32 {
        let base = Int32(groupPaths.count)
        groupPaths.append(contentsOf: part.groupPaths)
        groupHashes.append(contentsOf: part.groupHashes)
        groupParents.append(contentsOf: part.groupParents.lazy.map { $0 == Self.noGroup ? $0 : $0 < 0 ? -1 - $0 : base + $0 })
        groupProperties.append(contentsOf: part.groupProperties.lazy.map { (base + $0.id, $0.group) })
        return base
    }
}
