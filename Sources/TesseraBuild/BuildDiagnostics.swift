import Tessera

// What reading `tessera.yml` and writing its outputs report: only the build layer reads the
// configuration and writes files.

extension DiagnosticID {
    // MARK: Configuration (`tessera.yml`)
    package static let configSyntax: DiagnosticID = "config.syntax"
    package static let configUnknownKey: DiagnosticID = "config.unknown-key"
    package static let configInvalidValue: DiagnosticID = "config.invalid-value"
    package static let configMissing: DiagnosticID = "config.missing"

    // MARK: Writing outputs
    package static let outputNotWritten: DiagnosticID = "output.not-written"
    package static let templateInvalid: DiagnosticID = "output.template-invalid"
    package static let fontsInvalid: DiagnosticID = "output.fonts-invalid"

    /// The ids whose severity `diagnostics:` in `tessera.yml` and `--diagnostic` may set: the
    /// engine's and importers', and those of generating and writing outputs.
    package static let configurable: Set<DiagnosticID> = engineIDs.union([
        .outputNotWritten, .templateInvalid, .fontsInvalid, .appearanceUnmapped, .swiftNameCollision, .outputSkipped,
    ])
}

extension DiagnosticMessage {
    package static func configSyntax(_ problem: String) -> Self {
        Self(.configSyntax, .error, "the configuration is not valid YAML: \(problem)")
    }

    package static func configUnknownKey(_ key: String, in place: String, known: [String]) -> Self {
        Self(.configUnknownKey, .error, "'\(key)' is not a setting of \(place) (settings: \(known.joined(separator: ", ")))")
    }

    package static func configUnknownDiagnostic(_ id: String) -> Self {
        Self(.configUnknownKey, .error, "'\(id)' is not the id of a diagnostic Tessera reports")
    }

    package static func configInvalidValue(_ key: String, expected: String, found: String) -> Self {
        Self(.configInvalidValue, .error, "'\(key)' must be \(expected), found \(found)")
    }

    package static func configMissing(_ key: String, in place: String) -> Self {
        Self(.configMissing, .error, "\(place) needs '\(key)'")
    }

    package static func outputNotWritten(_ path: String, reason: String) -> Self {
        Self(.outputNotWritten, .error, "'\(path)' could not be written: \(reason); the previous outputs are left as they were")
    }

    package static func templateInvalid(_ path: String, problem: String) -> Self {
        Self(.templateInvalid, .error, "template '\(path)' cannot be read: \(problem)")
    }

    package static func fontsInvalid(_ path: String, problem: String) -> Self {
        Self(.fontsInvalid, .error, "font map '\(path)' cannot be read: \(problem)")
    }
}
