import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraGenerate
@testable import TesseraModel

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

    /// A legacy color's fix-it writes each component as the shortest decimal that names the
    /// same byte, for every byte: read back, the color's hex is the one written.
    @Test func fixItComponentsAreShortAndNameTheSameByte() throws {
        for byte in 0...255 {
            let text = TokenColor.shortestByte(Double(byte) / 255)
            let read = try #require(Double(text))
            #expect((read * 255).rounded() == Double(byte) && abs(read * 255 - Double(byte)) <= 0.25, "\(byte): \(text)")
            #expect(text.count <= 6, "\(byte): \(text)")
        }
        // A byte's decimal, kept once, is the one worked out for a value a hair away from it.
        for byte in 1...254 {
            let exact = Double(byte) / 255
            #expect(TokenColor.shortestByte(exact) == TokenColor.shortestByte(exact.nextUp), "\(byte)")
        }
        let color = try #require(TokenColor(legacyCSS: "#1f6feb80"))
        #expect(color.dtcgJSONText == ##"{"colorSpace":"srgb","components":[0.122,0.435,0.922],"alpha":0.502,"hex":"#1f6feb"}"##)
    }
}

/// A color string Tessera cannot read is told apart by what is wrong with it.
struct ColorStringMessagesTests {
    static func message(_ value: String) -> String? {
        let text = "{\"a\": {\"$type\": \"color\", \"$value\": \"" + value + "\"}}"
        return pipeline(text).diagnostics.first { $0.id == .valueInvalid }?.message
    }

    @Test func hexColorsWithTheWrongDigitsSaySo() {
        #expect(Self.message("#12345")?.contains("it has 5 hex digits") == true)
        #expect(Self.message("#12g456")?.contains("'g' is not a hex digit") == true)
    }

    @Test func colorNamesAreToldTheyAreNotColors() {
        #expect(Self.message("red")?.contains("color names are not colors") == true)
        #expect(Self.message("red")?.contains("hex digit") == false)
    }
}

/// A legacy string with a unit 2025.10 reads as another (`"12pt"`) gets one fix-it, which
/// writes the unit read; the unit's own warning offers none there.
struct LegacyUnitFixItTests {
    @Test func aPointStringGetsOneFixItInPixels() {
        let found = pipeline(##"{"a": {"$type": "dimension", "$value": "12pt"}}"##).diagnostics
        #expect(Set(found.map(\.id)) == [.dimensionUnitLegacy, .dimensionLegacy])
        let fixIts = found.flatMap(\.fixIts)
        #expect(fixIts.map(\.edit.replacement) == [#"{"value": 12, "unit": "px"}"#])
    }

    @Test func aPointUnitMemberStillGetsItsFixIt() {
        let found = pipeline(##"{"a": {"$type": "dimension", "$value": {"value": 12, "unit": "pt"}}}"##).diagnostics
        #expect(found.flatMap(\.fixIts).map(\.edit.replacement) == [#""px""#])
    }
}
