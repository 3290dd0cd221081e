import ArgumentParser
import Foundation
import Tessera
import TesseraImporters

enum CompatFormat: String, ExpressibleByArgument, CaseIterable {
    case text, tsv
}

struct Compat: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare what the ConfigTokens apps' ConfigParser returns with what Tessera resolves, lookup by lookup.",
        discussion: """
            FOLDER holds tokens.json, colors.json, sizes.json (and textStyles.json). Without --lookups, every \
            token of tokens.json is looked up (colorFromToken or sizeFromToken, by its type) and every color of \
            colors.json (colorFromShortToken). Exits 0 when every lookup agrees, 1 when any differs.
            """)

    @Argument(help: "The folder of the ConfigTokens files.")
    var folder: String

    @Option(help: "A file of lookups, one a line: 'c theme/a/b' (colorFromToken), 's theme/x' (sizeFromToken), 'p {A.b}' (colorFromShortToken).")
    var lookups: String?

    @Option(help: "text: the lookups that differ, with reasons, and a summary; tsv: 'kind<TAB>argument<TAB>parser<TAB>tessera<TAB>verdict<TAB>reason' for every lookup.")
    var format: CompatFormat = .text

    @Flag(help: "In text format, list the lookups that agree too.")
    var all = false

    @OptionGroup var diagnostics: DiagnosticsOption

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        var calls: [ConfigParserLookup.Call]?
        if let lookups {
            guard let text = try? String(contentsOfFile: lookups, encoding: .utf8) else {
                throw ValidationError("cannot read the lookups file '\(lookups)'")
            }
            calls = []
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let call = ConfigParserLookup.Call(line: line) else {
                    throw ValidationError("\(lookups):\(number + 1): expected 'c PATH', 's PATH' or 'p {REFERENCE}', found '\(line)'")
                }
                calls?.append(call)
            }
        }
        let report = ConfigParserReport(folder: folder, calls: calls, options: PipelineOptions(importers: .standard))
        // Errors explain the lookups Tessera has no value for; warnings are for `tessera validate`.
        let errors = DiagnosticBag(report.result.diagnostics.filter { $0.severity == .error })
        diagnostics.write(errors, files: report.result.files, to: &io)
        let text = format == .tsv ? Self.tsv(report) : Self.text(report, all: all)
        io.write(text, to: .standardOutput)
        return report.entries.allSatisfy { $0.verdict == .agrees } ? .success : .failure
    }

    static func tsv(_ report: ConfigParserReport) -> String {
        var text = ""
        for entry in report.entries {
            let fields = [entry.call.letter, entry.call.argument, entry.parser.answer.text, entry.tessera?.text ?? "-",
                          entry.verdict.rawValue, entry.parser.fallback?.explanation ?? "-"]
            text += fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    static func text(_ report: ConfigParserReport, all: Bool) -> String {
        var text = ""
        for entry in report.entries where all || entry.verdict != .agrees {
            text += "\(entry.call.letter) \(entry.call.argument): \(entry.verdict.rawValue)\n"
            text += "    parser:  \(entry.parser.answer.text)"
            if let fallback = entry.parser.fallback { text += " (fallback: \(fallback.explanation))" }
            text += "\n    tessera: \(entry.tessera?.text ?? "no value (see the diagnostics)")\n"
        }
        let counts = report.counts
        func count(_ verdict: ConfigParserReport.Verdict) -> Int { counts[verdict] ?? 0 }
        text += "\(report.entries.count) lookups: \(count(.agrees)) agree; the parser is wrong on \(count(.parserWrong))"
            + " that Tessera resolves, silent on \(count(.parserSilent)) that Tessera reports as errors, and returns"
            + " \(count(.parserUnchecked)) values of references whose type it does not check\n"
        return text
    }
}
