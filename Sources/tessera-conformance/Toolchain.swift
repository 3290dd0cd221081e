import Foundation
import Tessera
import TesseraGenerate

/// The built products, swiftc and the `tessera` binary, as the code generation tests use them.
enum Toolchain {
    /// The repository: two folders above this file's.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder of the built modules: the one beside this program.
    static var modules: URL? {
        var url = Bundle.main.bundleURL
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Modules/Tessera.swiftmodule").path) {
                return url.appendingPathComponent("Modules")
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// The `tessera` binary built beside this program.
    static var tessera: URL { Bundle.main.executableURL!.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("tessera") }

    /// The C modules the runtime's dependencies import (declared in their checkouts), which code
    /// importing the built modules needs to find.
    static let moduleMapFlags: [String] = {
        let checkouts = root.appendingPathComponent(".build/checkouts")
        return (FileManager.default.enumerator(atPath: checkouts.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix("/include/module.modulemap") && $0.contains("/Sources/") }
            .sorted()
            .flatMap { ["-Xcc", "-fmodule-map-file=" + checkouts.appendingPathComponent($0).path] }
    }()

    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    static func swiftc(_ arguments: [String]) throws -> (Int32, String) {
        let (status, stdout, stderr) = try run(URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc"] + (arguments.contains("-I") ? moduleMapFlags : []) + arguments)
        return (status, stdout + stderr)
    }

    /// `tessera` with arguments; a failure when the binary has not been built.
    static func tessera(_ arguments: [String], _ check: Check) throws -> (status: Int32, stdout: String, stderr: String) {
        try check.require(FileManager.default.isExecutableFile(atPath: tessera.path),
            "\(tessera.path) is not built (swift build --product tessera)")
        return try run(tessera, arguments)
    }

    static func git(_ arguments: [String], in folder: URL, _ check: Check) throws {
        let (status, _, _) = try run(URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-C", folder.path, "-c", "user.name=Tessera", "-c", "user.email=tessera@example.com"] + arguments)
        check.expect(status == 0, "git \(arguments)")
    }

    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-conformance-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Toolchain.scratch) }
        return url
    }()

    static func temporaryFolder(_ name: String) throws -> URL {
        let url = scratch.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every permutation of a resolver (or a system an importer reads), resolved.
    static func context(_ path: String, _ check: Check) throws -> GenerationContext {
        let options = PipelineOptions()
        let composer = options.importers.composer(for: [path], options: options) ?? Composer(resolverAt: path, options: options)
        let outcome = ResolvedPermutations.resolve(composer)
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        return GenerationContext(try check.require(outcome.permutations, "\(errors.prefix(3))"), name: "tokens")
    }

    /// Stand-in UIKit and SwiftUI modules built into `folder`.
    static func buildStandIns(into folder: URL, _ check: Check) throws {
        for module in ["UIKit", "SwiftUI"] {
            let (status, output) = try swiftc(["-emit-module", "-parse-as-library", "-module-name", module, "-I", folder.path,
                root.appendingPathComponent("Tests/StandIns/\(module).swift").path,
                "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path])
            check.expect(status == 0, "\(module) stand-in: \(output)")
        }
    }
}
