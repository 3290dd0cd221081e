import ArgumentParser
import Foundation
import Tessera
import TesseraAdopt
import TesseraBuild
import TesseraGenerate

/// `tessera adopt`: an app's hand-written design values found in its Swift and replaced by the
/// accessors of the configuration's generated Swift.
struct Adopt: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the design values an app's Swift writes by hand and replace them with the generated token accessors.",
        discussion: """
            Reads the Swift files under SOURCES (default: the configuration's lint usage folders) and the token system of \
            tessera.yml. Color literals, hex helpers, layout numbers (padding, stack spacing, corner radii, border widths), \
            ConfigParser calls, color asset names and members of a Colors list are matched to tokens in every permutation: \
            exact where one token has the value where the code runs, semantic tokens before primitives; near matches and \
            ties are listed, never rewritten. Prints a report (exit 0); --dry-run prints the diff; --apply writes it, each \
            file replaced atomically. Exit 1 when the tokens or the configuration have errors, 2 for a usage mistake.
            """)

    @Argument(help: "Swift files or folders of the app, an .xcodeproj (its folder) or a package (its Sources) (default: the 'usage' folders of tessera.yml's lint section).")
    var sources: [String] = []

    @Option(help: "The report's format: text, markdown (for a pull request) or json.")
    var format: ReportFormat = .text

    @Flag(help: "Write the replacements into the Swift files, each replaced atomically.")
    var apply = false

    @Flag(help: "Print the replacements as a unified diff; write nothing.")
    var dryRun = false

    @Option(help: "Which swift output of tessera.yml the accessors come from, by its name (default: the first).")
    var output: String?

    @Option(help: "Runtime flavor: the expression of the app's ThemeStore, for UIKit and AppKit values (e.g. AppTheme.store).")
    var store: String?

    @Option(name: .customLong("import"), help: "A module every rewritten file imports, such as the one the generated Swift is in (repeatable).")
    var imports: [String] = []

    @OptionGroup var system: SystemOptions

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    func validate() throws {
        if apply && dryRun { throw ValidationError("give --apply or --dry-run, not both") }
    }

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        guard let configuration = try system.configuration(required: true, io: &io) else { return .failure }
        let swiftOutputs = configuration.outputs.compactMap { $0.options(as: SwiftOutput.self) }
        guard let swift = output.map({ name in swiftOutputs.first { $0.emitter.rootName == name } }) ?? swiftOutputs.first else {
            let names = swiftOutputs.map(\.emitter.rootName)
            io.write("tessera adopt: " + (output.map { "no swift output of \(configuration.file) is named '\($0)'" + (names.isEmpty ? "" : " (outputs: \(names.joined(separator: ", ")))") }
                ?? "\(configuration.file) has no swift output, whose accessors the code would use: add one, as outputs: - swift: { path: Tokens.swift, flavor: static, name: Palette }")
                + "\n", to: .standardError)
            return ExitCode(2)
        }
        let folders = (sources.isEmpty ? configuration.lint.usage.map(configuration.absolute) : sources.map(Self.absolute)).map(Self.swiftFolder)
        guard !folders.isEmpty else {
            io.write("tessera adopt: give the app's Swift folders, or list them in tessera.yml as lint: { usage: [Sources] }\n", to: .standardError)
            return ExitCode(2)
        }
        if let missing = folders.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            io.write("tessera adopt: \(missing) does not exist\n", to: .standardError)
            return ExitCode(2)
        }
        let ((_, loaded), _) = try system.load(system.configured([], configuration: configuration), io: &io)
        var context = loaded
        if let modes = configuration.modes { context.traitMapping = .configured(modes) }
        let rewriter = AdoptRewriter(context: context, flavor: swift.emitter.flavor, rootName: swift.emitter.rootName, store: store,
            imports: imports)
        let adoption = Adoption(paths: folders, context: context, rewriter: rewriter)
        let base = FileManager.default.currentDirectoryPath
        if dryRun {
            io.write(adoption.diff(relativeTo: base), to: .standardOutput)
            io.write(AdoptReport.summary(adoption, applied: false) + "\n", to: .standardError)
            return .success
        }
        let written = apply ? try adoption.apply() : []
        let reportFormat = AdoptReport.Format(rawValue: format.rawValue) ?? .text
        io.write(AdoptReport.render(adoption, format: reportFormat, base: base, applied: apply), to: .standardOutput)
        if apply {
            io.write("tessera adopt: \(written.count) file\(written.count == 1 ? "" : "s") rewritten\n", to: .standardError)
        }
        return .success
    }

    /// Where a source's Swift is: an Xcode project's folder (every Swift file beside and under
    /// the `.xcodeproj`), a package's `Sources` (given its `Package.swift` or its folder with
    /// one), else the file or folder itself.
    static func swiftFolder(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if trimmed.hasSuffix(".xcodeproj") || trimmed.hasSuffix(".xcworkspace") { return (trimmed as NSString).deletingLastPathComponent }
        let package = trimmed.hasSuffix("Package.swift") ? (trimmed as NSString).deletingLastPathComponent
            : FileManager.default.fileExists(atPath: (trimmed as NSString).appendingPathComponent("Package.swift")) ? trimmed : nil
        if let package {
            let sources = (package as NSString).appendingPathComponent("Sources")
            return FileManager.default.fileExists(atPath: sources) ? sources : package
        }
        return trimmed
    }

    static func absolute(_ path: String) -> String {
        (path as NSString).isAbsolutePath ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }
}
