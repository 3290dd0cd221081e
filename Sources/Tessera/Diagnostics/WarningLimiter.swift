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
        var positions: [Key: [Int]] = [:]
        for position in diagnostics.indices where diagnostics[position].severity == .warning {
            guard let file = diagnostics[position].location?.file else { continue }
            positions[Key(file: file, id: diagnostics[position].id), default: []].append(position)
        }
        var leftOut = [Bool](repeating: false, count: diagnostics.count)
        var summaries: [Diagnostic] = []
        let over = positions.filter { $0.value.count > limit }
            .sorted { ($0.key.file, $0.key.id.rawValue) < ($1.key.file, $1.key.id.rawValue) }
        guard !over.isEmpty else { return diagnostics }
        for (key, found) in over {
            let ordered = found.sorted { first, second in
                let one = diagnostics[first].location!
                let other = diagnostics[second].location!
                if one.line != other.line { return one.line < other.line }
                if one.column != other.column { return one.column < other.column }
                return diagnostics[first].message < diagnostics[second].message
            }
            for position in ordered[limit...] { leftOut[position] = true }
            summaries.append(summary(key, more: found.count - limit, at: diagnostics[ordered[limit]].location))
        }
        var listed: [Diagnostic] = []
        listed.reserveCapacity(diagnostics.count)
        for position in diagnostics.indices where !leftOut[position] { listed.append(diagnostics[position]) }
        listed.append(contentsOf: summaries)
        return listed
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
