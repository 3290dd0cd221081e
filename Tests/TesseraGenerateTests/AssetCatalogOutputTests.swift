import Foundation
import Tessera
import TesseraGenerate
import TesseraTestSupport
import Testing

@Suite struct AssetCatalogOutputTests {
    static let catalog = sharedFixtures.appendingPathComponent("asset-catalog/Assets.xcassets")

    /// A catalog in Xcode's format read and written again: every color set and folder file has
    /// the bytes it had (hex and decimal components, display-p3, folders without namespaces).
    /// (The conformance script does the same on a real app's catalog.)
    @Test func colorsetsRoundTripByteForByte() throws {
        let context = try Codegen.context(Self.catalog.path)
        let files = AssetCatalogEmitter().emit(context)
        let written = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) })
        let originals = (FileManager.default.enumerator(atPath: Self.catalog.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix("Contents.json") && !$0.contains(".imageset") }
        #expect(originals.count == 8)
        var differing: [String] = []
        for path in originals.sorted() {
            let original = try #require(FileManager.default.contents(atPath: Self.catalog.appendingPathComponent(path).path))
            if written[path] != Array(original) { differing.append(path) }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first \(differing.first ?? ""):\n\(String(decoding: written[differing.first ?? ""] ?? [], as: UTF8.self))")
        #expect(Set(written.keys) == Set(originals))
    }

    @Test func exampleCatalogMatchesItsGoldenFiles() throws {
        let files = AssetCatalogEmitter().emit(try Codegen.context(Codegen.example))
        var listing = ""
        for (path, bytes) in files {
            listing += "=== \(path)\n" + String(decoding: bytes, as: UTF8.self)
        }
        try Codegen.expectGolden(listing, "Tokens.xcassets.txt")
    }

    @Test func appearancesContrastAndWideGamutAsXcodeWritesThem() throws {
        let folder = try Codegen.temporaryFolder("catalog-modes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = ##"{"c": {"$type": "color", "fixed": {"$value": {"colorSpace": "display-p3", "components": [1, 0, 0]}}, "bg": {"$value": "#ffffff"}}}"##
        let dark = ##"{"c": {"bg": {"$type": "color", "$value": "#000000"}}}"##
        let high = ##"{"c": {"bg": {"$type": "color", "$value": "#eeeeee"}}}"##
        let resolver = #"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.json"}]}},
             "modifiers": {"appearance": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}, "default": "light"},
                           "contrast": {"contexts": {"standard": [], "high": [{"$ref": "high.json"}]}, "default": "standard"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/appearance"}, {"$ref": "#/modifiers/contrast"}]}
            """#
        for (name, text) in [("base.json", base), ("dark.json", dark), ("high.json", high), ("r.resolver.json", resolver)] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let files = Dictionary(uniqueKeysWithValues: AssetCatalogEmitter().emit(
            try Codegen.context(folder.appendingPathComponent("r.resolver.json").path)).map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        let bg = try #require(files["c/bg.colorset/Contents.json"])
        // Any, dark, high contrast, dark high contrast (the last is the dark one's value: high.json sets light only).
        #expect(bg.components(separatedBy: "\"idiom\" : \"universal\"").count - 1 == 4)
        let compact = bg.filter { !$0.isWhitespace }
        #expect(compact.contains(#""appearances":[{"appearance":"luminosity","value":"dark"},{"appearance":"contrast","value":"high"}],"#))
        #expect(bg.contains("\"red\" : \"0.933\""))
        let fixed = try #require(files["c/fixed.colorset/Contents.json"])
        #expect(fixed.contains("\"display-gamut\" : \"sRGB\""))
        #expect(fixed.contains("\"display-gamut\" : \"display-P3\""))
        #expect(fixed.contains("\"color-space\" : \"display-p3\""))
        #expect(!fixed.contains("luminosity"))
        #expect(files["c/Contents.json"]?.contains("\"provides-namespace\" : true") == true)
        #expect(files.values.allSatisfy { $0.hasSuffix("}\n") && !$0.contains("\": ") })
        // What Tessera writes, its importer reads back to the same colors.
        let catalog = folder.appendingPathComponent("Out.xcassets")
        for (path, text) in files {
            let url = catalog.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let back = try Codegen.context(catalog.path)
        let bgBack = try #require(back.tokens.first { $0.path == "c.bg" })
        #expect(bgBack.values.count == 3)
    }

    @Test func threePlacesAsXcodeWritesThem() {
        #expect(AssetCatalogEmitter.threePlaces(0) == "0.000")
        #expect(AssetCatalogEmitter.threePlaces(1) == "1.000")
        #expect(AssetCatalogEmitter.threePlaces(0.5) == "0.500")
        #expect(AssetCatalogEmitter.threePlaces(0.0625) == "0.063")
        #expect(AssetCatalogEmitter.threePlaces(0.05) == "0.050")
    }
}
