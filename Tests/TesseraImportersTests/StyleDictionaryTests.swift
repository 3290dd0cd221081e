import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// A folder written for Style Dictionary (`sharedFixtures/style-dictionary`, in the shape of Open
/// edX's Paragon tokens: `$value` tokens with `source` and `modify` of their own, CSS values,
/// `calc()`, a dotted name, an unknown type), read as Style Dictionary reads it. The expected
/// values are Style Dictionary's: it outputs a value its transforms do not match as written,
/// with each reference in it replaced by the referenced value (`outputReferences` off).
struct StyleDictionaryTests {
    static let folder = sharedFixtures.appendingPathComponent("style-dictionary").path

    @Test func theFolderIsRecognizedByTheTokensOwnProperties() {
        #expect(ImporterRegistry.standard.systemImporter(at: Self.folder)?.name == "style-dictionary")
        #expect(StyleDictionaryImporter.hasOwnProperty(Array(#"{"a": {"source": "$a", "$value": "1px"}}"#.utf8)))
        // DTCG: `$` properties and child groups only.
        #expect(!StyleDictionaryImporter.hasOwnProperty(Array(#"{"a": {"$type": "color", "b": {"$value": "1px"}}}"#.utf8)))
        #expect(!StyleDictionaryImporter.hasOwnProperty(Array(#"{"a": {"$value": "1px", "$description": "x"}}"#.utf8)))
        // A cut-off string is no evidence.
        #expect(!StyleDictionaryImporter.hasOwnProperty(Array(#"{"a": {"$value": "1px", "source": "$a"#.utf8)))
    }

    @Test func valuesStyleDictionaryPassesThroughAreKeptWithAWarning() throws {
        let result = TokenSystem.resolving(paths: [Self.folder], options: PipelineOptions(importers: .standard))
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.message))")
        let tokens = result.partialTokens
        #expect(tokens.value("size.base") == .dimension(TokenDimension(1.25, .rem)))
        #expect(tokens.value("size.inner") == .string("calc(1.25rem - 1px)"))
        #expect(tokens.value("size.pair") == .string("1.25rem 1.25rem"))
        #expect(tokens.value("typography.weight") == .string("inherit"))
        #expect(tokens.value("typography.ratio") == .string("87.5%"))
        #expect(tokens.value("elevation.zindex") == .number(1030))
        #expect(tokens.value("size.spacer.1-5") == .dimension(TokenDimension(0.375, .rem)))
        // `transparent` is a color to Style Dictionary's color library, as to CSS.
        #expect(tokens.value("color.clear") == .color(TokenColor(.srgb, [0, 0, 0], alpha: 0)))
        // `modify` is the project's own transform: the value is the referenced color, unchanged.
        #expect(tokens.value("color.tint") == tokens.value("color.white"))
        let ids = Set(result.diagnostics.map(\.id))
        #expect(ids.isSuperset(of: [.passedThrough, .studioUntyped, .styleDictionaryName, .styleDictionaryTransform]))
        // Every warning is located in the file it is about, on the line of the token.
        let inner = try #require(result.diagnostics.first { $0.message.contains("'size.inner'") })
        #expect(inner.location?.file.hasSuffix("core/size.json") == true)
        #expect(inner.location?.line == 6)
        let transform = try #require(result.diagnostics.first { $0.id == .styleDictionaryTransform })
        #expect(transform.location?.line == 8)
        #expect(tokens.all.count == result.document.count)
    }

    @Test func aTokensStudioTokenWithoutATypeIsKept() throws {
        let file = SourceFile(path: "untyped.json", bytes: Array(#"""
            {"global": {
              "base": {"value": "4", "type": "spacing"},
              "plain": {"value": "hello"},
              "count": {"value": 3},
              "alias": {"value": "{global.base}"},
              "math": {"value": "4 * 2"},
              "mathOf": {"value": "{global.count} * 1.5"}
            }}
            """#.utf8))
        var system = TokensStudioImporter().system(for: file, options: PipelineOptions(importers: .standard))
        let result = system.resolve(inputs: [:])
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map(\.message))")
        #expect(result.partialTokens.value("global.plain") == .string("hello"))
        #expect(result.partialTokens.value("global.count") == .number(3))
        #expect(result.partialTokens.value("global.alias") == result.partialTokens.value("global.base"))
        // Tokens Studio's transforms evaluate the math of every string, typed or not
        // (`ts/resolveMath` filters on the value being a string or an object only).
        #expect(result.partialTokens.value("global.math") == .string("8"))
        #expect(result.partialTokens.value("global.mathOf") == .string("4.5"))
        #expect(result.diagnostics.filter { $0.id == .studioUntyped }.count == 4)
    }
}
