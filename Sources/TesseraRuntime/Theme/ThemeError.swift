import TesseraModel

/// Why a string lookup found no value.
public enum ThemeLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No token has this path; the closest path, when one is close.
    case noToken(String, suggestion: String?)
    /// The token has another type than the one asked for.
    case wrongType(String, expected: [TokenType], found: TokenType)

    public var description: String {
        switch self {
        case .noToken(let path, let suggestion):
            "no token '\(path)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .wrongType(let path, let expected, let found):
            "'\(path)' is a \(found.rawValue) token, not \(expected.map { "a \($0.rawValue)" }.joined(separator: " or "))"
        }
    }
}

/// Why a theme could not be chosen, overridden, compiled or loaded. The theme in use is never
/// changed by a failure.
public enum ThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownModifier(String, known: [String])
    case unknownContext(String, modifier: String, known: [String])
    /// Overrides that cannot apply, every one found; none of the set was applied.
    case overridesRefused([OverrideProblem])
    /// A compiled theme file that cannot be used, and why.
    case invalidFile(String)
    /// A compiled theme file larger than the limit it was read with.
    case fileTooLarge(size: Int, limit: Int)
    /// A compiled theme file with no signature, a signature by another key, or contents that
    /// changed after signing.
    case signatureRefused(String)

    /// One override that cannot apply.
    public enum OverrideProblem: Sendable, Hashable, CustomStringConvertible {
        case noToken(String, suggestion: String?)
        case wrongType(String, expected: TokenType, found: TokenType)
        case closed(String, reason: String)
        case invalidValue(String, reason: String)
        case unknownContexts(String, [String: String])

        public var description: String {
            switch self {
            case .noToken(let path, let suggestion):
                "no token '\(path)' to override" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            case .wrongType(let path, let expected, let found):
                "'\(path)' is a \(expected.rawValue) token; an override of it cannot be a \(found.rawValue)"
            case .closed(let path, let reason):
                "'\(path)' is closed: \(reason)"
            case .invalidValue(let path, let reason):
                "the override of '\(path)' cannot stand: \(reason)"
            case .unknownContexts(let path, let contexts):
                "the override of '\(path)' names contexts the theme does not have: "
                    + contexts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
            }
        }
    }

    public var description: String {
        switch self {
        case .unknownModifier(let name, let known):
            "no modifier '\(name)'; the theme has " + (known.isEmpty ? "none" : known.map { "'\($0)'" }.joined(separator: ", "))
        case .unknownContext(let context, let modifier, let known):
            "modifier '\(modifier)' has no context '\(context)'; it has " + known.map { "'\($0)'" }.joined(separator: ", ")
        case .overridesRefused(let problems):
            "no override applied: " + problems.map(\.description).joined(separator: "; ")
        case .invalidFile(let reason):
            "not a usable compiled theme: \(reason)"
        case .fileTooLarge(let size, let limit):
            "the compiled theme is \(size) bytes, more than the limit of \(limit)"
        case .signatureRefused(let reason):
            "the compiled theme's signature is refused: \(reason)"
        }
    }
}
