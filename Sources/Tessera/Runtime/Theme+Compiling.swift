/// Compiling resolved tokens into a theme.
extension Theme {
    /// A compiled theme, or why there is none, with everything found on the way.
    public struct Compilation: Sendable {
        public let theme: Theme?
        /// The sources' and every permutation's diagnostics (warnings too when it compiled).
        public let diagnostics: [Diagnostic]

        /// The theme, or `ThemeError.compilationFailed` with the diagnostics.
        public func get() throws(ThemeError) -> Theme {
            guard let theme else { throw .compilationFailed(diagnostics) }
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
    /// - Throws: `ThemeError.compilationFailed` with the diagnostics when any permutation has an
    ///   error.
    public init(compiling composer: Composer) throws(ThemeError) {
        self = try Self.compile(composer).get()
    }

    /// Reads, resolves and compiles token sources: a resolver document, or anything an importer
    /// reads as a system with modes (an asset catalog, Figma files), or token files and folders
    /// merged in order (a ConfigTokens folder).
    ///
    /// - Throws: `ThemeError.compilationFailed` with the diagnostics when there is an error.
    public init(resolving paths: [String], options: PipelineOptions = PipelineOptions()) throws(ThemeError) {
        if let composer = options.importers.composer(for: paths, options: options) {
            self = try Self.compile(composer).get()
            return
        }
        let result = TokenPipeline.run(paths: paths, options: options)
        do {
            self = Self.compile(try result.tokens())
        } catch {
            throw .compilationFailed(result.diagnostics.sorted)
        }
    }
}

/// The numbering of permutations: mixed radix over the modifiers in order, the last one
/// changing fastest.
public struct Numbering: Sendable, Hashable {
    public let modifiers: [ThemeModifier]
    /// How far apart consecutive contexts of each modifier are numbered.
    public let radices: [Int]
    /// How many permutations there are (1 without modifiers).
    public let count: Int

    public init(_ modifiers: [ThemeModifier]) {
        self.modifiers = modifiers
        var radices = [Int](repeating: 1, count: modifiers.count)
        var product = 1
        for index in modifiers.indices.reversed() {
            radices[index] = product
            product *= max(1, modifiers[index].contexts.count)
        }
        self.radices = radices
        self.count = product
    }

    /// The context of each modifier in a permutation.
    public func contexts(of permutation: Int) -> [String: String] {
        var contexts: [String: String] = [:]
        for (modifier, radix) in zip(modifiers, radices) where !modifier.contexts.isEmpty {
            contexts[modifier.name] = modifier.contexts[(permutation / radix) % modifier.contexts.count]
        }
        return contexts
    }

    /// The permutation of every modifier's default context.
    public var defaultIndex: Int {
        zip(modifiers, radices).reduce(0) { sum, pair in
            sum + (pair.0.contexts.firstIndex(of: pair.0.defaultContext) ?? 0) * pair.1
        }
    }

    /// The permutation of some contexts (a modifier left out takes its default context), or nil
    /// when a modifier or context is unknown.
    public func permutation(of contexts: [String: String]) -> Int? {
        for name in contexts.keys where !modifiers.contains(where: { $0.name == name }) { return nil }
        var number = 0
        for (modifier, radix) in zip(modifiers, radices) where !modifier.contexts.isEmpty {
            guard let index = modifier.contexts.firstIndex(of: contexts[modifier.name] ?? modifier.defaultContext) else { return nil }
            number += index * radix
        }
        return number
    }
}

/// Every permutation of a resolver, resolved: what a theme is compiled from and what code
/// generation reads. Tokens without modes are one permutation.
public struct ResolvedPermutations: Sendable {
    /// The permutations' numbering: the modifiers and their contexts.
    public let numbering: Numbering
    /// The tokens of each permutation, in the numbering's order.
    public let tokens: [ResolvedTokens]

    public var modifiers: [ThemeModifier] { numbering.modifiers }
    /// The permutation of every modifier's default context.
    public var defaultIndex: Int { numbering.defaultIndex }
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
        let report = composer.checkAllPermutations()
        guard !report.hasErrors else { return Outcome(permutations: nil, diagnostics: report.diagnostics) }
        let modifiers = resolver.modifiers.map { modifier in
            ThemeModifier(name: modifier.name, contexts: modifier.contextNames,
                defaultContext: modifier.defaultContext ?? modifier.contextNames.first ?? "")
        }
        let numbering = Numbering(modifiers)
        var resolved: [ResolvedTokens] = []
        for permutation in 0..<numbering.count {
            do {
                resolved.append(try composer.resolve(contexts: numbering.contexts(of: permutation)).tokens())
            } catch {
                return Outcome(permutations: nil, diagnostics: report.diagnostics + error.errors)
            }
        }
        return Outcome(permutations: ResolvedPermutations(numbering: numbering, tokens: resolved), diagnostics: report.diagnostics)
    }
}

/// Lays resolved permutations out as a theme's tables.
enum ThemeLayoutBuilder {
    static func empty() -> ThemeStorage {
        ThemeStorage(layout: ThemeStorage.Layout(paths: PathTable(), types: [], closed: [:], textStyles: [:], modifiers: []),
            entries: [], refs: [], scalars: [], values: .decoded([]), aliases: [])
    }

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
