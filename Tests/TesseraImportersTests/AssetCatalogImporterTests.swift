import Foundation
import Tessera
@testable import TesseraImporters
import TesseraConformanceKit
import TesseraTestSupport
import Testing

/// Xcode asset catalogs: one in Xcode's format read two ways, and catalogs written for each rule.
struct AssetCatalogImporterTests {
    static let fixture = sharedFixtures.appendingPathComponent("asset-catalog/Assets.xcassets").path

    /// Every color set of the fixture catalog, decoded independently of the importer
    /// (JSONSerialization, the component encodings), must be what each appearance resolves to.
    /// (The conformance script does the same on a real app's catalog.)
    @Test func aCatalogAgreesWithAnIndependentReading() throws {
        let (colorSets, compared) = try AssetCatalogReading.compare(Self.fixture, TestExpectations())
        #expect(colorSets == 5)
        #expect(compared == 10)
    }

    @Test func theCatalogReportsItsImageSets() {
        let report = AssetCatalogImporter().system(at: Self.fixture, options: PipelineOptions()).checkAllPermutations()
        #expect(report.diagnostics.map(\.id) == [.assetNotRead, .assetNotRead])
        #expect(report.diagnostics.allSatisfy { $0.location?.file.hasSuffix(".imageset") == true })
    }

    /// Writes a catalog: relative path → Contents.json text.
    static func catalog(_ files: [String: String]) throws -> String {
        let root = TestScratch.root.appendingPathComponent("catalog-\(UUID().uuidString)/Test.xcassets")
        for (relative, text) in files {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root.path
    }

    static func colorset(_ entries: String...) -> String {
        #"{"colors": ["# + entries.joined(separator: ", ") + #"], "info": {"author": "xcode", "version": 1}}"#
    }

    static func entry(_ components: String, space: String = "srgb", appearances: String = "") -> String {
        #"{"idiom": "universal", "#
            + (appearances.isEmpty ? "" : #""appearances": [\#(appearances)], "#)
            + #""color": {"color-space": "\#(space)", "components": {\#(components)}}}"#
    }

    static let dark = #"{"appearance": "luminosity", "value": "dark"}"#
    static let light = #"{"appearance": "luminosity", "value": "light"}"#
    static let high = #"{"appearance": "contrast", "value": "high"}"#

    func hex(_ tokens: ResolvedTokens, _ path: String) -> String? {
        guard case .color(let color)? = tokens.value(path) else { return nil }
        return color.hexString()
    }

    /// Namespaces follow `provides-namespace`; names with dots are kept unique and recorded.
    @Test func pathsFollowNamespaceFolders() throws {
        let red = Self.entry(#""red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000""#)
        let path = try Self.catalog([
            "Contents.json": #"{"info": {"author": "xcode", "version": 1}}"#,
            "Brand/Contents.json": #"{"info": {"author": "xcode", "version": 1}, "properties": {"provides-namespace": true}}"#,
            "Brand/primary.colorset/Contents.json": Self.colorset(red),
            "Plain/Contents.json": #"{"info": {"author": "xcode", "version": 1}}"#,
            "Plain/primary.colorset/Contents.json": Self.colorset(red),
            "Plain/Inner/Contents.json": #"{"properties": {"provides-namespace": true}}"#,
            "Plain/Inner/text.secondary.colorset/Contents.json": Self.colorset(red),
            "Other/primary.colorset/Contents.json": Self.colorset(red),
        ])
        var system70 = AssetCatalogImporter().system(at: path, options: PipelineOptions())
        let permutation = system70.resolve(inputs: [:])
        let tokens = permutation.partialTokens
        #expect(hex(tokens, "Brand.primary") == "#ff0000ff")
        #expect(hex(tokens, "primary") == "#ff0000ff")
        #expect(hex(tokens, "Inner.text_secondary") == "#ff0000ff")
        #expect(tokens["Inner.text_secondary"]?.extensions?["dev.tessera"]?["colorset"]?["name"]?.string == "Inner/text.secondary")
        // Other/primary and Plain/primary are both 'primary': Xcode refuses that too.
        #expect(permutation.diagnostics.map(\.id) == [.colorsetDuplicate])
        #expect(permutation.diagnostics.first?.location?.file.hasSuffix("Plain/primary.colorset/Contents.json") == true)
    }

    /// Any is the base; light, dark and the high-contrast contexts fall back as the system does;
    /// an empty slot falls back to Any.
    @Test func appearancesBecomeContexts() throws {
        let grey = #""red": "0x80", "green": "0x80", "blue": "0x80", "alpha": "1.000""#
        let path = try Self.catalog([
            "tint.colorset/Contents.json": Self.colorset(
                Self.entry(#""red": "255", "green": "0", "blue": "0", "alpha": "1.000""#),
                Self.entry(#""red": "0", "green": "0", "blue": "255", "alpha": "1.000""#, appearances: Self.dark),
                Self.entry(#""red": "0", "green": "255", "blue": "0", "alpha": "1.000""#, appearances: Self.high),
                Self.entry(grey, appearances: Self.dark + ", " + Self.high)),
            "empty.colorset/Contents.json": Self.colorset(
                Self.entry(#""red": "0.000", "green": "0.000", "blue": "0.000", "alpha": "0.500""#),
                #"{"idiom": "universal", "appearances": [\#(Self.dark)]}"#),
            "lit.colorset/Contents.json": Self.colorset(
                Self.entry(#""red": "0.000", "green": "0.000", "blue": "0.000", "alpha": "1.000""#),
                Self.entry(#""red": "1.000", "green": "1.000", "blue": "1.000", "alpha": "1.000""#, appearances: Self.light)),
        ])
        var tokenSystem = AssetCatalogImporter().system(at: path, options: PipelineOptions())
        #expect(tokenSystem.resolver?.modifiers.map(\.contextNames)
            == [["light", "dark", "light-high-contrast", "dark-high-contrast"]])
        let expected: [(String, [String: String])] = [
            ("light", ["tint": "#ff0000ff", "empty": "#00000080", "lit": "#ffffffff"]),
            ("dark", ["tint": "#0000ffff", "empty": "#00000080", "lit": "#000000ff"]),
            ("light-high-contrast", ["tint": "#00ff00ff", "empty": "#00000080", "lit": "#ffffffff"]),
            ("dark-high-contrast", ["tint": "#808080ff", "empty": "#00000080", "lit": "#000000ff"]),
        ]
        for (context, values) in expected {
            let tokens = try tokenSystem.resolve(inputs: ["appearance": context]).tokens()
            for (name, value) in values { #expect(hex(tokens, name) == value, "\(name) in \(context)") }
        }
        #expect(tokenSystem.checkAllPermutations().diagnostics.isEmpty)
    }

    /// Every color space Xcode offers, and every encoding of a component.
    @Test func colorSpacesAndEncodings() throws {
        let path = try Self.catalog([
            "p3.colorset/Contents.json": Self.colorset(Self.entry(#""red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000""#, space: "display-p3")),
            "wide.colorset/Contents.json": Self.colorset(Self.entry(#""red": "1.200", "green": "-0.100", "blue": "0.5", "alpha": "1.000""#, space: "extended-srgb")),
            "linear.colorset/Contents.json": Self.colorset(Self.entry(#""red": "0.214", "green": "0.214", "blue": "0.214", "alpha": "1.000""#, space: "extended-linear-srgb")),
            "gray22.colorset/Contents.json": Self.colorset(Self.entry(#""white": "0.500", "alpha": "1.000""#, space: "gray-gamma-22")),
            "gray.colorset/Contents.json": Self.colorset(Self.entry(#""white": "0x80", "alpha": "0.250""#, space: "extended-gray")),
            "bytes.colorset/Contents.json": Self.colorset(Self.entry(#""red": "0xFF", "green": "128", "blue": "0.000", "alpha": "1.000""#)),
        ])
        var system124 = AssetCatalogImporter().system(at: path, options: PipelineOptions())
        let permutation = system124.resolve(inputs: [:])
        let tokens = try permutation.tokens()
        #expect(tokens.value("p3") == .color(TokenColor(.displayP3, [1, 0, 0])))
        #expect(tokens.value("wide") == .color(TokenColor(.srgb, [1.2, -0.1, 0.5])))
        #expect(tokens.value("linear") == .color(TokenColor(.srgbLinear, [0.214, 0.214, 0.214])))
        let mid = pow(0.5, 2.2)
        #expect(tokens.value("gray22") == .color(TokenColor(.srgbLinear, [mid, mid, mid])))
        #expect(tokens.value("gray") == .color(TokenColor(.srgb, [128.0 / 255, 128.0 / 255, 128.0 / 255], alpha: 0.25)))
        #expect(tokens.value("bytes") == .color(TokenColor(.srgb, [1, 128.0 / 255, 0])))
        #expect(permutation.diagnostics.isEmpty)
    }

    /// Each malformed or unmappable entry is reported at its place in its file.
    @Test func whatCannotBeReadIsReported() throws {
        let ok = #""red": "0.000", "green": "0.000", "blue": "0.000", "alpha": "1.000""#
        let cases: [(String, String, DiagnosticID, line: Int)] = [
            ("range", Self.colorset(Self.entry(#""red": "1.500", "green": "0", "blue": "0", "alpha": "1.000""#)), .colorsetRange, 1),
            ("byte", Self.colorset(Self.entry(#""red": "256", "green": "0", "blue": "0", "alpha": "1.000""#)), .colorsetRange, 1),
            ("one", Self.colorset(Self.entry(#""red": "1", "green": "0", "blue": "0", "alpha": "1.000""#)), .colorsetEightBit, 1),
            ("space", Self.colorset(Self.entry(ok, space: "srgbb")), .colorsetInvalid, 1),
            ("text", Self.colorset(Self.entry(#""red": "half", "green": "0", "blue": "0", "alpha": "1.000""#)), .colorsetInvalid, 1),
            ("missing", Self.colorset(Self.entry(#""red": "0.000", "green": "0.000""#)), .colorsetInvalid, 1),
            ("kind", "{\n\"colors\": {}}", .colorsetInvalid, 2),
            ("idiom", Self.colorset(Self.entry(ok), "{\n\"idiom\": \"ipad\", \"color\": {}}"), .colorsetEntryNotRead, 2),
            ("gamut", Self.colorset(Self.entry(ok), "{\"idiom\": \"universal\",\n\"display-gamut\": \"display-P3\", \"color\": {}}"), .colorsetEntryNotRead, 2),
            ("system", Self.colorset(Self.entry(ok), "{\"idiom\": \"universal\", \"appearances\": [\(Self.dark)], \"color\": {\"platform\": \"ios\", \"reference\": \"labelColor\"}}"), .colorsetSystemColor, 1),
            ("broken", "{\"colors\": [", .jsonSyntax, 1),
        ]
        for (name, text, id, line) in cases {
            let path = try Self.catalog(["\(name).colorset/Contents.json": text])
            let report = AssetCatalogImporter().system(at: path, options: PipelineOptions()).checkAllPermutations()
            let found = report.diagnostics.filter { $0.id != .contextTokenMissing }
            #expect(found.map(\.id).contains(id), "\(name): \(found.map(\.message))")
            let diagnostic = found.first { $0.id == id }
            #expect(diagnostic?.location?.file.hasSuffix("\(name).colorset/Contents.json") == true, "\(name)")
            #expect(diagnostic?.location?.line == line, "\(name)")
        }
    }

    /// A system color keeps its name in $extensions; the colors beside it resolve.
    @Test func systemColorsAreKeptNotGuessed() throws {
        let path = try Self.catalog(["label.colorset/Contents.json": Self.colorset(
            Self.entry(#""red": "0.000", "green": "0.000", "blue": "0.000", "alpha": "1.000""#),
            #"{"idiom": "universal", "appearances": [\#(Self.dark)], "color": {"platform": "ios", "reference": "labelColor"}}"#)])
        var system168 = AssetCatalogImporter().system(at: path, options: PipelineOptions())
        let dark = system168.resolve(inputs: ["appearance": "dark"])
        let token = dark.partialTokens["label"]
        #expect(token?.extensions?["dev.tessera"]?["colorset"]?["systemColors"]?["dark"]?.string == "labelColor")
        #expect(dark.diagnostics.map(\.id) == [.colorsetSystemColor])
    }
}
