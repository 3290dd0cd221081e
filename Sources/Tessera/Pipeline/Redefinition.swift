/// A change to resolved tokens: these tokens now have these values, or are removed. Applied to
/// a result (`TokenSystem.Permutation.redefining(_:)`, `TokenSystem.Permutation.redefining(_:)`), it
/// re-resolves exactly the changed tokens and the tokens that depend on them, and runs the
/// validators again on those; everything else keeps its value and its diagnostics.
///
/// ```swift
/// var brand = Redefinition()
/// brand.set("color.accent", to: .typed(.color(partnerBlue)))
/// brand.set("color.link", to: .alias(["color.accent"]))
/// let themed = try permutation.redefining(brand).tokens()
/// ```
///
/// The engine uses the same step for a resolver permutation resolved from the base one: the
/// permutation's sources redefine the base's tokens.
public struct Redefinition: Sendable {
    /// What happens to one token.
    public enum Change: Sendable {
        /// The token (new or existing) takes this value; `type` is its `$type` (nil: the
        /// value's own type for a typed value, else inherited as in a file). An existing
        /// token keeps its description, deprecation and extensions.
        case value(DocumentBuilder.Value, type: TokenType?)
        /// The token is removed; tokens that reference it report an unknown reference.
        case removed
    }

    /// The changes, in the order given (a path changed twice takes the later change).
    public private(set) var changes: [(path: String, change: Change)] = []
    /// Where diagnostics about the new values point; by default a file named `redefinition`.
    package var anchor: SourceAnchor

    public init(anchor: SourceAnchor = SourceAnchor(file: SourceFile(path: "redefinition", text: ""), offset: 0)) {
        self.anchor = anchor
    }

    /// Sets the token at a dot-separated path to a value.
    public mutating func set(_ path: String, to value: DocumentBuilder.Value, type: TokenType? = nil) {
        changes.append((path, .value(value, type: type)))
    }

    /// Removes the token at a dot-separated path.
    public mutating func remove(_ path: String) {
        changes.append((path, .removed))
    }

    /// The last change of each path, in first-mention order.
    var lastChanges: [(path: String, change: Change)] {
        var last: [TokenPath: Int] = [:]
        for (position, change) in changes.enumerated() { last[TokenPath(change.path)] = position }
        return changes.enumerated().filter { last[TokenPath($0.element.path)] == $0.offset }.map(\.element)
    }
}

/// What a result keeps so that it can be redefined: its resolution (with every diagnostic of
/// it), the checks it ran, and what was found before resolving (reading, parsing, merging).
struct RedefinitionBase: Sendable {
    let resolution: Resolution
    let validators: [any TokenValidator]
    let options: PipelineOptions
    let sourceDiagnostics: [Diagnostic]

    /// The redefined resolution, as the base of further redefinitions, and all of its
    /// diagnostics, `strict` applied: what was found before resolving, the base's diagnostics
    /// about tokens not resolved again, and the new ones.
    func redefined(by redefinition: Redefinition) -> (base: RedefinitionBase, diagnostics: [Diagnostic]) {
        var state = Stages.apply(redefinition, to: self)
        state.diagnostics = state.diagnostics(carriedFrom: resolution)
        state.affected = nil
        return (RedefinitionBase(resolution: state, validators: validators, options: options, sourceDiagnostics: sourceDiagnostics),
            options.finish(sourceDiagnostics + state.diagnostics + state.limiter.summaries()))
    }
}

extension Stages {
    /// `base` with the tokens at `changed` (indices into `document`, which is `base.document`
    /// with those definitions replaced: same paths, same groups) resolved again with their
    /// dependents, and the validators run again on what was resolved.
    static func redefine(
        _ base: Resolution, document: TokenDocument, changed: [Int], dependents: Resolution.Dependents? = nil,
        options: PipelineOptions, validators: [any TokenValidator], memo: ValueMemo? = nil
    ) -> Resolution {
        var variant = AliasResolver.resolveVariant(of: base, dependents: dependents, document: document, changed: changed,
            warnings: options.warningLimiter, memo: memo)
        variant.diagnostics += validate(variant, with: validators, only: variant.affected)
        return variant
    }

    /// `state` with the tokens at `changed` (whose definitions were replaced in its document:
    /// same paths, same groups) resolved again in place with their dependents, and the
    /// validators run again on what was resolved: what `redefine(_:document:changed:...)` gives.
    static func redefineInPlace(
        _ state: inout Resolution, changed: [Int], dependents: Resolution.Dependents?, options: PipelineOptions,
        validators: [any TokenValidator]
    ) {
        AliasResolver.resolveAgain(&state, dependents: dependents, changed: changed, warnings: options.warningLimiter)
        state.diagnostics += validate(state, with: validators, only: state.affected)
    }

    /// Applies a public redefinition: in place when it only gives existing tokens new values;
    /// otherwise (new tokens, removed ones) the changed document is resolved whole.
    static func apply(_ redefinition: Redefinition, to base: RedefinitionBase) -> Resolution {
        let old = base.resolution.document
        var definitions: [(index: Int, token: TokenDefinition)] = []
        var inPlace = true
        for (path, change) in redefinition.lastChanges {
            guard case .value(let value, let type) = change, let index = old.index(of: path) else {
                inPlace = false
                break
            }
            definitions.append((index, TokenDefinition(redefining: old.tokens[index], type: type, value: value,
                anchor: redefinition.anchor)))
        }
        if inPlace {
            var document = old
            document.redefine(definitions)
            return redefine(base.resolution, document: document, changed: definitions.map(\.index), options: base.options,
                validators: base.validators)
        }
        // The base document is expanded: a redefinition changes the tokens it holds, so a
        // removed token that a group inherited through `$extends` stays removed.
        return resolve(Merged(document: old.rebuilt(applying: redefinition), diagnostics: []), options: base.options,
            validators: base.validators, expanded: true)
    }
}

extension TokenDefinition {
    /// `token` with a new value: its description, deprecation and extensions are kept.
    init(redefining token: TokenDefinition, type: TokenType?, value: DocumentBuilder.Value, anchor: SourceAnchor) {
        self.init(path: token.path, groupID: token.groupID, type: type, value: value, anchor: anchor)
        description = token.description
        deprecated = token.deprecated
        extensions = token.extensions
    }

    /// A definition of a value an importer or a redefinition gives: typed values are kept typed
    /// (and written as DTCG JSON beside), aliases become `{path}` references.
    init(path: String, groupID: Int32, type: TokenType?, value: DocumentBuilder.Value, anchor: SourceAnchor) {
        self.init(path: path, groupID: groupID, explicitType: type, value: JSONValue(.null, offset: anchor.offset), anchor: anchor)
        switch value {
        case .typed(let typed):
            self.value = typed.dtcgJSON.placed(at: anchor.offset)
            typedValue = typed
            if type == nil { explicitType = typed.type }
        case .raw(let json):
            self.value = json
        case .alias(let target):
            self.value = JSONValue(.string("{" + target.joined(separator: ".") + "}"), offset: anchor.offset)
        case .computed(let computed, let offset):
            self.value = computed.referenceList(at: offset)
            computation = computed
        }
    }
}

extension TokenDocument {
    /// This document with a redefinition's changes: groups and their ids as they were, removed
    /// tokens left out, new tokens (and their groups) added.
    func rebuilt(applying redefinition: Redefinition) -> TokenDocument {
        var document = TokenDocument(seed: pathSeed)
        document.files = files
        for path in groupPaths { _ = document.groupID(for: path) }
        for group in groups.values { document.mergeGroup(group) }
        let lastChanges = redefinition.lastChanges
        var changes: [TokenPath: Redefinition.Change] = [:]
        for (path, change) in lastChanges { changes[TokenPath(path)] = change }
        for token in tokens {
            switch changes.removeValue(forKey: TokenPath(token.path)) {
            case nil: document.insert(token)
            case .removed?: continue
            case .value(let value, let type)?:
                document.insert(TokenDefinition(redefining: token, type: type, value: value, anchor: redefinition.anchor))
            }
        }
        for (path, _) in lastChanges {
            guard case .value(let value, let type)? = changes.removeValue(forKey: TokenPath(path)) else { continue }
            var group: Int32 = document.groupID(for: "")
            var prefix = ""
            for name in path.split(separator: ".", omittingEmptySubsequences: false).dropLast() {
                prefix = TokenPathSyntax.join(prefix, String(name))
                group = document.groupID(for: prefix)
            }
            document.insert(TokenDefinition(path: path, groupID: group, type: type, value: value, anchor: redefinition.anchor))
        }
        return document
    }
}
