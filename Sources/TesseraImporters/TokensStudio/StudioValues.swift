import Foundation
import Tessera

/// A Tokens Studio value with its references replaced by the referenced tokens' values.
indirect enum StudioNode: Sendable {
    case text(String, offset: Int)
    case number(Double, offset: Int)
    case boolean(Bool, offset: Int)
    /// A string that was just a reference: the referenced token's value, typed.
    case resolved(TokenValue, offset: Int)
    case object([(key: String, value: StudioNode)], offset: Int)
    case array([StudioNode], offset: Int)
    case null(offset: Int)

    var offset: Int {
        switch self {
        case .text(_, let offset), .number(_, let offset), .boolean(_, let offset), .resolved(_, let offset),
            .object(_, let offset), .array(_, let offset), .null(let offset):
            offset
        }
    }

    subscript(key: String) -> StudioNode? {
        guard case .object(let members, _) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var described: String {
        switch self {
        case .text(let text, _): "'\(text)'"
        case .number(let value, _): StudioMath.format(value)
        case .boolean(let value, _): value ? "true" : "false"
        case .resolved(let value, _): "a \(value.type.rawValue) (\(value.flatText))"
        case .object: "an object"
        case .array: "an array"
        case .null: "null"
        }
    }
}

/// References in Tokens Studio strings, anywhere in the text: `{path}`, and the older `$path`,
/// read as Tokens Studio's `AliasRegex` (`\$[^\s,]+\w`) reads it: from the `$`, everything up to
/// a space or a comma, then back to the last letter, digit or `_` (`"$spacing.md * 2"` names
/// `spacing.md`; `"rgba($color.red, 0.5)"` names `color.red`; a name needs two characters).
enum StudioReferences {
    /// The references in `text`: each path and the range of what is written (braces, or `$`
    /// and the name).
    static func find(in text: String) -> [(path: String, range: Range<String.Index>)] {
        var found: [(String, Range<String.Index>)] = []
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "$") }) else { return found }
        var index = text.startIndex
        while let open = text[index...].firstIndex(where: { $0 == "{" || $0 == "$" }) {
            if text[open] == "$" {
                if let end = dollarEnd(in: text, after: open) {
                    found.append((String(text[text.index(after: open)..<end]), open..<end))
                    index = end
                } else {
                    index = text.index(after: open)
                }
                continue
            }
            guard let close = text[text.index(after: open)...].firstIndex(where: { $0 == "}" || $0 == "{" }) else { break }
            if text[close] == "{" {
                index = close
                continue
            }
            let path = text[text.index(after: open)..<close].studioTrimmed()
            if !path.isEmpty { found.append((path, open..<text.index(after: close))) }
            index = text.index(after: close)
        }
        return found
    }

    /// Where a `$name` reference that starts at `dollar` ends: past the longest run of
    /// characters but whitespace and `,` whose last is a word character, at least two long.
    static func dollarEnd(in text: String, after dollar: String.Index) -> String.Index? {
        let start = text.index(after: dollar)
        var end = start
        var lastWord: String.Index?
        while end < text.endIndex, !text[end].isWhitespace, text[end] != "," {
            let next = text.index(after: end)
            if end > start, text[end].isASCII, text[end].isLetter || text[end].isNumber || text[end] == "_" { lastWord = next }
            end = next
        }
        return lastWord
    }

    /// Calls `visit` with every reference inside a JSON value, in document order, and the byte
    /// offset of its `{` (strings are assumed to be written without escapes before it).
    static func visit(_ node: JSONValue, _ visit: (String, Int) -> Void) {
        switch node.storage {
        case .string(let text):
            for (path, range) in find(in: text) {
                visit(path, node.offset + 1 + text.utf8.distance(from: text.startIndex, to: range.lowerBound))
            }
        case .array(let elements):
            for element in elements { Self.visit(element, visit) }
        case .object(let members):
            for member in members { Self.visit(member.value, visit) }
        default:
            break
        }
    }

    /// The value with each reference replaced by the next of `operands` (in the order `visit`
    /// meets them): a string that is only a reference becomes the value itself; otherwise the
    /// value's text stands in the string.
    static func substitute(_ node: JSONValue, _ operands: inout ArraySlice<TokenValue>) -> Result<StudioNode, Computation.Failure> {
        switch node.storage {
        case .string(let text):
            let references = find(in: text)
            if references.isEmpty { return .success(.text(text, offset: node.offset)) }
            if references.count == 1, text.studioTrimmed() == String(text[references[0].range]) {
                guard let value = operands.popFirst() else { return .failure(.init(.studioValue("a reference has no value"), at: node.offset)) }
                return .success(.resolved(value, offset: node.offset))
            }
            var result = ""
            var last = text.startIndex
            for (path, range) in references {
                guard let value = operands.popFirst() else { return .failure(.init(.studioValue("a reference has no value"), at: node.offset)) }
                guard let written = textForm(value) else {
                    return .failure(.init(.studioValue("'{\(path)}' is a \(value.type.rawValue) token, which cannot stand inside text ('\(text)')"),
                        at: node.offset))
                }
                result += text[last..<range.lowerBound] + written
                last = range.upperBound
            }
            result += text[last...]
            return .success(.text(result, offset: node.offset))
        case .number(let value): return .success(.number(value, offset: node.offset))
        case .bool(let value): return .success(.boolean(value, offset: node.offset))
        case .null: return .success(.null(offset: node.offset))
        case .array(let elements):
            var converted: [StudioNode] = []
            for element in elements {
                switch substitute(element, &operands) {
                case .success(let value): converted.append(value)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(.array(converted, offset: node.offset))
        case .object(let members):
            var converted: [(key: String, value: StudioNode)] = []
            for member in members {
                switch substitute(member.value, &operands) {
                case .success(let value): converted.append((member.key, value))
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(.object(converted, offset: node.offset))
        }
    }

    /// How a value is written inside text, as Tokens Studio writes it: `#rrggbb` colors,
    /// `8px`, `1.5`; nil for composites.
    static func textForm(_ value: TokenValue) -> String? {
        switch value {
        case .color(let color): color.hexString(includeAlpha: false)
        case .dimension(let dimension): StudioMath.format(dimension.value) + dimension.unit.rawValue
        case .number(let number), .fontWeight(let number): StudioMath.format(number)
        case .fontFamily(let names, _): names.joined(separator: ", ")
        case .string(let text): text
        case .boolean(let flag): flag ? "true" : "false"
        case .duration(let duration): StudioMath.format(duration.value) + duration.unit.rawValue
        default: nil
        }
    }
}

/// What a Tokens Studio type becomes, and how its values are read.
enum StudioKind: Sendable, Equatable {
    case color
    case gradient
    /// `percentIsEm`: letter spacing, where `150%` is `1.5em`.
    case dimension(percentIsEm: Bool)
    /// `percentIsFraction`: opacity and line heights, where `25%` is 0.25.
    case number(percentIsFraction: Bool)
    case fontWeight
    case fontFamily
    case typography
    case shadow
    case border
    case string
    case boolean
    case duration
    case cubicBezier
    /// A DTCG type whose value is read as DTCG JSON.
    case dtcg(TokenType)

    var type: TokenType {
        switch self {
        case .color: .color
        case .gradient: .gradient
        case .dimension: .dimension
        case .number: .number
        case .fontWeight: .fontWeight
        case .fontFamily: .fontFamily
        case .typography: .typography
        case .shadow: .shadow
        case .border: .border
        case .string: .string
        case .boolean: .boolean
        case .duration: .duration
        case .cubicBezier: .cubicBezier
        case .dtcg(let type): type
        }
    }

    /// The kind for a Tokens Studio type name (in any letter case), or nil when it has no 2025.10
    /// form (`composition`) or is unknown.
    static func of(_ type: String, value: JSONValue?) -> StudioKind? {
        switch type.lowercased() {
        case "color":
            if let text = value?.string?.studioTrimmed().lowercased(),
                text.hasPrefix("linear-gradient(") || text.hasPrefix("radial-gradient(")
            {
                return .gradient
            }
            return .color
        case "dimension", "spacing", "sizing", "borderradius", "borderwidth", "fontsizes", "fontsize", "paragraphspacing",
            "paragraphindent":
            return .dimension(percentIsEm: false)
        case "letterspacing": return .dimension(percentIsEm: true)
        case "lineheights", "lineheight":
            // A line height with a unit (`32px`) is a length, which the transforms leave as it is.
            if let text = value?.string?.studioTrimmed(), let unit = ["px", "rem", "em"].first(where: { text.hasSuffix($0) }),
                StudioMath.javaScriptNumber(String(text.dropLast(unit.count))) != nil
            {
                return .dimension(percentIsEm: false)
            }
            return .number(percentIsFraction: true)
        case "opacity": return .number(percentIsFraction: true)
        case "number", "math":
            // Tokens Studio writes what it likes in a number: one with a unit is a dimension.
            if let text = value?.string?.studioTrimmed(),
                let unit = ["px", "rem", "em"].first(where: { text.hasSuffix($0) }),
                StudioMath.javaScriptNumber(String(text.dropLast(unit.count))) != nil
            {
                return .dimension(percentIsEm: false)
            }
            return .number(percentIsFraction: false)
        case "fontweights", "fontweight": return .fontWeight
        case "fontfamilies", "fontfamily": return .fontFamily
        case "typography": return .typography
        case "boxshadow", "shadow": return .shadow
        case "border": return .border
        case "text", "textcase", "textdecoration", "asset", "string", "content", "html": return .string
        case "boolean": return .boolean
        case "duration", "time": return .duration
        case "cubicbezier": return .cubicBezier
        case "gradient": return .gradient
        case "strokestyle": return .dtcg(.strokeStyle)
        case "transition": return .dtcg(.transition)
        case "other":
            if value?.number != nil || value?.string.flatMap(StudioMath.javaScriptNumber) != nil { return .number(percentIsFraction: false) }
            return .string
        default: return nil
        }
    }
}

/// Reads Tokens Studio values of one kind into typed values.
struct StudioConverter: Sendable {
    typealias Outcome = Result<TokenValue, Computation.Failure>
    let kind: StudioKind

    func convert(_ node: StudioNode) -> Outcome {
        switch kind {
        case .color: color(node).map(TokenValue.color)
        case .gradient: gradient(node)
        case .dimension(let percentIsEm): dimension(node, percentIsEm: percentIsEm).map(TokenValue.dimension)
        case .number(let percentIsFraction): number(node, percentIsFraction: percentIsFraction).map(TokenValue.number)
        case .fontWeight: fontWeight(node).map(TokenValue.fontWeight)
        case .fontFamily: fontFamily(node)
        case .typography: typography(node)
        case .shadow: shadow(node)
        case .border: border(node)
        case .string: string(node)
        case .boolean: boolean(node)
        case .duration: duration(node)
        case .cubicBezier: cubicBezier(node)
        case .dtcg(let type): .failure(fail("a \(type.rawValue) written with references inside is not read", node))
        }
    }

    /// What Tokens Studio and its transforms see where Tessera has a referenced token's typed
    /// value: there a value is only ever what was written, so a token of one type may hold
    /// another's (a `number` whose reference is a `dimension` written `"18"`, an `opacity` that
    /// is a `text` token's `"50%"`, a `fontWeights` that is a `number`). A dimension in px read
    /// as a number is its number (Tessera reads `"18"` as 18px); any other scalar is read again
    /// as its text. Nil for composites and for what is not a reference.
    static func coerced(_ node: StudioNode, asNumber: Bool = false) -> StudioNode? {
        guard case .resolved(let value, let offset) = node else { return nil }
        if asNumber, case .dimension(let dimension) = value, dimension.unit == .px { return .number(dimension.value, offset: offset) }
        return StudioReferences.textForm(value).map { .text($0, offset: offset) }
    }

    private func fail(_ problem: String, _ node: StudioNode) -> Computation.Failure {
        Computation.Failure(.studioValue(problem), at: node.offset)
    }

    private func expected(_ what: String, _ node: StudioNode) -> Computation.Failure {
        fail("expected \(what), found \(node.described)", node)
    }

    func color(_ node: StudioNode) -> Result<TokenColor, Computation.Failure> {
        switch node {
        case .resolved(.color(let color), _): return .success(color)
        case .text(let text, _):
            if let color = StudioColor.parse(text) { return .success(color) }
            return .failure(expected("a color (#rrggbb, #rrggbbaa, rgb(), rgba(), hsl())", node))
        case .object:
            // A 2025.10 color object, which Tokens Studio stores as it is.
            guard case .text(let name, _)? = node["colorSpace"], let space = ColorSpace(rawValue: name),
                case .array(let parts, _)? = node["components"], parts.count == 3
            else { return .failure(expected("a color, or a 2025.10 color object (colorSpace, components)", node)) }
            var components: [Double?] = []
            for part in parts {
                switch part {
                case .number(let value, _): components.append(value)
                case .text("none", _): components.append(nil)
                default: return .failure(expected("a color component (a number or none)", part))
                }
            }
            var alpha = 1.0
            if case .number(let value, _)? = node["alpha"] { alpha = value }
            return .success(TokenColor(space, components, alpha: alpha))
        default:
            if let text = Self.coerced(node) { return color(text) }
            return .failure(expected("a color", node))
        }
    }

    func dimension(_ node: StudioNode, percentIsEm: Bool = false) -> Result<TokenDimension, Computation.Failure> {
        switch node {
        case .resolved(.dimension(let dimension), _): return .success(dimension)
        case .resolved(.number(let value), _), .number(let value, _): return .success(TokenDimension(value, .px))
        case .text(let text, _):
            switch StudioMath.evaluate(text) {
            case .number(let value): return .success(TokenDimension(value, .px))
            case .text(let reduced):
                if let dimension = Self.dimension(reduced, percentIsEm: percentIsEm) { return .success(dimension) }
                if StudioMath.split(reduced).count > 1 {
                    return .failure(fail("'\(text)' holds several values ('\(reduced)'); a 2025.10 dimension holds one", node))
                }
                if reduced.dropFirst().contains(where: { "+-*/%^(".contains($0) }) {
                    return .failure(fail("'\(text)' cannot be evaluated: Tessera evaluates the math Tokens Studio does (numbers, px and one other unit, + - * / % ^, parentheses and its functions)", node))
                }
                return .failure(expected("a dimension (a number, px, rem or em)", node))
            }
        default:
            if let text = Self.coerced(node) { return dimension(text, percentIsEm: percentIsEm) }
            return .failure(expected("a dimension", node))
        }
    }

    /// `16`, `16px`, `1.5rem`, `2em`; `150%` as `1.5em` when `percentIsEm`.
    static func dimension(_ text: String, percentIsEm: Bool) -> TokenDimension? {
        let trimmed = text.studioTrimmed()
        for unit in [TokenDimension.Unit.px, .rem, .em] where trimmed.hasSuffix(unit.rawValue) {
            return StudioMath.javaScriptNumber(String(trimmed.dropLast(unit.rawValue.count))).flatMap {
                $0.isFinite ? TokenDimension($0, unit) : nil
            }
        }
        if percentIsEm, trimmed.hasSuffix("%"), let value = Double(trimmed.dropLast()) { return TokenDimension(value / 100, .em) }
        guard !trimmed.isEmpty, let value = StudioMath.javaScriptNumber(trimmed), value.isFinite else { return nil }
        return TokenDimension(value, .px)
    }

    func number(_ node: StudioNode, percentIsFraction: Bool) -> Result<Double, Computation.Failure> {
        switch node {
        case .number(let value, _), .resolved(.number(let value), _), .resolved(.fontWeight(let value), _): return .success(value)
        case .text(let text, _):
            switch StudioMath.evaluate(text) {
            case .number(let value): return .success(value)
            case .text(let reduced):
                let trimmed = reduced.studioTrimmed()
                if let value = StudioMath.javaScriptNumber(trimmed), value.isFinite { return .success(value) }
                // A value in px is its number, as a referenced px dimension is (see `coerced`):
                // `{size.font} / {size.base}` reads `18px / 16px`, 1.125 in Tokens Studio's `18 / 16`.
                if !percentIsFraction, trimmed.hasSuffix("px"), let value = StudioMath.javaScriptNumber(String(trimmed.dropLast(2))), value.isFinite {
                    return .success(value)
                }
                if percentIsFraction, trimmed.hasSuffix("%"), let value = Double(trimmed.dropLast()) { return .success(value / 100) }
                return .failure(expected(percentIsFraction ? "a number or a percentage" : "a number", node))
            }
        default:
            if let text = Self.coerced(node, asNumber: true) { return number(text, percentIsFraction: percentIsFraction) }
            return .failure(expected("a number", node))
        }
    }

    func fontWeight(_ node: StudioNode) -> Result<Double, Computation.Failure> {
        switch node {
        case .number(let value, _), .resolved(.fontWeight(let value), _), .resolved(.number(let value), _):
            return (1...1000).contains(value) ? .success(value) : .failure(expected("a weight from 1 to 1000", node))
        case .text(let text, _):
            if let value = StudioMath.javaScriptNumber(text), (1...1000).contains(value) { return .success(value) }
            // Math, as `ts/resolveMath` evaluates it before `ts/typography/fontWeight` reads it.
            if text.contains(where: { "+-*/(".contains($0) }), case .success(let value) = number(node, percentIsFraction: false) {
                return fontWeight(.number(value, offset: node.offset))
            }
            // `ExtraBold Italic`, `semi-bold`: the style is not part of the weight.
            var squeezed = ValueParser.squeezedWeightName(text)
            for style in ["italic", "oblique"] where squeezed.hasSuffix(style) && squeezed != style { squeezed.removeLast(style.count) }
            if let weight = ValueParser.squeezedWeightNames[squeezed] ?? Self.studioWeightNames[squeezed] { return .success(weight) }
            return .failure(expected("a font weight (a number from 1 to 1000 or a name such as Regular, SemiBold, Bold)", node))
        default:
            if let text = Self.coerced(node, asNumber: true) { return fontWeight(text) }
            return .failure(expected("a font weight", node))
        }
    }

    /// The names `ts/typography/fontWeight` reads beyond CSS's (its `fontWeightMap`: the German
    /// names type foundries use, `super`, `ultra`), and the foundries' `Demi` (semibold), squeezed.
    static let studioWeightNames: [String: Double] = [
        "demi": 600, "extraleicht": 200, "leicht": 300, "buch": 400, "kraeftig": 500, "kräftig": 500, "halbfett": 600,
        "dreiviertelfett": 700, "fett": 800, "super": 900, "extrafett": 900, "ultra": 950,
    ]

    func fontFamily(_ node: StudioNode) -> Outcome {
        switch node {
        case .resolved(.fontFamily(let names, let isList), _): return .success(.fontFamily(names, isList: isList))
        case .text(let text, _):
            let names = Self.familyNames(text)
            return names.isEmpty ? .failure(expected("a font family", node)) : .success(.fontFamily(names, isList: names.count > 1))
        case .array(let elements, _):
            var names: [String] = []
            for element in elements {
                guard case .text(let name, _) = element else { return .failure(expected("font family names", element)) }
                names.append(name)
            }
            return .success(.fontFamily(names, isList: true))
        default:
            if let text = Self.coerced(node) { return fontFamily(text) }
            return .failure(expected("a font family", node))
        }
    }

    /// `Arial Black, 'Suisse Int'l', sans-serif` → three names, quotes removed.
    static func familyNames(_ text: String) -> [String] {
        text.split(separator: ",").map { part in
            var name = part.studioTrimmed()
            if name.count >= 2, let first = name.first, first == "'" || first == "\"", name.last == first {
                name = String(name.dropFirst().dropLast())
            }
            return name
        }.filter { !$0.isEmpty }
    }

    func typography(_ node: StudioNode) -> Outcome {
        if case .resolved(.typography(let typography), _) = node { return .success(.typography(typography)) }
        guard case .object = node else { return .failure(expected("a typography object", node)) }
        let missing = ["fontFamily", "fontSize", "fontWeight"].filter { node[$0] == nil }
        guard missing.isEmpty else {
            return .failure(fail("a typography token needs \(missing.joined(separator: ", ")) to be a 2025.10 typography", node))
        }
        let family: [String]
        switch fontFamily(node["fontFamily"]!) {
        case .success(.fontFamily(let names, _)): family = names
        case .failure(let failure): return .failure(failure)
        default: return .failure(expected("a font family", node))
        }
        let size: TokenDimension
        switch dimension(node["fontSize"]!) {
        case .success(let value): size = value
        case .failure(let failure): return .failure(failure)
        }
        let weight: Double
        switch fontWeight(node["fontWeight"]!) {
        case .success(let value): weight = value
        case .failure(let failure): return .failure(failure)
        }
        var letterSpacing = TokenDimension(0, .px)
        if let spacing = node["letterSpacing"] {
            switch dimension(spacing, percentIsEm: true) {
            case .success(let value): letterSpacing = value
            case .failure(let failure): return .failure(failure)
            }
        }
        var lineHeight: Double?
        if let height = node["lineHeight"] {
            switch self.lineHeight(height, fontSize: size) {
            case .success(let value): lineHeight = value
            case .failure(let failure): return .failure(failure)
            }
        }
        var textCase: TextCase?
        if case .text(let name, _)? = node["textCase"] { textCase = TextCase(name: name) }
        return .success(.typography(Typography(fontFamily: family, fontSize: size, fontWeight: weight, letterSpacing: letterSpacing,
            lineHeight: lineHeight, textCase: textCase)))
    }

    /// A multiple of the font size: `1.25`, `125%`; `30px` divided by a font size in px;
    /// nil for `AUTO` and `normal`.
    func lineHeight(_ node: StudioNode, fontSize: TokenDimension) -> Result<Double?, Computation.Failure> {
        if case .text(let text, _) = node, ["auto", "normal"].contains(text.lowercased()) { return .success(nil) }
        if case .resolved(.dimension(let height), _) = node {
            guard height.unit == fontSize.unit, fontSize.value != 0 else {
                return .failure(fail("a line height of \(StudioMath.format(height.value))\(height.unit.rawValue) cannot be set against a font size in \(fontSize.unit.rawValue)", node))
            }
            return .success(height.value / fontSize.value)
        }
        if case .text(let text, _) = node, case .text(let reduced) = StudioMath.evaluate(text),
            let height = Self.dimension(reduced, percentIsEm: false), reduced.hasSuffix(height.unit.rawValue)
        {
            return lineHeight(.resolved(.dimension(height), offset: node.offset), fontSize: fontSize)
        }
        return number(node, percentIsFraction: true).map { Optional($0) }
    }

    func shadow(_ node: StudioNode) -> Outcome {
        switch node {
        case .resolved(.shadow(let layers, let isList), _): return .success(.shadow(layers, isList: isList))
        case .object: return layer(node).map { .shadow([$0], isList: false) }
        case .array(let elements, _):
            var layers: [Shadow] = []
            for element in elements {
                if case .resolved(.shadow(let inner, _), _) = element {
                    layers += inner
                    continue
                }
                switch layer(element) {
                case .success(let value): layers.append(value)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(.shadow(layers, isList: true))
        default: return .failure(expected("a shadow object or an array of them", node))
        }
    }

    private func layer(_ node: StudioNode) -> Result<Shadow, Computation.Failure> {
        guard case .object = node else { return .failure(expected("a shadow object", node)) }
        guard let colorNode = node["color"] else { return .failure(fail("a shadow needs a color", node)) }
        var sizes: [TokenDimension] = []
        for key in ["x", "y", "blur", "spread"] {
            guard let field = node[key] else {
                sizes.append(TokenDimension(0, .px))
                continue
            }
            switch dimension(field) {
            case .success(let value): sizes.append(value)
            case .failure(let failure): return .failure(failure)
            }
        }
        var inset = false
        if case .text(let type, _)? = node["type"] { inset = type == "innerShadow" }
        return color(colorNode).map {
            Shadow(color: $0, offsetX: sizes[0], offsetY: sizes[1], blur: sizes[2], spread: sizes[3], inset: inset)
        }
    }

    func border(_ node: StudioNode) -> Outcome {
        if case .resolved(.border(let border), _) = node { return .success(.border(border)) }
        guard case .object = node else { return .failure(expected("a border object", node)) }
        guard let colorNode = node["color"], let widthNode = node["width"] else {
            return .failure(fail("a border needs a color and a width", node))
        }
        var style = TokenStrokeStyle.keyword("solid")
        if let styleNode = node["style"] {
            switch styleNode {
            case .resolved(.strokeStyle(let value), _): style = value
            case .text(let keyword, _) where TokenStrokeStyle.keywords.contains(keyword): style = .keyword(keyword)
            default: return .failure(expected("a line style (" + TokenStrokeStyle.keywords.joined(separator: ", ") + ")", styleNode))
            }
        }
        let border = color(colorNode).flatMap { color in dimension(widthNode).map { Border(color: color, width: $0, style: style) } }
        return border.map(TokenValue.border)
    }

    func string(_ node: StudioNode) -> Outcome {
        switch node {
        case .text(let text, _): .success(.string(text))
        case .number(let value, _): .success(.string(StudioMath.format(value)))
        case .boolean(let flag, _): .success(.string(flag ? "true" : "false"))
        case .resolved(let value, _): StudioReferences.textForm(value).map { .success(.string($0)) } ?? .failure(expected("text", node))
        default: .failure(expected("text", node))
        }
    }

    func boolean(_ node: StudioNode) -> Outcome {
        switch node {
        case .boolean(let flag, _), .resolved(.boolean(let flag), _): .success(.boolean(flag))
        case .text("true", _): .success(.boolean(true))
        case .text("false", _): .success(.boolean(false))
        default: .failure(expected("true or false", node))
        }
    }

    func duration(_ node: StudioNode) -> Outcome {
        switch node {
        case .resolved(.duration(let duration), _): return .success(.duration(duration))
        case .number(let value, _): return .success(.duration(TokenDuration(value, .ms)))
        case .text(let text, _):
            let trimmed = text.studioTrimmed()
            for unit in [TokenDuration.Unit.ms, .s] where trimmed.hasSuffix(unit.rawValue) {
                if let value = StudioMath.javaScriptNumber(String(trimmed.dropLast(unit.rawValue.count))) {
                    return .success(.duration(TokenDuration(value, unit)))
                }
            }
            if let value = StudioMath.javaScriptNumber(trimmed) { return .success(.duration(TokenDuration(value, .ms))) }
            return .failure(expected("a duration (ms or s)", node))
        default: return .failure(expected("a duration", node))
        }
    }

    func cubicBezier(_ node: StudioNode) -> Outcome {
        var numbers: [Double] = []
        switch node {
        case .resolved(.cubicBezier(let curve), _): return .success(.cubicBezier(curve))
        case .array(let elements, _):
            for element in elements {
                guard case .number(let value, _) = element else { return .failure(expected("four numbers", node)) }
                numbers.append(value)
            }
        case .text(let text, _):
            var inner = text.studioTrimmed()
            if inner.hasPrefix("cubic-bezier("), inner.hasSuffix(")") { inner = String(inner.dropFirst(13).dropLast()) }
            numbers = inner.split(separator: ",").compactMap { StudioMath.javaScriptNumber(String($0)) }
        default: break
        }
        guard numbers.count == 4, (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
            return .failure(expected("a cubic Bézier curve (four numbers, x values from 0 to 1)", node))
        }
        return .success(.cubicBezier(CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])))
    }

    /// `linear-gradient(90deg, #354752 0%, #0b0d0e 100%)`: the stops (the angle has no place in
    /// a 2025.10 gradient); stops without a position are spread evenly.
    func gradient(_ node: StudioNode) -> Outcome {
        if case .resolved(.gradient(let stops), _) = node { return .success(.gradient(stops)) }
        guard case .text(let text, _) = node, let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            return .failure(expected("a CSS gradient", node))
        }
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text[text.index(after: open)..<text.index(before: text.endIndex)] {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current.studioTrimmed())
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.studioTrimmed())
        if let first = parts.first, first.hasSuffix("deg") || first.hasPrefix("to ") || first.hasSuffix("turn") || first.hasSuffix("rad")
            || first.hasPrefix("circle") || first.hasPrefix("ellipse")
        {
            parts.removeFirst()
        }
        var stops: [(TokenColor, Double?)] = []
        for part in parts {
            var colorText = part
            var position: Double?
            if let space = part.lastIndex(of: " "), part[part.index(after: space)...].hasSuffix("%"),
                let value = Double(part[part.index(after: space)...].dropLast())
            {
                colorText = String(part[..<space])
                position = value / 100
            }
            guard let color = StudioColor.parse(colorText) else { return .failure(expected("gradient stops (a color and a percentage)", node)) }
            stops.append((color, position))
        }
        guard stops.count >= 2 else { return .failure(expected("a gradient of two stops or more", node)) }
        let last = Double(stops.count - 1)
        return .success(.gradient(stops.enumerated().map { GradientStop(color: $1.0, position: $1.1 ?? Double($0) / last) }))
    }
}

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)` (or `.whitespacesAndNewlines`) without going
    /// through `NSString`: the same characters (tab and the space separators; with `newlines`,
    /// also U+000A–U+000D, U+0085 and the line and paragraph separators), at a fraction of the
    /// cost, which the values of a large Tokens Studio export pay many times each.
    func studioTrimmed(newlines: Bool = false) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII {
                return scalar == " " || scalar == "\t" || newlines && (0x0A...0x0D).contains(scalar.value)
            }
            switch scalar.properties.generalCategory {
            case .spaceSeparator: return true
            case .lineSeparator, .paragraphSeparator: return newlines
            default: return newlines && scalar.value == 0x85
            }
        }
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if !isSpace(first), !isSpace(last) { return String(self) }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(Substring(scalars[start...end]))
    }
}
