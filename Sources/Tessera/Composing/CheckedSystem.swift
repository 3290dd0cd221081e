/// A token system with every permutation checked (`TokenSystem.checkAllPermutations()`), keeping
/// each permutation's resolution, so that an edit of the values in one source file is checked
/// again by redefining, in each permutation that takes them from that file, the tokens it
/// changes and their dependents, and comparing the permutations again on those tokens only.
///
/// ```swift
/// let checked = CheckedSystem(TokenSystem(resolver: resolver, overlays: [colors]))
/// // The tokens the edit changed and their dependents; anything more than new values: whole.
/// let next = checked.editing(editedColors)
///     ?? CheckedSystem(TokenSystem(resolver: resolver, overlays: [editedColors]))
/// ```
///
/// The result is the one a check of the edited system gives (the same diagnostics, not always
/// in the same order).
package struct CheckedSystem: Sendable {
    /// The system, with its caches: the base permutation resolved, the sources parsed.
    package private(set) var system: TokenSystem
    /// What checking every permutation found.
    package private(set) var result: ResolvedSystem
    /// What an edit starts from; nil when the system cannot be checked again in part.
    private var states: States?

    /// What a check keeps for checking an edit again: every permutation's resolution, the
    /// base's with all of its diagnostics, every other's with the tokens that may differ from the
    /// base (`affected`) and its diagnostics about them.
    struct States: Sendable {
        let permutations: [[String: String]]
        let baseContexts: [String: String]
        var base: Resolution
        /// By permutation number; nil for the base.
        var variants: [Resolution?]
        /// The notices and the resolver's and sources' problems, listed first.
        var before: [Diagnostic]
        /// What comparing the permutations found, before the warning limit.
        var checkDiagnostics: [Diagnostic]
        /// Who references whom, by permutation number, while it holds.
        var dependents: [Resolution.Dependents?] = []
    }

    /// Checks every permutation of `system`.
    ///
    /// - Complexity: as `TokenSystem.checkAllPermutations()`.
    package init(_ system: TokenSystem) {
        var system = system
        (result, states) = system.checked(keepingTokens: false, keepingStates: true)
        self.system = system
        // Past the warning limit, which warnings are listed depends on the order they were
        // found in, which an edit checked in part does not keep: every edit is checked whole.
        if let limit = system.options.effectiveWarningLimit, let states,
            ([states.base] + states.variants.compactMap { $0 }).contains(where: \.limiter.heldBack)
                || Self.reaches(limit, states.before + states.checkDiagnostics)
        {
            self.states = nil
        }
    }

    /// Whether some file has `limit` warnings of one kind.
    private static func reaches(_ limit: Int, _ diagnostics: [Diagnostic]) -> Bool {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .warning {
            let key = (diagnostic.location?.file ?? "") + "\u{0}" + diagnostic.id.rawValue
            counts[key, default: 0] += 1
            if counts[key]! >= limit { return true }
        }
        return false
    }

    /// The system with `file` (a source it reads) holding new text, checked again: when the
    /// new text defines the same tokens and groups with the same group properties, and the
    /// edit moves no other token (one line changed, no member after it on that line), the tokens
    /// whose text it changes are redefined in each permutation that takes them from this file,
    /// with their dependents, and only those tokens are compared across permutations again. Nil
    /// for any other edit, and when a kind of warning in a file reaches the warning limit (which
    /// warnings are then listed depends on the order they were found in): check the system whole.
    ///
    /// - Complexity: O(n) per permutation to copy its resolution, plus what the changed tokens
    ///   and their dependents cost.
    package func editing(_ file: SourceFile) -> CheckedSystem? {
        guard var states, let resolver = system.resolver, file.path != resolver.file.path else { return nil }
        var system = self.system
        guard case let (old, before, after)? = system.sources.replacing(file), let edit = TextEdit(old: old, new: file),
            Self.sameStructure(before, after)
        else { return nil }
        let edited = edit.touched(before, in: old)
        // Each token of the file, by its index in every permutation's document (the base's).
        var indices: [Int] = []
        indices.reserveCapacity(after.tokens.count)
        for (definition, _) in after.tokens {
            guard let index = states.base.document.index(of: definition.path) else { return nil }
            indices.append(index)
        }
        if states.dependents.isEmpty { states.dependents = Array(repeating: nil, count: states.permutations.count) }
        let baseNumber = states.permutations.firstIndex(of: states.baseContexts)!
        let validators = system.resolution.validators

        // The base permutation, redefined.
        let oldBase = states.base
        guard let (newBase, baseAffected) = redefine(oldBase, number: baseNumber, indices: indices, edited: edited,
            after: after, old: old, new: file, validators: validators, dependents: &states.dependents)
        else { return nil }
        guard let baseCarried = edit.shifted(oldBase.diagnostics.filter { !baseAffected.paths.contains($0.tokenPath) })
        else { return nil }
        states.base = newBase
        states.base.diagnostics = baseCarried + newBase.diagnostics
        states.base.affected = nil
        var touched = baseAffected.indices
        var touchedPaths = baseAffected.paths

        // Every other permutation: its own redefinition, and the base's tokens it now differs in.
        let baseDiagnosticsByPath = Dictionary(grouping: oldBase.diagnostics.filter { baseAffected.paths.contains($0.tokenPath) },
            by: \.tokenPath)
        for number in states.variants.indices {
            guard let variant = states.variants[number] else { continue }
            guard let (redefined, affected) = redefine(variant, number: number, indices: indices, edited: edited, after: after,
                old: old, new: file, validators: validators, dependents: &states.dependents),
                let carried = edit.shifted(variant.diagnostics.filter { !affected.paths.contains($0.tokenPath) })
            else { return nil }
            var differing = Set(variant.affected ?? []).union(affected.indices)
            var inherited: [Diagnostic] = []
            for index in baseAffected.indices where !differing.contains(index) {
                differing.insert(index)
                inherited += baseDiagnosticsByPath[TokenPath(variant.document.tokens[index].path)] ?? []
            }
            guard let inherited = edit.shifted(inherited) else { return nil }
            var state = redefined
            state.diagnostics = carried + redefined.diagnostics + inherited
            state.affected = differing.sorted()
            states.variants[number] = state
            touched.formUnion(affected.indices)
            touchedPaths.formUnion(affected.paths)
        }

        // The permutations compared again on the tokens resolved again, the rest as before.
        var check = PermutationCheck(resolver: resolver, base: Self.only(touchedPaths, of: states.base, affected: nil),
            baseContexts: states.baseContexts, permutations: states.permutations)
        for (number, variant) in states.variants.enumerated() {
            guard let variant else {
                check.add(Self.only(touchedPaths, of: states.base, affected: nil), number: number)
                continue
            }
            let affected = (variant.affected ?? []).filter { touched.contains($0) }
            check.add(Self.only(touchedPaths, of: variant, affected: affected), number: number)
        }
        guard let kept = edit.shifted(states.checkDiagnostics.filter { !touchedPaths.contains($0.tokenPath) }) else { return nil }
        states.checkDiagnostics = kept + check.diagnostics
        let found = states.before + states.checkDiagnostics
        // Past the warning limit, which warnings are listed depends on the order: checked whole.
        if let limit = system.options.effectiveWarningLimit, Self.reaches(limit, found) { return nil }

        system.resolution.rebase(states.base)
        var variesAlong = result.variesAlong.mapValues { $0.filter { !touchedPaths.contains(TokenPath($0)) } }
        for (modifier, paths) in check.tokensVaryingAlong { variesAlong[modifier, default: []] += paths }
        let base = system.permutation(states.base, contexts: states.baseContexts, seenBy: [states.base.limiter])
        var checked = self
        checked.system = system
        checked.states = states
        checked.result = ResolvedSystem(permutationCount: result.permutationCount, diagnostics: system.options.finish(found),
            variesAlong: variesAlong.mapValues { $0.sorted() }, base: base, files: system.files,
            tokensResolved: touched.count)
        return checked
    }

    /// Redefines in `state` the file's tokens it takes from the file: every such definition
    /// replaced (their places in the new text), those the edit touched resolved again with their
    /// dependents, whose diagnostics are the result's (only those). Nil when resolving finds a
    /// problem about no token (it could not be told apart from the same problem found before).
    private func redefine(
        _ state: Resolution, number: Int, indices: [Int], edited: Set<Int>, after: SourceContents, old: SourceFile,
        new: SourceFile, validators: [any TokenValidator], dependents: inout [Resolution.Dependents?]
    ) -> (state: Resolution, affected: (indices: Set<Int>, paths: Set<TokenPath>))? {
        var replacements: [(index: Int, token: TokenDefinition)] = []
        var changed: [Int] = []
        for (position, index) in indices.enumerated() where state.document.tokens[index].anchor.file === old {
            var definition = after.tokens[position].definition
            definition.groupID = state.document.tokens[index].groupID
            replacements.append((index, definition))
            if edited.contains(position) { changed.append(index) }
        }
        var document = state.document
        document.redefine(replacements)
        document.replaceFile(old, with: new)
        guard !changed.isEmpty else {
            var same = state
            same.document = document
            same.diagnostics = []
            return (same, ([], []))
        }
        if dependents[number] == nil { dependents[number] = state.dependents() }
        let redefined = Stages.redefine(state, document: document, changed: changed, dependents: dependents[number],
            options: system.options, validators: validators)
        guard !redefined.diagnostics.contains(where: { $0.location?.token == nil }) else { return nil }
        // Who references whom holds while the changed tokens reference what they did.
        for index in changed {
            let before = state.edges[Int(state.edgeStart[index])..<Int(state.edgeStart[index + 1])]
            let now = redefined.edges[Int(redefined.edgeStart[index])..<Int(redefined.edgeStart[index + 1])]
            if !before.elementsEqual(now) { dependents[number] = nil }
        }
        let affected = redefined.affected ?? []
        return (redefined, (Set(affected), Set(affected.map { TokenPath(redefined.document.tokens[$0].path) })))
    }

    /// `state` as the permutation check sees it for the tokens at `paths`: its diagnostics about
    /// them, and, for a permutation resolved from the base, those of them that may differ.
    private static func only(_ paths: Set<TokenPath>, of state: Resolution, affected: [Int]?) -> Resolution {
        var part = state
        part.diagnostics = state.diagnostics.filter { paths.contains($0.tokenPath) }
        part.affected = affected
        part.mergeDiagnostics = []
        return part
    }

    /// Whether two contents of a file define the same tokens, in the same groups, and the same
    /// groups with the same properties.
    private static func sameStructure(_ before: SourceContents, _ after: SourceContents) -> Bool {
        guard before.tokens.count == after.tokens.count, before.groupPaths == after.groupPaths,
            before.groups.count == after.groups.count
        else { return false }
        for (old, new) in zip(before.tokens, after.tokens) where old.definition.path != new.definition.path || old.group != new.group {
            return false
        }
        for (path, group) in before.groups {
            guard let other = after.groups[path], other.sameProperties(as: group) else { return false }
        }
        return true
    }
}

extension Diagnostic {
    /// The token the diagnostic is about, or the empty path.
    fileprivate var tokenPath: TokenPath { TokenPath(location?.token ?? "") }
}
