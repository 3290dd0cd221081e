import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera

/// Inputs that once crashed (a trap or a stack overflow) or hung, each now a located
/// diagnostic. Inputs found by the fuzzers (Fuzz/) are added here as they are fixed.
struct CrashRegressionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let resolver: String
        let expected: DiagnosticID
        var testDescription: String { name }
    }

    static let depth = 5_000

    static let cases: [Case] = [
        // `ResolverReader.readSource` followed each `$defs` reference in a nested call.
        Case(name: "a chain of $defs references", resolver: {
            let defs = (0..<depth).map { ##""d\##($0)": {"$ref": "#/$defs/d\##($0 + 1)"}"## }.joined(separator: ", ")
            return ##"{"version": "2025.10", "$defs": {\##(defs), "d\##(depth)": {"t": {"$type": "number", "$value": 1}}},"##
                + ##" "sets": {"s": {"sources": [{"$ref": "#/$defs/d0"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##
        }(), expected: .resolverNestingTooDeep),
        // `readSet` read each included set in a nested call.
        Case(name: "sets that include the next set", resolver: {
            let sets = (0..<depth).map { ##""s\##($0)": {"sources": [{"$ref": "#/sets/s\##($0 + 1)"}]}"## }.joined(separator: ", ")
            return ##"{"version": "2025.10", "sets": {\##(sets), "s\##(depth)": {"sources": []}},"##
                + ##" "resolutionOrder": [{"$ref": "#/sets/s0"}]}"##
        }(), expected: .resolverNestingTooDeep),
    ]

    @Test(arguments: cases)
    func aDeepResolverIsADiagnostic(_ testCase: Case) {
        var tokenSystem = TokenSystem(resolver: SourceFile(path: "deep.resolver.json", text: testCase.resolver))
        let permutation = tokenSystem.resolve(inputs: [:])
        #expect(permutation.diagnostics.map(\.id).contains(testCase.expected), "\(permutation.diagnostics.prefix(3).map(\.message))")
        #expect(permutation.diagnostics.allSatisfy { $0.location?.line ?? 0 > 0 })
    }

    /// Files whose root `$ref` names the next file, 2,000 of them: the source cache follows such
    /// a chain in nested calls, so it stops at `ResolverDocument.maximumReferenceDepth` with
    /// `resolver.nesting-too-deep` rather than overflowing the stack.
    @Test func tokenFilesWhoseRootRefersToTheNextFile() throws {
        let directory = TestScratch.root.appendingPathComponent("chain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 2_000
        for index in 0..<count {
            try ##"{"$ref": "f\##(index + 1).json"}"##.write(to: directory.appendingPathComponent("f\(index).json"), atomically: false, encoding: .utf8)
        }
        try ##"{"t": {"$type": "number", "$value": 1}}"##.write(to: directory.appendingPathComponent("f\(count).json"), atomically: false, encoding: .utf8)
        let resolver = directory.appendingPathComponent("chain.resolver.json")
        try ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "f0.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##
            .write(to: resolver, atomically: false, encoding: .utf8)
        var system55 = TokenSystem(resolverAt: resolver.path)
        let permutation = system55.resolve(inputs: [:])
        #expect(permutation.diagnostics.map(\.id).contains(.resolverNestingTooDeep))
    }

    /// `tessera validate /dev/zero` read until the memory ran out.
    @Test func aFileOverTheSizeLimitIsRefused() throws {
        guard case .tooLarge = TokenFileLoader.readBytes("/dev/zero", limit: 1 << 20) else {
            Issue.record("/dev/zero was read")
            return
        }
        let path = TestScratch.root.appendingPathComponent("size-\(UUID().uuidString).json").path
        try String(repeating: " ", count: 100).write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .tooLarge = TokenFileLoader.readBytes(path, limit: 99) else {
            Issue.record("a file over the limit was read")
            return
        }
        guard case .bytes(let bytes) = TokenFileLoader.readBytes(path, limit: 100) else {
            Issue.record("a file at the limit was refused")
            return
        }
        #expect(bytes.count == 100)
    }

    /// "Did you mean" compared names of any length (3.6 s for one of 50,000 characters): past
    /// `maximumLength` bytes no suggestion is looked for; below it, suggestions are as before.
    @Test func aVeryLongNameGetsNoSuggestion() {
        let long = String(repeating: "y", count: 50_000)
        #expect(Suggestions.closest(to: long, in: [String(repeating: "y", count: 49_999)]) == nil)
        #expect(Suggestions.closest(to: "colr", in: ["color", String(repeating: "c", count: 10_000)]) == "color")
    }

    /// A modifier with many contexts: each permutation found its context by a linear search.
    @Test func theContextOfAModifierWithManyIsFoundByName() throws {
        let count = 20_000
        let contexts = (0..<count).map { ##""c\##($0)": [{"t": {"$type": "number", "$value": \##($0)}}]"## }.joined(separator: ", ")
        let resolver = ##"{"version": "2025.10", "sets": {"s": {"sources": [{"t": {"$type": "number", "$value": -1}}]}},"##
            + ##" "modifiers": {"m": {"contexts": {\##(contexts)}, "default": "c0"}}, "resolutionOrder": [{"$ref": "#/sets/s"}, {"$ref": "#/modifiers/m"}]}"##
        var tokenSystem = TokenSystem(resolver: SourceFile(path: "many.resolver.json", text: resolver))
        #expect(try tokenSystem.resolve(inputs: ["m": "c\(count - 1)"]).tokens().value("t") == .number(Double(count - 1)))
        #expect(try tokenSystem.resolve(inputs: ["m": "C12345"]).tokens().value("t") == .number(12345), "inputs ignore case")
    }

    /// Diamonds of groups extending two groups each doubled what they copied at every level (a
    /// 1.3 KB file of depth 20 took 21 s and 2.4 GB): expansion stops at a limit, reported.
    @Test func extendsStopsAtItsLimit() throws {
        var groups = [##""l0a": {"$type": "number", "v": {"$value": 1}}"##, ##""l0b": {"$type": "number", "w": {"$value": 2}}"##]
        for level in 1..<12 {
            for side in ["a", "b"] {
                groups.append(##""l\##(level)\##(side)": {"x": {"$extends": "{l\##(level - 1)a}"}, "y": {"$extends": "{l\##(level - 1)b}"}}"##)
            }
        }
        let file = SourceFile(path: "diamonds.tokens.json", text: "{" + groups.joined(separator: ", ") + "}")
        var diagnostics: [Diagnostic] = []
        let fragment = try #require(DocumentParser.parseFile(file, allowComments: false, seed: nil).0)
        var document = TokenDocument()
        _ = document.add(fragment, from: file)
        let before = document.tokens.count
        ExtendsExpander.expand(&document, diagnostics: &diagnostics, limit: 1_000)
        #expect(diagnostics.map(\.id) == [.extendsTooLarge])
        #expect(document.tokens.count - before <= 1_000)
        #expect(diagnostics.first?.location?.line == 1)
    }

    /// More than 63 modifiers of two contexts: naming the permutations a diagnostic occurs in
    /// multiplied the context counts into an `Int` that overflowed.
    @Test func aProblemInAlmostEveryPermutationOfManyModifiers() {
        let count = 70
        let modifiers = (0..<count).map { ##""m\##($0)": {"contexts": {"a": [], "b": []}, "default": "a"}"## }.joined(separator: ", ")
        let order = (0..<count).map { ##"{"$ref": "#/modifiers/m\##($0)"}"## }.joined(separator: ", ")
        let resolver = ##"{"version": "2025.10", "modifiers": {\##(modifiers), "fix": {"contexts": {"no": [], "yes": [{"t": {"$value": 1}}]}, "default": "no"}},"##
            + ##" "sets": {"s": {"sources": [{"t": {"$type": "number", "$value": "{missing}"}}]}},"##
            + ##" "resolutionOrder": [{"$ref": "#/sets/s"}, \##(order), {"$ref": "#/modifiers/fix"}]}"##
        let report = TokenSystem(resolver: SourceFile(path: "many.resolver.json", text: resolver)).checkAllPermutations()
        let unknown = report.diagnostics.filter { $0.id == .referenceUnknown }
        #expect(unknown.count == 1)
        #expect(unknown.first?.notes.contains { $0.message.hasPrefix("only when") } == true)
    }
}
