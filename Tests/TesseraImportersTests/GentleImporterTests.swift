import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Gentle design system specs (`Fixtures/gentle`, written for these tests from the spec's
/// description: every 0.6.0 role, and the same system as Gentle 0.4.0 wrote it), in both
/// appearances, their migration, and located diagnostics.
struct GentleImporterTests {
    static let folder = sharedFixtures.appendingPathComponent("gentle")
    static let current = folder.appendingPathComponent("gentle-0.6.0.json").path
    static let older = folder.appendingPathComponent("gentle-0.4.0.json").path

    static func tokenSystem(at path: String) -> TokenSystem {
        ImporterRegistry.standard.importedSystem(at: path, options: PipelineOptions())!
    }

    static func tokenSystem(_ text: String) -> TokenSystem {
        GentleImporter().system(for: SourceFile(path: "gentle.json", text: text), options: PipelineOptions())
    }

    @Test func pairsBecomeAnAppearanceModifier() throws {
        var tokenSystem = Self.tokenSystem(at: Self.current)
        let resolver = try #require(tokenSystem.resolver)
        #expect(resolver.permutations.count == 2)
        guard case .modifier(let modifier) = resolver.layers.last else {
            Issue.record("no modifier")
            return
        }
        #expect(modifier.name == "appearance" && modifier.contexts.map(\.name) == ["light", "dark"] && modifier.defaultContext == "light")
        for contexts in resolver.permutations {
            #expect(tokenSystem.resolve(contexts: contexts).diagnostics.isEmpty, "\(contexts)")
        }
    }

    /// Values worked out by hand from the fixture and the mapping the README gives.
    @Test(arguments: [
        ("light", "colors.text.textPrimary", "#1f2933ff"),
        ("dark", "colors.text.textPrimary", "#f5f7faff"),
        ("dark", "colors.surface.surfaceTint", "#020617cc"),
        ("light", "colors.action.primaryCTA", "#4a6ef5ff"),
        ("light", "typography.body_m",
         ##"{"fontFamily":"system-ui","fontSize":"17px","fontWeight":400,"letterSpacing":"0px","textCase":"none"}"##),
        ("dark", "typography.caption_s",
         ##"{"fontFamily":"system-ui","fontSize":"12px","fontWeight":500,"letterSpacing":"0.5px","textCase":"upper"}"##),
        ("light", "typography.largeTitle_xxl",
         ##"{"fontFamily":"ui-rounded","fontSize":"34px","fontWeight":700,"letterSpacing":"0px","textCase":"none"}"##),
        ("light", "layout.scale.xxl", "32px"),
        ("light", "layout.touch.m", "44px"),
        ("light", "layout.inset.card.regular.horizontal", "16px"),
        ("light", "layout.inset.screen.tight.vertical", "12px"),
        ("light", "visual.radii.pill", "999px"),
        ("light", "visual.shadows.medium", "6px"),
        ("light", "buttons.roles.secondary.borderRole", "accent"),
        ("light", "buttons.roles.tertiary.usesNativeStyle", "true"),
        ("light", "buttons.roles.primary.pressedOpacity", "0.86"),
        ("light", "buttons.animations.springBack.springResponse", "0.45s"),
        ("light", "buttons.animations.subtlePress.duration", "0.12s"),
        ("dark", "surfaces.card.color", "#111827ff"),
        ("light", "surfaces.card.style", "solid"),
        ("dark", "surfaces.card.border", "#374151ff"),
        ("light", "surfaces.overlaySheet.color", "#111827cc"),
        ("light", "surfaces.overlaySheet.material", "regular"),
        ("light", "surfaces.overlayPopover.tintOpacity", "0.15"),
        ("light", "surfaces.floatingPanel.style", "glass"),
        ("light", "surfaces.floatingPanel.depthEffect", "highlightAndIndent"),
        ("light", "surfaces.floatingPanel.depthStrength", "0.2"),
        // Opacity 0.08 is alpha 20.4/255 (#14); SwiftUI's radius 8 is a CSS blur of 16.
        ("light", "surfaces.cardElevated.shadow", ##"{"blur":"16px","color":"#00000014","inset":false,"offsetX":"0px","offsetY":"6px","spread":"0px"}"##),
    ])
    func valuesInBothAppearances(_ appearance: String, _ path: String, _ expected: String) {
        var system73 = Self.tokenSystem(at: Self.current)
        let permutation = system73.resolve(contexts: ["appearance": appearance])
        #expect(permutation.partialTokens[path]?.value.flatText == expected)
    }

    @Test func rolesKeepWhatOnlyGentleHas() throws {
        var system78 = Self.tokenSystem(at: Self.current)
        let tokens = system78.resolve(inputs: [:]).partialTokens
        let surface = try #require(tokens["colors.surface.surfaceBase"])
        #expect(surface.extensions?["dev.tessera.gentle"]?["roleGroups"]?.array?.compactMap(\.string) == ["surface", "surfaceBackground"])
        #expect(tokens["colors.surface.borderSubtle"]?.extensions?["dev.tessera.gentle"]?["roleGroups"]?.array?.compactMap(\.string) == ["surface"])
        let mono = try #require(tokens["typography.monoCode_m"])
        #expect(mono.extensions?["dev.tessera"]?["relativeTo"]?.string == "body")
        #expect(mono.extensions?["dev.tessera.gentle"]?["width"]?.string == "condensed")
        #expect(mono.extensions?["dev.tessera.gentle"]?["design"]?.string == "monospaced")
        #expect(mono.extensions?["dev.tessera.gentle"]?["ramp"]?.string == "m")
        #expect(tokens["typography.title_xl"]?.extensions?["dev.tessera"]?["relativeTo"]?.string == "title1")
        #expect(tokens["typography.caption_s"]?.extensions?["dev.tessera"]?["textCase"]?.string == "upper")
        #expect(tokens["typography.primaryButtonTitle_m"]?.extensions?["dev.tessera.gentle"]?["colorRole"]?.string == "textOnPrimaryCTA")
        // Insets and surface colors stay aliases of the scale and of the color roles.
        #expect(tokens["layout.inset.card.regular.horizontal"]?.aliasOf == "layout.scale.l")
        #expect(tokens["surfaces.overlaySheet.color"]?.aliasOf == "colors.surface.surfaceTint")
        // Material without a tint color: no color token.
        #expect(tokens["surfaces.chrome.color"] == nil && tokens["surfaces.chrome.material"]?.value.flatText == "ultraThin")
        // Surfaces: 7 tokens each, a color for all but chrome, 4 materials and 3 tint opacities.
        #expect(tokens.count == 19 + 17 + 24 + 16 + 7 + 35 + 36 + (10 * 7 + 9 + 4 + 3))
    }

    /// The same system written by Gentle 0.4.0 — older role names, `materialRole`, color-role
    /// borders, specular effects, flat insets and pre-`backgroundStyle` surfaces — resolves
    /// exactly as the 0.6.0 spec, with a note at every change and nothing else.
    @Test func olderVersionMigratesToTheSameValues() throws {
        var current = Self.tokenSystem(at: Self.current)
        var older = Self.tokenSystem(at: Self.older)
        for contexts in try #require(current.resolver?.permutations) {
            let expected = ResolvedEmitter.flat(current.resolve(contexts: contexts).partialTokens)
            let migrated = older.resolve(contexts: contexts)
            #expect(ResolvedEmitter.flat(migrated.partialTokens) == expected, "\(contexts)")
            #expect(migrated.diagnostics.allSatisfy { $0.id == .gentleMigrated && $0.severity == .note })
        }
        let notes = older.resolve(inputs: [:]).diagnostics
        // The version; 5 roles renamed as keys and 5 where a value names them (a text role's
        // color, 4 surfaces'); 5 fill roles; 5 border roles; 10 specular effects; 2 flat
        // insets; 3 surfaces without backgroundStyle.
        #expect(notes.count == 1 + 5 + 5 + 5 + 5 + 10 + 2 + 3, "\(notes.map(\.message))")
        #expect(notes.contains { $0.message.contains("'onSurfaceOverlayPrimary' is 'textOnOverlay'") })
    }

    @Test func newerVersionIsAnErrorAndNothingIsRead() {
        var system = Self.tokenSystem(##"{"_specVersion": "0.7.0", "colors": {"pairByRole": {"textPrimary": {"lightHex": "#000000", "darkHex": "#ffffff"}}}}"##)
        let result = system.resolve(inputs: [:])
        #expect(result.diagnostics.map(\.id) == [.gentleVersion])
        #expect(result.diagnostics.first?.message.contains("newer than 0.6.0") == true)
        #expect(result.partialTokens.count == 0)
    }

    @Test func renamedRoleBesideItsNewNameKeepsTheNewOne() {
        var system = Self.tokenSystem(##"""
            {"_specVersion": "0.5.0", "colors": {"pairByRole": {"surface": {"lightHex": "#111111", "darkHex": "#222222"},
             "surfaceBase": {"lightHex": "#333333", "darkHex": "#444444"}}}}
            """##)
        let result = system.resolve(inputs: [:])
        #expect(result.partialTokens["colors.surface.surfaceBase"]?.value.flatText == "#333333ff")
        #expect(result.diagnostics.contains { $0.id == .gentleUnknown })
    }


    static let malformed: [TokensStudioThemesTests.Marked] = [
        .init(source: ##"{"_specVersion": ⊙"six"}"##, ids: [.gentleVersion]),
        .init(source: ##"{"_specVersion": "0.6.0", "colors": {"pairByRole": {"textPrimary": {"lightHex": ⊙"#12345", "darkHex": "#000000"}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "colors": {"pairByRole": {"textPrimary": {"lightHex": "#123456", "darkHex": ⊙"#FFF"}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "colors": {"pairByRole": {"textPrimary": ⊙"#000000"}}}"##, ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "colors": {"pairByRole": {⊙"brandAccent": {"lightHex": "#000000", "darkHex": "#000000"}}}}"##,
              ids: [.gentleUnknown]),
        .init(source: ##"{"_specVersion": "0.6.0", "colors": {"pairByRole": {"textPrimary": ⊙{"lightHex": "#000000"}}}}"##,
              ids: [.gentleMissing]),
        .init(source: ##"{"_specVersion": "0.6.0", "typography": {"roles": {"body_m": {"pointSize": ⊙-1, "weight": "regular", "design": "default", "relativeTo": "body", "lineSpacing": 0, "letterSpacing": 0, "isUppercased": false, "colorRole": "textPrimary"}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "typography": {"roles": {"body_m": {"pointSize": 17, "weight": ⊙"bolder", "design": "default", "relativeTo": "body", "lineSpacing": 0, "letterSpacing": 0, "isUppercased": false, "colorRole": "textPrimary"}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "typography": {"roles": {"body_m": {"pointSize": 17, "weight": "bold", "design": "default", "relativeTo": "body", "lineSpacing": 0, "letterSpacing": 0, "isUppercased": ⊙"yes", "colorRole": "textPrimary"}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "typography": {"roles": {"body_m": {"pointSize": 17, "weight": "bold", "design": "default", "relativeTo": "body", "lineSpacing": 0, "letterSpacing": 0, "isUppercased": false, "colorRole": ⊙"textPrimry"}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "typography": {"roles": {"body_m": {"pointSize": 17, "weight": "bold", "design": "default", "relativeTo": "body", "lineSpacing": 0, "letterSpacing": 0, "isUppercased": false, "colorRole": "textPrimary", ⊙"tracking": 1}}}}"##,
              ids: [.gentleUnknown]),
        .init(source: ##"{"_specVersion": "0.6.0", "typography": {"roles": {"body_m": ⊙{"pointSize": 17, "weight": "bold", "design": "default", "lineSpacing": 0, "letterSpacing": 0, "isUppercased": false, "colorRole": "textPrimary"}}}}"##,
              ids: [.gentleMissing]),
        .init(source: ##"{"_specVersion": "0.6.0", "typography": {"roles": {"body_m": {"pointSize": 17, "weight": "bold", "design": "default", "width": ⊙"wide", "relativeTo": "body", "lineSpacing": 0, "letterSpacing": 0, "isUppercased": false, "colorRole": "textPrimary"}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "layout": {"scale": {"xs": ⊙"4", "s": 8, "m": 12, "l": 16, "xl": 24, "xxl": 32}}}"##,
              ids: [.gentleInvalid, .gentleMissing, .gentleMissing, .gentleMissing, .gentleMissing]),
        .init(source: ##"{"_specVersion": "0.6.0", "layout": {"inset": {"card": {"regular": {"horizontal": ⊙"huge", "vertical": "m"}}}}}"##,
              ids: [.gentleMissing, .gentleMissing, .gentleMissing, .gentleMissing, .gentleInvalid, .referenceUnknown]),
        .init(source: ##"{"_specVersion": "0.6.0", "buttons": {"roles": {"primary": {"shape": "pill", "fillRole": ⊙"solid", "borderRole": "hidden", "animationRole": "pop", "pressedScale": 0.9, "pressedOpacity": 0.8, "usesNativeStyle": false}}, "animations": {}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "buttons": {"roles": {"primary": {"shape": "pill", "fillRole": "hollow", "borderRole": "hidden", "animationRole": "pop", "pressedScale": 0.9, "pressedOpacity": ⊙1.5, "usesNativeStyle": false}}, "animations": {}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "surfaces": {"roles": {"card": {"backgroundStyle": {"type": ⊙"frosted"}, "border": {"lightHex": "#000000", "darkHex": "#000000"}}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "colors": {"pairByRole": {"surfaceBase": {"lightHex": "#000000", "darkHex": "#000000"}}}, "surfaces": {"roles": {"card": ⊙{"backgroundStyle": {"type": "solid", "colorRole": "surfaceBase"}}}}}"##,
              ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", "colors": {"pairByRole": {"surfaceBase": {"lightHex": "#000000", "darkHex": "#000000"}}}, "surfaces": {"roles": {"card": {"backgroundStyle": {"type": "solid", "colorRole": "surfaceBase"}, "surfaceDepthEffect": ⊙"glow", "border": {"lightHex": "#000000", "darkHex": "#000000"}}}}}"##,
              ids: [.gentleInvalid]),
        // A surface whose color role the spec does not define: the alias has no target.
        .init(source: ##"{"_specVersion": "0.6.0", "colors": {"pairByRole": {}}, "surfaces": {"roles": {"card": {"backgroundStyle": {"type": "solid", "colorRole": ⊙"surfaceBase"}, "border": {"lightHex": "#000000", "darkHex": "#000000"}}}}}"##,
              ids: [.referenceUnknown]),
        .init(source: ##"⊙[1, 2]"##, ids: [.gentleInvalid]),
        .init(source: ##"{"_specVersion": "0.6.0", ⊙"theme": {}}"##, ids: [.gentleUnknown, .fileNoTokens]),
    ]

    /// Sections a case does not write are reported as missing; those warnings, at the
    /// spec's start, are not what the case is about.
    @Test(arguments: malformed)
    func malformedInputIsLocated(_ testCase: TokensStudioThemesTests.Marked) {
        let source = MarkedSource(testCase.source)
        var system188 = Self.tokenSystem(source.text)
        let found = system188.resolve(inputs: [:]).diagnostics
            .filter { $0.severity >= .warning && !($0.id == .gentleMissing && $0.message.hasPrefix("the spec has no")) }
        #expect(found.map(\.id) == testCase.ids, "\(found.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" })")
        // The case's own problem is the first diagnostic that is not a missing member.
        if let diagnostic = found.first(where: { $0.id != .gentleMissing }) ?? found.first, let mark = source.marks.first {
            #expect(diagnostic.location?.line == mark.line && diagnostic.location?.column == mark.column,
                "\(diagnostic.id) at \(diagnostic.location?.column ?? 0), expected \(mark.column): \(diagnostic.message)")
        }
    }

    @Test func missingSectionsAreWarnings() {
        var system199 = Self.tokenSystem(##"{"_specVersion": "0.6.0"}"##)
        let found = system199.resolve(inputs: [:]).diagnostics
        // With every section missing, no token is read: that is an error of its own.
        #expect(found.map(\.id) == Array(repeating: .gentleMissing, count: 6) + [.fileNoTokens])
    }

    /// Gentle's hex reading gives back the digits written, spaces and `#` aside, and refuses
    /// what Gentle cannot draw.
    @Test func hexReadingGivesBackTheDigits() {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdefABCDEF")
        for _ in 0..<2000 {
            let count = Bool.random(using: &generator) ? 6 : 8
            let hex = String((0..<count).map { _ in digits.randomElement(using: &generator)! })
            let written = (Bool.random(using: &generator) ? " #" : "#") + hex + (Bool.random(using: &generator) ? "\n" : "")
            let expected = "#" + hex.lowercased() + (count == 6 ? "ff" : "")
            #expect(GentleReader.gentleHex(written)?.hexString() == expected, "\(written)")
        }
        for bad in ["#FFF", "#FFFF", "#12345", "#1234567", "#GG0000", "", "#", "##123456", "#12 3456", "#１２３４５６"] {
            #expect(GentleReader.gentleHex(bad) == nil, "\(bad)")
        }
    }

    @Test func recognizedByContent() {
        let importer = GentleImporter()
        #expect(importer.recognizes(SourceFile(path: "theme.json", text: ##"{"_specVersion": "0.6.0"}"##)) == .certain)
        #expect(importer.recognizes(SourceFile(path: "theme.json", text: ##"{"colors": {"pairByRole": {}}}"##)) == .certain)
        #expect(importer.recognizes(SourceFile(path: "theme.json", text: ##"{"color": {"$value": "#fff"}}"##)) == .no)
        #expect(ImporterRegistry.standard.systemImporter(at: Self.current)?.name == "gentle")
    }
}
