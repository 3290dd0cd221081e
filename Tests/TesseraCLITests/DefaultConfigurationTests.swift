import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

/// Run in a folder with a `tessera.yml` and given no source, the commands that read tokens read
/// the configuration's system, as `build` and `lint` do.
struct DefaultConfigurationTests {
    static let binary = productsFolder.appendingPathComponent("tessera")

    /// A folder whose `tessera.yml` names a resolver with contexts named `Light Mode`/`Dark Mode`.
    static func project() throws -> URL {
        let folder = try Codegen.temporaryFolder("default-configuration")
        try Data(#"""
            {
              "version": "2025.10",
              "sets": {"base": {"sources": [{"bg": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 1]}}}]}},
              "modifiers": {"Appearance": {"contexts": {"Light Mode": [],
                "Dark Mode": [{"bg": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}}]}, "default": "Light Mode"}},
              "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/Appearance"}]
            }
            """#.utf8).write(to: folder.appendingPathComponent("tokens.resolver.json"))
        try Data("resolver: tokens.resolver.json\noutputs:\n  - css: { path: out/tokens.css }\n".utf8)
            .write(to: folder.appendingPathComponent("tessera.yml"))
        return folder
    }

    func tessera(_ arguments: [String], in folder: URL) throws -> CommandOutput {
        try Processes.run(Self.binary, arguments, in: folder)
    }

    @Test func commandsGivenNoSourceReadTheFoldersConfiguration() throws {
        let folder = try Self.project()
        let validate = try tessera(["validate"], in: folder)
        #expect(validate.status == 0, "\(validate.stderr)")
        let resolve = try tessera(["resolve", "--input", "Appearance=Dark Mode"], in: folder)
        #expect(resolve.status == 0, "\(resolve.stderr)")
        #expect(resolve.stdout == "bg\tcolor\t#000000ff\n")
        let contexts = try tessera(["contexts"], in: folder)
        #expect(contexts.status == 0, "\(contexts.stderr)")
        #expect(contexts.stdout.contains("follows the appearance: light → Light Mode, dark → Dark Mode"))
        let explained = try tessera(["validate", "--explain-format"], in: folder)
        #expect(explained.stderr.contains("reading the configuration tessera.yml"))
    }

    @Test func aFolderWithoutAConfigurationStillAsksForASource() throws {
        let folder = try Codegen.temporaryFolder("no-configuration")
        for command in ["validate", "resolve", "contexts"] {
            let run = try tessera([command], in: folder)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr.contains("tessera.yml"), "\(command): \(run.stderr)")
        }
    }
}
