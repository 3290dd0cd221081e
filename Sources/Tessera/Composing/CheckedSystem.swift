/// A token system with every permutation checked (`TokenSystem.checkAllPermutations()`), keeping
/// each permutation's resolution, so that an edit of the values in one source file is checked
/// again by redefining, in each permutation that takes them from that file, the tokens it
/// changes and their dependents, and comparing the permutations again on those tokens only.
///
/// ```swift
/// var checked = CheckedSystem(TokenSystem(resolver: resolver, overlays: [colors]))
/// // The tokens the edit changed and their dependents; anything more than new values: whole.
/// if checked.edit(editedColors) == nil {
///     checked = CheckedSystem(TokenSystem(resolver: resolver, overlays: [editedColors]))
/// }
/// ```
///
/// The result is the one a check of the edited system gives (the same diagnostics, not always
/// in the same order). Every warning is found; of each kind in each file, the first up to the
/// warning limit are listed, in file order, whatever order they were found in.
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
        /// Each token of an edited file, by its index in every permutation's document: the same
        /// while the file defines the same tokens, which an edit checked in part keeps.
        var fileIndices: [String: [Int]] = [:]
    }

    /// How many warnings of one kind in one file are listed: the system's warning limit. The
    /// check finds every warning and lists the first in each file
    /// (`WarningLimiter.listingFirstInFileOrder`), so that an edit checked in part lists the
    /// same ones as a check of the edited system.
    private let warningLimit: Int?

    /// Checks every permutation of `system`, finding every warning and listing, of each kind in
    /// each file, the first ones up to the system's warning limit.
    ///
    /// - Complexity: as `TokenSystem.checkAllPermutations()` with no warning limit.
    package init(_ system: TokenSystem) {
        self.init(system, warningLimit: system.options.effectiveWarningLimit)
    }

    /// Checks every permutation of `system`, listing up to `warningLimit` warnings of each kind
    /// in each file.
    private init(_ system: TokenSystem, warningLimit: Int?) {
        self.warningLimit = warningLimit
        var system = system.findingEveryWarning()
        (result, states) = system.checked(keepingTokens: false, keepingStates: true) {
            WarningLimiter.listingFirstInFileOrder($0, limit: warningLimit)
        }
        self.system = system
    }

    /// Checks the system again with `file` (a source it reads) holding new text: when the new
    /// text defines the same tokens and groups with the same group properties, and the edit
    /// moves no other token (one line changed, no member after it on that line), the tokens
    /// whose text it changes are redefined in each permutation that takes them from this file,
    /// with their dependents, and only those tokens are compared across permutations again.
    /// Each permutation's resolution is changed where it is: a checked system held once (taken
    /// out of whatever kept it) is not copied, so an edit costs what its changed tokens and
    /// their dependents cost. Any other edit of a file whose new text parses with the problems
    /// the old one had is checked whole, the other sources not read or parsed again (`.whole`).
    /// Nil when the new text cannot be read in place of the old (it does not parse as the old
    /// did, the file names another, the resolver itself); `self` is then spent (it may be
    /// changed in part): check the edited system whole.
    ///
    /// - Complexity: O(t log n) per permutation for the t tokens the edit changes and their
    ///   dependents, plus what resolving them costs and O(f) for the edited file's f tokens;
    ///   O(n) per permutation when something else holds the resolutions.
    package mutating func edit(_ file: SourceFile) -> EditCheck? {
        guard let resolver = system.resolver, file.path != resolver.file.path,
            let replacement = system.sources.replacing(file)
        else { return nil }
        // From here on the system reads the new text: an edit not checked in part is checked
        // whole, every other source as it was parsed.
        if editInPart(file, replacement, resolver: resolver) { return .inPart }
        // What the check before kept is freed once the system is checked again: freeing it
        // would take a core the check resolves on.
        Parallel.holdingReleases {
            Parallel.release((states.take(), result))
            result = ResolvedSystem(permutationCount: 0, diagnostics: [], files: [])
            self = CheckedSystem(system, warningLimit: warningLimit)
        }
        return .whole
    }

    /// The tokens of the permutation at `contexts` as the check resolved it, brought up to date
    /// by the edits checked since; nil when the check kept no such permutation (it kept none,
    /// or the system has more than `TokenSystem.permutationLimit` and this is not the base or
    /// one context of one modifier away from it). Hover and the other requests read these
    /// rather than resolve a permutation again.
    ///
    /// - Complexity: O(p + n) for p permutations and the permutation's n tokens (each value
    ///   counted once, as resolved tokens do).
    package func keptTokens(of contexts: [String: String]) -> ResolvedTokens? {
        guard let states, let number = states.permutations.firstIndex(of: contexts) else { return nil }
        return (states.variants[number] ?? states.base).resolved
    }

    /// How `edit(_:)` checked an edit.
    package enum EditCheck: Sendable {
        /// The tokens it changed and their dependents.
        case inPart
        /// The system whole, the edited file parsed once and the others not again.
        case whole
    }

    /// Checks the edit of `file` (read in place of `old`) in part; false when it cannot be.
    private mutating func editInPart(_ file: SourceFile, _ replacement: SourceCache.Replacement, resolver: ResolverDocument)
        -> Bool
    {
        let (old, before, after) = (replacement.old, replacement.before, replacement.after)
        guard states != nil, let edit = TextEdit(old: old, new: file, changed: replacement.changed),
            replacement.sameStructure || Self.sameStructure(before, after), var states = states.take()
        else { return false }
        let edited = edit.touched(before, in: old)
        // Each token of the file, by its index in every permutation's document (the base's).
        let indices: [Int]
        if let known = states.fileIndices[file.path], known.count == after.tokens.count {
            indices = known
        } else {
            var found: [Int] = []
            found.reserveCapacity(after.tokens.count)
            for position in after.tokens.indices {
                guard let index = states.base.document.index(of: after.tokens[position].definition.path) else { return false }
                found.append(index)
            }
            indices = found
            states.fileIndices[file.path] = found
        }
        if states.dependents.isEmpty { states.dependents = Array(repeating: nil, count: states.permutations.count) }
        let baseNumber = states.permutations.firstIndex(of: states.baseContexts)!
        let validators = system.resolution.validators
        let definitions = after.tokens.map(\.definition)
        let redefining = Redefining(indices: indices, edited: edited, after: definitions,
            places: TokenDocument.NewPlaces(definitions), movedFrom: edit.moves ? edit.start : Int.max,
            old: old, new: file,
            options: system.options, validators: validators)

        // The base permutation, redefined.
        var baseCarried = states.base.diagnostics
        guard let baseAffected = redefining.redefine(&states.base, dependents: &states.dependents[baseNumber], share: 0)
        else {
            return false
        }
        let baseTouched = PathSet(baseAffected.paths)
        guard let baseRemoved = baseCarried.carrying(over: edit, removingAbout: baseTouched) else { return false }
        let baseDiagnosticsByPath = Dictionary(grouping: baseRemoved, by: \.aboutToken)
        baseCarried.append(contentsOf: states.base.diagnostics)
        states.base.diagnostics = baseCarried
        states.base.affected = nil
        var touched = baseAffected.indices
        var touchedPaths = baseAffected.paths

        // Every other permutation: its own redefinition, and the base's tokens it now differs in;
        // side by side, each permutation held by one box (so changed in place, not copied).
        let edits = states.variants.indices.map { VariantEdit(states.variants[$0].take(), states.dependents[$0]) }
        let redefined = Parallel.map(edits.count) { number -> Bool in
            let item = edits[number]
            guard var variant = item.state.take() else { return true }
            var carried = variant.diagnostics
            let differing = variant.affected ?? []
            // Each permutation goes through the file's tokens from its own place in the file, so
            // that two threads do not copy the same values at once.
            guard let affected = redefining.redefine(&variant, dependents: &item.dependents,
                share: Double(number) / Double(edits.count))
            else { return false }
            guard carried.carrying(over: edit, removingAbout: PathSet(affected.paths)) != nil else { return false }
            var added = [Int](affected.indices.filter { !differing.sortedContains($0) })
            var inherited: [Diagnostic] = []
            for index in baseAffected.indices where !affected.indices.contains(index) && !differing.sortedContains(index) {
                added.append(index)
                inherited += baseDiagnosticsByPath[TokenPath(variant.document.tokens[index].path)] ?? []
            }
            guard inherited.carrying(over: edit, removingAbout: PathSet([])) != nil else { return false }
            carried.append(contentsOf: variant.diagnostics)
            carried.append(contentsOf: inherited)
            variant.diagnostics = carried
            variant.affected = differing.mergingSorted(added.sorted())
            item.state = variant
            item.affected = affected
            return true
        }
        guard !redefined.contains(false) else { return false }
        for (number, item) in edits.enumerated() {
            states.variants[number] = item.state
            states.dependents[number] = item.dependents
            touched.formUnion(item.affected.indices)
            touchedPaths.formUnion(item.affected.paths)
        }

        // The permutations compared again on the tokens resolved again, the rest as before.
        let touchedInOrder = touched.sorted()
        let resolvedAgain = PathSet(touchedPaths)
        let basePart = Self.only(resolvedAgain, of: states.base, affected: nil)
        var check = PermutationCheck(resolver: resolver, base: basePart, baseContexts: states.baseContexts,
            permutations: states.permutations)
        for number in states.variants.indices {
            guard let variant = states.variants[number] else {
                check.add(basePart, number: number)
                continue
            }
            let differing = variant.affected ?? []
            check.add(Self.only(resolvedAgain, of: variant, affected: touchedInOrder.filter { differing.sortedContains($0) }),
                number: number)
        }
        guard states.checkDiagnostics.carrying(over: edit, removingAbout: resolvedAgain) != nil else { return false }
        states.checkDiagnostics.append(contentsOf: check.diagnostics)
        let found = Diagnostic.joined([states.before, states.checkDiagnostics])

        system.resolution.rebase(states.base)
        var variesAlong = result.variesAlong
        for (modifier, paths) in variesAlong {
            var paths = paths
            for path in touchedPaths { paths.removeSorted(path.string) }
            variesAlong[modifier] = paths
        }
        for (modifier, paths) in check.tokensVaryingAlong {
            for path in paths { variesAlong[modifier, default: []].insertSorted(path) }
        }
        // The diagnostics are finished (each listed once, on both cores), then listed while the
        // base permutation is put together: each reads every diagnostic, and neither needs the
        // other.
        let finished = Finished()
        // The permutation check's diagnostics are distinct: those carried over are not about
        // the tokens resolved again, and those found again are.
        let all = system.options.finish(found, distinctFrom: states.before.count)
        let (copy, limit, baseState, baseContexts) = (system, warningLimit, states.base, states.baseContexts)
        _ = Parallel.map(2) { job in
            if job == 0 {
                finished.diagnostics = WarningLimiter.listingFirstInFileOrder(all, limit: limit)
            } else {
                // Its sources are parsed: putting it together reads what they found, changing nothing.
                var system = copy
                finished.base = system.permutation(baseState, contexts: baseContexts, seenBy: [baseState.limiter])
            }
            return true
        }
        result = ResolvedSystem(permutationCount: result.permutationCount, diagnostics: finished.diagnostics,
            variesAlong: variesAlong, base: finished.base, files: system.files, tokensResolved: touched.count)
        self.states = states
        return true
    }

    /// The two results an edit's last step makes side by side, each written by one thread
    /// (its own field) and read once both are done.
    private final class Finished: @unchecked Sendable {
        var diagnostics: [Diagnostic] = []
        var base: TokenSystem.Permutation?
    }

    /// A permutation redefined on its own thread, and what redefining it found. Each box is
    /// used by one thread at a time: by the thread redefining it, then, once all are done, by
    /// the edit that gathers them.
    private final class VariantEdit: @unchecked Sendable {
        var state: Resolution?
        var dependents: Resolution.Dependents?
        var affected: (indices: Set<Int>, paths: Set<TokenPath>) = ([], [])

        init(_ state: Resolution?, _ dependents: Resolution.Dependents?) {
            self.state = state
            self.dependents = dependents
        }
    }

    /// One edit of one file, as each permutation takes it in.
    private struct Redefining {
        /// Each token of the edited file, by its index in every permutation's document.
        let indices: [Int]
        /// The positions (in the file) of the tokens whose text the edit touched.
        let edited: Set<Int>
        /// The file's tokens as its new text defines them, in file order.
        let after: [TokenDefinition]
        /// Where each of them is written (read by every permutation without retaining).
        let places: TokenDocument.NewPlaces
        /// Where the edit starts in the old text, when the text after it moved (else past every
        /// token): the tokens written past it moved.
        let movedFrom: Int
        let old: SourceFile
        let new: SourceFile
        let options: PipelineOptions
        let validators: [any TokenValidator]

        /// Redefines in `state`, in place, the file's tokens it takes from the file: every such
        /// definition replaced (their places in the new text), those the edit touched resolved
        /// again with their dependents, whose diagnostics become the state's (only those).
        /// Returns the tokens resolved again; nil when resolving finds a problem about no token
        /// (it could not be told apart from the same problem found before). The file's tokens
        /// are gone through from the one `share` of the way through it.
        func redefine(_ state: inout Resolution, dependents: inout Resolution.Dependents?, share: Double)
            -> (indices: Set<Int>, paths: Set<TokenPath>)?
        {
            // By path: a file parsed in parts (1 MiB and more) gives the tokens of each part an
            // anchor in a copy of the file that shares its bytes, not the file itself. The
            // tokens the edit did not touch only move: changed in place, not copied.
            let changed = state.document.follow(after, placed: places, at: indices, of: old.path, movedFrom: movedFrom,
                redefined: edited, startingAt: Int(share * Double(indices.count)))
            state.document.replaceFile(old, with: new)
            guard !changed.isEmpty else {
                state.diagnostics = []
                state.affected = []
                return ([], [])
            }
            if dependents == nil { dependents = state.dependents() }
            let edgesBefore = changed.map { Array(state.edges[Int(state.edgeStart[$0])..<Int(state.edgeStart[$0 + 1])]) }
            Stages.redefineInPlace(&state, changed: changed, dependents: dependents, options: options, validators: validators)
            guard !state.diagnostics.contains(where: { $0.location?.token == nil }) else { return nil }
            // Who references whom holds while the changed tokens reference what they did.
            for (index, before) in zip(changed, edgesBefore)
            where !before.elementsEqual(state.edges[Int(state.edgeStart[index])..<Int(state.edgeStart[index + 1])]) {
                dependents = nil
            }
            let affected = state.affected ?? []
            return (Set(affected), Set(affected.map { TokenPath(state.document.tokens[$0].path) }))
        }
    }

    /// `state` as the permutation check sees it for the tokens at `paths`: its diagnostics about
    /// them, and, for a permutation resolved from the base, those of them that may differ.
    private static func only(_ paths: PathSet, of state: Resolution, affected: [Int]?) -> Resolution {
        var part = state
        part.diagnostics = []
        for index in state.diagnostics.indices where paths.holds(state.diagnostics[index]) {
            part.diagnostics.append(state.diagnostics[index])
        }
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
        for position in before.tokens.indices
        where before.tokens[position].definition.path != after.tokens[position].definition.path
            || before.tokens[position].group != after.tokens[position].group
        {
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
    fileprivate var aboutToken: TokenPath { TokenPath(tokenPath ?? "") }
}

extension Array where Element == Diagnostic {
    /// Takes out the diagnostics about the tokens at `paths` and returns them; moves the fix-its
    /// of the others in the edited file past `edit` with the text (`TextEdit.move(_:)`), each
    /// diagnostic read once. The others keep their order and are moved, not copied (the removed
    /// are few). Nil, and nothing changed, when a fix-it of one kept edits the changed line.
    fileprivate mutating func carrying(over edit: CheckedSystem.TextEdit, removingAbout paths: PathSet) -> [Diagnostic]? {
        var positions: [Int] = []
        var moving: [Int] = []
        let carried = withUnsafeBufferPointer { all -> Bool in
            for index in all.indices {
                if paths.holds(all[index]) {
                    positions.append(index)
                    continue
                }
                let (carried, moves) = edit.carries(all[index])
                guard carried else { return false }
                if moves { moving.append(index) }
            }
            return true
        }
        guard carried else { return nil }
        for index in moving { edit.move(&self[index]) }
        let removed = positions.map { self[$0] }
        // Runs of neighbours removed together, the last first so that the others stay put.
        var end = positions.count
        while end > 0 {
            var start = end - 1
            while start > 0, positions[start - 1] == positions[start] - 1 { start -= 1 }
            removeSubrange(positions[start]...positions[end - 1])
            end = start
        }
        return removed
    }
}

/// The paths of the tokens an edit resolved again, telling the diagnostics about them from the
/// rest (most, in a large system) without hashing most paths: only a path as long as one of
/// them is looked up.
private struct PathSet {
    let paths: Set<TokenPath>
    /// The paths themselves when they are few: compared with a diagnostic's, not hashed.
    private let few: [String]?
    /// Which lengths in UTF-8 the paths have, a bit for each: asked of every diagnostic, so
    /// not hashed.
    private let lengths: [UInt64]

    init(_ paths: Set<TokenPath>) {
        self.paths = paths
        few = paths.count <= 8 ? paths.map(\.string) : nil
        var lengths: [UInt64] = []
        for path in paths {
            let length = path.string.utf8.count
            if length / 64 >= lengths.count { lengths += Array(repeating: 0, count: length / 64 + 1 - lengths.count) }
            lengths[length / 64] |= 1 << UInt64(length % 64)
        }
        self.lengths = lengths
    }

    /// Whether `diagnostic` is about one of the tokens (one about no token is, when the empty
    /// path is one of them).
    func holds(_ diagnostic: Diagnostic) -> Bool {
        let token = diagnostic.tokenPath ?? ""
        let length = token.utf8.count
        guard length / 64 < lengths.count, lengths[length / 64] & (1 << UInt64(length % 64)) != 0 else { return false }
        if let few { return few.contains(token) }
        return paths.contains(TokenPath(token))
    }
}

extension Array where Element == Int {
    /// Whether this array, in increasing order, holds `element`.
    fileprivate func sortedContains(_ element: Int) -> Bool {
        let position = firstPosition { $0 < element }
        return position < count && self[position] == element
    }

    /// This array and `other`, both in increasing order without common elements, merged.
    fileprivate func mergingSorted(_ other: [Int]) -> [Int] {
        guard !other.isEmpty else { return self }
        var merged: [Int] = []
        merged.reserveCapacity(count + other.count)
        var next = 0
        for element in other {
            while next < count, self[next] < element {
                merged.append(self[next])
                next += 1
            }
            merged.append(element)
        }
        merged.append(contentsOf: self[next...])
        return merged
    }
}

extension Array where Element == String {
    /// The position of `path` in this array of paths in code point order (`TokenPath`'s), or
    /// where it would go.
    private func sortedPosition(of path: String) -> Int {
        firstPosition { $0.precedesInCodePoints(path) }
    }

    /// Removes `path` from this array of paths in code point order, if it is there.
    fileprivate mutating func removeSorted(_ path: String) {
        let position = sortedPosition(of: path)
        if position < count, self[position].sameCodePoints(as: path) { remove(at: position) }
    }

    /// Inserts `path` into this array of paths in code point order, unless it is there.
    fileprivate mutating func insertSorted(_ path: String) {
        let position = sortedPosition(of: path)
        if position < count, self[position].sameCodePoints(as: path) { return }
        insert(path, at: position)
    }
}
