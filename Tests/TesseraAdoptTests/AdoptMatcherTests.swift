import Foundation
import Tessera
import TesseraAdopt
import TesseraConformanceKit
import TesseraGenerate
import TesseraTestSupport
import Testing

/// Literals matched to tokens by value in every permutation: semantic tokens before primitives,
/// a place's role before tokens of another role, nothing proposed on a tie, near matches with
/// their distance; token API paths to their token; the modes a literal gets wrong named.
struct AdoptMatcherTests {
    /// A light/dark system: primitives, semantic aliases (two of them on one primitive),
    /// spacing and radius scales that share 8.
    static let resolver = #"""
        {
          "version": "2025.10",
          "sets": {"base": {"sources": [{
            "blue": {"$type": "color", "500": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 1]}}},
            "grey": {"$type": "color",
              "0": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}},
              "900": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.1, 0.1]}}},
            "red": {"$type": "color", "500": {"$value": {"colorSpace": "srgb", "components": [0.9, 0.1, 0.1]}}},
            "color": {"$type": "color",
              "background": {"$value": "{grey.0}"},
              "text": {"$value": "{grey.900}"},
              "link": {"$value": "{blue.500}"},
              "focus": {"$value": "{blue.500}"},
              "raised": {"$value": {"colorSpace": "srgb", "components": [0.94, 0.94, 0.94]}}},
            "spacing": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}, "lg": {"$value": {"value": 24, "unit": "px"}}},
            "radius": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}},
            "size": {"$type": "dimension", "icon": {"$value": {"value": 24, "unit": "px"}}},
            "legacy": {"$type": "number", "gap": {"$value": 12}},
            "typography": {"$type": "typography",
              "body": {"$value": {"fontFamily": ["SF Pro Text", "system-ui"], "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.4}},
              "label": {"$value": {"fontFamily": "Mulish", "fontSize": {"value": 14, "unit": "px"}, "fontWeight": 600, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}}}
          }]}},
          "modifiers": {"theme": {"contexts": {"light": [],
            "dark": [{"color": {"$type": "color", "background": {"$value": "{grey.900}"}, "text": {"$value": "{grey.0}"},
              "raised": {"$value": {"colorSpace": "srgb", "components": [0.2, 0.2, 0.2]}}}}]},
            "default": "light"}},
          "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]
        }
        """#

    static func matcher() throws -> AdoptMatcher {
        let folder = try Codegen.temporaryFolder("adopt-matcher")
        let path = folder.appendingPathComponent("app.resolver.json")
        try Data(resolver.utf8).write(to: path)
        let permutations = try Toolchain.permutations(path.path, TestExpectations())
        return AdoptMatcher(GenerationContext(permutations, name: "app"))
    }

    func decide(_ code: String, _ matcher: AdoptMatcher) throws -> AdoptDecision {
        let findings = AdoptScanner().scan(code, path: "App.swift")
        return matcher.decide(try #require(findings.first))
    }

    func path(_ verdict: AdoptDecision.Verdict, _ matcher: AdoptMatcher) -> String? {
        if case .exact(let token) = verdict { return matcher.context.tokens[token].path }
        return nil
    }

    @Test func aSemanticTokenIsChosenBeforeItsPrimitive() throws {
        let matcher = try Self.matcher()
        let white = try decide("let c = UIColor(red: 1, green: 1, blue: 1, alpha: 1)", matcher)
        #expect(path(white.verdict, matcher) == "color.background")
        // The literal is the background in light mode only: the note names dark's value.
        #expect(white.notes.contains { $0.contains("light mode only") && $0.contains("dark: #1a1a1aff") }, "\(white.notes)")
        // A primitive no semantic token names is still exact.
        let red = try decide("let c = UIColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)", matcher)
        #expect(path(red.verdict, matcher) == "red.500")
        #expect(red.notes.isEmpty)
    }

    @Test func twoSemanticTokensOfOneValueTieAndNothingIsProposed() throws {
        let matcher = try Self.matcher()
        let blue = try decide("let c = Color(red: 0, green: 0.4, blue: 1)", matcher)
        guard case .tie(let tokens) = blue.verdict else { Issue.record("\(blue.verdict)"); return }
        #expect(Set(tokens.map { matcher.context.tokens[$0].path }) == ["color.link", "color.focus"])
    }

    /// The name the code gives a value breaks a tie: a case `.link` returning the blue both
    /// `color.link` and `color.focus` have is `color.link`.
    @Test func theCaseAValueIsReturnedUnderNamesItsToken() throws {
        let matcher = try Self.matcher()
        let named = try decide("""
            enum Roles {
                static func color(_ role: Role) -> UIColor {
                    switch role {
                    case .link: return UIColor(red: 0, green: 0.4, blue: 1, alpha: 1)
                    }
                }
            }
            """, matcher)
        #expect(named.finding.nameHint == "link")
        #expect(path(named.verdict, matcher) == "color.link")
    }

    @Test func aNearColorIsASuggestionWithItsDistance() throws {
        let matcher = try Self.matcher()
        let near = try decide("let c = Color(red: 0.9, green: 0.11, blue: 0.1)", matcher)
        guard case .near(let found) = near.verdict else { Issue.record("\(near.verdict)"); return }
        #expect(matcher.context.tokens[found[0].token].path == "red.500")
        #expect(found[0].distance > 0 && found[0].distance < 1)
        let far = try decide("let c = Color(red: 0.5, green: 0.9, blue: 0.2)", matcher)
        guard case .none = far.verdict else { Issue.record("\(far.verdict)"); return }
    }

    @Test func aColorOfTheDarkModeOnlySaysSo() throws {
        let matcher = try Self.matcher()
        // #333333 is color.raised in dark only: no token has it where the code runs.
        let raised = try decide("let c = Color(red: 0.2, green: 0.2, blue: 0.2)", matcher)
        if case .exact = raised.verdict { Issue.record("a dark-only value is not exact in light") }
        #expect(raised.notes.contains { $0.contains("'color.raised'") && $0.contains("another appearance only") }, "\(raised.notes)")
    }

    @Test func thePlaceChoosesBetweenScalesOfOneValue() throws {
        let matcher = try Self.matcher()
        #expect(path(try decide("let v = Text(\"a\").padding(8)", matcher).verdict, matcher) == "spacing.sm")
        #expect(path(try decide("let v = RoundedRectangle(cornerRadius: 8)", matcher).verdict, matcher) == "radius.md")
        // A frame's 24 is the icon size, not spacing.lg of the same value.
        #expect(path(try decide("let v = Image(\"a\").frame(width: 24, height: 24)", matcher).verdict, matcher) == "size.icon")
        // A number token of the seeds' sizes, by its path's word.
        #expect(path(try decide("func f() { stack.spacing = 12 }", matcher).verdict, matcher) == "legacy.gap")
        // No border token: none, not a spacing token of the same value.
        let border = try decide("func f() { layer.borderWidth = 8 }", matcher)
        guard case .none(let reason) = border.verdict else { Issue.record("\(border.verdict)"); return }
        #expect(reason.contains("not for border width"), "\(reason)")
        // Near: 23 pt is one from spacing.lg.
        guard case .near(let found) = try decide("let v = Text(\"a\").padding(23)", matcher).verdict else { Issue.record("not near"); return }
        #expect(matcher.context.tokens[found[0].token].path == "spacing.lg" && found[0].distance == 1)
    }

    @Test func aFontIsTheTypographyTokenOfItsSizeWeightAndFamily() throws {
        let matcher = try Self.matcher()
        #expect(path(try decide("let f = Font.system(size: 16)", matcher).verdict, matcher) == "typography.body")
        #expect(path(try decide("let f = UIFont(name: \"Mulish-SemiBold\", size: 14)", matcher).verdict, matcher) == "typography.label")
        // The system's font at the label's size and weight is not the label: that is Mulish.
        let system = try decide("let f = UIFont.systemFont(ofSize: 14, weight: .semibold)", matcher)
        guard case .near(let found) = system.verdict else { Issue.record("\(system.verdict)"); return }
        #expect(found.map { matcher.context.tokens[$0.token].path } == ["typography.label"])
        let bold = try decide("let f = Font.system(size: 16, weight: .bold)", matcher)
        guard case .near = bold.verdict else { Issue.record("\(bold.verdict)"); return }
        guard case .none = try decide("let f = Font.system(size: 40)", matcher).verdict else { Issue.record("40 pt"); return }
        // A Dynamic Type style is the typography token of its name.
        #expect(path(try decide("let v = Text(\"a\").font(.body)", matcher).verdict, matcher) == "typography.body")
        guard case .none = try decide("let v = Text(\"a\").font(.headline)", matcher).verdict else { Issue.record("headline"); return }
    }

    @Test func aTokenAPIPathIsItsTokenOrSaysItNamesNone() throws {
        let matcher = try Self.matcher()
        let slashed = try decide("let c = ConfigParser.colorFromToken(\"color/link\")", matcher)
        #expect(path(slashed.verdict, matcher) == "color.link")
        let braced = try decide("let c = ConfigParser.colorFromShortToken(\"{blue.500}\")", matcher)
        #expect(path(braced.verdict, matcher) == "blue.500")
        let missing = try decide("let c = ConfigParser.colorFromToken(\"color/nope\")", matcher)
        guard case .none(let reason) = missing.verdict else { Issue.record("\(missing.verdict)"); return }
        #expect(reason.contains("names no token") && reason.contains(".clear"))
        let wrongType = try decide("let c = ConfigParser.sizeFromToken(\"color/link\")", matcher)
        guard case .none(let typeReason) = wrongType.verdict else { Issue.record("\(wrongType.verdict)"); return }
        #expect(typeReason.contains("not a size"))
        let listed = try decide("let c = Theme.Colors.background", matcher)
        #expect(path(listed.verdict, matcher) == "color.background")
    }
}
