import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// The ConfigTokens apps' `ConfigParser`, reproduced, and the report that sets its answers
/// beside Tessera's. Expected answers are worked out by hand from the algorithm as the seed
/// document describes it.
struct ConfigParserReportTests {
    static let pitfalls = sharedFixtures.appendingPathComponent("config-tokens-pitfalls").path

    typealias Call = ConfigParserLookup.Call

    @Test func everyPitfallIsFoundAndExplained() {
        let report = ConfigParserReport(folder: Self.pitfalls)
        let byCall = Dictionary(report.entries.map { ($0.call, $0) }, uniquingKeysWith: { first, _ in first })
        let expected: [(Call, ConfigParserReport.Verdict, parser: String, tessera: String?)] = [
            // Five references in a row: the fourth is one more than the parser follows.
            (.color("theme/chain/a"), .parserWrong, "#00000000", "#017cffff"),
            // Exactly three references through tokens.json: still within the limit.
            (.color("theme/chain/b"), .agrees, "#017cffff", "#017cffff"),
            (.color("theme/chain/e"), .agrees, "#017cffff", "#017cffff"),
            // The type comes from the group, which the parser does not read.
            (.color("theme/inherited/on-primary"), .parserWrong, "#00000000", "#ffffffff"),
            (.color("theme/short-hex"), .parserWrong, "#00000000", "#ffffffff"),
            (.color("theme/object"), .parserWrong, "#00000000", "#ff0000ff"),
            (.size("theme/spacing"), .parserWrong, "0.0", "16.0"),
            (.size("theme/radius"), .agrees, "4.0", "4.0"),
            // A number that refers to a color: Tessera reports it, the parser returns 0.
            (.size("theme/mistyped"), .parserSilent, "0.0", nil),
            (.color("theme/missing"), .parserSilent, "#00000000", nil),
            // colors.json entries are read whatever their $type.
            (.color("theme/unchecked"), .parserUnchecked, "#ff0000ff", nil),
            (.shortColor("{Odd.red}"), .parserUnchecked, "#ff0000ff", nil),
            (.shortColor("{Accent.accent-600}"), .agrees, "#017cffff", "#017cffff"),
        ]
        for (call, verdict, parser, tessera) in expected {
            guard let entry = byCall[call] else {
                Issue.record("no lookup \(call)")
                continue
            }
            #expect(entry.verdict == verdict, "\(call)")
            #expect(entry.parser.answer.text == parser, "\(call)")
            #expect(entry.tessera?.text == tessera, "\(call)")
        }
        #expect(report.entries.count == 15)
        #expect(byCall[.color("theme/chain/a")]?.parser.fallback
            == .tooDeep(chain: ["theme/chain/a", "theme.chain.b", "theme.chain.c", "theme.chain.d", "theme.chain.e"]))
        #expect(byCall[.color("theme/inherited/on-primary")]?.parser.fallback
            == .wrongType(path: "theme/inherited/on-primary", expected: "color", found: nil))
        #expect(byCall[.color("theme/short-hex")]?.parser.fallback == .unparsable("#fff"))
        #expect(byCall[.color("theme/missing")]?.parser.fallback
            == .missing(file: "colors.json or tokens.json", path: "Accent.accent-999"))
        #expect(byCall[.color("theme/unchecked")]?.parser.fallback == nil)
    }

    @Test func theSeedLayoutAgreesEverywhere() {
        let report = ConfigParserReport(folder: TextStylesImporterTests.folder)
        #expect(report.entries.count == 9)
        #expect(report.entries.allSatisfy { $0.verdict == .agrees }, "\(report.entries.filter { $0.verdict != .agrees })")
    }

    /// Colors as the parser reads them: two hex lengths, rgb/rgba with channels out of 255 and
    /// unreadable channels as 0, nothing else.
    @Test func colorNotations() {
        let cases: [(String, String?)] = [
            ("#017cff", "#017cffff"), ("#017CFF80", "#017cff80"), ("#fff", nil), ("#ffff", nil), ("#01234g", nil),
            ("rgb(255, 0, 0)", "#ff0000ff"), ("rgba(255, 255, 255, 0.2)", "#ffffff33"), ("rgba(10, x, 20, 1)", "#0a0014ff"),
            ("rgb(1, 2)", nil), ("RGB(1, 2, 3)", nil), ("hsl(0, 100%, 50%)", nil), ("red", nil), ("", nil),
        ]
        for (text, hex) in cases {
            #expect(ConfigParserLookup.parseColor(text)?.hex == hex, "\(text)")
        }
    }

    /// Lookups files use the bench's format; anything else is refused.
    @Test func lookupLines() {
        #expect(Call(line: "c theme/a/b") == .color("theme/a/b"))
        #expect(Call(line: "s theme/x") == .size("theme/x"))
        #expect(Call(line: "p {A.b}") == .shortColor("{A.b}"))
        for bad in ["x theme/a", "c", "ctheme/a", "c "] { #expect(Call(line: Substring(bad)) == nil, "\(bad)") }
    }
}
