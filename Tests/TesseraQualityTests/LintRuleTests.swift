import Foundation
import Tessera
import TesseraGenerate
import TesseraQuality
import TesseraTestSupport
import Testing

/// Every rule on the fixture `Fixtures/lint`: the tokens that fail at their exact places, and
/// no others (so each passing case is shown to pass).
@Suite struct LintRuleTests {
    static let resolver = sharedFixtures.appendingPathComponent("lint/lint.resolver.json").path

    static func subject(usage: UsageIndex? = nil) throws -> LintSubject {
        let permutations = try Codegen.permutations(resolver)
        return LintSubject(GenerationContext(permutations, name: "Lint"), permutations: permutations, usage: usage)
    }

    /// `file:line:column` of each finding, sorted.
    static func places(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.compactMap { diagnostic in
            diagnostic.location.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column)" }
        }.sorted()
    }

    /// Scales of different groups that share values (a spacing and a radius scale, both with
    /// 4 and 8) are not duplicates; the same value twice in one group still is.
    @Test func duplicatesAreFoundWithinAGroup() throws {
        let folder = try Codegen.temporaryFolder("duplicates")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scales.tokens.json")
        try Data(##"""
            {"spacing": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}, "md": {"$value": {"value": 8, "unit": "px"}}},
             "radius": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}, "md": {"$value": {"value": 8, "unit": "px"}},
                        "card": {"$value": {"value": 8, "unit": "px"}}}}
            """##.utf8).write(to: file)
        let permutations = try #require(TokenSystem(tokenFilesAt: [file.path], options: PipelineOptions()).resolveAll().permutations)
        let found = Linter(rules: [DuplicatesRule()]).run(LintSubject(GenerationContext(permutations, name: "Scales"), permutations: permutations))
        #expect(found.map(\.message) == ["'radius.md' has the same value as 'radius.card' in every permutation; reference it or keep one"])
    }

    static func run(_ rule: any LintRule, usage: UsageIndex? = nil) throws -> [Diagnostic] {
        let found = Linter(rules: [rule]).run(try subject(usage: usage))
        #expect(found.allSatisfy { $0.id == .lint(rule.id) })
        return found
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let rule: any LintRule
        let failing: [String]
        var testDescription: String { rule.id }
    }

    static let app = """
        import SwiftUI
        // Tokens.Color.ink is only mentioned in a comment.
        struct Card: View {
            var body: some View {
                Text("Hi").foregroundStyle(Tokens.Color.Text.body)
                    .background(theme.color("color/surface/base"))
                    .tint(Tokens.Color.Text
                        .old)
            }
        }
        """

    static let cases: [Case] = [
        // Light standard: muted #777 on white is 4.48; dark: #444 on black, and the deprecated
        // #333 on black in both dark permutations. Body text passes everywhere (4.54 and 4.69).
        Case(rule: ContrastRule(pairs: [ContrastPair(foreground: "color.text.*", background: "color.surface.base")]),
            failing: ["base.tokens.json:12:7", "base.tokens.json:13:7", "dark.tokens.json:8:7"]),
        Case(rule: NamingRule(patterns: [(.glob(PathGlob("color.**")), "^[a-z0-9]+(-[a-z0-9]+)*$")]), failing: ["base.tokens.json:9:5"]),
        Case(rule: DescriptionsRule(scopes: [.glob(PathGlob("color.text.*"))]), failing: ["base.tokens.json:12:7", "base.tokens.json:13:7"]),
        Case(rule: RequiredModesRule(requirements: [.init(scope: .glob(PathGlob("color.surface.*")), modifiers: ["theme"])]),
            failing: ["base.tokens.json:17:7"]),
        Case(rule: DuplicatesRule(), failing: ["base.tokens.json:8:5"]),
        Case(rule: NearDuplicatesRule(), failing: ["base.tokens.json:7:5"]),
        Case(rule: NearDuplicatesRule(metric: .deltaEOK, threshold: 0.004), failing: ["base.tokens.json:7:5"]),
        Case(rule: NearDuplicatesRule(metric: .deltaEOK, threshold: 0.003), failing: []),
        Case(rule: DeprecatedInUseRule(), failing: ["base.tokens.json:17:28"]),
        Case(rule: GamutRule(space: .srgb), failing: ["base.tokens.json:9:5"]),
        Case(rule: GamutRule(space: .displayP3), failing: []),
        Case(rule: MinimumFontSizeRule(), failing: ["sizes.tokens.json:11:5", "sizes.tokens.json:6:5"]),
        Case(rule: MinimumFontSizeRule(minimum: 10), failing: []),
        Case(rule: MinimumTouchTargetRule(), failing: ["sizes.tokens.json:4:5"]),
        Case(rule: MinimumTouchTargetRule(minimum: 50), failing: ["sizes.tokens.json:4:5", "sizes.tokens.json:5:5"]),
        Case(rule: MinimumTouchTargetRule(minimum: 44, scopes: [.glob(PathGlob("size.font-*"))]),
            failing: ["sizes.tokens.json:6:5", "sizes.tokens.json:7:5"]),
    ]

    @Test(arguments: cases)
    func ruleFindsExactlyTheFailingTokens(_ entry: Case) throws {
        #expect(Self.places(try Self.run(entry.rule)) == entry.failing.sorted())
    }

    /// With app sources: tokens no token references and the app does not use, and the app's use
    /// of a deprecated token at its place in the Swift file (a chain across lines counts).
    @Test func unusedAndDeprecatedUseReadTheAppSources() throws {
        let usage = UsageIndex(source: Self.app, path: "Card.swift")
        #expect(try Self.run(UnusedRule()).isEmpty, "without sources there is nothing to compare")
        let unused = Self.places(try Self.run(UnusedRule(), usage: usage))
        #expect(unused == [
            "base.tokens.json:8:5", "base.tokens.json:9:5", "base.tokens.json:17:7",
            "base.tokens.json:12:7", "sizes.tokens.json:11:5", "sizes.tokens.json:14:5", "sizes.tokens.json:4:5", "sizes.tokens.json:5:5",
            "sizes.tokens.json:6:5", "sizes.tokens.json:7:5",
        ].sorted())
        let deprecated = Self.places(try Self.run(DeprecatedInUseRule(), usage: usage))
        #expect(deprecated == ["Card.swift:7:19", "base.tokens.json:17:28"])
    }

    @Test func contrastFailureNamesPairPermutationRatioAndFix() throws {
        let found = try Self.run(ContrastRule(pairs: [ContrastPair(foreground: "color.text.muted", background: "color.surface.base")]))
        let light = try #require(found.first { $0.location?.file.hasSuffix("base.tokens.json") == true })
        #expect(light.message == "'color.text.muted' on 'color.surface.base' has a contrast of 4.48:1 in theme=light, contrast=standard (1 of 4 permutations); WCAG AA text needs 4.5:1")
        #expect(light.notes.contains { $0.message.contains("#777777") && $0.message.contains("#ffffff") && $0.message.contains("APCA Lc") })
        #expect(light.notes.contains { $0.message.contains("takes its color from 'color.gray-500'") })
        // The dark value is written out: the fix-it rewrites it to the nearest passing lightness.
        let dark = try #require(found.first { $0.location?.file.hasSuffix("dark.tokens.json") == true })
        #expect(dark.message.contains("in theme=dark, contrast=standard (1 of 4 permutations)"))
        let fix = try #require(dark.fixIts.first)
        let text = try String(contentsOfFile: sharedFixtures.appendingPathComponent("lint/dark.tokens.json").path, encoding: .utf8)
        let range = fix.edit.range
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[range], as: UTF8.self) == "\"#444444\"")
        let fixed = String(decoding: bytes[..<range.lowerBound], as: UTF8.self) + fix.replacement
            + String(decoding: bytes[range.upperBound...], as: UTF8.self)
        let folder = TestScratch.root.appendingPathComponent("lint-fix")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["base.tokens.json", "sizes.tokens.json", "high.tokens.json", "lint.resolver.json"] {
            let source = sharedFixtures.appendingPathComponent("lint/\(name)")
            let target = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: source, to: target)
        }
        try Data(fixed.utf8).write(to: folder.appendingPathComponent("dark.tokens.json"))
        let permutations = try Codegen.permutations(folder.appendingPathComponent("lint.resolver.json").path)
        let again = Linter(rules: [ContrastRule(pairs: [ContrastPair(foreground: "color.text.muted", background: "color.surface.base")])])
            .run(LintSubject(GenerationContext(permutations, name: "Lint"), permutations: permutations))
        #expect(!again.contains { $0.location?.file.hasSuffix("dark.tokens.json") == true }, "\(again.map(\.message))")
    }

    /// A pair declared in a token's `$extensions`, and AAA from there.
    @Test func pairsFromExtensions() throws {
        let json = #"""
            {
              "bg": { "$type": "color", "$value": "#ffffff" },
              "fg": { "$type": "color", "$value": "#595959",
                      "$extensions": { "dev.tessera.contrast": { "background": "{bg}", "level": "AAA" } } },
              "hint": { "$type": "color", "$value": "#5a5a5a",
                      "$extensions": { "dev.tessera.contrast": { "background": ["bg"], "level": "AAA" } } }
            }
            """#
        let file = TestScratch.root.appendingPathComponent("extensions.tokens.json")
        try Data(json.utf8).write(to: file)
        let tokens = try TokenSystem.resolving(paths: [file.path]).tokens()
        let context = GenerationContext(tokens, name: "x")
        let found = Linter(rules: [ContrastRule()]).run(LintSubject(context, permutations: ResolvedPermutations(tokens)))
        // #595959 is 7.0:1 (AAA passes), #5a5a5a just under.
        #expect(found.map(\.message) == ["'hint' on 'bg' has a contrast of 6.9:1; WCAG AAA text needs 7:1"])
        #expect(found.first?.location?.line == 5)
    }

    @Test func requiredModesNamesAnUnknownModifier() throws {
        let found = try Self.run(RequiredModesRule(requirements: [.init(scope: .glob(PathGlob("color.**")), modifiers: ["them"])]))
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.notes.first?.message == "did you mean 'theme'?")
    }

    @Test func severitiesComeFromTheConfigurationAndOffSkipsARule() throws {
        let subject = try Self.subject()
        let quiet = Linter(severities: ["min-touch-target": .off, "min-font-size": .error]).run(subject)
        #expect(!quiet.contains { $0.id == .lint("min-touch-target") })
        #expect(quiet.filter { $0.id == .lint("min-font-size") }.allSatisfy { $0.severity == .error })
        #expect(quiet.contains { $0.id == .lint("min-font-size") })
    }

    @Test(arguments: [
        ("color.text.*", "color.text.body", true), ("color.text.*", "color.text", false), ("color.text.*", "color.text.a.b", false),
        ("color.**", "color.a.b.c", true), ("**.touch", "size.touch", true), ("**.touch", "touch", true), ("color.text", "color.text.body", true),
        ("color.te*", "color.text", true), ("color.*-500", "color.gray-500", true), ("color.*-500", "color.gray-600", false),
        ("{color.text.body}", "color.text.body", true), ("color/text/*", "color.text.body", true),
    ])
    func globs(pattern: String, path: String, matches: Bool) {
        #expect(PathGlob(pattern).matches(path) == matches)
    }
}

/// Near-duplicates two ways: the rule's grid, and every pair compared. They must name the same
/// nearest earlier color for every color, saturated ones included.
@Suite struct NearDuplicatesDifferentialTests {
    @Test(arguments: [(NearDuplicatesRule.Metric.deltaE2000, 2.0), (.deltaE2000, 0.5), (.deltaEOK, 0.03)])
    func gridAgreesWithEveryPair(metric: NearDuplicatesRule.Metric, threshold: Double) throws {
        var generator = SystemRandomNumberGenerator()
        var seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        // Clusters around a few colors, saturated and not, so that many pairs are close.
        let centers = (0..<12).map { _ in [next(), next(), next()] } + [[1, 0, 0], [0, 0, 1], [0, 1, 0]]
        var members: [String] = []
        for index in 0..<500 {
            let center = centers[index % centers.count]
            let rgb = center.map { min(1, max(0, $0 + (next() - 0.5) * 0.06)) }
            members.append("\"c\(String(format: "%04d", index))\": { \"$value\": { \"colorSpace\": \"srgb\", \"components\": [\(rgb.map { String($0) }.joined(separator: ", "))] } }")
        }
        let file = TestScratch.root.appendingPathComponent("near-\(UUID().uuidString).tokens.json")
        try Data("{ \"$type\": \"color\",\n\(members.joined(separator: ",\n")) }".utf8).write(to: file)
        let tokens = try TokenSystem.resolving(paths: [file.path]).tokens()
        let context = GenerationContext(tokens, name: "x")
        let rule = NearDuplicatesRule(metric: metric, threshold: threshold)
        let found = rule.check(LintSubject(context, permutations: ResolvedPermutations(tokens)), severity: .warning)
        let byGrid = Set(found.map { String($0.message.split(separator: "'")[0] + "→" + $0.message.split(separator: "'")[2]) })
        // Every pair, in the same order: each color against the distinct earlier ones.
        var earlier: [(String, TokenColor)] = []
        var byPairs = Set<String>()
        for token in context.tokens {
            guard case .color(let color) = token.value, !earlier.contains(where: { $0.1 == color }) else { continue }
            var best: (String, Double)?
            for (path, other) in earlier {
                let gap = metric == .deltaEOK ? color.deltaEOK(other) : color.deltaE2000(other)
                if gap > 0.000_1, gap < threshold, best == nil || gap < best!.1 { best = (path, gap) }
            }
            if let best { byPairs.insert(token.path + "→" + best.0) }
            earlier.append((token.path, color))
        }
        #expect(!byPairs.isEmpty)
        let agree = byGrid == byPairs
        #expect(agree, "seed \(seed): grid only \(byGrid.subtracting(byPairs).prefix(3)), pairs only \(byPairs.subtracting(byGrid).prefix(3))")
    }
}
