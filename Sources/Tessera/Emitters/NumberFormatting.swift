/// Numbers printed in their shortest round-trip form: `16`, `1.5`, `0.1`, `1e-7`.
package enum NumberFormatting {
    package static func shortest(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
