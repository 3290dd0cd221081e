import Tessera
import TesseraTestSupport
import Testing

/// Each type: values that must be accepted (with their flat notation) and values that must be
/// rejected (with the diagnostic id, at the marked place).
struct TypeValidationTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let type: String
        let value: String
        let flat: String
        var testDescription: String { "\(type) \(value)" }
    }

    static let valid: [Valid] = [
        Valid(type: "color", value: ##"{"colorSpace": "srgb", "components": [1, 0, 0]}"##, flat: "#ff0000ff"),
        Valid(type: "color", value: ##"{"colorSpace": "srgb", "components": [0, 0.4, 0.8], "alpha": 0.5, "hex": "#0066cc"}"##, flat: "#0066cc80"),
        Valid(type: "color", value: ##"{"colorSpace": "hsl", "components": ["none", 0, 100]}"##, flat: "#ffffffff"),
        Valid(type: "color", value: ##"{"colorSpace": "hwb", "components": [0, 100, 0]}"##, flat: "#ffffffff"),
        Valid(type: "color", value: ##"{"colorSpace": "oklch", "components": [0, 0, 0]}"##, flat: "#000000ff"),
        Valid(type: "color", value: ##"{"colorSpace": "display-p3", "components": [1, 1, 1]}"##, flat: "#ffffffff"),
        Valid(type: "color", value: ##"{"colorSpace": "lab", "components": [100, 0, 0]}"##, flat: "#ffffffff"),
        Valid(type: "color", value: ##"{"colorSpace": "xyz-d65", "components": [0, 0, 0]}"##, flat: "#000000ff"),
        Valid(type: "dimension", value: ##"{"value": 16, "unit": "px"}"##, flat: "16px"),
        Valid(type: "dimension", value: ##"{"value": 1.5, "unit": "rem"}"##, flat: "1.5rem"),
        Valid(type: "dimension", value: ##"{"value": -4, "unit": "px"}"##, flat: "-4px"),
        Valid(type: "fontFamily", value: ##""Inter""##, flat: "Inter"),
        Valid(type: "fontFamily", value: ##"["Inter", "system-ui"]"##, flat: ##"["Inter","system-ui"]"##),
        Valid(type: "fontWeight", value: "350", flat: "350"),
        Valid(type: "fontWeight", value: ##""semi-bold""##, flat: "600"),
        Valid(type: "fontWeight", value: ##""extra-black""##, flat: "950"),
        Valid(type: "duration", value: ##"{"value": 200, "unit": "ms"}"##, flat: "200ms"),
        Valid(type: "duration", value: ##"{"value": 0.5, "unit": "s"}"##, flat: "0.5s"),
        Valid(type: "duration", value: ##"{"value": -100, "unit": "ms"}"##, flat: "-100ms"),
        Valid(type: "cubicBezier", value: "[0.5, 0, 1, 1]", flat: "[0.5,0,1,1]"),
        Valid(type: "cubicBezier", value: "[0, -2, 1, 3]", flat: "[0,-2,1,3]"),
        Valid(type: "number", value: "1.25", flat: "1.25"),
        Valid(type: "number", value: "0.1", flat: "0.1"),
        Valid(type: "strokeStyle", value: ##""dashed""##, flat: "dashed"),
        Valid(type: "strokeStyle", value: ##"{"dashArray": [{"value": 2, "unit": "px"}], "lineCap": "round"}"##,
            flat: ##"{"dashArray":["2px"],"lineCap":"round"}"##),
        Valid(type: "border", value: ##"{"color": {"colorSpace": "srgb", "components": [0, 0, 0]}, "width": {"value": 1, "unit": "px"}, "style": "solid"}"##,
            flat: ##"{"color":"#000000ff","style":"solid","width":"1px"}"##),
        Valid(type: "transition", value: ##"{"duration": {"value": 200, "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.5, 0, 1, 1]}"##,
            flat: ##"{"delay":"0ms","duration":"200ms","timingFunction":[0.5,0,1,1]}"##),
        Valid(type: "shadow", value: ##"{"color": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5}, "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}, "inset": true}"##,
            flat: ##"{"blur":"4px","color":"#00000080","inset":true,"offsetX":"0px","offsetY":"2px","spread":"0px"}"##),
        Valid(type: "gradient", value: ##"[{"color": {"colorSpace": "srgb", "components": [0, 0, 1]}, "position": -1}, {"color": {"colorSpace": "srgb", "components": [1, 0, 0]}, "position": 2}]"##,
            flat: ##"[{"color":"#0000ffff","position":0},{"color":"#ff0000ff","position":1}]"##),
        Valid(type: "typography", value: ##"{"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": "bold", "letterSpacing": {"value": 0.1, "unit": "px"}, "lineHeight": 1.5}"##,
            flat: ##"{"fontFamily":"Inter","fontSize":"16px","fontWeight":700,"letterSpacing":"0.1px","lineHeight":1.5}"##),
    ]

    @Test(arguments: valid)
    func validValuesResolve(_ testCase: Valid) {
        let result = pipeline(##"{"t": {"$type": "\##(testCase.type)", "$value": \##(testCase.value)}}"##)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(flat(result, "t") == testCase.flat)
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        let name: String
        let type: String
        let marked: String
        let id: DiagnosticID
        var testDescription: String { name }
    }

    static let invalid: [Invalid] = [
        Invalid(name: "color component out of range", type: "color", marked: ##"{"colorSpace": "srgb", "components": [⊙1.5, 0, 0]}"##, id: .valueOutOfRange),
        Invalid(name: "hue of 360", type: "color", marked: ##"{"colorSpace": "hsl", "components": [⊙360, 50, 50]}"##, id: .valueOutOfRange),
        Invalid(name: "negative chroma", type: "color", marked: ##"{"colorSpace": "oklch", "components": [0.5, ⊙-0.1, 50]}"##, id: .valueOutOfRange),
        Invalid(name: "unknown color space", type: "color", marked: ##"{"colorSpace": ⊙"srgbb", "components": [1, 0, 0]}"##, id: .valueInvalid),
        Invalid(name: "two components", type: "color", marked: ##"{"colorSpace": "srgb", "components": ⊙[1, 0]}"##, id: .valueInvalid),
        Invalid(name: "alpha above 1", type: "color", marked: ##"{"colorSpace": "srgb", "components": [1, 0, 0], "alpha": ⊙2}"##, id: .valueOutOfRange),
        Invalid(name: "hex with 8 digits", type: "color", marked: ##"{"colorSpace": "srgb", "components": [1, 0, 0], "hex": ⊙"#ff0000ff"}"##, id: .valueInvalid),
        Invalid(name: "unparseable color string", type: "color", marked: ##"⊙"blue""##, id: .valueInvalid),
        Invalid(name: "missing components", type: "color", marked: ##"⊙{"colorSpace": "srgb"}"##, id: .valueInvalid),
        Invalid(name: "dimension unit em is not 2025.10 in strict mode", type: "dimension", marked: ##"{"value": 1, "unit": ⊙"vw"}"##, id: .valueInvalid),
        Invalid(name: "dimension as number", type: "dimension", marked: "⊙16", id: .valueInvalid),
        Invalid(name: "dimension value as string", type: "dimension", marked: ##"{"value": ⊙"16", "unit": "px"}"##, id: .valueInvalid),
        Invalid(name: "font weight 0", type: "fontWeight", marked: "⊙0", id: .valueOutOfRange),
        Invalid(name: "font weight 1001", type: "fontWeight", marked: "⊙1001", id: .valueOutOfRange),
        Invalid(name: "font weight name", type: "fontWeight", marked: ##"⊙"semibold""##, id: .valueInvalid),
        Invalid(name: "empty font family", type: "fontFamily", marked: "⊙[]", id: .valueInvalid),
        Invalid(name: "duration unit", type: "duration", marked: ##"{"value": 1, "unit": ⊙"min"}"##, id: .valueInvalid),
        Invalid(name: "cubic bezier x out of range", type: "cubicBezier", marked: "[0.5, 0, ⊙1.5, 1]", id: .valueOutOfRange),
        Invalid(name: "cubic bezier of three", type: "cubicBezier", marked: "⊙[0.5, 0, 1]", id: .valueInvalid),
        Invalid(name: "number as string", type: "number", marked: ##"⊙"1""##, id: .valueInvalid),
        Invalid(name: "stroke keyword", type: "strokeStyle", marked: ##"⊙"dash""##, id: .valueInvalid),
        Invalid(name: "line cap", type: "strokeStyle", marked: ##"{"dashArray": [{"value": 2, "unit": "px"}], "lineCap": ⊙"flat"}"##, id: .valueInvalid),
        Invalid(name: "border without style", type: "border", marked: ##"⊙{"color": {"colorSpace": "srgb", "components": [0, 0, 0]}, "width": {"value": 1, "unit": "px"}}"##, id: .valueInvalid),
        Invalid(name: "empty shadow list", type: "shadow", marked: "⊙[]", id: .valueInvalid),
        Invalid(name: "gradient stop without position", type: "gradient", marked: ##"[⊙{"color": {"colorSpace": "srgb", "components": [0, 0, 0]}}]"##, id: .valueInvalid),
        Invalid(name: "typography without font size", type: "typography", marked: ##"⊙{"fontFamily": "Inter", "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1}"##, id: .valueInvalid),
        Invalid(name: "boolean for string", type: "string", marked: "⊙true", id: .valueInvalid),
    ]

    @Test(arguments: invalid)
    func invalidValuesAreRejectedAtTheirPlace(_ testCase: Invalid) {
        expectDiagnostics(##"{"t": {"$type": "\##(testCase.type)", "$value": \##(testCase.marked)}}"##, [testCase.id])
    }

    struct Legacy: CustomTestStringConvertible, Sendable {
        let type: String
        let value: String
        let flat: String
        let id: DiagnosticID
        var testDescription: String { "\(type) \(value)" }
    }

    static let legacy: [Legacy] = [
        Legacy(type: "color", value: ##""#f00""##, flat: "#ff0000ff", id: .colorLegacy),
        Legacy(type: "color", value: ##""#f008""##, flat: "#ff000088", id: .colorLegacy),
        Legacy(type: "color", value: ##""#0066CC""##, flat: "#0066ccff", id: .colorLegacy),
        Legacy(type: "color", value: ##""#0066cc80""##, flat: "#0066cc80", id: .colorLegacy),
        Legacy(type: "color", value: ##""rgb(255, 0, 0)""##, flat: "#ff0000ff", id: .colorLegacy),
        Legacy(type: "color", value: ##""rgba(0, 0, 255, 0.5)""##, flat: "#0000ff80", id: .colorLegacy),
        Legacy(type: "color", value: ##""hsl(120, 100%, 50%)""##, flat: "#00ff00ff", id: .colorLegacy),
        Legacy(type: "dimension", value: ##""16px""##, flat: "16px", id: .dimensionLegacy),
        Legacy(type: "dimension", value: ##""1.5rem""##, flat: "1.5rem", id: .dimensionLegacy),
        Legacy(type: "duration", value: ##""200ms""##, flat: "200ms", id: .durationLegacy),
    ]

    @Test(arguments: legacy)
    func legacyFormsWarnAndStrictMakesThemErrors(_ testCase: Legacy) {
        let source = ##"{"t": {"$type": "\##(testCase.type)", "$value": \##(testCase.value)}}"##
        let lenient = pipeline(source)
        #expect(lenient.diagnostics.map(\.id) == [testCase.id])
        #expect(lenient.diagnostics.first?.severity == .warning)
        #expect(lenient.diagnostics.first?.fixIts.isEmpty == false)
        #expect(flat(lenient, "t") == testCase.flat)
        let strict = pipeline(source, strict: true)
        #expect(strict.diagnostics.map(\.severity) == [.error])
    }

    @Test func legacyColorWarningShowsTheModernForm() {
        let result = pipeline(##"{"t": {"$type": "color", "$value": "#ff0000"}}"##)
        let message = result.diagnostics.first?.message ?? ""
        #expect(message.contains(##""colorSpace":"srgb""##))
        #expect(message.contains(##""components":[1,0,0]"##))
    }
}
