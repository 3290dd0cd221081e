import Foundation
import Tessera
import TesseraTestSupport
import Testing

@testable import TesseraRuntime

/// The example system compiled: every permutation of the resolver.
let exampleResolver = repositoryRoot.appendingPathComponent("Examples/app.resolver.json").path

func compiledExample() throws -> (Theme, TokenSystem) {
    let tokenSystem = TokenSystem(resolverAt: exampleResolver)
    return (try Theme(compiling: tokenSystem), tokenSystem)
}

/// A small system in memory: primitives, semantic aliases, a closed group.
func smallTheme() throws -> Theme {
    let result = pipeline(#"""
        {
          "color": {
            "$type": "color",
            "blue": { "$value": "#0066ff" },
            "red": { "$value": "#ff0000" },
            "accent": { "$value": "{color.blue}" },
            "link": { "$value": "{color.accent}" },
            "repository": {
              "$extensions": { "dev.tessera": { "closed": true, "closedReason": "repository colors belong to the design system" } },
              "tint": { "$value": "#123456" }
            }
          },
          "space": { "md": { "$type": "dimension", "$value": { "value": 1, "unit": "rem" } } },
          "count": { "$type": "number", "$value": 3 },
          "font": {
            "headline": {
              "$type": "typography",
              "$value": { "fontFamily": "Inter", "fontSize": { "value": 17, "unit": "px" }, "fontWeight": 600,
                          "letterSpacing": { "value": 0.5, "unit": "px" }, "lineHeight": 1.25 },
              "$extensions": { "dev.tessera": { "textCase": "upper", "relativeTo": "headline" } }
            }
          }
        }
        """#)
    return Theme.compile(try result.tokens())
}

@Suite struct ThemeCompilationTests {
    @Test func everyPermutationHoldsWhatTheSystemResolves() throws {
        var (theme, tokenSystem) = try compiledExample()
        #expect(theme.permutationCount == 32)
        var checked = 0
        for permutation in 0..<theme.permutationCount {
            let chosen = Theme(storage: theme.storage, permutation: permutation)
            let tokens = try tokenSystem.resolve(contexts: chosen.contexts).tokens()
            for token in tokens.all {
                #expect(chosen.value(at: token.path) == token.value, "\(token.path) in \(chosen.contexts)")
                #expect(chosen.aliasTarget(of: token.path) == token.aliasOf, "\(token.path) in \(chosen.contexts)")
                checked += 1
            }
            #expect(chosen.count == tokens.count)
        }
        #expect(checked > 32 * 50)
    }

    @Test func resolvingPathsReadsAResolverAsASystem() throws {
        let (compiled, _) = try compiledExample()
        let resolved = try Theme(resolving: [exampleResolver])
        #expect(resolved.permutationCount == 32)
        expectSameTheme(compiled, resolved)
    }

    @Test func unvaryingTokensAreStoredOnce() throws {
        let (theme, _) = try compiledExample()
        // 32 copies would hold count × 32 values; most tokens do not vary.
        #expect(theme.storedValueCount < theme.count * 4)
        #expect(theme.storedValueCount >= theme.count)
    }

    @Test func choosingContexts() throws {
        let (theme, _) = try compiledExample()
        #expect(theme.contexts == ["brand": "coral", "theme": "light", "contrast": "standard", "level": "base", "sizeClass": "regular"])
        let dark = try theme.with(["theme": "dark", "Contrast": "HIGH"])
        #expect(dark.contexts["theme"] == "dark")
        #expect(dark.contexts["contrast"] == "high")
        #expect(dark.contexts["brand"] == "coral")
        #expect(throws: ThemeError.unknownContext("dim", modifier: "theme", known: ["light", "dark"])) {
            try theme.with(["theme": "dim"])
        }
        #expect(throws: ThemeError.unknownModifier("density", known: ["brand", "theme", "contrast", "level", "sizeClass"])) {
            try theme.with(["density": "compact"])
        }
    }

    @Test func aResolverWithAnErrorDoesNotCompile() throws {
        let directory = TestScratch.root.appendingPathComponent("theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"color": {"a": {"$type": "color", "$value": "{color.missing}"}}}"#.write(
            to: directory.appendingPathComponent("base.tokens.json"), atomically: true, encoding: .utf8)
        try #"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "base", "sources": [{"$ref": "base.tokens.json"}]}]}"#
            .write(to: directory.appendingPathComponent("app.resolver.json"), atomically: true, encoding: .utf8)
        let resolved = TokenSystem(resolverAt: directory.appendingPathComponent("app.resolver.json").path).resolveAll()
        #expect(resolved.permutations == nil)
        #expect(resolved.diagnostics.contains { $0.id == DiagnosticID.referenceUnknown })
        #expect(throws: ResolutionFailure.self) {
            try Theme(compiling: TokenSystem(resolverAt: directory.appendingPathComponent("app.resolver.json").path))
        }
    }
}

@Suite struct ThemeLookupTests {
    @Test func keysAndPathsAgree() throws {
        let (theme, _) = try compiledExample()
        for permutation in [0, 7, 31] {
            let chosen = Theme(storage: theme.storage, permutation: permutation)
            for path in chosen.paths where chosen.type(at: path) == .color {
                let key = try #require(chosen.key(ThemeColor.self, path))
                #expect(chosen[key] == chosen[ThemeColor.self, path])
                guard case .color(let color)? = chosen.value(at: path) else {
                    Issue.record("\(path) has no color value")
                    continue
                }
                #expect(chosen[key] == ThemeColor(color))
            }
        }
    }

    @Test func eitherNotation() throws {
        let theme = try smallTheme()
        let dotted = theme[ThemeColor.self, "color.accent"]
        #expect(dotted != nil)
        #expect(theme[ThemeColor.self, "color/accent"] == dotted)
        #expect(theme[ThemeColor.self, "color/repository/tint"] == ThemeColor(red: 0x12 / 255, green: 0x34 / 255, blue: 0x56 / 255))
    }

    @Test func wrongTypesAreReported() throws {
        let theme = try smallTheme()
        #expect(theme.key(Double.self, "color.accent") == nil)
        #expect(theme[Double.self, "color.accent"] == nil)
        #expect(throws: ThemeLookupError.wrongType("color.accent", expected: [.number, .fontWeight, .dimension], found: .color)) {
            try theme.value(Double.self, at: "color.accent")
        }
        #expect(throws: ThemeLookupError.noToken("color.acent", suggestion: "color.accent")) {
            try theme.value(ThemeColor.self, at: "color.acent")
        }
    }

    @Test func scalarsOfEachType() throws {
        let theme = try smallTheme()
        #expect(theme[TokenDimension.self, "space.md"] == TokenDimension(1, .rem))
        #expect(theme[Double.self, "space.md"] == 16)
        #expect(theme[Double.self, "count"] == 3)
        #expect(theme[Typography.self, "font.headline"]?.fontWeight == 600)
    }

    @Test func aKeyFromAPathFindsItsTokenAndFallsBack() throws {
        let theme = try smallTheme()
        let fallback = ThemeColor(red: 1, green: 0, blue: 1)
        #expect(theme[TokenKey("color/link", fallback: fallback)] == theme[ThemeColor.self, "color.blue"])
        #expect(theme[TokenKey("color.none", fallback: fallback)] == fallback)
        #expect(theme[TokenKey("count", fallback: fallback)] == fallback)
    }

    @Test func aBoundKeyWorksOnAnotherThemeWithTheSameTokens() throws {
        let theme = try smallTheme()
        let key = try #require(theme.key(ThemeColor.self, "color.accent"))
        var overrides = ThemeOverrides()
        overrides.set("color.blue", to: ThemeColor(red: 0, green: 1, blue: 0))
        let other = try theme.overriding(overrides)
        #expect(other.storage.fingerprint == theme.storage.fingerprint)
        #expect(other[key] == ThemeColor(red: 0, green: 1, blue: 0))
    }
}
