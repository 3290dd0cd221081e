/// Numbers printed in their shortest round-trip form: `16`, `1.5`, `0.1`, `1e-7`.
package enum NumberFormatting {
    /// At most two decimals, without trailing zeros: `4.5`, `12`, `0.33` (for messages).
    package static func twoDecimals(_ value: Double) -> String {
        let text = String(format: "%.2f", value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    package static func shortest(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
