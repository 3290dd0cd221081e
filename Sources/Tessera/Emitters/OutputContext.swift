/// What an output needs from resolved tokens, worked out once: the tokens as a tree sorted in
/// code point order, names in the usual casings, and Swift-safe identifiers. Every emitter
/// starts from one (`ResolvedEmitter.flat` and `.tree` do).
///
/// ```swift
/// let context = OutputContext(try result.tokens())
/// for node in context.root.descendants where node.token != nil {
///     print(OutputContext.swiftIdentifier(node.path.segments, casing: .lowerCamel), node.token!.value)
/// }
/// ```
public struct OutputContext: Sendable {
    /// One group or token of the tree.
    public struct Node: Sendable {
        /// The last name of the path (empty for the root).
        public let name: String
        public let path: TokenPath
        /// The resolved token at this path, if one is.
        public let token: ResolvedToken?
        /// The group's properties, if it sets any.
        public let group: GroupDefinition?
        /// The children, sorted by name in code point order.
        public let children: [Node]

        /// This node and everything under it, depth first, in order.
        public var descendants: [Node] {
            var nodes: [Node] = []
            var pending = [self]
            while let node = pending.popLast() {
                nodes.append(node)
                pending.append(contentsOf: node.children.reversed())
            }
            return nodes
        }
    }

    /// The root group.
    public let root: Node
    /// The document the tokens come from (for group properties).
    public let document: TokenDocument

    /// The tree of every resolved token.
    public init(_ tokens: ResolvedTokens) {
        self.init(tokens.all, document: tokens.document)
    }

    /// The tree of some resolved tokens of `document` (any order).
    public init(_ tokens: [ResolvedToken], document: TokenDocument) {
        self.document = document
        let builder = TreeBuilder()
        for token in tokens { builder.add(token) }
        root = builder.node(name: "", path: "", document: document)
    }

    /// The tokens in tree order: sorted by path, name by name, in code point order.
    package var sortedTokens: [ResolvedToken] { root.descendants.compactMap(\.token) }

    /// How names are joined into one identifier.
    public enum Casing: Sendable, CaseIterable {
        /// `colorAccent600`
        case lowerCamel
        /// `ColorAccent600`
        case upperCamel
        /// `color_accent_600`
        case snake
        /// `color-accent-600`
        case kebab
    }

    /// The words of some names: split at spaces, dashes, underscores and case changes.
    public static func words(_ names: [String]) -> [String] {
        if names.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) { return asciiWords(names) }
        var words: [String] = []
        for name in names {
            var current = ""
            var previous: Character?
            for character in name {
                if character == " " || character == "-" || character == "_" || character == "." {
                    if !current.isEmpty { words.append(current) }
                    current = ""
                } else {
                    if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, !current.isEmpty {
                        words.append(current)
                        current = ""
                    }
                    current.append(character)
                }
                previous = character
            }
            if !current.isEmpty { words.append(current) }
        }
        return words
    }

    /// `words(_:)` for ASCII names, byte by byte.
    private static func asciiWords(_ names: [String]) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for name in names {
            var previous: UInt8 = 0
            for byte in name.utf8 {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") {
                    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                    current.removeAll(keepingCapacity: true)
                } else {
                    let upper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                    let lowerOrDigit = (previous >= UInt8(ascii: "a") && previous <= UInt8(ascii: "z"))
                        || (previous >= UInt8(ascii: "0") && previous <= UInt8(ascii: "9"))
                    if upper, lowerOrDigit, !current.isEmpty {
                        words.append(String(decoding: current, as: UTF8.self))
                        current.removeAll(keepingCapacity: true)
                    }
                    current.append(byte)
                }
                previous = byte
            }
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        return words
    }

    /// Names joined in a casing: `["color", "accent-600"]` → `colorAccent600`.
    public static func name(_ names: [String], casing: Casing) -> String {
        let words = words(names)
        switch casing {
        case .lowerCamel:
            return words.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : capitalized($0.element) }.joined()
        case .upperCamel: return words.map(capitalized).joined()
        case .snake: return words.map { $0.lowercased() }.joined(separator: "_")
        case .kebab: return words.map { $0.lowercased() }.joined(separator: "-")
        }
    }

    /// A Swift identifier for names: the casing asked for, `_` before a leading digit,
    /// characters Swift does not allow in identifiers replaced by `_` (`unnamed` when nothing
    /// else is left), and Swift keywords such as `default` wrapped in backticks.
    package static func swiftIdentifier(_ names: [String], casing: Casing = .lowerCamel) -> String {
        var identifier = String(name(names, casing: casing).unicodeScalars.map { scalar in
            scalar.properties.isXIDContinue ? Character(scalar) : "_"
        })
        // Nothing usable (`!`): `_` alone is not a name Swift accepts.
        if identifier.allSatisfy({ $0 == "_" }) { identifier = "unnamed" }
        if let first = identifier.unicodeScalars.first, !first.properties.isXIDStart, first != "_" { identifier = "_" + identifier }
        return swiftKeywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A name as a nested type of generated Swift: UpperCamelCase, and never a keyword or a
    /// name Swift gives another meaning as a nested type (`Type` → `Type_`: `Tokens.Type` is a
    /// metatype).
    package static func swiftTypeName(_ name: String) -> String {
        var typeName = swiftIdentifier([name], casing: .upperCamel)
        if reservedTypeNames.contains(typeName) || typeName.hasPrefix("`") {
            typeName = typeName.trimmingCharacters(in: ["`"]) + "_"
        }
        return typeName
    }

    /// Names Swift gives another meaning as a nested type.
    package static let reservedTypeNames: Set<String> = ["Type", "Protocol", "Self", "Any"]

    /// A token's member in generated Swift, below the root: each group's type name, then the
    /// member's name, without backticks (`color.background.default` → `Color`, `Background`,
    /// `default`) — as the generator writes it unless two names of one group collide.
    package static func swiftMemberNames(_ names: [String]) -> [String] {
        guard let last = names.last else { return [] }
        return names.dropLast().map(swiftTypeName) + [swiftIdentifier([last], casing: .lowerCamel).trimmingCharacters(in: ["`"])]
    }

    /// Words Swift reserves; as identifiers they need backticks.
    package static let swiftKeywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}

/// Collects tokens into nodes by path segment.
private final class TreeBuilder {
    var names: [String] = []
    var children: [TokenPath: TreeBuilder] = [:]
    var token: ResolvedToken?

    func add(_ token: ResolvedToken) {
        var node = self
        for name in token.path.split(separator: ".", omittingEmptySubsequences: false) {
            node = node.child(String(name))
        }
        node.token = token
    }

    private func child(_ name: String) -> TreeBuilder {
        if let existing = children[TokenPath(name)] { return existing }
        let node = TreeBuilder()
        children[TokenPath(name)] = node
        names.append(name)
        return node
    }

    func node(name: String, path: String, document: TokenDocument) -> OutputContext.Node {
        let sorted = names.sorted { $0.precedesInCodePoints($1) }
        return OutputContext.Node(name: name, path: TokenPath(path), token: token, group: document.groups[TokenPath(path)],
            children: sorted.map { children[TokenPath($0)]!.node(name: $0, path: TokenPathSyntax.join(path, $0), document: document) })
    }
}
