/// Keeps a flood of identical warnings readable: after `limit` warnings of one id in one file,
/// the rest are counted and summed up in a single warning at the first one left out.
struct WarningLimiter: Sendable {
    let limit: Int?
    private var counts: [Key: Int] = [:]
    private var firstSuppressed: [Key: SourceLocation] = [:]
    private var order: [Key] = []

    private struct Key: Hashable, Sendable {
        let file: String
        let id: DiagnosticID
    }

    init(limit: Int?) { self.limit = limit }

    /// Whether to report this diagnostic; errors always are.
    mutating func admit(_ id: DiagnosticID, _ severity: Severity, file: String, location: () -> SourceLocation) -> Bool {
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

    /// `diagnostics` as a limiter with `limit` lets them through, with its summaries at the end.
    static func limit(_ diagnostics: [Diagnostic], to limit: Int?) -> [Diagnostic] {
        guard limit != nil else { return diagnostics }
        var limiter = WarningLimiter(limit: limit)
        let kept = diagnostics.filter { diagnostic in
            guard let location = diagnostic.location else { return true }
            return limiter.admit(diagnostic.id, diagnostic.severity, file: location.file, location: { location })
        }
        return kept + limiter.summaries()
    }

    /// One warning per file and id that went over the limit.
    func summaries() -> [Diagnostic] {
        guard let limit else { return [] }
        return order.map { key in
            let more = counts[key]! - limit
            return Diagnostic(key.id, .warning,
                "\(more) more '\(key.id)' warning\(more == 1 ? "" : "s") in this file are not listed; use --all-warnings to list every one",
                at: firstSuppressed[key])
        }
    }
}
