import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Under `strict`, everything the 2025.10 modules say must or should not be is an error; by
/// default the lenient reading stays a warning.
struct StrictTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let id: DiagnosticID
        let marked: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unknown type", id: .unknownType, marked: ##"{"a": {"$type": ⊙"customType", "$value": 1}}"##),
        Case(name: "a member that is not a $ property", id: .unknownProperty,
            marked: ##"{"a": {"$type": "number", "$value": 1, ⊙"customProp": "not allowed"}}"##),
        Case(name: "typography without letterSpacing and lineHeight", id: .typographyIncomplete,
            marked: ##"{"t": {"$type": "typography", "$value": ⊙{"fontFamily": "A", "fontSize": {"value": 1, "unit": "rem"}, "fontWeight": 400}}}"##),
        Case(name: "a legacy color", id: .colorLegacy, marked: ##"{"c": {"$type": "color", "$value": ⊙"#ff0000"}}"##),
        Case(name: "a $ref naming a token object", id: .pointerToTokenObject,
            marked: ##"{"n": {"$type": "number", "one": {"$value": 1}, "two": {"$value": {"$ref": ⊙"#/n/one"}}}}"##),
        Case(name: "a token's $ref beside its $type naming a token object", id: .pointerToTokenObject,
            marked: ##"{"colors": {"srgb-color": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}, "alias": {"$ref": ⊙"#/colors/srgb-color", "$type": "color"}}"##),
        Case(name: "a $ref naming a token object inside a composite", id: .pointerToTokenObject,
            marked: ##"{"d": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}, "b": {"$type": "border", "$value": {"color": {"$ref": ⊙"#/c"}, "width": {"$ref": "#/d/$value"}, "style": "solid"}}}"##),
    ]

    /// A token written as just `{"$ref": …}` stands for the token object the pointer names.
    @Test func aTokenThatIsAReferenceMayNameATokenObject() {
        let result = pipeline(##"{"n": {"$type": "number", "one": {"$value": 1}, "two": {"$ref": "#/n/one"}}}"##, strict: true)
        #expect(result.diagnostics.isEmpty)
        #expect(flat(result, "n.two") == "1")
    }

    @Test func thePointerFixItPointsAtTheValue() throws {
        let file = SourceFile(path: "tokens.json", text: ##"{"n": {"$type": "number", "one": {"$value": 1}, "two": {"$value": {"$ref": "#/n/one"}}}}"##)
        let fixed = try FixItTests.applyFixIts(of: .pointerToTokenObject, in: TokenSystem.resolving(files: [file]).diagnostics, to: file)
        #expect(String(decoding: fixed.bytes, as: UTF8.self).contains(##""$ref": "#/n/one/$value""##))
        #expect(TokenSystem.resolving(files: [fixed], options: PipelineOptions(strict: true)).diagnostics.isEmpty)
    }

    /// A key written twice that only annotates loses nothing but wording: a warning, under
    /// strict too, that names the one kept; anything else written twice stays an error.
    @Test func aRepeatedAnnotationIsAWarningEvenUnderStrict() throws {
        let resolver = ##"{"version": "2025.10", "description": "first", "description": "second", "sets": {"s": {"sources": [{"t": {"$type": "number", "$value": 1}}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##
        let file = SourceFile(path: "r.resolver.json", text: resolver)
        let (document, found) = ResolverDocument.read(file)
        #expect(found.map(\.id) == [.jsonDuplicateAnnotation])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message == "duplicate key 'description' in one object: the last one is kept")
        #expect(found.first?.location?.column == 48)
        #expect(found.first?.notes.first?.location?.column == 24)
        #expect(document?.description == "second")
        let strict = TokenSystem(resolver: file, options: PipelineOptions(strict: true)).checkAllPermutations().diagnostics
        #expect(strict.map(\.severity) == [.warning])
        let fixed = try FixItTests.applyFixIts(of: .jsonDuplicateAnnotation, in: found, to: file)
        #expect(ResolverDocument.read(fixed).1.isEmpty)

        let tokens = pipeline(##"{"a": {"$type": "number", "$value": 1, "$description": "x", "$description": "y"}}"##, strict: true)
        #expect(tokens.diagnostics.map(\.id) == [.jsonDuplicateAnnotation])
        #expect(tokens.partialTokens["a"]?.description == "y")
        let value = pipeline(##"{"a": {"$type": "number", "$value": 1, "$value": 2}}"##)
        #expect(value.diagnostics.map(\.id) == [.jsonDuplicateKey])
        let contexts = ResolverDocument.read(SourceFile(path: "r.resolver.json", text: ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"name": [], "name": []}}}, "resolutionOrder": []}"##)).1
        #expect(contexts.contains { $0.id == .jsonDuplicateKey })
    }

    @Test(arguments: cases)
    func aWarningByDefaultIsAnErrorUnderStrict(_ testCase: Case) {
        expectDiagnostics(testCase.marked, [testCase.id], severity: .warning)
        expectDiagnostics(testCase.marked, [testCase.id], severity: .error, strict: true)
    }

    /// A type close to a known one is a typo: an error by default, with the type it meant.
    @Test(arguments: ["colour", "Border", "dimensions"])
    func aMisspeltTypeIsAnError(_ name: String) {
        let result = pipeline(##"{"a": {"$type": "\##(name)", "$value": 1}}"##)
        #expect(result.diagnostics.map(\.id) == [.misspeltType])
        #expect(result.diagnostics.first?.severity == .error)
        #expect(result.diagnostics.first?.fixIts.isEmpty == false)
    }

    @Test func aModifierWithOneContextIsAnErrorUnderStrict() {
        let resolver = ##"{"version": "2025.10", "sets": {"s": {"sources": [{"t": {"$type": "number", "$value": 1}}]}}, "modifiers": {"m": {"contexts": {"only": []}}}, "resolutionOrder": [{"$ref": "#/sets/s"}, {"$ref": "#/modifiers/m"}]}"##
        let file = SourceFile(path: "one.resolver.json", text: resolver)
        let lenient = TokenSystem(resolver: file).checkAllPermutations().diagnostics
        let strict = TokenSystem(resolver: file, options: PipelineOptions(strict: true)).checkAllPermutations().diagnostics
        #expect(lenient.filter { $0.id == .resolverSingleContext }.map(\.severity) == [.warning])
        #expect(strict.filter { $0.id == .resolverSingleContext }.map(\.severity) == [.error])
    }
}
