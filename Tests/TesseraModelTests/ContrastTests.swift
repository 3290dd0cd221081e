import Foundation
import TesseraModel
import TesseraTestSupport
import Testing

/// Contrast and color difference against published reference values.
@Suite struct ContrastTests {
    static func hex(_ text: String) -> TokenColor {
        let digits = Array(text.dropFirst())
        let bytes = stride(from: 0, to: digits.count, by: 2).map { Double(Int(String(digits[$0..<$0 + 2]), radix: 16)!) / 255 }
        return TokenColor(.srgb, Array(bytes.prefix(3)), alpha: bytes.count > 3 ? bytes[3] : 1)
    }

    /// WCAG 2.x ratios as WebAIM's contrast checker and the WCAG understanding documents state
    /// them (to two decimals).
    @Test(arguments: [
        ("#000000", "#ffffff", 21.0),
        ("#ffffff", "#ffffff", 1.0),
        ("#767676", "#ffffff", 4.54),   // the lightest gray that passes AA on white
        ("#777777", "#ffffff", 4.48),   // and the next, which fails
        ("#595959", "#ffffff", 7.0),    // AAA on white
        ("#0000ff", "#ffffff", 8.59),
        ("#ff0000", "#ffffff", 4.0),
        ("#008000", "#ffffff", 5.14),
        ("#ffffff", "#0000ff", 8.59),   // symmetric
        ("#1a1a1a", "#f5f5f5", 15.96),
    ])
    func wcagReferencePairs(foreground: String, background: String, ratio: Double) {
        let measured = Self.hex(foreground).contrastRatio(on: Self.hex(background))
        #expect(abs(measured - ratio) < 0.006, "\(foreground) on \(background): \(measured)")
    }

    /// The formula itself, worked by hand: #777 is 0.184 luminance.
    @Test func wcagFormulaByHand() {
        let channel = pow((0x77 / 255.0 + 0.055) / 1.055, 2.4)
        let expected = 1.05 / (channel + 0.05)
        #expect(abs(Self.hex("#777777").contrastRatio(on: Self.hex("#ffffff")) - expected) < 1e-9)
    }

    /// A translucent foreground is composited over the background before measuring: 50 % black
    /// on white is mid gray (about 3.98).
    @Test func translucentForegroundIsComposited() {
        let half = TokenColor(.srgb, [0, 0, 0], alpha: 0.5)
        let ratio = half.contrastRatio(on: Self.hex("#ffffff"))
        let gray = TokenColor(.srgb, [0.5, 0.5, 0.5]).contrastRatio(on: Self.hex("#ffffff"))
        #expect(abs(ratio - gray) < 1e-9)
        #expect(abs(ratio - 3.98) < 0.01)
        // Over black, the same color is nearly invisible.
        #expect(half.contrastRatio(on: Self.hex("#000000")) < 1.3)
    }

    /// APCA-W3 0.0.98G-4g: the reference implementation's published values.
    @Test(arguments: [
        ("#888888", "#ffffff", 63.06),
        ("#ffffff", "#888888", -68.54),
        ("#000000", "#aaaaaa", 58.15),
        ("#aaaaaa", "#000000", -56.24),
        ("#000000", "#ffffff", 106.04),
        ("#ffffff", "#000000", -107.88),
    ])
    func apcaReferencePairs(text: String, background: String, lc: Double) {
        let measured = Self.hex(text).apcaContrast(on: Self.hex(background))
        #expect(abs(measured - lc) < 0.01, "\(text) on \(background): \(measured)")
    }

    /// CIEDE2000: pairs from Sharma, Wu and Dalal's test data (Lab in, ΔE00 out).
    @Test(arguments: [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644),
        ([22.7233, 20.0904, -46.6940], [23.0331, 14.9730, -42.5619], 2.0373),
        ([90.9257, -0.5406, -0.9208], [88.6381, -0.8985, -0.7239], 1.5381),
    ])
    func ciede2000ReferencePairs(lab1: [Double], lab2: [Double], expected: Double) {
        let a = TokenColor(.lab, lab1)
        let b = TokenColor(.lab, lab2)
        #expect(abs(a.deltaE2000(b) - expected) < 0.0001, "\(lab1) / \(lab2)")
        #expect(abs(b.deltaE2000(a) - expected) < 0.0001, "symmetric")
    }

    @Test func deltaEOKIsTheOKLabDistance() {
        let a = TokenColor(.oklab, [0.5, 0.1, 0.0])
        let b = TokenColor(.oklab, [0.53, 0.1, 0.04])
        #expect(abs(a.deltaEOK(b) - 0.05) < 1e-9)
        #expect(a.deltaEOK(a) == 0)
    }

    /// The nearest passing lightness really passes, and a step back toward the original fails.
    @Test(arguments: [("#999999", "#ffffff", 4.5), ("#5a8fd6", "#ffffff", 4.5), ("#444444", "#202020", 3.0), ("#336699", "#336699", 4.5)])
    func nearestLightnessPasses(foreground: String, background: String, ratio: Double) throws {
        let front = Self.hex(foreground)
        let back = Self.hex(background)
        let fixed = try #require(front.nearestLightness(reaching: ratio, on: back))
        #expect(fixed.contrastRatio(on: back) >= ratio)
        let start = front.converted(to: .oklch).numericComponents[0]
        let end = fixed.converted(to: .oklch).numericComponents[0]
        let stepBack = front.withLightness(end + (start - end) * 0.05)
        #expect(stepBack.contrastRatio(on: back) < ratio)
    }

    @Test func noLightnessReachesTwentyOneOnGray() {
        #expect(Self.hex("#808080").nearestLightness(reaching: 21, on: Self.hex("#808080")) == nil)
    }
}
