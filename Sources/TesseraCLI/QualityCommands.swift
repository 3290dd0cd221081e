import ArgumentParser
import Foundation
import Tessera
import TesseraCodegen

/// Where the quality commands find the tokens: paths given, or the configuration's resolver or
/// sources.
struct SystemOptions: ParsableArguments {
    @Option(help: "The configuration whose tokens (and lint settings) are used when no paths are given.")
    var config: String?

    @OptionGroup var source: SourceFormatOption

    @Flag(help: "Treat legacy notations (\"#ff0000\", \"16px\", \"200ms\") as errors.")
    var strict = false

    @OptionGroup var diagnostics: DiagnosticsOption

    var options: PipelineOptions { PipelineOptions(strict: strict, importers: source.importers) }

    /// The configuration: `--config`, else `tessera.yml` when it exists (or when `required`).
    /// Exits 1 with its errors when it cannot be read.
    func configuration(required: Bool) -> BuildConfiguration? {
        let path = config ?? "tessera.yml"
        guard config != nil || required || FileManager.default.fileExists(atPath: path) else { return nil }
        let absolute = (path as NSString).isAbsolutePath ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        let (loaded, problems) = BuildConfiguration.load(absolute)
        let source = SourceFile(path: absolute, bytes: Array(FileManager.default.contents(atPath: absolute) ?? Data()))
        if !problems.isEmpty { diagnostics.write(DiagnosticBag(problems), files: [source]) }
        guard let loaded else { finish(1) }
        return loaded
    }

    /// The system at `paths`, or the configuration's; exits 1 with the errors when it does not resolve.
    func load(_ paths: [String], configuration: BuildConfiguration?) -> (TokenSystem, GenerationContext) {
        let system = paths.isEmpty && configuration != nil ? TokenSystem.load(configuration!, options: options) : TokenSystem.load(paths, options: options)
        let name = configuration?.name ?? ((paths.first ?? configuration?.resolver ?? "tokens") as NSString).lastPathComponent
            .components(separatedBy: ".").first ?? "tokens"
        guard let context = system.context(name: name) else {
            diagnostics.write(DiagnosticBag(system.diagnostics), files: system.files)
            finish(1)
        }
        return (system, context)
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the tokens against the lint rules in every permutation: contrast, naming, descriptions, modes, duplicates, use.",
        discussion: """
            Rules: \(Linter.ruleIDs.joined(separator: ", ")). Their settings are the 'lint:' section of tessera.yml. \
            Exit 0 when no rule reports an error, 1 when one does (or the tokens do not resolve), 2 for a usage mistake.
            """)

    @Argument(help: "Token files or folders, a resolver or an importable system (default: the configuration's).")
    var paths: [String] = []

    @Option(name: .customLong("rule"), help: "A rule's severity, as id=error|warning|note|off (repeatable).")
    var rules: [String] = []

    @Option(help: "A folder of Swift sources that use the tokens, for 'unused' and 'deprecated-in-use' (repeatable).")
    var usage: [String] = []

    @OptionGroup var system: SystemOptions

    func validate() throws {
        _ = try severities()
    }

    func severities() throws -> [String: RuleSeverity] {
        var result: [String: RuleSeverity] = [:]
        for rule in rules {
            let parts = rule.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let severity = RuleSeverity(rawValue: parts[1]) else {
                throw ValidationError("--rule takes id=error|warning|note|off, as in --rule contrast=warning; found '\(rule)'")
            }
            guard Linter.ruleIDs.contains(parts[0]) else {
                let hint = Suggestions.closest(to: parts[0], in: Linter.ruleIDs).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("no lint rule '\(parts[0])'\(hint); rules: \(Linter.ruleIDs.joined(separator: ", "))")
            }
            result[parts[0]] = severity
        }
        return result
    }

    func run() throws {
        let configuration = system.configuration(required: paths.isEmpty)
        let (loaded, context) = system.load(paths, configuration: configuration)
        var settings = configuration?.lint ?? LintConfiguration()
        for (rule, severity) in try severities() { settings.severities[rule] = severity }
        let folders = usage + (configuration.map { config in settings.usage.map(config.absolute) } ?? [])
        let subject = LintSubject(context, permutations: loaded.permutations!, usage: folders.isEmpty ? nil : UsageIndex(folders: folders))
        let found = settings.linter.run(subject)
        let bag = DiagnosticBag(loaded.diagnostics.filter { $0.severity == .error } + found)
        let sources = loaded.files + Set(found.compactMap { $0.location?.file }).subtracting(loaded.files.map(\.path)).sorted().compactMap { path in
            FileManager.default.contents(atPath: path).map { SourceFile(path: path, bytes: Array($0)) }
        }
        system.diagnostics.write(bag, files: sources)
        if bag.all.isEmpty, system.diagnostics.diagnosticsFormat == .text {
            FileHandle.standardError.write(Data("tessera lint: \(context.tokens.count) tokens in \(context.numbering.count) permutation\(context.numbering.count == 1 ? "" : "s"): no findings\n".utf8))
        }
        finish(bag.hasErrors ? 1 : 0)
    }
}
