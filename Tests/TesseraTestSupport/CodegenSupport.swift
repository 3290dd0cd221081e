import Foundation
import Tessera
import TesseraConformanceKit
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
        try Toolchain.permutations(path, TestExpectations(sourceLocation: sourceLocation))
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
    package static var modules: URL? { Toolchain.modules }

    package static func swiftc(_ arguments: [String]) throws -> (Int32, String) {
        try Toolchain.swiftc(arguments)
    }

    /// A program's status and what it printed.
    package static func run(_ executable: URL, arguments: [String] = []) throws -> (Int32, String) {
        let run = try Processes.run(executable, arguments)
        return (run.status, run.stdout)
    }

    /// Sources (by file name) written into `folder`; their paths, in name order.
    package static func write(_ sources: [String: String], into folder: URL) throws -> [String] {
        try sources.sorted(by: { $0.key < $1.key }).map { name, text in
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
    }

    /// Sources (by file name) compiled with no dependency into a program, run: what it prints.
    package static func runProgram(_ sources: [String: String], arguments: [String] = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String
    {
        let work = try temporaryFolder("program")
        defer { try? FileManager.default.removeItem(at: work) }
        let paths = try write(sources, into: work)
        let (status, output) = try swiftc(["-swift-version", "6"] + paths + ["-o", work.appendingPathComponent("program").path])
        try #require(status == 0, "\(output.prefix(3000))", sourceLocation: sourceLocation)
        #expect(!output.contains("warning:"), "\(output.prefix(3000))", sourceLocation: sourceLocation)
        let (ran, printed) = try run(work.appendingPathComponent("program"), arguments: arguments)
        #expect(ran == 0, sourceLocation: sourceLocation)
        return printed
    }

    package static func temporaryFolder(_ name: String) throws -> URL {
        try Scratch.folder(name)
    }
}
