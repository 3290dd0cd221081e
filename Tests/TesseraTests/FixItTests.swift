import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Every fix-it is an edit of the file: applied to the source, it removes the problem it is
/// offered for, and the file then validates cleanly. Each case holds exactly one mistake.
struct FixItTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let id: DiagnosticID
        let source: String
        var testDescription: String { name }
    }

    static let color = ##"{"colorSpace": "srgb", "components": [0, 0, 1]}"##

    static let tokenCases: [Case] = [
        Case(name: "control character in a string", id: .jsonControlCharacter,
            source: "{\"a\": {\"$type\": \"string\", \"$value\": \"x\u{01}y\"}}"),
        Case(name: "invalid escape", id: .jsonInvalidEscape, source: ##"{"a": {"$type": "string", "$value": "x\qy"}}"##),
        Case(name: "leading zeros", id: .jsonInvalidNumber, source: ##"{"a": {"$type": "number", "$value": -007.5}}"##),
        Case(name: "byte order mark", id: .jsonByteOrderMark, source: "\u{FEFF}{\"a\": {\"$type\": \"number\", \"$value\": 1}}"),
        Case(name: "unknown token property", id: .unknownProperty,
            source: ##"{"a": {"$type": "number", "$value": 1, "$note": {"by": "design"}}}"##),
        Case(name: "unknown group property", id: .unknownProperty,
            source: ##"{"g": {"$owner": "design", "a": {"$type": "number", "$value": 1}}}"##),
        Case(name: "name starting with $", id: .invalidName,
            source: ##"{"g": {"$size": {"$type": "number", "$value": 1}}}"##),
        Case(name: "misspelt type", id: .misspeltType, source: ##"{"a": {"$type": "colour", "$value": \##(color)}}"##),
        Case(name: "$extends of an unknown group", id: .referenceUnknown,
            source: ##"{"base": {"$type": "number", "v": {"$value": 1}}, "more": {"$extends": "{bsae}"}}"##),
        Case(name: "unknown curly reference", id: .referenceUnknown,
            source: ##"{"color": {"$type": "color", "blue": {"$value": \##(color)}, "link": {"$value": "{color.bleu}"}}}"##),
        Case(name: "unknown JSON pointer", id: .referenceUnknown,
            source: ##"{"color": {"$type": "color", "blue": {"$value": \##(color)}, "link": {"$value": {"$ref": "#/color/bleu"}}}}"##),
        Case(name: "unknown pointer into a value", id: .referenceUnknown,
            source: ##"{"c": {"$type": "color", "blue": {"$value": \##(color)}}, "n": {"$type": "number", "$value": {"$ref": "#/c/bleu/$value/components/2"}}}"##),
        Case(name: "reference to a group with a root token", id: .referenceToGroup,
            source: ##"{"g": {"$type": "number", "$root": {"$value": 1}, "x": {"$value": 2}}, "a": {"$type": "number", "$value": "{g}"}}"##),
        Case(name: "color written as a string", id: .colorLegacy, source: ##"{"a": {"$type": "color", "$value": "#ff000080"}}"##),
        Case(name: "three-digit hex", id: .shortHexLegacy,
            source: ##"{"a": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#fff"}}}"##),
        Case(name: "bare zero dimension", id: .dimensionUnitLegacy, source: ##"{"a": {"$type": "dimension", "$value": 0}}"##),
        Case(name: "dimension written as a string", id: .dimensionLegacy, source: ##"{"a": {"$type": "dimension", "$value": "4.5rem"}}"##),
        Case(name: "duration written as a string", id: .durationLegacy, source: ##"{"a": {"$type": "duration", "$value": "200ms"}}"##),
        Case(name: "unit dp", id: .dimensionUnitLegacy, source: ##"{"a": {"$type": "dimension", "$value": {"value": 2, "unit": "dp"}}}"##),
        Case(name: "zero without a unit", id: .dimensionUnitLegacy,
            source: ##"{"a": {"$type": "dimension", "$value": {"value": 0, "unit": ""}}}"##),
        Case(name: "misspelt font weight", id: .valueInvalid, source: ##"{"a": {"$type": "fontWeight", "$value": "bolt"}}"##),
        Case(name: "misspelt stroke style", id: .valueInvalid, source: ##"{"a": {"$type": "strokeStyle", "$value": "dashd"}}"##),
        Case(name: "misspelt color space", id: .valueInvalid,
            source: ##"{"a": {"$type": "color", "$value": {"colorSpace": "srbg", "components": [1, 0, 0]}}}"##),
        Case(name: "misspelt member of a value", id: .unknownValueProperty,
            source: ##"{"a": {"$type": "dimension", "$value": {"value": 2, "unti": "px"}}}"##),
    ]

    @Test(arguments: tokenCases)
    func aTokenFileFixItRemovesItsProblem(_ testCase: Case) throws {
        let file = SourceFile(path: "tokens.json", text: testCase.source)
        let before = TokenSystem.resolving(files: [file]).diagnostics
        let fixed = try Self.applyFixIts(of: testCase.id, in: before, to: file)
        let after = TokenSystem.resolving(files: [fixed]).diagnostics
        #expect(after.isEmpty, "\(String(decoding: fixed.bytes, as: UTF8.self)): \(after.map { "\($0.message) [\($0.id)]" })")
    }

    static let set = ##""sets": {"base": {"sources": [{"t": {"$type": "number", "v": {"$value": 1}}}]}}"##
    static let modifier = ##""modifiers": {"mode": {"contexts": {"light": [], "dark": []}, "default": "light"}}"##

    static let resolverCases: [Case] = [
        Case(name: "missing version", id: .resolverVersion,
            source: ##"{\##(set), "resolutionOrder": [{"$ref": "#/sets/base"}]}"##),
        Case(name: "wrong version", id: .resolverVersion,
            source: ##"{"version": "2024.1", \##(set), "resolutionOrder": [{"$ref": "#/sets/base"}]}"##),
        Case(name: "misspelt property", id: .resolverInvalidProperty,
            source: ##"{"version": "2025.10", \##(set), "resolutionOrder": [{"$ref": "#/sets/base"}], "descripton": "x"}"##),
        Case(name: "misspelt set", id: .resolverReferenceUnresolved,
            source: ##"{"version": "2025.10", \##(set), "resolutionOrder": [{"$ref": "#/sets/bsae"}]}"##),
        Case(name: "a set nothing uses", id: .resolverUnusedSet,
            source: ##"{"version": "2025.10", \##(set.dropLast()), "extra": {"sources": [{"x": {"$type": "number", "$value": 2}}]}}, "resolutionOrder": [{"$ref": "#/sets/base"}]}"##),
        Case(name: "the only set, with an empty resolution order", id: .resolverUnusedSet,
            source: ##"{"version": "2025.10", \##(set), "resolutionOrder": []}"##),
        Case(name: "misspelt default context", id: .resolverUnknownContext,
            source: ##"{"version": "2025.10", \##(set), \##(modifier.replacingOccurrences(of: "\"default\": \"light\"", with: "\"default\": \"lihgt\"")), "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}"##),
    ]

    @Test(arguments: resolverCases)
    func aResolverFixItRemovesItsProblem(_ testCase: Case) throws {
        let file = SourceFile(path: "tokens.resolver.json", text: testCase.source)
        let before = ResolverDocument.read(file).1
        let fixed = try Self.applyFixIts(of: testCase.id, in: before, to: file)
        let (document, after) = ResolverDocument.read(fixed)
        #expect(document != nil)
        #expect(after.isEmpty, "\(String(decoding: fixed.bytes, as: UTF8.self)): \(after.map { "\($0.message) [\($0.id)]" })")
    }

    /// A reference to a token of a set the resolver does not use is fixed in the resolver's
    /// file, not in the token file it is written in: the set listed first in the resolution
    /// order (the other sets keep precedence), after which the system is clean.
    @Test func aReferenceToATokenOfAnUnusedSetIsFixedInTheResolver() throws {
        let resolver = SourceFile(path: "/fixits/tokens.resolver.json", text: ##"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.json"}]}, "brand": {"sources": [{"$ref": "brand.json"}]}},
             "resolutionOrder": [{"$ref": "#/sets/base"}]}
            """##)
        let base = SourceFile(path: "/fixits/base.json", text: ##"{"ink": {"$type": "color", "$value": "{brand.primary}"}}"##)
        let brand = SourceFile(path: "/fixits/brand.json", text: ##"{"brand": {"primary": {"$type": "color", "$value": \##(Self.color)}}}"##)
        let system = TokenSystem(resolver: resolver, overlays: [base, brand])
        let before = system.checkAllPermutations().diagnostics
        let unknown = try #require(before.first { $0.id == .referenceUnknown })
        #expect(unknown.location?.file == base.path)
        let fixIt = try #require(unknown.fixIts.first)
        #expect(fixIt.edit.file == resolver.path)
        #expect(fixIt.edit.replacement == ##"{"$ref": "#/sets/brand"}, "##)
        let fixed = SourceFile(path: resolver.path, bytes: try SourceEdit.apply([fixIt.edit], toFile: resolver.path, bytes: resolver.bytes))
        let after = TokenSystem(resolver: fixed, overlays: [base, brand])
        #expect(after.checkAllPermutations().diagnostics.isEmpty, "\(String(decoding: fixed.bytes, as: UTF8.self))")
        #expect(before.contains { $0.id == .resolverUnusedSet && $0.fixIts.map(\.edit) == [fixIt.edit] })
    }

    /// Applies the fix-its of the diagnostics with `id`, requiring at least one.
    static func applyFixIts(of id: DiagnosticID, in diagnostics: [Diagnostic], to file: SourceFile) throws -> SourceFile {
        let chosen = diagnostics.filter { $0.id == id }
        try #require(!chosen.isEmpty, "\(diagnostics.map { "\($0.message) [\($0.id)]" })")
        let edits = chosen.flatMap(\.fixIts).map(\.edit)
        try #require(!edits.isEmpty, "no fix-it for \(chosen.map(\.message))")
        for fixIt in chosen.flatMap(\.fixIts) {
            #expect(fixIt.edit.file == file.path)
            let (line, column) = file.lineAndColumn(at: fixIt.edit.range.lowerBound)
            #expect(fixIt.location.line == line && fixIt.location.column == column, "the fix-it is shown where its edit starts")
        }
        return SourceFile(path: file.path, bytes: try SourceEdit.apply(edits, toFile: file.path, bytes: file.bytes))
    }

    /// A value reached through a reference is not replaced where the reference is written:
    /// the legacy color is fixed in the token that holds it, and the alias stays an alias.
    @Test func aValueReachedThroughAReferenceIsFixedWhereItIsWritten() throws {
        let source = ##"{"shadow": {"$type": "shadow", "$value": {"color": {"$ref": "#/c/$value"}, "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 0, "unit": "px"}, "blur": {"value": 0, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}, "c": {"$type": "color", "$value": "#ff0000"}}"##
        let file = SourceFile(path: "tokens.json", text: source)
        let diagnostics = TokenSystem.resolving(files: [file]).diagnostics.filter { $0.id == .colorLegacy }
        let edits = diagnostics.flatMap(\.fixIts).map(\.edit)
        #expect(!edits.isEmpty)
        let written = Array("\"#ff0000\"".utf8)
        for edit in edits {
            #expect(Array(file.bytes[edit.range]) == written, "only the string where the color is written is replaced")
        }
    }

    @Test func overlappingEditsAreRefused() {
        let bytes = Array("abcdef".utf8)
        let first = SourceEdit(file: "f", range: 1..<4, replacement: "X")
        let second = SourceEdit(file: "f", range: 3..<5, replacement: "Y")
        #expect(throws: SourceEdit.Overlap.self) { try SourceEdit.apply([first, second], toFile: "f", bytes: bytes) }
        let apart = SourceEdit(file: "f", range: 4..<5, replacement: "Y")
        #expect((try? SourceEdit.apply([apart, first], toFile: "f", bytes: bytes)) == Array("aXYf".utf8))
        let elsewhere = SourceEdit(file: "g", range: 0..<1, replacement: "Z")
        #expect((try? SourceEdit.apply([elsewhere], toFile: "f", bytes: bytes)) == bytes)
    }

    @Test(arguments: [
        (#"{"a": [1, {"b": "}"}], "c": 2}"#, 6, #"[1, {"b": "}"}]"#),
        (#"{"a": "x\"y", "b": 1}"#, 6, #""x\"y""#),
        (#"{"a": -12.5e3, "b": 1}"#, 6, "-12.5e3"),
        (#"{"a": true}"#, 6, "true"),
        ("{\"a\": {/* } */ \"b\": 1 // }\n}}", 6, "{/* } */ \"b\": 1 // }\n}"),
        (#"{"a": [1, 2"#, 6, "[1, 2"),
    ])
    func theExtentOfAValue(_ source: String, _ offset: Int, _ expected: String) {
        let file = SourceFile(path: "f.json", text: source)
        #expect(String(decoding: file.bytes[file.jsonValueRange(at: offset)], as: UTF8.self) == expected)
    }
}
