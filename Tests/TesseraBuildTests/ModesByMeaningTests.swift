import Foundation
import TesseraTestSupport
import Testing

@testable import TesseraBuild
@testable import TesseraRuntime

/// Modes by meaning, from the user's side: a system whose contexts are named as designers name
/// them gives dark appearances in every output that carries appearances; one whose names say
/// nothing is mapped in `tessera.yml`, or warned about.
struct ModesByMeaningTests {
    /// A project: one color, white by default and black in the second context of `modifier`.
    static func project(_ name: String, modifier: String, contexts: (String, String), modes: String = "") throws -> URL {
        let folder = try Codegen.temporaryFolder("modes-\(name)")
        let white = #"{"colorSpace": "srgb", "components": [1, 1, 1]}"#, black = #"{"colorSpace": "srgb", "components": [0, 0, 0]}"#
        try Data("""
            {
              "version": "2025.10",
              "sets": {"base": {"sources": [{"bg": {"$type": "color", "$value": \(white)}}]}},
              "modifiers": {"\(modifier)": {"contexts": {"\(contexts.0)": [], "\(contexts.1)": [{"bg": {"$type": "color", "$value": \(black)}}]},
                "default": "\(contexts.0)"}},
              "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/\(modifier)"}]
            }
            """.utf8).write(to: folder.appendingPathComponent("tokens.resolver.json"))
        try Data("""
            resolver: tokens.resolver.json
            outputs:
              - swift: { path: out/Palette.swift, flavor: static, name: Palette }
              - assets: { path: out/Tokens.xcassets }
              - css: { path: out/tokens.css }
            \(modes)
            """.utf8).write(to: folder.appendingPathComponent("tessera.yml"))
        return folder
    }

    static func build(_ folder: URL) throws -> Build.Report {
        let (configuration, diagnostics) = BuildConfiguration.load(folder.appendingPathComponent("tessera.yml").path)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return Build(try #require(configuration)).run()
    }

    /// Whether every output holds the dark appearance: a `luminosity: dark` appearance in the
    /// color set, a dark media query in the CSS, a dark case in the static flavor's adaptation.
    static func expectDarkEverywhere(_ folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let colorset = try String(contentsOf: folder.appendingPathComponent("out/Tokens.xcassets/bg.colorset/Contents.json"), encoding: .utf8)
        #expect(colorset.contains("\"dark\""), sourceLocation: sourceLocation)
        #expect(colorset.contains("0.000") || colorset.contains("0x00"), sourceLocation: sourceLocation)
        let css = try String(contentsOf: folder.appendingPathComponent("out/tokens.css"), encoding: .utf8)
        #expect(css.contains("@media (prefers-color-scheme: dark)"), "\(css)", sourceLocation: sourceLocation)
        let swift = try String(contentsOf: folder.appendingPathComponent("out/Palette.swift"), encoding: .utf8)
        #expect(swift.contains("case (true, false, false)"), sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("Appearance Mode", ("Light Mode", "Dark Mode")), ("Palette", ("Day", "Night")), ("Color", ("🌞 Brand Light", "🌚 Brand Dark")),
        ("theme", ("lightTheme", "darkTheme")),
    ])
    func contextsNamedAsDesignersNameThemGiveDarkAppearances(_ modifier: String, _ contexts: (String, String)) throws {
        let folder = try Self.project(contexts.1.filter(\.isLetter), modifier: modifier, contexts: contexts)
        let report = try Self.build(folder)
        #expect(report.succeeded)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        try Self.expectDarkEverywhere(folder)
    }

    @Test func contextsMappedInTheConfigurationGiveDarkAppearances() throws {
        let folder = try Self.project("paper", modifier: "Palette", contexts: ("Paper", "Ink"),
            modes: "modes:\n  appearance: { modifier: Palette, light: Paper, dark: Ink }")
        let report = try Self.build(folder)
        #expect(report.succeeded)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        try Self.expectDarkEverywhere(folder)
    }

    @Test func contextsNoNameOrSettingPlacesAreWarnedAbout() throws {
        let folder = try Self.project("unplaced", modifier: "Palette", contexts: ("Paper", "Ink"))
        let report = try Self.build(folder)
        #expect(report.succeeded)
        #expect(report.diagnostics.map(\.id) == [.appearanceUnmapped])
        #expect(report.diagnostics.first?.message.contains("modes: { appearance: { modifier: Palette, light: Paper, dark: Ink } }") == true)
    }

    @Test func aSettingNamingNoContextIsAnErrorAtItsLine() throws {
        let folder = try Self.project("wrong", modifier: "Palette", contexts: ("Paper", "Ink"),
            modes: "modes:\n  appearance: { modifier: Palette, light: Paper, dark: Night }")
        let report = try Self.build(folder)
        #expect(!report.succeeded)
        #expect(report.diagnostics.map(\.id) == [.configInvalidValue])
        #expect(report.diagnostics.first?.location?.line == 7)
        #expect(report.written.isEmpty)
    }

    /// The meaning of names, word by word.
    @Test(arguments: [
        ("Light Mode", ThemeTraits.Appearance.light, false, false), ("Dark Mode", .dark, false, false), ("night", .dark, false, false),
        ("darkTheme", .dark, false, false), ("Dark HC", .dark, true, false), ("dark-high-contrast", .dark, true, false),
        ("Light (Increased Contrast)", .light, true, false), ("Dark Elevated", .dark, false, true), ("Dim", .dark, false, false),
    ])
    func namesSayTheirTraits(_ name: String, _ appearance: ThemeTraits.Appearance, _ high: Bool, _ elevated: Bool) {
        let meaning = ContextMeaning(name)
        #expect(meaning.appearance == appearance && meaning.highContrast == high && meaning.elevated == elevated)
    }

    @Test func namesThatSayBothOrNeitherSayNoAppearance() {
        #expect(ContextMeaning("Light and Dark").appearance == nil)
        #expect(ContextMeaning("Ocean").appearance == nil)
        #expect(ContextMeaning("Highlight").appearance == nil)
    }

    /// With several contexts per appearance, the traits' contrast and level choose among them.
    @Test func contrastAndLevelChooseAmongAnAppearancesContexts() {
        let modifier = ThemeModifier(name: "Mode", contexts: ["Light Mode", "Dark Mode", "Dark Mode HC", "Dark Elevated"], defaultContext: "Light Mode")
        let choose = { (traits: ThemeTraits) in TraitMapping.conventional.contexts(for: traits, modifiers: [modifier])["Mode"] }
        #expect(choose(ThemeTraits(appearance: .dark)) == "Dark Mode")
        #expect(choose(ThemeTraits(appearance: .dark, contrast: .high)) == "Dark Mode HC")
        #expect(choose(ThemeTraits(appearance: .dark, elevation: .elevated)) == "Dark Elevated")
        #expect(choose(ThemeTraits(appearance: .light, contrast: .high)) == "Light Mode")
    }

    /// A configured trait replaces what the conventional names would drive by it.
    @Test func aConfiguredTraitReplacesTheConventionalOne() {
        let theme = ThemeModifier(name: "theme", contexts: ["light", "dark"], defaultContext: "light")
        let palette = ThemeModifier(name: "Palette", contexts: ["Paper", "Ink"], defaultContext: "Paper")
        let mapping = TraitMapping.configured(ModeSettings(appearance: .init(modifier: "Palette", contexts: ["dark": "Ink"])))
        let dark = mapping.contexts(for: ThemeTraits(appearance: .dark), modifiers: [theme, palette])
        #expect(dark == ["Palette": "Ink"])
        #expect(mapping.contexts(for: ThemeTraits(appearance: .light), modifiers: [theme, palette]) == ["Palette": "Paper"])
    }
}
