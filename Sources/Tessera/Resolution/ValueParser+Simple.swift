import Foundation

extension ValueParser {
    package static var fontWeightNames: [String: Double] { FontWeightNames.all }
    package static func squeezedWeightName(_ name: String) -> String { name.squeezedName }
    package static var squeezedWeightNames: [String: Double] { FontWeightNames.squeezed }

    func parseDimension(_ node: JSONValue, at pointer: String) -> TokenDimension? {
        if case .number(0) = node.storage {
            report(.bareZeroDimension, offset: node.offset, pointer: pointer,
                fixIts: replace(node, with: "{\"value\": 0, \"unit\": \"px\"}", "replace with {\"value\": 0, \"unit\": \"px\"}"))
            return TokenDimension(0, .px)
        }
        guard let (value, unit) = measure(node, at: pointer, type: .dimension,
            example: "{\"value\": 16, \"unit\": \"px\"}", units: "'px' or 'rem'", unit: dimensionUnit)
        else { return nil }
        return TokenDimension(value, unit)
    }

    /// `{"value": 16, "unit": "px"}`.
    static func measureJSON(_ value: Double, _ unit: String) -> String {
        "{\"value\": \(NumberFormatting.shortest(value)), \"unit\": \"\(unit)\"}"
    }

    /// A number with a unit — `{"value": 16, "unit": "px"}`, or the legacy string `"16px"`
    /// with a warning — for dimensions and durations.
    private func measure<Unit>(
        _ node: JSONValue, at pointer: String, type: TokenType, example: String, units: String,
        unit: (String, Double, JSONValue, String) -> Unit?
    ) -> (Double, Unit)? {
        if case .string(let text) = node.storage, Reference.parse(node).isNone {
            guard let (value, unitText) = Self.splitUnit(text), let parsed = unit(unitText, value, node, pointer) else {
                error(.invalidStringValue(type, text, example: example, units: units), at: node, pointer: pointer)
                return nil
            }
            // The fix-it writes the unit as read (`12pt` is `12px`), so that it agrees with the
            // unit's own warning, which has no fix-it of its own here.
            let read = ((parsed as? any RawRepresentable)?.rawValue as? String) ?? unitText
            report(.legacyStringValue(type, text, value: value, unit: read), offset: node.offset, pointer: pointer,
                fixIts: replace(node, with: Self.measureJSON(value, read), "replace with \(Self.measureJSON(value, read))"))
            return (value, parsed)
        }
        guard let members = object(node, at: pointer, type: type, required: ["value", "unit"]) else { return nil }
        guard let value = number(members["value"]!, at: pointer + "/value", what: "'value' of a \(type.rawValue)"),
            let unitText = string(members["unit"]!, at: pointer + "/unit", what: "'unit' of a \(type.rawValue)")
        else { return nil }
        guard let parsed = unit(unitText, value, members["unit"]!, pointer + "/unit") else {
            error(.unknownUnit(type, unitText, units: units), at: members["unit"]!, pointer: pointer + "/unit")
            return nil
        }
        return (value, parsed)
    }

    /// The unit of a dimension. Units outside 2025.10 that real systems write are mapped with a
    /// warning: `dp` and `pt` are `px` (the format defines px as dp on Android and pt on iOS),
    /// an empty unit on 0 is `0px`, and `em` is kept.
    private func dimensionUnit(_ text: String, _ value: Double, _ node: JSONValue, _ pointer: String) -> TokenDimension.Unit? {
        // In a legacy string (`"12pt"`), `node` is the whole value: its own fix-it rewrites it
        // with the unit read, so the unit offers none.
        let isUnitMember = node.string == text
        switch text {
        case "px": return .px
        case "rem": return .rem
        case "dp", "pt":
            report(.legacyUnit(text), offset: node.offset, pointer: pointer,
                fixIts: isUnitMember ? replace(node, with: "\"px\"", "replace with 'px'") : [])
            return .px
        case "" where value == 0:
            report(.zeroWithoutUnit, offset: node.offset, pointer: pointer,
                fixIts: isUnitMember ? replace(node, with: "\"px\"", "replace with 'px'") : [])
            return .px
        case "em":
            report(.emUnit, offset: node.offset, pointer: pointer)
            return .em
        default: return nil
        }
    }

    func parseDuration(_ node: JSONValue, at pointer: String) -> TokenDuration? {
        guard let (value, unit) = measure(node, at: pointer, type: .duration,
            example: "{\"value\": 200, \"unit\": \"ms\"}", units: "'ms' or 's'", unit: { text, _, _, _ in TokenDuration.Unit(rawValue: text) })
        else { return nil }
        // A duration is how long an animation takes: CSS's transition-duration and Apple's
        // animation durations cannot be negative (a transition's delay, parsed here too, can).
        if value < 0, !pointer.hasSuffix("/delay") {
            report(.negativeDuration(value, unit: unit.rawValue), offset: node.offset, pointer: pointer)
        }
        return TokenDuration(value, unit)
    }

    /// Splits `"16px"` into 16 and "px".
    static func splitUnit(_ text: String) -> (Double, String)? {
        let utf8 = text.utf8
        if let split = utf8.firstIndex(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
            split > utf8.startIndex,
            utf8[split...].allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
            let value = Double(Substring(text[..<split])), value.isFinite
        {
            return (value, String(text[split...]))
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let split = trimmed.firstIndex(where: { $0.isLetter }) else { return nil }
        guard let value = Double(trimmed[..<split]), value.isFinite else { return nil }
        return (value, String(trimmed[split...]))
    }

    func parseFontFamily(_ node: JSONValue, at pointer: String) -> TokenValue? {
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        switch resolved.storage {
        case .string(let name) where !name.isEmpty:
            return .fontFamily([name], isList: false)
        case .array(let elements) where !elements.isEmpty:
            var names: [String] = []
            for (index, element) in elements.enumerated() {
                // An alias inside the list splices in that token's families.
                switch listElement(element, of: .fontFamily, at: pointer + "/\(index)") {
                case .spliced(.fontFamily(let inner, _)):
                    names.append(contentsOf: inner)
                    continue
                case .spliced, .failed:
                    return nil
                case .inline:
                    break
                }
                guard let name = string(element, at: pointer + "/\(index)", what: "a font name") else { return nil }
                guard !name.isEmpty else {
                    error(.emptyFontName, at: element, pointer: pointer + "/\(index)")
                    return nil
                }
                names.append(name)
            }
            return .fontFamily(names, isList: true)
        default:
            error(.invalidFontFamily(found: resolved.kindDescription), at: node, pointer: pointer)
            return nil
        }
    }

    func parseFontWeight(_ node: JSONValue, at pointer: String) -> Double? {
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        switch resolved.storage {
        case .number(let weight):
            guard weight >= 1 && weight <= 1000 else {
                error(.fontWeightOutOfRange(weight), at: node, pointer: pointer)
                return nil
            }
            return weight
        case .string(let name):
            if let weight = Self.fontWeightNames[name] { return weight }
            let suggestion = Suggestions.closest(to: name, in: Self.fontWeightNames.keys.sorted())
            error(.unknownFontWeight(name), at: node, pointer: pointer,
                notes: [Diagnostic.Note("use a number from 1 to 1000 or one of: " + Self.fontWeightNames.keys.sorted().joined(separator: ", "))],
                fixIts: suggestion.map { replace(node, with: "\"\($0)\"", "replace with '\($0)'") } ?? [])
            return nil
        default:
            error(.invalidFontWeight(found: resolved.kindDescription), at: node, pointer: pointer)
            return nil
        }
    }

    func parseCubicBezier(_ node: JSONValue, at pointer: String) -> CubicBezier? {
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        guard let elements = resolved.array, elements.count == 4 else {
            error(.invalidCubicBezier, at: node, pointer: pointer)
            return nil
        }
        var values: [Double] = []
        for (index, element) in elements.enumerated() {
            guard let value = number(element, at: pointer + "/\(index)", what: "a cubicBezier coordinate") else { return nil }
            if index % 2 == 0, !(0...1).contains(value) {
                error(.cubicBezierXOutOfRange(index / 2 + 1, value), at: element, pointer: pointer + "/\(index)")
                return nil
            }
            values.append(value)
        }
        return CubicBezier(values[0], values[1], values[2], values[3])
    }

    func parseStrokeStyle(_ node: JSONValue, at pointer: String) -> TokenStrokeStyle? {
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        if let keyword = resolved.string {
            guard TokenStrokeStyle.keywords.contains(keyword) else {
                let suggestion = Suggestions.closest(to: keyword, in: TokenStrokeStyle.keywords)
                error(.unknownStrokeStyle(keyword), at: node, pointer: pointer,
                    notes: [Diagnostic.Note("use one of: " + TokenStrokeStyle.keywords.joined(separator: ", "))],
                    fixIts: suggestion.map { replace(node, with: "\"\($0)\"", "replace with '\($0)'") } ?? [])
                return nil
            }
            return .keyword(keyword)
        }
        guard let members = object(resolved, at: pointer, type: .strokeStyle, required: ["dashArray", "lineCap"]) else { return nil }
        guard let dashNode = resolvedJSON(members["dashArray"]!, at: pointer + "/dashArray") else { return nil }
        guard let dashes = dashNode.array, !dashes.isEmpty else {
            error(.invalidDashArray, at: members["dashArray"]!, pointer: pointer + "/dashArray")
            return nil
        }
        var dashArray: [TokenDimension] = []
        for (index, dash) in dashes.enumerated() {
            guard case .dimension(let value)? = parse(dash, as: .dimension, at: pointer + "/dashArray/\(index)") else { return nil }
            dashArray.append(value)
        }
        guard let cap = string(members["lineCap"]!, at: pointer + "/lineCap", what: "'lineCap'") else { return nil }
        guard TokenStrokeStyle.lineCaps.contains(cap) else {
            error(.unknownLineCap(cap), at: members["lineCap"]!, pointer: pointer + "/lineCap")
            return nil
        }
        return .dashes(dashArray: dashArray, lineCap: cap)
    }
}

extension Reference.Parsed {
    var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}
