import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Theme groups meant one at a time: one group per brand, each with a light and a dark theme
/// defining the same tokens. Layered, the later brand would hide the first in every
/// permutation; Tokens Studio lets a group have no active theme, and so does Tessera.
struct TokensStudioAlternativeGroupsTests {
    /// A single-file sync: `core` shared, a set per brand and mode, a group per brand.
    static func document(extraGroup: Bool = false) -> String {
        let mode = extraGroup ? #"""
            , {"id": "d", "name": "Compact", "group": "Density", "selectedTokenSets": {"density/compact": "enabled"}}
            """# : ""
        let density = extraGroup ? #", "density/compact": {"space": {"value": "4", "type": "spacing"}}"# : ""
        return #"""
            {
              "core": {"blue": {"value": "#0000ff", "type": "color"}, "green": {"value": "#00ff00", "type": "color"}},
              "a/light": {"bg": {"value": "{blue}", "type": "color"}, "fg": {"value": "#000000", "type": "color"}},
              "a/dark": {"bg": {"value": "#000080", "type": "color"}, "fg": {"value": "#ffffff", "type": "color"}},
              "b/light": {"bg": {"value": "{green}", "type": "color"}, "fg": {"value": "#111111", "type": "color"}},
              "b/dark": {"bg": {"value": "#008000", "type": "color"}, "fg": {"value": "#eeeeee", "type": "color"}}
            """# + density + #"""
            ,
              "$themes": [
                {"id": "1", "name": "Light", "group": "Brand A", "selectedTokenSets": {"core": "source", "a/light": "enabled"}},
                {"id": "2", "name": "Dark", "group": "Brand A", "selectedTokenSets": {"core": "source", "a/dark": "enabled"}},
                {"id": "3", "name": "Light", "group": "Brand B", "selectedTokenSets": {"core": "source", "b/light": "enabled"}},
                {"id": "4", "name": "Dark", "group": "Brand B", "selectedTokenSets": {"core": "source", "b/dark": "enabled"}}
            """# + mode + #"""
              ],
              "$metadata": {"tokenSetOrder": ["core", "a/light", "a/dark", "b/light", "b/dark"]}
            }
            """#
    }

    static func system(_ text: String) -> TokenSystem {
        TokensStudioImporter().system(for: SourceFile(path: "tokens.json", text: text), options: PipelineOptions())
    }

    static func modifiers(_ system: TokenSystem) throws -> [String] {
        try #require(system.resolver).layers.compactMap { layer in
            guard case .modifier(let modifier) = layer else { return nil }
            return "\(modifier.name): " + modifier.contexts.map(\.name).joined(separator: ", ") + " (\(modifier.defaultContext ?? "-"))"
        }
    }

    @Test func aBrandLaterGroupsHideIsOneAtATime() throws {
        let system = Self.system(Self.document())
        #expect(try Self.modifiers(system) == ["Brand A: Light, Dark (Light)", "Brand B: Light, Dark, none (none)"])
        let notes = system.checkAllPermutations().diagnostics
        #expect(notes.map(\.id) == [.studioAlternativeGroups], "\(notes.map(\.message))")
        #expect(notes.first?.severity == .note)
        #expect(notes.first?.location?.line == 10)
    }

    /// Each brand in each mode alone, and the default: the first brand.
    @Test(arguments: [
        ([:], "#0000ffff", "#000000ff"),
        (["Brand A": "Dark"], "#000080ff", "#ffffffff"),
        (["Brand B": "Light"], "#00ff00ff", "#111111ff"),
        (["Brand A": "Dark", "Brand B": "Dark"], "#008000ff", "#eeeeeeff"),
    ])
    func eachBrandAlone(_ inputs: [String: String], _ bg: String, _ fg: String) {
        var system = Self.system(Self.document())
        let tokens = system.resolve(inputs: inputs).partialTokens
        #expect(tokens["bg"]?.value.flatText == bg)
        #expect(tokens["fg"]?.value.flatText == fg)
    }

    /// A group that adds tokens of its own is layered as before: no `none`.
    @Test func groupsThatAddTheirOwnTokensStayLayered() throws {
        let system = Self.system(Self.document(extraGroup: true))
        #expect(try Self.modifiers(system) == ["Brand A: Light, Dark (Light)", "Brand B: Light, Dark, none (none)", "Density: Compact (Compact)"])
    }

    /// Groups that define some of the same tokens but not all are layered as Tokens Studio's
    /// transforms layer them.
    @Test func partlyOverlappingGroupsStayLayered() throws {
        let text = Self.document().replacingOccurrences(of: ##""b/light": {"bg": {"value": "{green}", "type": "color"}, "fg": {"value": "#111111", "type": "color"}}"##,
            with: ##""b/light": {"bg": {"value": "{green}", "type": "color"}}"##)
        #expect(try Self.modifiers(Self.system(text)) == ["Brand A: Light, Dark (Light)", "Brand B: Light, Dark (Light)"])
    }
}

/// A file with no theme whose sets are named as modes (`$themes: []`, sets `light` and `dark`,
/// as exports without themes are written): the sets are one collection's modes, not merged in
/// order, where `dark` would hide `light` in every permutation.
struct TokensStudioModeSetsTests {
    static func system(_ sets: String) -> TokenSystem {
        TokensStudioImporter().system(for: SourceFile(path: "tokens.json", text: ##"{"global": {"grey": {"value": "#808080", "type": "color"}}, "##
            + sets + ##", "$themes": [], "$metadata": {"tokenSetOrder": []}}"##), options: PipelineOptions())
    }

    static let modes = ##""light": {"bg": {"value": "#ffffff", "type": "color"}, "fg": {"value": "{grey}", "type": "color"}}, "dark": {"bg": {"value": "#000000", "type": "color"}, "fg": {"value": "#cccccc", "type": "color"}}"##

    @Test(arguments: [("light", "#ffffffff", "#808080ff"), ("dark", "#000000ff", "#ccccccff")])
    func setsNamedAsModesAreModes(_ mode: String, _ bg: String, _ fg: String) throws {
        var system = Self.system(Self.modes)
        let modifiers = try #require(system.resolver).layers.compactMap { layer -> String? in
            guard case .modifier(let modifier) = layer else { return nil }
            return "\(modifier.name): \(modifier.contexts.map(\.name)) (\(modifier.defaultContext ?? "-"))"
        }
        #expect(modifiers == [#"mode: ["light", "dark"] (light)"#])
        let result = system.resolve(inputs: ["mode": mode])
        #expect(result.partialTokens["bg"]?.value.flatText == bg)
        #expect(result.partialTokens["fg"]?.value.flatText == fg)
        #expect(result.partialTokens["grey"] != nil)
        #expect(result.diagnostics.map(\.id) == [.formatChosen])
    }

    /// A `light` and a `dark` variant of a component define tokens of their own: merged.
    @Test func variantsNamedLightAndDarkStayMerged() throws {
        let system = Self.system(##""light": {"button-light": {"value": "#ffffff", "type": "color"}}, "dark": {"button-dark": {"value": "#000000", "type": "color"}}"##)
        #expect(try #require(system.resolver).layers.allSatisfy { if case .set = $0 { true } else { false } })
    }
}
