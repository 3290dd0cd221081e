import ArgumentParser
import Foundation
import Tessera

enum ConversionTarget: String, ExpressibleByArgument, CaseIterable {
    case dtcg
}

struct Convert: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Write sources of any format read as DTCG 2025.10 token files, with a resolver document where they have modes.",
        discussion: """
            A system with modes (a resolver, an asset catalog, Figma variables) becomes a token file per set and per \
            context and NAME.resolver.json; token files read together become one tokens.tokens.json. Nothing is \
            written when the sources have an error, unless --keep-going: then every token no error touches is \
            written. Exits 0 when the files are written without an error, 1 otherwise.
            """)

    @Argument(help: "The sources: token files or folders, or one system (*.resolver.json, *.xcassets, a Figma variables file). Default: the configuration's resolver or sources.")
    var paths: [String] = []

    @Option(help: "A tessera.yml whose resolver or sources (in its sourceFormat) are converted when no source is given (default: ./tessera.yml).")
    var config: String?

    @Option(help: "The format to write.")
    var to: ConversionTarget = .dtcg

    @Option(name: .shortAndLong, help: "The folder to write into (created if needed).")
    var output: String

    @Option(help: "The name of the resolver or token file written (by default the source's).")
    var name: String?

    @OptionGroup var source: SourceFormatOption

    @OptionGroup var keepGoing: KeepGoingOption

    @OptionGroup var diagnostics: DiagnosticsOption

    func validate() throws {
        if !paths.isEmpty, config != nil { throw ValidationError("give the sources to convert or --config, not both") }
    }

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        var paths = self.paths
        var importers = source.importers
        var severities = try diagnostics.severities()
        if paths.isEmpty {
            // The configuration's system: its resolver, else its sources, read in its format.
            let path = config ?? "tessera.yml"
            guard config != nil || FileManager.default.fileExists(atPath: path) else {
                io.write("tessera convert: give the sources to convert, or run it where a tessera.yml is (or give --config)\n",
                    to: .standardError)
                return ExitCode(2)
            }
            let configuration = try diagnostics.loadConfiguration(path, io: &io)
            paths = configuration.resolver.map { [configuration.absolute($0)] } ?? configuration.sources.map(configuration.absolute)
            if source.sourceFormat == nil, let format = configuration.sourceFormat {
                importers = ImporterRegistry.standard.forcing(format) ?? importers
            }
            severities.merge(configuration.diagnostics) { chosen, _ in chosen }
        }
        var options = PipelineOptions(importers: importers)
        options.severities = severities
        let conversion: DTCGConversion
        let bag: DiagnosticBag
        let files: [SourceFile]
        if let system = importers.importedSystem(for: paths, options: options) {
            let checked = keepGoing.keepGoing ? system.resolveAll(keepingGoing: true) : system.checkAllPermutations()
            bag = DiagnosticBag(checked.diagnostics + (source.explainFormat ? importers.explanations(paths) : []))
            files = checked.files
            // Kept going past errors that left nothing sound: nothing to write.
            if checked.hasErrors, checked.permutations?.tokens.contains(where: { $0.count > 0 }) != true {
                diagnostics.write(bag, files: files, to: &io)
                return .failure
            }
            conversion = DTCGConversion(system, name: name, leavingOut: Set(checked.leftOut))
        } else {
            let result = TokenSystem.resolving(paths: paths, options: options)
            files = result.files
            if keepGoing.keepGoing, result.hasErrors {
                let sound = result.soundTokens()
                bag = DiagnosticBag(sound.diagnostics + (source.explainFormat ? importers.explanations(paths) : []))
                // No token is sound: nothing to write.
                if sound.tokens.count == 0 {
                    diagnostics.write(bag, files: files, to: &io)
                    return .failure
                }
                conversion = DTCGConversion(result, name: name ?? "tokens", leavingOut: Set(sound.leftOut))
            } else {
                bag = DiagnosticBag(result.diagnostics + (source.explainFormat ? importers.explanations(paths) : []))
                conversion = DTCGConversion(result, name: name ?? "tokens")
            }
        }
        diagnostics.write(bag, files: files, to: &io)
        guard keepGoing.keepGoing || !bag.hasErrors else { return .failure }
        do {
            try conversion.write(to: output)
        } catch {
            io.write("error: cannot write into '\(output)': \(error.localizedDescription)\n", to: .standardError)
            return .failure
        }
        let listing = conversion.files.map { ($0.path as NSString).lastPathComponent }.joined(separator: "\n")
        io.write(listing + "\n", to: .standardOutput)
        return bag.hasErrors ? .failure : .success
    }
}
