/// Suggests the token a mistyped reference most likely meant, walking the tree one name at a
/// time so the cost depends on the number of siblings, not on the size of the document.
///
/// Suggestions share a budget of name comparisons, so a file with thousands of broken
/// references among thousands of siblings still finishes at once; past the budget, unknown
/// references are reported without a suggestion.
struct ReferenceSuggester {
    /// Name comparisons allowed over one run; a comparison of names longer than 16 bytes
    /// counts once for every 16 (names are at most `Suggestions.maximumLength` long).
    static let budget = 2_000_000
    private var children: [String: [String]] = [:]
    private let tokens: PathTable
    private var spent = 0

    init(document: TokenDocument) {
        tokens = document.tokenIndex
        var children: [String: Set<String>] = [:]
        for path in document.tokens.lazy.map(\.path) {
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

    mutating func suggest(for path: String) -> String? {
        var current = ""
        for name in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard let options = children[current] else { return nil }
            spent += options.count * max(1, min(name.utf8.count, Suggestions.maximumLength) / 16)
            guard spent <= Self.budget else { return nil }
            let chosen = options.contains(name) ? name : Suggestions.closest(to: name, in: options)
            guard let chosen else { return nil }
            current = TokenPathSyntax.join(current, chosen)
        }
        return current != path && tokens[current] != nil ? current : nil
    }
}
