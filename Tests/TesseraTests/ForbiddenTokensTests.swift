import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Closed tokens (defined once, never overridden) and forbidden values (a theme that does not
/// provide a token): build-time diagnostics instead of a surprise in the app.
struct ThemeRulesTests {
    static let closed = ##""$extensions": {"dev.tessera": {"closed": true}}"##
    static let red = ##"{"colorSpace": "srgb", "components": [1, 0, 0]}"##
    static let blue = ##"{"colorSpace": "srgb", "components": [0, 0, 1]}"##

    @Test func aClosedTokenCannotBeDefinedAgain() {
        let first = SourceFile(path: "a.tokens.json", text: ##"{"repository": {"$type": "color", \##(Self.closed), "accent": {"$value": \##(Self.red)}}}"##)
        let same = SourceFile(path: "b.tokens.json", text: ##"{"repository": {"$type": "color", "accent": {"$value": \##(Self.red)}}}"##)
        let other = SourceFile(path: "c.tokens.json", text: ##"{"repository": {"accent": {"$type": "color", "$value": \##(Self.blue)}}}"##)
        #expect(TokenSystem.resolving(files: [first, same]).diagnostics.isEmpty)
        let result = TokenSystem.resolving(files: [first, other])
        let closed = result.diagnostics.filter { $0.id == .closedToken }
        #expect(closed.count == 1)
        #expect(closed.first?.location?.file == "c.tokens.json")
        #expect(closed.first?.notes.first?.location?.file == "a.tokens.json")
        #expect(result.partialTokens["repository.accent"]?.value == .color(TokenColor(.srgb, [0, 0, 1])), "the later definition still wins")
    }

    static let themed = ##"""
        {"version": "2025.10",
         "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}, "components": {"sources": [{"$ref": "components.tokens.json"}]}},
         "modifiers": {"theme": {"contexts": {"orange": [], "lite": [{"$ref": "lite.tokens.json"}]}, "default": "orange"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/sets/components"}]}
        """##

    static func tokenSystem(lite: String) -> TokenSystem {
        ResolverTests.tokenSystem(themed, files: [
            "base.tokens.json": ##"{"color": {"$type": "color", "repository": {\##(Self.closed), "accent": {"$value": \##(Self.red)}}, "decorative": {"$value": \##(Self.red)}, "warning": {"$value": \##(Self.red)}}}"##,
            "components.tokens.json": ##"{"badge": {"$type": "color", "bg": {"$value": "{color.decorative}"}, "fg": {"$value": "{color.warning}"}}}"##,
            "lite.tokens.json": lite,
        ])
    }

    @Test func aContextCannotOverrideAClosedToken() {
        let report = Self.tokenSystem(lite: ##"{"color": {"repository": {"accent": {"$value": \##(Self.blue)}}}}"##).checkAllPermutations()
        let closed = report.diagnostics.filter { $0.id == .closedToken }
        #expect(closed.count == 1)
        #expect(closed.first?.notes.contains { $0.message.contains("only when theme=lite") } == true)
    }

    @Test func forbiddenTokensAndTheirUsersAreReported() {
        let lite = ##"{"color": {"decorative": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0}, "$extensions": {"dev.tessera": {"forbidden": "lite has no decorative colors"}}}}}"##
        let report = Self.tokenSystem(lite: lite).checkAllPermutations()
        let forbidden = report.diagnostics.filter { $0.id == .forbiddenToken }
        let uses = report.diagnostics.filter { $0.id == .usesForbiddenToken }
        #expect(forbidden.count == 1 && uses.count == 1)
        #expect(forbidden.first?.message == "token 'color.decorative' is not provided by this theme: lite has no decorative colors")
        #expect(uses.first?.message == "token 'badge.bg' uses 'color.decorative', which this theme does not provide")
        #expect(uses.first?.severity == .error)
        #expect(uses.first?.notes.contains { $0.message.contains("only when theme=lite") } == true)
        // The default theme provides it: no diagnostic there.
        var system59 = Self.tokenSystem(lite: lite)
        let orange = system59.resolve(inputs: [:])
        #expect(orange.diagnostics.isEmpty)
    }
}
