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

    @Argument(help: "The sources: token files or folders, or one system (*.resolver.json, *.xcassets, a Figma variables file).")
    var paths: [String]

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
        if paths.isEmpty { throw ValidationError("give the sources to convert") }
    }

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let importers = source.importers
        let options = PipelineOptions(importers: importers)
        let conversion: DTCGConversion
        let bag: DiagnosticBag
        let files: [SourceFile]
        if let system = importers.importedSystem(for: paths, options: options) {
            let checked = keepGoing.keepGoing ? system.resolveAll(keepingGoing: true) : system.checkAllPermutations()
            bag = DiagnosticBag(checked.diagnostics + source.explanations(paths))
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
                bag = DiagnosticBag(sound.diagnostics + source.explanations(paths))
                // No token is sound: nothing to write.
                if sound.tokens.count == 0 {
                    diagnostics.write(bag, files: files, to: &io)
                    return .failure
                }
                conversion = DTCGConversion(result, name: name ?? "tokens", leavingOut: Set(sound.leftOut))
            } else {
                bag = DiagnosticBag(result.diagnostics + source.explanations(paths))
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
