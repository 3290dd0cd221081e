import ArgumentParser
import Foundation
import Tessera
import TesseraBuild
import TesseraImporters
import TesseraGenerate
import TesseraQuality

struct BuildOutputs: WatchingSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Generate every output 'tessera.yml' lists: Swift, asset catalogs, CSS, a resolved bundle, templates.",
        discussion: """
            Exit 0 when every output is written or already up to date, 1 when the configuration or the tokens have an \
            error (nothing is written then, unless --keep-going or 'keepGoing: true': then every output is written \
            with the tokens no error touches, and the exit code is still 1), 2 for a usage mistake. Files whose contents did not change are not \
            rewritten; when no input changed since the last build, nothing is read or written. With --watch, it builds \
            again whenever an input changes, until Ctrl-C, and exits 0.
            """)

    @Option(help: "The configuration file.")
    var config = "tessera.yml"

    @Option(help: "Where the build state is kept (default: .tessera beside the configuration).")
    var state: String?

    @Option(help: "Write every Swift output into this one file instead of their paths (what the build plugin does).")
    var swiftInto: String?

    @Flag(help: "Print nothing but diagnostics.")
    var quiet = false

    @Flag(help: "After building, keep running: build again within a second whenever a file the build read changes (Ctrl-C stops).")
    var watch = false

    @OptionGroup var keepGoing: KeepGoingOption

    @OptionGroup var format: SourceFormatOption

    @OptionGroup var diagnostics: DiagnosticsOption

    /// `--watch` with `--swift-into` is a usage mistake: the build plugin's builds run once.
    func validate() throws {
        if watch, swiftInto != nil {
            throw ValidationError("--watch cannot be used with --swift-into, the build plugin's mode: a plugin builds once "
                + "per build of the package (leave out --swift-into to watch)")
        }
    }

    /// Builds once; with `--watch`, again after every change to an input until `stop`, each
    /// build's result on a line of its own.
    func execute(_ io: inout CommandIO, watchingUntil stop: Watch.Stop) throws -> ExitCode {
        guard watch else { return buildOnce(&io) }
        return Watch(name: "tessera build", inputs: knownInputs, stop: stop, quiet: quiet).run(&io) { io in
            let run = build(&io)
            // The outputs, and the build state, which --state may put inside a source folder.
            let written = (run.report.map { $0.written + $0.unchanged } ?? []) + [state].compactMap { $0 }
            return Watch.Outcome(code: run.code, read: run.report?.files.map(\.path) ?? [], written: written, result: run.result)
        }
    }

    /// One build, as `tessera build` without `--watch` runs it: its diagnostics, then a summary.
    private func buildOnce(_ io: inout CommandIO) -> ExitCode {
        let start = DispatchTime.now()
        let run = build(&io)
        guard let report = run.report else { return run.code }
        guard report.succeeded else {
            if !quiet, !report.written.isEmpty || !report.unchanged.isEmpty {
                io.write("tessera build: kept going past errors: \(report.written.count) files written, \(report.unchanged.count) unchanged\n",
                    to: .standardError)
            }
            return run.code
        }
        if !quiet {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
            let summary = report.upToDate
                ? "up to date (\(report.unchanged.count) files), \(String(format: "%.0f", milliseconds)) ms"
                : "\(report.written.count) files written, \(report.unchanged.count) unchanged, \(String(format: "%.0f", milliseconds)) ms"
            io.write("tessera build: \(summary)\n", to: .standardError)
        }
        return run.code
    }

    /// What one build came to: its report, or nil when the configuration could not be read,
    /// and the errors either had.
    private struct Run {
        var report: Build.Report?
        var errors: Int

        /// 0 when the build had no error, else 1.
        var code: ExitCode { report != nil && errors == 0 ? .success : .failure }

        /// For the line a watch writes after a build: `2 files written, 1 unchanged, 0 errors`.
        var result: String {
            let errorCount = Watch.count(errors, "error")
            guard let report, !report.written.isEmpty || !report.unchanged.isEmpty else { return "nothing written, \(errorCount)" }
            if report.upToDate { return "up to date (\(Watch.count(report.unchanged.count, "file"))), \(errorCount)" }
            return "\(Watch.count(report.written.count, "file")) written, \(report.unchanged.count) unchanged, \(errorCount)"
        }
    }

    /// Reads the configuration and builds, the diagnostics of either written.
    private func build(_ io: inout CommandIO) -> Run {
        let (loaded, problems) = BuildConfiguration.load(configFile)
        guard let configuration = loaded else {
            let configSource = SourceFile(path: config, bytes: Array(FileManager.default.contents(atPath: configFile) ?? Data()))
            diagnostics.write(DiagnosticBag(problems.map { relabel($0, configFile) }), files: [configSource], to: &io)
            return Run(report: nil, errors: problems.filter { $0.severity == .error }.count)
        }
        let forced = configuration.importers(format.importers)
        var report = Build(configuration, stateFolder: state, swiftInto: swiftInto, options: PipelineOptions(importers: forced),
            keepGoing: keepGoing.keepGoing).run()
        if format.explainFormat {
            report.diagnostics = forced.explanations(configuration.sourcePaths) + report.diagnostics
        }
        // The configuration and the token files as the build read them; only files the build did
        // not read (a template) are read to show their lines.
        let configBytes = configuration.source?.bytes ?? []
        let known = [SourceFile(path: config, bytes: configBytes), SourceFile(path: configFile, bytes: configBytes)] + report.files
        let files = known + sourceFiles(of: report.diagnostics, besides: known)
        if !report.diagnostics.isEmpty {
            diagnostics.write(DiagnosticBag(report.diagnostics), files: files, to: &io)
        }
        return Run(report: report, errors: report.diagnostics.filter { $0.severity == .error }.count)
    }

    /// The configuration file, absolute.
    private var configFile: String {
        (config as NSString).isAbsolutePath
            ? config : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(config)
    }

    /// What a build reads, as far as it can be named without building: the configuration, its
    /// sources, the outputs' own inputs (templates), and the files and folders the last build
    /// recorded reading (the sources its resolver names).
    func knownInputs() -> [String] {
        guard let configuration = BuildConfiguration.load(configFile).configuration else { return [configFile] }
        let stateFile = ((state ?? configuration.absolute(".tessera")) as NSString).appendingPathComponent("build-state.json")
        return [configFile] + configuration.sourcePaths + configuration.outputs.flatMap(\.options.inputs).map(configuration.absolute)
            + Self.recordedInputs(stateFile)
    }

    /// The files and folders the build state at `path` records (`BuildState`: a line `i HASH PATH`
    /// for each file read, `f FOLDER` for each source folder listed); none without one.
    private static func recordedInputs(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            if line.hasPrefix("f ") { return String(line.dropFirst(2)) }
            // The path is everything after the hash, spaces included.
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            return line.hasPrefix("i ") && fields.count == 3 ? String(fields[2]) : nil
        }
    }

    /// `diagnostic` located in the configuration as `--config` names it rather than by its
    /// absolute path.
    private func relabel(_ diagnostic: Diagnostic, _ absolute: String) -> Diagnostic {
        var diagnostic = diagnostic
        if diagnostic.location?.file == absolute { diagnostic.location?.file = config }
        return diagnostic
    }
}

struct Init: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a commented starter 'tessera.yml' for the token files in a folder.",
        discussion: "An existing tessera.yml is never replaced.")

    @Argument(help: "The folder of the token files (default: the current folder).")
    var folder = "."

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let target = (folder as NSString).appendingPathComponent("tessera.yml")
        guard !FileManager.default.fileExists(atPath: target) else {
            io.write("tessera init: '\(target)' exists already; it is left as it is (remove it to write a new one)\n", to: .standardError)
            return .failure
        }
        // Files named by mode beside each other (core.json, light.json, dark.json): a resolver
        // with those modes, written beside the configuration.
        if let layout = ModeFilesImporter.layout(of: folder) {
            let resolverName = "tokens.resolver.json"
            let resolverPath = (folder as NSString).appendingPathComponent(resolverName)
            guard !FileManager.default.fileExists(atPath: resolverPath) else {
                io.write("tessera init: '\(resolverPath)' exists already; name it in tessera.yml's resolver:\n", to: .standardError)
                return .failure
            }
            let light = layout.modes.firstIndex { ModeFilesImporter.lightWords.contains(ModeFilesImporter.squeezed($0.mode) ?? "") } ?? 0
            try write(Self.resolver(shared: layout.shared, modes: layout.modes, defaultMode: layout.modes[light].mode), to: resolverPath)
            try write(BuildConfiguration.starter(resolver: resolverName, sources: []), to: target)
            io.write("wrote \(resolverPath) (the modifier 'mode': \(layout.modes.map(\.mode).joined(separator: ", "))) and \(target); "
                + "edit its outputs, then run 'tessera build'\n", to: .standardError)
            return .success
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        // A resolver, an asset catalog or a Style Dictionary configuration names the whole system.
        let resolver = names.first { $0.hasSuffix(".resolver.json") } ?? names.first { $0.hasSuffix(".xcassets") }
            ?? names.first { name in
                name.lowercased().hasSuffix(".json")
                    && ImporterRegistry.head(of: (folder as NSString).appendingPathComponent(name)).map(StyleDictionaryImporter.isConfiguration) == true
            }
        var sources: [String] = []
        if resolver == nil {
            sources = names.filter { name in
                !name.hasPrefix(".") && (name.hasSuffix(".json") || name.hasSuffix(".tokens") || name == "tokens"
                    || BuildConfiguration.isFolder((folder as NSString).appendingPathComponent(name)) && name.lowercased().contains("token"))
            }
        }
        guard resolver != nil || !sources.isEmpty else {
            io.write("tessera init: no token files, resolver, asset catalog or Style Dictionary configuration in '\(folder)': "
                + "run it in the folder that holds them, or give that folder (tessera init FOLDER)\n", to: .standardError)
            return .failure
        }
        try write(BuildConfiguration.starter(resolver: resolver, sources: sources), to: target)
        io.write("wrote \(target); edit its outputs, then run 'tessera build'\n", to: .standardError)
        return .success
    }

    func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw ValidationError("cannot write '\(path)'")
        }
    }

    /// A resolver document: the files every mode shares as one set, then the modifier `mode`
    /// whose contexts are the mode files, paths relative to the folder.
    static func resolver(shared: [String], modes: [(path: String, mode: String)], defaultMode: String) -> String {
        func reference(_ path: String) -> String {
            "{\"$ref\": \(JSONWriter.quoted((path as NSString).lastPathComponent))}"
        }
        var text = "{\n  \"version\": \"2025.10\",\n"
        var order: [String] = []
        if !shared.isEmpty {
            text += "  \"sets\": {\n    \"shared\": {\"sources\": [" + shared.map(reference).joined(separator: ", ") + "]}\n  },\n"
            order.append("{\"$ref\": \"#/sets/shared\"}")
        }
        text += "  \"modifiers\": {\n    \"mode\": {\n      \"contexts\": {\n"
        text += modes.map { "        \(JSONWriter.quoted($0.mode)): [\(reference($0.path))]" }.joined(separator: ",\n")
        text += "\n      },\n      \"default\": \(JSONWriter.quoted(defaultMode))\n    }\n  },\n"
        order.append("{\"$ref\": \"#/modifiers/mode\"}")
        text += "  \"resolutionOrder\": [" + order.joined(separator: ", ") + "]\n}\n"
        return text
    }
}

/// The files diagnostics point into, other than `known`, read so that their lines can be shown.
func sourceFiles(of diagnostics: [Diagnostic], besides known: [SourceFile] = []) -> [SourceFile] {
    let read = Set(known.map(\.path))
    return diagnostics.compactMap { $0.location?.file }.uniqued().filter { !read.contains($0) }.compactMap { path in
        FileManager.default.contents(atPath: path).map { SourceFile(path: path, bytes: Array($0)) }
    }
}

extension Sequence where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
