import Foundation
import Tessera
import TesseraGenerate
import TesseraTestSupport
import Testing

@testable import TesseraQuality

/// The catalog page's content, read back from its HTML. (Scripts/catalog-browser.sh renders it
/// in Chromium and compares the drawn colors.)
@Suite struct CatalogTests {
    static func page(pairs: [ContrastPair] = []) throws -> (String, GenerationContext) {
        let permutations = try Codegen.permutations(Codegen.example)
        let context = GenerationContext(permutations, name: "Example")
        return (CatalogEmitter(contrastPairs: pairs).emit(context), context)
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    @Test func everyColorHasASwatchInEveryColumnWithItsValue() throws {
        let (page, context) = try Self.page()
        let columns = CatalogEmitter.columns(context)
        // Light, dark and high contrast side by side, then the other contexts.
        #expect(columns.prefix(4).map { CatalogEmitter.heading($0, in: context) } == ["default", "dark", "high", "dark · high"])
        // Beside the other columns, the default one is titled by the default contexts they change.
        let headings = columns.map { CatalogEmitter.heading($0, in: context, columns: columns) }
        #expect(headings.first == context.modifiers.filter { modifier in
            columns.contains { context.contexts(of: $0)[modifier.name] != modifier.defaultContext }
        }.map(\.defaultContext).joined(separator: " · "))
        #expect(headings.first?.contains("light") == true && headings.first?.contains("default") == false)
        #expect(columns.map { CatalogEmitter.heading($0, in: context) }.contains("elevated"))
        let swatches = Self.matches(#"<div class="swatch" data-path="([^"]+)" data-permutation="([^"]+)" style="background-color: ([^"]+)">"#, in: page)
        let colors = context.tokens.filter { $0.type == .color }
        #expect(swatches.count == colors.count * columns.count)
        // Each swatch's color is its token's value in that permutation, as CSS writes it.
        for swatch in swatches {
            let token = try #require(colors.first { $0.path == swatch[1] })
            var contexts: [String: String] = [:]
            for pair in swatch[2].split(separator: ",") {
                let parts = pair.split(separator: "=").map(String.init)
                contexts[parts[0]] = parts[1]
            }
            let permutation = try #require(context.numbering.permutation(of: contexts))
            #expect(swatch[3] == CSSEmitter.css(token.value(in: permutation)), "\(swatch[1]) \(swatch[2])")
        }
    }

    @Test func aliasesLinkToTokensOnThePage() throws {
        let (page, context) = try Self.page()
        let ids = Set(Self.matches(#"<tr class="token" id="t-([^"]+)""#, in: page).map { $0[1] })
        #expect(ids.count == context.tokens.count)
        let links = Self.matches(##"<a class="alias" href="#t-([^"]+)">"##, in: page).map { $0[1] }
        #expect(links.count == context.tokens.filter { $0.aliasOf != nil }.count)
        #expect(links.allSatisfy(ids.contains))
    }

    @Test func scalesSpecimensAndShadowsAreDrawn() throws {
        let (page, _) = try Self.page()
        // space.xl is 44px: a bar 44px wide; radius.md a box with a 12px corner.
        #expect(page.contains(#"<tr class="token" id="t-space.xl""#))
        #expect(Self.matches(#"id="t-space\.xl"[^\n]*\n[^\n]*\n<td colspan="10"><div class="bar" style="width: 44px">"#, in: page).count == 1)
        #expect(Self.matches(#"id="t-radius\.md"[^\n]*\n[^\n]*\n<td colspan="10"><div class="radius" style="border-radius: 12px">"#, in: page).count == 1)
        // Typography at its size (typography.title takes font.size.title, 28px), the shadow as a box-shadow.
        #expect(Self.matches(#"id="t-typography\.title"[^\n]*\n[^\n]*\n<td colspan="10"><div class="specimen" style="[^"]*; font-size: 28px; "#,
            in: page).count == 1)
        #expect(page.contains("box-shadow: 0px 1px 2px 0px #00000029, 0px 8px 24px -4px #00000029"))
        #expect(page.contains(#"<input id="search" type="search""#))
    }

    @Test func contrastBadgesShowTheWorstPermutation() throws {
        let (page, _) = try Self.page(pairs: [ContrastPair(foreground: "color.text.link", background: "color.background.default")])
        let badges = Self.matches(##"<a class="badge (pass|fail)" href="#t-color\.background\.default" title="([^"]+)">([^<]+)</a>"##, in: page)
        #expect(badges.count == 1)
        #expect(badges.first?[1] == "pass")
        #expect(badges.first?[3].hasPrefix("✓ AA ") == true)
        #expect(badges.first?[2].contains("worst in") == true)
    }

    /// Nothing on the page comes from elsewhere.
    @Test func noNetwork() throws {
        let (page, _) = try Self.page()
        #expect(Self.matches(#"(src|href)="(https?:)?//|url\((https?:)?//|@import"#, in: page).isEmpty)
        #expect(!page.contains("<link"))
        #expect(!page.contains("<script src"))
    }

    @Test func namesAreEscaped() throws {
        #expect(CatalogEmitter.html(#"<a href="x">&'"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
        let file = TestScratch.root.appendingPathComponent("catalog-escape.tokens.json")
        try Data(#"{ "a<b": { "$type": "string", "$value": "</td><script>alert(1)</script>", "$description": "\"quoted\" & <b>" } }"#.utf8).write(to: file)
        let tokens = try TokenSystem.resolving(paths: [file.path]).tokens()
        let page = CatalogEmitter().emit(GenerationContext(tokens, name: "x"))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("a&lt;b"))
        #expect(page.contains("&quot;quoted&quot; &amp; &lt;b&gt;"))
    }
}
