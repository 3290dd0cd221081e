/// Compiling resolved tokens into a theme.
extension Theme {
    /// A compiled theme, or why there is none, with everything found on the way.
    public struct Compilation: Sendable {
        public let theme: Theme?
        /// The sources' and every permutation's diagnostics (warnings too when it compiled).
        public let diagnostics: [Diagnostic]

        /// The theme, or a `ResolutionFailure` with the errors.
        public func get() throws(ResolutionFailure) -> Theme {
            guard let theme else { throw ResolutionFailure(errors: diagnostics.filter { $0.severity == .error }) }
            return theme
        }
    }

    /// Every permutation of a composer's resolver, compiled: each is checked against the others
    /// first (`Composer.checkAllPermutations()`), and any error stops the compilation. A token
    /// missing from some permutations (a warning there) takes the default permutation's value in
    /// them.
    ///
    /// - Complexity: one resolution per permutation, each costing what it changes from the
    ///   default; O(t · p) to lay the values out, storing once each token that does not vary.
    public static func compile(_ composer: Composer) -> Compilation {
        let resolved = ResolvedPermutations.resolve(composer)
        guard let permutations = resolved.permutations else { return Compilation(theme: nil, diagnostics: resolved.diagnostics) }
        return Compilation(theme: compile(permutations), diagnostics: resolved.diagnostics)
    }

    /// Permutations resolved already, compiled.
    public static func compile(_ permutations: ResolvedPermutations) -> Theme {
        Theme(storage: ThemeLayoutBuilder.build(permutations.tokens, modifiers: permutations.modifiers,
            default: permutations.defaultIndex))
    }

    /// Tokens without modes, compiled into a theme of one permutation.
    public static func compile(_ tokens: ResolvedTokens) -> Theme {
        Theme(storage: ThemeLayoutBuilder.build([tokens], modifiers: [], default: 0))
    }

    /// Compiles every permutation of a composer's resolver.
    ///
    /// - Throws: `ResolutionFailure` with the errors when any permutation has one.
    public init(compiling composer: Composer) throws(ResolutionFailure) {
        self = try Self.compile(composer).get()
    }

    /// Reads, resolves and compiles token sources: a resolver document, or anything an importer
    /// reads as a system with modes (an asset catalog, Figma files), or token files and folders
    /// merged in order (a ConfigTokens folder).
    ///
    /// - Throws: `ResolutionFailure` with the errors when there is one.
    public init(resolving paths: [String], options: PipelineOptions = PipelineOptions()) throws(ResolutionFailure) {
        let system = TokenSystem.load(paths, options: options)
        guard let permutations = system.permutations else {
            throw ResolutionFailure(errors: system.diagnostics.filter { $0.severity == .error })
        }
        self = Self.compile(permutations)
    }

}

/// Every permutation of a resolver, resolved: what a theme is compiled from and what code
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
    public init(numbering: Numbering, tokens: [ResolvedTokens]) {
        precondition(tokens.count == numbering.count, "one resolution per permutation")
        self.numbering = numbering
        self.tokens = tokens
    }

    /// Tokens without modes: one permutation.
    public init(_ tokens: ResolvedTokens) {
        self.init(numbering: Numbering([]), tokens: [tokens])
    }

    /// Every permutation resolved, or nil when any has an error, with every diagnostic found.
    public struct Outcome: Sendable {
        public let permutations: ResolvedPermutations?
        public let diagnostics: [Diagnostic]
    }

    /// Every permutation of a composer's resolver, each checked against the others first
    /// (`Composer.checkAllPermutations()`); any error stops it. A composer without a resolver
    /// gives its diagnostics.
    public static func resolve(_ composer: Composer) -> Outcome {
        guard let resolver = composer.resolver else { return Outcome(permutations: nil, diagnostics: composer.diagnostics) }
        if resolver.permutationCount > Composer.permutationLimit {
            let diagnostic = Diagnostic(.themeTooManyPermutations(resolver.permutationCount, limit: Composer.permutationLimit),
                at: SourceAnchor(file: resolver.file, offset: 0).location())
            return Outcome(permutations: nil, diagnostics: composer.diagnostics + [diagnostic])
        }
        // Checking every permutation resolves each one; the report keeps their tokens, so none
        // is resolved twice.
        let report = composer.checkAllPermutations(keepingTokens: true)
        guard !report.hasErrors else { return Outcome(permutations: nil, diagnostics: report.diagnostics) }
        let modifiers = resolver.modifiers.map { modifier in
            ThemeModifier(name: modifier.name, contexts: modifier.contextNames,
                defaultContext: modifier.defaultContext ?? modifier.contextNames.first ?? "")
        }
        let numbering = Numbering(modifiers)
        var resolved: [ResolvedTokens] = []
        for permutation in 0..<numbering.count {
            let contexts = numbering.contexts(of: permutation)
            if let tokens = report.tokens[contexts] {
                resolved.append(tokens)
                continue
            }
            do {
                resolved.append(try composer.resolve(contexts: contexts).tokens())
            } catch {
                return Outcome(permutations: nil, diagnostics: report.diagnostics + error.errors)
            }
        }
        return Outcome(permutations: ResolvedPermutations(numbering: numbering, tokens: resolved), diagnostics: report.diagnostics)
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
