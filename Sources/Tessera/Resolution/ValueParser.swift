import Foundation

/// Reads a token's `$value` as a typed value, following nested references through the
/// resolution context and reporting every problem at its exact place.
package struct ValueParser {
    /// A nested reference's result: a resolved value, or (for a pointer into a value) the
    /// JSON found there.
    enum Nested {
        case value(TokenValue)
        case json(JSONValue)
    }

    let context: any ValueParserHost
    let file: SourceFile
    let tokenPath: String
    /// The index of the token in its document.
    let token: Int

    init(context: any ValueParserHost, file: SourceFile, tokenPath: String, token: Int) {
        self.context = context
        self.file = file
        self.tokenPath = tokenPath
        self.token = token
    }

    func error(
        _ message: DiagnosticMessage, at node: JSONValue, pointer: String,
        notes: @autoclosure () -> [Diagnostic.Note] = [], fixIts: @autoclosure () -> [Diagnostic.FixIt] = []
    ) {
        report(message, offset: node.offset, pointer: pointer, notes: notes(), fixIts: fixIts())
    }

    /// A fix-it replacing `node` with `replacement`, if the file holds `node` at its offset
    /// (a value reached through a reference is fixed where it is written, not here).
    func replace(_ node: JSONValue, with replacement: String, _ message: String) -> [Diagnostic.FixIt] {
        guard file.holds(node) else { return [] }
        return [Diagnostic.FixIt(message, replacingValueAt: SourceAnchor(file: file, offset: node.offset), with: replacement)]
    }

    /// Reports a diagnostic. The message, notes and fix-its are built only when the
    /// diagnostic is kept (warnings past the limit are only counted).
    func report(
        _ message: DiagnosticMessage, offset: Int, pointer: String,
        notes: @autoclosure () -> [Diagnostic.Note] = [], fixIts: @autoclosure () -> [Diagnostic.FixIt] = []
    ) {
        let anchor = SourceAnchor(file: file, offset: offset)
        func location() -> SourceLocation {
            anchor.location(pointer: TokenPathSyntax.pointer(forPath: tokenPath) + "/$value" + pointer, token: tokenPath)
        }
        guard context.admit(message.id, message.severity, file: file.path, location: location) else { return }
        context.append(Diagnostic(message, at: location(), notes: notes(), fixIts: fixIts()))
    }

    // Pointers passed around inside the parser are relative to the token's `$value`; the full
    // JSON pointer is built only when a diagnostic is made.

    /// Parses `node` as a value of `type`, following a reference if `node` is one.
    func parse(_ node: JSONValue, as type: TokenType, at pointer: String) -> TokenValue? {
        switch Reference.parse(node) {
        case .malformed(let message):
            error(message, at: node, pointer: pointer)
            return nil
        case .reference(let reference):
            switch context.lookup(reference, expecting: type, from: self, pointer: pointer) {
            case nil: return nil
            case .value(let value): return value
            case .json(let json): return parseDirect(JSONValue(json.storage, offset: node.offset), as: type, at: pointer)
            }
        case .none:
            return parseDirect(node, as: type, at: pointer)
        }
    }

    /// The JSON at `node`, after following a pointer reference into another token's value.
    /// Curly-brace aliases are returned as they are (the caller decides what they may name).
    func resolvedJSON(_ node: JSONValue, at pointer: String) -> JSONValue? {
        switch Reference.parse(node) {
        case .malformed(let message):
            error(message, at: node, pointer: pointer)
            return nil
        case .reference(let reference) where !reference.tail.isEmpty || node.isObject:
            return context.lookupJSON(reference, from: self, pointer: pointer).map { JSONValue($0.storage, offset: node.offset) }
        default:
            return node
        }
    }

    /// An element of a list value (shadow layers, gradient stops, font families) that is a
    /// curly alias to a token of the list's own type, whose items are spliced in.
    enum ListElement {
        /// Not an alias: the element is written out.
        case inline
        /// The aliased token's value.
        case spliced(TokenValue)
        /// An alias that did not resolve (already reported).
        case failed
    }

    func listElement(_ element: JSONValue, of type: TokenType, at pointer: String) -> ListElement {
        guard case .reference = Reference.parse(element), !element.isObject else { return .inline }
        return parse(element, as: type, at: pointer).map(ListElement.spliced) ?? .failed
    }

    func parseDirect(_ node: JSONValue, as type: TokenType, at pointer: String) -> TokenValue? {
        switch type {
        case .color: return parseColor(node, at: pointer).map(TokenValue.color)
        case .dimension: return parseDimension(node, at: pointer).map(TokenValue.dimension)
        case .fontFamily: return parseFontFamily(node, at: pointer)
        case .fontWeight: return parseFontWeight(node, at: pointer).map(TokenValue.fontWeight)
        case .duration: return parseDuration(node, at: pointer).map(TokenValue.duration)
        case .cubicBezier: return parseCubicBezier(node, at: pointer).map(TokenValue.cubicBezier)
        case .number: return number(node, at: pointer, what: "a number value").map(TokenValue.number)
        case .strokeStyle: return parseStrokeStyle(node, at: pointer).map(TokenValue.strokeStyle)
        case .border: return parseBorder(node, at: pointer).map(TokenValue.border)
        case .transition: return parseTransition(node, at: pointer).map(TokenValue.transition)
        case .shadow: return parseShadow(node, at: pointer)
        case .gradient: return parseGradient(node, at: pointer).map(TokenValue.gradient)
        case .typography: return parseTypography(node, at: pointer).map(TokenValue.typography)
        case .string:
            guard let text = node.string else {
                error(.notAString(found: node.kindDescription), at: node, pointer: pointer)
                return nil
            }
            return .string(text)
        case .boolean:
            guard let flag = node.bool else {
                error(.notABoolean(found: node.kindDescription), at: node, pointer: pointer)
                return nil
            }
            return .boolean(flag)
        }
    }

    // MARK: Shared pieces

    /// A number at `node`, following references to number tokens and pointers into values.
    func number(_ node: JSONValue, at pointer: String, what: String) -> Double? {
        if case .reference(let reference) = Reference.parse(node), reference.tail.isEmpty, !node.isObject {
            guard case .value(.number(let value))? = context.lookup(reference, expecting: .number, from: self, pointer: pointer)
            else { return nil }
            return value
        }
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        guard let value = resolved.number else {
            error(.expectedNumber(what, found: resolved.kindDescription), at: node, pointer: pointer)
            return nil
        }
        return value
    }

    /// A string at `node`, following pointers into values.
    func string(_ node: JSONValue, at pointer: String, what: String) -> String? {
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        guard let text = resolved.string else {
            error(.expectedString(what, found: resolved.kindDescription), at: node, pointer: pointer)
            return nil
        }
        return text
    }

    /// The members of an object value, checking required and allowed keys.
    func object(
        _ node: JSONValue, at pointer: String, type: TokenType, required: [String], optional: [String] = []
    ) -> ValueObject? {
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        guard let members = resolved.members else {
            error(.expectedObject(type, members: required, found: resolved.kindDescription), at: node, pointer: pointer)
            return nil
        }
        var ok = true
        let result = ValueObject(members: members)
        for member in members {
            if !(required.contains(member.key) || optional.contains(member.key)) {
                // A rename may not give a name the value already has.
                let suggestion = Suggestions.closest(to: member.key, in: (required + optional).filter { result[$0] == nil })
                report(.unknownValueProperty(member.key, in: type), offset: member.keyOffset, pointer: pointer + "/" + TokenPathSyntax.escape(member.key),
                    notes: [Diagnostic.Note("allowed: " + (required + optional).map { "'\($0)'" }.joined(separator: ", "))],
                    fixIts: suggestion.map { replace(JSONValue(.string(member.key), offset: member.keyOffset), with: "\"\($0)\"", "rename to '\($0)'") } ?? [])
            }
        }
        let missing = required.filter { result[$0] == nil }
        if !missing.isEmpty {
            error(.missingMembers(type, missing), at: node, pointer: pointer)
            ok = false
        }
        return ok ? result : nil
    }

    static func json(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            var quoted = "\""
            quoted.reserveCapacity(text.utf8.count + 2)
            quoted += text
            quoted += "\""
            return quoted
        }
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default:
                if scalar.value < 0x20 {
                    escaped += String(format: "\\u%04x", scalar.value)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }
}

/// The members of an object value, looked up by a linear scan (value objects have a handful
/// of members, so this beats building a dictionary).
struct ValueObject {
    let members: [JSONMember]

    subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }
}

/// What a `ValueParser` reports to and follows references through.
protocol ValueParserHost: AnyObject {
    /// Whether a diagnostic of this kind is to be reported (warnings may be summed up).
    func admit(_ id: DiagnosticID, _ severity: Severity, file: String, location: () -> SourceLocation) -> Bool
    func append(_ diagnostic: Diagnostic)
    /// A nested reference's value, expecting `type`.
    func lookup(_ reference: Reference, expecting type: TokenType, from parser: ValueParser, pointer: String)
        -> ValueParser.Nested?
    /// The JSON a pointer reaches inside another token's resolved value.
    func lookupJSON(_ reference: Reference, from parser: ValueParser, pointer: String) -> JSONValue?
}
