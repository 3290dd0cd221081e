/// The tokens no error touches, for a run that keeps going past errors (`tessera … --keep-going`,
/// `keepGoing: true` in `tessera.yml`).
///
/// A token is **sound** when it resolved, no error is about it (a diagnostic whose
/// `location.token` names it), and every token it references, transitively, is sound. Everything
/// else is **left out**, and each token left out is counted once, in a note on the error that
/// took it out: the error about the token itself, else the first error about a token it depends
/// on, else (a token whose reference into a file that could not be read was folded into that
/// file's error) the first error that names no token. A token that did not resolve without any
/// error touching it (a `$type` it does not know, skipped with a warning) is not output with or
/// without errors, and is not counted.
///
/// Errors that name no token:
/// - for token files merged together, they are about a file (not JSON, unreadable, a syntax
///   error): its tokens are missing, so every token that references them is left out, and the
///   other files' tokens are sound (merged files never redefine each other's tokens without a
///   `merge.conflict`, so a missing file cannot leave another value standing in for one of its own);
/// - for a resolver or a system an importer reads, they leave out every token of the
///   permutations they are found in: a source that could not be read may have redefined any
///   token of an earlier one, whose value would then be handed out as if right.
public struct SoundTokens: Sendable {
    /// The sound tokens: the permutation's tokens with every token left out unresolved.
    public let tokens: ResolvedTokens
    /// The paths left out, sorted in code point order.
    public let leftOut: [String]
    /// The permutation's diagnostics, each error that took tokens out carrying a note that counts
    /// and names them.
    public let diagnostics: [Diagnostic]
}

extension TokenSystem.Permutation {
    /// The tokens of this permutation that no error touches, and the diagnostics with each
    /// error that took tokens out saying which (see `SoundTokens`). Without an error, every
    /// resolved token.
    public func soundTokens() -> SoundTokens {
        let graph = base.map { Soundness.Graph($0.resolution) }
        let soundness = Soundness(graphs: graph.map { [$0] } ?? [], diagnostics: diagnostics,
            notAboutATokenStopsAll: !readsTokenFiles)
        return SoundTokens(tokens: soundness.keeping(partialTokens), leftOut: soundness.leftOut,
            diagnostics: soundness.annotated(diagnostics))
    }
}

/// Which tokens errors take out, across one or more permutations: a token left out of one is
/// left out of all, with everything that references it in any of them.
struct Soundness {
    /// One permutation's tokens and their references.
    struct Graph {
        let document: TokenDocument
        let resolved: [Bool]
        let reverse: Resolution.Dependents

        init(_ resolution: Resolution) {
            document = resolution.document
            resolved = resolution.values.map { $0 != nil }
            reverse = resolution.dependents()
        }

        /// The dependents of the token at `index`.
        func dependents(of index: Int) -> ArraySlice<Int32> {
            reverse.dependents[Int(reverse.starts[index])..<Int(reverse.starts[index + 1])]
        }
    }

    /// Every path left out, with the index in the diagnostics of the error it is counted under.
    private(set) var cause: [TokenPath: Int] = [:]
    /// The paths left out in the order they were found.
    private var order: [String] = []
    /// Whether an error leaves nothing sound.
    let stopsAll: Bool

    /// - Parameter notAboutATokenStopsAll: whether an error that names no token leaves out every
    ///   token (a resolver's) or only those of its file, which are missing (token files').
    init(graphs: [Graph], diagnostics: [Diagnostic], notAboutATokenStopsAll: Bool) {
        let errors = diagnostics.indices.filter { diagnostics[$0].severity == .error }
        let general = errors.first { diagnostics[$0].location?.token == nil }
        stopsAll = graphs.isEmpty && !errors.isEmpty || notAboutATokenStopsAll && general != nil
        if stopsAll {
            let cause = general ?? errors[0]
            for graph in graphs {
                for (index, token) in graph.document.tokens.enumerated() where graph.resolved[index] {
                    claim(token.path, by: cause)
                }
            }
            return
        }
        guard !errors.isEmpty else { return }
        // The errors about a token, each taking out its token and what follows from it, first
        // come first served; then the tokens that did not resolve and that no diagnostic names,
        // under the first error that names no token: what a file's error folded in (references
        // into a file that could not be read). A token no error touches that did not resolve
        // (an unknown type, skipped with a warning) is not output with or without errors, and
        // is not counted.
        var seeds: [(path: String, cause: Int)] = errors.compactMap { index -> (path: String, cause: Int)? in
            diagnostics[index].location?.token.map { (path: $0, cause: index) }
        }
        if let general {
            let named = Set(diagnostics.compactMap { $0.location?.token.map { TokenPath($0) } })
            for graph in graphs {
                for (index, token) in graph.document.tokens.enumerated()
                where !graph.resolved[index] && !named.contains(TokenPath(token.path)) {
                    seeds.append((path: token.path, cause: general))
                }
            }
        }
        for (path, cause) in seeds where self.cause[TokenPath(path)] == nil
            && graphs.contains(where: { $0.document.index(of: path) != nil })
        {
            spread(from: path, cause: cause, graphs: graphs)
        }
        // A token left out of one permutation may be referenced in another by tokens that did
        // not follow it there: spread again until nothing changes.
        var changed = true
        while changed {
            changed = false
            for graph in graphs {
                for index in graph.document.tokens.indices {
                    let path = TokenPath(graph.document.tokens[index].path)
                    guard let cause = self.cause[path] else { continue }
                    for dependent in graph.dependents(of: index) {
                        let name = graph.document.tokens[Int(dependent)].path
                        if self.cause[TokenPath(name)] == nil {
                            spread(from: name, cause: cause, graphs: graphs)
                            changed = true
                        }
                    }
                }
            }
        }
    }

    /// Leaves out `path` and, in every graph, the tokens that reference it, transitively.
    private mutating func spread(from path: String, cause: Int, graphs: [Graph]) {
        var queue = [path]
        claim(path, by: cause)
        while let current = queue.popLast() {
            for graph in graphs {
                guard let index = graph.document.index(of: current) else { continue }
                for dependent in graph.dependents(of: index) {
                    let name = graph.document.tokens[Int(dependent)].path
                    if claim(name, by: cause) { queue.append(name) }
                }
            }
        }
    }

    @discardableResult
    private mutating func claim(_ path: String, by index: Int) -> Bool {
        let key = TokenPath(path)
        guard cause[key] == nil else { return false }
        cause[key] = index
        order.append(path)
        return true
    }

    /// Whether `path` is left out.
    func isLeftOut(_ path: String) -> Bool { stopsAll || cause[TokenPath(path)] != nil }

    /// The paths left out, sorted in code point order.
    var leftOut: [String] { order.sorted { $0.precedesInCodePoints($1) } }

    /// `tokens` with every token left out unresolved.
    func keeping(_ tokens: ResolvedTokens) -> ResolvedTokens {
        var types = tokens.types
        var values = tokens.values
        for (index, token) in tokens.document.tokens.enumerated() where values[index] != nil && isLeftOut(token.path) {
            types[index] = nil
            values[index] = nil
        }
        if stopsAll {
            types = types.map { _ in nil }
            values = values.map { _ in nil }
        }
        return ResolvedTokens(document: tokens.document, types: types, values: values, aliasTargets: tokens.aliasTargets,
            groupDeprecations: tokens.groupDeprecations)
    }

    /// `diagnostics` with a note on each error that took tokens out, naming them (the first 20).
    func annotated(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var taken: [Int: [String]] = [:]
        for path in leftOut {
            if let index = cause[TokenPath(path)] { taken[index, default: []].append(path) }
        }
        var result = diagnostics
        for (index, paths) in taken {
            let own = diagnostics[index].location?.token
            let followers = paths.filter { $0 != own }
            let shown = followers.prefix(Self.namesShown).joined(separator: ", ")
            let more = followers.count > Self.namesShown ? ", and \(followers.count - Self.namesShown) more" : ""
            let message: String
            if let own {
                message = followers.isEmpty
                    ? "'\(own)' is left out of the output"
                    : "'\(own)' is left out of the output, with \(followers.count) token\(followers.count == 1 ? " that follows" : "s that follow") from it: \(shown)\(more)"
            } else {
                message = "\(followers.count) token\(followers.count == 1 ? " is" : "s are") left out of the output because of this error: \(shown)\(more)"
            }
            result[index].notes.append(Diagnostic.Note(message))
        }
        return result
    }

    /// How many paths a note names before it only counts the rest.
    static let namesShown = 20
}
