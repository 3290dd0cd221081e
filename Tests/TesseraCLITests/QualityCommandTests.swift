import Foundation
import Tessera
import TesseraBuild
import TesseraConformanceKit
import TesseraQuality
import TesseraTestSupport
import Testing

/// The `lint:` section of tessera.yml and the quality commands' contract.
@Suite struct QualityCommandTests {
    let cli = CommandLineTests()
    static let lintResolver = sharedFixtures.appendingPathComponent("lint/lint.resolver.json").path

    @Test func lintSectionIsRead() throws {
        let text = """
            resolver: app.resolver.json
            outputs: []
            lint:
              usage: [Sources]
              contrast:
                level: AAA
                pairs:
                  - { foreground: "color.text.*", background: "color.background.*" }
                  - { foreground: color.focus, background: "color.background.*", kind: non-text }
              apca: { severity: warning, minimum: 75 }
              naming: { patterns: { primitive: "^[a-z0-9-]+$" } }
              descriptions: { tokens: [semantic, "type:color"] }
              required-modes: { tokens: "type:color", modifiers: [theme] }
              duplicates: off
              near-duplicates: { metric: deltaEOK, threshold: 0.01 }
              gamut: { space: display-p3 }
              min-font-size: { minimum: 12 }
              min-touch-target: { severity: error, minimum: 48, tokens: ["**.hit"] }
            """
        let (configuration, problems) = BuildConfiguration.parse(text, file: "/p/tessera.yml")
        #expect(problems.isEmpty, "\(problems.map(\.message))")
        let lint = try #require(configuration?.lint)
        #expect(lint.usage == ["Sources"])
        #expect(lint.level == .aaa)
        #expect(lint.contrastPairs.map(\.kind) == [.text, .nonText])
        #expect(lint.contrastPairs[1].location?.line == 9)
        #expect(lint.rule(APCARule.self)?.minimum == 75)
        #expect(lint.severities == ["apca": .warning, "duplicates": .off, "min-touch-target": .error])
        #expect(lint.rule(NamingRule.self)?.patterns.map(\.scope) == [.tier(.primitive)])
        #expect(lint.rule(DescriptionsRule.self)?.scopes == [.tier(.semantic), .type(.color)])
        #expect(lint.rule(RequiredModesRule.self)?.requirements.map(\.modifiers) == [["theme"]])
        #expect(lint.rule(NearDuplicatesRule.self)?.metric == .deltaEOK && lint.rule(NearDuplicatesRule.self)?.threshold == 0.01)
        #expect(lint.rule(GamutRule.self)?.space == .displayP3)
        #expect(lint.rule(MinimumFontSizeRule.self)?.minimum == 12)
        // APCA checks the contrast rule's pairs, at its level.
        let apca = try #require(lint.linter.rules.lazy.compactMap { $0 as? APCARule }.first)
        #expect(apca.pairs.count == 2 && apca.level == .aaa && apca.minimum == 75)
        let touch = try #require(lint.rule(MinimumTouchTargetRule.self))
        #expect(touch.minimum == 48 && touch.scopes == [.glob(PathGlob("**.hit"))])
    }

    @Test(arguments: [
        ("lint: { contrasts: error }", 2, 9, "'contrasts' is not a setting of lint"),
        ("lint: { contrast: loud }", 2, 19, "'contrast' must be one of error, warning, note, off"),
        ("lint: { naming: { patterns: { primitive: \"([a-z\" } } }", 2, 42, "must be a regular expression"),
        ("lint: { gamut: { space: rec2020 } }", 2, 25, "must be srgb or display-p3"),
        ("lint: { contrast: { pairs: [ { foreground: a } ] } }", 2, 30, "a contrast pair needs 'foreground and background'"),
        ("lint: { min-font-size: { minimum: small } }", 2, 35, "'minimum' must be a number"),
    ])
    func lintSectionErrorsAreLocated(section: String, line: Int, column: Int, message: String) {
        let (_, problems) = BuildConfiguration.parse("resolver: a.resolver.json\n\(section)\noutputs: []\n", file: "/p/tessera.yml")
        let problem = problems.first
        #expect(problem?.message.contains(message) == true, "\(problems.map(\.message))")
        #expect(problem?.location?.line == line)
        #expect(problem?.location?.column == column)
    }

    /// Every setting a rule declares is read by the rule itself: written with a value of no
    /// setting's type (a list of lists), each gives exactly one error, located at that value. A setting declared but not read, or read without its errors located, fails here.
    @Test(arguments: Linter.ruleTypes.flatMap { type in type.settingNames.map { (type.ruleID, $0) } })
    func everyDeclaredSettingIsReadByItsRule(rule: String, setting: String) {
        let (_, problems) = BuildConfiguration.parse(
            "resolver: a.resolver.json\nlint:\n  \(rule):\n    \(setting): [[1]]\noutputs: []\n", file: "/p/tessera.yml")
        #expect(problems.count == 1, "\(problems.map(\.message))")
        #expect(problems.first?.id == .configInvalidValue, "\(problems.map(\.message))")
        #expect(problems.first?.location?.line == 4)
        // At the value, or, for a list setting, at its entry that is not what the list holds.
        let column = problems.first?.location?.column ?? 0
        #expect(column == 7 + setting.count || column == 8 + setting.count, "\(column)")
    }

    /// The rules `tessera.yml` names, those `--rule` takes and those `Linter` runs are one list.
    @Test func theRuleListIsOne() throws {
        let ids = Linter.ruleTypes.map { $0.ruleID }
        #expect(Linter.standardRules.map(\.id) == ids)
        #expect(Set(ids).count == ids.count)
        let (_, unknown) = BuildConfiguration.parse("resolver: a.resolver.json\nlint: { nope: off }\noutputs: []\n", file: "/p/tessera.yml")
        #expect(unknown.first?.message.contains("settings: usage, " + ids.joined(separator: ", ")) == true, "\(unknown.map(\.message))")
        for id in ids {
            let (_, problems) = BuildConfiguration.parse("resolver: a.resolver.json\nlint: { \(id): off }\noutputs: []\n", file: "/p/tessera.yml")
            #expect(problems.isEmpty, "\(id): \(problems.map(\.message))")
        }
    }

    @Test func lintCommandOnTheExample() throws {
        let example = Codegen.root.appendingPathComponent("Examples/tessera.yml").path
        let clean = try cli.tessera(["lint", "--config", example])
        #expect(clean.status == 0, "\(clean.stderr)")
        // Turning APCA's second opinion into errors fails the run on the dark link color.
        let strict = try cli.tessera(["lint", "--config", example, "--rule", "apca=error", "--diagnostics-format", "json"])
        #expect(strict.status == 1)
        let findings = try JSONSerialization.jsonObject(with: Data(strict.stderr.utf8)) as? [[String: Any]] ?? []
        #expect(findings.contains { $0["id"] as? String == "lint.apca" && $0["severity"] as? String == "error" })
        let wrong = try cli.tessera(["lint", "--config", example, "--rule", "contrst=off"])
        #expect(wrong.status != 0 && wrong.status != 1)
        #expect(wrong.stderr.contains("did you mean 'contrast'?"))
    }

    @Test func lintFixtureFailsWithContrastErrors() throws {
        let run = try cli.tessera(["lint", Self.lintResolver, "--diagnostics-format", "json"])
        #expect(run.status == 0, "no pairs are declared, so nothing is an error: \(run.stderr)")
        let rules = Set((try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(rules == ["lint.duplicates", "lint.near-duplicates", "lint.deprecated-in-use", "lint.min-font-size", "lint.min-touch-target"])
    }

    @Test func catalogCommandWritesThePage() throws {
        let folder = TestScratch.root.appendingPathComponent("catalog-cli")
        let run = try cli.tessera(["catalog", "--config", Codegen.root.appendingPathComponent("Examples/tessera.yml").path,
            "-o", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(page.contains(#"class="badge"#))
        // Titled with the resolver's own `name`, not its file's.
        #expect(page.contains("<title>Example app — design tokens</title>"), "\(page.prefix(400))")
    }

    static let system = sharedFixtures.appendingPathComponent("themed-system")

    /// A history of a system in git: `tessera diff --git HEAD` reads the committed version with
    /// git and names each change; removing the tooltip component is breaking. (The conformance
    /// script does the same with a real system.)
    @Test func historyInGit() throws {
        let repository = try Scratch.folder("themed-history")
        try FileManager.default.copyItem(at: Self.system, to: repository.appendingPathComponent("system"))
        let resolver = repository.appendingPathComponent("system/themed.resolver.json")
        try DiffScenarios.commitFirstVersion(repository, TestExpectations())

        // v2: the tooltip component is gone, fgColor.muted is deprecated, fgColor.sponsors is
        // renamed to fgColor.sponsorship, and base.color.neutral.9 is recolored in light.
        let tooltip = repository.appendingPathComponent("system/component/tooltip.tokens.json")
        let tooltipTokens = try DiffScenarios.rawValues(tooltip.path).keys.sorted()
        #expect(tooltipTokens == ["tooltip.bgColor", "tooltip.fgColor", "tooltip.padding"])
        try FileManager.default.removeItem(at: tooltip)
        var resolverText = try String(contentsOf: resolver, encoding: .utf8)
        resolverText = resolverText.replacingOccurrences(of: #",\#n        { "$ref": "./component/tooltip.tokens.json" }"#, with: "")
        #expect(!resolverText.contains("tooltip"))
        try Data(resolverText.utf8).write(to: resolver)
        try DiffScenarios.writeSecondVersion(fgColor: repository.appendingPathComponent("system/functional/fgColor.tokens.json"),
            lightPalette: repository.appendingPathComponent("system/base/color/light.tokens.json"), TestExpectations())
        try DiffScenarios.expectHistoryChanges(resolver: resolver.path, removed: tooltipTokens, tessera: cli.tessera, TestExpectations())
    }
}
