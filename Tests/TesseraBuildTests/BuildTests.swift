import Foundation
import Tessera
import TesseraBuild
import TesseraTestSupport
import Testing

@testable import TesseraGenerate

@Suite struct BuildConfigurationTests {
    @Test func unknownKeysAreLocatedWithASuggestion() {
        let (configuration, diagnostics) = BuildConfiguration.parse("""
            resolver: app.resolver.json
            outputs:
              - swift:
                  path: Tokens.swift
                  flavour: static
              - asets: { path: A.xcassets }
            """, file: "tessera.yml")
        #expect(configuration == nil)
        #expect(diagnostics.map(\.id) == [.configUnknownKey, .configUnknownKey])
        #expect(diagnostics[0].location?.line == 5)
        #expect(diagnostics[0].location?.column == 7)
        #expect(diagnostics[0].notes.first?.message == "did you mean 'flavor'?")
        #expect(diagnostics[1].location?.line == 6)
        #expect(diagnostics[1].notes.first?.message == "did you mean 'assets'?")
    }

    @Test func wrongValuesAreLocated() {
        let (_, diagnostics) = BuildConfiguration.parse("""
            sources: [tokens]
            outputs:
              - swift: { path: T.swift, flavor: dynamic, access: open }
              - assets: { path: A.xcassets, namespaces: maybe }
              - template: { path: out.kt }
            """, file: "tessera.yml")
        #expect(diagnostics.map(\.id) == [.configInvalidValue, .configInvalidValue, .configInvalidValue, .configMissing])
        #expect(diagnostics[0].message.contains("one of runtime, static"))
        #expect(diagnostics[0].location?.line == 3)
        #expect(diagnostics[2].message.contains("true or false"))
        #expect(diagnostics[3].message.contains("'template'"))
    }

    @Test func syntaxErrorsAndMissingSettingsAreReported() {
        let (_, syntax) = BuildConfiguration.parse("outputs: [\n  - swift", file: "tessera.yml")
        #expect(syntax.map(\.id) == [.configSyntax])
        #expect((syntax.first?.location?.line ?? 0) >= 1)
        let (_, missing) = BuildConfiguration.parse("name: App\n", file: "tessera.yml")
        #expect(missing.map(\.id) == [.configMissing, .configMissing])
    }

    @Test func theStarterConfigurationIsValid() {
        let (configuration, diagnostics) = BuildConfiguration.parse(BuildConfiguration.starter(resolver: "app.resolver.json", sources: []),
            file: "/tmp/x/tessera.yml")
        #expect(diagnostics.isEmpty)
        #expect(configuration?.outputs.map(\.kind) == [.swift, .assets])
        #expect(configuration?.absolute("app.resolver.json") == "/tmp/x/app.resolver.json")
        // Every output the starter shows in comments is valid too, once uncommented.
        let uncommented = BuildConfiguration.starter(resolver: "app.resolver.json", sources: []).split(separator: "\n",
            omittingEmptySubsequences: false).map { line in
                line.hasPrefix("  # -") || line.hasPrefix("  #   ") ? "  " + line.dropFirst(4)
                    : line.hasPrefix("# lint:") || line.hasPrefix("#   ") ? String(line.dropFirst(2)) : String(line)
            }.joined(separator: "\n")
        let all = BuildConfiguration.parse(uncommented, file: "/tmp/x/tessera.yml")
        #expect(all.diagnostics.isEmpty, "\(all.diagnostics)")
        #expect(all.configuration?.outputs.map(\.kind) == [.swift, .assets, .css, .bundle, .template, .registry, .enums, .components, .catalog])
        #expect(all.configuration?.lint.contrastPairs.count == 1)
    }
}

@Suite struct BuildTests {
    func project() throws -> URL {
        let folder = try Codegen.temporaryFolder("build")
        let tokens = folder.appendingPathComponent("tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        try Data(##"{"color": {"$type": "color", "bg": {"$value": "#ffffff"}, "fg": {"$value": "{color.bg}"}}, "space": {"$type": "dimension", "m": {"$value": {"value": 8, "unit": "px"}}}}"##.utf8)
            .write(to: tokens.appendingPathComponent("base.tokens.json"))
        try Data("{{#colors}}{{kebabName}}={{value.hex}}{{^isLast}},{{/isLast}}{{/colors}}\n".utf8)
            .write(to: folder.appendingPathComponent("list.mustache"))
        try Data("""
            name: Demo
            sources: [tokens]
            outputs:
              - swift: { path: out/Tokens.swift }
              - assets: { path: out/Demo.xcassets }
              - css: { path: out/tokens.css }
              - bundle: { path: out/bundle.json }
              - template: { path: out/list.txt, template: list.mustache }
              - theme: { path: out/Demo.theme }
            """.utf8).write(to: folder.appendingPathComponent("tessera.yml"))
        return folder
    }

    func build(_ folder: URL) throws -> Build.Report {
        let (configuration, diagnostics) = BuildConfiguration.load(folder.appendingPathComponent("tessera.yml").path)
        #expect(diagnostics.isEmpty)
        return Build(try #require(configuration)).run()
    }

    @Test func everyOutputIsWrittenThenLeftAloneWhenNothingChanged() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try build(folder)
        #expect(first.succeeded, "\(first.diagnostics)")
        #expect(first.written.count == 9)
        let list = try String(contentsOf: folder.appendingPathComponent("out/list.txt"), encoding: .utf8)
        #expect(list == "color-bg=#ffffff,color-fg=#ffffff\n")
        let swift = folder.appendingPathComponent("out/Tokens.swift")
        let written = try FileManager.default.attributesOfItem(atPath: swift.path)[.modificationDate] as? Date
        let second = try build(folder)
        #expect(second.upToDate)
        #expect(second.written.isEmpty)
        // A change to one token rewrites only what it changes.
        try Data(##"{"color": {"$type": "color", "bg": {"$value": "#000000"}, "fg": {"$value": "{color.bg}"}}, "space": {"$type": "dimension", "m": {"$value": {"value": 8, "unit": "px"}}}}"##.utf8)
            .write(to: folder.appendingPathComponent("tokens/base.tokens.json"))
        let third = try build(folder)
        #expect(!third.upToDate)
        #expect(Set(third.written.map { ($0 as NSString).lastPathComponent }) == ["Tokens.swift", "Contents.json", "tokens.css", "bundle.json", "list.txt", "Demo.theme"])
        #expect(third.written.filter { $0.hasSuffix(".colorset/Contents.json") }.count == 2)
        #expect(third.unchanged.count == 9 - third.written.count)
        _ = written
    }

    /// A source saved while a build runs — after it was read, before the build state is
    /// written — is not recorded as built: the state holds the hash of the bytes the build
    /// parsed, so the next build sees the change and runs again.
    @Test func aSourceSavedDuringABuildIsBuiltAgainNextTime() throws {
        let folder = try Codegen.temporaryFolder("build-during")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tokens = folder.appendingPathComponent("tokens/base.tokens.json")
        try FileManager.default.createDirectory(at: tokens.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(##"{"color": {"$type": "color", "bg": {"$value": "#ffffff"}}}"##.utf8).write(to: tokens)
        try Data("sources: [tokens]\noutputs:\n  - saving: { path: out/paths.txt }\n".utf8)
            .write(to: folder.appendingPathComponent("tessera.yml"))
        let registry = OutputRegistry.standard.registering(SavingOutput.self)
        let configuration = try #require(BuildConfiguration.load(folder.appendingPathComponent("tessera.yml").path, outputs: registry).configuration)
        SavingOutput.save = (tokens.path, ##"{"color": {"$type": "color", "bg": {"$value": "#000000"}, "fg": {"$value": "{color.bg}"}}}"##)
        let first = Build(configuration).run()
        SavingOutput.save = nil
        #expect(first.succeeded, "\(first.diagnostics)")
        #expect(try String(contentsOf: folder.appendingPathComponent("out/paths.txt"), encoding: .utf8) == "color.bg\n")
        let second = Build(configuration).run()
        #expect(!second.upToDate)
        #expect(try String(contentsOf: folder.appendingPathComponent("out/paths.txt"), encoding: .utf8) == "color.bg\ncolor.fg\n")
        #expect(Build(configuration).run().upToDate)
    }

    @Test func anErrorLeavesThePreviousOutputs() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try build(folder).succeeded)
        let before = try Data(contentsOf: folder.appendingPathComponent("out/tokens.css"))
        try Data(##"{"color": {"$type": "color", "bg": {"$value": "{color.missing}"}}}"##.utf8)
            .write(to: folder.appendingPathComponent("tokens/base.tokens.json"))
        let report = try build(folder)
        #expect(!report.succeeded)
        #expect(report.written.isEmpty)
        #expect(try Data(contentsOf: folder.appendingPathComponent("out/tokens.css")) == before)
        #expect(report.diagnostics.contains { $0.severity == .error && $0.location?.file.hasSuffix("base.tokens.json") == true })
    }

    @Test func colorSetsNoLongerGeneratedAreRemoved() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try build(folder).succeeded)
        let fg = folder.appendingPathComponent("out/Demo.xcassets/color/fg.colorset")
        #expect(FileManager.default.fileExists(atPath: fg.path))
        try Data(##"{"color": {"$type": "color", "bg": {"$value": "#ffffff"}}}"##.utf8)
            .write(to: folder.appendingPathComponent("tokens/base.tokens.json"))
        #expect(try build(folder).succeeded)
        #expect(!FileManager.default.fileExists(atPath: fg.path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/Demo.xcassets/color/bg.colorset/Contents.json").path))
    }

    @Test func aBrokenTemplateIsLocated() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("line one\n{{#colors}}{{name}}\n".utf8).write(to: folder.appendingPathComponent("list.mustache"))
        let report = try build(folder)
        #expect(!report.succeeded)
        #expect(report.diagnostics.filter { $0.severity == .error }.map(\.id) == [.templateInvalid])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/Tokens.swift").path))
    }
}

@Suite struct OutputLinkTests {
    @Test func configurationLinksOutputsByName() {
        let good = BuildConfiguration.parse("""
            resolver: app.resolver.json
            outputs:
              - swift: { path: A.swift, flavor: static, name: Palette }
              - enums: { path: B.swift, name: AppTheming, tokens: Palette, enums: { ColourType: color } }
              - components: { path: C.swift, groups: [button], tokens: Palette }
              - registry: { path: D.swift, short: [palette.json] }
            """, file: "tessera.yml")
        let configuration = good.configuration
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics)")
        #expect(configuration?.outputs[1].options(as: EnumsOutput.self)?.emitter.link == SwiftLink(rootName: "Palette", flavor: .static))
        #expect(configuration?.outputs[1].options(as: EnumsOutput.self)?.emitter.enums == [.init(name: "ColourType", group: "color")])
        #expect(configuration?.outputs[2].options(as: ComponentsOutput.self)?.emitter.groups == ["button"])
        #expect(configuration?.outputs[3].options(as: RegistryOutput.self)?.emitter.shortFiles == ["palette.json"])

        let bad = BuildConfiguration.parse("""
            resolver: app.resolver.json
            outputs:
              - swift: { path: A.swift, name: Palette }
              - enums: { path: B.swift, tokens: Palete, enums: { ColourType: color } }
              - components: { path: C.swift }
              - enums: { path: E.swift }
            """, file: "tessera.yml")
        #expect(bad.configuration == nil)
        #expect(bad.diagnostics.map(\.id) == [.configMissing, .configInvalidValue, .configMissing])
        #expect(bad.diagnostics.first?.location?.line == 6)
        let wrong = bad.diagnostics.first { $0.id == .configInvalidValue }
        #expect(wrong?.location?.line == 4)
        #expect(wrong?.notes.first?.message == "did you mean 'Palette'?")
    }
}

/// An output of the test's own: each token's path with a suffix, in one file or a file each.
struct PathListOutput: BuildOutput {
    static let kind: OutputKind = "paths"
    static let settings = ["suffix", "split"]

    var suffix = ""
    var split = false

    init(_ settings: inout OutputSettings) {
        suffix = settings.string("suffix") ?? suffix
        split = settings.bool("split") ?? split
    }

    func generate(_ input: OutputInput) -> OutputFiles {
        let lines = input.context.tokens.map { $0.path + suffix }
        guard split else { return OutputFiles(text: lines.joined(separator: "\n") + "\n") }
        return OutputFiles(lines.enumerated().map { OutputFiles.File(path: "\($0.offset).txt", text: $0.element + "\n") })
    }
}

/// An output that lists the token paths and, while it is generated, saves new text into a
/// source (as an editor saving during a build would).
struct SavingOutput: BuildOutput {
    static let kind: OutputKind = "saving"
    static let settings: [String] = []
    nonisolated(unsafe) static var save: (path: String, text: String)?

    init(_ settings: inout OutputSettings) {}

    func generate(_ input: OutputInput) -> OutputFiles {
        if let save = Self.save { try? save.text.write(toFile: save.path, atomically: true, encoding: .utf8) }
        return OutputFiles(text: input.context.tokens.map(\.path).joined(separator: "\n") + "\n")
    }
}

@Suite struct OutputRegistryTests {
    @Test func aRegisteredOutputIsReadAndBuilt() throws {
        let folder = try Codegen.temporaryFolder("registry")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tokens = folder.appendingPathComponent("tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        try Data(##"{"color": {"$type": "color", "bg": {"$value": "#ffffff"}, "fg": {"$value": "{color.bg}"}}}"##.utf8)
            .write(to: tokens.appendingPathComponent("base.tokens.json"))
        let file = folder.appendingPathComponent("tessera.yml")
        try Data("""
            sources: [tokens]
            outputs:
              - paths: { path: out/paths.txt, suffix: ";" }
              - paths: { path: out/each, split: true }
              - css: { path: out/tokens.css }
            """.utf8).write(to: file)
        let registry = OutputRegistry.standard.registering(PathListOutput.self)
        #expect(registry.kinds.last == "paths")
        let (loaded, diagnostics) = BuildConfiguration.load(file.path, outputs: registry)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let configuration = try #require(loaded)
        #expect(configuration.outputs.map(\.kind) == ["paths", "paths", .css])
        #expect(configuration.outputs[0].options(as: PathListOutput.self)?.suffix == ";")
        #expect(configuration.outputs[1].options(as: PathListOutput.self)?.split == true)

        let report = Build(configuration).run()
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.written.count == 4)
        let out = folder.appendingPathComponent("out")
        #expect(try String(contentsOf: out.appendingPathComponent("paths.txt"), encoding: .utf8) == "color.bg;\ncolor.fg;\n")
        #expect(try String(contentsOf: out.appendingPathComponent("each/0.txt"), encoding: .utf8) == "color.bg\n")
        #expect(try String(contentsOf: out.appendingPathComponent("each/1.txt"), encoding: .utf8) == "color.fg\n")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("tokens.css").path))

        // The standard registry has no such kind.
        let (none, problems) = BuildConfiguration.load(file.path)
        #expect(none == nil)
        #expect(problems.map(\.id) == [.configUnknownKey, .configUnknownKey])
        #expect(problems.map { $0.location?.line } == [3, 4])
    }

    @Test func anUnknownKindIsLocatedAndListsTheRegisteredKinds() {
        let registry = OutputRegistry([SwiftOutput.self, PathListOutput.self])
        let (configuration, diagnostics) = BuildConfiguration.parse("""
            sources: [tokens]
            outputs:
              - swift: { path: Tokens.swift }
              - pahts: { path: paths.txt }
              - css: { path: tokens.css }
            """, file: "tessera.yml", outputs: registry)
        #expect(configuration == nil)
        #expect(diagnostics.map(\.id) == [.configUnknownKey, .configUnknownKey])
        #expect(diagnostics.map { $0.location?.line } == [4, 5])
        #expect(diagnostics[0].location?.column == 5)
        #expect(diagnostics[0].message == "'pahts' is not a setting of outputs (settings: swift, paths)")
        #expect(diagnostics[0].notes.first?.message == "did you mean 'paths'?")
    }

    @Test func aRegisteredOutputsSettingsAreCheckedLikeTheOthers() {
        let (configuration, diagnostics) = BuildConfiguration.parse("""
            sources: [tokens]
            outputs:
              - paths: { split: maybe, sufix: ";" }
            """, file: "tessera.yml", outputs: OutputRegistry.standard.registering(PathListOutput.self))
        #expect(configuration == nil)
        #expect(diagnostics.map(\.id) == [.configUnknownKey, .configInvalidValue, .configMissing])
        #expect(diagnostics[0].message == "'sufix' is not a setting of a 'paths' output (settings: path, suffix, split)")
        #expect(diagnostics[0].notes.first?.message == "did you mean 'suffix'?")
        #expect(diagnostics[1].message.contains("true or false"))
        #expect(diagnostics[1].location?.column == 21)
        #expect(diagnostics[2].message == "a 'paths' output needs 'path'")
    }
}

/// What the build plugin declares as a command's inputs (`Plugins/TesseraPlugin/BuildInputs.swift`,
/// compiled here on its own): the configuration and the files a real build of it read, wherever
/// they are — a resolver outside the configuration's folder and the token files it names, a
/// source folder — and nothing else in the project (an unrelated JSON file beside it, `Pods/`).
@Suite struct PluginInputsTests {
    @Test func inputsAreTheFilesTheConfigurationNamesAndOnlyThose() throws {
        let root = try Codegen.temporaryFolder("plugin-inputs")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App"), design = root.appendingPathComponent("Design System")
        for folder in [app.appendingPathComponent("Pods/Lib"), design.appendingPathComponent("tokens"), root.appendingPathComponent("brand")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data(##"{"color": {"$type": "color", "bg": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}}}}"##.utf8)
            .write(to: design.appendingPathComponent("tokens/base.tokens.json"))
        try Data(##"{"color": {"$type": "color", "accent": {"$value": "{color.bg}"}}}"##.utf8)
            .write(to: root.appendingPathComponent("brand/brand.tokens.json"))
        try Data(##"{"unrelated": true}"##.utf8).write(to: app.appendingPathComponent("Pods/Lib/package.json"))
        try Data(##"{"images": []}"##.utf8).write(to: app.appendingPathComponent("Contents.json"))
        try Data("sources: [\"../Design System/tokens\", ../brand/brand.tokens.json]\noutputs:\n  - swift: { path: Generated/Tokens.swift }\n".utf8)
            .write(to: app.appendingPathComponent("tessera.yml"))
        let configurationFile = app.appendingPathComponent("tessera.yml")
        let configuration = try #require(BuildConfiguration.load(configurationFile.path).configuration)
        let state = root.appendingPathComponent("state")
        let report = Build(configuration, stateFolder: state.path).run()
        #expect(report.succeeded, "\(report.diagnostics)")

        let main = """
            import Foundation
            let before = BuildInputs.files(configuration: URL(fileURLWithPath: CommandLine.arguments[1]),
                state: URL(fileURLWithPath: CommandLine.arguments[2] + "/none.json"))
            let after = BuildInputs.files(configuration: URL(fileURLWithPath: CommandLine.arguments[1]),
                state: URL(fileURLWithPath: CommandLine.arguments[2] + "/build-state.json"))
            print(before.map(\\.path).joined(separator: "|"))
            print(after.map(\\.path).sorted().joined(separator: "|"))
            """
        let source = repositoryRoot.appendingPathComponent("Plugins/TesseraPlugin/BuildInputs.swift")
        let printed = try Codegen.runProgram(["BuildInputs.swift": try String(contentsOf: source, encoding: .utf8), "main.swift": main],
            arguments: [configurationFile.path, state.path])
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.first == configurationFile.path)
        let expected = [configurationFile.path, design.appendingPathComponent("tokens").path,
            design.appendingPathComponent("tokens/base.tokens.json").path, root.appendingPathComponent("brand/brand.tokens.json").path]
        #expect(lines.last?.split(separator: "|").map(String.init) == expected.sorted())
    }
}
