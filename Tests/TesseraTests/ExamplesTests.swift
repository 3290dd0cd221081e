import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// The token set in Examples/ is what a new user runs first: it must stay clean, and its
/// semantic and component tokens must stay tied to the primitives they name.
struct ExamplesTests {
    static let directory = repositoryRoot.appendingPathComponent("Examples/tokens").path

    let result = TokenSystem.resolving(paths: [Self.directory], options: PipelineOptions(strict: true))

    @Test func validatesWithoutAnyDiagnostic() {
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.partialTokens.count == result.document.count)
    }

    @Test(arguments: [
        ("color.accent", "color.brand"), ("button.primary.background", "color.brand"),
        ("button.secondary.background", "color.background.subtle"), ("button.secondary.border", "button.primary.border"),
        ("spacing.stack", "space.$root"), ("card.radius", "radius.md"),
    ])
    func aliasesCarryTheirTargetsValue(_ alias: String, _ target: String) {
        #expect(result.partialTokens[alias]?.value == result.partialTokens[target]?.value)
    }

    @Test func compositesUseTheirParts() {
        guard case .typography(let title)? = result.partialTokens["typography.title"]?.value,
            case .fontFamily(let sans, _)? = result.partialTokens["font.family.sans"]?.value
        else {
            Issue.record("typography.title or font.family.sans did not resolve")
            return
        }
        #expect(title.fontFamily == sans)
        #expect(.fontWeight(title.fontWeight) == result.partialTokens["font.weight.semibold"]?.value)
    }

    @Test func wideGamutBrandColorIsMappedIntoSRGB() throws {
        guard case .color(let brand)? = result.partialTokens["color.brand"]?.value else {
            Issue.record("color.brand did not resolve")
            return
        }
        #expect(brand.colorSpace == .displayP3)
        #expect(!brand.isInGamut(.srgb))
        #expect(brand.mapped(to: .srgb).isInGamut(.srgb))
    }

    // MARK: The resolver

    static let resolverPath = URL(fileURLWithPath: directory).deletingLastPathComponent()
        .appendingPathComponent("app.resolver.json").path

    @Test func everyPermutationOfTheExampleResolverIsClean() {
        let tokenSystem = TokenSystem(resolverAt: Self.resolverPath, options: PipelineOptions(strict: true))
        let report = tokenSystem.checkAllPermutations()
        #expect(report.permutationCount == 32)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
    }

    @Test func contextsChangeWhatTheySay() throws {
        var tokenSystem = TokenSystem(resolverAt: Self.resolverPath)
        func value(_ path: String, _ inputs: [String: String]) -> TokenValue? {
            (try? tokenSystem.resolve(inputs: inputs).tokens())?.value(path)
        }
        let dark = ["theme": "dark"]
        #expect(value("color.background.default", dark) == value("color.gray.900", [:]))
        // Elevation changes nothing in light, and lifts the page in dark.
        #expect(value("color.background.default", ["level": "elevated"]) == value("color.background.default", [:]))
        #expect(value("color.background.default", ["theme": "dark", "level": "elevated"]) == value("color.gray.800", [:]))
        // High contrast follows the appearance it is combined with.
        #expect(value("color.text.link", ["contrast": "high"]) == value("color.text.primary", [:]))
        #expect(value("color.text.link", ["contrast": "high", "theme": "dark"]) == value("color.gray.0", [:]))
        // The second brand reaches the components; the compact size class shortens controls.
        #expect(value("button.primary.background", ["brand": "ocean"]) != value("button.primary.background", [:]))
        #expect(value("button.primary.height", ["sizeClass": "compact"]) == value("space.compact", [:]))
    }
}
