import Foundation
import TesseraBuild
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

    /// `init` in a folder of core, light and dark files: a resolver with the modes and a
    /// configuration that validates on the first run, with two permutations.
    @Test func initReadsModeFilesIntoAResolverThatValidates() throws {
        let folder = try Codegen.temporaryFolder("init-modes")
        let color = { (hex: String) in #"{"color": {"$type": "color", "bg": {"$value": {"colorSpace": "srgb", "components": [\#(hex)]}}}}"# }
        try Data(#"{"space": {"$type": "number", "s": {"$value": 4}}}"#.utf8).write(to: folder.appendingPathComponent("core.json"))
        try Data(color("1, 1, 1").utf8).write(to: folder.appendingPathComponent("light.json"))
        try Data(color("0, 0, 0").utf8).write(to: folder.appendingPathComponent("dark.json"))
        let initialized = try tessera(["init"], in: folder)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let validate = try tessera(["validate"], in: folder)
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(!validate.stderr.contains("error:") && !validate.stderr.contains("warning:"), "\(validate.stderr)")
        let contexts = try tessera(["contexts"], in: folder)
        #expect(contexts.stdout.hasSuffix("2 permutations\n"), "\(contexts.stdout)")
        let resolve = try tessera(["resolve", "--input", "mode=dark", "--token", "color.bg"], in: folder)
        #expect(resolve.stdout.contains("#000000"), "\(resolve.stdout) \(resolve.stderr)")
        // Run again: the files are left as they are, and it says so (not a usage message).
        let again = try tessera(["init"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr.contains("exists already") && !again.stderr.contains("Usage"))
    }

    @Test func initInAFolderWithNoTokensSaysSoAndWritesNothing() throws {
        let folder = try Codegen.temporaryFolder("init-empty")
        let run = try tessera(["init"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("no token files"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("tessera.yml").path))
    }

    /// The articles the starter's comments name exist.
    @Test func theStartersCommentsNameArticlesThatExist() throws {
        let text = BuildConfiguration.starter(resolver: "tokens.resolver.json", sources: [])
        let docs = repositoryRoot.appendingPathComponent("Sources/TesseraBuild/TesseraBuild.docc")
        let titles = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.compactMap { name in
            try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").first.map { $0.dropFirst(2).lowercased() }
        }
        #expect(!text.contains("README"))
        for named in ["tessera.yml", "Quality gates"] {
            #expect(text.contains("the \(named) article"))
            #expect(titles.contains(named.lowercased()), "\(titles)")
        }
    }

    /// `convert` writes legacy notations in their 2025.10 form: its output passes `--strict`,
    /// and resolves to the same values.
    @Test func convertedLegacyNotationPassesStrict() throws {
        let folder = try Codegen.temporaryFolder("convert-legacy")
        let tokens = folder.appendingPathComponent("tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        try Data(##"{"space": {"$type": "dimension", "s": {"$value": "16px"}}, "fast": {"$type": "duration", "$value": "200ms"}, "shadow": {"$type": "shadow", "$value": {"color": "#00000080", "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}}}"##.utf8)
            .write(to: tokens.appendingPathComponent("core.json"))
        try Data(##"{"bg": {"$type": "color", "$value": "#fff"}}"##.utf8).write(to: tokens.appendingPathComponent("light.json"))
        try Data(##"{"bg": {"$type": "color", "$value": "#1f6feb"}}"##.utf8).write(to: tokens.appendingPathComponent("dark.json"))
        let output = folder.appendingPathComponent("converted")
        let convert = try tessera(["convert", "tokens", "-o", output.path], in: folder)
        #expect(convert.status == 0, "\(convert.stderr)")
        let resolver = try #require(try FileManager.default.contentsOfDirectory(atPath: output.path).first { $0.hasSuffix(".resolver.json") })
        let strict = try tessera(["validate", "--strict", "converted/\(resolver)"], in: folder)
        #expect(strict.status == 0, "\(strict.stderr)")
        for mode in ["light", "dark"] {
            let before = try tessera(["resolve", "tokens", "--input", "mode=\(mode)"], in: folder)
            let after = try tessera(["resolve", "converted/\(resolver)", "--input", "mode=\(mode)"], in: folder)
            #expect(before.stdout == after.stdout && !before.stdout.isEmpty, "\(before.stdout)\n\(after.stdout)")
        }
    }

    /// `--diagnostics-format github`: a workflow command per diagnostic, at the file's line,
    /// the path relative to the workspace, the message escaped as the runner reads it.
    @Test func githubAnnotationsNameTheLine() throws {
        let folder = try Codegen.temporaryFolder("github-format")
        try Data(##"{"a": {"$type": "color", "$value": "#ff000"},\##n "b": {"$type": "dimension", "$value": "4px"}}"##.utf8)
            .write(to: folder.appendingPathComponent("tokens.json"))
        let run = try tessera(["validate", "tokens.json", "--diagnostics-format", "github"], in: folder)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("::error file=tokens.json,line=1,col=36,title=value.invalid::") == true, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("::warning file=tokens.json,line=2,col=") && $0.contains("title=value.dimension.legacy::") && $0.contains("%0Afix-it: ") })
        #expect(lines.last == "1 error, 1 warning")
    }

    /// `contexts` of a token file: its one permutation, not resolver errors telling it to
    /// become a resolver.
    @Test func contextsOfATokenFileIsItsOnePermutation() throws {
        let folder = try Codegen.temporaryFolder("contexts-token-file")
        try Data(##"{"a": {"$type": "number", "$value": 1}}"##.utf8).write(to: folder.appendingPathComponent("tokens.json"))
        let run = try tessera(["contexts", "tokens.json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("1 permutation\n") && run.stdout.hasPrefix("no modifier"))
        #expect(!run.stderr.contains("resolver."), "\(run.stderr)")
    }
}

/// `tessera convert` with no source converts the configuration's system, as every command that
/// reads tokens does; with no source and no tessera.yml it says what to give (exit 2).
struct ConvertConfigurationTests {
    @Test func theConfigurationsSystemIsConverted() throws {
        let folder = try DefaultConfigurationTests.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = DefaultConfigurationTests.binary
        let converted = try Processes.run(binary, ["convert", "-o", "converted"], in: folder)
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout.contains("tokens.resolver.json"), "\(converted.stdout)")
        let resolved = try Processes.run(binary, ["resolve", "converted/tokens.resolver.json", "--input", "Appearance=Dark Mode"], in: folder)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains("bg\tcolor\t#000000"), "\(resolved.stdout)")
        let empty = try Codegen.temporaryFolder("convert-nothing")
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = try Processes.run(binary, ["convert", "-o", "out"], in: empty)
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("tessera.yml"), "\(nothing.stderr)")
    }
}

/// `tessera catalog` with no `-o` writes where the configuration's catalog output says, and
/// without one says what to give (exit 2).
struct CatalogOutputFolderTests {
    @Test func theConfigurationsCatalogOutputIsTheDefaultFolder() throws {
        let folder = try DefaultConfigurationTests.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = DefaultConfigurationTests.binary
        let missing = try Processes.run(binary, ["catalog"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("-o DIR"), "\(missing.stderr)")
        try Data("resolver: tokens.resolver.json\noutputs:\n  - catalog: { path: out/catalog, title: Light and dark }\n".utf8)
            .write(to: folder.appendingPathComponent("tessera.yml"))
        let written = try Processes.run(binary, ["catalog"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("out/catalog/index.html"), encoding: .utf8)
        #expect(page.contains("<title>Light and dark — design tokens</title>"))
    }
}

/// `tessera validate --fix`: legacy notations rewritten in place as 2025.10 values, every value
/// the same as before (the resolved tokens printed before and after are equal), and the files
/// then pass `--strict`.
struct ValidateFixTests {
    @Test func legacyNotationsAreRewrittenWithoutChangingAValue() throws {
        let folder = try Codegen.temporaryFolder("validate-fix")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tokens.json")
        try Data(#"""
            {
              "color": {"$type": "color", "white": {"$value": "#FFFFFF"}, "accent": {"$value": "#0a84ff80"},
                "ink": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.1, 0.1]}}},
              "space": {"$type": "dimension", "md": {"$value": "16px"}, "lg": {"$value": "1.5rem"}},
              "motion": {"$type": "duration", "quick": {"$value": "150ms"}}
            }
            """#.utf8).write(to: file)
        let binary = DefaultConfigurationTests.binary
        let before = try Processes.run(binary, ["resolve", file.path])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(try Processes.run(binary, ["validate", "--strict", file.path]).status == 1)
        let fixed = try Processes.run(binary, ["validate", "--fix", file.path])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stderr.contains("5 values rewritten in 1 file"), "\(fixed.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains(#""$value": ""#), "no value is a string any more: \(text)")
        #expect(text.contains(#"{"value": 16, "unit": "px"}"#) && text.contains(##""hex":"#0a84ff""##), "\(text)")
        let after = try Processes.run(binary, ["resolve", file.path])
        #expect(after.stdout == before.stdout)
        let strict = try Processes.run(binary, ["validate", "--strict", file.path])
        #expect(strict.status == 0, "\(strict.stderr)")
        // Nothing left to fix: the file is left as it is.
        let again = try Processes.run(binary, ["validate", "--fix", file.path])
        #expect(again.stderr.contains("0 values rewritten in 0 files"), "\(again.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }
}
