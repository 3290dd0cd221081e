import Foundation
import Testing

@testable import Tessera

/// The token set in Examples/ is what a new user runs first: it must stay clean, and its
/// semantic and component tokens must stay tied to the primitives they name.
struct ExamplesTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/tokens").path

    let result = TokenPipeline.run(paths: [Self.directory], options: PipelineOptions(strict: true))

    @Test func validatesWithoutAnyDiagnostic() {
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.all.map(\.message))")
        #expect(result.resolved.count == result.document.count)
    }

    @Test(arguments: [
        ("color.accent", "color.brand"), ("button.primary.background", "color.brand"),
        ("button.secondary.background", "color.background.subtle"), ("button.secondary.border", "button.primary.border"),
        ("spacing.stack", "space.$root"), ("card.radius", "radius.md"),
    ])
    func aliasesCarryTheirTargetsValue(_ alias: String, _ target: String) {
        #expect(result.resolved[alias]?.value == result.resolved[target]?.value)
    }

    @Test func compositesUseTheirParts() {
        guard case .typography(let title)? = result.resolved["typography.title"]?.value,
            case .fontFamily(let sans, _)? = result.resolved["font.family.sans"]?.value
        else {
            Issue.record("typography.title or font.family.sans did not resolve")
            return
        }
        #expect(title.fontFamily == sans)
        #expect(.fontWeight(title.fontWeight) == result.resolved["font.weight.semibold"]?.value)
    }

    @Test func wideGamutBrandColorIsMappedIntoSRGB() throws {
        guard case .color(let brand)? = result.resolved["color.brand"]?.value else {
            Issue.record("color.brand did not resolve")
            return
        }
        #expect(brand.colorSpace == .displayP3)
        #expect(!brand.isInGamut(.srgb))
        #expect(brand.mapped(to: .srgb).isInGamut(.srgb))
    }
}
