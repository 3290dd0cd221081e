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
    private static func parseHexFast(_ text: String) -> TokenColor? {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(utf8.count) else { return nil }
        var values: [Int] = []
        values.reserveCapacity(8)
        for byte in utf8.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(Int(byte - UInt8(ascii: "a")) + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(Int(byte - UInt8(ascii: "A")) + 10)
            default: return nil
            }
        }
        let bytes: [Int] = values.count <= 4
            ? values.map { $0 * 17 } : stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        let digits = Array("0123456789abcdef")
        var hex = "#"
        for byte in bytes.prefix(3) {
            hex.append(digits[byte >> 4])
            hex.append(digits[byte & 0xF])
        }
        return TokenColor(.srgb, bytes.prefix(3).map { Double($0) / 255 }, alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1, hex: hex)
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
