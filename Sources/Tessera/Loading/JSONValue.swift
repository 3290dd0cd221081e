/// A JSON value with the byte offset where it starts in its file.
///
/// Objects keep their members in source order, so outputs can keep the author's order and
/// diagnostics can point at keys.
public struct JSONValue: Sendable {
    public enum Storage: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var storage: Storage
    /// Byte offset of the first character of the value in its file.
    public var offset: Int

    public init(_ storage: Storage, offset: Int = 0) {
        self.storage = storage
        self.offset = offset
    }

    public var string: String? {
        if case .string(let value) = storage { return value }
        return nil
    }

    public var number: Double? {
        if case .number(let value) = storage { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = storage { return value }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let value) = storage { return value }
        return nil
    }

    public var members: [JSONMember]? {
        if case .object(let value) = storage { return value }
        return nil
    }

    public var isObject: Bool {
        if case .object = storage { return true }
        return false
    }

    /// The member named `key` of an object; `nil` for other kinds.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = storage else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The member named `key` with its key offset.
    public func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = storage else { return nil }
        for member in members where member.key == key { return member }
        return nil
    }

    /// The value a JSON pointer's segments (already unescaped) lead to from here.
    public func descendant(at segments: [String]) -> JSONValue? {
        var node = self
        for segment in segments {
            switch node.storage {
            case .object:
                guard let next = node[segment] else { return nil }
                node = next
            case .array(let elements):
                guard let index = Int(segment), String(index) == segment, elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node
    }

    /// A short description of the kind, for messages: "a string", "an object" …
    public var kindDescription: String {
        switch storage {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `other` merged into this value: when both are objects, member by member (objects
    /// within them recursively, later members winning); otherwise `other`.
    public func merging(_ other: JSONValue) -> JSONValue {
        guard case .object(var members) = storage, case .object(let others) = other.storage else { return other }
        for member in others {
            if let index = members.firstIndex(where: { $0.key.utf8.elementsEqual(member.key.utf8) }) {
                members[index].value = members[index].value.merging(member.value)
            } else {
                members.append(member)
            }
        }
        return JSONValue(.object(members), offset: offset)
    }

    /// Whether two values have the same content, ignoring where they are.
    public func sameContent(as other: JSONValue) -> Bool {
        switch (storage, other.storage) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameContent(as: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for member in a {
                guard let match = b.first(where: { $0.key == member.key }),
                    match.value.sameContent(as: member.value)
                else { return false }
            }
            return true
        default: return false
        }
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable {
    public var key: String
    public var keyOffset: Int
    public var value: JSONValue

    public init(key: String, keyOffset: Int, value: JSONValue) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}
