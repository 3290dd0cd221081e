/// Keeps a flood of identical warnings readable: after `limit` warnings of one id in one file,
/// the rest are counted and summed up in a single warning at the first one left out. Warnings
/// and notes of an id a team turned off (`silenced`) are not made at all: finishing would leave
/// them out (`PipelineOptions.finish(_:distinctFrom:)`).
struct WarningLimiter: Sendable {
    let limit: Int?
    /// The ids whose warnings and notes are left out, never counted.
    let silenced: Set<DiagnosticID>
    private var counts: [Key: Int] = [:]
    private var firstSuppressed: [Key: SourceLocation] = [:]
    private var order: [Key] = []

    private struct Key: Hashable, Sendable {
        let file: String
        let id: DiagnosticID
    }

    init(limit: Int?, silencing silenced: Set<DiagnosticID> = []) {
        self.limit = limit
        self.silenced = silenced
    }

    /// A limiter with the same limit and silenced ids, that has seen nothing.
    var fresh: WarningLimiter { WarningLimiter(limit: limit, silencing: silenced) }

    /// Whether it held back any warning.
    var heldBack: Bool { !order.isEmpty }

    /// Whether to report this diagnostic; errors always are.
    mutating func admit(_ id: DiagnosticID, _ severity: Severity, file: String, location: () -> SourceLocation) -> Bool {
        if severity != .error, !silenced.isEmpty, silenced.contains(id) { return false }
        guard let limit, severity == .warning else { return true }
        let key = Key(file: file, id: id)
        let count = counts[key, default: 0] + 1
        counts[key] = count
        if count == limit + 1 {
            firstSuppressed[key] = location()
            order.append(key)
        }
        return count <= limit
    }

    /// Takes in the diagnostics another limiter (with the same limit) let through, as if they
    /// had come through this one after everything it has seen; returns those still let through.
    /// Limiting in parts and then absorbing in order gives exactly what one limiter would.
    mutating func absorb(_ other: WarningLimiter, admitted: [Diagnostic]) -> [Diagnostic] {
        // Without a limit every diagnostic is let through, and nothing is counted.
        guard limit != nil else { return admitted }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(admitted.count)
        for diagnostic in admitted {
            guard let location = diagnostic.location else {
                kept.append(diagnostic)
                continue
            }
            if admit(diagnostic.id, diagnostic.severity, file: location.file, location: { location }) {
                kept.append(diagnostic)
            }
        }
        if let limit {
            for key in other.order {
                counts[key, default: 0] += other.counts[key]! - limit
                if firstSuppressed[key] == nil {
                    firstSuppressed[key] = other.firstSuppressed[key]
                    order.append(key)
                }
            }
        }
        return kept
    }

    /// `diagnostics`, gathered from several resolutions each limited by one of `limiters`, as
    /// one limiter lets them through, with summaries at the end. A summary counts the most
    /// warnings of its kind any one resolution saw, less those listed.
    static func limit(_ diagnostics: [Diagnostic], to limit: Int?, seenBy limiters: [WarningLimiter] = []) -> [Diagnostic] {
        guard let limit else { return diagnostics }
        var limiter = WarningLimiter(limit: limit)
        let kept = diagnostics.filter { diagnostic in
            guard let location = diagnostic.location else { return true }
            return limiter.admit(diagnostic.id, diagnostic.severity, file: location.file, location: { location })
        }
        var order = limiter.order
        var totals = limiter.counts
        var firstSuppressed = limiter.firstSuppressed
        for other in limiters {
            for (key, count) in other.counts where count > totals[key, default: 0] { totals[key] = count }
            for key in other.order where firstSuppressed[key] == nil {
                firstSuppressed[key] = other.firstSuppressed[key]
                order.append(key)
            }
        }
        let summaries = order.compactMap { key -> Diagnostic? in
            let more = totals[key]! - min(limit, limiter.counts[key, default: 0])
            guard more > 0 else { return nil }
            return summary(key, more: more, at: firstSuppressed[key])
        }
        return kept + summaries
    }

    /// `diagnostics` with at most `limit` warnings of one id in one file: the first in the
    /// file (by line, then column, then message), wherever they are in the list, and the rest
    /// summed up in one warning at the first of them left out, at the end. Which warnings are
    /// listed depends only on which were found, not on the order they were found in.
    ///
    /// - Complexity: O(n) for n diagnostics, plus O(k log k) for the k warnings of each kind
    ///   past the limit.
    static func listingFirstInFileOrder(_ diagnostics: [Diagnostic], limit: Int?) -> [Diagnostic] {
        guard let limit else { return diagnostics }
        // Warnings of one kind in one file come in runs: a run's key is compared with the last
        // one (the same strings, at a glance), and hashed only when it changes.
        var groups: [[Int]] = []
        var keys: [Key] = []
        var numbers: [Key: Int] = [:]
        var last: (file: String, id: DiagnosticID, group: Int)?
        diagnostics.withUnsafeBufferPointer { diagnostics in
            for position in diagnostics.indices where diagnostics[position].severity == .warning {
                guard let file = diagnostics[position].location?.file else { continue }
                let id = diagnostics[position].id
                if let last, last.file == file, last.id == id {
                    groups[last.group].append(position)
                    continue
                }
                let key = Key(file: file, id: id)
                let group: Int
                if let known = numbers[key] {
                    group = known
                } else {
                    group = groups.count
                    numbers[key] = group
                    groups.append([])
                    keys.append(key)
                }
                groups[group].append(position)
                last = (file, id, group)
            }
        }
        let over = groups.indices.filter { groups[$0].count > limit }
            .sorted { (keys[$0].file, keys[$0].id.rawValue) < (keys[$1].file, keys[$1].id.rawValue) }
        guard !over.isEmpty else { return diagnostics }
        var leftOut = [Bool](repeating: false, count: diagnostics.count)
        var summaries: [Diagnostic] = []
        for group in over {
            let ordered = inFileOrder(groups[group], of: diagnostics)
            for position in ordered[limit...] { leftOut[position] = true }
            summaries.append(summary(keys[group], more: ordered.count - limit, at: diagnostics[ordered[limit]].location))
        }
        var listed: [Diagnostic] = []
        listed.reserveCapacity(diagnostics.count)
        for position in diagnostics.indices where !leftOut[position] { listed.append(diagnostics[position]) }
        listed.append(contentsOf: summaries)
        return listed
    }

    /// The positions of `diagnostics` (of one file), by line, then column, then message: as
    /// they are when already in that order, which is how a file's warnings are mostly found.
    private static func inFileOrder(_ positions: [Int], of diagnostics: [Diagnostic]) -> [Int] {
        // Lines and columns read once, not a location copied for every comparison.
        let places = positions.map { position -> (line: Int, column: Int) in
            let location = diagnostics[position].location!
            return (location.line, location.column)
        }
        func before(_ first: Int, _ second: Int) -> Bool {
            if places[first] != places[second] { return places[first] < places[second] }
            return diagnostics[positions[first]].message < diagnostics[positions[second]].message
        }
        let inOrder = places.indices.dropFirst().allSatisfy { !before($0, $0 - 1) }
        return inOrder ? positions : places.indices.sorted(by: before).map { positions[$0] }
    }

    private static func summary(_ key: Key, more: Int, at location: SourceLocation?) -> Diagnostic {
        var summary = Diagnostic(.warningsNotListed(key.id, count: more), at: location)
        summary.count = more
        return summary
    }

    /// One warning per file and id that went over the limit.
    func summaries() -> [Diagnostic] {
        guard let limit else { return [] }
        return order.map { key in Self.summary(key, more: counts[key]! - limit, at: firstSuppressed[key]) }
    }
}
