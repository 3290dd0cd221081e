import Foundation
import Tessera
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import TesseraCLI

/// `--keep-going`: an error leaves out only the tokens it touches. Each expectation compares the
/// run with the same command on the sources with the touched tokens deleted by hand, which must
/// give the same tokens.
@Suite struct KeepGoingTests {
    let cli = CommandLineTests()

    /// One token file: `color.broken` aliases a token nobody defined; `color.link` and
    /// `color.visited` follow from it (directly and through `color.link`).
    static let broken = ##"""
        {"color": {"$type": "color",
                   "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}},
                   "accent": {"$value": "{color.blue}"},
                   "broken": {"$value": "{color.nope}"},
                   "link": {"$value": "{color.broken}"},
                   "visited": {"$value": "{color.link}"}},
         "space": {"$type": "dimension", "m": {"$value": {"value": 16, "unit": "px"}}},
         "ratio": {"$type": "number", "$value": 1.5}}
        """##

    /// The same file with the three touched tokens deleted.
    static let sound = ##"""
        {"color": {"$type": "color",
                   "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}},
                   "accent": {"$value": "{color.blue}"}},
         "space": {"$type": "dimension", "m": {"$value": {"value": 16, "unit": "px"}}},
         "ratio": {"$type": "number", "$value": 1.5}}
        """##

    @Test(arguments: [["--format", "flat"], ["--format", "json"]])
    func resolveOutputsEveryOtherTokenAndExits1(_ format: [String]) throws {
        let broken = try cli.write(Self.broken)
        let expected = try cli.tessera(["resolve", try cli.write(Self.sound)] + format)
        #expect(expected.status == 0)
        let kept = try cli.tessera(["resolve", broken, "--keep-going"] + format)
        #expect(kept.status == 1)
        #expect(kept.stdout == expected.stdout)
        #expect(!kept.stdout.isEmpty)

        let strict = try cli.tessera(["resolve", broken] + format)
        #expect(strict.status == 1)
        #expect(strict.stdout.isEmpty)
    }

    /// `--token` may name a token left out: nothing is printed for it, and its error says why
    /// (not a "no token" error); a group prints its sound tokens.
    @Test func tokenNamesATokenLeftOut() throws {
        let broken = try cli.write(Self.broken)
        let link = try cli.tessera(["resolve", broken, "--keep-going", "--token", "color.link"])
        #expect(link.status == 1 && link.stdout.isEmpty)
        #expect(!link.stderr.contains("[query.token-not-found]") && link.stderr.contains("[reference.unknown]"), "\(link.stderr)")
        let group = try cli.tessera(["resolve", broken, "--keep-going", "--token", "color"])
        let expected = try cli.tessera(["resolve", try cli.write(Self.sound), "--token", "color"])
        #expect(group.status == 1 && group.stdout == expected.stdout && !expected.stdout.isEmpty)
    }

    /// One diagnostic for the root error, whose note counts and names the two tokens that follow
    /// from it, rather than one diagnostic per follower.
    @Test func followersAreCountedInANoteOnTheRootError() throws {
        let kept = try cli.tessera(["resolve", try cli.write(Self.broken), "--keep-going", "--diagnostics-format", "json"])
        let diagnostics = try JSONDecoder().decode([Diagnostic].self, from: Data(kept.stderr.utf8))
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.location?.token == "color.broken")
        let note = errors.first?.notes.map(\.message).first { $0.contains("left out") } ?? ""
        #expect(note.contains("with 2 tokens"), "\(note)")
        #expect(note.contains("color.link") && note.contains("color.visited"), "\(note)")
        #expect(!note.contains("color.accent"))
        // Each token left out is named once, in one note.
        let mentions = diagnostics.flatMap(\.notes).map(\.message).filter { $0.contains("color.visited") }
        #expect(mentions.count == 1)
    }

    /// A file with a syntax error: its tokens are missing, what references them is left out, and
    /// the other file's tokens are output.
    @Test func aFileThatIsNotJSONTakesOutItsTokensAndWhatReferencesThem() throws {
        let folder = try Codegen.temporaryFolder("keep-going-syntax")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("a.tokens.json")
        let good = folder.appendingPathComponent("b.tokens.json")
        let alone = folder.appendingPathComponent("c.tokens.json")
        try Data(#"{"base": {"$type": "number", "one": {"$value": 1}, "two": {"$value": 2,}"#.utf8).write(to: bad)
        try Data(#"{"more": {"$type": "number", "three": {"$value": 3}, "uses": {"$value": "{base.one}"}}}"#.utf8).write(to: good)
        try Data(#"{"more": {"$type": "number", "three": {"$value": 3}}}"#.utf8).write(to: alone)
        let kept = try cli.tessera(["resolve", bad.path, good.path, "--keep-going"])
        let expected = try cli.tessera(["resolve", alone.path])
        #expect(kept.status == 1)
        #expect(expected.status == 0)
        #expect(kept.stdout == expected.stdout)
    }

    // MARK: Build

    @Test func buildWritesTheOutputsOfTheSoundTokens() throws {
        let root = try Codegen.temporaryFolder("keep-going-build")
        defer { try? FileManager.default.removeItem(at: root) }
        let config = "sources: [tokens.json]\noutputs:\n  - swift: { path: Tokens.swift }\n  - css: { path: tokens.css }\n"
        func folder(_ name: String, tokens: String, configuration: String) throws -> URL {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(tokens.utf8).write(to: folder.appendingPathComponent("tokens.json"))
            try Data(configuration.utf8).write(to: folder.appendingPathComponent("tessera.yml"))
            return folder
        }
        let clean = try folder("clean", tokens: Self.sound, configuration: config)
        let flagged = try folder("flagged", tokens: Self.broken, configuration: config)
        let configured = try folder("configured", tokens: Self.broken, configuration: "keepGoing: true\n" + config)
        let stopped = try folder("stopped", tokens: Self.broken, configuration: config)
        func build(_ folder: URL, _ extra: [String] = []) throws -> CommandOutput {
            try cli.tessera(["build", "--config", folder.appendingPathComponent("tessera.yml").path] + extra)
        }
        #expect(try build(clean).status == 0)
        let viaFlag = try build(flagged, ["--keep-going"])
        let viaConfiguration = try build(configured)
        #expect(viaFlag.status == 1 && viaConfiguration.status == 1)
        #expect(viaFlag.stderr.contains("[reference.unknown]"))
        for name in ["Tokens.swift", "tokens.css"] {
            let expected = try Data(contentsOf: clean.appendingPathComponent(name))
            #expect(try Data(contentsOf: flagged.appendingPathComponent(name)) == expected, "\(name)")
            #expect(try Data(contentsOf: configured.appendingPathComponent(name)) == expected, "\(name)")
        }
        // Without it nothing is written.
        #expect(try build(stopped).status == 1)
        #expect(!FileManager.default.fileExists(atPath: stopped.appendingPathComponent("Tokens.swift").path))
        // The errors are not forgotten: the next build reports them again rather than being up to date.
        let again = try build(configured)
        #expect(again.status == 1)
        #expect(again.stderr.contains("[reference.unknown]"))
    }

    @Test func keepGoingInTheConfigurationMustBeABoolean() throws {
        let folder = try Codegen.temporaryFolder("keep-going-config")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.sound.utf8).write(to: folder.appendingPathComponent("tokens.json"))
        try Data("keepGoing: maybe\nsources: [tokens.json]\noutputs:\n  - swift: { path: Tokens.swift }\n".utf8)
            .write(to: folder.appendingPathComponent("tessera.yml"))
        let run = try cli.tessera(["build", "--config", folder.appendingPathComponent("tessera.yml").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("tessera.yml:1:"), "\(run.stderr)")
    }

    // MARK: Permutations

    /// A resolver whose dark context breaks `color.fg`: left out of every permutation, with
    /// `color.text`, which references it, so that no theme has a token missing in one permutation.
    func writeResolver(_ folder: URL, dark: String, base: String) throws -> String {
        try Data(base.utf8).write(to: folder.appendingPathComponent("base.tokens.json"))
        try Data(dark.utf8).write(to: folder.appendingPathComponent("dark.tokens.json"))
        let resolver = folder.appendingPathComponent("app.resolver.json")
        try Data(##"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
             "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
            """##.utf8).write(to: resolver)
        return resolver.path
    }

    static let base = ##"""
        {"color": {"$type": "color",
                   "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}},
                   "red": {"$value": {"colorSpace": "srgb", "components": [0.8, 0, 0]}},
                   "fg": {"$value": "{color.blue}"},
                   "text": {"$value": "{color.fg}"},
                   "accent": {"$value": "{color.red}"}},
         "space": {"$type": "dimension", "m": {"$value": {"value": 16, "unit": "px"}}}}
        """##

    static let soundBase = ##"""
        {"color": {"$type": "color",
                   "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}},
                   "red": {"$value": {"colorSpace": "srgb", "components": [0.8, 0, 0]}},
                   "accent": {"$value": "{color.red}"}},
         "space": {"$type": "dimension", "m": {"$value": {"value": 16, "unit": "px"}}}}
        """##

    @Test func aPermutationsErrorLeavesTheTokenOutOfEveryPermutation() throws {
        let root = try Codegen.temporaryFolder("keep-going-permutations")
        defer { try? FileManager.default.removeItem(at: root) }
        let brokenFolder = root.appendingPathComponent("broken")
        let soundFolder = root.appendingPathComponent("sound")
        for folder in [brokenFolder, soundFolder] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let broken = try writeResolver(brokenFolder,
            dark: #"{"color": {"fg": {"$value": "{color.missing}"}, "accent": {"$value": "{color.blue}"}}}"#, base: Self.base)
        let sound = try writeResolver(soundFolder, dark: #"{"color": {"accent": {"$value": "{color.blue}"}}}"#, base: Self.soundBase)

        // The engine: the same tokens left out of each permutation.
        let resolved = TokenSystem(paths: [broken]).resolveAll(keepingGoing: true)
        #expect(resolved.hasErrors)
        #expect(resolved.leftOut == ["color.fg", "color.text"])
        let permutations = try #require(resolved.permutations)
        #expect(permutations.tokens.count == 2)
        for tokens in permutations.tokens {
            #expect(tokens.value("color.fg") == nil && tokens.value("color.text") == nil)
            #expect(tokens.value("color.blue") != nil && tokens.value("color.accent") != nil)
        }
        // Without keeping going, nothing.
        #expect(TokenSystem(paths: [broken]).resolveAll().permutations == nil)

        // The compiled theme is the theme of the sources without them, in every permutation.
        let keptTheme = root.appendingPathComponent("kept.theme").path
        let soundTheme = root.appendingPathComponent("sound.theme").path
        let kept = try cli.tessera(["compile", broken, "-o", keptTheme, "--keep-going"])
        #expect(kept.status == 1)
        #expect(try cli.tessera(["compile", sound, "-o", soundTheme]).status == 0)
        #expect(try cli.tessera(["compile", broken, "-o", root.appendingPathComponent("none.theme").path]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("none.theme").path))
        let keptLight = try Theme(contentsOf: URL(fileURLWithPath: keptTheme))
        let soundLight = try Theme(contentsOf: URL(fileURLWithPath: soundTheme))
        #expect(keptLight.paths.sorted() == soundLight.paths.sorted())
        for theme in [(keptLight, soundLight), (try keptLight.with(["theme": "dark"]), try soundLight.with(["theme": "dark"]))] {
            for path in theme.1.paths { #expect(theme.0.value(at: path) == theme.1.value(at: path), "\(path)") }
        }

        // Catalog and convert keep going too.
        let catalog = try cli.tessera(["catalog", broken, "-o", root.appendingPathComponent("catalog").path, "--keep-going"])
        #expect(catalog.status == 1)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("catalog/index.html").path))
        let converted = root.appendingPathComponent("converted")
        let convert = try cli.tessera(["convert", broken, "-o", converted.path, "--keep-going"])
        #expect(convert.status == 1)
        let written = try FileManager.default.contentsOfDirectory(atPath: converted.path)
        let resolverName = try #require(written.first { $0.hasSuffix(".resolver.json") })
        let reread = TokenSystem(paths: [converted.appendingPathComponent(resolverName).path]).resolveAll()
        #expect(!reread.hasErrors, "\(reread.diagnostics)")
        let rereadPaths = reread.permutations?.base.all.map(\.path).sorted()
        let expectedPaths = TokenSystem(paths: [sound]).resolveAll().permutations?.base.all.map(\.path).sorted()
        #expect(rereadPaths == expectedPaths)
    }

    /// An error that names no token in a resolver leaves nothing out silently: every token of
    /// the permutation is left out.
    @Test func anErrorAboutNoTokenInAResolverLeavesEverythingOut() throws {
        let folder = try Codegen.temporaryFolder("keep-going-resolver-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let resolver = try writeResolver(folder, dark: #"{"color": {"fg": {"$value": "{color.red}"},}"#, base: Self.base)
        let resolved = TokenSystem(paths: [resolver]).resolveAll(keepingGoing: true)
        #expect(resolved.hasErrors)
        for tokens in resolved.permutations?.tokens ?? [] { #expect(tokens.count == 0) }
        // Nothing sound, nothing written: a previous theme or output stays as it was.
        let theme = folder.appendingPathComponent("App.theme").path
        let compile = try cli.tessera(["compile", resolver, "-o", theme, "--keep-going"])
        #expect(compile.status == 1 && !FileManager.default.fileExists(atPath: theme))
        let resolve = try cli.tessera(["resolve", resolver, "--input", "theme=dark", "--keep-going", "--format", "json"])
        #expect(resolve.status == 1 && resolve.stdout.isEmpty)
        try Data("resolver: app.resolver.json\nkeepGoing: true\noutputs:\n  - swift: { path: Tokens.swift }\n".utf8)
            .write(to: folder.appendingPathComponent("tessera.yml"))
        let build = try cli.tessera(["build", "--config", folder.appendingPathComponent("tessera.yml").path])
        #expect(build.status == 1 && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tokens.swift").path))
    }
}
