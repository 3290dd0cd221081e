/// Suggests the token a mistyped reference most likely meant, walking the tree one name at a
/// time so the cost depends on the number of siblings, not on the size of the document.
struct ReferenceSuggester {
    private var children: [String: [String]] = [:]
    private let tokens: [String: Int]

    init(document: TokenDocument) {
        tokens = document.tokenIndex
        var children: [String: Set<String>] = [:]
        for path in document.tokenIndex.keys {
            var child = path
            while let parent = TokenPathSyntax.parent(of: child) {
                let name = parent.isEmpty ? child : String(child.dropFirst(parent.count + 1))
                let inserted = children[parent, default: []].insert(name).inserted
                if !inserted { break }
                child = parent
                if parent.isEmpty { break }
            }
        }
        self.children = children.mapValues { $0.sorted() }
    }

    func suggest(for path: String) -> String? {
        var current = ""
        for name in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard let options = children[current] else { return nil }
            let chosen = options.contains(name) ? name : Suggestions.closest(to: name, in: options)
            guard let chosen else { return nil }
            current = TokenPathSyntax.join(current, chosen)
        }
        return current != path && tokens[current] != nil ? current : nil
    }
}
