/// A small JSON value with ordered object members, for writing generated documents as text.
///
/// It is deliberately independent of the engine's own JSON types: the differential check
/// builds its expected documents without any of the code under test.
indirect enum JSONText: Equatable, Sendable {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case number(Double)
    case bool(Bool)

    static func == (lhs: JSONText, rhs: JSONText) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        default: false
        }
    }

    subscript(key: String) -> JSONText? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0.utf8.elementsEqual(key.utf8) }?.1
    }

    /// Sets or replaces a member, keeping its place when it exists.
    mutating func set(_ key: String, _ value: JSONText) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.0.utf8.elementsEqual(key.utf8) }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        self = .object(members)
    }

    var text: String {
        var out = ""
        write(to: &out, indent: 0)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (number, (key, value)) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1) + Self.quoted(key) + ": "
                value.write(to: &out, indent: indent + 1)
                out += number + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let items):
            out += "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .string(let string):
            out += Self.quoted(string)
        case .number(let number):
            out += number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let bool):
            out += bool ? "true" : "false"
        }
    }

    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
