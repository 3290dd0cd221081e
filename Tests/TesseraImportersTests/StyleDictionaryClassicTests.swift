import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Style Dictionary's own format (`value` without `$`, types from the category, references
/// with or without `.value`), in folders written here the way its projects lay them out.
struct StyleDictionaryClassicTests {
    /// A project in the layout of Style Dictionary's own examples: `tokens/color/*.json`,
    /// `tokens/size/*.json`, no types.
    static func project() throws -> URL {
        let folder = try Scratch.folder("sd-classic")
        let files = [
            "color/base.json": #"""
                {"color": {"base": {
                  "red": {"value": "#ff0000", "comment": "the brand's red"},
                  "gray": {"light": {"value": "#CCCCCC"}, "dark": {"value": "#333333", "attributes": {"font": "base"}}}
                },
                "font": {"primary": {"value": "{color.base.red.value}"}, "secondary": {"value": "{color.base.gray.dark}"}}}}
                """#,
            "size/font.json": #"""
                {"size": {"font": {"small": {"value": "0.75"}, "base": {"value": 1}, "large": {"value": "{size.font.base.value}"}},
                          "border": {"value": "1px"}},
                 "time": {"fast": {"value": 150}},
                 "content": {"icon": {"value": "ok"}}}
                """#,
        ]
        for (name, text) in files {
            let url = folder.appendingPathComponent("tokens").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder.appendingPathComponent("tokens")
    }

    /// `.jsonc` files are read with their comments and trailing commas; JSON5 and JavaScript
    /// modules are named as not read.
    @Test func commentedFilesAreReadAndOthersNamed() throws {
        let folder = try Self.project()
        try "// fonts\n{\"color\": {\"font\": {\"muted\": {\"value\": \"{color.base.gray.light.value}\",},},}}"
            .write(to: folder.appendingPathComponent("color/font.jsonc"), atomically: true, encoding: .utf8)
        try "{color: {extra: {value: '#000'}}}".write(to: folder.appendingPathComponent("color/extra.json5"), atomically: true, encoding: .utf8)
        let result = TokenSystem.resolving(paths: [folder.path], options: PipelineOptions(importers: .standard))
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.message))")
        #expect(result.partialTokens.value("color.font.muted") == result.partialTokens.value("color.base.gray.light"))
        #expect(result.partialTokens.value("color.extra") == nil)
        #expect(result.diagnostics.contains { $0.id == .styleDictionarySkipped && $0.message.contains("extra.json5") })
    }

    @Test func aFolderOfValueTokensIsStyleDictionarysOwnFormat() throws {
        let folder = try Self.project()
        #expect(ImporterRegistry.standard.systemImporter(at: folder.path)?.name == "style-dictionary")
        let reason = StyleDictionaryImporter().reason(for: SourceFile(path: folder.path, bytes: []))
        #expect(reason?.contains("written with \"value\" and no \"$value\"") == true)
    }

    @Test func untypedTokensAreTypedByTheirCategoryAsItsTransformsMatchThem() throws {
        let result = TokenSystem.resolving(paths: [try Self.project().path], options: PipelineOptions(importers: .standard))
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.message))")
        let tokens = result.partialTokens
        #expect(tokens.value("color.base.red").flatMap(hex) == "#ff0000")
        // `{….value}` and `{…}` both name the token.
        #expect(tokens.value("color.font.primary") == tokens.value("color.base.red"))
        #expect(tokens.value("color.font.secondary").flatMap(hex) == "#333333")
        // A size without a unit is in rem (its web transforms write `1rem`, `ios-swift` 16 points).
        #expect(tokens.value("size.font.small") == .dimension(TokenDimension(0.75, .rem)))
        #expect(tokens.value("size.font.large") == .dimension(TokenDimension(1, .rem)))
        #expect(tokens.value("size.border") == .dimension(TokenDimension(1, .px)))
        #expect(tokens.value("time.fast") == .duration(TokenDuration(150, .ms)))
        #expect(tokens.value("content.icon") == .string("ok"))
        // Typed tokens are not warned about; the comment is the description.
        #expect(!result.diagnostics.contains { $0.id == .studioUntyped })
        #expect(tokens["color.base.red"]?.description == "the brand's red")
    }

    func hex(_ value: TokenValue) -> String? {
        guard case .color(let color) = value else { return nil }
        return color.hexString(includeAlpha: false).lowercased()
    }

    @Test func typedValueTokensStayTokensStudiosUnlessATypeIsStyleDictionarysOwn() {
        func format(_ text: String) -> String? {
            ImporterRegistry.standard.importer(for: SourceFile(path: "t.json", bytes: Array(text.utf8)))?.name
        }
        #expect(format(##"{"a": {"value": "#fff"}}"##) == "style-dictionary")
        #expect(format(##"{"a": {"value": "#fff", "type": "color"}}"##) == "tokens-studio")
        #expect(format(#"{"a": {"value": "4", "type": "spacing"}}"#) == "tokens-studio")
        #expect(format(#"{"a": {"value": "1", "type": "fontSize"}}"#) == "style-dictionary")
        #expect(format(##"{"a": {"$value": "#fff"}}"##) == "dtcg")
        // A `$metadata` that is not Tokens Studio's (Figma's export writes one) is no evidence.
        #expect(format(##"{"$metadata": {"figma": {"fileKey": "x"}}, "a": {"$type": "color", "$value": "#fff"}}"##) == "dtcg")
        #expect(format(#"{"$metadata": {"tokenSetOrder": ["a"]}, "a": {}}"#) == "tokens-studio")
    }

    @Test func aFileWhoseEveryEntryIsSkippedSaysOnceWhatItLooksLike() throws {
        let file = SourceFile(path: "sd.json", bytes: Array(#"{"a": {"value": 1}, "b": {"value": 2}, "c": {"value": 3}}"#.utf8))
        let layer = DTCGImporter().layer(of: file)
        let skipped = layer.diagnostics.filter { $0.id == .notAGroupOrToken }
        #expect(skipped.count == 1)
        #expect(skipped.first?.message.contains("none of the 3 entries") == true)
        #expect(skipped.first?.message.contains("--source-format style-dictionary") == true)
        // With a token beside them, each skipped entry keeps its own warning.
        let mixed = SourceFile(path: "m.json", bytes: Array(#"{"a": 1, "b": 2, "n": {"$type": "number", "$value": 1}}"#.utf8))
        #expect(DTCGImporter().layer(of: mixed).diagnostics.filter { $0.id == .notAGroupOrToken }.count == 2)
    }

    @Test func aSystemThatHoldsNoTokenIsAnErrorThatSaysWhatWasRead() throws {
        let path = try Scratch.write(#"{"name": "app", "version": "1.0.0", "scripts": {}}"#, name: "package.json")
        let result = TokenSystem.resolving(paths: [path], options: PipelineOptions(importers: .standard))
        let empty = try #require(result.diagnostics.first { $0.id == .fileNoTokens })
        #expect(empty.severity == .error)
        #expect(empty.message.contains("an npm package manifest"))
        #expect(empty.notes.contains { $0.message.contains("was read as dtcg") })
        // Every permutation resolved together says it too.
        let all = TokenSystem(paths: [path], options: PipelineOptions(importers: .standard)).resolveAll()
        #expect(all.diagnostics.contains { $0.id == .fileNoTokens })
    }

    /// A configuration's `include` then `source` globs name the files, later ones winning;
    /// a JavaScript module is named as not read.
    @Test func aConfigurationNamesTheTokenFilesByItsGlobs() throws {
        let tokens = try Self.project()
        let root = tokens.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("brand"), withIntermediateDirectories: true)
        try ##"{"color": {"base": {"red": {"value": "#00ff00"}}}}"##.write(to: root.appendingPathComponent("brand/override.json"), atomically: true, encoding: .utf8)
        try "module.exports = {}".write(to: root.appendingPathComponent("brand/extra.js"), atomically: true, encoding: .utf8)
        let config = root.appendingPathComponent("config.json")
        try #"{"include": ["tokens/**/*.json"], "source": ["brand/*.{json,js}"], "platforms": {}}"#.write(to: config, atomically: true, encoding: .utf8)
        #expect(ImporterRegistry.standard.systemImporter(at: config.path)?.name == "style-dictionary")
        let result = TokenSystem.resolving(paths: [config.path], options: PipelineOptions(importers: .standard))
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.message))")
        #expect(result.partialTokens.value("color.base.red").flatMap(hex) == "#00ff00")
        #expect(result.partialTokens.value("color.font.primary").flatMap(hex) == "#00ff00")
        #expect(result.diagnostics.contains { $0.id == .styleDictionaryConfig && $0.message.contains("extra.js") && $0.severity == .warning })
        // Globs that name nothing: an error, not an empty success.
        try #"{"source": ["nothing/**/*.json"], "platforms": {}}"#.write(to: config, atomically: true, encoding: .utf8)
        let empty = TokenSystem.resolving(paths: [config.path], options: PipelineOptions(importers: .standard))
        #expect(empty.diagnostics.contains { $0.id == .styleDictionaryConfig && $0.severity == .error })
    }

    @Test func globsMatchAsStyleDictionarysGlobLibraryDoes() throws {
        func matches(_ name: String, _ pattern: String) -> Bool { Glob.matches(Array(name.utf8)[...], Array(pattern.utf8)[...]) }
        #expect(matches("color.json", "*.json"))
        #expect(!matches("color.json5", "*.json"))
        #expect(matches("a1.json", "a?.json"))
        #expect(matches("b.json", "[a-c].json") && !matches("d.json", "[a-c].json") && matches("d.json", "[!a-c].json"))
        #expect(matches("x", "*") && matches("", "*") && !matches("", "?"))
        #expect(Glob.expandingBraces("t/{a,b/{c,d}}.json") == ["t/a.json", "t/b/c.json", "t/b/d.json"])
        #expect(Glob.expandingBraces("t/{a.json") == ["t/{a.json"])
        let tokens = try Self.project()
        let all = Glob("**/*.json").files(in: tokens.path).map { ($0 as NSString).lastPathComponent }
        #expect(all == ["base.json", "font.json"])
        #expect(Glob("color/*.json").files(in: tokens.path).count == 1)
    }
}
