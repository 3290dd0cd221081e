import Foundation
import Tessera
import TesseraConformanceKit
import TesseraGenerate

/// The `tessera` binary, and contexts for code generation.
extension Toolchain {
    /// The `tessera` binary built beside this program.
    static var tessera: URL { Bundle.main.executableURL!.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("tessera") }

    /// `tessera` with arguments; a failure when the binary has not been built.
    static func tessera(_ arguments: [String], _ check: Check) throws -> CommandOutput {
        try check.require(FileManager.default.isExecutableFile(atPath: tessera.path),
            "\(tessera.path) is not built (swift build --product tessera)")
        return try Processes.run(tessera, arguments)
    }

    /// Every permutation of a resolver (or a system an importer reads), resolved.
    static func context(_ path: String, _ check: Check) throws -> GenerationContext {
        GenerationContext(try permutations(path, check), name: "tokens")
    }
}
