import Foundation
import Tessera
@testable import TesseraImporters
import TesseraConformanceKit
import TesseraTestSupport
import Testing

/// `convert` to DTCG, then resolving what it wrote, gives exactly the values of resolving the
/// source, in every permutation, for every format.
struct ConversionRoundTripTests {
    /// Every permutation of the source and of the written resolver, compared line for line.
    func expectRoundTrip(_ tokenSystem: TokenSystem, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try RoundTrip.expect(tokenSystem, TestExpectations(sourceLocation: sourceLocation))
    }

    /// The example's components extend other groups (`$extends`): each source's tree keeps it.
    @Test func resolverWithExtendingGroups() throws {
        try expectRoundTrip(TokenSystem(paths: [repositoryRoot.appendingPathComponent("Examples/app.resolver.json").path]))
    }

    /// A group-level `$ref` is written as the `$extends` it means.
    @Test func groupLevelReferenceIsKept() throws {
        let folder = TestScratch.root.appendingPathComponent("convert-ref-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ##"{"base": {"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": 2}}, "copy": {"$ref": "#/base", "b": {"$type": "number", "$value": 3}}}"##
            .write(to: folder.appendingPathComponent("all.tokens.json"), atomically: true, encoding: .utf8)
        try ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "all", "sources": [{"$ref": "all.tokens.json"}]}]}"##
            .write(to: folder.appendingPathComponent("app.resolver.json"), atomically: true, encoding: .utf8)
        let system = TokenSystem(paths: [folder.appendingPathComponent("app.resolver.json").path])
        var resolved = system
        #expect(try resolved.resolve().tokens()["copy.a"]?.value == .number(1))
        try expectRoundTrip(system)
    }

    @Test func assetCatalogs() throws {
        try expectRoundTrip(AssetCatalogImporter().system(at: AssetCatalogImporterTests.fixture, options: PipelineOptions()))
        typealias Catalog = AssetCatalogImporterTests
        let path = try AssetCatalogImporterTests.catalog([
            "Brand/Contents.json": #"{"properties": {"provides-namespace": true}}"#,
            "Brand/tint.v2.colorset/Contents.json": AssetCatalogImporterTests.colorset(
                Catalog.entry(#""red": "255", "green": "0", "blue": "0", "alpha": "1.000""#),
                Catalog.entry(#""red": "0", "green": "0", "blue": "255", "alpha": "1.000""#, appearances: Catalog.dark),
                Catalog.entry(#""white": "0.5", "alpha": "1.000""#, space: "gray-gamma-22", appearances: Catalog.high)),
        ])
        try expectRoundTrip(AssetCatalogImporter().system(at: path, options: PipelineOptions()))
    }

    @Test func figmaVariables() throws {
        try expectRoundTrip(FigmaVariablesImporter().system(
            for: SourceFile(path: "variables.json", text: FigmaVariablesImporterTests.written), options: PipelineOptions()))
    }

    /// Figma's own export, read with the collection its aliases reach.
    @Test func figmaExport() throws {
        try expectRoundTrip(FigmaExportImporterTests.tokenSystem([FigmaExportImporterTests.folder]))
    }

    /// Gentle specs: both appearances, and an older version as migrated.
    @Test func gentle() throws {
        try expectRoundTrip(GentleImporterTests.tokenSystem(at: GentleImporterTests.current))
        try expectRoundTrip(GentleImporterTests.tokenSystem(at: GentleImporterTests.older))
    }

    /// Tokens Studio: computed values (math, color modifiers) are written as resolved, in the
    /// context files where a theme changes them.
    @Test func tokensStudio() throws {
        try expectRoundTrip(TokensStudioThemesTests.folderSystem())
        for name in ["studio", "cross-file-2"] {
            try expectRoundTrip(TokensStudioImporter().system(at: TokensStudioImporterTests.css.tokens(name), options: PipelineOptions()))
        }
    }

    @Test func dtcgResolvers() throws {
        try expectRoundTrip(TokenSystem(resolverAt: sharedFixtures.appendingPathComponent("themed-system/themed.resolver.json").path))
    }

    /// Files read together (the ConfigTokens layout with its text styles) become one token file.
    @Test func mergedFiles() throws {
        let result = TokenSystem.resolving(paths: [TextStylesImporterTests.folder])
        let conversion = DTCGConversion(result)
        #expect(conversion.files.map(\.path) == ["tokens.tokens.json"])
        let folder = Scratch.freshPath("convert")
        try conversion.write(to: folder)
        let again = TokenSystem.resolving(paths: [folder])
        #expect(!again.hasErrors)
        #expect(ResolvedEmitter.flat(again.partialTokens) == ResolvedEmitter.flat(result.partialTokens))
        // References stay references.
        #expect(again.partialTokens["theme.general.link"]?.aliasOf == "theme.navigation.bottom.highlight")
    }

    /// Groups that hold no token but have properties come out in file order, the same on
    /// every run.
    @Test func groupsWithoutTokensKeepFileOrder() {
        let names = ["zeta", "alpha", "mid", "beta", "omega", "gamma", "delta", "kappa"]
        let text = "{" + names.map { #""\#($0)": {"$description": "group \#($0)"}"# }.joined(separator: ", ")
            + #", "t": {"$type": "number", "$value": 1}}"#
        let converted = DTCGConversion(pipeline(text)).files[0].text
        let positions = names.map { converted.range(of: "\"\($0)\"")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(converted)")
    }
}
