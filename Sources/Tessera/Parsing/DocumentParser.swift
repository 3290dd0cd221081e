/// Reads token files straight from their bytes into a `TokenDocument`, checking the JSON
/// (RFC 8259) and the structure rules of the format module at once: names, `$value` beside
/// children, the `$` properties and their kinds.
///
/// Only the values of `$` properties are built as `JSONValue`s; groups and token objects are
/// walked without building a tree, so memory grows with the tokens, not with the JSON.
///
/// - Complexity: O(n) in the size of the file.
struct DocumentParser {
    var fragment: TokenFragment
    var diagnostics: [Diagnostic] = []
    var json: JSONScanner
    let file: SourceFile
    /// Keys of the objects being parsed, innermost last, to find duplicate keys without an
    /// allocation per object.
    private var keyStack: [(key: String, offset: Int)] = []
    /// `$` members of the objects being parsed.
    private var propertyStack: [JSONMember] = []
    /// Non-`$` members of the objects being parsed: name, key offset, whether an object.
    private var childStack: [(name: String, offset: Int, isObject: Bool)] = []
    /// When set, child objects of at most this many bytes are not parsed but set aside in
    /// `parts`, for other threads (see `DocumentParser+Parts.swift`).
    var partLimit: Int?
    var parts: [Part] = []
    /// Where parts go to be parsed as soon as they are set aside.
    var partQueue: PartQueue?
    /// Whether the root object's `$ref` member is skipped (see `parseObject`).
    var skipsRootReference = false
    var openPart: Part?

    /// Parses one file: large files in parts on several cores, with the same result. The
    /// fragment is nil when the file is not well-formed JSON; the diagnostics then hold every
    /// syntax error in it (see `JSONParser` for how it recovers to find them all).
    static func parseFile(_ file: SourceFile, allowComments: Bool, seed: UInt64?) -> (TokenFragment?, [Diagnostic]) {
        parseInParts(file, allowComments: allowComments, seed: seed) ?? parseWhole(file, allowComments: allowComments, seed: seed)
    }

    /// Parses a whole file on this thread; the fragment is nil when the file is not well-formed.
    /// With `skippingReference`, the root object's `$ref` is left out (see `parseObject`).
    static func parseWhole(_ file: SourceFile, allowComments: Bool, seed: UInt64? = nil, skippingReference: Bool = false)
        -> (TokenFragment?, [Diagnostic])
    {
        file.bytes.withUnsafeBufferPointer { buffer in
            JSONScanner.repairing { repairs in
                var parser = DocumentParser(
                    json: JSONScanner(bytes: buffer, file: file, allowComments: allowComments), file: file, seed: seed)
                parser.skipsRootReference = skippingReference
                parser.json.repairs = repairs
                let ok = parser.parseRoot()
                // A document recovered from syntax errors is a guess: its syntax errors are
                // reported, and nothing of it is used or checked further.
                let intact = ok && !parser.json.recovered
                return ((intact ? parser.fragment : nil, parser.json.diagnostics + (intact ? parser.diagnostics : [])),
                    parser.json.outcome)
            }
        }
    }

    /// Parses the token tree that starts at `offset` inside `file` (an object written inside a
    /// resolver, or named by a JSON pointer); with `skippingReference`, its own `$ref` member is
    /// left out (it names what the tree extends). Diagnostics of the JSON itself are left to
    /// whoever read the enclosing file.
    static func parseObject(in file: SourceFile, at offset: Int, skippingReference: Bool, seed: UInt64?)
        -> (TokenFragment?, [Diagnostic])
    {
        file.bytes.withUnsafeBufferPointer { buffer in
            var parser = DocumentParser(json: JSONScanner(bytes: buffer, file: file, allowComments: false), file: file, seed: seed)
            parser.skipsRootReference = skippingReference
            parser.json.position = offset
            guard offset < buffer.count, buffer[offset] == UInt8(ascii: "{") else { return (nil, []) }
            do {
                try parser.parseNode(path: "", keyOffset: offset, parentGroup: TokenFragment.noGroup, depth: 0)
            } catch {
                return (nil, [])
            }
            return (parser.fragment, parser.diagnostics)
        }
    }

    /// With a `seed`, paths are hashed as they are met (see `TokenFragment.seed`).
    init(json: JSONScanner, file: SourceFile, seed: UInt64?) {
        self.json = json
        self.file = file
        self.fragment = TokenFragment(seed: seed)
    }

    private func anchor(_ offset: Int) -> SourceAnchor { SourceAnchor(file: file, offset: offset) }

    /// Reports at `offset`; `pointerSuffix` is the member key (unescaped) under the node at
    /// `path`, if any.
    private mutating func report(
        _ message: DiagnosticMessage, at offset: Int, path: String,
        pointerSuffix: String = "", notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
        let member = pointerSuffix.isEmpty ? "" : "/" + TokenPathSyntax.escape(pointerSuffix)
        let location = anchor(offset).location(
            pointer: TokenPathSyntax.pointer(forPath: path) + member, token: path.isEmpty ? nil : path)
        diagnostics.append(Diagnostic(message, at: location, notes: notes, fixIts: fixIts))
    }

    /// Reports a name canonically equivalent to an earlier name of the same object but written
    /// with other code points (`é` and `e` + U+0301): two tokens or groups that look the same.
    private mutating func checkEquivalent(
        _ key: String, at offset: Int, in path: String, base: Int, seen: inout [String: (key: String, offset: Int)]?
    ) {
        if seen == nil {
            var earlier: [String: (key: String, offset: Int)] = [:]
            for member in keyStack[base...] where earlier[member.key] == nil { earlier[member.key] = member }
            seen = earlier
        }
        // `String` keys compare by canonical equivalence: a hit with other code points is one.
        if let (firstKey, first) = seen![key], !firstKey.sameCodePoints(as: key) {
            report(.equivalentNames(key, firstKey), at: offset, path: TokenPathSyntax.join(path, key),
                notes: [Diagnostic.Note("the other spelling is here", at: anchor(first).location(
                    pointer: TokenPathSyntax.pointer(forPath: TokenPathSyntax.join(path, firstKey)), token: TokenPathSyntax.join(path, firstKey)))])
            return
        }
        if seen![key] == nil { seen![key] = (key, offset) }
    }

    mutating func parseRoot() -> Bool {
        do {
            try json.checkEncoding()
            try json.skipWhitespace()
            guard json.position < json.bytes.count else {
                json.report(.emptyJSON, at: json.position)
                return false
            }
            if json.bytes[json.position] == UInt8(ascii: "{") {
                try parseNode(path: "", keyOffset: json.position, parentGroup: TokenFragment.noGroup, depth: 0)
            } else {
                let root = try json.parseValue(depth: 0)
                report(.rootNotObject(found: root.kindDescription), at: root.offset, path: "")
            }
            try json.skipWhitespace()
            json.checkEnd()
            return true
        } catch {
            return false
        }
    }

    /// Parses the object at the current position: a group, or a token when it has `$value`
    /// (or only a `$ref`). Children are parsed as they come; whether the object is a token is
    /// known only at its end, so a `$value` written after children is reported then.
    mutating func parseNode(path: String, keyOffset: Int, parentGroup: Int32, depth: Int) throws(JSONScanStop) {
        try json.enter(depth: depth + 1)
        let objectOffset = json.position
        var container = JSONScanner.Container(opener: objectOffset, indent: json.lineIndent, closing: UInt8(ascii: "}"))
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
        /// The object's names so far by canonical form, made when a non-ASCII name appears.
        var equivalents: [String: (key: String, offset: Int)]?
        var groupID: Int32?
        var hasValue = false
        var closed = try json.closes(container.closing)
        while !closed {
            do {
                let (key, memberOffset) = try json.readKey(in: &container)
                if let first = duplicate(key, base: keyBase, set: &keySet) {
                    flushPart()
                    let value = try json.parseValue(depth: depth + 1)
                    if let index = propertyStack[propertyBase...].firstIndex(where: { $0.keyOffset == first }),
                        JSONScanner.isAnnotation(key, propertyStack[index].value, value, keys: JSONScanner.tokenAnnotations)
                    {
                        json.reportDuplicateAnnotation(key, at: memberOffset, first: propertyStack[index])
                        propertyStack[index] = JSONMember(key: key, keyOffset: memberOffset, value: value)
                    } else {
                        json.reportDuplicate(key, at: memberOffset, first: first)
                    }
                } else {
                    if key.utf8.contains(where: { $0 >= 0x80 }) || equivalents != nil {
                        checkEquivalent(key, at: memberOffset, in: path, base: keyBase, seen: &equivalents)
                    }
                    keyStack.append((key, memberOffset))
                    if skipsRootReference, path.isEmpty, key == "$ref" {
                        _ = try json.parseValue(depth: depth + 1)
                    } else if key.utf8.first == UInt8(ascii: "$"), key != "$root" {
                        flushPart()
                        let value = try json.parseValue(depth: depth + 1)
                        let name = misspelling(key, value, at: memberOffset, path: path, base: propertyBase) ?? key
                        if name == "$value" { hasValue = true }
                        propertyStack.append(JSONMember(key: name, keyOffset: memberOffset, value: value))
                    } else {
                        try parseChild(key, at: memberOffset, of: path, group: &groupID, parent: parentGroup, afterValue: hasValue, depth: depth)
                    }
                }
                closed = try json.endMember(of: container)
            } catch let stop where !stop.fatal {
                flushPart()
                closed = try json.resynchronize(container)
            }
        }
        flushPart()
        let properties = propertyStack[propertyBase...]
        let onlyRef = !hasValue && childStack.count == childBase && properties.contains { $0.key == "$ref" }
        if !path.isEmpty, hasValue || onlyRef {
            finishToken(properties, path: path, group: parentGroup, keyOffset: keyOffset, objectOffset: objectOffset,
                children: childStack[childBase...])
        } else {
            finishGroup(properties, path: path, offset: path.isEmpty ? objectOffset : keyOffset,
                children: childStack[childBase...], id: groupID, parent: parentGroup)
        }
    }

    private mutating func parseChild(
        _ key: String, at offset: Int, of path: String, group: inout Int32?, parent: Int32, afterValue: Bool, depth: Int
    ) throws(JSONScanStop) {
        let isObject = json.position < json.bytes.count && json.bytes[json.position] == UInt8(ascii: "{")
        if afterValue || !isObject {
            flushPart()
            _ = try json.parseValue(depth: depth + 1)
            childStack.append((key, offset, isObject))
            return
        }
        if let problem = TokenPathSyntax.problem(withName: key) {
            flushPart()
            report(.invalidName(key, problem), at: offset, path: TokenPathSyntax.join(path, key))
            _ = try json.parseValue(depth: depth + 1)
            return
        }
        let id: Int32
        if let group { id = group } else {
            id = fragment.newGroup(path, parent: parent)
            group = id
        }
        childStack.append((key, offset, true))
        if setAside(key, keyOffset: offset, in: path, parentGroup: id, depth: depth + 1) { return }
        try parseNode(path: TokenPathSyntax.join(path, key), keyOffset: offset, parentGroup: id, depth: depth + 1)
    }

    /// The offset of the first occurrence of `key` in the current object, if it is a duplicate.
    private func duplicate(_ key: String, base: Int, set: inout PathTable?) -> Int? {
        JSONScanner.duplicateOffset(of: key, in: keyStack[base...], set: &set)
    }

    private mutating func finishGroup(
        _ properties: ArraySlice<JSONMember>, path: String, offset: Int,
        children: ArraySlice<(name: String, offset: Int, isObject: Bool)>, id: Int32?, parent: Int32
    ) {
        var group = GroupDefinition(path: path, anchor: anchor(offset))
        for member in properties {
            parseGroupProperty(member, into: &group, path: path, siblings: properties)
        }
        for child in children where !child.isObject {
            let childPath = TokenPathSyntax.join(path, child.name)
            report(.notAGroupOrToken(childPath), at: child.offset, path: childPath,
                notes: [Diagnostic.Note("wrap the value as {\"$value\": …}")])
        }
        guard group.hasProperties || id == nil else { return }
        let id = id ?? fragment.newGroup(path, parent: parent)
        if group.hasProperties { fragment.groupProperties.append((id, group)) }
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
                    report(.valueAndRef(token: path), at: member.keyOffset, path: path, pointerSuffix: suffix,
                        notes: [Diagnostic.Note("remove '$ref', or write the pointer as \"$value\": {\"$ref\": …}")])
                } else {
                    // Alone, `$ref` stands for the object it names (a token copied whole, as the
                    // format's example `{"$ref": "#/base"}`); beside `$type` or another property
                    // it is the token's value, in place of `$value`, and must point at one.
                    let alone = properties.count == 1
                    token.value = JSONValue(.object([member]), offset: alone ? member.keyOffset : member.value.offset)
                }
            case "$type":
                token.explicitType = parseType(value, path: path, suffix: suffix)
                if token.explicitType == nil { token.unknownType = value.string ?? "" }
            case "$description": token.description = parseDescription(value, path: path, suffix: suffix)
            case "$deprecated": token.deprecated = parseDeprecated(value, path: path, suffix: suffix)
            case "$extensions": token.extensions = parseExtensions(value, path: path, suffix: suffix)
            default:
                report(.unknownTokenProperty(member.key, token: path), at: member.keyOffset, path: path, pointerSuffix: suffix,
                    fixIts: moveToExtensions(member, siblings: properties))
            }
        }
        for child in children {
            let suffix = child.name
            if child.isObject {
                report(.valueWithChildren(token: path, child: child.name), at: child.offset, path: path, pointerSuffix: suffix,
                    notes: [Diagnostic.Note("move '\(child.name)' to a group, or move the value into a '$root' token")])
            } else if Self.knownProperties.contains("$" + child.name), !properties.contains(where: { $0.key == "$" + child.name }) {
                reportMisspelt(child.name, meant: "$" + child.name, at: child.offset, path: path)
            } else {
                report(.unknownTokenProperty(child.name, token: path), at: child.offset, path: path, pointerSuffix: suffix,
                    notes: [Diagnostic.Note("custom data belongs under '$extensions'")])
            }
        }
        fragment.append(token)
    }

    /// The `merge.conflict` error for a token defined again with a different value.
    static func conflict(new: TokenDefinition, old: TokenDefinition) -> Diagnostic? {
        guard !(new.value.sameContent(as: old.value) && new.explicitType == old.explicitType) else { return nil }
        return Diagnostic(
            .mergeConflict(token: new.path),
            at: new.location,
            notes: [Diagnostic.Note("the earlier definition is here",
                at: old.location)])
    }

    /// The `$` properties a token or group may have.
    private static let knownProperties: Set<String> = Set(knownPropertyNames)
    private static let knownPropertyNames = [
        "$value", "$type", "$description", "$deprecated", "$extensions", "$extends", "$ref", "$schema",
    ]

    /// Moves an unknown property under `$extensions` (a new one: when the object already has
    /// one, the advice is a note, as the two would have to be merged by hand).
    private func moveToExtensions(_ member: JSONMember, siblings: ArraySlice<JSONMember>) -> [Diagnostic.FixIt] {
        let unknown = siblings.filter { !Self.knownProperties.contains($0.key) && $0.value["$value"] == nil }
        guard !siblings.contains(where: { $0.key == "$extensions" }), unknown.count == 1 else { return [] }
        let range = member.keyOffset..<file.jsonValueRange(at: member.value.offset).upperBound
        let text = String(decoding: file.bytes[range.lowerBound..<file.jsonValueRange(at: member.keyOffset).upperBound], as: UTF8.self)
        let value = String(decoding: file.bytes[member.value.offset..<range.upperBound], as: UTF8.self)
        return [Diagnostic.FixIt("put custom data under '$extensions'", replacing: range, in: file,
            with: "\"$extensions\": {\(text): \(value)}")]
    }

    private mutating func parseGroupProperty(
        _ member: JSONMember, into group: inout GroupDefinition, path: String, siblings: ArraySlice<JSONMember>
    ) {
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
                report(.extendsNotAString(member.key, found: value.kindDescription), at: value.offset, path: path, pointerSuffix: suffix)
                return
            }
            group.extends = (text, anchor(value.offset))
        case "$schema":
            break
        case _ where value["$value"] != nil:
            report(.invalidName(member.key, "names cannot start with '$'"),
                at: member.keyOffset, path: path, pointerSuffix: suffix,
                fixIts: [Diagnostic.FixIt("remove the leading '$'", replacingValueAt: anchor(member.keyOffset),
                    with: ValueParser.json(String(member.key.dropFirst())))])
        default:
            report(.unknownGroupProperty(member.key), at: member.keyOffset, path: path, pointerSuffix: suffix,
                fixIts: moveToExtensions(member, siblings: siblings))
        }
    }

    /// A `$` property close to one of the format's (`$valeu`, `$typ`): reported as the
    /// misspelling it is, an error, with the rename; then read as the property it meant (unless
    /// that one is written too), so that nothing follows from the slip. Nil when `key` is
    /// known, names a token (its value holds `$value`), or is close to nothing.
    private mutating func misspelling(_ key: String, _ value: JSONValue, at offset: Int, path: String, base: Int) -> String? {
        guard !Self.knownProperties.contains(key), value["$value"] == nil,
            let meant = Suggestions.closest(to: key, in: Self.knownPropertyNames)
        else { return nil }
        reportMisspelt(key, meant: meant, at: offset, path: path)
        return propertyStack[base...].contains { $0.key == meant } ? nil : meant
    }

    /// `structure.misspelt-property` for the member `key` of the object at `path`, with the
    /// rename to `meant`.
    private mutating func reportMisspelt(_ key: String, meant: String, at offset: Int, path: String) {
        report(.misspeltProperty(key, meant: meant), at: offset, path: path, pointerSuffix: key,
            fixIts: [Diagnostic.FixIt("rename to '\(meant)'", replacingValueAt: anchor(offset), with: ValueParser.json(meant))])
    }

    private mutating func parseType(_ value: JSONValue, path: String, suffix: String) -> TokenType? {
        guard let text = value.string else {
            report(.invalidType(found: value.kindDescription), at: value.offset, path: path, pointerSuffix: suffix)
            return nil
        }
        if let type = TokenType(rawValue: text) { return type }
        let suggestion = Suggestions.closest(to: text, in: TokenType.allCases.map(\.rawValue))
        report(suggestion.map { .misspeltType(text, meant: $0) } ?? .unknownType(text), at: value.offset, path: path, pointerSuffix: suffix,
            notes: [Diagnostic.Note("known types: " + TokenType.allCases.map(\.rawValue).joined(separator: ", "))],
            fixIts: suggestion.map { [Diagnostic.FixIt("replace with '\($0)'", replacingValueAt: anchor(value.offset), with: "\"\($0)\"")] } ?? [])
        return nil
    }

    private mutating func parseDescription(_ value: JSONValue, path: String, suffix: String) -> String? {
        if let text = value.string { return text }
        report(.invalidDescription(found: value.kindDescription), at: value.offset, path: path, pointerSuffix: suffix)
        return nil
    }

    private mutating func parseDeprecated(_ value: JSONValue, path: String, suffix: String) -> Deprecation? {
        switch value.storage {
        case .bool(let flag): return flag ? .deprecated(reason: nil) : .active
        case .string(let reason): return .deprecated(reason: reason)
        default:
            report(.invalidDeprecated(found: value.kindDescription), at: value.offset, path: path, pointerSuffix: suffix)
            return nil
        }
    }

    private mutating func parseExtensions(_ value: JSONValue, path: String, suffix: String) -> JSONValue? {
        if value.isObject { return value }
        report(.invalidExtensions(found: value.kindDescription), at: value.offset, path: path, pointerSuffix: suffix)
        return nil
    }
}

extension SourceFile {
    /// The problems that stop this file's text from being read as JSON (none when it reads):
    /// what an editor shows while the file is being typed, without resolving anything.
    package var jsonTextProblems: [Diagnostic] {
        guard path.lowercased().hasSuffix(".json") || path.lowercased().hasSuffix(".jsonc") else { return [] }
        let (fragment, diagnostics) = DocumentParser.parseFile(self, allowComments: path.lowercased().hasSuffix(".jsonc"), seed: nil)
        let problems = diagnostics.filter { $0.id.isAboutFileText }
        return fragment == nil && problems.isEmpty ? diagnostics : problems
    }
}
