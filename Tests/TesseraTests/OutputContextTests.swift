import Testing

@testable import Tessera

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
