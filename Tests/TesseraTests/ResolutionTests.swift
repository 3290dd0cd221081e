import TesseraTestSupport
import Testing

@testable import Tessera

struct ResolutionTests {
    static let palette = ##"""
        "base": {
          "$type": "color",
          "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}},
          "space": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}
        }
        """##

    @Test func aliasesTakeTheirTargetsTypeAndValue() {
        let result = pipeline(##"{\##(Self.palette), "semantic": {"primary": {"$value": "{base.blue}"}, "link": {"$value": "{semantic.primary}"}}}"##)
        #expect(!result.hasErrors)
        #expect(result.partialTokens["semantic.link"]?.type == .color)
        #expect(result.partialTokens["semantic.link"]?.value == result.partialTokens["base.blue"]?.value)
        #expect(result.partialTokens["semantic.link"]?.aliasOf == "semantic.primary")
    }

    @Test func explicitTypeBeatsGroupTypeAndAliasTypeBeatsGroupType() {
        let result = pipeline(##"{\##(Self.palette), "g": {"$type": "dimension", "a": {"$value": "{base.blue}"}}}"##)
        #expect(!result.hasErrors)
        #expect(result.partialTokens["g.a"]?.type == .color)
        #expect(result.partialTokens["base.space"]?.type == .dimension)
    }

    @Test func typeMismatchThroughAnAliasIsAnError() {
        expectDiagnostics(##"{\##(Self.palette), "a": {"$type": "dimension", "$value": ⊙"{base.blue}"}}"##, [.typeMismatch])
    }

    @Test func typeMismatchInsideACompositeIsAnError() {
        expectDiagnostics(##"""
            {\##(Self.palette), "b": {"$type": "border", "$value": {"color": "{base.blue}", "width": ⊙"{base.blue}", "style": "solid"}}}
            """##, [.typeMismatch])
    }

    @Test func unknownReferenceSuggestsTheClosestToken() throws {
        let source = MarkedSource(##"{\##(Self.palette), "a": {"$value": ⊙"{base.blu}"}}"##)
        let result = pipeline(source.text)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.id == .referenceUnknown)
        #expect(diagnostic.location?.column == source.marks[0].column)
        #expect(diagnostic.fixIts.first?.replacement == "\"{base.blue}\"")
        #expect(diagnostic.notes.first?.message.contains("base.blue") == true)
    }

    @Test func misspelledGroupInTheMiddleIsSuggestedToo() {
        let result = pipeline(##"{\##(Self.palette), "a": {"$value": "{bas.blue}"}}"##)
        #expect(result.diagnostics.first?.fixIts.first?.replacement == "\"{base.blue}\"")
    }

    @Test func referenceToAGroupIsAnError() {
        expectDiagnostics(##"{\##(Self.palette), "a": {"$value": ⊙"{base}"}}"##, [.referenceToGroup])
    }

    @Test func cycleIsReportedOnceWithEveryMemberAsANote() throws {
        let result = pipeline(##"""
            {"a": {"$type": "number", "$value": "{b}"}, "b": {"$value": "{c}"}, "c": {"$value": "{a}"}, "d": {"$value": "{a}"}}
            """##)
        let cycles = result.diagnostics.filter { $0.id == .referenceCycle }
        #expect(cycles.count == 1)
        let cycle = try #require(cycles.first)
        #expect(cycle.message.contains("'a' → 'b' → 'c' → 'a'"))
        #expect(cycle.notes.count == 2)
        #expect(result.diagnostics.count == 1, "dependents of a cycle fail quietly")
        #expect(result.partialTokens["d"] == nil)
    }

    @Test func selfReferenceIsACycle() {
        expectDiagnostics(##"{"a": {"$type": "number", "$value": ⊙"{a}"}}"##, [.referenceCycle])
    }

    @Test func malformedReferenceIsReported() {
        expectDiagnostics(##"{"a": {"$type": "number", "$value": ⊙"{a..b}"}}"##, [.referenceSyntax])
    }

    @Test func missingTypeIsReportedWithAFixIt() {
        expectDiagnostics(##"{⊙"a": {"$value": 1}}"##, [.missingType])
    }

    @Test func hundredThousandLongChainResolvesWithoutRecursion() {
        let count = 100_000
        var text = ##"{"t0": {"$type": "number", "$value": 42}"##
        for index in 1..<count { text += ##", "t\##(index)": {"$value": "{t\##(index - 1)}"}"## }
        text += "}"
        let result = pipeline(text)
        #expect(!result.hasErrors)
        #expect(result.partialTokens["t\(count - 1)"]?.value == .number(42))
    }

    @Test func tenThousandLongCycleIsOneDiagnostic() {
        let count = 10_000
        var text = ##"{"t0": {"$type": "number", "$value": "{t\##(count - 1)}"}"##
        for index in 1..<count { text += ##", "t\##(index)": {"$value": "{t\##(index - 1)}"}"## }
        text += "}"
        let result = pipeline(text)
        #expect(result.diagnostics.map(\.id) == [.referenceCycle])
        #expect(result.diagnostics.first?.notes.count == count - 1)
    }

    @Test func jsonPointerReferencesReachIntoValues() {
        let result = pipeline(##"""
            {"base": {"$type": "color", "blue": {"$value": {"colorSpace": "srgb", "components": [0.2, 0.4, 0.9]}}},
             "alias": {"$ref": "#/base/blue"},
             "hue": {"$type": "number", "$value": {"$ref": "#/base/blue/$value/components/1"}},
             "mix": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [{"$ref": "#/base/blue/$value/components/0"}, 0, 0]}}}
            """##)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))")
        #expect(result.partialTokens["alias"]?.value == result.partialTokens["base.blue"]?.value)
        #expect(result.partialTokens["hue"]?.value == .number(0.4))
        #expect(result.partialTokens["mix"]?.value == .color(TokenColor(.srgb, [0.2, 0, 0])))
    }

    @Test func pointerEscapesFollowRFC6901() {
        let result = pipeline(##"""
            {"a~b": {"c/d": {"$type": "number", "$value": 7}}, "x": {"$type": "number", "$value": {"$ref": "#/a~0b/c~1d/$value"}}}
            """##)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))")
        #expect(result.partialTokens["x"]?.value == .number(7))
    }

    @Test func pointerThatLeadsNowhereIsAnError() {
        expectDiagnostics(##"""
            {\##(Self.palette), "x": {"$type": "number", "$value": {"$ref": ⊙"#/base/blue/$value/components/7"}}}
            """##, [.pointerUnresolved])
    }

    @Test func shadowAndGradientArraysMayHoldAliases() {
        let result = pipeline(##"""
            {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}},
             "s": {"$type": "shadow", "$value": {"color": "{c}", "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 1, "unit": "px"}, "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}},
             "layered": {"$type": "shadow", "$value": ["{s}", "{s}"]},
             "g": {"$type": "gradient", "$value": [{"color": "{c}", "position": 0}, {"color": "{c}", "position": 1}]}}
            """##)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))")
        guard case .shadow(let layers, true)? = result.partialTokens["layered"]?.value else {
            Issue.record("layered shadow did not resolve")
            return
        }
        #expect(layers.count == 2)
    }

    @Test func deprecationIsInheritedAndCanBeOverridden() {
        let result = pipeline(##"""
            {"old": {"$deprecated": "use new", "$type": "number", "a": {"$value": 1}, "b": {"$value": 2, "$deprecated": false}},
             "user": {"$value": "{old.a}"}}
            """##)
        #expect(result.partialTokens["old.a"]?.isDeprecated == true)
        #expect(result.partialTokens["old.b"]?.isDeprecated == false)
        #expect(result.diagnostics.map(\.id) == [.deprecatedReference])
    }

    @Test func extensionsAreKept() {
        let result = pipeline(##"{"a": {"$type": "number", "$value": 1, "$extensions": {"com.example": {"x": [1, 2]}}}}"##)
        #expect(result.partialTokens["a"]?.extensions?["com.example"]?["x"]?.array?.count == 2)
    }

    @Test func rootTokenIsAddressable() {
        let result = pipeline(##"{"s": {"$type": "number", "$root": {"$value": 4}, "l": {"$value": 8}}, "x": {"$value": "{s.$root}"}}"##)
        #expect(!result.hasErrors)
        #expect(result.partialTokens["x"]?.value == .number(4))
    }

    @Test func fontFamilyListsMaySpliceInOtherFamilies() {
        let result = pipeline(##"""
            {"brand": {"$type": "fontFamily", "$value": ["Brand Sans", "Inter"]},
             "stack": {"$type": "fontFamily", "$value": ["{brand}", "system-ui"]},
             "wrong": {"$type": "fontFamily", "$value": ["{size}"]},
             "size": {"$type": "number", "$value": 2}}
            """##)
        #expect(result.partialTokens["stack"]?.value == .fontFamily(["Brand Sans", "Inter", "system-ui"], isList: true))
        #expect(result.diagnostics.map(\.id) == [.typeMismatch])
    }
}

/// Large documents are evaluated in waves on two cores; the outcome must be exactly what one
/// core gives: the same values, and the same diagnostics in the same order, including which
/// warnings are summed up.
struct ParallelEvaluationTests {
    static let document: TokenDocument = {
        var text = ##"{"p": {"$type": "color""##
        for index in 0..<3_000 {
            switch index % 7 {
            case 0: text += ##", "c\##(index)": {"$value": "#\##(String(format: "%06x", index * 997 % 0xFFFFFF))"}"##
            case 1: text += ##", "c\##(index)": {"$value": {"colorSpace": "srgb", "components": [2, 0, 0]}}"##
            case 2: text += ##", "c\##(index)": {"$value": "{p.c\##(index - 2)}"}"##
            case 3: text += ##", "c\##(index)": {"$value": "{p.c\##(index - 1)}"}"##
            case 4: text += ##", "c\##(index)": {"$type": "dimension", "$value": "{p.c\##(index - 4)}"}"##
            case 5: text += ##", "c\##(index)": {"$type": "border", "$value": {"color": "{p.c\##(index - 2)}", "width": "1px", "style": "solid"}}"##
            default: text += ##", "c\##(index)": {"$value": {"colorSpace": "oklch", "components": [0.5, 0.1, \##(index % 360)]}}"##
            }
        }
        text += "}}"
        return pipeline(text).document
    }()

    @Test func twoCoresGiveWhatOneGives() {
        let options = PipelineOptions(warningLimit: 100)
        let (oneValues, oneDiagnostics) = AliasResolver.resolve(Self.document, options: options, parallelThreshold: .max)
        let (twoValues, twoDiagnostics) = AliasResolver.resolve(Self.document, options: options, parallelThreshold: 1)
        #expect(oneDiagnostics.count > 300, "the set has warnings past the limit and errors")
        #expect(Set(oneDiagnostics.map(\.id)).isSuperset(of: [.colorLegacy, .dimensionLegacy, .valueOutOfRange, .typeMismatch]))
        LargeFileTests.expectSame(twoDiagnostics, oneDiagnostics)
        #expect(oneValues.count == twoValues.count)
        for token in oneValues.all {
            #expect(twoValues[token.path]?.value == token.value)
        }
    }
}
