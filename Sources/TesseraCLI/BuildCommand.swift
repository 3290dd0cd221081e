import ArgumentParser
import Foundation
import Tessera
import TesseraBuild
import TesseraImporters
import TesseraGenerate
import TesseraQuality

struct BuildOutputs: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Generate every output 'tessera.yml' lists: Swift, asset catalogs, CSS, a resolved bundle, templates.",
        discussion: """
            Exit 0 when every output is written or already up to date, 1 when the configuration or the tokens have an \
            error (nothing is written then, unless --keep-going or 'keepGoing: true': then every output is written \
            with the tokens no error touches, and the exit code is still 1), 2 for a usage mistake. Files whose contents did not change are not \
            rewritten; when no input changed since the last build, nothing is read or written.
            """)

    @Option(help: "The configuration file.")
    var config = "tessera.yml"

    @Option(help: "Where the build state is kept (default: .tessera beside the configuration).")
    var state: String?

    @Option(help: "Write every Swift output into this one file instead of their paths (what the build plugin does).")
    var swiftInto: String?

    @Flag(help: "Print nothing but diagnostics.")
    var quiet = false

    @OptionGroup var keepGoing: KeepGoingOption

    @OptionGroup var format: SourceFormatOption

    @OptionGroup var diagnostics: DiagnosticsOption

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let configFile = (config as NSString).isAbsolutePath
            ? config : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(config)
        let (loaded, problems) = BuildConfiguration.load(configFile)
        guard let configuration = loaded else {
            let configSource = SourceFile(path: config, bytes: Array(FileManager.default.contents(atPath: configFile) ?? Data()))
            diagnostics.write(DiagnosticBag(problems.map { relabel($0, configFile) }), files: [configSource], to: &io)
            return .failure
        }
        let start = DispatchTime.now()
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
        guard report.succeeded else {
            if !quiet, !report.written.isEmpty || !report.unchanged.isEmpty {
                io.write("tessera build: kept going past errors: \(report.written.count) files written, \(report.unchanged.count) unchanged\n",
                    to: .standardError)
            }
            return .failure
        }
        if !quiet {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
            let summary = report.upToDate
                ? "up to date (\(report.unchanged.count) files), \(String(format: "%.0f", milliseconds)) ms"
                : "\(report.written.count) files written, \(report.unchanged.count) unchanged, \(String(format: "%.0f", milliseconds)) ms"
            io.write("tessera build: \(summary)\n", to: .standardError)
        }
        return .success
    }

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
