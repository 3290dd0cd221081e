/// What a diagnostic says: its id, its severity and its text, bound together.
///
/// Every kind of problem Tessera reports is one static function of the catalogue
/// (`DiagnosticMessage+*.swift`), so an id always comes with the same severity and the same
/// wording wherever it is found:
///
/// ```swift
/// Diagnostic(.unknownReference("color.blu"), at: location)
/// ```
///
/// Importers and validators outside Tessera add their own kinds the same way, in an
/// extension with their own ids.
public struct DiagnosticMessage: Sendable {
    public let id: DiagnosticID
    /// The severity the engine starts from. `strict` turns legacy-form warnings into errors,
    /// and a tier setting chooses the severity of `tier.direction`.
    public let severity: Severity
    private let render: @Sendable () -> String

    /// The wording. It is written only when a diagnostic is made: a flood of warnings past
    /// the warning limit is counted without writing each one.
    public var text: String { render() }

    public init(_ id: DiagnosticID, _ severity: Severity, _ text: @autoclosure @escaping @Sendable () -> String) {
        self.id = id
        self.severity = severity
        self.render = text
    }
}

/// An edit of a file's bytes: replace `range` (UTF-8 byte offsets) with `replacement`.
public struct SourceEdit: Sendable, Hashable, Codable {
    public var file: String
    public var range: Range<Int>
    public var replacement: String

    public init(file: String, range: Range<Int>, replacement: String) {
        self.file = file
        self.range = range
        self.replacement = replacement
    }

    /// Two edits that touch the same bytes, or that start at one place where one of them
    /// replaces bytes, cannot both apply. Insertions at one place apply in the order given.
    public struct Overlap: Error, Sendable, Hashable {
        public let first: SourceEdit
        public let second: SourceEdit
    }

    /// `bytes` with `edits` applied, all ranges read in the original bytes. Edits of other
    /// files are ignored; overlapping edits are refused.
    public static func apply(_ edits: [SourceEdit], toFile path: String, bytes: [UInt8]) throws(Overlap) -> [UInt8] {
        let mine = edits.filter { $0.file == path && $0.range.upperBound <= bytes.count && $0.range.lowerBound >= 0 }
            .sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        // Insertions at one offset go in in the order given (the sort is stable).
        for (first, second) in zip(mine, mine.dropFirst())
        where second.range.lowerBound < first.range.upperBound
            || (second.range.lowerBound == first.range.lowerBound && !(first.range.isEmpty && second.range.isEmpty))
        {
            throw Overlap(first: first, second: second)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for edit in mine {
            result.append(contentsOf: bytes[position..<edit.range.lowerBound])
            result.append(contentsOf: edit.replacement.utf8)
            position = edit.range.upperBound
        }
        result.append(contentsOf: bytes[position...])
        return result
    }
}
