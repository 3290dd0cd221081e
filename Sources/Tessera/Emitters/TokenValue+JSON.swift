extension TokenValue {
    /// The value in DTCG 2025.10 JSON shape: color and dimension objects, and so on.
    package var dtcgJSON: JSONValue { json(flat: false) }

    /// The value in the notation of `tessera resolve --format flat`: colors as sRGB
    /// `#rrggbbaa`, dimensions as `16px`, durations as `200ms`, numbers as numbers, and
    /// composites as objects of those.
    package var flatJSON: JSONValue { json(flat: true) }

    /// The text of the value in a flat listing: scalars bare, composites as compact JSON with
    /// sorted keys.
    package var flatText: String {
        switch self {
        case .color(let color): return color.hexString()
        case .dimension(let dimension): return dimension.flatText
        case .duration(let duration): return duration.flatText
        case .number(let value), .fontWeight(let value): return NumberFormatting.shortest(value)
        case .string(let text): return Self.lineSafe(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .fontFamily(let names, _) where names.count == 1: return Self.lineSafe(names[0])
        case .strokeStyle(.keyword(let keyword)): return keyword
        default: return JSONWriter(sortKeys: true).string(flatJSON)
        }
    }

    /// Text as is, unless it holds a control character (a tab or line break would break the
    /// one-line-per-token format): then it is written as a JSON string literal.
    static func lineSafe(_ text: String) -> String {
        text.utf8.contains { $0 < 0x20 } ? ValueParser.json(text) : text
    }

    private func json(flat: Bool) -> JSONValue {
        switch self {
        case .color(let color): return flat ? .string(color.hexString()) : color.dtcgJSON
        case .dimension(let dimension): return dimension.json(flat: flat)
        case .fontFamily(let names, let isList):
            return isList || names.count != 1 ? .array(names.map(JSONValue.string)) : .string(names[0])
        case .fontWeight(let value), .number(let value): return .number(value)
        case .duration(let duration): return duration.json(flat: flat)
        case .cubicBezier(let curve): return curve.json
        case .strokeStyle(let style): return style.json(flat: flat)
        case .border(let border):
            return .object([
                ("color", TokenValue.color(border.color).json(flat: flat)),
                ("width", border.width.json(flat: flat)),
                ("style", border.style.json(flat: flat)),
            ])
        case .transition(let transition):
            return .object([
                ("duration", transition.duration.json(flat: flat)),
                ("delay", transition.delay.json(flat: flat)),
                ("timingFunction", transition.timingFunction.json),
            ])
        case .shadow(let layers, let isList):
            let objects = layers.map { layer -> JSONValue in
                var pairs: [(String, JSONValue)] = [
                    ("color", TokenValue.color(layer.color).json(flat: flat)),
                    ("offsetX", layer.offsetX.json(flat: flat)),
                    ("offsetY", layer.offsetY.json(flat: flat)),
                    ("blur", layer.blur.json(flat: flat)),
                    ("spread", layer.spread.json(flat: flat)),
                ]
                if layer.inset || flat { pairs.append(("inset", JSONValue(.bool(layer.inset)))) }
                return .object(pairs)
            }
            return isList || objects.count != 1 ? .array(objects) : objects[0]
        case .gradient(let stops):
            return .array(stops.map { stop in
                .object([("color", TokenValue.color(stop.color).json(flat: flat)), ("position", .number(stop.position))])
            })
        case .typography(let typography):
            var pairs: [(String, JSONValue)] = [
                ("fontFamily", TokenValue.fontFamily(typography.fontFamily, isList: typography.fontFamily.count != 1).json(flat: flat)),
                ("fontSize", typography.fontSize.json(flat: flat)),
                ("fontWeight", .number(typography.fontWeight)),
                ("letterSpacing", typography.letterSpacing.json(flat: flat)),
            ]
            if let lineHeight = typography.lineHeight { pairs.append(("lineHeight", .number(lineHeight))) }
            // In DTCG output the text case is the token's `$extensions`; the flat line has it inline.
            if flat, let textCase = typography.textCase { pairs.append(("textCase", .string(textCase.rawValue))) }
            return .object(pairs)
        case .string(let text): return .string(text)
        case .boolean(let flag): return JSONValue(.bool(flag))
        }
    }
}

extension TokenColor {
    /// The color as a DTCG 2025.10 object.
    package var dtcgJSON: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("colorSpace", .string(colorSpace.rawValue)),
            ("components", .array(components.map { $0.map(JSONValue.number) ?? .string("none") })),
        ]
        if alpha != 1 { pairs.append(("alpha", .number(alpha))) }
        if let hex { pairs.append(("hex", .string(hex))) }
        return .object(pairs)
    }

    /// The shortest decimal (to six places) whose value × 255 is within a quarter of the same
    /// byte as `value` × 255 — far from a rounding tie, so every reader takes the same byte.
    static func shortestByte(_ value: Double) -> String {
        let byte = (value * 255).rounded()
        guard abs(value * 255 - byte) < 1e-6 else { return NumberFormatting.shortest(value) }
        // A byte read from a hex color is exactly byte / 255: its decimal is worked out once.
        if byte >= 0, byte <= 255, value == byte / 255 { return byteDecimals[Int(byte)] }
        return shortestDecimal(value, byte: byte)
    }

    /// `shortestByte(_:)` of each byte / 255.
    private static let byteDecimals: [String] = (0...255).map { shortestDecimal(Double($0) / 255, byte: Double($0)) }

    /// The shortest decimal (to six places) of `value` whose value × 255 is within a quarter
    /// of `byte`.
    private static func shortestDecimal(_ value: Double, byte: Double) -> String {
        var scale = 1.0
        for _ in 0..<6 {
            scale *= 10
            let decimal = (value * scale).rounded() / scale
            if abs(decimal * 255 - byte) <= 0.25 { return NumberFormatting.shortest(decimal) }
        }
        return NumberFormatting.shortest(value)
    }

    /// The DTCG object as compact JSON, for messages and fix-its.
    package var dtcgJSONText: String {
        var text = "{\"colorSpace\":\""
        text += colorSpace.rawValue
        text += "\",\"components\":["
        // With the hex beside them, sRGB components (and the alpha) are written as the shortest
        // decimals that still name the same byte: 0.122, not 0.12156862745098039.
        let write = hex != nil && colorSpace == .srgb ? Self.shortestByte : NumberFormatting.shortest
        for (index, component) in components.enumerated() {
            if index > 0 { text += "," }
            text += component.map(write) ?? "\"none\""
        }
        text += "]"
        if alpha != 1 { text += ",\"alpha\":" + write(alpha) }
        if let hex { text += ",\"hex\":" + ValueParser.json(hex) }
        return text + "}"
    }
}

extension TokenDimension {
    var flatText: String { NumberFormatting.shortest(value) + unit.rawValue }
    func json(flat: Bool) -> JSONValue {
        flat ? .string(flatText) : .object([("value", .number(value)), ("unit", .string(unit.rawValue))])
    }
}

extension TokenDuration {
    var flatText: String { NumberFormatting.shortest(value) + unit.rawValue }
    func json(flat: Bool) -> JSONValue {
        flat ? .string(flatText) : .object([("value", .number(value)), ("unit", .string(unit.rawValue))])
    }
}

extension CubicBezier {
    var json: JSONValue { .array([x1, y1, x2, y2].map(JSONValue.number)) }
}

extension TokenStrokeStyle {
    func json(flat: Bool) -> JSONValue {
        switch self {
        case .keyword(let keyword): return .string(keyword)
        case .dashes(let dashArray, let lineCap):
            return .object([("dashArray", .array(dashArray.map { $0.json(flat: flat) })), ("lineCap", .string(lineCap))])
        }
    }
}
