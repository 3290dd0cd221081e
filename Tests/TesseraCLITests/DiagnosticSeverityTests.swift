import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

/// A team chooses how serious a diagnostic id is, or silences it: `diagnostics:` in
/// `tessera.yml` for everyone, `--diagnostic id=…` for one run; errors stay errors.
struct DiagnosticSeverityTests {
    static let binary = productsFolder.appendingPathComponent("tessera")

    /// A folder with a token file in legacy notation (two colors, one dimension) and a
    /// `tessera.yml` that reads it, with `settings` as its `diagnostics:` section.
    static func project(_ settings: String?, tokens: String? = nil) throws -> URL {
        let folder = try Codegen.temporaryFolder("diagnostic-severity")
        try Data((tokens ?? #"""
            {"color": {"$type": "color", "white": {"$value": "#FFFFFF"}, "black": {"$value": "#000000"}},
             "space": {"$type": "dimension", "m": {"$value": "16px"}}}
            """#).utf8).write(to: folder.appendingPathComponent("tokens.json"))
        let section = settings.map { "diagnostics:\n" + $0 + "\n" } ?? ""
        try Data(("sources: [tokens.json]\noutputs:\n  - css: { path: out/tokens.css }\n" + section).utf8)
            .write(to: folder.appendingPathComponent("tessera.yml"))
        return folder
    }

    func tessera(_ arguments: [String], in folder: URL) throws -> CommandOutput {
        try Processes.run(Self.binary, arguments, in: folder)
    }

    func count(_ id: String, in text: String) -> Int {
        text.components(separatedBy: "\n").filter { $0.contains("[\(id)]") }.count
    }

    @Test func theConfigurationSilencesAnIdForEveryCommand() throws {
        let plain = try tessera(["validate"], in: try Self.project(nil))
        #expect(count("value.color.legacy", in: plain.stderr) == 2, "\(plain.stderr)")
        let folder = try Self.project("  value.color.legacy: off")
        for command in [["validate"], ["resolve"], ["build"]] {
            let run = try tessera(command, in: folder)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(count("value.color.legacy", in: run.stderr) == 0, "\(command): \(run.stderr)")
            // Only the id named is silenced.
            #expect(count("value.dimension.legacy", in: run.stderr) == 1, "\(command): \(run.stderr)")
        }
    }

    @Test func aWarningRaisedToAnErrorFailsTheCommand() throws {
        let folder = try Self.project("  value.dimension.legacy: error")
        let validate = try tessera(["validate"], in: folder)
        #expect(validate.status == 1)
        #expect(validate.stderr.contains("error: ") && count("value.dimension.legacy", in: validate.stderr) == 1, "\(validate.stderr)")
        let build = try tessera(["build"], in: folder)
        #expect(build.status == 1, "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/tokens.css").path))
    }

    @Test func theFlagWinsOverTheConfiguration() throws {
        let folder = try Self.project("  value.color.legacy: off")
        let run = try tessera(["validate", "--diagnostic", "value.color.legacy=note"], in: folder)
        #expect(run.status == 0)
        let notes = run.stderr.components(separatedBy: "\n").filter { $0.contains("note: ") && $0.contains("[value.color.legacy]") }
        #expect(notes.count == 2, "\(run.stderr)")
        let onFiles = try tessera(["validate", "tokens.json", "--diagnostic", "value.color.legacy=off"], in: folder)
        #expect(count("value.color.legacy", in: onFiles.stderr) == 0, "\(onFiles.stderr)")
    }

    @Test func anErrorIsNeverLoweredAndSaysWhy() throws {
        let folder = try Self.project("  reference.unknown: off",
            tokens: #"{"color": {"$type": "color", "a": {"$value": "{color.missing}"}}}"#)
        let run = try tessera(["validate"], in: folder)
        #expect(run.status == 1)
        #expect(count("reference.unknown", in: run.stderr) == 1, "\(run.stderr)")
        #expect(run.stderr.contains("an error cannot be lowered or silenced"), "\(run.stderr)")
        // Under --strict a legacy notation is an error: silencing it does not let it through.
        let strict = try tessera(["validate", "--strict"], in: try Self.project("  value.color.legacy: off"))
        #expect(strict.status == 1)
        #expect(count("value.color.legacy", in: strict.stderr) == 2, "\(strict.stderr)")
    }

    @Test func anIdNothingReportsIsAMistakeWhereverItIsWritten() throws {
        let folder = try Self.project("  value.colour.legacy: off")
        let run = try tessera(["validate"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("tessera.yml:5:3: error: 'value.colour.legacy' is not the id of a diagnostic"), "\(run.stderr)")
        #expect(run.stderr.contains("did you mean 'value.color.legacy'?"), "\(run.stderr)")
        let badSetting = try tessera(["validate"], in: try Self.project("  value.color.legacy: silent"))
        #expect(badSetting.status == 1)
        #expect(badSetting.stderr.contains("one of error, warning, note, off"), "\(badSetting.stderr)")
        let flag = try tessera(["validate", "--diagnostic", "value.colour.legacy=off"], in: try Self.project(nil))
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("did you mean 'value.color.legacy'?"), "\(flag.stderr)")
        let malformed = try tessera(["lint", "--diagnostic", "value.color.legacy"], in: try Self.project(nil))
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("id=error|warning|note|off"), "\(malformed.stderr)")
    }
}
