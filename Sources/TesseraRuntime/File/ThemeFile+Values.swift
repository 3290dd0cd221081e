import Foundation
import TesseraModel

extension ThemeFile {
    /// The values of a loaded file, decoded when asked for. Every value was checked when the
    /// file was loaded.
    package struct EncodedValues: Sendable {
        let data: Data
        let strings: StringTable
        /// Where the encoded values start in `data`, and each one's offset from there.
        let base: Int
        let offsets: [UInt32]

        var count: Int { offsets.count - 1 }

        func value(at index: Int) -> TokenValue? {
            data.withUnsafeBytes { bytes in
                var cursor = Cursor(bytes, base + Int(offsets[index])..<base + Int(offsets[index + 1]), what: "value", number: index)
                var decoder = ValueDecoder(strings: strings, build: true)
                return (try? decoder.value(&cursor)) ?? nil
            }
        }
    }

    /// Reads encoded values: `build` false only checks them, making nothing.
    struct ValueDecoder {
        let strings: StringTable
        let build: Bool

        /// A value; with `build` false, the value only when making it allocates nothing (the
        /// scalar types but colors), else nil once it is checked.
        mutating func value(_ cursor: inout Cursor) throws(ThemeError) -> TokenValue? {
            let code = Int(try cursor.u8())
            guard code < TokenType.allCases.count else { throw cursor.failure("unknown value type \(code)") }
            switch TokenType.allCases[code] {
            case .color:
                let color = try color(&cursor)
                return build ? .color(color) : nil
            case .dimension: return .dimension(try dimension(&cursor))
            case .fontFamily:
                let isList = try flag(&cursor)
                let names = try stringList(&cursor)
                return build ? .fontFamily(names, isList: isList) : nil
            case .fontWeight:
                let weight = try cursor.f64()
                guard weight >= 1, weight <= 1000 else { throw cursor.failure("font weight \(weight) is not within 1 to 1000") }
                return .fontWeight(weight)
            case .duration: return .duration(try duration(&cursor))
            case .cubicBezier: return .cubicBezier(try bezier(&cursor))
            case .number: return .number(try cursor.f64())
            case .strokeStyle:
                let style = try strokeStyle(&cursor)
                return build ? .strokeStyle(style) : nil
            case .border:
                let color = try color(&cursor)
                let width = try dimension(&cursor)
                let style = try strokeStyle(&cursor)
                return build ? .border(Border(color: color, width: width, style: style)) : nil
            case .transition:
                let time = try self.duration(&cursor)
                let delay = try self.duration(&cursor)
                let curve = try bezier(&cursor)
                return build ? .transition(TokenTransition(duration: time, delay: delay, timingFunction: curve)) : nil
            case .shadow:
                let isList = try flag(&cursor)
                let count = try cursor.count(of: 43)
                var layers: [Shadow] = []
                for _ in 0..<count {
                    let color = try color(&cursor)
                    let x = try dimension(&cursor), y = try dimension(&cursor)
                    let blur = try dimension(&cursor), spread = try dimension(&cursor)
                    let inset = try flag(&cursor)
                    if build {
                        layers.append(Shadow(color: color, offsetX: x, offsetY: y, blur: blur, spread: spread, inset: inset))
                    }
                }
                return build ? .shadow(layers, isList: isList) : nil
            case .gradient:
                let count = try cursor.count(of: 46)
                var stops: [GradientStop] = []
                for _ in 0..<count {
                    let color = try color(&cursor)
                    let position = try cursor.f64()
                    if build { stops.append(GradientStop(color: color, position: position)) }
                }
                return build ? .gradient(stops) : nil
            case .typography:
                let family = try stringList(&cursor)
                let size = try dimension(&cursor)
                let weight = try cursor.f64()
                let spacing = try dimension(&cursor)
                let hasLineHeight = try flag(&cursor)
                let lineHeight = try cursor.f64()
                let caseCode = Int(try cursor.u8())
                guard caseCode <= TextCase.allCases.count else { throw cursor.failure("unknown text case \(caseCode)") }
                guard build else { return nil }
                return .typography(Typography(fontFamily: family, fontSize: size, fontWeight: weight, letterSpacing: spacing,
                    lineHeight: hasLineHeight ? lineHeight : nil, textCase: caseCode == 0 ? nil : TextCase.allCases[caseCode - 1]))
            case .string:
                let text = try string(&cursor)
                return build ? .string(text) : nil
            case .boolean: return .boolean(try flag(&cursor))
            }
        }

        func flag(_ cursor: inout Cursor) throws(ThemeError) -> Bool {
            switch try cursor.u8() {
            case 0: return false
            case 1: return true
            case let other: throw cursor.failure("\(other) is not a flag (0 or 1)")
            }
        }

        func string(_ cursor: inout Cursor) throws(ThemeError) -> String {
            let index = try cursor.index(below: strings.count, "string")
            return build ? strings.string(index, in: cursor.bytes) : ""
        }

        func stringList(_ cursor: inout Cursor) throws(ThemeError) -> [String] {
            let count = try cursor.count(of: 4)
            var list: [String] = []
            for _ in 0..<count {
                let text = try string(&cursor)
                if build { list.append(text) }
            }
            return list
        }

        func color(_ cursor: inout Cursor) throws(ThemeError) -> TokenColor {
            let spaceCode = Int(try cursor.u8())
            guard spaceCode < ColorSpace.allCases.count else { throw cursor.failure("unknown color space \(spaceCode)") }
            let none = try cursor.u8()
            guard none < 8 else { throw cursor.failure("component flags \(none) name more than three components") }
            let first = try cursor.f64(), second = try cursor.f64(), third = try cursor.f64()
            let alpha = try cursor.f64()
            guard alpha >= 0, alpha <= 1 else { throw cursor.failure("alpha \(alpha) is not within 0 to 1") }
            let hexIndex = try cursor.u32()
            guard hexIndex == UInt32.max || Int(hexIndex) < strings.count else { throw cursor.failure("hex string \(hexIndex) is out of range") }
            guard build else { return ThemeFile.placeholderColor }
            let components = [first, second, third].enumerated().map { none & (1 << $0.offset) != 0 ? nil : $0.element }
            let hex = hexIndex == UInt32.max ? nil : strings.string(Int(hexIndex), in: cursor.bytes)
            return TokenColor(ColorSpace.allCases[spaceCode], components, alpha: alpha, hex: hex)
        }

        func dimension(_ cursor: inout Cursor) throws(ThemeError) -> TokenDimension {
            let value = try cursor.f64()
            let unit = try cursor.u8()
            guard unit <= 2 else { throw cursor.failure("unknown dimension unit \(unit)") }
            return TokenDimension(value, ThemeScalar.unit(unit))
        }

        func duration(_ cursor: inout Cursor) throws(ThemeError) -> TokenDuration {
            let value = try cursor.f64()
            switch try cursor.u8() {
            case 0: return TokenDuration(value, .ms)
            case 1: return TokenDuration(value, .s)
            case let other: throw cursor.failure("unknown duration unit \(other)")
            }
        }

        func bezier(_ cursor: inout Cursor) throws(ThemeError) -> CubicBezier {
            CubicBezier(try cursor.f64(), try cursor.f64(), try cursor.f64(), try cursor.f64())
        }

        func strokeStyle(_ cursor: inout Cursor) throws(ThemeError) -> TokenStrokeStyle {
            switch try cursor.u8() {
            case 0: return .keyword(try string(&cursor))
            case 1:
                let count = try cursor.count(of: 9)
                var dashes: [TokenDimension] = []
                for _ in 0..<count {
                    let dash = try dimension(&cursor)
                    if build { dashes.append(dash) }
                }
                return .dashes(dashArray: dashes, lineCap: try string(&cursor))
            case let other: throw cursor.failure("unknown stroke style form \(other)")
            }
        }
    }

    /// What a color decodes to while only checking.
    static let placeholderColor = TokenColor(.srgb, [0, 0, 0])
}
