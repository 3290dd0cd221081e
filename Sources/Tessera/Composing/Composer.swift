import Foundation

/// Puts token documents together as a resolver describes, one per combination of contexts,
/// and resolves them.
///
/// Each source (a file, the object a pointer names, a tree written inline) is read and parsed
/// once, however many sets, contexts and permutations use it; a permutation merges the parsed
/// sources in resolution order, later ones replacing earlier definitions (no conflict: that is
/// what overriding means here), and aliases are resolved on the merged result only.
///
/// ```swift
/// let composer = Composer(resolverAt: "tokens.resolver.json")
/// let dark = composer.resolve(inputs: ["theme": "dark"])
/// let accent = dark.resolved?["color.accent"]
/// ```
public final class Composer {
    /// The resolver, when its file could be read as JSON.
    public let resolver: ResolverDocument?
    /// Problems of the resolver file and of its sources, found once.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Every file read, the resolver first.
    public private(set) var files: [SourceFile] = []
    public let options: PipelineOptions

    private let directory: String
    private let seed = PathTable.randomSeed()
    private var parsed: [String: (file: SourceFile, fragment: TokenFragment)?] = [:]

    /// One permutation, put together and resolved.
    public struct Permutation: Sendable {
        /// Modifier name → context name.
        public let contexts: [String: String]
        public let document: TokenDocument
        public let resolved: ResolvedTokens
        /// What resolving this permutation found (the sources' own problems are in
        /// `Composer.diagnostics`).
        public let diagnostics: [Diagnostic]

        /// `theme=dark, size=mobile`, in the resolver's modifier order.
        public func label(_ resolver: ResolverDocument) -> String {
            resolver.modifiers.compactMap { modifier in contexts[modifier.name].map { "\(modifier.name)=\($0)" } }
                .joined(separator: ", ")
        }
    }

    /// Reads the resolver at `path` and the sources it names (lazily, as permutations need them).
    public convenience init(resolverAt path: String, options: PipelineOptions = PipelineOptions()) {
        var diagnostics: [Diagnostic] = []
        let file = TokenFileLoader.read(path, diagnostics: &diagnostics)
        self.init(file: file, options: options, loadDiagnostics: diagnostics)
    }

    /// Reads a resolver already in memory; file sources are found relative to its path.
    public convenience init(resolver file: SourceFile, options: PipelineOptions = PipelineOptions()) {
        self.init(file: file, options: options, loadDiagnostics: [])
    }

    private init(file: SourceFile?, options: PipelineOptions, loadDiagnostics: [Diagnostic]) {
        self.options = options
        diagnostics = loadDiagnostics
        guard let file else {
            resolver = nil
            directory = "."
            return
        }
        files = [file]
        directory = (file.path as NSString).deletingLastPathComponent
        let (document, found) = ResolverDocument.read(file)
        resolver = document
        diagnostics += found
    }

    /// Whether the resolver or a source has an error (permutations may add their own).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Resolves the permutation that `inputs` (modifier → context, matched without regard to
    /// case) and the defaults choose; nil (with diagnostics) when they choose none.
    public func resolve(inputs: [String: String]) -> (Permutation?, [Diagnostic]) {
        guard let resolver else { return (nil, []) }
        let (contexts, problems) = resolver.contexts(for: inputs)
        guard problems.isEmpty else { return (nil, problems) }
        return (resolve(contexts: contexts), [])
    }

    /// Puts together and resolves the permutation with these contexts.
    public func resolve(contexts: [String: String]) -> Permutation {
        var document = TokenDocument(seed: seed)
        var diagnostics: [Diagnostic] = []
        for source in resolver?.sources(for: contexts) ?? [] {
            guard let (file, fragment) = parse(source) else { continue }
            // A later source replacing a token is the point of the resolver: no conflict.
            _ = document.add(fragment, from: file)
        }
        ExtendsExpander.expand(&document, diagnostics: &diagnostics)
        let (resolved, found) = Resolver.resolve(document, options: options)
        return Permutation(contexts: contexts, document: document, resolved: resolved, diagnostics: diagnostics + found)
    }

    // MARK: Sources

    /// The parsed tokens of a source, parsed on first use; nil when it cannot be read.
    private func parse(_ source: ResolverDocument.Source) -> (SourceFile, TokenFragment)? {
        let key: String
        switch source.origin {
        case .file(let path, let pointer): key = "file:" + resolvedPath(path) + "#" + pointer.joined(separator: "/")
        case .inline(let value): key = "inline:\(value.offset)"
        }
        if let cached = parsed[key] { return cached.map { ($0.file, $0.fragment) } }
        let result = load(source)
        parsed[key] = result.map { (file: $0.0, fragment: $0.1) }
        return result
    }

    /// A source's path, relative to the resolver's directory, without `./` steps.
    private func resolvedPath(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return directory.isEmpty ? String(relative) : (directory as NSString).appendingPathComponent(String(relative))
    }

    private func load(_ source: ResolverDocument.Source) -> (SourceFile, TokenFragment)? {
        switch source.origin {
        case .inline(let value):
            guard let resolverFile = files.first else { return nil }
            // A `$ref` beside inline tokens names what they extend, which comes before them.
            let (fragment, found) = DocumentParser.parseObject(in: resolverFile, at: value.offset,
                skippingReference: true, seed: seed)
            diagnostics += found
            return fragment.map { (resolverFile, $0) }
        case .file(let path, let pointer):
            let fullPath = resolvedPath(path)
            let file: SourceFile
            if let known = files.first(where: { $0.path == fullPath }) {
                file = known
            } else {
                var found: [Diagnostic] = []
                guard let read = TokenFileLoader.read(fullPath, diagnostics: &found) else {
                    diagnostics.append(Diagnostic(.fileUnreadable, .error, "cannot read '\(path)', named by the resolver",
                        at: source.anchor.location()))
                    return nil
                }
                file = read
                files.append(file)
            }
            guard !pointer.isEmpty else {
                let comments = fullPath.lowercased().hasSuffix(".jsonc")
                let (fragment, found) = DocumentParser.parseInParts(file, allowComments: comments, seed: seed)
                    ?? DocumentParser.parseWhole(file, allowComments: comments, seed: seed)
                diagnostics += found
                return fragment.map { (file, $0) }
            }
            var found: [Diagnostic] = []
            guard let root = JSONParser(file: file).parse(into: &found) else {
                diagnostics += found
                return nil
            }
            diagnostics += found
            guard let node = root.descendant(at: pointer), node.isObject else {
                diagnostics.append(Diagnostic(.resolverReferenceUnresolved, .error,
                    "'\(path)#/\(pointer.joined(separator: "/"))' leads to no object", at: source.anchor.location()))
                return nil
            }
            let (fragment, more) = DocumentParser.parseObject(in: file, at: node.offset, skippingReference: false, seed: seed)
            diagnostics += more
            return fragment.map { (file, $0) }
        }
    }
}
