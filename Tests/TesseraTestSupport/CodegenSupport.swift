import Foundation
import Tessera
import TesseraGenerate
import Testing

/// Shared by the code generation tests: contexts from resolvers, golden files, and swiftc.
package enum Codegen {
    /// The repository's root folder.
    package static let root = repositoryRoot
    /// The golden files, in the source tree (where recording writes them).
    package static let golden = root.appendingPathComponent("Tests/TesseraTestSupport/Fixtures/golden")

    /// Every permutation of a resolver (or a system an importer reads), resolved.
    package static func permutations(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ResolvedPermutations {
        let options = PipelineOptions()
        let composer = options.importers.composer(for: [path], options: options) ?? Composer(resolverAt: path, options: options)
        let outcome = ResolvedPermutations.resolve(composer)
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        return try #require(outcome.permutations, "\(errors.prefix(3))", sourceLocation: sourceLocation)
    }

    package static func context(_ path: String, name: String = "tokens", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> GenerationContext {
        GenerationContext(try permutations(path, sourceLocation: sourceLocation), name: name)
    }

    package static var example: String { root.appendingPathComponent("Examples/app.resolver.json").path }

    /// Compares `text` with a golden file; `TESSERA_RECORD_GOLDEN=1` writes it instead (never
    /// when `CI` is set).
    package static func expectGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = golden.appendingPathComponent(name)
        let environment = ProcessInfo.processInfo.environment
        if environment["TESSERA_RECORD_GOLDEN"] == "1", environment["CI"] == nil {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        if golden != text {
            let lines = zip(golden.split(separator: "\n", omittingEmptySubsequences: false), text.split(separator: "\n", omittingEmptySubsequences: false))
            let first = lines.enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record("\(name) differs from its golden file at line \((first?.offset ?? 0) + 1):\n- \(first?.element.0 ?? "")\n+ \(first?.element.1 ?? "")",
                sourceLocation: sourceLocation)
        }
    }

    /// The folder of the built modules: the one holding this test bundle.
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

    package static func swiftc(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + (arguments.contains("-I") ? moduleMapFlags : []) + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    package static func run(_ executable: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Sources (by file name) compiled with no dependency into a program, run: what it prints.
    package static func runProgram(_ sources: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let work = try temporaryFolder("program")
        defer { try? FileManager.default.removeItem(at: work) }
        var paths: [String] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let url = work.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        let (status, output) = try swiftc(["-swift-version", "6"] + paths + ["-o", work.appendingPathComponent("program").path])
        try #require(status == 0, "\(output.prefix(3000))", sourceLocation: sourceLocation)
        #expect(!output.contains("warning:"), "\(output.prefix(3000))", sourceLocation: sourceLocation)
        let (ran, printed) = try run(work.appendingPathComponent("program"))
        #expect(ran == 0, sourceLocation: sourceLocation)
        return printed
    }

    package static func temporaryFolder(_ name: String) throws -> URL {
        let url = TestScratch.root.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Stand-in UIKit and SwiftUI modules built into `folder`.
    package static func buildStandIns(into folder: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for module in ["UIKit", "SwiftUI"] {
            let (status, output) = try swiftc(["-emit-module", "-parse-as-library", "-module-name", module, "-I", folder.path,
                root.appendingPathComponent("Tests/StandIns/\(module).swift").path,
                "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path])
            #expect(status == 0, "\(module) stand-in: \(output)", sourceLocation: sourceLocation)
        }
    }
}
