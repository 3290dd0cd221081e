/// A check run on every resolution — token files, every permutation of a resolver, later
/// overrides — returning diagnostics. The same list runs on every path, so a check can never
/// hold on one path and not another.
///
/// A validator must report only about the tokens `input` asks for (`input.tokens`), so that a
/// permutation resolved from the base one can run it on the tokens it re-resolved.
public protocol TokenValidator: Sendable {
    func validate(_ input: ValidationInput) -> [Diagnostic]
}

/// What a validator reads: a resolution, and which of its tokens to check.
public struct ValidationInput: Sendable {
    let state: Resolution
    /// Token indices to check; nil: all.
    let only: [Int]?

    /// The resolved tokens.
    package var resolved: ResolvedTokens { state.resolved }

    /// The paths of the tokens to check, in definition order.
    package var tokens: [String] {
        (only ?? Array(state.document.tokens.indices)).map { state.document.tokens[$0].path }
    }

    /// The tokens a token references, whole or inside its value, in the order written.
    package func references(of path: String) -> [String] {
        guard let index = state.document.index(of: path) else { return [] }
        return (Int(state.edgeStart[index])..<Int(state.edgeStart[index + 1])).map {
            state.document.tokens[Int(state.edges[$0])].path
        }
    }
}

/// References against the tiers (see `TierRules`).
struct TierValidator: TokenValidator {
    let rules: TierRules
    let setNames: [String: [String]]

    func validate(_ input: ValidationInput) -> [Diagnostic] {
        rules.check(input.state, setNames: setNames, only: input.only)
    }
}

/// Forbidden tokens and the tokens that use them (see `ForbiddenTokens`).
struct ForbiddenValidator: TokenValidator {
    func validate(_ input: ValidationInput) -> [Diagnostic] {
        ForbiddenTokens.forbidden(in: input.state, only: input.only)
    }
}
