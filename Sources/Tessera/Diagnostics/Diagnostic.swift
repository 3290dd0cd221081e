/// How serious a diagnostic is. Errors make `tessera validate` exit 1.
public enum Severity: String, Sendable, Codable, Comparable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A problem found in token files: a stable id, a severity, a message, where it is, related
/// places and suggested edits.
///
/// Printed like a compiler diagnostic:
/// ```text
/// tokens.json:4:15: error: unknown reference '{color.blu}' [reference.unknown]
///     "$value": "{color.blu}"
///               ^
/// tokens.json:4:15: note: did you mean 'color.blue'?
/// ```
public struct Diagnostic: Sendable, Hashable, Codable {
    /// A related place, such as another member of a cycle or the first of two duplicate keys.
    public struct Note: Sendable, Hashable, Codable {
        public var message: String
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    /// A suggested edit: replace the text at `location` with `replacement`.
    public struct FixIt: Sendable, Hashable, Codable {
        public var message: String
        public var replacement: String
        public var location: SourceLocation?

        public init(_ message: String, replacement: String, at location: SourceLocation? = nil) {
            self.message = message
            self.replacement = replacement
            self.location = location
        }
    }

    public var id: DiagnosticID
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    public var notes: [Note]
    public var fixIts: [FixIt]

    public init(
        _ id: DiagnosticID, _ severity: Severity, _ message: String, at location: SourceLocation?,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.fixIts = fixIts
    }
}

/// The diagnostics of one run, collected in order (severities as the engine left them: see
/// `PipelineOptions.finish`).
public struct DiagnosticBag: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init(_ diagnostics: [Diagnostic] = []) { all = diagnostics }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var errorCount: Int { all.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) } }
    public var warningCount: Int { all.reduce(0) { $0 + ($1.severity == .warning ? 1 : 0) } }

    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        for diagnostic in other { append(diagnostic) }
    }

    /// Diagnostics sorted by file, line and column, ties kept in the order found.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { lhs, rhs in
            let a = lhs.element.location
            let b = rhs.element.location
            if a?.file != b?.file { return (a?.file ?? "") < (b?.file ?? "") }
            if a?.line != b?.line { return (a?.line ?? 0) < (b?.line ?? 0) }
            if a?.column != b?.column { return (a?.column ?? 0) < (b?.column ?? 0) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
