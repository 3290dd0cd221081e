import Tessera
import TesseraTestSupport
import Testing

struct GroupAndMergeTests {
    @Test func extendsCopiesTokensAndLocalTokensReplaceThemWhole() {
        let result = pipeline(##"""
            {"button": {"$type": "color",
                        "bg": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1]}},
                        "fg": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}},
                        "border": {"$type": "border", "$value": {"color": "{button.bg}", "width": {"value": 1, "unit": "px"}, "style": "solid"}}},
             "danger": {"$extends": "{button}", "bg": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}
            """##)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))")
        #expect(flat(result, "danger.bg") == "#ff0000ff")
        #expect(flat(result, "danger.fg") == "#ffffffff")
        #expect(flat(result, "danger.border")?.contains("#0000ffff") == true, "references in inherited values are kept as written")
    }

    @Test func extendsChainsApplyTargetFirst() {
        let result = pipeline(##"""
            {"a": {"$type": "number", "x": {"$value": 1}}, "b": {"$extends": "{a}", "y": {"$value": 2}}, "c": {"$extends": "{b}"}}
            """##)
        #expect(!result.hasErrors)
        #expect(result.partialTokens["c.x"]?.value == .number(1))
        #expect(result.partialTokens["c.y"]?.value == .number(2))
    }

    @Test func groupLevelRefActsAsExtends() {
        let result = pipeline(##"{"a": {"$type": "number", "x": {"$value": 1}}, "b": {"$ref": "#/a", "y": {"$value": 2}}}"##)
        #expect(!result.hasErrors)
        #expect(result.partialTokens["b.x"]?.value == .number(1))
    }

    @Test func extendsCyclesAreErrors() {
        expectDiagnostics(##"{"a": {"$extends": ⊙"{b}", "t": {"$type": "number", "$value": 1}}, "b": {"$extends": "{a}"}}"##, [.extendsCycle])
        expectDiagnostics(##"{"a": {"t": {"$type": "number", "$value": 1}, "b": {"$extends": ⊙"{a}"}}}"##, [.extendsCycle])
    }

    @Test func extendsTargetMustBeAGroup() {
        expectDiagnostics(##"{"t": {"$type": "number", "$value": 1}, "g": {"$extends": ⊙"{t}"}}"##, [.extendsNotGroup])
        expectDiagnostics(##"{"g": {"$extends": ⊙"{nothing}"}}"##, [.referenceUnknown])
    }

    @Test func valueBesideChildTokensIsAnError() {
        expectDiagnostics(##"{"a": {"$type": "number", "$value": 1, ⊙"b": {"$value": 2}}}"##, [.valueWithChildren])
    }

    @Test(arguments: ["$bad", "a{b", "a}b", "a.b"])
    func invalidNamesAreErrors(_ name: String) {
        expectDiagnostics(##"{⊙"\##(name)": {"$type": "number", "$value": 1}}"##, [.invalidName])
    }

    @Test func unknownTypeIsAWarningAndTheTokenIsSkipped() {
        let result = pipeline(##"{"v": {"$type": "custom-range", "$value": [1, 2]}}"##)
        #expect(result.diagnostics.map(\.id) == [.unknownType])
        #expect(!result.hasErrors)
        #expect(result.partialTokens["v"] == nil)
    }

    @Test func laterFileWinsAndAConflictIsReportedWithBothPlaces() throws {
        let result = pipeline([
            "1-light.json": ##"{"bg": {"$type": "number", "$value": 1}}"##,
            "2-dark.json": ##"{"bg": {"$type": "number", "$value": 2}}"##,
        ])
        #expect(result.partialTokens["bg"]?.value == .number(2))
        let conflict = try #require(result.diagnostics.first)
        #expect(conflict.id == .mergeConflict)
        #expect(conflict.location?.file == "2-dark.json")
        #expect(conflict.notes.first?.location?.file == "1-light.json")
    }

    @Test func identicalDefinitionsInTwoFilesAreNotAConflict() {
        let result = pipeline([
            "a.json": ##"{"x": {"$type": "number", "$value": 1}}"##,
            "b.json": ##"{"x": {"$type": "number", "$value": 1}}"##,
        ])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func referencesResolveAcrossFiles() {
        let result = pipeline([
            "core.json": ##"{"blue": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1]}}}"##,
            "semantic.json": ##"{"accent": {"$value": "{blue}"}}"##,
        ])
        #expect(!result.hasErrors)
        #expect(flat(result, "accent") == "#0000ffff")
    }

    @Test func nothingOfABrokenFileIsKept() {
        let result = pipeline([
            "1.json": ##"{"a": {"$type": "number", "$value": 1}, "g": {"$type": "number"}}"##,
            "2.json": ##"{"a": {"$type": "number", "$value": 2}, "b": {"$value": 3}, "g": {"$type": "color"}, "c": {"$type": "number", "$value": 4},"##,
            "3.json": ##"{"d": {"$value": "{a}"}}"##,
        ])
        #expect(result.diagnostics.map(\.id) == [.jsonSyntax])
        #expect(result.partialTokens["a"]?.value == .number(1))
        #expect(result.partialTokens["b"] == nil)
        #expect(result.partialTokens["c"] == nil)
        #expect(result.document.groups["g"]?.type == .number)
        #expect(result.partialTokens["d"]?.value == .number(1))
        #expect(result.document.files.map(\.path) == ["1.json", "3.json"])
    }
}
