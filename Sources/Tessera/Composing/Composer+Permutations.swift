/// Every permutation of a resolver, checked against the others.
extension Composer {
    /// What resolving every permutation found.
    public struct PermutationReport: Sendable {
        /// How many permutations were resolved.
        public let permutationCount: Int
        /// The resolver's and the sources' diagnostics, then each distinct problem of the
        /// permutations once (with a note naming the permutations when not all have it), then
        /// the checks across contexts.
        public let diagnostics: [Diagnostic]
        /// For each modifier, the tokens whose type or value changes when only that modifier
        /// leaves its default context.
        public let variesAlong: [String: [String]]
        /// The default permutation (every modifier at its default, or its first context).
        public let base: Permutation?

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// The contexts of the base permutation: each modifier's default, else its first context.
    public var baseContexts: [String: String] {
        var contexts: [String: String] = [:]
        for modifier in resolver?.modifiers ?? [] {
            if let context = modifier.defaultContext ?? modifier.contexts.first?.name { contexts[modifier.name] = context }
        }
        return contexts
    }

    /// Resolves every permutation and checks them against each other: a token defined in some
    /// contexts but not in others, or whose type changes between contexts, is reported with the
    /// contexts named; a problem found in some permutations only says in which.
    ///
    /// - Complexity: one resolution per permutation; only the base permutation is kept while
    ///   the others are compared with it.
    public func checkAllPermutations() -> PermutationReport {
        guard let resolver else {
            return PermutationReport(permutationCount: 0, diagnostics: diagnostics, variesAlong: [:], base: nil)
        }
        let baseContexts = self.baseContexts
        let base = resolve(contexts: baseContexts)
        var found: [Diagnostic: [[String: String]]] = [:]
        var order: [Diagnostic] = []
        var contextDiagnostics: [Diagnostic] = []
        var variesAlong: [String: Set<String>] = [:]
        let permutations = resolver.permutations
        for contexts in permutations {
            let permutation = contexts == baseContexts ? base : resolve(contexts: contexts)
            for diagnostic in permutation.diagnostics {
                if found[diagnostic] == nil { order.append(diagnostic) }
                found[diagnostic, default: []].append(contexts)
            }
            guard contexts != baseContexts else { continue }
            let changed = compare(permutation, with: base, label: permutation.label(resolver), baseLabel: base.label(resolver),
                into: &contextDiagnostics)
            let moved = resolver.modifiers.filter { contexts[$0.name] != baseContexts[$0.name] }
            if moved.count == 1 { variesAlong[moved[0].name, default: []].formUnion(changed) }
        }
        var merged = diagnostics
        for diagnostic in order {
            let chosen = found[diagnostic]!
            guard chosen.count < permutations.count else {
                merged.append(diagnostic)
                continue
            }
            var noted = diagnostic
            noted.notes.append(Diagnostic.Note("only when " + describe(chosen, in: resolver)
                + " (\(chosen.count) of \(permutations.count) permutations)"))
            merged.append(noted)
        }
        return PermutationReport(permutationCount: permutations.count, diagnostics: merged + contextDiagnostics,
            variesAlong: variesAlong.mapValues { $0.sorted() }, base: base)
    }

    /// Some permutations in words: `theme=dark` when they are all those with the dark theme,
    /// else the first few listed.
    private func describe(_ chosen: [[String: String]], in resolver: ResolverDocument) -> String {
        let modifiers = resolver.modifiers.filter { !$0.contexts.isEmpty }
        var fixed: [String] = []
        var free = 1
        for modifier in modifiers {
            let values = Set(chosen.compactMap { $0[modifier.name] })
            if values.count == 1 { fixed.append("\(modifier.name)=\(values.first!)") } else { free *= modifier.contexts.count }
        }
        if !fixed.isEmpty, chosen.count == free { return fixed.joined(separator: ", ") }
        let labels = chosen.map { contexts in
            modifiers.compactMap { modifier in contexts[modifier.name].map { "\(modifier.name)=\($0)" } }.joined(separator: ", ")
        }
        return labels.prefix(4).joined(separator: "; ") + (labels.count > 4 ? " and \(labels.count - 4) more" : "")
    }

    /// Compares a permutation with the base one: reports tokens defined in only one of them and
    /// types that differ, and returns the paths whose type or value differ.
    private func compare(
        _ permutation: Permutation, with base: Permutation, label: String, baseLabel: String, into diagnostics: inout [Diagnostic]
    ) -> [String] {
        var changed: [String] = []
        for token in permutation.document.tokens {
            guard let baseIndex = base.document.index(of: token.path) else {
                diagnostics.append(Diagnostic(.contextTokenMissing, .warning,
                    "token '\(token.path)' is defined when \(label) but not when \(baseLabel)",
                    at: token.anchor.location(pointer: token.pointer, token: token.path)))
                changed.append(token.path)
                continue
            }
            let here = permutation.resolved.value(token.path)
            let there = base.resolved.value(at: baseIndex)
            let type = permutation.resolved.type(token.path)
            let baseType = base.resolved.type(at: baseIndex)
            if let type, let baseType, type != baseType {
                diagnostics.append(Diagnostic(.contextTypeChange, .error,
                    "token '\(token.path)' is a \(type.rawValue) when \(label) but a \(baseType.rawValue) when \(baseLabel)",
                    at: token.anchor.location(pointer: token.pointer, token: token.path),
                    notes: [Diagnostic.Note("the \(baseType.rawValue) is defined here",
                        at: base.document.tokens[baseIndex].anchor.location(pointer: token.pointer, token: token.path))]))
            }
            if here != there || type != baseType { changed.append(token.path) }
        }
        for token in base.document.tokens where permutation.document.index(of: token.path) == nil {
            diagnostics.append(Diagnostic(.contextTokenMissing, .warning,
                "token '\(token.path)' is defined when \(baseLabel) but not when \(label)",
                at: token.anchor.location(pointer: token.pointer, token: token.path)))
            changed.append(token.path)
        }
        return changed
    }
}
