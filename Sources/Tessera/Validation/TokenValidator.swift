/// A check run on every resolution — token files, every permutation of a resolver, later
/// overrides — returning diagnostics. The same list runs on every path, so a check can never
/// hold on one path and not another.
///
/// A validator must report only about the tokens `input` asks for (`input.tokens`), so that a
/// permutation resolved from the base one can run it on the tokens it re-resolved.
///
/// Its diagnostics are `DiagnosticMessage`s of the catalogue, each with its stable id; one a
/// team configures reports at the `Severity` its `RuleSetting` chose (the tier check:
/// `--tiers`, a resolver's tier settings), as a lint rule does.
///
/// Validators and lint rules (`LintRule`, in `TesseraQuality`) are two protocols on purpose. A
/// validator runs inside resolution, on one permutation while it is made — the runtime's
/// `Theme(resolving:)` and every override included — and answers for any subset of its tokens,
/// so a redefinition re-validates only what it re-resolved. A lint rule runs on demand over the
/// finished system, every permutation at once and the app's sources, and most of its findings
/// are about the whole (a value duplicated elsewhere, a token that never changes along a
/// modifier, a pair that fails in 2 of 8 permutations): it cannot answer for a subset, and
/// inside resolution it would make every resolution pay for it once per permutation.
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
