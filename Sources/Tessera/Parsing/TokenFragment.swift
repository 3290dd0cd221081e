/// The tokens and groups of one file, or of one part of a large file, as parsed and before
/// they join a `TokenDocument`.
///
/// Parsing fills a fragment without looking anything up: group ids are local to the fragment,
/// in the order groups are met, and paths are known to be unique within it (a repeated key in
/// one object is rejected before it gets here). The parser also lays out each path's bytes
/// and hash as it meets it (`paths`), while they are at hand. The document indexes a whole
/// fragment at once when it adds it (`TokenDocument.add(_:from:)`) and moves its tokens in
/// without copying them; a file that turns out to be broken is simply dropped.
package struct TokenFragment: Sendable {
    /// The tokens this fragment's parser made, in source order, and their paths. Each
    /// `groupID` is local: an index into `groupPaths`, or, in a part of a file, a negative
    /// `-1 - id` naming a group of the enclosing outline.
    var own = Piece(hashed: false)
    /// When set, the seed under which paths are hashed as they are met.
    let seed: UInt64?
    /// Every group met, by local id, with their hashes when `seed` is set.
    var groupPaths: [String] = []
    var groupHashes: [UInt64] = []
    /// The local id of each group's enclosing group (`noGroup` for the root).
    var groupParents: [Int32] = []
    /// The groups that set properties, with their local ids.
    var groupProperties: [(id: Int32, group: GroupDefinition)] = []
    /// For a file put together from parts: the parts' tokens, and the file's tokens in source
    /// order as runs of them. Empty when the tokens are `own`.
    var pieces: [Piece] = []
    var runs: [Run] = []
    /// For a file put together from parts: each part, where its tokens and groups are, so
    /// that a change inside one of them is parsed again there only
    /// (`DocumentParser.reparse(_:from:to:changed:)`).
    var parts: [PartEntry] = []

    /// One part of a file put together from parts.
    struct PartEntry: Sendable {
        var part: DocumentParser.Part
        /// The piece holding its tokens.
        var piece: Int
        /// Its groups among the fragment's.
        var groups: Range<Int>
        /// Whether parsing it found a problem.
        var foundProblems: Bool
    }

    /// Tokens with their paths laid out for indexing.
    struct Piece: Sendable {
        var tokens: [TokenDefinition] = []
        var paths: PathTable.KeyBatch

        init(hashed: Bool) { paths = PathTable.KeyBatch(hashed: hashed) }
    }

    /// Consecutive tokens of one piece (`own` when `piece` is -1), whose local group ids start
    /// at `groupBase` here.
    struct Run: Sendable {
        var piece: Int
        var range: Range<Int>
        var groupBase: Int32

        /// The fragment's id for a group id written in this run.
        func groupID(_ id: Int32) -> Int32 { id < 0 ? -1 - id : groupBase + id }
    }

    init(seed: UInt64?) {
        self.seed = seed
        own = Piece(hashed: seed != nil)
    }

    /// The tokens in source order, as runs.
    var allRuns: [Run] { runs.isEmpty ? [Run(piece: -1, range: 0..<own.tokens.count, groupBase: 0)] : runs }

    var tokenCount: Int { allRuns.reduce(0) { $0 + $1.range.count } }

    /// The piece a run reads from.
    func piece(of run: Run) -> Piece { run.piece < 0 ? own : pieces[run.piece] }

    /// Gives `body` the tokens of the piece `run` reads from, to move them out.
    mutating func withTokens<R>(of run: Run, _ body: (inout [TokenDefinition]) -> R) -> R {
        run.piece < 0 ? body(&own.tokens) : body(&pieces[run.piece].tokens)
    }

    /// Adds a token the parser made.
    mutating func append(_ token: TokenDefinition) {
        own.paths.append(token.path, seed: seed)
        own.tokens.append(token)
    }

    /// Registers a group met for the first time and returns its local id.
    mutating func newGroup(_ path: String, parent: Int32) -> Int32 {
        if let seed { groupHashes.append(PathTable.hash(path, seed: seed)) }
        groupPaths.append(path)
        groupParents.append(parent)
        return Int32(groupPaths.count - 1)
    }

    /// The `$ref` of the root object, when it has one (it names what the file extends).
    var rootReference: String? {
        groupProperties.first { groupPaths[Int($0.id)].isEmpty }?.group.extends?.reference
    }

    /// The parent of the root group.
    static let noGroup = Int32.min

    /// The fragment's id of the parent a part gives one of its groups (`parent`, local to the
    /// part), when the part's groups start at `base` among the fragment's.
    static func parent(_ parent: Int32, ofPartGroupsFrom base: Int32) -> Int32 {
        parent == noGroup ? parent : parent < 0 ? -1 - parent : base + parent
    }

    /// The id of a group of the enclosing outline, as tokens of a part refer to it.
    static func outerGroup(_ id: Int32) -> Int32 { -1 - id }

    /// Appends the groups of `part`; returns the id its first group takes here.
    mutating func append(groupsOf part: TokenFragment) -> Int32 {
        let base = Int32(groupPaths.count)
        groupPaths.append(contentsOf: part.groupPaths)
        groupHashes.append(contentsOf: part.groupHashes)
        groupParents.append(contentsOf: part.groupParents.lazy.map { Self.parent($0, ofPartGroupsFrom: base) })
        groupProperties.append(contentsOf: part.groupProperties.lazy.map { (base + $0.id, $0.group) })
        return base
    }

    /// The paths of all tokens, in source order, as one batch for the path table.
    var pathBatch: PathTable.KeyBatch {
        let runs = allRuns
        if runs.count == 1, runs[0].piece < 0 { return own.paths }
        var batch = PathTable.KeyBatch(hashed: seed != nil)
        for run in runs { batch.append(piece(of: run).paths, run.range) }
        return batch
    }

    /// The group paths as one batch for the path table.
    var groupBatch: PathTable.KeyBatch {
        var batch = PathTable.KeyBatch(hashed: false)
        for path in groupPaths { batch.append(path, seed: nil) }
        if seed != nil { batch.hashes = groupHashes }
        return batch
    }
}
