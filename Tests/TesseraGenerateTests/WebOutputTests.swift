import Foundation
import Tessera
import TesseraTestSupport
import Testing

@testable import TesseraGenerate

@Suite struct WebOutputTests {
    /// Two ways to one answer: the generated CSS, applied by a small model of the cascade
    /// (media queries, `data-` attributes, specificity, then source order), gives every token
    /// the value the resolver gives in every state a page can be in: each appearance and
    /// contrast the media queries tell, with any combination of the other modifiers' contexts.
    @Test func theCascadeGivesEveryPermutationItsValues() throws {
        let context = try Codegen.context(Codegen.example)
        let emitter = CSSEmitter()
        let css = emitter.emit(context)
        // The rules, in source order.
        struct Rule { var dark = false, high = false, attributes: [String: String] = [:], root = false, values: [String: String] = [:] }
        var rules: [Rule] = []
        var media = (dark: false, high: false)
        var depth = 0
        for line in css.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("@media") {
                media = (line.contains("prefers-color-scheme: dark"), line.contains("prefers-contrast: more"))
                depth += 1
            } else if line.hasSuffix("{") {
                var rule = Rule(dark: media.dark, high: media.high, root: line.hasPrefix(":root"))
                var rest = Substring(line)
                while let open = rest.range(of: "[data-"), let equals = rest[open.upperBound...].range(of: "=\""),
                    let close = rest[equals.upperBound...].range(of: "\"]")
                {
                    rule.attributes[String(rest[open.upperBound..<equals.lowerBound])] = String(rest[equals.upperBound..<close.lowerBound])
                    rest = rest[close.upperBound...]
                }
                rules.append(rule)
                depth += 1
            } else if line == "}" {
                depth -= 1
                if depth == 0 { media = (false, false) }
            } else if line.hasPrefix("--"), let colon = line.firstIndex(of: ":") {
                rules[rules.count - 1].values[String(line[..<colon])] = String(line[line.index(colon, offsetBy: 2)...].dropLast())
            }
        }
        let names = emitter.propertyNames(context)
        let slots = context.appearancePermutations()
        let driven = Set(context.modifiers.filter { modifier in Set(slots.map { context.contexts(of: $0)[modifier.name] }).count > 1 }.map(\.name))
        let others = context.modifiers.filter { !driven.contains($0.name) }
        var checked = 0
        for (slot, slotPermutation) in slots.enumerated() {
            let dark = slot == 1 || slot == 3, high = slot >= 2
            // Every combination of the other modifiers' contexts.
            var combinations: [[String: String]] = [[:]]
            for modifier in others {
                combinations = combinations.flatMap { partial in modifier.contexts.map { partial.merging([modifier.name: $0]) { $1 } } }
            }
            for combination in combinations {
                var contexts = context.contexts(of: slotPermutation)
                contexts.merge(combination) { $1 }
                let permutation = try #require(context.numbering.permutation(of: contexts))
                let set = Dictionary(uniqueKeysWithValues: others.compactMap { modifier in
                    combination[modifier.name] == modifier.defaultContext ? nil : (CSSEmitter.attributeName(modifier.name), combination[modifier.name]!)
                })
                let applying = rules.enumerated().filter { _, rule in
                    (!rule.dark || dark) && (!rule.high || high) && rule.attributes.allSatisfy { set[$0.key] == $0.value }
                }
                for (index, token) in context.tokens.enumerated() {
                    for (property, wanted) in emitter.properties(token.value(in: permutation), name: names[index]) {
                        // The most specific rule that sets it, the last of those.
                        let winner = applying.filter { $0.element.values[property] != nil }.max { a, b in
                            let x = a.element.root ? 1 : a.element.attributes.count, y = b.element.root ? 1 : b.element.attributes.count
                            return x != y ? x < y : a.offset < b.offset
                        }
                        #expect(winner?.element.values[property] == wanted, "\(property) in \(contexts)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func cssMatchesItsGoldenFile() throws {
        try Codegen.expectGolden(CSSEmitter(sourceDescription: "app.resolver.json").emit(try Codegen.context(Codegen.example)), "tokens.css")
    }

    @Test func bundleMatchesItsGoldenFileAndHoldsEveryPermutation() throws {
        let context = try Codegen.context(Codegen.example, name: "app")
        let text = BundleEmitter().emit(context)
        try Codegen.expectGolden(text, "bundle.json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let permutations = try #require(parsed["permutations"] as? [[String: Any]])
        #expect(permutations.count == context.numbering.count)
    }

    @Test func cssMediaQueriesListOnlyWhatChanges() throws {
        let css = CSSEmitter().emit(try Codegen.context(Codegen.example))
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark) {"))
        let darkBlock = css[dark.upperBound...].prefix { $0 != "@" }
        #expect(darkBlock.contains("--color-background-default:"))
        #expect(!darkBlock.contains("--space-"))
        #expect(css.contains("[data-brand=\"ocean\"] {"))
    }
}
