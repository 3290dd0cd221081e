import Foundation
import Tessera

/// Math in Tokens Studio values, evaluated as Tokens Studio and its Style Dictionary
/// transforms evaluate it, once references are replaced by their values:
///
/// - A value is first split into its space-separated parts (`"4*1.5px 4*1.5px"` is two) where a
///   space has no operator beside it and is not inside parentheses.
/// - Each part that is not already a number is evaluated with `px` set aside (a `px` value is a
///   number): with one other unit at most (`4 * 7rem` → `28rem`; `4em + 7rem` stays as it is),
///   as an arithmetic expression (`+ - * / % ^`, parentheses, `floor`, `ceil`, `round`,
///   `roundTo`, `min`, `max`, `pow`, `sqrt`, `abs` and the other functions Tokens Studio offers),
///   else with CSS `calc()` rules for units (`4em + 7em` → `11em`; `2em + 20` stays).
/// - A result is rounded to 4 decimal places and takes the unit back; a part that cannot be
///   evaluated is kept as written, and the parts are joined again with one space.
package enum StudioMath {
    /// What a value becomes: a unitless number, or text (a number with a unit, several values,
    /// or what could not be evaluated).
    package enum Outcome: Equatable {
        case number(Double)
        case text(String)

        var text: String {
            switch self {
            case .number(let value): StudioMath.format(value)
            case .text(let text): text
            }
        }
    }

    static let operators: Set<Character> = ["+", "-", "*", "/"]

    /// The value with its math evaluated.
    package static func evaluate(_ expression: String) -> Outcome {
        let reduced = split(expression).map(reduce)
        if reduced.count == 1 { return reduced[0] }
        return .text(reduced.map(\.text).joined(separator: " "))
    }

    /// The parts of a value written with several (`"8px 16px"`, `"8 / 4 * 7px 8 * 5px"`).
    static func split(_ expression: String) -> [String] {
        let words = expression.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count > 1 else { return [expression] }
        func isOperator(_ word: String) -> Bool { word.count == 1 && operators.contains(word.first!) }
        var ends: [Int] = []
        var skipNext = false
        for (index, word) in words.enumerated() {
            let left = index > 0 ? words[index - 1] : ""
            let right = index + 1 < words.count ? words[index + 1] : ""
            let joinsMath = isOperator(word) || (isOperator(left) && isOperator(right)) || (left.isEmpty && isOperator(right))
                || (right.isEmpty && isOperator(left)) || (word.hasSuffix(")") && isOperator(right))
                || insideParentheses(word, of: expression)
            if joinsMath { continue }
            if skipNext {
                skipNext = false
                continue
            }
            ends.append(index)
            // A word without an operator ends a value; the next one cannot end another.
            if !word.contains(where: operators.contains) { skipNext = true }
        }
        guard !ends.isEmpty else { return [expression] }
        ends.append(words.count)
        var parts: [String] = []
        var start = 0
        for end in ends {
            let part = words[start..<min(end + 1, words.count)].joined(separator: " ")
            if !part.isEmpty { parts.append(part) }
            start = end + 1
        }
        return parts
    }

    /// Whether `word` holds `(`, or appears somewhere after a `(` with a `)` after it.
    private static func insideParentheses(_ word: String, of expression: String) -> Bool {
        if word.contains("(") { return true }
        guard let open = expression.firstIndex(of: "("), let close = expression.lastIndex(of: ")"), open < close else { return false }
        let middle = expression[expression.index(after: open)..<close]
        return word.isEmpty || middle.contains(word)
    }

    /// One part, evaluated.
    static func reduce(_ part: String) -> Outcome {
        if javaScriptNumber(part) != nil { return .text(part) }
        let withoutPx = removing("px", from: part)
        let hasPx = withoutPx.utf8.count != part.utf8.count
        let units = unitsWritten(in: withoutPx)
        guard units.count <= 1 else { return .text(part) }
        let unit = units.first ?? (hasPx ? "px" : "")
        var value = javaScriptNumber(withoutPx) ?? Arithmetic.evaluate(withoutPx)
        if value == nil {
            var calc = withoutPx
            // With `*` as the only operator, units can be set aside as `px` is.
            if !unit.isEmpty, !calc.contains(where: { "/+%-".contains($0) }) {
                calc = removing(unit, from: calc)
            }
            value = CalcRules.evaluate(calc)
        }
        guard let value, value.isFinite else { return .text(part) }
        let rounded = toFixed(value, digits: 4)
        return unit.isEmpty ? .number(rounded) : .text(format(rounded) + unit)
    }

    /// `text` without any occurrence of `needle` (compared byte for byte, as
    /// `replacingOccurrences(of:with: "")` compares these ASCII units, at a fraction of its cost).
    static func removing(_ needle: String, from text: String) -> String {
        let pattern = Array(needle.utf8)
        let bytes = Array(text.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return text }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        var removed = false
        while index < bytes.count {
            if bytes[index] == pattern[0], index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                index += pattern.count
                removed = true
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        return removed ? String(decoding: kept, as: UTF8.self) : text
    }

    /// The distinct units written right after a number (`7rem`, `50%`).
    static func unitsWritten(in text: String) -> [String] {
        var units: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
        func isUnit(_ s: Unicode.Scalar) -> Bool { s.isASCII && (s.properties.isAlphabetic || s == "%") }
        while index < scalars.count {
            guard isDigit(scalars[index]) else {
                index += 1
                continue
            }
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            if index < scalars.count, scalars[index] == "." {
                index += 1
                while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            }
            var unit = ""
            while index < scalars.count, isUnit(scalars[index]) {
                unit.unicodeScalars.append(scalars[index])
                index += 1
            }
            if !unit.isEmpty, !units.contains(unit) { units.append(unit) }
        }
        return units
    }

    /// `Number(text)` in JavaScript: a decimal number with optional sign and exponent, or a
    /// `0x`/`0o`/`0b` integer, around white space; nil where JavaScript gives NaN. The empty
    /// string is 0.
    static func javaScriptNumber(_ text: String) -> Double? {
        let trimmed = text.studioTrimmed(newlines: true)
        if trimmed.isEmpty { return 0 }
        let lower = trimmed.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
            return UInt64(lower.dropFirst(2), radix: radix).map(Double.init)
        }
        var body = Substring(trimmed)
        var sign = 1.0
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if body == "Infinity" { return sign * .infinity }
        // Digits, at most one point, then an optional exponent: nothing else.
        var sawDigit = false
        var index = body.startIndex
        var sawPoint = false
        while index < body.endIndex {
            let c = body[index]
            if c.isASCII, c.isNumber {
                sawDigit = true
            } else if c == ".", !sawPoint {
                sawPoint = true
            } else {
                break
            }
            index = body.index(after: index)
        }
        guard sawDigit else { return nil }
        if index < body.endIndex {
            guard body[index] == "e" || body[index] == "E" else { return nil }
            var exponent = body[body.index(after: index)...]
            if let first = exponent.first, first == "+" || first == "-" { exponent = exponent.dropFirst() }
            guard !exponent.isEmpty, exponent.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return Double(String(body)).map { sign * $0 }
    }

    /// `Number(x.toFixed(digits))` in JavaScript: rounded to `digits` places, a tie going to
    /// the larger number.
    static func toFixed(_ value: Double, digits: Int) -> Double {
        guard value.isFinite, abs(value) < 1e21 else { return value }
        // An integer has nothing to round (the common case, and the cheap one).
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return value }
        let exact = String(format: "%.60f", abs(value))
        if let point = exact.firstIndex(of: ".") {
            let decimals = exact[exact.index(after: point)...]
            let rest = decimals.dropFirst(digits)
            if rest.first == "5", rest.dropFirst().allSatisfy({ $0 == "0" }) {
                let scale = pow(10, Double(digits))
                let truncated = (abs(value) * scale).rounded(.down)
                // The larger of the two: away from zero above it, towards zero below it.
                let magnitude = value > 0 ? truncated + 1 : truncated
                return (value > 0 ? 1 : -1) * magnitude / scale
            }
        }
        return Double(String(format: "%.\(digits)f", value)) ?? value
    }

    /// `Math.round` in JavaScript: to the nearest integer, halves going up (-2.5 is -2).
    static func round(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

    /// A number as JavaScript writes it (`28`, `0.6`, `-72.3333`).
    package static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        if value == value.rounded(), abs(value) < 1e21 { return String(format: "%.0f", value) }
        return "\(value)"
    }
}

/// Arithmetic as Tokens Studio's expression parser reads it: numbers, `+ - * / % ^`, unary
/// signs, postfix `!`, parentheses, `PI` and `E`, and its functions. Anything else (a unit, an
/// unknown name, a stray word) makes the expression not arithmetic.
enum Arithmetic {
    static func evaluate(_ text: String) -> Double? {
        var parser = Parser(Array(text.unicodeScalars))
        guard let value = parser.expression(), parser.atEnd else { return nil }
        return value
    }

    static let unary: [String: @Sendable (Double) -> Double] = [
        "abs": { abs($0) }, "ceil": { ($0).rounded(.up) }, "floor": { ($0).rounded(.down) },
        "round": { StudioMath.round($0) }, "trunc": { ($0).rounded(.towardZero) },
        "sqrt": { sqrt($0) }, "cbrt": { cbrt($0) }, "exp": { exp($0) }, "expm1": { expm1($0) },
        "log": { log($0) }, "ln": { log($0) }, "lg": { log10($0) }, "log10": { log10($0) }, "log2": { log2($0) },
        "log1p": { log1p($0) }, "sign": { $0 > 0 ? 1 : ($0 < 0 ? -1 : $0) },
        "sin": { sin($0) }, "cos": { cos($0) }, "tan": { tan($0) }, "asin": { asin($0) }, "acos": { acos($0) },
        "atan": { atan($0) }, "sinh": { sinh($0) }, "cosh": { cosh($0) }, "tanh": { tanh($0) },
        "asinh": { asinh($0) }, "acosh": { acosh($0) }, "atanh": { atanh($0) },
    ]

    static func call(_ name: String, _ arguments: [Double]) -> Double? {
        if let function = unary[name] { return arguments.count == 1 ? function(arguments[0]) : nil }
        switch (name, arguments.count) {
        case ("min", 1...): return arguments.min()
        case ("max", 1...): return arguments.max()
        case ("pow", 2): return pow(arguments[0], arguments[1])
        case ("atan2", 2): return atan2(arguments[0], arguments[1])
        case ("hypot", _): return sqrt(arguments.reduce(0) { $0 + $1 * $1 })
        case ("roundTo", 1): return roundTo(arguments[0], 0)
        case ("roundTo", 2): return roundTo(arguments[0], arguments[1])
        case ("fac", 1): return factorial(arguments[0])
        default: return nil
        }
    }

    /// `value` rounded to `places` decimal places, shifting the decimal point in the number's
    /// shortest decimal form so that 1.005 rounds to 1.01.
    static func roundTo(_ value: Double, _ places: Double) -> Double {
        guard places != 0 else { return StudioMath.round(value) }
        guard places == places.rounded(), value.isFinite else { return .nan }
        let shift = Int(places)
        func shifted(_ number: Double, by amount: Int) -> Double {
            let text = "\(number)"
            let parts = text.split(separator: "e", maxSplits: 1)
            let exponent = (parts.count > 1 ? Int(parts[1]) ?? 0 : 0) + amount
            return Double("\(parts[0])e\(exponent)") ?? .nan
        }
        let rounded = StudioMath.round(shifted(value, by: shift))
        return shifted(rounded, by: -shift)
    }

    static func factorial(_ value: Double) -> Double? {
        guard value >= 0, value == value.rounded(), value <= 170 else { return nil }
        return (0..<Int(value)).reduce(1.0) { $0 * Double($1 + 1) }
    }

    struct Parser: ScalarScanning {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func expression() -> Double? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 200, var value = term() else { return nil }
            while let next = peek(), next == "+" || next == "-" {
                index += 1
                guard let right = term() else { return nil }
                value = next == "+" ? value + right : value - right
            }
            return value
        }

        mutating func term() -> Double? {
            guard var value = factor() else { return nil }
            while let next = peek(), next == "*" || next == "/" || next == "%" {
                index += 1
                guard let right = factor() else { return nil }
                switch next {
                case "*": value *= right
                case "/": value /= right
                default: value = fmod(value, right)
                }
            }
            return value
        }

        /// Unary signs bind less tightly than `^`: `-2^2` is -4.
        mutating func factor() -> Double? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 200 else { return nil }
            if take("-") { return factor().map { -$0 } }
            if take("+") { return factor() }
            return power()
        }

        mutating func power() -> Double? {
            guard let base = postfix() else { return nil }
            guard take("^") else { return base }
            guard let exponent = factor() else { return nil }
            return pow(base, exponent)
        }

        mutating func postfix() -> Double? {
            guard var value = atom() else { return nil }
            while peek() == "!", !(index + 1 < scalars.count && scalars[index + 1] == "=") {
                index += 1
                guard let result = Arithmetic.factorial(value) else { return nil }
                value = result
            }
            return value
        }

        mutating func atom() -> Double? {
            guard let first = peek() else { return nil }
            if first == "(" {
                index += 1
                guard let value = expression(), take(")") else { return nil }
                return value
            }
            if first.properties.numericType != nil && first.isASCII || first == "." { return number() }
            guard first.isASCII, first.properties.isAlphabetic || first == "_" else { return nil }
            var name = ""
            while index < scalars.count, scalars[index].isASCII,
                scalars[index].properties.isAlphabetic || scalars[index].properties.numericType != nil || scalars[index] == "_"
            {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            switch name {
            case "PI": return Double.pi
            case "E": return M_E
            default: break
            }
            guard take("(") else {
                // Functions of one argument can be written without parentheses: `sqrt 4`.
                guard let function = Arithmetic.unary[name], let argument = power() else { return nil }
                return function(argument)
            }
            var arguments: [Double] = []
            if !take(")") {
                repeat {
                    guard let argument = expression() else { return nil }
                    arguments.append(argument)
                } while take(",")
                guard take(")") else { return nil }
            }
            return Arithmetic.call(name, arguments)
        }

        mutating func number() -> Double? {
            let start = index
            func isDigit(_ i: Int) -> Bool { i < scalars.count && scalars[i].value >= 48 && scalars[i].value <= 57 }
            while isDigit(index) { index += 1 }
            if index < scalars.count, scalars[index] == "." {
                index += 1
                while isDigit(index) { index += 1 }
            }
            if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                var look = index + 1
                if look < scalars.count, scalars[look] == "+" || scalars[look] == "-" { look += 1 }
                if isDigit(look) {
                    index = look
                    while isDigit(index) { index += 1 }
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<index])
            return Double(text.hasPrefix(".") ? "0" + text : text)
        }
    }
}

/// CSS `calc()` rules for the parts of Tokens Studio math that carry a unit: sums of one unit,
/// products with a plain number, quotients by a plain number.
enum CalcRules {
    struct Quantity {
        var value: Double
        var unit: String
    }

    static func evaluate(_ text: String) -> Double? {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        guard let quantity = parser.sum(), parser.atEnd else { return nil }
        return quantity.value
    }

    struct Parser: ScalarScanning {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        mutating func sum() -> Quantity? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 200, var left = product() else { return nil }
            while let next = peek(), next == "+" || next == "-" {
                index += 1
                guard let right = product(), right.unit == left.unit else { return nil }
                left.value = next == "+" ? left.value + right.value : left.value - right.value
            }
            return left
        }

        mutating func product() -> Quantity? {
            guard var left = operand() else { return nil }
            while let next = peek(), next == "*" || next == "/" {
                index += 1
                guard let right = operand() else { return nil }
                if next == "*" {
                    guard left.unit.isEmpty || right.unit.isEmpty else { return nil }
                    left = Quantity(value: left.value * right.value, unit: left.unit.isEmpty ? right.unit : left.unit)
                } else {
                    guard right.unit.isEmpty, right.value != 0 else { return nil }
                    left.value /= right.value
                }
            }
            return left
        }

        mutating func operand() -> Quantity? {
            guard let first = peek() else { return nil }
            if first == "-" || first == "+" {
                index += 1
                guard var inner = operand() else { return nil }
                if first == "-" { inner.value = -inner.value }
                return inner
            }
            if first == "(" {
                index += 1
                guard let inner = sum(), peek() == ")" else { return nil }
                index += 1
                return inner
            }
            let start = index
            func isDigit(_ i: Int) -> Bool { i < scalars.count && scalars[i].value >= 48 && scalars[i].value <= 57 }
            while isDigit(index) || (index < scalars.count && scalars[index] == ".") { index += 1 }
            guard index > start else { return nil }
            var digits = ""
            digits.unicodeScalars.append(contentsOf: scalars[start..<index])
            guard let value = Double(digits.hasPrefix(".") ? "0" + digits : digits) else { return nil }
            var unit = ""
            while index < scalars.count, scalars[index].isASCII, scalars[index].properties.isAlphabetic || scalars[index] == "%" {
                unit.unicodeScalars.append(scalars[index])
                index += 1
            }
            return Quantity(value: value, unit: unit)
        }
    }
}

/// A position in an expression's scalars, past white space.
protocol ScalarScanning {
    var scalars: [Unicode.Scalar] { get }
    var index: Int { get set }
}

extension ScalarScanning {
    var atEnd: Bool {
        mutating get {
            skipSpaces()
            return index == scalars.count
        }
    }

    mutating func skipSpaces() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    /// Consumes `scalar` when it comes next.
    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard index < scalars.count, scalars[index] == scalar else { return false }
        index += 1
        return true
    }

    mutating func peek() -> Unicode.Scalar? {
        skipSpaces()
        return index < scalars.count ? scalars[index] : nil
    }
}
