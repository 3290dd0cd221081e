import Tessera

extension DiagnosticID {
    // MARK: Configuration (`tessera.yml`)
    package static let configSyntax: DiagnosticID = "config.syntax"
    package static let configUnknownKey: DiagnosticID = "config.unknown-key"
    package static let configInvalidValue: DiagnosticID = "config.invalid-value"
    package static let configMissing: DiagnosticID = "config.missing"

    // MARK: Outputs
    package static let swiftNameCollision: DiagnosticID = "output.name-collision"
    package static let outputNotWritten: DiagnosticID = "output.not-written"
    package static let outputSkipped: DiagnosticID = "output.skipped"
    package static let templateInvalid: DiagnosticID = "output.template-invalid"
    package static let fontsInvalid: DiagnosticID = "output.fonts-invalid"
}

extension DiagnosticMessage {
    package static func configSyntax(_ problem: String) -> Self {
        Self(.configSyntax, .error, "the configuration is not valid YAML: \(problem)")
    }

    package static func configUnknownKey(_ key: String, in place: String, known: [String]) -> Self {
        Self(.configUnknownKey, .error, "'\(key)' is not a setting of \(place) (settings: \(known.joined(separator: ", ")))")
    }

    package static func configInvalidValue(_ key: String, expected: String, found: String) -> Self {
        Self(.configInvalidValue, .error, "'\(key)' must be \(expected), found \(found)")
    }

    package static func configMissing(_ key: String, in place: String) -> Self {
        Self(.configMissing, .error, "\(place) needs '\(key)'")
    }

    static func swiftNameCollision(_ path: String, other: String, name: String, renamed: String) -> Self {
        Self(.swiftNameCollision, .warning,
            "'\(path)' and '\(other)' are both named '\(name)' in Swift; '\(path)' is named '\(renamed)'")
    }

    package static func outputNotWritten(_ path: String, reason: String) -> Self {
        Self(.outputNotWritten, .error, "'\(path)' could not be written: \(reason); the previous outputs are left as they were")
    }

    static func outputSkipped(_ path: String, reason: String) -> Self {
        Self(.outputSkipped, .warning, "\(path) is left out: \(reason)")
    }

    package static func templateInvalid(_ path: String, problem: String) -> Self {
        Self(.templateInvalid, .error, "template '\(path)' cannot be read: \(problem)")
    }

    package static func fontsInvalid(_ path: String, problem: String) -> Self {
        Self(.fontsInvalid, .error, "font map '\(path)' cannot be read: \(problem)")
    }
}
