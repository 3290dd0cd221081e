import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraGenerate

/// Numbers an output cannot hold as written are said where they are written; the ones it can
/// are written so that they read back as the same number.
struct NumbersOutputsHoldTests {
    @Test func integersPastTwoToThe53rdThatChangeAreWarnedAbout() {
        expectDiagnostics(#"{"n": {"$type": "number", "$value": ⊙123456789012345678901234567890}}"#, [.jsonNumberImprecise], severity: .warning)
        expectDiagnostics(#"{"n": {"$type": "number", "$value": ⊙-9007199254740993}}"#, [.jsonNumberImprecise], severity: .warning)
        // Held exactly: 2^53, 2^60, and numbers written with a fraction or an exponent.
        expectDiagnostics(#"{"n": {"$type": "number", "$value": 9007199254740992}}"#, [], severity: .warning)
        expectDiagnostics(#"{"n": {"$type": "number", "$value": 1152921504606846976}}"#, [], severity: .warning)
        expectDiagnostics(#"{"n": {"$type": "number", "$value": 1.7976931348623157e308}}"#, [], severity: .warning)
    }

    @Test func negativeDurationsAreWarnedAboutButNotNegativeDelays() {
        expectDiagnostics(#"{"d": {"$type": "duration", "$value": ⊙{"value": -200, "unit": "ms"}}}"#, [.valueOutOfRange], severity: .warning)
        expectDiagnostics(#"""
            {"t": {"$type": "transition", "$value": {"duration": ⊙{"value": -1, "unit": "s"}, "delay": {"value": -100, "unit": "ms"},
              "timingFunction": [0, 0, 1, 1]}}}
            """#, [.valueOutOfRange], severity: .warning)
    }

    /// Every finite number is written so that CSS reads it back as itself (to four decimals):
    /// no `inf`, no `nan`.
    @Test(arguments: [1.7976931348623157e308, -1.7976931348623157e308, 1.2345678901234568e29, 1e15, 123.45678, 0.00001, -0.5])
    func cssNumbersReadBack(_ value: Double) throws {
        let text = CSSEmitter.number(value)
        #expect(!text.contains("inf") && !text.contains("nan"), "\(text)")
        let read = try #require(Double(text))
        #expect(abs(read - value) <= max(0.00005, abs(value) * 1e-15), "\(value) → \(text)")
    }
}
