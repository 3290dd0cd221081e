import Foundation
import Testing
import TesseraTestSupport

/// `tessera build` shows the lines its diagnostics point at, in the configuration and in the
/// token files, from the bytes the build read.
@Suite struct BuildCommandTests {
    @Test func diagnosticsShowTheLinesTheyPointAt() throws {
        let folder = try Codegen.temporaryFolder("build-command")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"color": {"$type": "color", "text": {"$value": "{color.missing}"}}}"#.utf8)
            .write(to: folder.appendingPathComponent("tokens.json"))
        try Data("sources: [tokens.json]\noutputs:\n  - swift: { path: Tokens.swift }\n".utf8)
            .write(to: folder.appendingPathComponent("tessera.yml"))
        let run = try CommandLineTests().tessera(["build", "--config", folder.appendingPathComponent("tessera.yml").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[reference.unknown]"), "\(run.stderr)")
        // The caret snippet quotes the token file's line.
        #expect(run.stderr.contains(#""text": {"$value": "{color.missing}"}"#), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tokens.swift").path))

        try Data("sources: [tokens.json]\noutputs:\n  - swfit: { path: Tokens.swift }\n".utf8)
            .write(to: folder.appendingPathComponent("tessera.yml"))
        let misspelt = try CommandLineTests().tessera(["build", "--config", folder.appendingPathComponent("tessera.yml").path])
        #expect(misspelt.status == 1)
        #expect(misspelt.stderr.contains("- swfit: { path: Tokens.swift }"), "\(misspelt.stderr)")
    }
}
