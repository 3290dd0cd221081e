import ArgumentParser
import Foundation
import Tessera
import TesseraImporters
import TesseraBuild
import TesseraGenerate
import TesseraQuality

/// Where the quality commands find the tokens: paths given, or the configuration's resolver or
/// sources.
struct SystemOptions: ParsableArguments {
    @Option(help: "The configuration whose tokens (and lint settings) are used when no paths are given.")
    var config: String?

    @OptionGroup var source: SourceFormatOption

    @Flag(help: "Treat legacy notations (\"#ff0000\", \"16px\", \"200ms\") as errors.")
    var strict = false

    @OptionGroup var diagnostics: DiagnosticsOption

    var options: PipelineOptions {
        var options = PipelineOptions(strict: strict, importers: source.importers)
        options.severities = (try? diagnostics.severities()) ?? [:]
        return options
    }

    /// The configuration: `--config`, else `tessera.yml` when it exists (or when `required`).
    /// Throws exit code 1, its errors written, when it cannot be read.
    func configuration(required: Bool, io: inout CommandIO) throws -> BuildConfiguration? {
        let path = config ?? "tessera.yml"
        guard config != nil || required || FileManager.default.fileExists(atPath: path) else { return nil }
        return try diagnostics.loadConfiguration(path, io: &io)
    }

    /// The system at `paths`, or the configuration's; throws exit code 1, the errors written, when
    /// it does not resolve.
    /// With `keepingGoing`, the context holds the sound tokens when there are errors, which are
    /// written (the caller exits 1 when `hasErrors`).
    func load(_ paths: [String], configuration: BuildConfiguration?, keepingGoing: Bool = false, io: inout CommandIO) throws
        -> (ResolvedSystem, GenerationContext)
    {
        try load(configured(paths, configuration: configuration), keepingGoing: keepingGoing, io: &io).resolved
    }

    /// The system at `paths`, or the configuration's when no path is given, decided once.
    func configured(_ paths: [String], configuration: BuildConfiguration?) -> ConfiguredSystem {
        if paths.isEmpty, let configuration { return ConfiguredSystem(configuration, options: options) }
        return ConfiguredSystem(paths: paths, options: options)
    }

    /// `load(_:configuration:keepingGoing:io:)` of a system already decided, with the system as
    /// read (its caches filled), for checking tenants on top of it.
    func load(_ configured: ConfiguredSystem, keepingGoing: Bool = false, io: inout CommandIO) throws
        -> (resolved: (ResolvedSystem, GenerationContext), system: TokenSystem)
    {
        let tokens = configured.open()
        let system = tokens.resolveAll(keepingGoing: keepingGoing)
        let explained = source.explainFormat ? configured.explanations() : []
        // The configuration's `name:`, else the resolver's own `name`, else the file's.
        let fileName = ((configured.paths.first ?? "tokens") as NSString).lastPathComponent.components(separatedBy: ".").first
        let name = configured.name ?? tokens.resolver?.name.flatMap { $0.isEmpty ? nil : $0 } ?? fileName ?? "tokens"
        guard let context = system.context(name: name) else {
            diagnostics.write(DiagnosticBag(system.diagnostics + explained), files: system.files, to: &io)
            throw ExitCode.failure
        }
        // Only when kept going past errors: the caller writes its own otherwise. When no token
        // is sound, there is nothing to show.
        if system.hasErrors {
            diagnostics.write(DiagnosticBag(system.diagnostics + explained), files: system.files, to: &io)
            if context.tokens.isEmpty { throw ExitCode.failure }
        }
        return ((system, context), tokens)
    }

    /// `--explain-format`'s notes for the paths given, or the configuration's sources.
    func explanations(_ paths: [String], configuration: BuildConfiguration?) -> [Diagnostic] {
        source.explainFormat ? configured(paths, configuration: configuration).explanations() : []
    }
}

struct Lint: TesseraSubcommand {
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

    @Option(help: "A folder of tenants (default: the configuration's 'tenants'): lint every tenant on top of the tokens too.")
    var tenants: String?

    @OptionGroup var system: SystemOptions

    func validate() throws {
        _ = try severities()
    }

    func severities() throws -> [String: RuleSetting] {
        try RuleSetting.parse(rules, option: "--rule", example: "contrast=warning") { id in
            guard !Linter.ruleIDs.contains(id) else { return nil }
            let hint = Suggestions.closest(to: id, in: Linter.ruleIDs).map { " (did you mean '\($0)'?)" } ?? ""
            return "no lint rule '\(id)'\(hint); rules: \(Linter.ruleIDs.joined(separator: ", "))"
        }
    }

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let configuration = try system.configuration(required: paths.isEmpty, io: &io)
        let configured = system.configured(paths, configuration: configuration)
        let ((loaded, context), base) = try system.load(configured, io: &io)
        var settings = configuration?.lint ?? LintConfiguration()
        for (rule, severity) in try severities() { settings.severities[rule] = severity }
        let folders = usage + (configuration.map { config in settings.usage.map(config.absolute) } ?? [])
        let subject = LintSubject(context, permutations: loaded.permutations!, usage: folders.isEmpty ? nil : UsageIndex(folders: folders))
        let found = settings.linter.run(subject)
        var tenantFound: [Diagnostic] = []
        var tenantFiles: [SourceFile] = []
        if let folder = tenants ?? configuration.flatMap({ config in config.tenants.map(config.absolute) }) {
            let known = Set(loaded.diagnostics + found)
            let read = TenantFolder(path: folder, importers: system.options.importers)
            tenantFound += read.diagnostics
            for tenant in read.tenants {
                let (tenantSystem, files, problems) = base.system(for: tenant)
                let resolved = tenantSystem.resolveAll()
                var own = problems + resolved.diagnostics.filter { $0.severity == .error }
                if let tenantContext = resolved.context(name: context.name), let permutations = resolved.permutations {
                    own += settings.linter.run(LintSubject(tenantContext, permutations: permutations,
                        usage: folders.isEmpty ? nil : UsageIndex(folders: folders)))
                }
                var seen = Set<Diagnostic>()
                tenantFound += own.filter { !known.contains($0) && seen.insert($0).inserted }.map { $0.inTenant(tenant) }
                tenantFiles += files + resolved.files
            }
        }
        let bag = DiagnosticBag(loaded.diagnostics.filter { $0.severity == .error } + found + tenantFound
            + system.explanations(paths, configuration: configuration))
        let allFiles = loaded.files + tenantFiles.filter { file in !loaded.files.contains { $0.path == file.path } }
        system.diagnostics.write(bag, files: allFiles + sourceFiles(of: found + tenantFound, besides: allFiles), to: &io)
        if bag.all.allSatisfy({ $0.id == .formatChosen }), system.diagnostics.diagnosticsFormat == .text {
            io.write("tessera lint: \(context.tokens.count) tokens in \(context.numbering.count) permutation\(context.numbering.count == 1 ? "" : "s"): no findings\n", to: .standardError)
        }
        return bag.hasErrors ? .failure : .success
    }
}

enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown
}

struct Diff: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two versions of the tokens per token and per permutation, and say what semantic-version bump the change is.",
        discussion: """
            OLD and NEW are token files or folders, resolvers or importable systems. With --git REV, OLD is the same \
            paths as they are in revision REV (read with git), and NEW the paths given (default: the configuration's). \
            Exit 0 when the change is not breaking (none, patch, minor), 1 when it is (major), 2 when a version does not \
            resolve.
            """)

    @Argument(help: "OLD and NEW; with --git, the paths to compare with their committed version.")
    var paths: [String] = []

    @Option(help: "Compare the paths with their version in this git revision (a branch, tag or commit).")
    var git: String?

    @Option(help: "text, json or markdown (for a pull-request comment).")
    var format: DiffFormat = .text

    @OptionGroup var system: SystemOptions

    func validate() throws {
        if git == nil, paths.count != 2 { throw ValidationError("give OLD and NEW, or --git REV and the paths to compare") }
    }

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let configuration = paths.isEmpty ? try system.configuration(required: true, io: &io) : nil
        let newPaths = paths.isEmpty ? (configuration?.sourcePaths ?? []) : (git == nil ? [paths[1]] : paths)
        var oldPaths = git == nil ? [paths[0]] : []
        var checkout: String?
        if let git {
            do {
                let (folder, mapped) = try GitRevision.extract(git, paths: newPaths)
                checkout = folder
                oldPaths = mapped
            } catch {
                io.write("tessera diff: \(error)\n", to: .standardError)
                return ExitCode(2)
            }
        }
        let options = configuration?.options(system.options) ?? system.options
        let old = try resolve(oldPaths, options: options, label: git.map { "the version in \($0)" } ?? "OLD", checkout: checkout, io: &io)
        let new = try resolve(newPaths, options: options, label: "NEW", checkout: checkout, io: &io)
        let diff = TokenDiff(old: old, new: new)
        let output = switch format {
        case .text: diff.text
        case .json: diff.json
        case .markdown: diff.markdown
        }
        io.write(output, to: .standardOutput)
        if let checkout { try? FileManager.default.removeItem(atPath: checkout) }
        return diff.isBreaking ? .failure : .success
    }

    /// The version at `paths`; throws exit code 2 (the checkout removed, the errors written) when it
    /// does not resolve.
    func resolve(_ paths: [String], options: PipelineOptions, label: String, checkout: String?, io: inout CommandIO) throws
        -> GenerationContext
    {
        let loaded = ConfiguredSystem(paths: paths, options: options).open().resolveAll()
        guard let context = loaded.context(name: "tokens") else {
            if let checkout { try? FileManager.default.removeItem(atPath: checkout) }
            io.write("tessera diff: \(label) does not resolve\n", to: .standardError)
            system.diagnostics.write(DiagnosticBag(loaded.diagnostics.filter { $0.severity == .error }), files: loaded.files, to: &io)
            throw ExitCode(2)
        }
        return context
    }
}

/// Files as they are in a git revision, read with git itself.
enum GitRevision {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs git with `arguments` in `folder`; its standard output.
    static func git(_ arguments: [String], in folder: String, output: FileHandle? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let pipe = Pipe()
        let errors = Pipe()
        process.standardOutput = output ?? pipe
        process.standardError = errors
        try process.run()
        let data = output == nil ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "git \(arguments.joined(separator: " ")) failed: " + String(decoding: problem, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Extracts the folder holding `paths` (the nearest folder they share, so that a resolver's
    /// sources beside it come along) as it is in `revision` into a temporary folder; that folder,
    /// and `paths` mapped into it.
    static func extract(_ revision: String, paths: [String]) throws -> (folder: String, paths: [String]) {
        let absolute = paths.map { ($0 as NSString).isAbsolutePath ? $0 : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent($0) }
            .map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        guard let first = absolute.first else { throw Failure(description: "no paths to compare") }
        var shared = BuildConfiguration.isFolder(first) ? first : (first as NSString).deletingLastPathComponent
        for path in absolute.dropFirst() {
            while !(path + "/").hasPrefix(shared + "/") && shared != "/" { shared = (shared as NSString).deletingLastPathComponent }
        }
        let top = URL(fileURLWithPath: try git(["rev-parse", "--show-toplevel"], in: shared)).resolvingSymlinksInPath().path
        let relative = shared == top ? "." : String(shared.dropFirst(top.count + 1))
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("tessera-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let archive = (folder as NSString).appendingPathComponent(".archive.tar")
        guard FileManager.default.createFile(atPath: archive, contents: nil), let handle = FileHandle(forWritingAtPath: archive) else { throw Failure(description: "cannot write \(archive)") }
        do {
            _ = try git(["archive", "--format=tar", revision, "--", relative], in: top, output: handle)
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-x", "-f", archive, "-C", folder]
        try tar.run()
        tar.waitUntilExit()
        try? FileManager.default.removeItem(atPath: archive)
        guard tar.terminationStatus == 0 else { throw Failure(description: "cannot unpack the files of \(revision)") }
        let mapped = absolute.map { path in (folder as NSString).appendingPathComponent(String(path.dropFirst(top.count))) }
        return (folder, mapped)
    }
}

struct Catalog: WatchingSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a browsable HTML catalog of the tokens: every permutation side by side, specimens, scales, contrast badges, search.",
        discussion: """
            The page (DIR/index.html) is self-contained: it loads nothing from the network. Contrast badges come from the \
            lint pairs of tessera.yml. With --watch, it writes the page again whenever a file it is made from changes, \
            until Ctrl-C, and exits 0.
            """)

    @Argument(help: "Token files or folders, a resolver or an importable system (default: the configuration's).")
    var paths: [String] = []

    @Option(name: [.short, .customLong("output")], help: "The folder to write index.html into (default: the path of the configuration's catalog output).")
    var output: String?

    @Option(help: "The page's title (default: the system's name).")
    var title: String?

    @Flag(help: "After writing the page, keep running: write it again within a second whenever a file it is made from changes (Ctrl-C stops).")
    var watch = false

    @OptionGroup var system: SystemOptions

    @OptionGroup var keepGoing: KeepGoingOption

    /// Writes the page once; with `--watch`, again after every change to a file it is made from
    /// until `stop`, each time's result on a line of its own.
    func execute(_ io: inout CommandIO, watchingUntil stop: Watch.Stop) throws -> ExitCode {
        guard watch else {
            let page = try writePage(&io)
            if case .written(let target, let tokens, let columns, _, _) = page {
                io.write("tessera catalog: \(target) (\(tokens) tokens, \(columns) columns)\n", to: .standardError)
            }
            return page.code
        }
        return Watch(name: "tessera catalog", inputs: knownInputs, stop: stop).run(&io) { io in
            do {
                return try writePage(&io).outcome(keepingGoing: keepGoing.keepGoing)
            } catch {
                // The configuration could not be read; its errors are written.
                return Watch.Outcome(code: .failure, read: [], written: [], result: "nothing written, the configuration has errors")
            }
        }
    }

    /// What writing the page came to.
    private enum Page {
        /// Written at `target` (or found holding these bytes already), from the files `read`, with
        /// `errors` when kept going past them.
        case written(target: String, tokens: Int, columns: Int, errors: Int, read: [String])
        /// Not written, why already said: 2 with no folder to write into, 1 when it cannot be written.
        case notWritten(ExitCode)
        /// The tokens do not resolve, their errors written: nothing is written.
        case unresolved(ConfiguredSystem)

        var code: ExitCode {
            switch self {
            case .written(_, _, _, let errors, _): errors == 0 ? .success : .failure
            case .notWritten(let code): code
            case .unresolved: .failure
            }
        }

        /// What a watch is told: the result for its line, and the files to watch.
        func outcome(keepingGoing: Bool) -> Watch.Outcome {
            switch self {
            case .written(let target, let tokens, let columns, let errors, let read):
                return Watch.Outcome(code: code, read: read, written: [target],
                    result: "\(Watch.shown(target)) written (\(Watch.count(tokens, "token")), \(Watch.count(columns, "column"))), "
                        + Watch.count(errors, "error"))
            case .notWritten(let code):
                return Watch.Outcome(code: code, read: [], written: [], result: "nothing written, 1 error")
            case .unresolved(let configured):
                // Loading stops at the errors without saying what it read: read again for that
                // (a watch only, after a failure), so that fixing any of those files is seen.
                let resolved = configured.open().resolveAll(keepingGoing: keepingGoing)
                let errors = resolved.diagnostics.filter { $0.severity == .error }.count
                return Watch.Outcome(code: code, read: resolved.files.map(\.path), written: [],
                    result: "nothing written, \(Watch.count(errors, "error"))")
            }
        }
    }

    /// Reads the tokens and writes the page, writing the diagnostics; throws exit code 1 when the
    /// configuration cannot be read.
    private func writePage(_ io: inout CommandIO) throws -> Page {
        let configuration = try system.configuration(required: paths.isEmpty, io: &io)
        let catalogOutput = configuration?.outputs.first { $0.kind == .catalog }
        // No -o: the folder the configuration's catalog output names, else a usage mistake.
        guard let output = output ?? catalogOutput.flatMap({ entry in configuration.map { $0.absolute(entry.path) } }) else {
            io.write("tessera catalog: give the folder to write into (-o DIR), or a catalog output in tessera.yml "
                + "(outputs: - catalog: { path: DIR })\n", to: .standardError)
            return .notWritten(ExitCode(2))
        }
        let configured = system.configured(paths, configuration: configuration)
        let resolved: ResolvedSystem
        let context: GenerationContext
        do {
            (resolved, context) = try system.load(configured, keepingGoing: keepGoing.keepGoing, io: &io).resolved
        } catch {
            return .unresolved(configured)
        }
        let lint = configuration?.lint ?? LintConfiguration()
        let emitter = CatalogEmitter(title: title ?? catalogOutput?.catalog.title,
            contrastPairs: lint.contrastPairs, level: lint.level)
        let page = emitter.emit(context)
        let explained = system.explanations(paths, configuration: configuration)
        if !resolved.hasErrors, !explained.isEmpty {
            system.diagnostics.write(DiagnosticBag(explained), files: resolved.files, to: &io)
        }
        let folder = (output as NSString).isAbsolutePath ? output : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(output)
        let target = ((folder as NSString).appendingPathComponent("index.html") as NSString).standardizingPath
        do {
            try OutputWriter.write(Array(page.utf8), at: target)
        } catch {
            io.write("tessera catalog: cannot write '\(target)': \(error.reason)\n", to: .standardError)
            return .notWritten(.failure)
        }
        return .written(target: target, tokens: context.tokens.count, columns: CatalogEmitter.columns(context).count,
            errors: resolved.diagnostics.filter { $0.severity == .error }.count, read: resolved.files.map(\.path))
    }

    /// What the page is made from, as far as it can be named without making it: the
    /// configuration (its catalog output and lint pairs), and the paths given or its sources.
    private func knownInputs() -> [String] {
        let file = system.config ?? "tessera.yml"
        guard paths.isEmpty else { return [file] + paths }
        return [file] + (BuildConfiguration.load(file).configuration?.sourcePaths ?? [])
    }
}
