/// Making a failing system smaller while it still fails: whole modifiers, contexts, sources,
/// tokens and group properties are removed, and tokens simplified, one at a time, for as long
/// as one of these keeps the failure.
extension RandomSystem {
    package func shrunk(while failing: (RandomSystem) -> Bool) -> RandomSystem {
        var current = self
        var progress = true
        while progress {
            progress = false
            for candidate in current.smaller() where failing(candidate) {
                current = candidate
                progress = true
                break
            }
        }
        return current
    }

    /// Every system one step smaller than this one.
    func smaller() -> [RandomSystem] {
        var result: [RandomSystem] = []
        for index in modifiers.indices {
            var copy = self
            copy.modifiers.remove(at: index)
            result.append(copy)
        }
        for (m, modifier) in modifiers.enumerated() where modifier.contexts.count > 1 {
            for c in modifier.contexts.indices {
                var copy = self
                let removed = copy.modifiers[m].contexts.remove(at: c)
                if copy.modifiers[m].defaultContext == removed.name { copy.modifiers[m].defaultContext = nil }
                result.append(copy)
            }
        }
        // Every source, wherever it is, through one accessor.
        var places: [(get: (RandomSystem) -> [Source], set: (inout RandomSystem, [Source]) -> Void)] = [
            ({ $0.base }, { $0.base = $1 }),
        ]
        for (m, modifier) in modifiers.enumerated() {
            for c in modifier.contexts.indices {
                places.append(({ $0.modifiers[m].contexts[c].sources }, { $0.modifiers[m].contexts[c].sources = $1 }))
            }
        }
        for place in places {
            let sources = place.get(self)
            for s in sources.indices {
                var copy = self
                var fewer = sources
                fewer.remove(at: s)
                place.set(&copy, fewer)
                result.append(copy)
            }
            for s in sources.indices {
                // One token or one group's properties fewer.
                let removals = sources[s].tokens.indices.map { t in { (source: inout Source) in _ = source.tokens.remove(at: t) } }
                    + sources[s].groups.indices.map { g in { (source: inout Source) in _ = source.groups.remove(at: g) } }
                for remove in removals {
                    var copy = self
                    var changed = sources
                    remove(&changed[s])
                    place.set(&copy, changed)
                    result.append(copy)
                }
                for t in sources[s].tokens.indices {
                    let token = sources[s].tokens[t].token
                    let plain = Token(type: token.type, value: token.value)
                    guard plain != token else { continue }
                    var copy = self
                    var changed = sources
                    changed[s].tokens[t].token = plain
                    place.set(&copy, changed)
                    result.append(copy)
                }
            }
        }
        return result
    }
}
