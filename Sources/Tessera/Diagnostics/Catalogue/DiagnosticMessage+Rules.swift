// The catalogue: the rules a team sets on its tokens (closed and forbidden tokens, tiers) and
// what the engine says about its own output.

extension DiagnosticMessage {
    static func closedTokenRedefined(_ path: String) -> Self {
        Self(.closedToken, .error, "token '\(path)' is closed and cannot be defined again")
    }

    static func forbiddenToken(_ path: String, reason: String?) -> Self {
        Self(.forbiddenToken, .warning, "token '\(path)' is not provided by this theme" + (reason.map { ": \($0)" } ?? ""))
    }

    static func usesForbiddenToken(_ path: String, uses used: String) -> Self {
        Self(.usesForbiddenToken, .error, "token '\(path)' uses '\(used)', which this theme does not provide")
    }

    /// The one kind whose severity is the team's choice: the tier settings' `severity`.
    static func tierDirection(
        _ path: String, tier: String, references other: String, otherTier: String, rule: String, severity: Severity
    ) -> Self {
        Self(.tierDirection, severity, "\(tier) token '\(path)' references \(otherTier) token '\(other)'; \(rule)")
    }

    static func themeTooManyPermutations(_ count: Int, limit: Int) -> Self {
        Self(.themeTooManyPermutations, .error,
            "\(count) permutations are more than a compiled theme holds (\(limit)); split the resolver by brand or platform")
    }

    /// Sums up the warnings of one kind left out in one file.
    static func warningsNotListed(_ id: DiagnosticID, count: Int) -> Self {
        Self(id, .warning,
            "\(count) more '\(id)' warning\(count == 1 ? "" : "s") in this file are not listed (the warning limit is reached)")
    }
}
