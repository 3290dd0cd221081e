import Foundation

/// Builds one layer of tokens — what one source file contributes — from values an importer
/// read, each with its place in the original file, so that diagnostics point into that file.
///
/// ```swift
/// var builder = DocumentBuilder(file: file)
/// builder.setGroup(["color"], type: .color, at: 0)
/// builder.addToken(["color", "accent"], value: .typed(.color(accent)), at: 42)
/// builder.addToken(["color", "link"], value: .alias(["color", "accent"]), at: 97)
/// let layer = builder.finish()
/// ```
///
/// Names are checked as in DTCG files (no `{`, `}`, `.` or leading `$`); a bad name is an
/// `name.invalid` error and the token is left out. A path added twice keeps the later token.
public struct DocumentBuilder: Sendable {
    /// What a token is set to.
    public enum Value: Sendable {
        /// A value already typed: used as it is, not parsed again.
        case typed(TokenValue)
        /// A value as DTCG JSON (`{"colorSpace": …}`, `"{color.accent}"`, `{"$ref": …}`), parsed
        /// and checked as in a token file.
        case raw(JSONValue)
        /// The whole value is another token's (`{color.accent}`), by path segments.
        case alias([String])
        /// A value computed from other tokens' resolved values; `at` is where the value is
        /// written.
        case computed(Computation, at: Int)
    }

    /// The file the values come from; offsets are byte offsets into it.
    public let file: SourceFile
    private var fragment: TokenFragment
    private var groupIDs: [TokenPath: Int32] = [:]
    private var tokenPositions: [TokenPath: Int] = [:]
    private var tokens: [TokenDefinition] = []
    private var groups: [TokenPath: GroupDefinition] = [:]
    /// The group the last token was placed in.
    private var lastGroup: (segments: [String], joined: String, id: Int32)?
    private(set) var diagnostics: [Diagnostic] = []

    public init(file: SourceFile) {
        self.file = file
        fragment = TokenFragment(seed: nil)
        groupIDs[TokenPath("")] = fragment.newGroup("", parent: TokenFragment.noGroup)
    }

    /// Adds a token; `type` is its `$type` (nil: inherited from its groups, or the alias's).
    public mutating func addToken(
        _ path: [String], type: TokenType? = nil, value: Value, at offset: Int,
        description: String? = nil, deprecated: Deprecation? = nil, extensions: JSONValue? = nil
    ) {
        guard let (joined, group) = place(path, at: offset), !path.isEmpty else { return }
        var token = TokenDefinition(path: joined, groupID: group, type: type, value: value,
            anchor: SourceAnchor(file: file, offset: offset))
        // Each is nil in a new token: set only what is given (each setting allocates).
        if description != nil { token.description = description }
        if deprecated != nil { token.deprecated = deprecated }
        if extensions != nil { token.extensions = extensions }
        if let position = tokenPositions[TokenPath(joined)] {
            tokens[position] = token
        } else {
            tokenPositions[TokenPath(joined)] = tokens.count
            tokens.append(token)
        }
    }

    /// Sets properties of a group (creating it and its parents); later calls override the
    /// properties they set.
    package mutating func setGroup(
        _ path: [String], type: TokenType? = nil, description: String? = nil, deprecated: Deprecation? = nil,
        extensions: JSONValue? = nil, at offset: Int
    ) {
        guard let joined = groupPath(path, at: offset) else { return }
        var group = GroupDefinition(path: joined, anchor: SourceAnchor(file: file, offset: offset))
        group.type = type
        group.description = description
        group.deprecated = deprecated
        group.extensions = extensions
        if var existing = groups[TokenPath(joined)] {
            existing.merge(group)
            groups[TokenPath(joined)] = existing
        } else {
            groups[TokenPath(joined)] = group
        }
    }

    /// Reports a problem the importer found (it is listed with the layer's other diagnostics).
    public mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// The layer, ready to merge.
    public consuming func finish() -> BuiltLayer {
        for (path, group) in groups {
            if let id = groupIDs[path] { fragment.groupProperties.append((id, group)) }
        }
        fragment.groupProperties.sort { $0.id < $1.id }
        for token in tokens { fragment.append(token) }
        return BuiltLayer(file: file, fragment: fragment, diagnostics: diagnostics)
    }

    /// The joined path and the id of the enclosing group, registering groups on the way; nil
    /// (reported) when a name is not allowed.
    private mutating func place(_ path: [String], at offset: Int) -> (String, Int32)? {
        guard let name = path.last else { return nil }
        // Tokens of one group come together: the last group's path and id serve again.
        let parent: String
        let id: Int32
        if let last = lastGroup, last.segments.elementsEqual(path.dropLast()) {
            (parent, id) = (last.joined, last.id)
        } else {
            guard let joined = groupPath(path.dropLast(), at: offset) else { return nil }
            (parent, id) = (joined, groupIDs[TokenPath(joined)]!)
            lastGroup = (Array(path.dropLast()), joined, id)
        }
        if let problem = TokenPathSyntax.problem(withName: name) {
            reportName(name, problem, path: path, at: offset)
            return nil
        }
        return (TokenPathSyntax.join(parent, name), id)
    }

    /// Registers the group at `path` and its ancestors; its joined path, or nil (reported).
    private mutating func groupPath<Path: Collection<String>>(_ path: Path, at offset: Int) -> String? {
        var joined = ""
        for name in path {
            if let problem = TokenPathSyntax.problem(withName: name) {
                reportName(name, problem, path: Array(path), at: offset)
                return nil
            }
            let child = TokenPathSyntax.join(joined, name)
            if groupIDs[TokenPath(child)] == nil { groupIDs[TokenPath(child)] = fragment.newGroup(child, parent: groupIDs[TokenPath(joined)]!) }
            joined = child
        }
        return joined
    }

    private mutating func reportName(_ name: String, _ problem: String, path: [String], at offset: Int) {
        diagnostics.append(Diagnostic(.invalidName(name, problem),
            at: SourceAnchor(file: file, offset: offset).location(token: path.joined(separator: "."))))
    }
}

/// One source's tokens and groups, built (`DocumentBuilder`) or parsed (a DTCG file), ready to
/// merge with the layers before and after it.
public struct BuiltLayer: Sendable {
    package let file: SourceFile
    /// Nil when the source could not be read as a whole (a file that is not well-formed).
    var fragment: TokenFragment?
    /// What building or parsing the layer found.
    package let diagnostics: [Diagnostic]
    /// Tells layers apart (a token system parses each source once, by identity).
    let id: UInt64

    package init(file: SourceFile, fragment: TokenFragment?, diagnostics: [Diagnostic]) {
        self.file = file
        self.fragment = fragment
        self.diagnostics = diagnostics
        id = Self.counter.next()
    }

    private static let counter = Counter()

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 0

        func next() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}

extension JSONValue {
    /// The same value with every offset set to `offset` (a value made, not read, is reported
    /// at the place it stands for).
    package func placed(at offset: Int) -> JSONValue {
        switch storage {
        case .array(let items): JSONValue(.array(items.map { $0.placed(at: offset) }), offset: offset)
        case .object(let members):
            JSONValue(.object(members.map { JSONMember(key: $0.key, keyOffset: offset, value: $0.value.placed(at: offset)) }),
                offset: offset)
        default: JSONValue(storage, offset: offset)
        }
    }
}
