import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// The code of the "Getting started" article (Tessera.docc/GettingStarted.md), run on the
/// token set in Examples/ with the public API only: if the article goes wrong, this fails.
struct GettingStartedTests {
    static let examples = repositoryRoot.appendingPathComponent("Examples")

    @Test func checkTheTokensAndReadValues() throws {
        var system = TokenSystem(paths: [Self.examples.appendingPathComponent("tokens").path])
        let result = system.resolve()
        #expect(!result.hasErrors, "\(DiagnosticRenderer().render(result.diagnostics.inReadingOrder, files: result.files))")
        let tokens = try result.tokens()
        guard case .color(let accent)? = tokens["color.accent"]?.value else {
            Issue.record("color.accent is not a color")
            return
        }
        #expect(accent.hexString() == "#ff0039ff")
        #expect(accent.mapped(to: .displayP3).colorSpace == .displayP3)
        guard case .dimension(let padding)? = tokens["spacing.inset"]?.value else {
            Issue.record("spacing.inset is not a dimension")
            return
        }
        #expect(padding.value == 16 && padding.unit == .px)
    }

    @Test func applyFixItsAndValidateAgain() throws {
        let file = SourceFile(path: "tokens.json", text: ##"{"color": {"$type": "color", "red": {"$value": "#ff0000"}, "link": {"$value": "{color.rde}"}}}"##)
        var system = TokenSystem(files: [file])
        let result = system.resolve()
        #expect(result.hasErrors)
        let edits = result.diagnostics.flatMap(\.fixIts).map(\.edit)
        let fixed = try SourceEdit.apply(edits, toFile: file.path, bytes: file.bytes)
        var fixedSystem = TokenSystem(files: [SourceFile(path: file.path, bytes: fixed)])
        let again = fixedSystem.resolve()
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics.map(\.message))")
    }

    @Test func resolveModesAndOverride() throws {
        var tokenSystem = TokenSystem(paths: [Self.examples.appendingPathComponent("app.resolver.json").path])
        let light = try tokenSystem.resolve(inputs: [:]).tokens()
        let dark = try tokenSystem.resolve(inputs: ["theme": "dark"]).tokens()
        let darkHighContrast = try tokenSystem.resolve(inputs: ["theme": "dark", "contrast": "high"]).tokens()
        #expect(light["color.background.default"]?.value != dark["color.background.default"]?.value)
        #expect(dark["color.text.link"]?.value != darkHighContrast["color.text.link"]?.value)
        #expect(darkHighContrast["color.text.link"]?.value == dark["color.text.primary"]?.value)
        let report = tokenSystem.checkAllPermutations()
        #expect(report.permutationCount == 32)

        var brand = Redefinition()
        let blue = TokenColor(.srgb, [0, 0.4, 1])
        brand.set("color.brand", to: .typed(.color(blue)))
        let branded = try tokenSystem.resolve(inputs: [:]).redefining(brand).tokens()
        #expect(branded["color.accent"]?.value == .color(blue))
        #expect(light["color.accent"]?.value != .color(blue))
    }
}
