import Tessera
import TesseraGenerate
import Yams

/// One output entry's settings as `tessera.yml` writes them, for its type's `init(_:)` to read.
/// Unknown settings and `path` are already dealt with; each value asked for that is not of
/// the type asked for is an error at its line and column (and reads as nil), as is a
/// requirement `missing`. Errors come out in the order the settings are written.
public struct OutputSettings {
    /// The entry's kind, and where the entry is.
    public let kind: OutputKind
    public let location: SourceLocation
    /// The settings written, with their values.
    let members: [(key: String, keyNode: Node, value: Node)]
    var reader: BuildConfiguration.Reader
    /// What was found, each with its place in the order: the index of the setting it is about,
    /// or after them all for what is missing.
    private var reported: [(order: Int, diagnostic: Diagnostic)] = []

    init(kind: OutputKind, location: SourceLocation, members: [(key: String, keyNode: Node, value: Node)], file: String) {
        self.kind = kind
        self.location = location
        self.members = members
        reader = BuildConfiguration.Reader(file: file)
    }

    /// The settings written, in order.
    public var keys: [String] { members.map(\.key) }

    public func contains(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The value written for a setting.
    public func value(_ key: String) -> OutputValue? {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        return OutputValue(node: members[index].value, order: index)
    }

    /// A string; nil when the setting is not written or is not a string.
    public mutating func string(_ key: String) -> String? {
        read(key) { reader, node in reader.string(node, key: key) }
    }

    /// A list of strings, or one string.
    public mutating func strings(_ key: String) -> [String]? {
        read(key) { reader, node in reader.strings(node, key: key) }
    }

    public mutating func bool(_ key: String) -> Bool? {
        read(key) { reader, node in reader.bool(node, key: key) }
    }

    /// One of a choice's names (an error lists them, with the closest suggested).
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        read(key) { reader, node in reader.choice(node, key: key, type) }
    }

    /// A Swift type name (`Tokens`).
    public mutating func typeName(_ key: String) -> String? {
        read(key) { reader, node in reader.typeName(node, key: key) }
    }

    /// A mapping's entries, in order; nil (and an error saying what was `expected`) when the
    /// value is not a mapping.
    public mutating func entries(_ key: String, expected: String) -> [(name: OutputValue, value: OutputValue)]? {
        guard let written = value(key) else { return nil }
        guard case .mapping(let mapping) = written.node else {
            invalid(key, expected: expected, found: written)
            return nil
        }
        return mapping.map { (OutputValue(node: $0.key, order: written.order), OutputValue(node: $0.value, order: written.order)) }
    }

    /// A value inside a setting, as a string.
    public mutating func string(_ value: OutputValue, key: String) -> String? {
        report(value.order) { $0.string(value.node, key: key) }
    }

    /// A value inside a setting, as a Swift type name.
    public mutating func typeName(_ value: OutputValue, key: String) -> String? {
        report(value.order) { $0.typeName(value.node, key: key) }
    }

    /// `'key' must be <expected>, found <value>`, at the value.
    public mutating func invalid(_ key: String, expected: String, found value: OutputValue) {
        report(value.order) { $0.report(.configInvalidValue(key, expected: expected, found: value.description), at: value.node) }
    }

    /// `<place> needs '<setting>'`, at the entry; the place is "a '<kind>' output" unless given.
    public mutating func missing(_ setting: String, in place: String? = nil) {
        let message = DiagnosticMessage.configMissing(setting, in: place ?? "a '\(kind)' output")
        reported.append((members.count + 1, Diagnostic(message, at: location)))
    }

    /// Reads the value written for a setting, nil when there is none.
    private mutating func read<T>(_ key: String, _ body: (inout BuildConfiguration.Reader, Node) -> T?) -> T? {
        guard let written = value(key) else { return nil }
        return report(written.order) { body(&$0, written.node) }
    }

    /// Runs a reading step, keeping what it reports in its place in the order.
    @discardableResult
    private mutating func report<T>(_ order: Int, _ body: (inout BuildConfiguration.Reader) -> T) -> T {
        let result = body(&reader)
        reported += reader.diagnostics.map { (order, $0) }
        reader.diagnostics = []
        return result
    }

    /// `path` missing: after what the settings' values have, before what else is missing.
    mutating func missingPath() {
        reported.append((members.count, Diagnostic(.configMissing("path", in: "a '\(kind)' output"), at: location)))
    }

    /// Everything reported, in order.
    var diagnostics: [Diagnostic] {
        reported.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.diagnostic)
    }
}

/// A value in an output's settings, with where it is written.
public struct OutputValue {
    let node: Node
    /// The index of the setting it belongs to.
    let order: Int

    /// The value's text, when it is a plain value (not a list or mapping).
    public var text: String? { node.string }

    /// How an error names it: `'text'`, `a mapping`, `a list`.
    public var description: String { BuildConfiguration.Reader.kind(node) }
}
