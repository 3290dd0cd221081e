/// Reads token files straight from their bytes into a `TokenDocument`, checking the JSON
/// (RFC 8259) and the structure rules of the format module at once: names, `$value` beside
/// children, the `$` properties and their kinds.
///
/// Only the values of `$` properties are built as `JSONValue`s; groups and token objects are
/// walked without building a tree, so memory grows with the tokens, not with the JSON.
///
/// - Complexity: O(n) in the size of the file.
public struct DocumentParser {
    var document: TokenDocument
    var diagnostics: [Diagnostic] = []
    private var json: State
    private let file: SourceFile
    /// Keys of the objects being parsed, innermost last, to find duplicate keys without an
    /// allocation per object.
    private var keyStack: [(key: String, offset: Int)] = []
    /// `$` members of the objects being parsed.
    private var propertyStack: [JSONMember] = []
    /// Non-`$` members of the objects being parsed: name, key offset, whether an object.
    private var childStack: [(name: String, offset: Int, isObject: Bool)] = []

    /// Parses one file into `document`; files added later win over earlier ones (a
    /// `merge.conflict` error where two definitions differ). When the file is not well-formed
    /// JSON, nothing of it is kept and its diagnostics say why. Returns whether it was kept.
    @discardableResult
    public static func parse(
        _ file: SourceFile, into document: inout TokenDocument, allowComments: Bool = false,
        diagnostics: inout [Diagnostic]
    ) -> Bool {
        var taken = TokenDocument()
        swap(&taken, &document)
        let (result, ok, found): (TokenDocument, Bool, [Diagnostic]) = file.bytes.withUnsafeBufferPointer { buffer in
            // The parser must hold the only reference to the document, or its first change
            // would copy every token.
            var parser = DocumentParser(
                json: State(bytes: buffer, file: file, allowComments: allowComments), file: file, document: TokenDocument())
            swap(&parser.document, &taken)
            parser.document.beginFile(file)
            let ok = parser.parseRoot()
            if ok { parser.document.commitFile() } else { parser.document.rollBackFile() }
            // Conflicts of a file that is not kept no longer apply.
            let own = ok ? parser.diagnostics : parser.diagnostics.filter { $0.id != .mergeConflict }
            return (parser.document, ok, parser.json.diagnostics + own)
        }
        document = result
        diagnostics.append(contentsOf: found)
        return ok
    }

    private init(json: State, file: SourceFile, document: TokenDocument) {
        self.json = json
        self.file = file
        self.document = document
    }

    private func anchor(_ offset: Int) -> SourceAnchor { SourceAnchor(file: file, offset: offset) }

    /// Reports at `offset`; `pointerSuffix` is the member key (unescaped) under the node at
    /// `path`, if any.
    private mutating func report(
        _ id: DiagnosticID, _ severity: Severity, _ message: String, at offset: Int, path: String,
        pointerSuffix: String = "", notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
        let member = pointerSuffix.isEmpty ? "" : "/" + TokenPathSyntax.escape(pointerSuffix)
        let location = anchor(offset).location(
            pointer: TokenPathSyntax.pointer(forPath: path) + member, token: path.isEmpty ? nil : path)
        diagnostics.append(Diagnostic(id, severity, message, at: location, notes: notes, fixIts: fixIts))
    }

    private mutating func parseRoot() -> Bool {
        json.checkByteOrderMark()
        do {
            try json.skipWhitespace()
            guard json.position < json.bytes.count else {
                json.report(.jsonEmpty, "file holds no JSON value", at: json.position)
                return false
            }
            if json.bytes[json.position] == UInt8(ascii: "{") {
                try parseNode(path: "", keyOffset: json.position, parentGroup: 0, depth: 0)
            } else {
                let root = try json.parseValue(depth: 0)
                report(.rootNotObject, .error, "a token file must hold a JSON object, found \(root.kindDescription)",
                    at: root.offset, path: "")
            }
            try json.skipWhitespace()
            if json.position < json.bytes.count {
                json.report(.jsonSyntax, "unexpected \(json.describe(at: json.position)) after the JSON value", at: json.position)
            }
            return true
        } catch {
            return false
        }
    }

    /// Parses the object at the current position: a group, or a token when it has `$value`
    /// (or only a `$ref`). Children are parsed as they come; whether the object is a token is
    /// known only at its end, so a `$value` written after children is reported then.
    private mutating func parseNode(path: String, keyOffset: Int, parentGroup: Int32, depth: Int) throws(Stop) {
        try json.enter(depth: depth + 1)
        let objectOffset = json.position
        json.position += 1
        let keyBase = keyStack.count
        let propertyBase = propertyStack.count
        let childBase = childStack.count
        defer {
            if keyStack.count > keyBase { keyStack.removeSubrange(keyBase...) }
            if propertyStack.count > propertyBase { propertyStack.removeSubrange(propertyBase...) }
            if childStack.count > childBase { childStack.removeSubrange(childBase...) }
        }
        var keySet: PathTable?
        var groupID: Int32?
        var hasValue = false
        if try !json.closes(UInt8(ascii: "}")) {
            repeat {
                let (key, memberOffset) = try json.readKey()
                if let first = duplicate(key, base: keyBase, set: &keySet) {
                    _ = try json.parseValue(depth: depth + 1)
                    json.reportDuplicate(key, at: memberOffset, first: first)
                } else {
                    keyStack.append((key, memberOffset))
                    if key.utf8.first == UInt8(ascii: "$"), key != "$root" {
                        let value = try json.parseValue(depth: depth + 1)
                        if key == "$value" { hasValue = true }
                        propertyStack.append(JSONMember(key: key, keyOffset: memberOffset, value: value))
                    } else {
                        try parseChild(key, at: memberOffset, of: path, group: &groupID, afterValue: hasValue, depth: depth)
                    }
                }
            } while try !json.endMember(closing: UInt8(ascii: "}"), what: "an object member")
        }
        let properties = propertyStack[propertyBase...]
        let onlyRef = !hasValue && childStack.count == childBase && properties.contains { $0.key == "$ref" }
        if !path.isEmpty, hasValue || onlyRef {
            finishToken(properties, path: path, group: parentGroup, keyOffset: keyOffset, objectOffset: objectOffset,
                children: childStack[childBase...])
        } else {
            finishGroup(properties, path: path, offset: path.isEmpty ? objectOffset : keyOffset,
                children: childStack[childBase...], registered: groupID != nil)
        }
    }

    private mutating func parseChild(
        _ key: String, at offset: Int, of path: String, group: inout Int32?, afterValue: Bool, depth: Int
    ) throws(Stop) {
        let childPath = TokenPathSyntax.join(path, key)
        let isObject = json.position < json.bytes.count && json.bytes[json.position] == UInt8(ascii: "{")
        if afterValue || !isObject {
            _ = try json.parseValue(depth: depth + 1)
            childStack.append((key, offset, isObject))
            return
        }
        if let problem = TokenPathSyntax.problem(withName: key) {
            report(.invalidName, .error, "invalid name '\(key)': \(problem)", at: offset, path: childPath)
            _ = try json.parseValue(depth: depth + 1)
            return
        }
        let id: Int32
        if let group { id = group } else {
            id = document.groupID(for: path)
            group = id
        }
        childStack.append((key, offset, true))
        try parseNode(path: childPath, keyOffset: offset, parentGroup: id, depth: depth + 1)
    }

    /// The offset of the first occurrence of `key` in the current object, if it is a duplicate.
    private func duplicate(_ key: String, base: Int, set: inout PathTable?) -> Int? {
        State.duplicateOffset(of: key, in: keyStack[base...], set: &set)
    }

    private mutating func finishGroup(
        _ properties: ArraySlice<JSONMember>, path: String, offset: Int,
        children: ArraySlice<(name: String, offset: Int, isObject: Bool)>, registered: Bool
    ) {
        var group = GroupDefinition(path: path, anchor: anchor(offset))
        for member in properties {
            parseGroupProperty(member, into: &group, path: path)
        }
        for child in children where !child.isObject {
            let childPath = TokenPathSyntax.join(path, child.name)
            report(.notAGroupOrToken, .warning,
                "'\(childPath)' is not an object, so neither a token nor a group; it is ignored",
                at: child.offset, path: childPath,
                fixIts: [Diagnostic.FixIt("wrap the value as {\"$value\": …}", replacement: "")])
        }
        if group.hasProperties || !registered { document.mergeGroup(group) }
    }

    private mutating func finishToken(
        _ properties: ArraySlice<JSONMember>, path: String, group: Int32, keyOffset: Int, objectOffset: Int,
        children: ArraySlice<(name: String, offset: Int, isObject: Bool)>
    ) {
        var token = TokenDefinition(
            path: path, groupID: group, explicitType: nil, value: JSONValue(.null, offset: objectOffset),
            anchor: anchor(keyOffset))
        let hasValue = properties.contains { $0.key == "$value" }
        for member in properties {
            let value = member.value
            let suffix = member.key
            switch member.key {
            case "$value":
                token.value = value
            case "$ref":
                if hasValue {
                    report(.invalidProperty, .error,
                        "token '\(path)' has both '$value' and '$ref'; a token takes exactly one of them",
                        at: member.keyOffset, path: path, pointerSuffix: suffix,
                        fixIts: [Diagnostic.FixIt("remove '$ref', or write the pointer as \"$value\": {\"$ref\": …}", replacement: "")])
                } else {
                    token.value = JSONValue(.object([member]), offset: member.keyOffset)
                }
            case "$type":
                token.explicitType = parseType(value, path: path, suffix: suffix)
                if token.explicitType == nil { token.unknownType = value.string ?? "" }
            case "$description": token.description = parseDescription(value, path: path, suffix: suffix)
            case "$deprecated": token.deprecated = parseDeprecated(value, path: path, suffix: suffix)
            case "$extensions": token.extensions = parseExtensions(value, path: path, suffix: suffix)
            default:
                report(.unknownProperty, .warning, "unknown property '\(member.key)' on token '\(path)'; it is ignored",
                    at: member.keyOffset, path: path, pointerSuffix: suffix,
                    fixIts: [Diagnostic.FixIt("put custom data under '$extensions'", replacement: "$extensions")])
            }
        }
        for child in children {
            let suffix = child.name
            if child.isObject {
                report(.valueWithChildren, .error,
                    "token '\(path)' has a '$value' and also a child '\(child.name)'; a token cannot contain tokens or groups",
                    at: child.offset, path: path, pointerSuffix: suffix,
                    fixIts: [Diagnostic.FixIt("move '\(child.name)' to a group, or move the value into a '$root' token", replacement: "")])
            } else {
                report(.unknownProperty, .warning, "unknown property '\(child.name)' on token '\(path)'; it is ignored",
                    at: child.offset, path: path, pointerSuffix: suffix,
                    fixIts: [Diagnostic.FixIt("put custom data under '$extensions'", replacement: "$extensions")])
            }
        }
        if let old = document.insert(token) {
            reportConflict(new: token, old: old)
        }
    }

    private mutating func reportConflict(new: TokenDefinition, old: TokenDefinition) {
        guard !(new.value.sameContent(as: old.value) && new.explicitType == old.explicitType) else { return }
        diagnostics.append(Diagnostic(
            .mergeConflict, .error,
            "token '\(new.path)' is defined again with a different value; the later definition wins",
            at: new.anchor.location(pointer: new.pointer, token: new.path),
            notes: [Diagnostic.Note("the earlier definition is here",
                at: old.anchor.location(pointer: old.pointer, token: old.path))]))
    }

    private mutating func parseGroupProperty(_ member: JSONMember, into group: inout GroupDefinition, path: String) {
        let value = member.value
        let suffix = member.key
        switch member.key {
        case "$type":
            group.type = parseType(value, path: path, suffix: suffix)
            if group.type == nil { group.unknownType = value.string ?? "" }
        case "$description":
            group.description = parseDescription(value, path: path, suffix: suffix)
        case "$deprecated":
            group.deprecated = parseDeprecated(value, path: path, suffix: suffix)
        case "$extensions":
            group.extensions = parseExtensions(value, path: path, suffix: suffix)
        case "$extends", "$ref":
            guard let text = value.string else {
                report(.extendsInvalid, .error, "'\(member.key)' must be a string such as \"{group.name}\", found \(value.kindDescription)",
                    at: value.offset, path: path, pointerSuffix: suffix)
                return
            }
            group.extends = (text, anchor(value.offset))
        case "$schema":
            break
        case _ where value["$value"] != nil:
            report(.invalidName, .error, "invalid name '\(member.key)': names cannot start with '$'",
                at: member.keyOffset, path: path, pointerSuffix: suffix,
                fixIts: [Diagnostic.FixIt("remove the leading '$'", replacement: "\"\(member.key.dropFirst())\"")])
        default:
            report(.unknownProperty, .warning, "unknown property '\(member.key)' on group; it is ignored",
                at: member.keyOffset, path: path, pointerSuffix: suffix,
                fixIts: [Diagnostic.FixIt("put custom data under '$extensions'", replacement: "$extensions")])
        }
    }

    private mutating func parseType(_ value: JSONValue, path: String, suffix: String) -> TokenType? {
        guard let text = value.string else {
            report(.unknownType, .error, "'$type' must be a string, found \(value.kindDescription)",
                at: value.offset, path: path, pointerSuffix: suffix)
            return nil
        }
        if let type = TokenType(rawValue: text) { return type }
        let suggestion = Suggestions.closest(to: text, in: TokenType.allCases.map(\.rawValue))
        report(.unknownType, .warning, "unknown type '\(text)'; tokens of this type are skipped", at: value.offset, path: path, pointerSuffix: suffix,
            notes: [Diagnostic.Note("known types: " + TokenType.allCases.map(\.rawValue).joined(separator: ", "))],
            fixIts: suggestion.map { [Diagnostic.FixIt("replace with '\($0)'", replacement: "\"\($0)\"")] } ?? [])
        return nil
    }

    private mutating func parseDescription(_ value: JSONValue, path: String, suffix: String) -> String? {
        if let text = value.string { return text }
        report(.invalidProperty, .error, "'$description' must be a string, found \(value.kindDescription)",
            at: value.offset, path: path, pointerSuffix: suffix)
        return nil
    }

    private mutating func parseDeprecated(_ value: JSONValue, path: String, suffix: String) -> Deprecation? {
        switch value.storage {
        case .bool(let flag): return flag ? .deprecated(reason: nil) : .active
        case .string(let reason): return .deprecated(reason: reason)
        default:
            report(.invalidProperty, .error, "'$deprecated' must be a boolean or a string, found \(value.kindDescription)",
                at: value.offset, path: path, pointerSuffix: suffix)
            return nil
        }
    }

    private mutating func parseExtensions(_ value: JSONValue, path: String, suffix: String) -> JSONValue? {
        if value.isObject { return value }
        report(.invalidProperty, .error, "'$extensions' must be an object, found \(value.kindDescription)",
            at: value.offset, path: path, pointerSuffix: suffix)
        return nil
    }
}
