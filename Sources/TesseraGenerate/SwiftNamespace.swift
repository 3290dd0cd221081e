import Tessera

/// Tokens as nested Swift namespaces: a group becomes an `enum` named in UpperCamelCase, a
/// token a member named in lowerCamelCase (`color.theme.navigation-bottom.highlight` →
/// `Color.Theme.NavigationBottom.highlight`).
///
/// Names are made valid Swift (`OutputContext.swiftIdentifier`: keywords in backticks, a
/// leading digit prefixed by `_`). Two names of one group that come out the same are told apart
/// deterministically: the first in tree order keeps the name, the next ones get `_2`, `_3`…,
/// and each renaming is reported. A member is never given a name the runtime flavor declares
/// beside the root (`tokensTable`, `tokensKeyThemeColor`): inside the enums it would hide it.
struct SwiftNamespace {
    /// Not changed once the namespace is made, so it is read from several threads.
    final class Group: @unchecked Sendable {
        let path: String
        let typeName: String
        /// The enclosing group; nil for the root.
        unowned(unsafe) let parent: Group?
        var groups: [Group] = []
        /// Indices into the context's tokens, with their member names.
        var members: [(token: Int, name: String)] = []

        init(path: String, typeName: String, parent: Group?) {
            self.path = path
            self.typeName = typeName
            self.parent = parent
        }
    }

    let root: Group
    /// Each token's group and member name, by token index (nil for a token left out).
    private let places: [(group: Group, name: String)?]
    let diagnostics: [Diagnostic]

    /// Each token's Swift path from the root (`Color.Theme.highlight`), by token index ("" for a
    /// token left out).
    var memberPaths: [String] {
        places.map { place in
            guard let (group, name) = place else { return "" }
            var names = [name]
            var current: Group? = group
            while let enclosing = current, enclosing.parent != nil {
                names.append(enclosing.typeName)
                current = enclosing.parent
            }
            return names.reversed().joined(separator: ".")
        }
    }


    init(_ context: GenerationContext, rootName: String, skippingTypes: Set<TokenType> = []) {
        let root = Group(path: "", typeName: rootName, parent: nil)
        self.root = root
        var diagnostics: [Diagnostic] = []
        // The open groups from the root, with the names they hold.
        let reserved = Self.reservedNames(rootName)
        var stack: [(group: Group, names: [String], taken: Set<String>)] = [(root, [], reserved)]
        var places = [(group: Group, name: String)?](repeating: nil, count: context.tokens.count)
        // Names repeat across groups (`100`, `default`): each is made an identifier once.
        // Every name's identifier, made up front.
        let memberNames = Self.identifiers(context, skippingTypes: skippingTypes)
        var typeNames: [String: String] = [:]
        // A name the innermost open group does not hold yet; a renaming is reported.
        func unique(_ name: String, path: String) -> String {
            let candidate = UniqueName.claim(name, in: &stack[stack.count - 1].taken, spelled: Self.numbered)
            if candidate != name {
                // Rare: the holder of the name is looked for only now.
                let group = stack[stack.count - 1].group
                let other = group.groups.first { $0.typeName == name }?.path
                    ?? group.members.first { $0.name == name }.map { context.tokens[$0.token].path }
                let message: DiagnosticMessage = if other == nil, reserved.contains(name) {
                    .swiftNameReserved(path, name: name, renamed: candidate)
                } else {
                    .swiftNameCollision(path, other: other ?? name, name: name, renamed: candidate)
                }
                diagnostics.append(Diagnostic(message,
                    at: SourceLocation(file: context.document.files.first?.path ?? "", line: 0, column: 0, token: path)))
            }
            return candidate
        }
        for (index, token) in context.tokens.enumerated() where !skippingTypes.contains(token.type) {
            let names = token.names
            // Close the groups this token is not in.
            var depth = 0
            while depth < stack.count - 1, depth < names.count - 1, stack[depth + 1].names.last == names[depth],
                stack[depth + 1].names.count == depth + 1
            {
                depth += 1
            }
            stack.removeLast(stack.count - 1 - depth)
            // Open the groups it is in.
            for level in depth..<(names.count - 1) {
                let groupNames = Array(names[...level])
                let path = groupNames.joined(separator: ".")
                let typeName = unique(Self.typeName(names[level], cache: &typeNames), path: path)
                let group = Group(path: path, typeName: typeName, parent: stack[stack.count - 1].group)
                stack[stack.count - 1].group.groups.append(group)
                stack.append((group, groupNames, reserved))
            }
            let name = names[names.count - 1]
            let identifier = memberNames[name] ?? OutputContext.swiftIdentifier([name], casing: .lowerCamel)
            let member = unique(identifier, path: token.path)
            stack[stack.count - 1].group.members.append((index, member))
            places[index] = (stack[stack.count - 1].group, member)
        }
        self.places = places
        self.diagnostics = diagnostics
    }

    /// The member identifier of each distinct token name, made side by side.
    private static func identifiers(_ context: GenerationContext, skippingTypes: Set<TokenType>) -> [String: String] {
        var distinct: Set<String> = []
        for token in context.tokens where !skippingTypes.contains(token.type) { distinct.insert(token.names[token.names.count - 1]) }
        let names = Array(distinct)
        let pieces = Parallel.split(0..<names.count, into: 4)
        let made = Parallel.map(pieces.count) { piece in
            pieces[piece].map { OutputContext.swiftIdentifier([names[$0]], casing: .lowerCamel) }
        }
        var identifiers: [String: String] = [:]
        identifiers.reserveCapacity(names.count)
        for (name, identifier) in zip(names, made.joined()) { identifiers[name] = identifier }
        return identifiers
    }

    /// The constant holding the runtime flavor's token table (`tokensTable`).
    static func tableName(_ rootName: String) -> String { declarationName(rootName, "Table") }

    /// The runtime flavor's function making keys of a value type (`tokensKeyThemeColor` for
    /// `TesseraRuntime.ThemeColor`).
    static func keyFunctionName(_ rootName: String, type: String) -> String {
        declarationName(rootName, "Key" + (type.split(separator: ".").last ?? ""))
    }

    /// A name the generated file declares beside the root: the root's name in lowerCamelCase,
    /// then `suffix`.
    private static func declarationName(_ rootName: String, _ suffix: String) -> String {
        rootName.prefix(1).lowercased() + rootName.dropFirst() + suffix
    }

    /// The names the runtime flavor declares beside the root, which no member may hide.
    static func reservedNames(_ rootName: String) -> Set<String> {
        Set(TokenType.allCases.map { keyFunctionName(rootName, type: SwiftLiterals.runtimeType($0)) } + [tableName(rootName)])
    }

    /// `name_2`, `name_3`…, without the backticks of a keyword (`` `default` `` → `default_2`).
    static func numbered(_ name: String, _ number: Int) -> String {
        name.hasPrefix("`") ? "\(name.dropFirst().dropLast())_\(number)" : "\(name)_\(number)"
    }

    /// A group's type name: UpperCamelCase, never a keyword or a name Swift reserves for types.
    private static func typeName(_ name: String, cache: inout [String: String]) -> String {
        if let known = cache[name] { return known }
        let typeName = OutputContext.swiftTypeName(name)
        cache[name] = typeName
        return typeName
    }
}
