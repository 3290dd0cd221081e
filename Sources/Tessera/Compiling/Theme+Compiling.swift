/// Compiling resolved tokens into a theme.
extension Theme {
    /// Permutations resolved already (`ResolvedSystem.permutations`), compiled. A token missing
    /// from some permutations (a warning there) takes the default permutation's value in them.
    ///
    /// - Complexity: O(t · p) to lay the values out, storing once each token that does not vary.
    public static func compile(_ permutations: ResolvedPermutations) -> Theme {
        Theme(storage: ThemeLayoutBuilder.build(permutations.tokens, modifiers: permutations.modifiers,
            default: permutations.defaultIndex))
    }

    /// Tokens without modes, compiled into a theme of one permutation.
    public static func compile(_ tokens: ResolvedTokens) -> Theme {
        Theme(storage: ThemeLayoutBuilder.build([tokens], modifiers: [], default: 0))
    }

    /// Compiles every permutation of a token system: each is checked against the others first
    /// (`TokenSystem.resolveAll()`), and any error stops the compilation.
    ///
    /// - Throws: `ResolutionFailure` with the errors when any permutation has one.
    public init(compiling system: TokenSystem) throws(ResolutionFailure) {
        let system = system
        let resolved = system.resolveAll()
        guard let permutations = resolved.permutations else {
            throw ResolutionFailure(errors: resolved.diagnostics.filter { $0.severity == .error })
        }
        self = Self.compile(permutations)
    }

    /// Reads, resolves and compiles token sources as `TokenSystem(paths:options:)` reads them:
    /// a resolver document, anything an importer of `options.importers` reads as a system with
    /// modes (an asset catalog, Figma files), or token files and folders merged in order (a
    /// ConfigTokens folder). The default options read DTCG token files and resolver documents;
    /// give `PipelineOptions(importers: .standard)` (`TesseraImporters`) for every format.
    ///
    /// - Throws: `ResolutionFailure` with the errors when there is one.
    public init(resolving paths: [String], options: PipelineOptions = PipelineOptions()) throws(ResolutionFailure) {
        try self.init(compiling: TokenSystem(paths: paths, options: options))
    }
}

/// Every permutation of a token system, resolved: what a theme is compiled from and what code
/// generation reads. Tokens without modes are one permutation.
public struct ResolvedPermutations: Sendable {
    /// The permutations' numbering: the modifiers and their contexts.
    package let numbering: Numbering
    /// The tokens of each permutation, in the numbering's order.
    public let tokens: [ResolvedTokens]

    public var modifiers: [ThemeModifier] { numbering.modifiers }
    /// The permutation of every modifier's default context.
    package var defaultIndex: Int { numbering.defaultIndex }
    /// The tokens of the default permutation.
    public var base: ResolvedTokens { tokens[defaultIndex] }

    /// Permutations laid out in `numbering`'s order, one resolution each.
    package init(numbering: Numbering, tokens: [ResolvedTokens]) {
        precondition(tokens.count == numbering.count, "one resolution per permutation")
        self.numbering = numbering
        self.tokens = tokens
    }

    /// Tokens without modes: one permutation.
    public init(_ tokens: ResolvedTokens) {
        self.init(numbering: Numbering([]), tokens: [tokens])
    }
}

/// Lays resolved permutations out as a theme's tables.
package enum ThemeLayoutBuilder {
    static func build(_ permutations: [ResolvedTokens], modifiers: [ThemeModifier], default defaultIndex: Int) -> ThemeStorage {
        let base = permutations[defaultIndex]
        // Slots: the default permutation's tokens in definition order, then any others'.
        var paths = PathTable(minimumCapacity: base.count)
        var types: [TokenType] = []
        var sources: [[Int32]] = []   // per slot, the token index in each permutation, or -1
        for (number, tokens) in ([(defaultIndex, base)] + permutations.enumerated().filter { $0.offset != defaultIndex }) {
            for index in tokens.values.indices where tokens.values[index] != nil {
                let (inserted, slot) = paths.insert(tokens.document.tokens[index].path)
                if inserted {
                    types.append(tokens.types[index]!)
                    sources.append([Int32](repeating: -1, count: permutations.count))
                }
                sources[slot][number] = Int32(index)
            }
        }
        var tables = ThemeTables()
        tables.entries.reserveCapacity(types.count)
        var column: [(value: TokenValue, alias: Int32)] = []
        for slot in types.indices {
            column.removeAll(keepingCapacity: true)
            // The default permutation's value stands in where a token is missing.
            let fallback = sources[slot][defaultIndex] >= 0 ? defaultIndex : sources[slot].firstIndex { $0 >= 0 }!
            for number in permutations.indices {
                let source = sources[slot][number] >= 0 ? number : fallback
                let tokens = permutations[source]
                let index = Int(sources[slot][source])
                let target = tokens.aliasTargets[index]
                let alias = target >= 0 ? Int32(paths[tokens.document.tokens[Int(target)].path] ?? -1) : -1
                column.append((tokens.values[index]!, alias))
            }
            tables.entries.append(tables.lay(column))
        }
        let layout = ThemeStorage.Layout(paths: paths, types: types, closed: closedReasons(base, paths),
            textStyles: textStyles(base, paths), modifiers: modifiers)
        return ThemeStorage(layout: layout, entries: tables.entries, refs: tables.refs, scalars: tables.scalars,
            values: .decoded(tables.added), aliases: tables.aliases)
    }

    /// Why each closed token is closed: `closedReason` beside `closed: true` in
    /// `$extensions["dev.tessera"]` (on the token, else on the group that closes it), else where
    /// it is closed.
    static func closedReasons(_ tokens: ResolvedTokens, _ paths: PathTable) -> [Int32: String] {
        var reasons: [Int32: String] = [:]
        let document = tokens.document
        for token in document.tokens {
            guard let slot = paths[token.path] else { continue }
            var holder: JSONValue? = nil
            var closer = token.path
            if let flag = ClosedTokens.flag(token.extensions) {
                if flag { holder = token.extensions }
            } else {
                var group = TokenPathSyntax.parent(of: token.path)
                while let current = group {
                    let extensions = document.groups[TokenPath(current)]?.extensions
                    if let flag = ClosedTokens.flag(extensions) {
                        if flag { holder = extensions; closer = current }
                        break
                    }
                    group = TokenPathSyntax.parent(of: current)
                }
            }
            guard let holder else { continue }
            let reason = holder[TierRules.extensionKey]?["closedReason"]?.string
            reasons[Int32(slot)] = reason ?? (closer == token.path ? "the design system closes it" : "the design system closes '\(closer)'")
        }
        return reasons
    }

    /// The text style each typography token scales with: `relativeTo` in
    /// `$extensions["dev.tessera"]`.
    static func textStyles(_ tokens: ResolvedTokens, _ paths: PathTable) -> [Int32: TextStyle] {
        var styles: [Int32: TextStyle] = [:]
        for token in tokens.document.tokens {
            guard let name = token.extensions?[TierRules.extensionKey]?["relativeTo"]?.string,
                let style = TextStyle(name: name), let slot = paths[token.path]
            else { continue }
            styles[Int32(slot)] = style
        }
        return styles
    }
}

extension TextCase {
    /// The `$extensions` that say this text case: `{"dev.tessera": {"textCase": "upper"}}`.
    public var extensions: JSONValue {
        .object([(TierRules.extensionKey, .object([(Self.extensionMember, .string(rawValue))]))])
    }
}
