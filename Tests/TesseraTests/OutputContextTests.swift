import Foundation
import Tessera
import TesseraTestSupport
import Testing

struct OutputContextTests {
    @Test(arguments: [
        (["color", "accent-600"], OutputContext.Casing.lowerCamel, "colorAccent600"),
        (["color", "accent-600"], .upperCamel, "ColorAccent600"),
        (["Color", "backgroundDefault"], .snake, "color_background_default"),
        (["font size", "XL_title"], .kebab, "font-size-xl-title"),
    ])
    func namesInCasings(_ names: [String], _ casing: OutputContext.Casing, _ expected: String) {
        #expect(OutputContext.name(names, casing: casing) == expected)
    }

    @Test func swiftIdentifiersAreAlwaysValid() {
        #expect(OutputContext.swiftIdentifier(["default"]) == "`default`")
        #expect(OutputContext.swiftIdentifier(["self"]) == "`self`")
        #expect(OutputContext.swiftIdentifier(["100"]) == "_100")
        #expect(OutputContext.swiftIdentifier(["space", "1/2"]) == "space1_2")
        #expect(OutputContext.swiftIdentifier(["café"]) == "café")
        #expect(OutputContext.swiftIdentifier(["!"]) == "unnamed")
    }

    /// Name by name in code point order: a group's tokens stay together, `a.b` before `a-b`.
    @Test func theTreeIsSortedNameByNameInCodePointOrder() throws {
        let tokens = try pipeline(##"""
            {"$type": "number", "a-b": {"$value": 1}, "a": {"z": {"$value": 2}, "B": {"$value": 3}},
             "Z": {"$value": 4}, "é": {"$value": 5}}
            """##).tokens()
        let context = OutputContext(tokens)
        #expect(context.sortedTokens.map(\.path) == ["Z", "a.B", "a.z", "a-b", "é"])
        #expect(context.root.children.map(\.name) == ["Z", "a", "a-b", "é"])
        #expect(ResolvedEmitter.flat(context).split(separator: "\n").map { $0.split(separator: "\t")[0] }
            == ["Z", "a.B", "a.z", "a-b", "é"])
    }
}

/// The outputs of `tessera resolve` are made straight from the sorted tokens; the tree of an
/// `OutputContext` is the other way to the same text, and the two must agree.
struct StreamedOutputTests {
    static func permutations() -> [(String, ResolvedTokens)] {
        var found: [(String, ResolvedTokens)] = []
        let examples = repositoryRoot.appendingPathComponent("Examples/app.resolver.json").path
        let themed = sharedFixtures.appendingPathComponent("themed-system/themed.resolver.json").path
        for path in [examples, themed] {
            var tokenSystem = TokenSystem(resolverAt: path)
            for contexts in (tokenSystem.resolver?.permutations ?? []).prefix(8) {
                found.append(("\(path) \(contexts)", tokenSystem.resolve(inputs: contexts).partialTokens))
            }
        }
        return found
    }

    @Test func streamedTextIsTheTreesText() {
        let all = Self.permutations()
        #expect(all.count > 10)
        for (name, resolved) in all {
            let context = OutputContext(resolved)
            #expect(ResolvedEmitter.flat(resolved) == ResolvedEmitter.flat(context), "\(name)")
            #expect(ResolvedEmitter.treeText(resolved.all, document: resolved.document)
                == JSONWriter(pretty: true).string(ResolvedEmitter.tree(context)), "\(name)")
            #expect(ResolvedEmitter.treeText(resolved.all, document: resolved.document, writer: JSONWriter())
                == JSONWriter().string(ResolvedEmitter.tree(context)), "\(name)")
        }
    }

    /// Names that sort differently as whole paths and name by name (`a.b` before `a-b`, since
    /// the group `a` sorts before the name `a-b`), and groups with properties, come out as the
    /// tree has them.
    @Test func awkwardNamesAndGroupPropertiesAgree() throws {
        let result = pipeline(##"""
            {"a-b": {"$type": "number", "$value": 1}, "a": {"$description": "group a", "b": {"$type": "number", "$value": 2},
             "b-c": {"$type": "number", "$value": 3}, "bc": {"$deprecated": true, "x": {"$type": "number", "$value": 4}}},
             "ab": {"$type": "number", "$value": 5}, "é": {"$type": "number", "$value": 6}, "z": {"$extensions": {"k": 1}, "y": {"$type": "number", "$value": 7}}}
            """##)
        #expect(!result.hasErrors)
        let resolved = result.partialTokens
        let context = OutputContext(resolved)
        #expect(ResolvedEmitter.flat(resolved) == ResolvedEmitter.flat(context))
        #expect(ResolvedEmitter.treeText(resolved.all, document: resolved.document)
            == JSONWriter(pretty: true).string(ResolvedEmitter.tree(context)))
        #expect(ResolvedEmitter.flat(resolved).split(separator: "\n").map { $0.split(separator: "\t")[0] }
            == ["a.b", "a.b-c", "a.bc.x", "a-b", "ab", "z.y", "é"])
    }
}
