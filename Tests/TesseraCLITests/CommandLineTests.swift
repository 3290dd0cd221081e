import Foundation
import Tessera
import TesseraBuild
import TesseraConformanceKit
import TesseraQuality
import TesseraTestSupport
import Testing

@testable import TesseraCLI

/// The command-line contract: exit codes, output formats and diagnostics on stderr.
struct CommandLineTests {
    typealias Run = CommandOutput

    /// `tessera arguments`, run in this process as the binary runs it (parsed, run, its errors
    /// turned into messages and exit codes), with what it writes captured.
    func tessera(_ arguments: [String]) throws -> Run {
        var io = CommandIO.captured
        let code = TesseraCommand.run(arguments, io: &io)
        return Run(status: code.rawValue, stdout: io.output, stderr: io.errors)
    }

    static let binary = productsFolder.appendingPathComponent("tessera")

    /// `tessera arguments`, run by the built binary: for the contract end to end (exit codes,
    /// which stream gets what). Help is wrapped to 80 columns, as in the tests run in this process.
    func binary(_ arguments: [String]) throws -> Run {
        try Processes.run(Self.binary, arguments, environment: ProcessInfo.processInfo.environment.filter { $0.key != "COLUMNS" })
    }

    static func figmaExport(_ collection: String) -> String {
        sharedFixtures.appendingPathComponent("figma-export/\(collection)").path
    }

    static let configTokens = sharedFixtures.appendingPathComponent("config-tokens").path

    func write(_ text: String, name: String = "tokens.json") throws -> String {
        try Scratch.write(text, name: name)
    }

    static let good = ##"""
        {"color": {"$type": "color", "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}},
                   "accent": {"$value": "{color.blue}"}},
         "space": {"$type": "dimension", "m": {"$value": {"value": 16, "unit": "px"}}},
         "ratio": {"$type": "number", "$value": 1.5}}
        """##

    // MARK: The binary

    /// The built binary ends with the command's exit code, results on standard output and
    /// diagnostics on standard error; ArgumentParser's help on standard output with 0, its usage
    /// errors on standard error with 2.
    @Test func theBinaryExitsWithTheCommandsCodeAndStreams() throws {
        let clean = try binary(["validate", try write(Self.good)])
        #expect(clean == Run(status: 0, stdout: "", stderr: ""))
        let path = try write(##"{"a": {"$type": "number", "$value": "{b}"}}"##)
        let failed = try binary(["validate", path])
        #expect(failed.status == 1 && failed.stdout.isEmpty)
        #expect(failed.stderr.hasPrefix("\(path):1:37: error: unknown reference '{b}'") && failed.stderr.hasSuffix("1 error, 0 warnings\n"))
        let resolved = try binary(["resolve", try write(Self.good), "--token", "ratio"])
        #expect(resolved == Run(status: 0, stdout: "ratio\tnumber\t1.5\n", stderr: ""))
        let help = try binary(["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: Design tokens for Swift") && help.stderr.isEmpty)
        let unknown = try binary(["validate", "--no-such-flag", path])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("Error: Unknown option '--no-such-flag'\n"))
    }

    /// Running a command in this process gives what the binary gives, byte for byte: exit code,
    /// standard output and standard error.
    @Test(arguments: [
        [], ["--help"], ["--version"], ["help", "resolve"], ["resolve", "-h"], ["frobnicate"], ["validate"],
        ["validate", "GOOD"], ["validate", "BAD"], ["validate", "--diagnostics-format", "json", "BAD"],
        ["resolve", "GOOD", "--format", "json"], ["resolve", "GOOD", "--token", "colr"], ["resolve", "--format", "yaml", "GOOD"],
        ["resolve", "--resolver", "RESOLVER", "--input", "theme=drak"], ["resolve", "--resolver", "RESOLVER", "--input", "theme"],
        ["contexts", "RESOLVER"], ["init", "FOLDER"], ["lint", "RESOLVER", "--rule", "contrst=off"],
    ])
    func inProcessRunsAsTheBinaryDoes(_ arguments: [String]) throws {
        let resolver = try writeResolver()
        let folder = (resolver as NSString).deletingLastPathComponent
        try Data().write(to: URL(fileURLWithPath: folder).appendingPathComponent("tessera.yml"))
        let files = ["GOOD": (folder as NSString).appendingPathComponent("base.tokens.json"), "RESOLVER": resolver, "FOLDER": folder,
                     "BAD": try write(##"{"a": {"$type": "number", "$value": "{b}"}}"##)]
        let arguments = arguments.map { files[$0] ?? $0 }
        #expect(try tessera(arguments) == binary(arguments))
    }

    // MARK: Resolvers

    /// A themed resolver and its token files, in a fresh directory; returns the resolver's path.
    func writeResolver() throws -> String {
        let tokens = try write(Self.good, name: "base.tokens.json")
        let directory = URL(fileURLWithPath: tokens).deletingLastPathComponent()
        try ##"{"color": {"blue": {"$value": {"colorSpace": "srgb", "components": [0.2, 0.6, 1]}}}}"##
            .write(to: directory.appendingPathComponent("dark.tokens.json"), atomically: true, encoding: .utf8)
        let resolver = directory.appendingPathComponent("app.resolver.json")
        try ##"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
             "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
            """##.write(to: resolver, atomically: true, encoding: .utf8)
        return resolver.path
    }

    /// A check that reads no token fails and says what it read: an empty object, an object
    /// with no token in it. (A root that is not an object is an error of its own already.)
    @Test func aRunThatReadsNoTokenFails() throws {
        let folder = try Scratch.folder("no-tokens")
        func write(_ text: String, _ name: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let cases = [
            (try write("{}", "empty.json"), "'\(folder.path)/empty.json' holds an empty object"),
            (try write(#"{"group": {"$description": "nothing yet"}}"#, "groups.json"), "holds an object of 1 entry with no token in it"),
        ]
        for (path, found) in cases {
            let run = try tessera(["validate", path])
            #expect(run.status == 1, "\(path): \(run.stderr)")
            #expect(run.stderr.contains("no token was read: ") && run.stderr.contains(found), "\(run.stderr)")
        }
        // Every command, not only validate.
        let empty = try write("{}", "nothing.json")
        for command in [["resolve", empty], ["compile", empty, "-o", folder.appendingPathComponent("x.theme").path],
            ["convert", empty, "-o", folder.appendingPathComponent("converted").path], ["lint", empty]]
        {
            let run = try tessera(command)
            #expect(run.status == 1 && run.stderr.contains("no token was read"), "\(command[0]): \(run.status) \(run.stderr)")
        }
        let list = try write("[1, 2]", "list.json")
        #expect(try tessera(["validate", list]).status == 1)
        let tokens = try write(#"{"n": {"$type": "number", "$value": 1}}"#, "one.tokens.json")
        #expect(try tessera(["validate", tokens]).status == 0)
    }

    @Test func resolverPermutationsResolveAndValidate() throws {
        let resolver = try writeResolver()
        let light = try tessera(["resolve", "--resolver", resolver])
        let dark = try tessera(["resolve", "--resolver", resolver, "--input", "Theme=DARK", "--token", "color.accent"])
        #expect(light.status == 0 && dark.status == 0)
        #expect(light.stdout.contains("color.accent\tcolor\t#0066ccff"))
        #expect(dark.stdout == "color.accent\tcolor\t#3399ffff\n")
        let validate = try tessera(["validate", resolver])
        #expect(validate.status == 0, "\(validate.stderr)")
        let contexts = try tessera(["contexts", "--resolver", resolver])
        #expect(contexts.stdout == "theme (default light): light, dark — changes 2 tokens on its own\n  follows the appearance: light → light, dark → dark\n2 permutations\n")
        let json = try tessera(["contexts", "--resolver", resolver, "--diagnostics-format", "json"])
        #expect(json.stderr.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("["))
    }

    /// `tessera build` takes `--source-format`, and `tessera.yml` says the same with
    /// `sourceFormat`: a single file of Style Dictionary's tokens is read as Style Dictionary
    /// reads it only when asked, so a value it passes through is a warning, not an error.
    @Test func buildReadsTheSourcesInTheFormatAskedFor() throws {
        let folder = try Codegen.temporaryFolder("build-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"color": {"clear": {"$type": "color", "$value": "currentColor"}}}"#.utf8)
            .write(to: folder.appendingPathComponent("tokens.json"))
        func configure(_ extra: String) throws -> String {
            let path = folder.appendingPathComponent("tessera.yml").path
            try Data("sources: [tokens.json]\n\(extra)outputs:\n  - bundle: { path: out.json }\n".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let config = try configure("")
        let detected = try tessera(["build", "--config", config])
        #expect(detected.status == 1, "\(detected.stderr)")
        let forced = try tessera(["build", "--config", config, "--source-format", "style-dictionary", "--explain-format"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.contains("import.style-dictionary.passed-through"), "\(forced.stderr)")
        #expect(forced.stderr.contains("--source-format style-dictionary was given"), "\(forced.stderr)")
        let out = try String(contentsOf: folder.appendingPathComponent("out.json"), encoding: .utf8)
        #expect(out.contains("currentColor"), "\(out)")
        let set = try tessera(["build", "--config", try configure("sourceFormat: style-dictionary\n"), "--explain-format"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("sourceFormat: style-dictionary in the configuration"), "\(set.stderr)")
        // `diff --git` reads both versions as the configuration says.
        let git = { (arguments: [String]) throws -> Int32 in
            try Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", folder.path] + arguments, mergingErrors: true).status
        }
        #expect(try git(["init", "-q"]) == 0)
        #expect(try git(["-c", "user.email=t@example.com", "-c", "user.name=t", "add", "tokens.json", "tessera.yml"]) == 0)
        #expect(try git(["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "tokens"]) == 0)
        try Data(##"{"color": {"clear": {"$type": "color", "$value": "currentColor"}, "ink": {"$type": "color", "$value": "#000000"}}}"##.utf8)
            .write(to: folder.appendingPathComponent("tokens.json"))
        let diff = try tessera(["diff", "--git", "HEAD", "--config", folder.appendingPathComponent("tessera.yml").path])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("color.ink"), "\(diff.stdout)")
        let wrong = try tessera(["build", "--config", try configure("sourceFormat: style-dictionry\n")])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("did you mean 'style-dictionary'?"), "\(wrong.stderr)")
    }

    /// A `swift` output of the static flavor bakes a font map in (`fonts:`); a map that cannot be
    /// read, or one given to the runtime flavor, is a located error and nothing is written.
    @Test func aStaticSwiftOutputTakesAFontMap() throws {
        let folder = try Codegen.temporaryFolder("build-fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"type": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 700, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.5}}}"#.utf8)
            .write(to: folder.appendingPathComponent("tokens.json"))
        try Data(#"{"bold": "Inter-Heavy-Custom"}"#.utf8).write(to: folder.appendingPathComponent("fonts.json"))
        func build(_ output: String) throws -> Run {
            let path = folder.appendingPathComponent("tessera.yml").path
            try Data("sources: [tokens.json]\noutputs:\n  - swift: { \(output) }\n".utf8).write(to: URL(fileURLWithPath: path))
            return try tessera(["build", "--config", path])
        }
        let built = try build("path: Palette.swift, flavor: static, fonts: fonts.json")
        #expect(built.status == 0, "\(built.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("Palette.swift"), encoding: .utf8)
        #expect(text.contains(#"static let fontNames: [String: [Int: String]] = ["#) && text.contains(#""": [700: "Inter-Heavy-Custom"]"#), "\(text)")
        let runtime = try build("path: Tokens.swift, flavor: runtime, fonts: fonts.json")
        #expect(runtime.status == 1 && runtime.stderr.contains("config.invalid-value"), "\(runtime.stderr)")
        let missing = try build("path: Other.swift, flavor: static, fonts: nofonts.json")
        #expect(missing.status == 1 && missing.stderr.contains("output.fonts-invalid"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Other.swift").path))
    }

    /// `tessera contexts` takes `--source-format`, as every command that reads sources does.
    @Test func contextsTakesTheSourceFormat() throws {
        let resolver = try writeResolver()
        let forced = try tessera(["contexts", "--source-format", "resolver", resolver])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout == "theme (default light): light, dark — changes 2 tokens on its own\n  follows the appearance: light → light, dark → dark\n2 permutations\n")
        let unknown = try tessera(["contexts", "--source-format", "yaml", resolver])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown --source-format 'yaml'"), "\(unknown.stderr)")
    }

    /// Several files of one system on the command line are read as that system, with its
    /// modifiers (Figma's export: a collection's folder and the collection it aliases).
    @Test func filesOfOneSystemAreReadTogether() throws {
        let dark = try tessera(["resolve", Self.figmaExport("Primitives"), Self.figmaExport("Theme"),
            "--input", "Theme=Dark", "--token", "bg.accent"])
        #expect(dark.status == 0 && dark.stdout == "bg.accent\tcolor\t#1a1a1aff\n", "\(dark.stderr)")
        let gentle = try tessera(["validate", sharedFixtures.appendingPathComponent("gentle/gentle-0.4.0.json").path])
        #expect(gentle.status == 0 && gentle.stderr.contains("note: the spec is version 0.4.0"))
    }

    @Test func resolverInputMistakes() throws {
        let resolver = try writeResolver()
        let unknown = try tessera(["resolve", "--resolver", resolver, "--input", "theme=drak"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("[resolver.unknown-context]") && unknown.stderr.contains("did you mean 'dark'?"))
        #expect(try tessera(["resolve", "--resolver", resolver, "--input", "theme"]).status == 2)
        #expect(try tessera(["resolve", try write(Self.good), "--input", "theme=dark"]).status == 2)
        #expect(try tessera(["validate", try write("{\"version\": \"2025.10\"}", name: "x.resolver.json")]).status == 1)
        let twice = try tessera(["resolve", "--resolver", resolver, "--input", "theme=dark", "--input", "Theme=light"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--input names modifier 'Theme' twice (theme=dark and Theme=light): give one context"))
    }

    /// Every command that reads a resolver takes it as its argument.
    @Test func contextsTakesTheResolverAsItsArgument() throws {
        let resolver = try writeResolver()
        let positional = try tessera(["contexts", resolver])
        #expect(positional.status == 0, "\(positional.stderr)")
        #expect(positional.stdout == "theme (default light): light, dark — changes 2 tokens on its own\n  follows the appearance: light → light, dark → dark\n2 permutations\n")
        #expect(try tessera(["contexts"]).status == 2)
        #expect(try tessera(["contexts", resolver, "--resolver", resolver]).status == 2)
    }

    @Test func jsoncIsNamedWhereTokenFilesAre() throws {
        let help = try tessera(["validate", "--help"])
        #expect(help.stdout.contains(".jsonc"))
        let empty = TestScratch.root.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let found = try tessera(["validate", empty.path])
        #expect(found.status == 1)
        #expect(found.stderr.contains("holds no token files (.tokens, .tokens.json, .json, .jsonc)"))
    }

    @Test func tierChecksAreChosenOnTheCommandLine() throws {
        let directory = URL(fileURLWithPath: try write(##"{"red": {"$type": "color", "$value": "{danger}"}}"##,
            name: "primitives.tokens.json")).deletingLastPathComponent()
        try ##"{"danger": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}"##
            .write(to: directory.appendingPathComponent("semantic.tokens.json"), atomically: true, encoding: .utf8)
        let warned = try tessera(["validate", directory.path])
        #expect(warned.status == 0 && warned.stderr.contains("[tier.direction]"))
        #expect(try tessera(["validate", directory.path, "--tiers", "error"]).status == 1)
        #expect(try tessera(["validate", directory.path, "--tiers", "off"]).stderr.isEmpty)
        #expect(try tessera(["validate", directory.path, "--tiers", "loud"]).status == 2)
    }

    @Test func validateExitsZeroOnCleanInput() throws {
        let run = try tessera(["validate", try write(Self.good)])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
    }

    @Test func validateExitsOneAndPrintsCompilerStyleDiagnostics() throws {
        let path = try write(##"{"a": {"$type": "number", "$value": "{b}"}}"##)
        let run = try tessera(["validate", path])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(path):1:37: error: unknown reference '{b}': no token 'b' [reference.unknown]")
        #expect(lines.dropFirst(2).first?.hasSuffix("^") == true)
        #expect(lines.last == "1 error, 0 warnings")
    }

    @Test func usageMistakesExitTwo() throws {
        #expect(try tessera(["validate"]).status == 2)
        #expect(try tessera(["validate", "--no-such-flag", "x.json"]).status == 2)
        #expect(try tessera(["resolve", "--format", "yaml", "x.json"]).status == 2)
        #expect(try tessera(["frobnicate"]).status == 2)
    }

    @Test func missingFileIsAnErrorNotAUsageMistake() throws {
        let run = try tessera(["validate", "/nonexistent/tokens.json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[file.unreadable]"))
    }

    @Test func resolveFlatIsSortedTabSeparatedAndNormalised() throws {
        let run = try tessera(["resolve", try write(Self.good)])
        #expect(run.status == 0)
        #expect(run.stdout == """
            color.accent\tcolor\t#0066ccff
            color.blue\tcolor\t#0066ccff
            ratio\tnumber\t1.5
            space.m\tdimension\t16px

            """)
    }

    @Test func resolveSingleTokenAndGroup() throws {
        let path = try write(Self.good)
        #expect(try tessera(["resolve", path, "--token", "color.accent"]).stdout == "color.accent\tcolor\t#0066ccff\n")
        #expect(try tessera(["resolve", path, "--token", "color"]).stdout.split(separator: "\n").count == 2)
        let missing = try tessera(["resolve", path, "--token", "color.acent"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("did you mean 'color.accent'?"))
    }

    @Test func resolveJSONIsTheDTCGTree() throws {
        let run = try tessera(["resolve", try write(Self.good), "--format", "json"])
        #expect(run.status == 0)
        let tree = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let accent = (tree["color"] as? [String: Any])?["accent"] as? [String: Any]
        #expect(accent?["$type"] as? String == "color")
        let value = accent?["$value"] as? [String: Any]
        #expect(value?["colorSpace"] as? String == "srgb")
        #expect((value?["components"] as? [Double]) == [0, 0.4, 0.8])
    }

    @Test func resolvePrintsNothingWhenThereIsAnError() throws {
        let run = try tessera(["resolve", try write(##"{"a": {"$type": "number", "$value": "x"}}"##)])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
    }

    @Test func diagnosticsAsJSON() throws {
        let run = try tessera(["validate", "--diagnostics-format", "json", try write(##"{"a": {"$value": 1}}"##)])
        #expect(run.status == 1)
        let list = try #require(JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [[String: Any]])
        #expect(list.first?["id"] as? String == "type.missing")
        #expect(list.first?["severity"] as? String == "error")
        let location = list.first?["location"] as? [String: Any]
        #expect(location?["line"] as? Int == 1)
        #expect(location?["pointer"] as? String == "/a")
    }

    @Test func strictTurnsLegacyWarningsIntoErrors() throws {
        let path = try write(##"{"a": {"$type": "color", "$value": "#ff0000"}}"##)
        #expect(try tessera(["validate", path]).status == 0)
        #expect(try tessera(["validate", "--strict", path]).status == 1)
    }

    @Test func directoriesAreWalkedInPathOrder() throws {
        let first = try write(##"{"x": {"$type": "number", "$value": 1}}"##, name: "a.tokens.json")
        let directory = (first as NSString).deletingLastPathComponent
        try ##"{"y": {"$value": "{x}"}}"##.write(toFile: directory + "/b.tokens.json", atomically: true, encoding: .utf8)
        let run = try tessera(["resolve", directory])
        #expect(run.stdout == "x\tnumber\t1\ny\tnumber\t1\n")
    }

    /// `compat` exits 1 when a lookup differs, lists only the differences by default, and
    /// prints every lookup as tab-separated fields for scripts.
    @Test func compatReportsTheLookupsThatDiffer() throws {
        let pitfalls = sharedFixtures.appendingPathComponent("config-tokens-pitfalls").path
        let text = try tessera(["compat", pitfalls])
        #expect(text.status == 1)
        #expect(text.stdout.contains("c theme/chain/a: parser-wrong\n"))
        #expect(!text.stdout.contains("theme/chain/b"))
        #expect(text.stdout.hasSuffix("15 lookups: 6 agree; the parser is wrong on 5 that Tessera resolves, silent on 2 that"
            + " Tessera reports as errors, and returns 2 values of references whose type it does not check\n"))
        #expect(text.stderr.contains("[type.mismatch]") && !text.stderr.contains("warning:"))

        let lookups = try write("s theme/radius\nc theme/chain/a\n\n", name: "lookups.txt")
        let tsv = try tessera(["compat", pitfalls, "--lookups", lookups, "--format", "tsv"])
        #expect(tsv.stdout == "s\ttheme/radius\t4.0\t4.0\tagrees\t-\n"
            + "c\ttheme/chain/a\t#00000000\t#017cffff\tparser-wrong\treferences deeper than 3: theme/chain/a → theme.chain.b"
            + " → theme.chain.c → theme.chain.d → theme.chain.e\n")

        let agreeing = try tessera(["compat", Self.configTokens])
        #expect(agreeing.status == 0)
        // As in every command, json diagnostics are an array even when there are none.
        let json = try tessera(["compat", Self.configTokens, "--diagnostics-format", "json"])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [Any]
        #expect(decoded?.isEmpty == true, "\(json.stderr)")
        let bad = try tessera(["compat", pitfalls, "--lookups", try write("q nothing\n", name: "lookups.txt")])
        #expect(bad.status == 2 && bad.stderr.contains("lookups.txt:1: expected"))
    }
}

struct FlatFormatTests {
    @Test func stringsWithLineBreaksStayOnOneLine() {
        let result = pipeline(##"{"a": {"$type": "string", "$value": "two\nlines\tand tab"}, "b": {"$type": "string", "$value": "plain text"}}"##)
        let flat = ResolvedEmitter.flat(result.partialTokens)
        #expect(flat == "a\tstring\t\"two\\nlines\\tand tab\"\nb\tstring\tplain text\n")
    }

}
