import ArgumentParser
import Foundation
import Tessera
import TesseraImporters
import TesseraBuild
import TesseraGenerate
import TesseraQuality
import TesseraRuntime

struct TesseraCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "Design tokens for Swift: check, resolve and deliver W3C design token files.",
        version: Build.toolVersion,
        subcommands: [Validate.self, Resolve.self, Contexts.self, Convert.self, Compat.self, Adopt.self, Compile.self, Keygen.self, Publish.self, Feed.self, BuildOutputs.self, Init.self, Lint.self, Diff.self, Catalog.self, LanguageServerCommand.self]
    )
}

enum DiagnosticsFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github

    /// Writes diagnostics to standard error in this format.
    func write(_ bag: DiagnosticBag, files: [SourceFile], to io: inout CommandIO) {
        let sorted = bag.sorted
        let text: String
        switch self {
        case .text:
            text = DiagnosticRenderer().render(sorted, files: files)
                + (sorted.isEmpty ? "" : DiagnosticRenderer().summary(bag) + "\n")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            text = (try? String(decoding: encoder.encode(sorted), as: UTF8.self) + "\n") ?? "[]\n"
        case .github:
            text = sorted.map(GitHubAnnotation.line).joined() + (sorted.isEmpty ? "" : DiagnosticRenderer().summary(bag) + "\n")
        }
        io.write(text, to: .standardError)
    }
}

/// `--tiers`: the tier check's settings, `warning`, `error` or `off`.
extension RuleSetting: ExpressibleByArgument {
    public init?(argument: String) {
        guard let setting = TierRules.setting(named: argument) else { return nil }
        self = setting
    }

    public static var allValueStrings: [String] { TierRules.settings.map(\.rawValue) }
}

/// `--diagnostics-format`, for every command.
struct DiagnosticsOption: ParsableArguments {
    @Option(help: "How diagnostics are written to standard error: text, json, or github (GitHub Actions workflow commands, which annotate the lines in a pull request).")
    var diagnosticsFormat: DiagnosticsFormat = .text

    @Option(name: .customLong("diagnostic"), help: "A diagnostic id's severity, as id=error|warning|note|off (repeatable; wins over tessera.yml's diagnostics: section). Errors cannot be lowered.")
    var severitySettings: [String] = []

    func validate() throws { _ = try severities() }

    /// `--diagnostic` settings by id; a usage mistake for a malformed one or an id nothing reports.
    func severities() throws -> [DiagnosticID: RuleSetting] {
        let known = DiagnosticID.configurable.map(\.rawValue)
        let settings = try RuleSetting.parse(severitySettings, option: "--diagnostic", example: "value.color.legacy=off") { id in
            guard !known.contains(id) else { return nil }
            let suggestion = Suggestions.closest(to: id, in: known).map { " (did you mean '\($0)'?)" } ?? ""
            return "--diagnostic: '\(id)' is not the id of a diagnostic Tessera reports\(suggestion); the id is printed in brackets after each message"
        }
        return Dictionary(uniqueKeysWithValues: settings.map { (DiagnosticID(rawValue: $0.key), $0.value) })
    }

    /// Writes `bag` to standard error; in json, an empty array when it is empty, so that a script always
    /// has an array to read.
    func write(_ bag: DiagnosticBag, files: [SourceFile], to io: inout CommandIO) {
        diagnosticsFormat.write(bag, files: files, to: &io)
    }

    /// The configuration at `path` (relative to the current folder); its problems are written,
    /// and exit code 1 is thrown when it cannot be read.
    func loadConfiguration(_ path: String, io: inout CommandIO) throws -> BuildConfiguration {
        let absolute = (path as NSString).isAbsolutePath
            ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        let (loaded, problems) = BuildConfiguration.load(absolute)
        if !problems.isEmpty {
            let text = SourceFile(path: absolute, bytes: Array(FileManager.default.contents(atPath: absolute) ?? Data()))
            write(DiagnosticBag(problems), files: [text], to: &io)
        }
        guard let loaded else { throw ExitCode.failure }
        return loaded
    }
}

extension RuleSetting {
    /// Options written `id=error|warning|note|off` (`--rule`, `--diagnostic`), by id; a usage
    /// mistake for one not so written, or for an id `unknown` finds fault with (its message).
    static func parse(_ written: [String], option: String, example: String, unknown: (String) -> String?) throws -> [String: RuleSetting] {
        var result: [String: RuleSetting] = [:]
        for entry in written {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let setting = RuleSetting(rawValue: parts[1]) else {
                throw ValidationError("\(option) takes id=error|warning|note|off, as in \(option) \(example); found '\(entry)'")
            }
            if let problem = unknown(parts[0]) { throw ValidationError(problem) }
            result[parts[0]] = setting
        }
        return result
    }
}

/// `--source-format`, for every command that reads sources.
struct SourceFormatOption: ParsableArguments {
    @Option(help: "Read the sources in this format rather than the one their names and content suggest: \(ImporterRegistry.standard.names.joined(separator: ", ")).")
    var sourceFormat: String?

    @Flag(help: "Say on standard error which format each source is read as, and why (with --diagnostics-format json, as notes with the id source.format-chosen).")
    var explainFormat = false

    /// With `--explain-format`, a note (`source.format-chosen`) for each path: the importer that
    /// reads it and the evidence; else none.
    func explanations(_ paths: [String]) -> [Diagnostic] {
        explainFormat ? importers.explanations(paths) : []
    }

    func validate() throws {
        if let sourceFormat, ImporterRegistry.standard.forcing(sourceFormat) == nil {
            throw ValidationError("unknown --source-format '\(sourceFormat)'; formats: " + ImporterRegistry.standard.names.joined(separator: ", "))
        }
    }

    /// The importers, with `--source-format` applied.
    var importers: ImporterRegistry {
        sourceFormat.flatMap { ImporterRegistry.standard.forcing($0) } ?? .standard
    }
}

/// `--keep-going`, for every command that outputs tokens.
struct KeepGoingOption: ParsableArguments {
    @Flag(help: "On an error, still output every token that does not depend on one; each token left out is named in a note on the error that took it out. The exit code is still 1.")
    var keepGoing = false
}

struct CommonOptions: ParsableArguments {
    @Argument(help: "Token files (.tokens, .tokens.json, .json, .jsonc) or directories of them, merged in order; or one *.resolver.json or *.xcassets.")
    var paths: [String] = []

    @Option(help: "A resolver document (*.resolver.json) that says which token files to merge, in which contexts; or an asset catalog (*.xcassets).")
    var resolver: String?

    @Option(help: "A tessera.yml whose system is read: its resolver or sources, sourceFormat and strict, as tessera build and tessera lsp read them.")
    var config: String?

    @OptionGroup var source: SourceFormatOption

    @Option(name: .customLong("input"), help: "With a resolver: the context of a modifier, as modifier=context (repeatable).")
    var inputs: [String] = []

    @Flag(help: "Treat legacy notations (\"#ff0000\", \"16px\", \"200ms\") as errors.")
    var strict = false

    @Flag(help: "List every warning; by default each kind of warning is listed 5 times per file, then summed up with its count.")
    var allWarnings = false

    @Option(help: "How serious a reference against the tiers (component → semantic → primitive) is: warning, error or off.")
    var tiers: RuleSetting = .warning

    @Flag(help: "Component tokens must reach primitives through semantic tokens.")
    var componentsThroughSemantic = false

    @OptionGroup var diagnostics: DiagnosticsOption

    /// `--config`, else `tessera.yml` in the current folder when no path and no `--resolver`
    /// is given and it exists.
    var configPath: String? {
        if let config { return config }
        guard paths.isEmpty, resolver == nil, FileManager.default.fileExists(atPath: Self.defaultConfiguration) else { return nil }
        return Self.defaultConfiguration
    }

    /// How many warnings of one id in one file are listed before the rest are summed up.
    static let warningsListed = 5

    /// The configuration read when a command is given no source.
    static let defaultConfiguration = "tessera.yml"

    func validate() throws {
        if paths.isEmpty, resolver == nil, configPath == nil {
            throw ValidationError("give at least one token file or directory, --resolver FILE or --config tessera.yml "
                + "(or run the command in a folder with a tessera.yml)")
        }
        if [!paths.isEmpty, resolver != nil, config != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give token files, --resolver or --config, only one of them")
        }
        if resolver == nil, configPath == nil, !inputs.isEmpty, !importers.readsAsSystem(paths) { throw ValidationError("--input needs a resolver") }
        _ = try inputMap()
    }

    var importers: ImporterRegistry { source.importers }

    /// The system the paths and options name, decided once: `--resolver` (or another system an
    /// importer reads, such as `*.xcassets`), a single path or several paths an importer of
    /// systems reads with their modes, else token files and folders merged in order.
    /// With `--config`, the configuration's system (its errors written and exit code 1 thrown
    /// when it cannot be read); `--source-format` and `--strict` still win over its settings.
    func configured(io: inout CommandIO) throws -> ConfiguredSystem {
        if let config = configPath {
            if config != self.config, source.explainFormat {
                io.write("note: no source given: reading the configuration \(config) in the current folder\n", to: .standardError)
            }
            return ConfiguredSystem(try diagnostics.loadConfiguration(config, io: &io), options: pipelineOptions)
        }
        if let resolver { return ConfiguredSystem(resolver: resolver, options: pipelineOptions) }
        return ConfiguredSystem(paths: paths, options: pipelineOptions)
    }

    /// `--input` values as modifier → context.
    func inputMap() throws -> [String: String] {
        var map: [String: String] = [:]
        for input in inputs {
            let parts = input.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("--input takes modifier=context, as in --input theme=dark; found '\(input)'")
            }
            // Modifiers are matched without regard to case, so Theme and theme are one.
            if let earlier = map.first(where: { $0.key.lowercased() == parts[0].lowercased() }) {
                throw ValidationError(
                    "--input names modifier '\(parts[0])' twice (\(earlier.key)=\(earlier.value) and \(input)): give one context")
            }
            map[parts[0]] = parts[1]
        }
        return map
    }

    var pipelineOptions: PipelineOptions {
        let rules = tiers.severity.map { TierRules(componentsThroughSemantic: componentsThroughSemantic, severity: $0) }
        var options = PipelineOptions(strict: strict, warningLimit: allWarnings ? nil : Self.warningsListed, tiers: rules, importers: importers)
        options.severities = (try? diagnostics.severities()) ?? [:]
        return options
    }

    /// The base permutation of token files (every one of them merged).
    func run(_ configured: ConfiguredSystem) -> TokenSystem.Permutation {
        var system = configured.open()
        return system.resolve()
    }

    func report(_ result: TokenSystem.Permutation, of configured: ConfiguredSystem, to io: inout CommandIO) {
        report(DiagnosticBag(result.diagnostics), files: result.files, of: configured, to: &io)
    }

    /// Writes diagnostics to standard error in the chosen format, with `--explain-format`'s notes.
    func report(_ bag: DiagnosticBag, files: [SourceFile], of configured: ConfiguredSystem, to io: inout CommandIO) {
        var bag = bag
        if source.explainFormat { bag.append(contentsOf: configured.explanations()) }
        diagnostics.write(bag, files: files, to: &io)
    }

    /// The permutation the inputs choose, with everything found on the way: the resolver's and
    /// the sources' problems, the inputs', the permutation's.
    func permutation(of system: TokenSystem) throws -> TokenSystem.Permutation {
        var system = system
        return system.resolve(inputs: try inputMap())
    }
}

struct Validate: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Check token files; exit 0 when there is no error, 1 when there is any, 2 for a usage mistake.")

    @OptionGroup var options: CommonOptions

    @Option(help: "A folder of tenants (each a folder or file of overrides, with an optional tenant.json): check every tenant on top of the tokens, in every permutation.")
    var tenants: String?

    @Flag(help: "First rewrite legacy notations (\"#ff0000\", \"16px\", \"200ms\") in the token files as 2025.10 values, in place: the fix-its that never change a value, each file replaced atomically. Then check.")
    var fix = false

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let configured = try options.configured(io: &io)
        if fix {
            let applied = try DTCGConversion.applyLegacyFixIts(of: configured.open())
            let count = applied.values.reduce(0, +)
            io.write("tessera validate: \(count) value\(count == 1 ? "" : "s") rewritten in \(applied.count) file\(applied.count == 1 ? "" : "s")\n",
                to: .standardError)
        }
        if let tenants = tenants ?? configured.tenants {
            let checked = TenantCheck.run(base: configured.open(), folder: tenants)
            options.report(DiagnosticBag(checked.diagnostics), files: checked.files, of: configured, to: &io)
            if options.diagnostics.diagnosticsFormat == .text {
                io.write("tessera validate: the base and \(checked.tenantCount) tenant\(checked.tenantCount == 1 ? "" : "s") checked\n", to: .standardError)
            }
            return checked.diagnostics.contains { $0.severity == .error } ? .failure : .success
        }
        if configured.readsAsSystem {
            let system = configured.open()
            let bag: DiagnosticBag
            let files: [SourceFile]
            if options.inputs.isEmpty {
                let checked = system.checkAllPermutations()
                io.keepUntilExit(checked)
                (bag, files) = (DiagnosticBag(checked.diagnostics), checked.files)
            } else {
                let permutation = try options.permutation(of: system)
                io.keepUntilExit(permutation)
                (bag, files) = (DiagnosticBag(permutation.diagnostics), permutation.files)
            }
            options.report(bag, files: files, of: configured, to: &io)
            return bag.hasErrors ? .failure : .success
        }
        let result = options.run(configured)
        io.keepUntilExit(result)
        options.report(result, of: configured, to: &io)
        return result.hasErrors ? .failure : .success
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case flat, json
}

struct Resolve: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every token with its resolved value (nothing is printed when there is an error, unless --keep-going).")

    @OptionGroup var options: CommonOptions

    @Option(help: "flat: 'path<TAB>type<TAB>value' lines sorted by path; json: the resolved tree in DTCG shape.")
    var format: OutputFormat = .flat

    @Option(help: "Print only this token, or the tokens of this group (dot- or slash-separated path).")
    var token: String?

    @OptionGroup var keepGoing: KeepGoingOption

    /// `--token` as a dot-separated path.
    var path: String? { token?.replacingOccurrences(of: "/", with: ".") }

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let configured = try options.configured(io: &io)
        if configured.readsAsSystem { return try executeWithResolver(configured, io: &io) }
        let result = options.run(configured)
        io.keepUntilExit(result)
        return write(result, of: configured, io: &io)
    }

    /// Reports the permutation's diagnostics and prints its tokens: all of them when there is no
    /// error; with `--keep-going`, the sound ones (exiting 1 all the same).
    func write(_ permutation: TokenSystem.Permutation, of configured: ConfiguredSystem, io: inout CommandIO) -> ExitCode {
        let tokens: ResolvedTokens?
        var bag: DiagnosticBag
        var leftOut: [String] = []
        if keepGoing.keepGoing, permutation.hasErrors {
            let sound = permutation.soundTokens()
            tokens = sound.tokens
            leftOut = sound.leftOut
            bag = DiagnosticBag(sound.diagnostics)
        } else {
            tokens = try? permutation.tokens()
            bag = DiagnosticBag(permutation.diagnostics)
        }
        // A token left out is still a token: `--token` may name it (its error says why it is not printed).
        let namesLeftOut = path.map { path in leftOut.contains { $0 == path || $0.hasPrefix(path + ".") } } ?? false
        if tokens != nil, !namesLeftOut { bag.append(contentsOf: notFound(in: permutation.partialTokens)) }
        options.report(bag, files: permutation.files, of: configured, to: &io)
        guard let tokens, keepGoing.keepGoing || !bag.hasErrors else { return .failure }
        // Kept going, but no token is sound: nothing to print.
        if bag.hasErrors, tokens.count == 0 { return .failure }
        io.write(output(tokens), to: .standardOutput)
        return bag.hasErrors ? .failure : .success
    }

    /// The error for a `--token` that names no token or group, with a "did you mean".
    func notFound(in resolved: ResolvedTokens) -> [Diagnostic] {
        guard let path, resolved.tokens(under: path).isEmpty else { return [] }
        let suggestion = Suggestions.closest(to: path, in: resolved.document.tokens.map(\.path))
        return [Diagnostic(.noTokenOrGroup(path), at: nil,
            notes: suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? [])]
    }

    /// The tokens selected, in the chosen format.
    func output(_ resolved: ResolvedTokens) -> String {
        switch format {
        case .flat:
            return ResolvedEmitter.flat(resolved, prefix: path)
        case .json:
            let selected = path.map { resolved.tokens(under: $0) } ?? resolved.all
            return ResolvedEmitter.treeText(selected, document: resolved.document) + "\n"
        }
    }
}

extension Resolve {
    /// Prints the permutation the inputs choose.
    func executeWithResolver(_ configured: ConfiguredSystem, io: inout CommandIO) throws -> ExitCode {
        let permutation = try options.permutation(of: configured.open())
        io.keepUntilExit(permutation)
        return write(permutation, of: configured, io: &io)
    }
}

struct Contexts: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "List a resolver's modifiers, their contexts and defaults, and how many permutations there are.")

    @Argument(help: "The resolver document (*.resolver.json).")
    var file: String?

    @Option(help: "The resolver document, named as an option (as validate and resolve also accept).")
    var resolver: String?

    @Option(help: "A tessera.yml whose system is read (default: tessera.yml in the current folder, when no resolver is given).")
    var config: String?

    @OptionGroup var source: SourceFormatOption

    @OptionGroup var diagnostics: DiagnosticsOption

    /// `--config`, else `tessera.yml` in the current folder when no resolver is given and it exists.
    var configPath: String? {
        if let config { return config }
        guard file == nil, resolver == nil, FileManager.default.fileExists(atPath: CommonOptions.defaultConfiguration) else { return nil }
        return CommonOptions.defaultConfiguration
    }

    func validate() throws {
        switch (file, resolver) {
        case (nil, nil) where configPath == nil:
            throw ValidationError("give the resolver document: tessera contexts FILE.resolver.json (or --config tessera.yml)")
        case (.some, .some): throw ValidationError("give the resolver once: as FILE or as --resolver, not both")
        default: break
        }
        if config != nil, file != nil || resolver != nil { throw ValidationError("give the resolver or --config, not both") }
    }

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let path = file ?? resolver ?? ""
        var options = PipelineOptions(importers: source.importers)
        options.severities = try diagnostics.severities()
        let configuration = try configPath.map { try diagnostics.loadConfiguration($0, io: &io) }
        // A FILE that is token files, not a system: its one permutation, checked, rather than
        // resolver errors that tell it to become a resolver. `--resolver` reads it as one.
        let tokenFiles = configuration == nil && resolver == nil && !source.importers.readsAsSystem([path])
        let configured = configuration.map { ConfiguredSystem($0, options: options) }
            ?? (tokenFiles ? ConfiguredSystem(paths: [path], options: options) : ConfiguredSystem(resolver: path, options: options))
        let system = configured.open()
        guard let document = system.resolver else {
            var bag = DiagnosticBag()
            bag.append(contentsOf: source.explanations([path]))
            bag.append(contentsOf: system.diagnostics)
            diagnostics.write(bag, files: system.files, to: &io)
            return .failure
        }
        let report = system.checkAllPermutations()
        var lines: [String] = []
        let placed = TraitPlacement(document.modifiers.map {
            ThemeModifier(name: $0.name, contexts: $0.contextNames, defaultContext: $0.defaultContext ?? $0.contextNames.first ?? "")
        }, mapping: configuration?.modes.map { TraitMapping.configured($0) } ?? .conventional)
        for modifier in document.modifiers {
            let fallback = modifier.defaultContext.map { " (default \($0))" } ?? " (no default)"
            let varying = report.variesAlong[modifier.name]?.count ?? 0
            lines.append("\(modifier.name)\(fallback): \(modifier.contextNames.joined(separator: ", "))"
                + " — changes \(varying) token\(varying == 1 ? "" : "s") on its own")
            lines += placed.lines(for: modifier.name).map { "  " + $0 }
        }
        if document.modifiers.isEmpty { lines.append("no modifier" + (tokenFiles ? " (token files merged in order; a resolver document gives them modes)" : "")) }
        lines.append("\(document.permutationCount) permutation\(document.permutationCount == 1 ? "" : "s")")
        io.write(lines.joined(separator: "\n") + "\n", to: .standardOutput)
        var bag = DiagnosticBag()
        bag.append(contentsOf: source.explanations([path]))
        bag.append(contentsOf: report.diagnostics)
        diagnostics.write(bag, files: report.files, to: &io)
        return bag.hasErrors ? .failure : .success
    }
}

/// Which trait chooses each modifier's contexts through a trait mapping (the conventional one,
/// or the configuration's `modes:`), for `tessera contexts`: `follows the appearance: light →
/// Light Mode, dark → Dark Mode`.
struct TraitPlacement {
    let modifiers: [ThemeModifier]
    let mapping: TraitMapping

    init(_ modifiers: [ThemeModifier], mapping: TraitMapping = .conventional) {
        self.modifiers = modifiers
        self.mapping = mapping
    }

    /// The traits, as the line names them.
    static let traits: [(trait: ThemeTrait, name: String)] = [
        (.appearance, "the appearance"), (.contrast, "the contrast"), (.level, "the level"), (.sizeClass, "the size class"),
    ]

    /// A line per trait that chooses the modifier's context.
    func lines(for modifier: String) -> [String] {
        Self.traits.compactMap { trait, name in
            let chosen = mapping.contexts(of: modifier, by: trait, among: modifiers)
            guard Set(chosen.map(\.context)).count > 1 else { return nil }
            let fallback = modifiers.first { $0.name == modifier }?.defaultContext ?? ""
            return "follows \(name): " + chosen.map { "\($0.value) → \($0.context ?? fallback)" }.joined(separator: ", ")
        }
    }
}

/// A diagnostic as a GitHub Actions workflow command (`::error file=…,line=…,col=…,title=…::…`),
/// which the runner turns into an annotation on the file's line; notes and fix-its follow the
/// message on lines of their own. The runner reads workflow commands from standard output and
/// standard error alike.
enum GitHubAnnotation {
    static func line(_ diagnostic: Diagnostic) -> String {
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        default: "notice"
        }
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=" + property(relative(location.file)))
            if location.line > 0 {
                properties.append("line=\(location.line)")
                if location.column > 0 { properties.append("col=\(location.column)") }
            }
        }
        properties.append("title=" + property(diagnostic.id.rawValue))
        var message = diagnostic.message
        for note in diagnostic.notes { message += "\nnote: " + note.message }
        for fix in diagnostic.fixIts { message += "\nfix-it: " + fix.message }
        return "::\(command) " + properties.joined(separator: ",") + "::" + data(message) + "\n"
    }

    /// A path relative to the current folder (the workspace, in a workflow), as annotations name files.
    static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }

    /// The escaping of a command's message.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The escaping of a property's value, which also escapes `:` and `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
