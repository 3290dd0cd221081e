import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Tokens Studio exports as teams write them (`sharedFixtures/tokens-studio`, written for these
/// tests in the shape of public design systems' exports): a folder synced with Figma variables
/// (`com.figma.…` extensions in its set files, Figma ids in `$themes.json`, emoji theme names,
/// `source`, `enabled` and `disabled` sets), tokens written with `$value` and with `value`,
/// the older `$name` references in values and math, and values of one type held by tokens of
/// another. Compared value by value with the CSS Tokens Studio's transforms write for them
/// (`expected/`: the transforms pass a referenced value through as it is written, `ts/size/px`
/// adds px to a unitless size, `ts/opacity` and `ts/size/lineheight` read a percentage as a
/// fraction, `ts/resolveMath` evaluates the math).
struct TokensStudioSyncedTests {
    static let root = sharedFixtures.appendingPathComponent("tokens-studio")
    static let folder = root.appendingPathComponent("synced").path
    static let single = root.appendingPathComponent("synced-single.json").path
    static let css = TokensStudioCSS(root)

    /// The folder has `$themes.json` and `$metadata.json`: Tokens Studio's, although its set
    /// files carry the extensions Figma's export writes.
    @Test func aSyncedFolderIsTokensStudios() throws {
        let core = try SourceFile(path: Self.folder + "/core.json", bytes: Array(Data(contentsOf: URL(fileURLWithPath: Self.folder + "/core.json"))))
        #expect(FigmaExportImporter().recognizes(core) == .certain)
        #expect(FigmaExportImporter().recognizes(fileName: Self.folder) == .certain)
        #expect(ImporterRegistry.standard.systemImporter(at: Self.folder)?.name == "tokens-studio")
        #expect(ImporterRegistry.standard.systemImporter(at: Self.folder + "/$themes.json")?.name == "tokens-studio")
    }

    /// One file whose `$themes` and `$metadata` come after its sets, beyond the 4 KB the
    /// registry reads first, with Figma's extensions at its start.
    @Test func aSyncedSingleFileIsTokensStudios() throws {
        let head = try #require(ImporterRegistry.head(of: Self.single))
        #expect(!SourceFile(path: Self.single, bytes: head).headHasKey("$themes"))
        #expect(FigmaExportImporter().recognizes(SourceFile(path: Self.single, bytes: head)) == .certain)
        #expect(ImporterRegistry.standard.systemImporter(at: Self.single)?.name == "tokens-studio")
        var system = TokenSystem(paths: [Self.single], options: PipelineOptions(importers: .standard))
        let light = system.resolve(inputs: [:])
        #expect(light.diagnostics.isEmpty, "\(light.diagnostics.map(\.message))")
        #expect(light.partialTokens["surface"]?.value == .color(try #require(TokenColor(legacyCSS: "#f0f0f0"))))
        #expect(light.partialTokens["space.x3"]?.value == .dimension(TokenDimension(12, .px)))
        let dark = system.resolve(inputs: ["mode": "dark"])
        #expect(dark.partialTokens["surface"]?.value == .color(try #require(TokenColor(legacyCSS: "#040404"))))
    }

    @Test(arguments: [("🌞 Light", "synced-light"), ("🌚 Dark", "synced-dark")])
    func agreesWithTheTransformsOutput(_ mode: String, _ expected: String) {
        var system = TokenSystem(paths: [Self.folder], options: PipelineOptions(importers: .standard))
        let result = system.resolve(inputs: ["Mode": mode])
        let lines = Self.css.expectedLines(expected)
        #expect(lines.count == 33)
        let compared = TokensStudioCSS.compare(result, with: lines, reported: [:], TestExpectations())
        #expect(compared == lines.count)
        // Only the set no theme selects is reported.
        #expect(result.diagnostics.map(\.id) == [.studioUnusedSet], "\(result.diagnostics.map(\.message))")
        #expect(result.partialTokens["device.mobile"]?.value == .boolean(true))
    }

    /// `$name` ends as Tokens Studio's `AliasRegex` (`\$[^\s,]+\w`) ends it: at a space or a
    /// comma, back to the last word character; two characters at least.
    @Test(arguments: [
        ("$sizing.base * 2", ["sizing.base"]),
        ("$spacing.md + 4", ["spacing.md"]),
        ("rgba($color.red, 0.5)", ["color.red"]),
        ("($sizing.base) * 2", ["sizing.base"]),
        ("$spacing.md+4", ["spacing.md+4"]),
        ("{a.b} * $c.d", ["a.b", "c.d"]),
        ("$a", []),
        ("$ab", ["ab"]),
        ("US$ 5", []),
        ("$.", []),
    ])
    func dollarReferencesEndWhereTokensStudiosDo(_ text: String, _ paths: [String]) {
        #expect(StudioReferences.find(in: text).map(\.path) == paths)
    }

    /// Weight names as `ts/typography/fontWeight` maps them (its `fontWeightMap`).
    @Test(arguments: [("Buch", 400.0), ("Kräftig", 500), ("Halbfett", 600), ("Dreiviertelfett", 700), ("Fett", 800),
        ("Extrafett", 900), ("Super", 900), ("Ultra", 950), ("Leicht Italic", 300), ("Book", 400)])
    func weightNamesAsTheTransformsMapThem(_ name: String, _ weight: Double) throws {
        #expect(try StudioConverter(kind: .fontWeight).fontWeight(.text(name, offset: 0)).get() == weight)
    }

    /// The trimming the importer does on every value is Foundation's, without its cost.
    @Test func trimmingAgreesWithFoundation() {
        let samples = ["", " ", "\t a b \t", "{a.b}", " 16px ", "\u{00A0}x\u{2003}", "\n x \r\n", "\u{2028}y\u{0085}", "é ", " 😀 ", "\u{000B}z"]
        for sample in samples {
            #expect(sample.studioTrimmed() == sample.trimmingCharacters(in: .whitespaces), "\(Array(sample.unicodeScalars))")
            #expect(sample.studioTrimmed(newlines: true) == sample.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(sample.unicodeScalars))")
            #expect(sample.dropFirst(0).studioTrimmed() == sample.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func removingAUnitAgreesWithFoundation() {
        for (text, unit) in [("4px * 2px", "px"), ("pxpx", "px"), ("4 * 7rem", "rem"), ("p x", "px"), ("", "px"), ("é4px😀", "px"), ("2em+3em", "em")] {
            #expect(StudioMath.removing(unit, from: text) == text.replacingOccurrences(of: unit, with: ""))
        }
    }

    /// Where a value is of another type than its token, Tokens Studio passes it through; what it
    /// cannot pass through either is still reported.
    @Test func aValueOfAnotherTypeIsReadAsTokensStudioReadsIt() {
        let file = SourceFile(path: "loose.json", text: ##"""
            {"size": {"rem": {"type": "dimension", "value": "1.5rem"}, "px": {"type": "dimension", "value": "18"}},
             "n": {"type": "number", "value": "{size.px}"},
             "r": {"type": "number", "value": "{size.rem}"},
             "w": {"type": "fontWeights", "value": "{size.px} * 50"},
             "c": {"type": "color", "value": "{size.px}"}}
            """##)
        var system = TokensStudioImporter().system(for: file, options: PipelineOptions(importers: .standard))
        let result = system.resolve(inputs: [:])
        #expect(result.partialTokens["n"]?.value == .number(18))
        #expect(result.partialTokens["w"]?.value == .fontWeight(900))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id) == [.studioValue, .studioValue])
        #expect(errors.map { $0.location?.line } == [3, 5])
    }
}
