import Foundation
import Tessera
import TesseraImporters
import TesseraModel
import TesseraRuntime
import TesseraTestSupport
import Testing

/// The logic behind the SwiftUI and UIKit adapters for insets, shadows, borders, surfaces and
/// previews, checked here where it runs on every platform.
@Suite struct AppleAdapterLogicTests {
    /// CSS's shorthand: one value, two (vertical, horizontal), three (top, horizontal, bottom),
    /// four (top, right, bottom, left: right is trailing); `rem` is 16 points.
    @Test(arguments: [
        ([4.0], ThemeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)),
        ([4, 8], ThemeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)),
        ([4, 8, 12], ThemeInsets(top: 4, leading: 8, bottom: 12, trailing: 8)),
        ([4, 8, 12, 16], ThemeInsets(top: 4, leading: 16, bottom: 12, trailing: 8)),
    ])
    func insetsShorthand(_ values: [Double], _ expected: ThemeInsets) {
        #expect(ThemeInsets(shorthand: values.map { TokenDimension($0, .px) }) == expected)
        let rem = ThemeInsets(shorthand: values.map { TokenDimension($0 / 16, .rem) })
        #expect(rem == expected)
    }

    @Test func insetsFromRoles() {
        let insets = ThemeInsets(horizontal: TokenDimension(1, .rem), vertical: TokenDimension(6, .px))
        #expect(insets == ThemeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
        #expect(ThemeInsets(all: TokenDimension(2, .px)) == ThemeInsets(top: 2, leading: 2, bottom: 2, trailing: 2))
        #expect(ThemeInsets(shorthand: []) == nil && ThemeInsets(shorthand: Array(repeating: TokenDimension(1, .px), count: 5)) == nil)
    }

    /// CSS Backgrounds 3's spread of a corner radius: a square corner stays square, a radius at
    /// least the spread grows by it, a smaller one by less (and never shrinks), a negative
    /// spread takes it down to 0 at most.
    @Test func spreadRadius() {
        #expect(ShadowCast.spreadRadius(0, by: 8) == 0)
        #expect(ShadowCast.spreadRadius(8, by: 4) == 12 && ShadowCast.spreadRadius(4, by: 4) == 8)
        #expect(ShadowCast.spreadRadius(2, by: 4) == 5.5)  // 2 + 4 × (1 + (0.5 − 1)³)
        #expect(ShadowCast.spreadRadius(8, by: -3) == 5 && ShadowCast.spreadRadius(2, by: -3) == 0)
        #expect(ShadowCast.spreadRadius(6, by: 0) == 6)
        // Continuous where the two rules meet, and growing with the radius below it.
        let below = (1...99).map { ShadowCast.spreadRadius(Double($0) / 100 * 10, by: 10) }
        #expect(zip(below, below.dropFirst()).allSatisfy { $0 < $1 } && abs(below.last! - 19.9) < 0.01)
    }

    /// An outer shadow is cast from the box grown by its spread and moved by its offset; an
    /// inset one from the box shrunk by it (the shadow is outside that, inside the box).
    @Test func shadowCasts() {
        func shadow(spread: Double, inset: Bool) -> LayerShadow {
            LayerShadow(Shadow(color: TokenColor(.srgb, [0, 0, 0], alpha: 0.3), offsetX: TokenDimension(2, .px),
                offsetY: TokenDimension(6, .px), blur: TokenDimension(10, .px), spread: TokenDimension(spread, .px), inset: inset))
        }
        let outer = shadow(spread: 4, inset: false).cast(width: 100, height: 40, cornerRadius: 12)
        #expect(outer == ShadowCast(x: -2, y: 2, width: 108, height: 48, cornerRadius: 16, inset: false))
        let inner = shadow(spread: 4, inset: true).cast(width: 100, height: 40, cornerRadius: 12)
        #expect(inner == ShadowCast(x: 6, y: 10, width: 92, height: 32, cornerRadius: 8, inset: true))
        // Without spread both are the box itself, moved.
        let plain = shadow(spread: 0, inset: false).cast(width: 100, height: 40, cornerRadius: 12)
        #expect(plain == ShadowCast(x: 2, y: 6, width: 100, height: 40, cornerRadius: 12, inset: false))
        // Shrunk past nothing: a line through the center.
        let line = shadow(spread: -30, inset: false).cast(width: 100, height: 40, cornerRadius: 12)
        #expect(line.height == 0 && line.y == 6 + 20 && line.width == 40 && line.x == 2 + 30)
        #expect(shadow(spread: 0, inset: false).radius == 5)
        #expect(line.isEmpty && !plain.isEmpty)
    }

    /// The rectangle a shadow is cast from can always be drawn as
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)` requires (Core Graphics stops
    /// the app otherwise): a radius of at least 0 and at most half of each side, for a pill's
    /// 9999, a layer before layout (zero or negative size), a spread that shrinks the box to
    /// nothing, and sizes that are not numbers. A pill keeps its short sides fully round.
    @Test func castRectanglesAreDrawable() {
        let pill = LayerShadow(Shadow(color: TokenColor(.srgb, [0, 0, 0], alpha: 0.3), offsetX: TokenDimension(0, .px),
            offsetY: TokenDimension(2, .px), blur: TokenDimension(8, .px), spread: TokenDimension(4, .px), inset: false))
        #expect(pill.cast(width: 120, height: 40, cornerRadius: 9999).cornerRadius == 24)
        for spread in [-60.0, -20, -4, 0, 3, 50] {
            for inset in [false, true] {
                let layer = LayerShadow(Shadow(color: TokenColor(.srgb, [0, 0, 0], alpha: 0.3), offsetX: TokenDimension(1, .px),
                    offsetY: TokenDimension(2, .px), blur: TokenDimension(8, .px), spread: TokenDimension(spread, .px), inset: inset))
                for (width, height) in [(120.0, 40.0), (0, 0), (0, 44), (-10, 20), (.nan, 30), (.infinity, 10), (3, 1000)] {
                    for radius in [0.0, 6, 20, 9999, -5, .nan] {
                        let cast = layer.cast(width: width, height: height, cornerRadius: radius)
                        let drawable = cast.cornerRadius >= 0 && 2 * cast.cornerRadius <= cast.width && 2 * cast.cornerRadius <= cast.height
                        #expect(drawable, "\(width)×\(height) r \(radius) spread \(spread) inset \(inset): \(cast)")
                        #expect(cast.width >= 0 && cast.height >= 0)
                        #expect(cast.isEmpty == !(cast.width > 0 && cast.height > 0))
                    }
                }
            }
        }
    }

    /// SwiftUI draws an inset shadow as a ring of `insetBand` around the rectangle it is cast
    /// from: grown by the band, that rectangle must reach past the box by the blur's three
    /// standard deviations on every side, whatever the offset and spread (else a strip of the
    /// box would miss its shadow).
    @Test(arguments: [-12.0, -3, 0, 5, 20])
    func insetRingsCoverTheBox(_ spread: Double) {
        for (x, y, blur) in [(0.0, 0.0, 0.0), (8, -4, 6), (-30, 25, 16), (2, 60, 40)] {
            let layer = LayerShadow(Shadow(color: TokenColor(.srgb, [0, 0, 0], alpha: 0.5), offsetX: TokenDimension(x, .px),
                offsetY: TokenDimension(y, .px), blur: TokenDimension(blur, .px), spread: TokenDimension(spread, .px), inset: true))
            let (width, height) = (120.0, 44.0)
            let cast = layer.cast(width: width, height: height, cornerRadius: 10)
            let band = layer.insetBand, margin = 3 * layer.radius
            #expect(cast.x - band <= -margin && cast.y - band <= -margin, "\(x), \(y), \(blur)")
            #expect(cast.x + cast.width + band >= width + margin && cast.y + cast.height + band >= height + margin)
            #expect(layer.growth == -spread && layer.shadowColor.alpha == 0.5 && layer.shadowColor.red == 0)
        }
    }

    /// CSS keywords as one stroked line can draw them, and a token's own dashes.
    @Test func borders() {
        let blue = TokenColor(.srgb, [0, 0, 1])
        func border(_ style: TokenStrokeStyle) -> ThemeBorder { ThemeBorder(Border(color: blue, width: TokenDimension(2, .px), style: style)) }
        #expect(border(.keyword("solid")) == ThemeBorder(color: ThemeColor(blue), width: 2))
        #expect(border(.keyword("double")).isSolid && border(.keyword("groove")).isSolid)
        #expect(border(.keyword("dashed")).dash == [6, 6] && border(.keyword("dashed")).lineCap == .butt)
        #expect(border(.keyword("dotted")).dash == [0, 4] && border(.keyword("dotted")).lineCap == .round)
        let custom = border(.dashes(dashArray: [TokenDimension(0.25, .rem), TokenDimension(2, .px)], lineCap: "square"))
        #expect(custom.dash == [4, 2] && custom.lineCap == .square && !custom.isSolid)
        #expect(ThemeBorder(Border(color: blue, width: TokenDimension(0.125, .rem), style: .keyword("solid"))).width == 2)
    }

    /// seeds/004's surface roles, as Tessera imports the Gentle 0.6.0 spec, against the spec read
    /// here on its own: the style, colors, material, tint, corner radius, border and shadow of
    /// each role, and what is drawn with and without Liquid Glass.
    @Test func surfacesFromAGentleSpec() throws {
        let url = sharedFixtures.appendingPathComponent("gentle/gentle-0.6.0.json")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let roles = try #require((spec["surfaces"] as? [String: Any])?["roles"] as? [String: [String: Any]])
        let pairs = try #require((spec["colors"] as? [String: Any])?["pairByRole"] as? [String: [String: String]])
        let theme = Theme.compile(try Codegen.permutations(url.path))
        // `#RRGGBB` or `#RRGGBBAA`, read here on its own.
        func color(_ hex: String) throws -> ThemeColor {
            let digits = Array(hex.dropFirst())
            let channels = try stride(from: 0, to: digits.count, by: 2).map { try #require(Int(String(digits[$0...$0 + 1]), radix: 16)) }
            return ThemeColor(red: Double(channels[0]) / 255, green: Double(channels[1]) / 255, blue: Double(channels[2]) / 255,
                alpha: channels.count == 4 ? Double(channels[3]) / 255 : 1)
        }
        #expect(roles.count >= 10)
        var styles: Set<String> = []
        func pair(_ role: Any?) throws -> ThemeColor {
            let name = try #require(role as? String)
            return try color(#require(pairs[name]?["lightHex"]))
        }
        for (name, role) in roles {
            let surface = try #require(ThemeSurface(theme, path: "surfaces.\(name)"), "\(name)")
            let style = try #require(role["backgroundStyle"] as? [String: Any])
            let type = try #require(style["type"] as? String)
            styles.insert(type)
            switch (type, surface.background) {
            case ("solid", .solid(let fill)):
                let expected = try pair(style["colorRole"])
                #expect(fill == expected, "\(name)")
                #expect(surface.drawnBackground(glassAvailable: false) == surface.background)
            case ("material", .material(let material, let tint, let opacity)):
                #expect(material.rawValue == style["material"] as? String, "\(name)")
                #expect(opacity == (style["tintOpacity"] as? Double ?? 0.1), "\(name)")
                let expected = try style["tintColorRole"].map(pair)
                #expect(tint == expected, "\(name)")
                #expect(surface.drawnBackground(glassAvailable: false, materialAvailable: false) == .solid(tint ?? .clear))
            case ("glass", .glass(let fallbackMaterial, let fallbackColor)):
                #expect(fallbackMaterial?.rawValue == style["fallbackMaterial"] as? String, "\(name)")
                let expected = try pair(style["fallbackColorRole"])
                #expect(fallbackColor == expected, "\(name)")
                #expect(surface.drawnBackground(glassAvailable: true) == surface.background)
                let fallback: ThemeSurface.Background = fallbackMaterial.map { .material($0, tint: nil, tintOpacity: 0) } ?? .solid(fallbackColor)
                #expect(surface.drawnBackground(glassAvailable: false) == fallback, "\(name)")
            default:
                Issue.record("\(name): \(type) read as \(surface.background)")
            }
            #expect(surface.cornerRadius == role["cornerRadius"] as? Double, "\(name)")
            let width = try #require(role["borderWidth"] as? Double)
            let borderHex = try #require((role["border"] as? [String: String])?["lightHex"])
            let borderColor = try color(borderHex)
            let border = width > 0 && borderColor.alpha > 0 ? ThemeBorder(color: borderColor, width: width) : nil
            #expect(surface.border == border, "\(name)")
            let opacity = try #require(role["shadowOpacity"] as? Double)
            #expect((surface.shadow != nil) == (opacity > 0), "\(name)")
            if let layer = surface.shadow?.layerShadows.first {
                #expect(layer.radius == role["shadowRadius"] as? Double && layer.offsetY == role["shadowOffsetY"] as? Double)
                #expect(abs(layer.opacity - opacity) < 1e-9, "\(name)")
            }
        }
        #expect(styles == ["solid", "material", "glass"])
        #expect(ThemeSurface(theme, path: "surfaces.nothing") == nil)
    }

    /// Every permutation of the example's modifiers once, each theme in the contexts its label
    /// names; a chosen set varies only those modifiers.
    @Test func permutationsForPreviews() throws {
        let (theme, _) = try compiledExample()
        #expect(theme.modifiers.count >= 2)
        let all = theme.permutations()
        #expect(all.count == theme.modifiers.map(\.contexts.count).reduce(1, *))
        #expect(Set(all.map(\.label)).count == all.count)
        for permutation in all {
            #expect(permutation.contexts.map(\.modifier) == theme.modifiers.map(\.name))
            for (modifier, context) in permutation.contexts {
                #expect(permutation.theme.contexts[modifier] == context, "\(permutation.label)")
            }
        }
        let first = theme.modifiers[0]
        let some = theme.permutations(varying: [first.name.uppercased(), "no such modifier"])
        #expect(some.map(\.label) == first.contexts.map { "\(first.name): \($0)" })
        #expect(theme.permutations(varying: []).map(\.label) == ["default"])
    }

    /// The traits a preview shows a permutation in are those that choose it: its `theme`
    /// modifier's context is the appearance, `contrast` and `level` the contrast and level,
    /// whatever the brand and size class; a theme whose modifiers those traits do not choose has
    /// none, and so has a mapping that never chooses.
    @Test func traitsOfPermutations() throws {
        let (theme, _) = try compiledExample()
        let all = theme.permutations()
        #expect(all.count == 32)
        for permutation in all {
            let contexts = Dictionary(uniqueKeysWithValues: permutation.contexts.map { ($0.modifier, $0.context) })
            let traits = try #require(permutation.traits(), "\(permutation.label)")
            #expect(traits.appearance.rawValue == contexts["theme"], "\(permutation.label)")
            #expect((traits.contrast == .high) == (contexts["contrast"] == "high"), "\(permutation.label)")
            #expect((traits.elevation == .elevated) == (contexts["level"] == "elevated"), "\(permutation.label)")
        }
        #expect(all[0].traits(mapping: TraitMapping { _, _ in [:] }) == nil)
        let brands = TraitMapping { _, _ in ["brand": "ocean"] }
        #expect(all.allSatisfy { $0.traits(mapping: brands) == nil })
    }
}
