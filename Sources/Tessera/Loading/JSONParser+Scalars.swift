extension JSONScanner {
    /// Parses a string starting at the opening quote. Recoverable problems are reported and
    /// replaced (U+FFFD), so the rest of the file is still checked.
    mutating func parseString() throws(JSONScanStop) -> String {
        let start = position
        position += 1
        let runStart = position
        var nonASCII = false
        // Fast path: no escapes and no control characters; ordinary bytes eight at a time.
        while position + 8 <= bytes.count, ByteScan.isPlainStringRun(ByteScan.word(bytes, at: position)) { position += 8 }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                return decode(slice, nonASCII: nonASCII, at: runStart)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80 { nonASCII = true }
            position += 1
        }
        // Slow path: build the bytes, handling escapes.
        var buffer: [UInt8] = Array(bytes[runStart..<position])
        while true {
            guard position < bytes.count else { throw fail(.unterminatedString, at: start) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return buffer.withUnsafeBufferPointer { decode($0, nonASCII: true, at: runStart) }
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0x0A, 0x0D:
                throw fail(.lineBreakInString, at: start)
            case ..<0x20:
                report(
                    .unescapedControlCharacter(hex4(UInt32(byte))), at: position,
                    fixIts: [Diagnostic.FixIt("write it as '\\u\(hex4(UInt32(byte)))'", replacing: position..<position + 1,
                        in: file, with: "\\u\(hex4(UInt32(byte)))")])
                position += 1
            default:
                buffer.append(byte)
                position += 1
            }
        }
    }

    func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    mutating func decode(_ slice: UnsafeBufferPointer<UInt8>, nonASCII: Bool, at offset: Int) -> String {
        if !nonASCII { return String(decoding: slice, as: UTF8.self) }
        if let valid = String(validating: slice, as: UTF8.self) { return valid }
        // Find the first invalid byte for an exact location.
        var iterator = slice.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        var badOffset = offset
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                consumed += UTF8.width(scalar)
            case .emptyInput:
                break loop
            case .error:
                badOffset = offset + consumed
                break loop
            }
        }
        report(.invalidUTF8, at: badOffset)
        return String(decoding: slice, as: UTF8.self)
    }

    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONScanStop) {
        let start = position
        guard position + 1 < bytes.count else { throw fail(.unterminatedString, at: start) }
        let code = bytes[position + 1]
        position += 2
        switch code {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = readHex4() else {
                report(.shortUnicodeEscape, at: start)
                appendReplacement(&buffer)
                return
            }
            if (0xD800...0xDBFF).contains(unit) {
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    let save = position
                    position += 2
                    if let low = readHex4(), (0xDC00...0xDFFF).contains(low) {
                        let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        appendScalar(scalar, to: &buffer)
                        return
                    }
                    position = save
                }
                report(.loneHighSurrogate(hex4(unit)), at: start)
                appendReplacement(&buffer)
            } else if (0xDC00...0xDFFF).contains(unit) {
                report(.loneLowSurrogate(hex4(unit)), at: start)
                appendReplacement(&buffer)
            } else {
                appendScalar(unit, to: &buffer)
            }
        default:
            let shown = code >= 0x20 && code < 0x7F ? String(Character(Unicode.Scalar(code))) : "?"
            report(
                .invalidEscape(shown), at: start,
                fixIts: [Diagnostic.FixIt("escape the backslash as '\\\\'", replacing: start..<start + 1, in: file, with: "\\\\")])
            appendReplacement(&buffer)
        }
    }

    mutating func readHex4() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in 0..<4 {
            let byte = bytes[position + index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    func appendScalar(_ value: UInt32, to buffer: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else { return appendReplacement(&buffer) }
        buffer.append(contentsOf: String(Character(scalar)).utf8)
    }

    func appendReplacement(_ buffer: inout [UInt8]) {
        buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
    }

    /// Parses a number per RFC 8259's grammar; leading zeros and out-of-range magnitudes are
    /// reported and parsing goes on.
    mutating func parseNumber() throws(JSONScanStop) -> Double {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let integerStart = position
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw fail(.expectedDigit("after '-'"), at: position)
        }
        var integer: UInt64 = 0
        var simple = true
        while position < bytes.count, isDigit(bytes[position]) {
            if position - integerStart >= 15 { simple = false }
            integer = integer &* 10 &+ UInt64(bytes[position] - UInt8(ascii: "0"))
            position += 1
        }
        if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
            let zeros = bytes[integerStart..<position - 1].prefix { $0 == UInt8(ascii: "0") }.count
            report(.leadingZeros, at: start, fixIts: [Diagnostic.FixIt(
                "remove the leading zeros", replacing: integerStart..<integerStart + zeros, in: file, with: "")])
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            simple = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw fail(.expectedDigit("after the decimal point"), at: position)
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            simple = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw fail(.expectedDigit("in the exponent"), at: position)
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if simple {
            let value = Double(integer)
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            report(.numberTooLarge, at: start)
            return 0
        }
        // An integer past 2^53 that a 64-bit float cannot hold: every reader and output would
        // use another number than the one written.
        if abs(value) >= 9_007_199_254_740_992, !text.contains("."), !text.contains("e"), !text.contains("E") {
            let digits = text.drop { $0 == "-" }.drop { $0 == "0" }
            let held = String(format: "%.0f", abs(value))
            if held != digits { report(.numberImprecise(String(text), held: (negative ? "-" : "") + held), at: start) }
        }
        return value
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
