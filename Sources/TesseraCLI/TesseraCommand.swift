import ArgumentParser
import Foundation
import Tessera

struct TesseraCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "Design tokens for Swift: check, resolve and deliver W3C design token files.",
        version: "0.1.0",
        subcommands: [Validate.self, Resolve.self]
    )
}

enum DiagnosticsFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct CommonOptions: ParsableArguments {
    @Argument(help: "Token files (.tokens, .tokens.json, .json) or directories of them, merged in order.")
    var paths: [String]

    @Flag(help: "Treat legacy notations (\"#ff0000\", \"16px\", \"200ms\") as errors.")
    var strict = false

    @Flag(help: "List every warning; by default each kind of warning is listed 100 times per file, then summed up.")
    var allWarnings = false

    @Option(help: "How diagnostics are written to standard error: text or json.")
    var diagnosticsFormat: DiagnosticsFormat = .text

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one token file or directory") }
    }

    func run() -> PipelineResult {
        TokenPipeline.run(paths: paths, options: PipelineOptions(strict: strict, warningLimit: allWarnings ? nil : 100))
    }

    func report(_ result: PipelineResult, extra: [Diagnostic] = []) {
        var bag = result.diagnostics
        bag.append(contentsOf: extra)
        let sorted = bag.sorted
        let text: String
        switch diagnosticsFormat {
        case .text:
            text = DiagnosticRenderer().render(sorted, files: result.files)
                + (sorted.isEmpty ? "" : DiagnosticRenderer().summary(bag) + "\n")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            text = (try? String(decoding: encoder.encode(sorted), as: UTF8.self) + "\n") ?? "[]\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check token files; exit 0 when there is no error, 1 when there is any, 2 for a usage mistake.")

    @OptionGroup var options: CommonOptions

    func run() throws {
        let result = options.run()
        options.report(result)
        // Exit here: tearing down a large token set object by object only costs time.
        finish(result.hasErrors ? 1 : 0)
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case flat, json
}

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every token with its resolved value (nothing is printed when there is an error).")

    @OptionGroup var options: CommonOptions

    @Option(help: "flat: 'path<TAB>type<TAB>value' lines sorted by path; json: the resolved tree in DTCG shape.")
    var format: OutputFormat = .flat

    @Option(help: "Print only this token, or the tokens of this group (dot- or slash-separated path).")
    var token: String?

    func run() throws {
        let result = options.run()
        let path = token?.replacingOccurrences(of: "/", with: ".")
        var extra: [Diagnostic] = []
        if let path, !result.hasErrors, result.resolved.tokens(under: path).isEmpty {
            let suggestion = Suggestions.closest(to: path, in: result.document.tokens.map(\.path))
            extra.append(Diagnostic(.tokenNotFound, .error, "no token or group '\(path)'", at: nil,
                notes: suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []))
        }
        options.report(result, extra: extra)
        if result.hasErrors || !extra.isEmpty { throw ExitCode(1) }
        let output: String
        switch format {
        case .flat:
            output = ResolvedEmitter.flat(result.resolved, prefix: path)
        case .json:
            let selected = path.map { result.resolved.tokens(under: $0) } ?? result.resolved.all
            output = JSONWriter(pretty: true).string(ResolvedEmitter.tree(selected, document: result.document)) + "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        finish(0)
    }
}

/// Ends the process with `code` once everything is written, skipping the teardown of the loaded
/// token set.
func finish(_ code: Int32) -> Never {
    exit(code)
}
