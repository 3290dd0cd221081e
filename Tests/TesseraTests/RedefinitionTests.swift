import Foundation
import TesseraDifferential
import TesseraTestSupport
import Testing

@testable import Tessera

/// A redefinition applied to resolved tokens must give what resolving the edited tokens from
/// scratch gives: the same values and the same problems, for random edits of a random graph.
struct RedefinitionTests {
    /// Token `t<i>` is a number or an alias; `forbidden` tokens carry the forbidden flag.
    struct System {
        var definitions: [String: String]
        var forbidden: Set<String>

        var text: String {
            let members = definitions.keys.sorted().map { name -> String in
                let flag = forbidden.contains(name) ? ##", "$extensions": {"dev.tessera": {"forbidden": true}}"## : ""
                return ##""\##(name)": {"$type": "number", "$value": \##(definitions[name]!)\##(flag)}"##
            }
            return "{" + members.joined(separator: ",\n") + "}"
        }
    }

    static func randomSystem(_ random: inout SplitMix64, count: Int) -> System {
        var definitions: [String: String] = [:]
        var forbidden = Set<String>()
        for index in 0..<count {
            let name = "t\(index)"
            definitions[name] = random.next() % 3 == 0 ? "\(random.next() % 100)" : "\"{t\(random.next() % UInt64(count))}\""
            if random.next() % 9 == 0 { forbidden.insert(name) }
        }
        return System(definitions: definitions, forbidden: forbidden)
    }

    /// The problems as (id, token) pairs, sorted: locations differ (a redefinition is not a file).
    static func problems(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.id) \($0.location?.token ?? "-") \($0.severity)" }.sorted()
    }

    @Test(arguments: [11, 12, 13, 14, 15])
    func aRedefinitionAgreesWithResolvingTheEditedTokens(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<40 {
            var system = Self.randomSystem(&random, count: 12)
            let base = pipeline(system.text)
            var redefinition = Redefinition()
            for _ in 0..<(1 + random.next() % 3) {
                let name = "t\(random.next() % 14)"   // t12 and t13 are new tokens
                switch random.next() % 5 {
                case 0:
                    let value = Double(random.next() % 50)
                    redefinition.set(name, to: .typed(.number(value)))
                    system.definitions[name] = "\(Int(value))"
                case 1, 2:
                    let target = "t\(random.next() % 12)"
                    redefinition.set(name, to: .alias([target]), type: .number)
                    system.definitions[name] = "\"{\(target)}\""
                case 3:
                    redefinition.set(name, to: .raw(JSONValue(.string("{nowhere}"))), type: .number)
                    system.definitions[name] = "\"{nowhere}\""
                default:
                    redefinition.remove(name)
                    system.definitions[name] = nil
                }
            }
            // A token given a new value keeps its flags; new tokens carry none; removed ones take
            // theirs with them.
            system.forbidden = system.forbidden.filter { system.definitions[$0] != nil }
            let redefined = base.redefining(redefinition)
            let fresh = pipeline(system.text)
            #expect(ResolvedEmitter.flat(redefined.partialTokens) == ResolvedEmitter.flat(fresh.partialTokens), "\(system.text)")
            #expect(Self.problems(redefined.diagnostics) == Self.problems(fresh.diagnostics), "\(system.text)")
        }
    }

    @Test func onlyTheChangedTokensAndTheirDependentsAreResolvedAgain() throws {
        let base = pipeline(##"""
            {"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": "{a}"},
             "c": {"$type": "number", "$value": 3}, "d": {"$type": "number", "$value": "{zzz}"}}
            """##)
        var redefinition = Redefinition()
        redefinition.set("a", to: .typed(.number(10)))
        let start = try #require(base.base)
        let result = start.redefined(by: redefinition)
        #expect(Stages.apply(redefinition, to: start).affected?.map { result.base.resolution.document.tokens[$0].path } == ["a", "b"])
        #expect(result.base.resolution.resolved.value("b") == .number(10))
        // The unknown reference of an untouched token is still reported.
        #expect(result.diagnostics.map(\.id) == [.referenceUnknown])
    }

    @Test func aTypedValueOfTheWrongTypeIsAnError() {
        let base = pipeline(##"{"a": {"$type": "number", "$value": 1}, "b": {"$value": "{a}"}}"##)
        var redefinition = Redefinition()
        redefinition.set("a", to: .typed(.string("ten")), type: .number)
        let redefined = base.redefining(redefinition)
        #expect(redefined.diagnostics.map(\.id) == [.typeMismatch])
        #expect(redefined.diagnostics.first?.location?.file == "redefinition")
        #expect(throws: ResolutionFailure.self) { try redefined.tokens() }
    }

    /// A redefinition changes the resolved tokens: a token a group inherited through
    /// `$extends` and then removed stays removed, even when tokens are added beside it.
    @Test func aRemovedInheritedTokenStaysRemoved() throws {
        let base = pipeline(##"{"base": {"$type": "number", "v": {"$value": 1}, "w": {"$value": 2}}, "more": {"$extends": "{base}"}}"##)
        #expect(try base.tokens().value("more.v") == .number(1))
        var redefinition = Redefinition()
        redefinition.remove("more.v")
        redefinition.set("more.x", to: .typed(.number(3)))
        let redefined = try base.redefining(redefinition).tokens()
        #expect(redefined["more.v"] == nil)
        #expect(redefined.value("more.w") == .number(2))
        #expect(redefined.value("more.x") == .number(3))
        #expect(redefined.value("base.v") == .number(1))
    }

    /// A permutation redefined at run time, as a white-label brand would be.
    @Test func aPermutationCanBeRedefined() throws {
        let file = SourceFile(path: "inline.resolver.json", text: ##"""
            {"version": "2025.10", "sets": {"base": {"sources": [
              {"color": {"$type": "color", "brand": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
                "link": {"$value": "{color.brand}"}}}]}},
             "resolutionOrder": [{"$ref": "#/sets/base"}]}
            """##)
        var system124 = TokenSystem(resolver: file)
        let permutation = system124.resolve(inputs: [:])
        var brand = Redefinition()
        let blue = TokenColor(.srgb, [0, 0, 1])
        brand.set("color.brand", to: .typed(.color(blue)))
        let branded = try permutation.redefining(brand).tokens()
        #expect(branded.value("color.link") == .color(blue))
        #expect(try permutation.tokens().value("color.link") == .color(TokenColor(.srgb, [1, 0, 0])))
    }
}
