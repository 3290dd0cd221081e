/// Writes `JSONValue`s as text: compact or indented, keys in source order or sorted.
/// Numbers use their shortest round-trip form.
package struct JSONWriter: Sendable {
    package var pretty: Bool
    package var sortKeys: Bool
    /// `"key" : value` instead of `"key": value` when pretty (how Xcode writes asset catalogs).
    package var spaceBeforeColon: Bool

    package init(pretty: Bool = false, sortKeys: Bool = false, spaceBeforeColon: Bool = false) {
        self.pretty = pretty
        self.sortKeys = sortKeys
        self.spaceBeforeColon = spaceBeforeColon
    }

    /// A string as a JSON string literal, quoted and escaped.
    package static func quoted(_ text: String) -> String { ValueParser.json(text) }

    package func string(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: 0, into: &output)
        return output
    }

    /// Appends `value` as it stands `indent` levels deep (its members one level deeper).
    package func write(_ value: JSONValue, indent: Int, into output: inout String) {
        switch value.storage {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += NumberFormatting.shortest(number)
        case .string(let text): output += ValueParser.json(text)
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(indent + 1, &output)
                write(element, indent: indent + 1, into: &output)
            }
            newline(indent, &output)
            output += "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            let ordered = sortKeys ? members.sorted { $0.key < $1.key } : members
            output += "{"
            for (index, member) in ordered.enumerated() {
                if index > 0 { output += "," }
                newline(indent + 1, &output)
                output += ValueParser.json(member.key)
                output += pretty ? (spaceBeforeColon ? " : " : ": ") : ":"
                write(member.value, indent: indent + 1, into: &output)
            }
            newline(indent, &output)
            output += "}"
        }
    }

    /// A line break and `indent` levels of indentation when pretty; nothing otherwise.
    package func newline(_ indent: Int, _ output: inout String) {
        guard pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }
}

extension JSONValue {
    /// Builds an object from key-value pairs, in the order given.
    package static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(pairs.map { JSONMember(key: $0.0, keyOffset: 0, value: $0.1) }))
    }

    package static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }
    package static func number(_ value: Double) -> JSONValue { JSONValue(.number(value)) }
    package static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }
    package static func bool(_ flag: Bool) -> JSONValue { JSONValue(.bool(flag)) }
}
