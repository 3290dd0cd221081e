import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera

/// Tokens Studio math, checked against the expressions and results its transforms are tested
/// with (`Fixtures/tokens-studio/test/spec/checkAndEvaluateMath.expected.json`).
struct StudioMathTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let expression: String
        let expected: StudioMath.Outcome
        var testDescription: String { expression }
    }

    static let cases: [Case] = {
        let url = fixtures.appendingPathComponent("tokens-studio/test/spec/checkAndEvaluateMath.expected.json")
        guard let data = try? Data(contentsOf: url),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            let input = entry["input"] as? [String: Any]
            guard let expression = (input?["value"] ?? input?["$value"]) as? String else { return nil }
            switch entry["expected"] {
            case let text as String: return Case(expression: expression, expected: .text(text))
            case let number as NSNumber: return Case(expression: expression, expected: .number(number.doubleValue))
            default: return nil
            }
        }
    }()

    @Test func everyStringCaseIsRead() {
        #expect(Self.cases.count == 43)
    }

    @Test(arguments: cases)
    func reducesAsTokensStudioDoes(_ testCase: Case) {
        #expect(StudioMath.evaluate(testCase.expression) == testCase.expected)
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
