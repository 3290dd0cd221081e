import TesseraModel
import TesseraTestSupport
import Testing

struct ColorTests {
    static func close(_ a: [Double], _ b: [Double], _ tolerance: Double) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// CSS Color 4 values for sRGB red and white (D50 as CSS defines it from chromaticities).
    @Test func knownValues() {
        let red = TokenColor(.srgb, [1, 0, 0])
        #expect(Self.close(red.converted(to: .oklch).numericComponents, [0.62796, 0.25768, 29.2339], 1e-4))
        #expect(Self.close(red.converted(to: .lab).numericComponents, [54.2905, 80.8049, 69.8910], 1e-3))
        #expect(Self.close(red.converted(to: .lch).numericComponents, [54.2905, 106.8372, 40.8577], 1e-3))
        let white = TokenColor(.srgb, [1, 1, 1])
        #expect(Self.close(white.converted(to: .xyzD65).numericComponents, [0.95046, 1.0, 1.08906], 1e-4))
        #expect(Self.close(white.converted(to: .xyzD50).numericComponents, [0.96430, 1.0, 0.82510], 1e-4))
        #expect(Self.close(white.converted(to: .oklab).numericComponents, [1, 0, 0], 1e-6))
        #expect(Self.close(TokenColor(.hsl, [120, 100, 50]).converted(to: .srgb).numericComponents, [0, 1, 0], 1e-12))
        #expect(Self.close(TokenColor(.hwb, [240, 0, 0]).converted(to: .srgb).numericComponents, [0, 0, 1], 1e-12))
        #expect(Self.close(TokenColor(.hwb, [0, 60, 60]).converted(to: .srgb).numericComponents, [0.5, 0.5, 0.5], 1e-12))
    }

    @Test(arguments: ColorSpace.allCases)
    func whiteIsWhiteInEveryRGBSpaceAndRoundTripsEverywhere(_ space: ColorSpace) {
        let samples: [[Double]] = [[1, 1, 1], [0.2, 0.4, 0.9], [0.9, 0.1, 0.3], [0.05, 0.05, 0.05], [0.5, 0.7, 0.2]]
        for sample in samples {
            let original = TokenColor(.srgb, sample)
            let back = original.converted(to: space).converted(to: .srgb)
            #expect(Self.close(back.numericComponents, sample, 1e-7), "\(space) \(sample) → \(back.numericComponents)")
        }
        if space.components[0].range == .unit, space != .xyzD65, space != .xyzD50, space != .oklab, space != .oklch {
            #expect(Self.close(TokenColor(space, [1, 1, 1]).converted(to: .srgb).numericComponents, [1, 1, 1], 1e-9))
        }
    }

    @Test func gamutMappingKeepsHueAndLightnessAndLandsInGamut() {
        let p3Red = TokenColor(.displayP3, [1, 0, 0])
        #expect(!p3Red.isInGamut(.srgb))
        let mapped = p3Red.mapped(to: .srgb)
        #expect(mapped.numericComponents.allSatisfy { $0 >= 0 && $0 <= 1 })
        let before = p3Red.converted(to: .oklch).numericComponents
        let after = mapped.converted(to: .oklch).numericComponents
        #expect(abs(before[2] - after[2]) < 3, "hue preserved")
        #expect(abs(before[0] - after[0]) < 0.03, "lightness preserved")
        #expect(after[1] < before[1], "chroma reduced")
    }

    @Test func inGamutColorsAreUnchangedByMapping() {
        let color = TokenColor(.srgb, [0.2, 0.4, 0.6])
        #expect(Self.close(color.mapped(to: .srgb).numericComponents, [0.2, 0.4, 0.6], 1e-12))
        #expect(TokenColor(.srgb, [1, 0, 0]).isInGamut(.displayP3))
    }

    @Test func extremeLightnessMapsToWhiteOrBlack() {
        #expect(TokenColor(.oklch, [1.2, 0.3, 100]).hexString(includeAlpha: false) == "#ffffff")
        #expect(TokenColor(.oklch, [0, 0.3, 100]).hexString(includeAlpha: false) == "#000000")
    }

    @Test func hexIsLowercaseAndRounded() {
        #expect(TokenColor(.srgb, [0, 0.4, 0.8], alpha: 0.5).hexString() == "#0066cc80")
        #expect(TokenColor(.srgb, [1, 1, 1]).hexString(includeAlpha: false) == "#ffffff")
        #expect(TokenColor(.srgb, [0.5, 0.5, 0.5]).hexString() == "#808080ff")
    }

    @Test(arguments: [
        ("#abc", "#aabbccff"), ("#abcd", "#aabbccdd"), ("#A0B1C2", "#a0b1c2ff"), ("rgb(0 128 255 / 50%)", "#0080ff80"),
        ("rgba(255,255,255,0.25)", "#ffffff40"), ("hsl(0deg 100% 50%)", "#ff0000ff"), ("hsla(240, 100%, 50%, 1)", "#0000ffff"),
    ])
    func legacyCSSStrings(_ text: String, _ hex: String) {
        #expect(TokenColor(legacyCSS: text)?.hexString() == hex)
    }

    /// Hex colors read the quick way (exactly `#` and hex digits) and through the general
    /// reading (the same text after a space, trimmed and lowercased first) are the same color,
    /// with the same lowercase hex; a text one of them refuses, the other refuses too.
    @Test func hexReadQuicklyIsTheColorTheGeneralReadingGives() {
        var random = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdefABCDEFgx")
        for _ in 0..<5_000 {
            let count = [3, 4, 6, 8, 5, 2].randomElement(using: &random)!
            let text = "#" + String((0..<count).map { _ in
                Int.random(in: 0..<100, using: &random) < 2
                    ? digits[digits.count - 1 - Int.random(in: 0...1, using: &random)]
                    : digits[Int.random(in: 0..<(digits.count - 2), using: &random)]
            })
            let quick = TokenColor(legacyCSS: text)
            let general = TokenColor(legacyCSS: " " + text)
            #expect(quick == general, "\(text)")
            #expect(quick?.hex == general?.hex, "\(text)")
        }
    }

    @Test(arguments: ["#abcde", "#ggg", "rgb(1, 2)", "hsl(0, 200%, 50%)", "blue", "rgb(300, 0, 0)"])
    func invalidCSSStrings(_ text: String) {
        #expect(TokenColor(legacyCSS: text) == nil)
    }
}

struct ColorComponentCountTests {
    @Test(arguments: [[Double?](), [120], [120, 0.5], [120, 0.5, 0.5, 9]])
    func aColorAlwaysHasThreeComponents(components: [Double?]) {
        let color = TokenColor(.hsl, components)
        #expect(color.components.count == 3)
        #expect(color.hexString().count == 9)
    }
}
