import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Tokens Studio files (`Fixtures/tokens-studio/tokens`, written for these tests with math,
/// references inside values, color modifiers, composites and several values in one token),
/// resolved and compared value by value with the CSS Tokens Studio's transforms write for
/// them (`Fixtures/tokens-studio/expected`, in the shape of the transforms' own test
/// expectations). (The conformance script compares the transforms' own test files.)
struct TokensStudioImporterTests {
    static let folder = fixtures.appendingPathComponent("tokens-studio")

    static let css = TokensStudioCSS(folder)

    struct Case: CustomTestStringConvertible, Sendable {
        let tokens: String
        let expected: String
        /// Variables Tessera does not give, each with the diagnostic that says why.
        let reported: [String: DiagnosticID]
        var testDescription: String { tokens }
    }

    static let cases = [
        Case(tokens: "studio", expected: "studio", reported: ["--sdSpacingPair": .studioValue]),
    ]

    @Test(arguments: cases)
    func agreesWithTheTransformsOutput(_ testCase: Case) {
        let expected = Self.css.expectedLines(testCase.expected)
        #expect(expected.count == 22)
        let compared = TokensStudioCSS.compare(Self.css.resolve(testCase.tokens), with: expected, reported: testCase.reported, TestExpectations())
        #expect(compared + testCase.reported.count == expected.count)
    }

    /// Two files read together (`cross-file-1…2`): references cross files both ways.
    /// The transforms' output expands typography into one variable per field; each is compared
    /// with that field of Tessera's typography.
    @Test func filesReadTogetherAgreeWithTheTransforms() throws {
        let paths = (1...2).map { Self.css.tokens("cross-file-\($0)") }
        var system = try #require(ImporterRegistry.standard.importedSystem(for: paths, options: PipelineOptions(importers: .standard)))
        let result = system.resolve(inputs: [:])
        let (compared, missing) = TokensStudioCSS.compareExpanded(result, with: Self.css.expectedLines("cross-file"), TestExpectations())
        #expect(compared == 7)
        #expect(missing.isEmpty, "\(missing)")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
    }
}
