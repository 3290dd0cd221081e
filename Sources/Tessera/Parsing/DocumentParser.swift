/// Turns the JSON of token files into a `TokenDocument`, checking the structure rules of the
/// format module: names, `$value` beside children, the `$` properties and their kinds.
///
/// - Complexity: O(n) in the number of JSON nodes.
public struct DocumentParser {
    static let groupProperties: Set<String> = [
        "$type", "$description", "$deprecated", "$extensions", "$extends", "$ref", "$schema", "$root",
    ]
    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$deprecated", "$extensions", "$ref"]

    var document: TokenDocument
    var diagnostics: [Diagnostic] = []
    private var file: SourceFile

    /// Parses one file's root value into `document`.
    public static func add(
        _ root: JSONValue, from file: SourceFile, to document: inout TokenDocument, diagnostics: inout [Diagnostic]
    ) {
        var parser = DocumentParser(document: document, file: file)
        document = TokenDocument()  // release the copy so the parser owns the only reference
        parser.document.addFile(file)
        parser.parseRoot(root)
        document = parser.document
        diagnostics.append(contentsOf: parser.diagnostics)
    }

    private init(document: TokenDocument, file: SourceFile) {
        self.document = document
        self.file = file
    }

    private func anchor(_ offset: Int) -> SourceAnchor { SourceAnchor(file: file, offset: offset) }

    private mutating func report(
        _ id: DiagnosticID, _ severity: Severity, _ message: String, at offset: Int, path: String,
        pointerSuffix: String = "", notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
        let location = anchor(offset).location(
            pointer: TokenPathSyntax.pointer(forPath: path) + pointerSuffix, token: path.isEmpty ? nil : path)
        diagnostics.append(Diagnostic(id, severity, message, at: location, notes: notes, fixIts: fixIts))
    }

    private mutating func parseRoot(_ root: JSONValue) {
        guard case .object(let members) = root.storage else {
            report(.rootNotObject, .error, "a token file must hold a JSON object, found \(root.kindDescription)",
                at: root.offset, path: "")
            return
        }
        parseGroup(members, path: "", offset: root.offset)
    }

    private mutating func parseGroup(_ members: [JSONMember], path: String, offset: Int) {
        var group = GroupDefinition(path: path, anchor: anchor(offset))
        let groupID = document.groupID(for: path)
        for member in members {
            let key = member.key
            if key.hasPrefix("$") && key != "$root" {
                parseGroupProperty(member, into: &group, path: path)
                continue
            }
            let childPath = TokenPathSyntax.join(path, key)
            if let problem = TokenPathSyntax.problem(withName: key) {
                report(.invalidName, .error, "invalid name '\(key)': \(problem)", at: member.keyOffset, path: childPath)
                continue
            }
            guard case .object(let childMembers) = member.value.storage else {
                report(
                    .notAGroupOrToken, .warning,
                    "'\(childPath)' is \(member.value.kindDescription), not a token or a group; it is ignored",
                    at: member.value.offset, path: childPath,
                    fixIts: [Diagnostic.FixIt("wrap the value as {\"$value\": …}", replacement: "")])
                continue
            }
            let isToken = childMembers.contains { $0.key == "$value" }
                || (childMembers.contains { $0.key == "$ref" }
                    && !childMembers.contains { !$0.key.hasPrefix("$") })
            if isToken {
                parseToken(childMembers, path: childPath, groupID: groupID, keyOffset: member.keyOffset, objectOffset: member.value.offset)
            } else {
                parseGroup(childMembers, path: childPath, offset: member.keyOffset)
            }
        }
        document.mergeGroup(group)
    }

    private mutating func parseGroupProperty(_ member: JSONMember, into group: inout GroupDefinition, path: String) {
        let value = member.value
        let suffix = "/" + TokenPathSyntax.escape(member.key)
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

    private mutating func parseToken(
        _ members: [JSONMember], path: String, groupID: Int32, keyOffset: Int, objectOffset: Int
    ) {
        var token = TokenDefinition(
            path: path, groupID: groupID, explicitType: nil, value: JSONValue(.null, offset: objectOffset), anchor: anchor(keyOffset))
        var hasValue = false
        for member in members {
            let value = member.value
            let suffix = "/" + TokenPathSyntax.escape(member.key)
            switch member.key {
            case "$value":
                token.value = value
                hasValue = true
            case "$ref":
                if !hasValue && !members.contains(where: { $0.key == "$value" }) {
                    token.value = JSONValue(.object([member]), offset: member.keyOffset)
                }
            case "$type":
                token.explicitType = parseType(value, path: path, suffix: suffix)
                if token.explicitType == nil { token.unknownType = value.string ?? "" }
            case "$description": token.description = parseDescription(value, path: path, suffix: suffix)
            case "$deprecated": token.deprecated = parseDeprecated(value, path: path, suffix: suffix)
            case "$extensions": token.extensions = parseExtensions(value, path: path, suffix: suffix)
            default:
                if member.key.hasPrefix("$") {
                    report(.unknownProperty, .warning, "unknown property '\(member.key)' on token '\(path)'; it is ignored",
                        at: member.keyOffset, path: path, pointerSuffix: suffix,
                        fixIts: [Diagnostic.FixIt("put custom data under '$extensions'", replacement: "$extensions")])
                } else if !member.value.isObject {
                    report(.unknownProperty, .warning,
                        "unknown property '\(member.key)' on token '\(path)'; it is ignored",
                        at: member.keyOffset, path: path, pointerSuffix: suffix,
                        fixIts: [Diagnostic.FixIt("put custom data under '$extensions'", replacement: "$extensions")])
                } else {
                    report(.valueWithChildren, .error,
                        "token '\(path)' has a '$value' and also a child '\(member.key)'; a token cannot contain tokens or groups",
                        at: member.keyOffset, path: path, pointerSuffix: suffix,
                        fixIts: [Diagnostic.FixIt("move '\(member.key)' to a group, or move the value into a '$root' token", replacement: "")])
                }
            }
        }
        if let old = document.insert(token) {
            reportConflict(new: token, old: old)
        }
    }

    private mutating func reportConflict(new: TokenDefinition, old: TokenDefinition) {
        guard !(new.value.sameContent(as: old.value) && new.explicitType == old.explicitType) else { return }
        let location = new.anchor.location(pointer: new.pointer, token: new.path)
        diagnostics.append(Diagnostic(
            .mergeConflict, .error,
            "token '\(new.path)' is defined again with a different value; the later definition wins",
            at: location,
            notes: [Diagnostic.Note("the earlier definition is here", at: old.anchor.location(pointer: old.pointer, token: old.path))]))
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
