/// A JSON value with the byte offset where it starts in its file.
///
/// Objects keep their members in source order, so outputs can keep the author's order and
/// diagnostics can point at keys.
public struct JSONValue: Sendable {
    package enum Storage: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    package var storage: Storage
    /// Byte offset of the first character of the value in its file.
    package var offset: Int

    package init(_ storage: Storage, offset: Int = 0) {
        self.storage = storage
        self.offset = offset
    }

    package var string: String? {
        if case .string(let value) = storage { return value }
        return nil
    }

    package var number: Double? {
        if case .number(let value) = storage { return value }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let value) = storage { return value }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let value) = storage { return value }
        return nil
    }

    package var members: [JSONMember]? {
        if case .object(let value) = storage { return value }
        return nil
    }

    /// The value in a new text of its file in which the bytes from `start` on moved `delta`
    /// bytes further: its offset, and those of every value and key it holds, moved where they
    /// are past `start`.
    package func moved(from start: Int, by delta: Int) -> JSONValue {
        func move(_ offset: Int) -> Int { offset >= start ? offset + delta : offset }
        switch storage {
        case .null, .bool, .number, .string:
            return JSONValue(storage, offset: move(offset))
        case .array(let items):
            return JSONValue(.array(items.map { $0.moved(from: start, by: delta) }), offset: move(offset))
        case .object(let members):
            let moved = members.map {
                JSONMember(key: $0.key, keyOffset: move($0.keyOffset), value: $0.value.moved(from: start, by: delta))
            }
            return JSONValue(.object(moved), offset: move(offset))
        }
    }

    /// Whether the value holds no other value (nor their offsets).
    package var isScalar: Bool {
        switch storage {
        case .array, .object: false
        case .null, .bool, .number, .string: true
        }
    }

    package var isObject: Bool {
        if case .object = storage { return true }
        return false
    }

    /// The member named `key` of an object; `nil` for other kinds.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = storage else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The member named `key` with its key offset.
    package func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = storage else { return nil }
        for member in members where member.key == key { return member }
        return nil
    }

    /// The value a JSON pointer's segments (already unescaped) lead to from here.
    package func descendant(at segments: [String]) -> JSONValue? {
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
    package var kindDescription: String {
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
    package func merging(_ other: JSONValue) -> JSONValue {
        guard case .object(var members) = storage, case .object(let others) = other.storage else { return other }
        // Keys compared by code point, as everywhere; indexed so that merging is linear.
        var index = JSONMember.Index(members)
        for member in others {
            if let found = index.first(member.key, in: members) {
                members[found].value = members[found].value.merging(member.value)
            } else {
                members.append(member)
                index.appendedLast(of: members)
            }
        }
        return JSONValue(.object(members), offset: offset)
    }

    /// Whether two values have the same content, ignoring where they are.
    package func sameContent(as other: JSONValue) -> Bool {
        switch (storage, other.storage) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameContent(as: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            let index = JSONMember.Index(b)
            for member in a {
                guard let match = index.first(member.key, in: b), b[match].value.sameContent(as: member.value)
                else { return false }
            }
            return true
        default: return false
        }
    }
}

/// Finds members of one document's objects by key, building a table the first time an object
/// with more than a few members is searched: for readers that follow many references into the
/// same large object (a resolver's `sets`, a `$defs`, one file under many pointers), so that
/// each lookup costs the key, not the object. Keys match as `JSONValue`'s subscript matches
/// them, the first member of a name winning. A value: each holder fills its own tables.
struct JSONMemberLookup: Sendable {
    /// Member positions by key, per object, objects known by their offset in the document.
    private var tables: [Int: [String: Int]] = [:]

    mutating func member(_ key: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value.storage else { return nil }
        guard members.count > 8 else { return value[key] }
        if let table = tables[value.offset] { return table[key].map { members[$0].value } }
        var table = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() where table[member.key] == nil { table[member.key] = position }
        tables[value.offset] = table
        return table[key].map { members[$0].value }
    }

    /// The value a JSON pointer's segments (already unescaped) lead to from `root`, as
    /// `JSONValue.descendant(at:)` finds it.
    mutating func descendant(at segments: [String], of root: JSONValue) -> JSONValue? {
        var node = root
        for segment in segments {
            if node.isObject {
                guard let next = member(segment, of: node) else { return nil }
                node = next
            } else {
                guard let next = node.descendant(at: [segment]) else { return nil }
                node = next
            }
        }
        return node
    }
}

/// One `"key": value` pair of an object.
package struct JSONMember: Sendable {
    /// Finds members by key, compared by code point: a scan for a few members, a table for more,
    /// so that comparing or merging two large objects stays linear. The members are the
    /// caller's; the index holds only the table.
    struct Index {
        private var table: [[UInt8]: Int]?

        init(_ members: [JSONMember]) {
            if members.count > 8 { table = Self.table(of: members) }
        }

        private static func table(of members: [JSONMember]) -> [[UInt8]: Int] {
            var table = [[UInt8]: Int](minimumCapacity: members.count)
            for (position, member) in members.enumerated() where table[Array(member.key.utf8)] == nil {
                table[Array(member.key.utf8)] = position
            }
            return table
        }

        /// The position of the first member named `key` among `members`.
        func first(_ key: String, in members: [JSONMember]) -> Int? {
            if let table { return table[Array(key.utf8)] }
            return members.firstIndex { $0.key.utf8.elementsEqual(key.utf8) }
        }

        /// Takes in the last of `members`, just appended, whose key was not yet present.
        mutating func appendedLast(of members: [JSONMember]) {
            guard let last = members.last else { return }
            if table != nil {
                table?[Array(last.key.utf8)] = members.count - 1
            } else if members.count > 8 {
                table = Self.table(of: members)
            }
        }
    }

    package var key: String
    package var keyOffset: Int
    package var value: JSONValue

    package init(key: String, keyOffset: Int, value: JSONValue) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}
