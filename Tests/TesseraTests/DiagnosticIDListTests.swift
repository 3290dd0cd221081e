import Foundation
import Testing

@testable import Tessera

/// `DiagnosticID.engineIDs` is what a `diagnostics:` setting is checked against: an id missing
/// from it could not be chosen a severity, and a setting for it would be refused as misspelt.
struct DiagnosticIDListTests {
    @Test func everyDeclaredIdIsListed() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Tessera/Diagnostics/DiagnosticID.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let declared = try Regex(#"static let \w+: DiagnosticID = "([^"]+)""#)
        let ids = Set(text.matches(of: declared).compactMap { $0.output[1].substring.map { DiagnosticID(rawValue: String($0)) } })
        #expect(ids.count > 100)
        #expect(ids.subtracting(DiagnosticID.engineIDs).isEmpty, "not listed: \(ids.subtracting(DiagnosticID.engineIDs).map(\.rawValue).sorted())")
        #expect(DiagnosticID.engineIDs.count == ids.count)
    }
}
