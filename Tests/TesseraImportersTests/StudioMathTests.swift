import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Tokens Studio math: expressions with and without units, several values, what cannot be
/// evaluated. (The conformance script checks every expression Tokens Studio's transforms are
/// tested with.)
struct StudioMathTests {
    @Test(arguments: [
        ("4 * 2", StudioMath.Outcome.number(8)),
        ("1 / 3", .number(0.3333)),
        ("(2 + 3) * 4", .number(20)),
        ("16px * 1.5", .text("24px")),
        ("4em + 7em", .text("11em")),
        ("2em + 20", .text("2em + 20")),
        ("8px 16px", .text("8px 16px")),
        ("8 / 4 * 7px 8 * 5px", .text("14px 40px")),
        ("hello", .text("hello")),
    ])
    func reducesAsTokensStudioDoes(_ expression: String, _ expected: StudioMath.Outcome) {
        #expect(StudioMath.evaluate(expression) == expected)
    }

    @Test(arguments: [
        ("1.005", 2.0, 1.01), ("4 / 7", 1, 0.6), ("-2.5", 0, -2.0), ("1234.5678", -2, 1200.0),
    ])
    func roundToShiftsTheDecimalPoint(_ expression: String, _ places: Double, _ expected: Double) {
        #expect(Arithmetic.roundTo(Arithmetic.evaluate(expression)!, places) == expected)
    }

    @Test func precedenceAndFunctions() {
        #expect(Arithmetic.evaluate("-2^2") == -4)
        #expect(Arithmetic.evaluate("2^3^2") == 512)
        #expect(Arithmetic.evaluate("floor(7.9) + ceil(0.1) + round(2.5) + abs(-1)") == 12)
        #expect(Arithmetic.evaluate("pow(2, 10) % 1000") == 24)
        #expect(Arithmetic.evaluate("max(1, min(5, 3), 2)") == 3)
        #expect(Arithmetic.evaluate("sqrt 16") == 4)
        #expect(Arithmetic.evaluate("3!") == 6)
        #expect(Arithmetic.evaluate("4 7") == nil)
        #expect(Arithmetic.evaluate("4 * rem") == nil)
        #expect(Arithmetic.evaluate("unknown(2)") == nil)
    }

    @Test func ties() {
        // 1.03125 lies halfway between 1.0312 and 1.0313: JavaScript takes the larger.
        #expect(StudioMath.toFixed(1.03125, digits: 4) == 1.0313)
        #expect(StudioMath.toFixed(-1.03125, digits: 4) == -1.0312)
        #expect(StudioMath.toFixed(2.0 / 3, digits: 4) == 0.6667)
    }
}
