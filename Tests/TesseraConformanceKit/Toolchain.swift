import Foundation
import Tessera
import TesseraGenerate

/// The built modules, swiftc and the stand-in UIKit and SwiftUI modules: what compiling
/// generated code needs.
package enum Toolchain {
    /// The repository's root folder (Examples, Sources, Tests/StandIns, .build), found from this file.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder of the built modules: the one holding the running program or test bundle.
    package static var modules: URL? {
        var url = Bundle.main.bundleURL
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Modules/Tessera.swiftmodule").path) {
                return url.appendingPathComponent("Modules")
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// The C modules the runtime's dependencies import (declared in their checkouts), which code
    /// importing the built modules needs to find.
    package static let moduleMapFlags: [String] = {
        let checkouts = root.appendingPathComponent(".build/checkouts")
        return (FileManager.default.enumerator(atPath: checkouts.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix("/include/module.modulemap") && $0.contains("/Sources/") }
            .sorted()
            .flatMap { ["-Xcc", "-fmodule-map-file=" + checkouts.appendingPathComponent($0).path] }
    }()

    /// swiftc's status and all it wrote.
    package static func swiftc(_ arguments: [String]) throws -> (Int32, String) {
        let run = try Processes.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc"] + (arguments.contains("-I") ? moduleMapFlags : []) + arguments, mergingErrors: true)
        return (run.status, run.stdout)
    }

    /// Stand-in UIKit and SwiftUI modules built into `folder`.
    package static func buildStandIns(into folder: URL, _ expectations: some Expectations) throws {
        for module in ["UIKit", "SwiftUI"] {
            let (status, output) = try swiftc(["-emit-module", "-parse-as-library", "-module-name", module, "-I", folder.path,
                root.appendingPathComponent("Tests/StandIns/\(module).swift").path,
                "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path])
            expectations.expect(status == 0, "\(module) stand-in: \(output)")
        }
    }

    /// Every permutation of a resolver (or a system an importer reads), resolved.
    package static func permutations(_ path: String, _ expectations: some Expectations) throws -> ResolvedPermutations {
        let options = PipelineOptions()
        let composer = options.importers.system(for: [path], options: options)
        let outcome = composer.resolveAll()
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        return try expectations.require(outcome.permutations, "\(errors.prefix(3))")
    }

    /// Generated Swift for a system type-checks: the runtime flavor against the built modules,
    /// the static flavor with its UIKit and SwiftUI parts against the stand-in modules.
    package static func expectGeneratedSwiftTypeChecks(_ context: GenerationContext, modules: URL, _ expectations: some Expectations) throws {
        let work = try Scratch.folder("typecheck")
        defer { try? FileManager.default.removeItem(at: work) }
        try buildStandIns(into: work, expectations)
        let runtime = work.appendingPathComponent("Runtime.swift")
        let staticFile = work.appendingPathComponent("Static.swift")
        try Data(SwiftEmitter(flavor: .runtime).emit(context).text.utf8).write(to: runtime)
        try Data(SwiftEmitter(flavor: .static).emit(context).text.utf8).write(to: staticFile)
        let (status, output) = try swiftc(["-typecheck", "-swift-version", "6", "-I", modules.path, runtime.path])
        expectations.expect(status == 0, "runtime flavor: \(output.prefix(2000))")
        let (staticStatus, staticOutput) = try swiftc(["-typecheck", "-swift-version", "6", "-I", work.path, staticFile.path])
        expectations.expect(staticStatus == 0, "static flavor: \(staticOutput.prefix(2000))")
        expectations.expect(!staticOutput.contains("warning"), "\(staticOutput.prefix(2000))")
    }
}
