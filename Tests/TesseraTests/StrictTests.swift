import Foundation
import Testing

@testable import Tessera

/// Under `strict`, everything the 2025.10 modules say must or should not be is an error; by
/// default the lenient reading stays a warning.
struct StrictTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let id: DiagnosticID
        let marked: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unknown type", id: .unknownType, marked: ##"{"a": {"$type": ⊙"customType", "$value": 1}}"##),
        Case(name: "a member that is not a $ property", id: .unknownProperty,
            marked: ##"{"a": {"$type": "number", "$value": 1, ⊙"customProp": "not allowed"}}"##),
        Case(name: "typography without letterSpacing and lineHeight", id: .typographyIncomplete,
            marked: ##"{"t": {"$type": "typography", "$value": ⊙{"fontFamily": "A", "fontSize": {"value": 1, "unit": "rem"}, "fontWeight": 400}}}"##),
        Case(name: "a legacy color", id: .colorLegacy, marked: ##"{"c": {"$type": "color", "$value": ⊙"#ff0000"}}"##),
    ]

    @Test(arguments: cases)
    func aWarningByDefaultIsAnErrorUnderStrict(_ testCase: Case) {
        expectDiagnostics(testCase.marked, [testCase.id], severity: .warning)
        expectDiagnostics(testCase.marked, [testCase.id], severity: .error, strict: true)
    }

    /// A type close to a known one is a typo: an error by default, with the type it meant.
    @Test(arguments: ["colour", "Border", "dimensions"])
    func aMisspeltTypeIsAnError(_ name: String) {
        let result = pipeline(##"{"a": {"$type": "\##(name)", "$value": 1}}"##)
        #expect(result.diagnostics.all.map(\.id) == [.misspeltType])
        #expect(result.diagnostics.all.first?.severity == .error)
        #expect(result.diagnostics.all.first?.fixIts.isEmpty == false)
    }

    @Test func aModifierWithOneContextIsAnErrorUnderStrict() {
        let resolver = ##"{"version": "2025.10", "sets": {"s": {"sources": [{"t": {"$type": "number", "$value": 1}}]}}, "modifiers": {"m": {"contexts": {"only": []}}}, "resolutionOrder": [{"$ref": "#/sets/s"}, {"$ref": "#/modifiers/m"}]}"##
        let file = SourceFile(path: "one.resolver.json", text: resolver)
        let lenient = Composer(resolver: file).checkAllPermutations().diagnostics
        let strict = Composer(resolver: file, options: PipelineOptions(strict: true)).checkAllPermutations().diagnostics
        #expect(lenient.filter { $0.id == .resolverSingleContext }.map(\.severity) == [.warning])
        #expect(strict.filter { $0.id == .resolverSingleContext }.map(\.severity) == [.error])
    }
}
