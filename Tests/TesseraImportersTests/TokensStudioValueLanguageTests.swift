import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Values Tokens Studio and its transforms accept that no 2025.10 type holds as written:
/// each is read as they read it — completed, kept as written with a warning, or followed to
/// what it names — and none is an error.
struct TokensStudioValueLanguageTests {
    static func resolve(_ json: String) -> TokenSystem.Permutation {
        let file = SourceFile(path: "set.json", bytes: Array(json.utf8))
        var system = TokensStudioImporter().system(for: file, options: PipelineOptions(importers: .standard))
        return system.resolve(inputs: [:])
    }

    @Test func aPartialTypographyIsCompletedAsTheCSSShorthandWritesIt() throws {
        let result = Self.resolve(#"""
            {"font": {"body": {"value": "Inter", "type": "fontFamilies"}},
             "type": {
               "bold": {"value": {"fontSize": "24", "fontWeight": "Bold"}, "type": "typography"},
               "family": {"value": "{font.body}", "type": "typography"}
             }}
            """#)
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map(\.message))")
        guard case .typography(let bold)? = result.partialTokens.value("type.bold") else {
            Issue.record("type.bold is not a typography")
            return
        }
        #expect(bold.fontFamily == ["sans-serif"])
        #expect(bold.fontSize == TokenDimension(24, .px))
        #expect(bold.fontWeight == 700)
        guard case .typography(let family)? = result.partialTokens.value("type.family") else {
            Issue.record("type.family is not a typography")
            return
        }
        #expect(family.fontFamily == ["Inter"])
        #expect(family.fontSize == TokenDimension(16, .px))
        #expect(family.fontWeight == 400)
        let completed = result.diagnostics.filter { $0.id == .typographyIncomplete }
        #expect(completed.count == 2)
        #expect(completed.contains { $0.message.contains("'fontFamily'") && $0.message.contains("type.bold") })
    }

    @Test func cssThePluginDoesNotEvaluateIsKeptAsWritten() throws {
        let result = Self.resolve(#"""
            {"size": {
               "half": {"value": "50%", "type": "borderRadius"},
               "circle": {"value": "{size.half}", "type": "borderRadius"},
               "auto": {"value": "auto", "type": "sizing"},
               "fluid": {"value": "clamp(0.875rem, 0.8rem + 0.2vw, 1rem)", "type": "fontSizes"},
               "range": {"value": {"min": "320px", "max": "480px"}, "type": "dimension"},
               "math": {"value": "round((16 * 1.33) / 4) * 4", "type": "spacing"},
               "broken": {"value": "12 apples", "type": "spacing"}
             },
             "text": {"fluid": {"value": {"fontFamily": "Inter", "fontWeight": "400", "fontSize": "{size.fluid}"}, "type": "typography"}}}
            """#)
        let tokens = result.partialTokens
        #expect(tokens.value("size.half") == .string("50%"))
        #expect(tokens.value("size.circle") == .string("50%"))
        #expect(tokens.value("size.auto") == .string("auto"))
        #expect(tokens.value("size.fluid") == .string("clamp(0.875rem, 0.8rem + 0.2vw, 1rem)"))
        #expect(tokens.value("size.range")?.type == .string)
        #expect(tokens.value("text.fluid")?.type == .string)
        #expect(tokens.value("size.math") == .dimension(TokenDimension(20, .px)))
        // What is neither math nor CSS stays an error.
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1 && errors.first?.message.contains("12 apples") == true, "\(errors.map(\.message))")
        #expect(result.diagnostics.filter { $0.id == .passedThrough }.count >= 5)
    }

    @Test func gradientsTransparentAndUnknownTypesAreRead() throws {
        let result = Self.resolve(#"""
            {"grad": {"value": "linear-gradient(90deg, #ff0000 0%, #0000ff 100%)", "type": "color"},
             "bg": {"value": "{grad}", "type": "color"},
             "clear": {"value": "transparent", "type": "color"},
             "deco": {"value": "underline", "type": "txtDecoration"},
             "weight": {"value": "Demi", "type": "fontWeights"}}
            """#)
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map(\.message))")
        let tokens = result.partialTokens
        #expect(tokens.value("bg")?.type == .gradient)
        #expect(tokens.value("bg") == tokens.value("grad"))
        #expect(tokens.value("clear") == .color(TokenColor(.srgb, [0, 0, 0], alpha: 0)))
        #expect(tokens.value("deco") == .string("underline"))
        #expect(tokens.value("weight") == .fontWeight(600))
        #expect(result.diagnostics.contains { $0.id == .studioType && $0.message.contains("kept as text") })
    }

    @Test func aSetNoThemeEnablesIsReadSoThatReferencesIntoItResolve() throws {
        let result = Self.resolve(#"""
            {"core": {"red": {"value": "#ff0000", "type": "color"}},
             "light": {"fg": {"value": "{red}", "type": "color"}},
             "$themes": [{"name": "Light", "selectedTokenSets": {"light": "enabled"}}],
             "$metadata": {"tokenSetOrder": ["core", "light"]}}
            """#)
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map(\.message))")
        #expect(result.partialTokens.value("fg") == result.partialTokens.value("red"))
        #expect(result.diagnostics.contains { $0.id == .studioUnusedSet && $0.severity == .note })
    }

    /// A group whose theme takes as source sets what another group's themes enable (a shadow
    /// theme referring to either color theme) leaves the choice to that group.
    @Test func aSourceSetAnotherGroupEnablesIsThatGroupsToChoose() throws {
        let file = SourceFile(path: "set.json", bytes: Array(#"""
            {"light": {"bg": {"value": "#ffffff", "type": "color"}},
             "dark": {"bg": {"value": "#000000", "type": "color"}},
             "shadow": {"drop": {"value": "{bg}", "type": "color"}},
             "$themes": [
               {"name": "Light", "group": "color", "selectedTokenSets": {"light": "enabled"}},
               {"name": "Dark", "group": "color", "selectedTokenSets": {"dark": "enabled"}},
               {"name": "styles", "group": "shadow", "selectedTokenSets": {"light": "source", "dark": "source", "shadow": "enabled"}}
             ],
             "$metadata": {"tokenSetOrder": ["light", "dark", "shadow"]}}
            """#.utf8))
        var system = TokensStudioImporter().system(for: file, options: PipelineOptions(importers: .standard))
        for (theme, hex) in [("Light", "#ffffff"), ("Dark", "#000000")] {
            let result = system.resolve(inputs: ["color": theme])
            #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map(\.message))")
            guard case .color(let color)? = result.partialTokens.value("bg"), case .color(let drop)? = result.partialTokens.value("drop") else {
                Issue.record("bg or drop is not a color in \(theme)")
                continue
            }
            #expect(color.hexString(includeAlpha: false).lowercased() == hex)
            #expect(drop == color)
        }
    }

    /// A folder's name in `tokenSetOrder` and in a theme stands for its sets; a name of no set
    /// is passed over with a warning; a 2025.10 color object is a color.
    @Test func folderNamesStandForTheirSets() throws {
        let folder = try Scratch.folder("studio-folders")
        let files = [
            "base/colors.json": #"{"red": {"value": {"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 1}, "type": "color"}}"#,
            "base/spacing.json": #"{"space": {"value": "4", "type": "spacing"}}"#,
            "brand/acme.json": #"{"primary": {"value": "{red}", "type": "color"}}"#,
            "$metadata.json": #"{"tokenSetOrder": ["base", "brand/acme", "brand/gone"]}"#,
            "$themes.json": #"[{"name": "Acme", "selectedTokenSets": {"base": "source", "brand/acme": "enabled", "missing": "enabled"}}]"#,
        ]
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let result = TokenSystem.resolving(paths: [folder.path], options: PipelineOptions(importers: .standard))
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.message))")
        #expect(result.partialTokens.value("primary") == .color(TokenColor(.srgb, [1, 0, 0], alpha: 1)))
        #expect(result.partialTokens.value("space") == .dimension(TokenDimension(4, .px)))
        let passedOver = result.diagnostics.filter { $0.message.contains("passed over") }
        #expect(passedOver.count == 2 && passedOver.allSatisfy { $0.severity == .warning }, "\(passedOver.map(\.message))")
    }
}
