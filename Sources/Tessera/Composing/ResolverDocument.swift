/// A resolver document (DTCG Resolver Module 2025.10): named sets of token sources, modifiers
/// whose contexts choose among sources, and the order in which they merge.
///
/// ```json
/// {
///   "version": "2025.10",
///   "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
///   "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
///   "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]
/// }
/// ```
///
/// Reading one never fails: problems become diagnostics, and what is sound is kept, so every
/// problem of a resolver is reported in one run (see `ResolverDocument.read`).
public struct ResolverDocument: Sendable {
    /// Where tokens come from.
    public struct Source: Sendable {
        public enum Origin: Sendable {
            /// A token file, relative to the resolver; with a JSON pointer, the object it names.
            case file(path: String, pointer: [String])
            /// A token tree written inside the resolver file.
            case inline(JSONValue)
            /// A layer an importer built (`DocumentBuilder`) from another format.
            case built(BuiltLayer)
        }

        package var origin: Origin
        /// Where the source is written in the resolver.
        package var anchor: SourceAnchor

        public init(_ origin: Origin, at anchor: SourceAnchor) {
            self.origin = origin
            self.anchor = anchor
        }
    }

    /// A set: sources always merged, in order.
    public struct TokenSet: Sendable {
        public var name: String
        public var description: String?
        public var sources: [Source]

        public init(name: String, description: String? = nil, sources: [Source]) {
            self.name = name
            self.description = description
            self.sources = sources
        }
    }

    /// One context of a modifier and the sources it contributes.
    public struct Context: Sendable {
        public var name: String
        public var sources: [Source]

        public init(name: String, sources: [Source]) {
            self.name = name
            self.sources = sources
        }
    }

    /// A modifier: one context, chosen by input, contributes its sources.
    public struct Modifier: Sendable {
        public var name: String
        public var description: String?
        /// The contexts in the order written, each with its sources.
        public var contexts: [Context] { didSet { contextIndex = Self.index(contexts) } }
        /// Context name → position, so that choosing one of 100,000 contexts costs no more
        /// than choosing one of two.
        private var contextIndex: [String: Int]

        private static func index(_ contexts: [Context]) -> [String: Int] {
            var index: [String: Int] = [:]
            index.reserveCapacity(contexts.count)
            for (position, context) in contexts.enumerated() where index[context.name] == nil { index[context.name] = position }
            return index
        }
        /// The context used when no input names one.
        package var defaultContext: String?
        package var anchor: SourceAnchor

        public init(name: String, description: String? = nil, contexts: [Context], defaultContext: String?, anchor: SourceAnchor) {
            self.name = name
            self.description = description
            self.contexts = contexts
            self.contextIndex = Self.index(contexts)
            self.defaultContext = defaultContext
            self.anchor = anchor
        }

        package var contextNames: [String] { contexts.map(\.name) }

        /// The context written `name`, compared without regard to case.
        public func context(named name: String) -> String? {
            if let position = position(of: name) { return contexts[position].name }
            return contexts.first { $0.name == name }?.name ?? contexts.first { $0.name.lowercased() == name.lowercased() }?.name
        }

        /// The sources of the context named exactly `name`.
        func sources(ofContext name: String) -> [Source] {
            position(of: name).map { contexts[$0].sources } ?? []
        }

        /// Where the context named `name`, code point for code point, is.
        private func position(of name: String) -> Int? {
            if let position = contextIndex[name], contexts[position].name.sameCodePoints(as: name) { return position }
            return contexts.firstIndex { $0.name.sameCodePoints(as: name) }
        }
    }

    /// The contexts some inputs choose, and what is wrong with the inputs.
    package struct ContextChoice: Sendable {
        /// Modifier name → context name, defaults filling the gaps.
        package var contexts: [String: String]
        /// Unknown modifiers and contexts, and modifiers left without a context.
        package var diagnostics: [Diagnostic]
    }

    /// One step of the resolution order.
    public enum Layer: Sendable {
        case set(TokenSet)
        case modifier(Modifier)
    }

    public var name: String?
    public var description: String?
    /// Tier settings from `$extensions` (`dev.tessera.tiers`), applied over the caller's.
    package var tierSettings: TierSettings?
    /// The resolution order: each layer's tokens override those of the layers before it.
    public var layers: [Layer]
    /// Sets defined in `sets` that nothing in the resolution order reaches (each reported as
    /// `resolver.unused-set`): an unknown reference to a token one of them defines says so.
    package var unusedSets: [TokenSet] = []
    /// Where `resolutionOrder`'s array starts in the file (its `[`), and whether it is empty;
    /// nil when the file has no such array (a resolver put together in memory, or none written).
    package var resolutionOrderArray: (offset: Int, isEmpty: Bool)?
    /// For each unused set, the fix-it that lists it in the resolution order
    /// (`listingUnusedSet(_:)`).
    package var unusedSetListings: [String: Diagnostic.FixIt] = [:]
    /// The resolver file itself (for a resolver put together in memory, the file its
    /// diagnostics are anchored in).
    public let file: SourceFile

    public init(name: String? = nil, description: String? = nil, layers: [Layer],
        file: SourceFile)
    {
        self.name = name
        self.description = description
        self.layers = layers
        self.file = file
    }

    /// How a resolver says its tiers:
    ///
    /// ```json
    /// "$extensions": {"dev.tessera": {"tiers": {
    ///   "sets": {"foundation": "primitive", "theme": "semantic"}, "groups": {"color.palette": "primitive"},
    ///   "componentsThroughSemantic": true, "severity": "error"}}}
    /// ```
    package struct TierSettings: Sendable {
        package init() {}

        package var sets: [String: TierRules.Tier] = [:]
        package var groups: [String: TierRules.Tier] = [:]
        package var componentsThroughSemantic: Bool?
        /// How serious a reference against the tiers is; nil leaves the caller's setting.
        package var severity: RuleSetting?

        /// `rules` with these settings applied.
        package func applied(to rules: TierRules?) -> TierRules? {
            if severity == .off { return nil }
            var result = rules ?? TierRules()
            for (name, tier) in sets { result.names[name.lowercased()] = tier }
            result.groups.merge(groups) { $1 }
            if let through = componentsThroughSemantic { result.componentsThroughSemantic = through }
            if let chosen = severity?.severity { result.severity = chosen }
            return result
        }
    }

    /// The modifiers, in resolution order.
    public var modifiers: [Modifier] {
        layers.compactMap { if case .modifier(let modifier) = $0 { modifier } else { nil } }
    }

    /// How many combinations of contexts there are (saturating at `Int.max`).
    /// How many references may be followed in a row — `$defs` entries and sets naming each
    /// other, files whose root refers to the next file — before the chain is refused with
    /// `resolver.nesting-too-deep`. Real systems use a handful; the limit keeps a malicious or
    /// generated chain from exhausting the stack.
    package static let maximumReferenceDepth = 64

    public var permutationCount: Int {
        modifiers.reduce(1) { $0.saturatingMultiplied(by: max($1.contexts.count, 1)) }
    }

    /// Every combination of contexts, modifier by modifier in resolution order, the first
    /// modifier varying slowest; each maps modifier names to context names.
    public var permutations: [[String: String]] {
        var result: [[String: String]] = [[:]]
        for modifier in modifiers where !modifier.contexts.isEmpty {
            result = result.flatMap { partial in
                modifier.contexts.map { context in partial.merging([modifier.name: context.name]) { $1 } }
            }
        }
        return result
    }

    /// The contexts for `inputs` (modifier name → context name, both matched without regard to
    /// case), defaults filling the gaps; diagnostics for unknown modifiers and contexts and for
    /// modifiers left without a context.
    package func contexts(for inputs: [String: String]) -> ContextChoice {
        var chosen: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for (key, value) in inputs.sorted(by: { $0.key < $1.key }) {
            guard let modifier = modifiers.first(where: { $0.name == key })
                ?? modifiers.first(where: { $0.name.lowercased() == key.lowercased() })
            else {
                let suggestion = Suggestions.closest(to: key, in: modifiers.map(\.name))
                // The mistake is in the inputs (a command line's `--input`), not in the resolver:
                // no place in its file; the note says where its modifiers are.
                let declared = modifiers.first.map { $0.anchor.location() }
                diagnostics.append(Diagnostic(.unknownModifierInput(key), at: nil,
                    notes: [Diagnostic.Note("the resolver's modifiers: " + (modifiers.isEmpty ? "none" : modifiers.map { "'\($0.name)'" }
                        .joined(separator: ", ")), at: declared)]
                        + (suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? [])))
                continue
            }
            guard let context = modifier.context(named: value) else {
                let suggestion = Suggestions.closest(to: value, in: modifier.contextNames)
                diagnostics.append(Diagnostic(.unknownContextInput(value, modifier: modifier.name), at: modifier.anchor.location(),
                    notes: [Diagnostic.Note("contexts: " + modifier.contextNames.map { "'\($0)'" }.joined(separator: ", "))]
                        + (suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? [])))
                continue
            }
            chosen[modifier.name] = context
        }
        for modifier in modifiers where chosen[modifier.name] == nil {
            if let fallback = modifier.defaultContext {
                chosen[modifier.name] = fallback
            } else if !inputs.keys.contains(where: { $0.lowercased() == modifier.name.lowercased() }) {
                diagnostics.append(Diagnostic(.missingInput(modifier: modifier.name),
                    at: modifier.anchor.location(),
                    notes: [Diagnostic.Note("contexts: " + modifier.contextNames.map { "'\($0)'" }.joined(separator: ", ")),
                        Diagnostic.Note("choose a context for '\(modifier.name)', or give the modifier a \"default\"")]))
            }
        }
        return ContextChoice(contexts: chosen, diagnostics: diagnostics)
    }

    /// The sources to merge, in order, for the chosen contexts.
    package func sources(for contexts: [String: String]) -> [Source] {
        layers.flatMap { layer -> [Source] in
            switch layer {
            case .set(let set): return set.sources
            case .modifier(let modifier):
                guard let chosen = contexts[modifier.name] else { return [] }
                return modifier.sources(ofContext: chosen)
            }
        }
    }
}

extension ResolverDocument {
    /// A fix-it listing the set `name` first in the resolution order (the layers after it keep
    /// precedence over its tokens), for a set nothing reaches; nil when the file has no
    /// `resolutionOrder` array to list it in.
    func listingUnusedSet(_ name: String) -> Diagnostic.FixIt? {
        guard let (offset, isEmpty) = resolutionOrderArray else { return nil }
        let item = "{\"$ref\": " + ValueParser.json("#/sets/" + TokenPathSyntax.escape(name)) + "}"
        return Diagnostic.FixIt("list set '\(name)' first in 'resolutionOrder'", inserting: isEmpty ? item : item + ", ",
            at: SourceAnchor(file: file, offset: offset + 1))
    }
}
