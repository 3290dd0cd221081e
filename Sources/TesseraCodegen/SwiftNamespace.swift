import Tessera

/// Tokens as nested Swift namespaces: a group becomes an `enum` named in UpperCamelCase, a
/// token a member named in lowerCamelCase (`color.theme.navigation-bottom.highlight` →
/// `Color.Theme.NavigationBottom.highlight`).
///
/// Names are made valid Swift (`OutputContext.swiftIdentifier`: keywords in backticks, a
/// leading digit prefixed by `_`). Two names of one group that come out the same are told apart
/// deterministically: the first in tree order keeps the name, the next ones get `_2`, `_3`…,
/// and each renaming is reported.
struct SwiftNamespace {
    final class Group {
        let path: String
        let typeName: String
        var groups: [Group] = []
        /// Indices into the context's tokens, with their member names.
        var members: [(token: Int, name: String)] = []

        init(path: String, typeName: String) {
            self.path = path
            self.typeName = typeName
        }
    }

    let root: Group
    /// Each token's Swift path from the root (`Color.Theme.highlight`), by token index.
    let memberPaths: [String]
    let diagnostics: [Diagnostic]

    /// Names Swift gives another meaning as a nested type (`Tokens.Type` is a metatype).
    static let reservedTypeNames: Set<String> = ["Type", "Protocol", "Self", "Any"]

    init(_ context: GenerationContext, rootName: String, skippingTypes: Set<TokenType> = []) {
        root = Group(path: "", typeName: rootName)
        var diagnostics: [Diagnostic] = []
        // The open groups from the root, with the names they hold (Swift name → path).
        var stack: [(group: Group, names: [String], taken: Set<String>, owners: [String: String])] = [(root, [], [], [:])]
        var paths = [String](repeating: "", count: context.tokens.count)
        // Names repeat across groups (`100`, `default`): each is made an identifier once.
        var memberNames: [String: String] = [:]
        var typeNames: [String: String] = [:]
        // A name the innermost open group does not hold yet; a renaming is reported.
        func unique(_ name: String, path: String) -> String {
            let candidate = UniqueName.claim(name, in: &stack[stack.count - 1].taken, spelled: Self.numbered)
            if candidate != name, let other = stack[stack.count - 1].owners[name] {
                diagnostics.append(Diagnostic(.swiftNameCollision(path, other: other, name: name, renamed: candidate),
                    at: SourceLocation(file: context.document.files.first?.path ?? "", line: 0, column: 0, token: path)))
            }
            stack[stack.count - 1].owners[candidate] = path
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
                let group = Group(path: path, typeName: typeName)
                stack[stack.count - 1].group.groups.append(group)
                stack.append((group, groupNames, [], [:]))
            }
            let name = names[names.count - 1]
            let identifier = memberNames[name] ?? OutputContext.swiftIdentifier([name], casing: .lowerCamel)
            memberNames[name] = identifier
            let member = unique(identifier, path: token.path)
            stack[stack.count - 1].group.members.append((index, member))
            var swiftPath = stack.dropFirst().map(\.group.typeName)
            swiftPath.append(member)
            paths[index] = swiftPath.joined(separator: ".")
        }
        memberPaths = paths
        self.diagnostics = diagnostics
    }

    /// `name_2`, `name_3`…, without the backticks of a keyword (`` `default` `` → `default_2`).
    static func numbered(_ name: String, _ number: Int) -> String {
        name.hasPrefix("`") ? "\(name.dropFirst().dropLast())_\(number)" : "\(name)_\(number)"
    }

    /// A group's type name: UpperCamelCase, never a keyword or a name Swift reserves for types.
    private static func typeName(_ name: String, cache: inout [String: String]) -> String {
        if let known = cache[name] { return known }
        var typeName = OutputContext.swiftIdentifier([name], casing: .upperCamel)
        if reservedTypeNames.contains(typeName) || typeName.hasPrefix("`") {
            typeName = typeName.trimmingCharacters(in: ["`"]) + "_"
        }
        cache[name] = typeName
        return typeName
    }
}
