/// How serious a diagnostic is. Errors make `tessera validate` exit 1. What a user chooses for
/// a rule is a `RuleSetting`: one of these, or off.
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

    /// A suggested edit that fixes the problem: `edit` replaces a range of the file's bytes.
    /// Advice that cannot be written as an edit is a `Note`.
    public struct FixIt: Sendable, Hashable, Codable {
        public var message: String
        public var edit: SourceEdit
        /// Where the edit starts, for display.
        public var location: SourceLocation

        public init(_ message: String, edit: SourceEdit, location: SourceLocation) {
            self.message = message
            self.edit = edit
            self.location = location
        }

        /// Replaces `range` (UTF-8 byte offsets) of `file` with `replacement`.
        public init(_ message: String, replacing range: Range<Int>, in file: SourceFile, with replacement: String) {
            let clamped = max(0, min(range.lowerBound, file.bytes.count))..<max(0, min(range.upperBound, file.bytes.count))
            let (line, column) = file.lineAndColumn(at: clamped.lowerBound)
            self.init(message, edit: SourceEdit(file: file.path, range: clamped, replacement: replacement),
                location: SourceLocation(file: file.path, line: line, column: column))
        }

        /// Replaces the whole JSON value (or object key) that starts at `anchor`.
        public init(_ message: String, replacingValueAt anchor: SourceAnchor, with replacement: String) {
            self.init(message, replacing: anchor.file.jsonValueRange(at: anchor.offset), in: anchor.file, with: replacement)
        }

        /// Inserts `text` at `anchor`.
        public init(_ message: String, inserting text: String, at anchor: SourceAnchor) {
            self.init(message, replacing: anchor.offset..<anchor.offset, in: anchor.file, with: text)
        }

        /// The replacement text.
        public var replacement: String { edit.replacement }

        /// The fix-it with its range moved by `delta` bytes.
        fileprivate func shifted(by delta: Int) -> FixIt {
            var moved = self
            moved.edit.range = edit.range.moved(by: delta)
            return moved
        }
    }

    public var id: DiagnosticID {
        get { storage.fields.id }
        set { change { $0.id = newValue } }
    }
    public var severity: Severity {
        get { storage.fields.severity }
        set { change { $0.severity = newValue } }
    }
    public var message: String {
        get { storage.fields.message }
        set { change { $0.message = newValue } }
    }
    public var location: SourceLocation? {
        get { storage.fields.location }
        set { change { $0.location = newValue } }
    }
    public var notes: [Note] {
        get { storage.fields.notes }
        set { change { $0.notes = newValue } }
    }
    public var fixIts: [FixIt] {
        get {
            guard fixItShift != 0 else { return storage.fields.fixIts }
            return storage.fields.fixIts.map { $0.shifted(by: fixItShift) }
        }
        set { change { $0.fixIts = newValue } }
    }
    /// How many problems this diagnostic stands for: 1, or for a line that sums up warnings
    /// not listed, how many it sums up. Totals count these.
    public var count: Int {
        get { storage.fields.count }
        set { change { $0.count = newValue } }
    }

    /// The path of the token the diagnostic is about, read without copying the rest of its
    /// location: scans of tens of thousands of diagnostics ask only this.
    var tokenPath: String? { storage.fields.location?.token }

    /// Where the diagnostic's fix-its that edit `file` and do not end before `start` begin:
    /// whether any does, and whether one begins at or before `limit`. Read in place, without
    /// copying a fix-it: the fix-its of tens of thousands of diagnostics are asked this on each
    /// edit, and most end before the edit or edit another file.
    func fixIts(in file: String, from start: Int, beginningBy limit: Int) -> (any: Bool, byLimit: Bool) {
        storage.fields.fixIts.withUnsafeBufferPointer { fixIts in
            var any = false
            for index in fixIts.indices {
                let range = fixIts[index].edit.range.moved(by: fixItShift)
                if range.staysBefore(start) { continue }
                guard fixIts[index].edit.file == file else { continue }
                if range.lowerBound <= limit { return (true, true) }
                any = true
            }
            return (any, false)
        }
    }

    /// Moves the fix-its by `delta` bytes when every one of them edits `file` and does not end
    /// before `start` (so moves with the text after an edit there); false, and nothing moved,
    /// when one does not. Changes a number held beside the storage, not the storage: the
    /// fix-its of tens of thousands of diagnostics move on an edit that moves the text after
    /// it, and a copy of each would retain every field it holds.
    mutating func moveEveryFixIt(in file: String, from start: Int, by delta: Int) -> Bool {
        let every = storage.fields.fixIts.withUnsafeBufferPointer { fixIts in
            fixIts.allSatisfy { !$0.edit.range.moved(by: fixItShift).staysBefore(start) && $0.edit.file == file }
        }
        if every { fixItShift += delta }
        return every
    }

    /// Hashes what tells diagnostics apart at a glance (`hash(into:)`), read in place: a
    /// copy of the message or the location would retain strings that the threads checking
    /// other permutations retain at the same time.
    func hashAtAGlance(into hasher: inout Hasher) {
        hasher.combine(storage.fields.id)
        hasher.combine(storage.fields.severity)
        hasher.combine(storage.fields.message.utf8.count)
        hasher.combine(storage.fields.location?.line ?? -1)
        hasher.combine(storage.fields.location?.column ?? -1)
        hasher.combine(storage.fields.location?.file.utf8.count ?? -1)
        // The end of the file's path: files whose paths differ only in their names (a context
        // file per modifier) hold warnings at the same places.
        _ = storage.fields.location?.file.utf8.withContiguousStorageIfAvailable { path in
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: path.suffix(16))))
        }
    }

    /// The fields of a diagnostic.
    private struct Fields: Sendable {
        var id: DiagnosticID
        var severity: Severity
        var message: String
        var location: SourceLocation?
        var notes: [Note]
        var fixIts: [FixIt]
        var count: Int
    }

    /// The fields, held once and shared by every copy: a check copies, hashes and compares
    /// diagnostics far more often than it changes one (tens of thousands of warnings, gathered
    /// from every permutation, on several threads), and a copy then costs one reference. A
    /// storage never changes: changing a diagnostic gives it a new one.
    private final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage
    /// How many bytes every fix-it's range has moved since the storage was made
    /// (`moveEveryFixIt(in:from:by:)`).
    private var fixItShift = 0

    /// Changes this diagnostic's fields (in a storage of its own, the fix-its where they moved).
    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = storage.fields
        if fixItShift != 0 {
            fields.fixIts = fixIts
            fixItShift = 0
        }
        body(&fields)
        storage = Storage(fields)
    }

    /// Whether the two are copies of one diagnostic, unchanged since (then they are equal).
    func isCopy(of other: Diagnostic) -> Bool { storage === other.storage && fixItShift == other.fixItShift }

    /// Tells copies of one diagnostic, unchanged since, from other diagnostics: the same for
    /// every such copy; another diagnostic may take it once this one's copies are gone.
    struct CopyIdentity: Hashable {
        let storage: ObjectIdentifier
        let fixItShift: Int
    }

    var copyIdentity: CopyIdentity { CopyIdentity(storage: ObjectIdentifier(storage), fixItShift: fixItShift) }

    /// A diagnostic saying `message` (its id, severity and text, from the catalogue) at `location`.
    public init(
        _ message: DiagnosticMessage, at location: SourceLocation?, notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        storage = Storage(Fields(id: message.id, severity: message.severity, message: message.text, location: location,
            notes: notes, fixIts: fixIts, count: 1))
    }

    private enum CodingKeys: String, CodingKey {
        case id, severity, message, location, notes, fixIts, count
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        storage = Storage(Fields(
            id: try container.decode(DiagnosticID.self, forKey: .id),
            severity: try container.decode(Severity.self, forKey: .severity),
            message: try container.decode(String.self, forKey: .message),
            location: try container.decodeIfPresent(SourceLocation.self, forKey: .location),
            notes: try container.decode([Note].self, forKey: .notes),
            fixIts: try container.decode([FixIt].self, forKey: .fixIts),
            count: try container.decodeIfPresent(Int.self, forKey: .count) ?? 1))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(notes, forKey: .notes)
        try container.encode(fixIts, forKey: .fixIts)
        try container.encode(count, forKey: .count)
    }
}

/// The diagnostics of one run, collected in order (severities as the engine left them: see
/// `PipelineOptions.finish`).
package struct DiagnosticBag: Sendable {
    package private(set) var all: [Diagnostic] = []

    package init(_ diagnostics: [Diagnostic] = []) { all = diagnostics }

    package var hasErrors: Bool { all.contains { $0.severity == .error } }
    /// Errors found, counting what each summing-up line stands for (`Diagnostic.count`).
    package var errorCount: Int { all.reduce(0) { $0 + ($1.severity == .error ? $1.count : 0) } }
    /// Warnings found, counting what each summing-up line stands for (`Diagnostic.count`).
    package var warningCount: Int { all.reduce(0) { $0 + ($1.severity == .warning ? $1.count : 0) } }

    package mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    package mutating func append(contentsOf other: [Diagnostic]) {
        for diagnostic in other { append(diagnostic) }
    }

    /// Diagnostics in the order to read them: problems reading files and their JSON first (the
    /// errors that others follow from), then by file, line and column, ties in the order found.
    package var sorted: [Diagnostic] {
        all.enumerated().sorted { lhs, rhs in
            let (first, second) = (lhs.element.id.isAboutFileText, rhs.element.id.isAboutFileText)
            if first != second { return first }
            let a = lhs.element.location
            let b = rhs.element.location
            if a?.file != b?.file { return (a?.file ?? "") < (b?.file ?? "") }
            if a?.line != b?.line { return (a?.line ?? 0) < (b?.line ?? 0) }
            if a?.column != b?.column { return (a?.column ?? 0) < (b?.column ?? 0) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}

extension Diagnostic {
    /// The lists one after the other; a list alone (the others empty) is returned as it is,
    /// not copied.
    static func joined(_ lists: [[Diagnostic]]) -> [Diagnostic] {
        let filled = lists.filter { !$0.isEmpty }
        guard filled.count > 1 else { return filled.first ?? [] }
        var joined: [Diagnostic] = []
        joined.reserveCapacity(filled.reduce(0) { $0 + $1.count })
        for list in filled { joined.append(contentsOf: list) }
        return joined
    }
}

extension Range<Int> {
    /// The range `delta` bytes further on.
    func moved(by delta: Int) -> Range<Int> { lowerBound + delta..<upperBound + delta }

    /// Whether an edit of the text from `start` on leaves this range where it is: it starts
    /// before `start` and ends at it at the latest (an empty range at `start` moves).
    func staysBefore(_ start: Int) -> Bool { lowerBound < start && upperBound <= start }
}
