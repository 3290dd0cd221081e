import Tessera

extension DiagnosticID {
    // MARK: Outputs
    package static let swiftNameCollision: DiagnosticID = "output.name-collision"
    package static let outputSkipped: DiagnosticID = "output.skipped"
}

extension DiagnosticMessage {
    static func swiftNameCollision(_ path: String, other: String, name: String, renamed: String) -> Self {
        Self(.swiftNameCollision, .warning,
            "'\(path)' and '\(other)' are both named '\(name)' in Swift; '\(path)' is named '\(renamed)'")
    }

    static func swiftNameReserved(_ path: String, name: String, renamed: String) -> Self {
        Self(.swiftNameCollision, .warning,
            "'\(path)' would be named '\(name)' in Swift, a name the generated file declares for itself; it is named '\(renamed)'")
    }

    static func outputSkipped(_ path: String, reason: String) -> Self {
        Self(.outputSkipped, .warning, "\(path) is left out: \(reason)")
    }
}
