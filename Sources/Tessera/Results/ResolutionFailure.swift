/// Thrown when the tokens of a result with errors are asked for: an error can leave a token
/// missing, or with the value of a source that should have been overridden (a theme file with a
/// syntax error leaves the default theme's values), so no value of such a result is handed out
/// as if it were right.
///
/// Tools that show problems next to what did resolve read `partialTokens` instead.
public struct ResolutionFailure: Error, Sendable, CustomStringConvertible {
    /// The errors, in the order found.
    public let errors: [Diagnostic]

    public init(errors: [Diagnostic]) { self.errors = errors }

    public var description: String {
        let count = errors.count
        let first = errors.first.map { ": \($0.message) [\($0.id)]" } ?? ""
        return "\(count) error\(count == 1 ? "" : "s")\(first)"
    }

    /// The failure for `diagnostics`, or nil when none of them is an error.
    static func checking(_ diagnostics: [Diagnostic]) -> ResolutionFailure? {
        let errors = diagnostics.filter { $0.severity == .error }
        return errors.isEmpty ? nil : ResolutionFailure(errors: errors)
    }
}
