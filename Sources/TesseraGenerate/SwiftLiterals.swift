import Tessera

/// Swift source text for values: string literals, numbers, doc comments, and each token value
/// as an expression of Tessera's types (the runtime-backed flavor) or of the generated
/// file's own types (the static flavor).
package enum SwiftLiterals {
    /// A Swift string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        // Most names need no escape: one scan, one copy.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\0": output += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    output += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    /// A Double literal: shortest round-trip digits, `Double.infinity` and `.nan` spelled out.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "Double.nan" }
        if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
        let text = NumberFormatting.shortest(value)
        return text
    }

    /// Doc comment lines (`///`) for a description, at an indentation.
    static func docComment(_ text: String, indent: String, into output: inout String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line[...]
            output += indent
            output += trimmed.isEmpty ? "///\n" : "/// \(trimmed)\n"
        }
    }

    /// The `@available(*, deprecated…)` line of a deprecated token.
    static func deprecation(_ token: GenerationContext.Token, indent: String, into output: inout String) {
        guard let message = token.deprecationMessage else { return }
        output += indent
        output += message.isEmpty ? "@available(*, deprecated)\n" : "@available(*, deprecated, message: \(string(message)))\n"
    }

    // MARK: Tessera's types (runtime-backed flavor)

    /// The `ThemeValue` type a token of `type` is read as, qualified: a group of tokens may be
    /// named `String` or `Double`.
    static func runtimeType(_ type: TokenType) -> String {
        switch type {
        case .color: "TesseraRuntime.ThemeColor"
        case .dimension: "TesseraRuntime.TokenDimension"
        case .fontFamily: "TesseraRuntime.FontFamily"
        case .fontWeight, .number: "Swift.Double"
        case .duration: "TesseraRuntime.TokenDuration"
        case .cubicBezier: "TesseraRuntime.CubicBezier"
        case .strokeStyle: "TesseraRuntime.TokenStrokeStyle"
        case .border: "TesseraRuntime.Border"
        case .transition: "TesseraRuntime.TokenTransition"
        case .shadow: "TesseraRuntime.ShadowLayers"
        case .gradient: "TesseraRuntime.GradientStops"
        case .typography: "TesseraRuntime.Typography"
        case .string: "Swift.String"
        case .boolean: "Swift.Bool"
        }
    }

    /// A value as an expression of its `runtimeType`.
    package static func runtimeValue(_ value: TokenValue) -> String {
        switch value {
        case .color(let color):
            let drawn = ThemeColor(color)
            return "TesseraRuntime.ThemeColor(\(drawn.space == .sRGB ? ".sRGB" : ".displayP3"), red: \(number(drawn.red)), "
                + "green: \(number(drawn.green)), blue: \(number(drawn.blue)), alpha: \(number(drawn.alpha)))"
        case .dimension(let dimension): return "TesseraRuntime.TokenDimension(\(dimensionArguments(dimension)))"
        case .fontFamily(let names, _): return "TesseraRuntime.FontFamily([\(names.map(string).joined(separator: ", "))])"
        case .fontWeight(let weight): return number(weight)
        case .number(let value): return number(value)
        case .duration(let duration): return "TesseraRuntime.TokenDuration(\(number(duration.value)), .\(duration.unit.rawValue))"
        case .cubicBezier(let curve): return "TesseraRuntime.CubicBezier(\(curveArguments(curve)))"
        case .strokeStyle(let style): return "TesseraRuntime.TokenStrokeStyle" + strokeStyle(style)
        case .border(let border):
            return "TesseraRuntime.Border(color: \(tokenColor(border.color)), width: TesseraRuntime.TokenDimension(\(dimensionArguments(border.width))), "
                + "style: TesseraRuntime.TokenStrokeStyle\(strokeStyle(border.style)))"
        case .transition(let transition):
            return "TesseraRuntime.TokenTransition(duration: TesseraRuntime.TokenDuration(\(number(transition.duration.value)), .\(transition.duration.unit.rawValue)), "
                + "delay: TesseraRuntime.TokenDuration(\(number(transition.delay.value)), .\(transition.delay.unit.rawValue)), "
                + "timingFunction: TesseraRuntime.CubicBezier(\(curveArguments(transition.timingFunction))))"
        case .shadow(let layers, _):
            let items = layers.map { layer in
                "TesseraRuntime.Shadow(color: \(tokenColor(layer.color)), offsetX: .init(\(dimensionArguments(layer.offsetX))), "
                    + "offsetY: .init(\(dimensionArguments(layer.offsetY))), blur: .init(\(dimensionArguments(layer.blur))), "
                    + "spread: .init(\(dimensionArguments(layer.spread))), inset: \(layer.inset))"
            }
            return "TesseraRuntime.ShadowLayers([\(items.joined(separator: ", "))])"
        case .gradient(let stops):
            let items = stops.map { "TesseraRuntime.GradientStop(color: \(tokenColor($0.color)), position: \(number($0.position)))" }
            return "TesseraRuntime.GradientStops([\(items.joined(separator: ", "))])"
        case .typography(let typography):
            var text = "TesseraRuntime.Typography(fontFamily: [\(typography.fontFamily.map(string).joined(separator: ", "))], "
                + "fontSize: .init(\(dimensionArguments(typography.fontSize))), fontWeight: \(number(typography.fontWeight)), "
                + "letterSpacing: .init(\(dimensionArguments(typography.letterSpacing)))"
            if let lineHeight = typography.lineHeight { text += ", lineHeight: \(number(lineHeight))" }
            if let textCase = typography.textCase { text += ", textCase: TesseraRuntime.TextCase.\(textCase.rawValue)" }
            return text + ")"
        case .string(let text): return string(text)
        case .boolean(let flag): return flag ? "true" : "false"
        }
    }

    private static func dimensionArguments(_ dimension: TokenDimension) -> String {
        "\(number(dimension.value)), .\(dimension.unit.rawValue)"
    }

    private static func curveArguments(_ curve: CubicBezier) -> String {
        [curve.x1, curve.y1, curve.x2, curve.y2].map(number).joined(separator: ", ")
    }

    private static func strokeStyle(_ style: TokenStrokeStyle) -> String {
        switch style {
        case .keyword(let keyword): ".keyword(\(string(keyword)))"
        case .dashes(let dashes, let cap):
            ".dashes(dashArray: [\(dashes.map { "TesseraRuntime.TokenDimension(\(dimensionArguments($0)))" }.joined(separator: ", "))], lineCap: \(string(cap)))"
        }
    }

    /// A token color exactly as resolved: its space, components (`nil` for `none`) and alpha.
    private static func tokenColor(_ color: TokenColor) -> String {
        let components = color.components.map { $0.map(number) ?? "nil" }.joined(separator: ", ")
        return "TesseraRuntime.TokenColor(.\(color.colorSpace), [\(components)], alpha: \(number(color.alpha)))"
    }

    // MARK: The static flavor's own types

    /// Points for a dimension: px as they are, rem and em at a 16-point base.
    package static func points(_ dimension: TokenDimension) -> Double {
        dimension.unit == .px ? dimension.value : dimension.value * 16
    }

    /// The static flavor's type for a token type, inside the values namespace `values`.
    static func staticType(_ type: TokenType, values: String) -> String {
        switch type {
        case .color: "\(values).Color"
        case .dimension, .fontWeight, .number: "Swift.Double"
        case .fontFamily: "[Swift.String]"
        case .duration: "Swift.Double"
        case .cubicBezier: "\(values).CubicBezier"
        case .strokeStyle: "\(values).StrokeStyle"
        case .border: "\(values).Border"
        case .transition: "\(values).Transition"
        case .shadow: "[\(values).Shadow]"
        case .gradient: "[\(values).GradientStop]"
        case .typography: "\(values).Typography"
        case .string: "Swift.String"
        case .boolean: "Swift.Bool"
        }
    }

    /// A value as an expression of its `staticType` (dimensions in points, durations in
    /// seconds, colors as drawn: sRGB, or Display P3 when wider).
    static func staticValue(_ value: TokenValue, values: String) -> String {
        switch value {
        case .color(let color): return staticColor(color, values: values)
        case .dimension(let dimension): return number(points(dimension))
        case .fontFamily(let names, _): return "[\(names.map(string).joined(separator: ", "))]"
        case .fontWeight(let weight): return number(weight)
        case .number(let value): return number(value)
        case .duration(let duration): return number(duration.milliseconds / 1000)
        case .cubicBezier(let curve): return "\(values).CubicBezier(\(curveArguments(curve)))"
        case .strokeStyle(let style): return staticStroke(style, values: values)
        case .border(let border):
            return "\(values).Border(color: \(staticColor(border.color, values: values)), width: \(number(points(border.width))), "
                + "style: \(staticStroke(border.style, values: values)))"
        case .transition(let transition):
            return "\(values).Transition(duration: \(number(transition.duration.milliseconds / 1000)), "
                + "delay: \(number(transition.delay.milliseconds / 1000)), timingFunction: \(values).CubicBezier(\(curveArguments(transition.timingFunction))))"
        case .shadow(let layers, _):
            let items = layers.map { layer in
                "\(values).Shadow(color: \(staticColor(layer.color, values: values)), offsetX: \(number(points(layer.offsetX))), "
                    + "offsetY: \(number(points(layer.offsetY))), blur: \(number(points(layer.blur))), "
                    + "spread: \(number(points(layer.spread))), inset: \(layer.inset))"
            }
            return "[\(items.joined(separator: ", "))]"
        case .gradient(let stops):
            let items = stops.map { "\(values).GradientStop(color: \(staticColor($0.color, values: values)), position: \(number($0.position)))" }
            return "[\(items.joined(separator: ", "))]"
        case .typography(let typography):
            var text = "\(values).Typography(fontFamily: [\(typography.fontFamily.map(string).joined(separator: ", "))], "
                + "fontSize: \(number(points(typography.fontSize))), fontWeight: \(number(typography.fontWeight)), "
                + "letterSpacing: \(number(points(typography.letterSpacing)))"
            if let lineHeight = typography.lineHeight { text += ", lineHeight: \(number(lineHeight))" }
            if let textCase = typography.textCase { text += ", textCase: \(values).TextCase.\(textCase.rawValue)" }
            return text + ")"
        case .string(let text): return string(text)
        case .boolean(let flag): return flag ? "true" : "false"
        }
    }

    private static func staticColor(_ color: TokenColor, values: String) -> String {
        let drawn = ThemeColor(color)
        return "\(values).Color(red: \(number(rounded(drawn.red))), green: \(number(rounded(drawn.green))), "
            + "blue: \(number(rounded(drawn.blue))), alpha: \(number(rounded(drawn.alpha)))\(drawn.space == .displayP3 ? ", displayP3: true" : ""))"
    }

    private static func staticStroke(_ style: TokenStrokeStyle, values: String) -> String {
        switch style {
        case .keyword(let keyword): "\(values).StrokeStyle.keyword(\(string(keyword)))"
        case .dashes(let dashes, let cap):
            "\(values).StrokeStyle.dashes([\(dashes.map { number(points($0)) }.joined(separator: ", "))], lineCap: \(string(cap)))"
        }
    }

    /// Components to six places: what a display distinguishes, without binary noise.
    package static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
