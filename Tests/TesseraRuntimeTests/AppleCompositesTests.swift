import Foundation
import TesseraModel
import TesseraRuntime
import TesseraTestSupport
import Testing

/// The arithmetic behind the UI adapters' shadows, gradients, transitions and fonts, checked
/// against the definitions of the formats (CSS Images 3, CSS Backgrounds 3, CSS Easing) and
/// Apple's Dynamic Type table, each by a second way to the same answer.
@Suite struct AppleCompositesTests {
    /// CSS Images 3 names these angles: `to bottom` is 180°, `to top` 0°, `to right` 90°, and in a
    /// square `to top right` is 45°, from the bottom-left corner to the top-right one.
    @Test(arguments: [
        (180.0, (0.5, 0.0), (0.5, 1.0)), (0, (0.5, 1), (0.5, 0)), (90, (0, 0.5), (1, 0.5)), (270, (1, 0.5), (0, 0.5)),
        (45, (0, 1), (1, 0)), (135, (0, 0), (1, 1)),
    ])
    func namedGradientDirections(_ angle: Double, _ start: (Double, Double), _ end: (Double, Double)) {
        let points = GradientStops.endpoints(angle: angle)
        #expect(abs(points.start.x - start.0) < 1e-9 && abs(points.start.y - start.1) < 1e-9, "\(points)")
        #expect(abs(points.end.x - end.0) < 1e-9 && abs(points.end.y - end.1) < 1e-9, "\(points)")
    }

    /// The gradient line's definition, in a box that is not square: it passes through the center
    /// along the angle, and the line through its start perpendicular to it passes through the
    /// corner the angle points away from (and the end, the opposite corner).
    @Test(arguments: [10.0, 30, 60, 100, 135, 200, 250, 300, 345])
    func gradientLineMeetsTheCorners(_ angle: Double) {
        let (width, height) = (300.0, 120.0)
        let points = GradientStops.endpoints(angle: angle, width: width, height: height)
        let radians = angle * .pi / 180
        let direction = (sin(radians), -cos(radians))
        let center = (width / 2, height / 2)
        func along(_ x: Double, _ y: Double) -> Double { (x - center.0) * direction.0 + (y - center.1) * direction.1 }
        func across(_ x: Double, _ y: Double) -> Double { (x - center.0) * direction.1 - (y - center.1) * direction.0 }
        let corners = [(0.0, 0.0), (width, 0), (0, height), (width, height)].map { along($0.0, $0.1) }
        let start = (points.start.x * width, points.start.y * height), end = (points.end.x * width, points.end.y * height)
        #expect(abs(along(start.0, start.1) - corners.min()!) < 1e-6)
        #expect(abs(along(end.0, end.1) - corners.max()!) < 1e-6)
        #expect(abs(across(start.0, start.1)) < 1e-6 && abs(across(end.0, end.1)) < 1e-6)
    }

    @Test func stopsAreOrderedAndClamped() {
        let red = TokenColor(.srgb, [1, 0, 0]), blue = TokenColor(.srgb, [0, 0, 1])
        let stops = GradientStops([GradientStop(color: blue, position: 1.5), GradientStop(color: red, position: -0.2)]).normalized
        #expect(stops.map(\.position) == [0, 1])
        #expect(stops.map(\.color) == [red, blue])
    }

    /// CSS Backgrounds 3: a box shadow's blur is a Gaussian of standard deviation half the blur
    /// length; Core Animation's `shadowRadius` is that standard deviation. The first shadow
    /// listed is painted on top, so it is the last layer.
    @Test func layerShadows() {
        let top = Shadow(color: TokenColor(.srgb, [0, 0, 0], alpha: 0.25), offsetX: TokenDimension(0, .px),
            offsetY: TokenDimension(2, .px), blur: TokenDimension(8, .px), spread: TokenDimension(-1, .px))
        let bottom = Shadow(color: TokenColor(.srgb, [0.2, 0.4, 0.6], alpha: 0.5), offsetX: TokenDimension(1, .px),
            offsetY: TokenDimension(12, .px), blur: TokenDimension(1.5, .rem), spread: TokenDimension(4, .px), inset: true)
        let layers = ShadowLayers([top, bottom]).layerShadows
        #expect(layers.count == 2)
        #expect(layers[0].inset && !layers[1].inset)
        #expect(layers[0].radius == 12 && layers[0].spread == 4 && layers[0].offsetY == 12 && layers[0].offsetX == 1)
        #expect(layers[1].radius == 4 && layers[1].spread == -1 && layers[1].opacity == 0.25)
        #expect(layers.allSatisfy { $0.color.alpha == 1 })
        #expect(layers[0].opacity == 0.5 && layers[0].color.blue == 0.6)
    }

    /// A timing curve's progress, against the curve sampled densely (a second way: no solving).
    @Test(arguments: [(0.25, 0.1, 0.25, 1.0), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.2, 0.9, 0.1, 1.4)])
    func cubicBezierProgress(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        let curve = CubicBezier(x1, y1, x2, y2)
        func point(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        let samples = (0...200_000).map { Double($0) / 200_000 }.map { (point($0, x1, x2), point($0, y1, y2)) }
        for time in [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1] {
            let nearest = samples.min { abs($0.0 - time) < abs($1.0 - time) }!
            #expect(abs(curve.progress(at: time) - nearest.1) < 1e-3, "\(curve) at \(time)")
        }
    }

    @Test func linearAndSymmetricCurves() {
        for time in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(abs(CubicBezier(0, 0, 1, 1).progress(at: time) - time) < 1e-9)
            let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
            #expect(abs(easeInOut.progress(at: time) + easeInOut.progress(at: 1 - time) - 1) < 1e-9)
        }
    }

    @Test func transitionSeconds() {
        let transition = TokenTransition(duration: TokenDuration(250, .ms), delay: TokenDuration(0.1, .s),
            timingFunction: CubicBezier(0.25, 0.1, 0.25, 1))
        #expect(transition.durationSeconds == 0.25 && abs(transition.delaySeconds - 0.1) < 1e-12)
    }

    /// Apple's Dynamic Type table (`Fixtures/apple/dynamic-type-sizes.md`), read here on its
    /// own: a font designed at a text style's Large size and scaling relative to it is that
    /// style's size at every category.
    @Test
    func fontsScaleAsApplesTable() throws {
        let text = try String(contentsOf: Self.referenceTable, encoding: .utf8)
        var rows = 0
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let style = TextStyle(rawValue: cells[0]), cells.count == 13 else { continue }
            let sizes = cells.dropFirst().compactMap(Double.init)
            #expect(sizes.count == 12)
            let typography = Typography(fontFamily: ["ui-rounded"], fontSize: TokenDimension(sizes[3], .px), fontWeight: 400)
            let font = ThemeFont(typography, relativeTo: style)
            for (category, size) in zip(TextSizeCategory.allCases, sizes) {
                #expect(font.scaledSize(at: category) == size, "\(style) at \(category)")
                #expect(ThemeFont(typography, relativeTo: style, category: category).size == size)
            }
            #expect(font.design == .rounded && font.postScriptName == nil)
            rows += 1
        }
        #expect(rows == TextStyle.allCases.count)
    }

    /// A line height of 1.5 on a 16-point body style is 24 points at the design size, whatever
    /// category the font was made at (the scaled line height is the scaled size × 1.5).
    @Test func lineHeightAtTheDesignSize() {
        let typography = Typography(fontFamily: ["Inter"], fontSize: TokenDimension(16, .px), fontWeight: 600,
            letterSpacing: TokenDimension(0.5, .px), lineHeight: 1.5, textCase: .upper)
        for category in [TextSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
            let font = ThemeFont(typography, relativeTo: .body, category: category)
            #expect(font.designLineHeight.map { abs($0 - 24) < 1e-9 } == true, "\(category)")
            #expect(font.lineHeight.map { abs($0 - font.size * 1.5) < 1e-9 } == true)
        }
        let font = ThemeFont(typography)
        #expect(font.postScriptName == "Inter-SemiBold" && font.kern == 0.5 && font.cased("straße") == "STRASSE")
        #expect(ThemeFont(Typography(fontFamily: ["Inter"], fontSize: TokenDimension(16, .px), fontWeight: 400)).designLineHeight == nil)
    }

    static let referenceTable = sharedFixtures.appendingPathComponent("apple/dynamic-type-sizes.md")
}
