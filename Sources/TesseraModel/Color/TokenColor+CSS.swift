import Foundation

extension TokenColor {
    /// Parses the pre-2025.10 string notations still found in token files: `#rgb`, `#rgba`,
    /// `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `hsl()` and `hsla()` (comma or space separated,
    /// numbers or percentages, alpha after a comma or a slash). Returns `nil` for anything else.
    package init?(legacyCSS text: String) {
        if let fast = TokenColor.parseHexFast(text) {
            self = fast
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("#") {
            guard let color = TokenColor.parseHex(String(trimmed.dropFirst())) else { return nil }
            self = color
            return
        }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return nil }
        let function = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let parts = inner.replacingOccurrences(of: "/", with: " / ").replacingOccurrences(of: ",", with: " ")
            .split(separator: " ").map(String.init).filter { $0 != "/" }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        var alpha = 1.0
        if parts.count == 4 {
            guard let value = TokenColor.number(parts[3], percentScale: 1) else { return nil }
            alpha = value
        }
        guard (0...1).contains(alpha) else { return nil }
        switch function {
        case "rgb", "rgba":
            var channels: [Double] = []
            for part in parts.prefix(3) {
                if part.hasSuffix("%") {
                    guard let value = TokenColor.number(part, percentScale: 1) else { return nil }
                    channels.append(value)
                } else {
                    guard let value = Double(part) else { return nil }
                    channels.append(value / 255)
                }
            }
            guard channels.allSatisfy({ (0...1).contains($0) }) else { return nil }
            self.init(.srgb, channels, alpha: alpha)
        case "hsl", "hsla":
            guard let hue = Double(parts[0].replacingOccurrences(of: "deg", with: "")),
                let saturation = TokenColor.number(parts[1], percentScale: 100),
                let lightness = TokenColor.number(parts[2], percentScale: 100),
                (0...100).contains(saturation), (0...100).contains(lightness), hue.isFinite
            else { return nil }
            let normalized = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            self.init(.hsl, [normalized, saturation, lightness], alpha: alpha)
        default:
            return nil
        }
    }

    /// A number, or a percentage scaled so that 100% is `percentScale`.
    package static func number(_ text: String, percentScale: Double) -> Double? {
        if text.hasSuffix("%") {
            guard let value = Double(text.dropLast()) else { return nil }
            return value / 100 * percentScale
        }
        if percentScale == 100 { return Double(text) }
        return Double(text)
    }

    /// `#rgb`, `#rgba`, `#rrggbb` and `#rrggbbaa` straight from the bytes.
    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` exactly (no spaces), read without building
    /// intermediate arrays: the notation most legacy colors use, parsed tens of thousands of
    /// times in a large system.
    private static func parseHexFast(_ text: String) -> TokenColor? {
        var text = text
        return text.withUTF8 { utf8 -> TokenColor? in
            let count = utf8.count
            guard count == 4 || count == 5 || count == 7 || count == 9, utf8[0] == UInt8(ascii: "#") else { return nil }
            var values: (Int, Int, Int, Int) = (0, 0, 0, 255)
            var lowercase = true
            func digit(_ position: Int) -> Int? {
                let byte = utf8[position]
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"):
                    lowercase = false
                    return Int(byte - UInt8(ascii: "A")) + 10
                default: return nil
                }
            }
            let short = count <= 5
            let channels = short ? count - 1 : (count - 1) / 2
            for channel in 0..<channels {
                let value: Int
                if short {
                    guard let one = digit(1 + channel) else { return nil }
                    value = one * 17
                } else {
                    guard let high = digit(1 + 2 * channel), let low = digit(2 + 2 * channel) else { return nil }
                    value = high * 16 + low
                }
                switch channel {
                case 0: values.0 = value
                case 1: values.1 = value
                case 2: values.2 = value
                default: values.3 = value
                }
            }
            // The hex of the three color channels, in lowercase: the text itself when it is that.
            let hex: String
            if count == 7, lowercase {
                hex = String(decoding: utf8, as: UTF8.self)
            } else {
                hex = String(unsafeUninitializedCapacity: 7) { buffer in
                    let digits: StaticString = "0123456789abcdef"
                    func write(_ value: Int, at position: Int) {
                        buffer[position] = digits.utf8Start[value >> 4]
                        buffer[position + 1] = digits.utf8Start[value & 0xF]
                    }
                    buffer[0] = UInt8(ascii: "#")
                    write(values.0, at: 1)
                    write(values.1, at: 3)
                    write(values.2, at: 5)
                    return 7
                }
            }
            return TokenColor(.srgb, [Double(values.0) / 255, Double(values.1) / 255, Double(values.2) / 255],
                alpha: channels == 4 ? Double(values.3) / 255 : 1, hex: hex)
        }
    }

    private static func parseHex(_ digits: String) -> TokenColor? {
        let values = digits.compactMap(\.hexDigitValue)
        guard values.count == digits.count else { return nil }
        let bytes: [Int]
        switch values.count {
        case 3, 4: bytes = values.map { $0 * 17 }
        case 6, 8: bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        default: return nil
        }
        let alpha = bytes.count == 4 ? Double(bytes[3]) / 255 : 1
        let rgb = bytes.prefix(3).map { Double($0) / 255 }
        let hex = "#" + bytes.prefix(3).map { String(format: "%02x", $0) }.joined()
        return TokenColor(.srgb, rgb, alpha: alpha, hex: hex)
    }
}
