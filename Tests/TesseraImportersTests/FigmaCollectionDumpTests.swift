import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// A variable plugin's dump of every collection in one JSON array, in the two shapes plugins
/// write: `{"collection", "mode", "variables"}` elements with Figma's type names and
/// `$.<Collection>.<Mode>.<path>` aliases, and `{"<Collection>": {"modes": {…}}}` elements.
/// Both are read as the same collections written a file per mode would be.
struct FigmaCollectionDumpTests {
    /// The collections of the tests, as (collection, mode, tokens) in DTCG with `{Collection.path}`
    /// aliases: a one-mode set and a two-mode modifier whose modes alias the set and each other.
    static let modes: [(String, String, [String: (type: String, value: String)])] = [
        ("Primitives", "Mode 1", ["Blue.500": ("color", "#1f6feb"), "Grey.900": ("color", "#0d1117"), "Space.4": ("number", "16")]),
        ("Theme", "Light", ["bg": ("color", "#ffffff"), "accent": ("color", "{Primitives.Blue.500}"), "text": ("color", "{Theme.accent}")]),
        ("Theme", "Dark", ["bg": ("color", "{Primitives.Grey.900}"), "accent": ("color", "#58a6ff"), "text": ("color", "{Theme.accent}")]),
    ]

    static func tree(_ tokens: [String: (type: String, value: String)], value: (String, String) -> Any) -> [String: Any] {
        var root: [String: Any] = [:]
        for (path, token) in tokens {
            let names = path.split(separator: ".").map(String.init)
            func insert(_ node: inout [String: Any], _ rest: ArraySlice<String>) {
                if rest.count == 1 {
                    node[rest.first!] = ["$type": token.type, "$value": value(token.type, token.value),
                                         "$extensions": ["com.figma": ["scopes": ["ALL_SCOPES"]]]]
                    return
                }
                var child = node[rest.first!] as? [String: Any] ?? [:]
                insert(&child, rest.dropFirst())
                node[rest.first!] = child
            }
            insert(&root, names[...])
        }
        return root
    }

    static func literal(_ type: String, _ text: String) -> Any { type == "number" ? Double(text)! : text }

    /// The first shape: Figma's type names, aliases naming the target's collection and mode.
    static func entryDump() throws -> Data {
        let elements = modes.map { collection, mode, tokens in
            ["collection": collection, "mode": mode,
             "variables": tree(tokens) { type, text in
                 guard text.hasPrefix("{") else { return literal(type, text) }
                 let target = text.dropFirst().dropLast()
                 let targetCollection = String(target.prefix { $0 != "." })
                 let targetMode = targetCollection == collection ? mode : modes.first { $0.0 == targetCollection }!.1
                 return "$.\(targetCollection).\(targetMode).\(target.dropFirst(targetCollection.count + 1))"
             }.mapValues { $0 }.withFigmaTypes()] as [String: Any]
        }
        return try JSONSerialization.data(withJSONObject: elements, options: [.sortedKeys, .prettyPrinted])
    }

    /// The second shape: one element per collection, its modes in a `modes` object.
    static func modesDump() throws -> Data {
        var order: [String] = []
        var byCollection: [String: [String: Any]] = [:]
        for (collection, mode, tokens) in modes {
            if byCollection[collection] == nil { order.append(collection) }
            byCollection[collection, default: [:]][mode] = tree(tokens) { literal($0, $1) }
        }
        let elements = order.map { [$0: ["modes": byCollection[$0]!]] }
        return try JSONSerialization.data(withJSONObject: elements, options: [.sortedKeys, .prettyPrinted])
    }

    /// The same collections a file per mode, `<Collection>.<Mode>.json`.
    static func modeFiles(in folder: URL) throws {
        for (collection, mode, tokens) in modes {
            let data = try JSONSerialization.data(withJSONObject: tree(tokens) { literal($0, $1) }, options: [.sortedKeys])
            try data.write(to: folder.appendingPathComponent("\(collection).\(mode).json"))
        }
    }

    static func values(_ path: String, theme: String) throws -> [String: String] {
        var system = ImporterRegistry.standard.importedSystem(for: [path], options: PipelineOptions())!
        let permutation = system.resolve(inputs: ["Theme": theme])
        #expect(permutation.diagnostics.filter { $0.severity == .error }.isEmpty, "\(permutation.diagnostics.map(\.message))")
        return Dictionary(uniqueKeysWithValues: permutation.partialTokens.all.map { ($0.path, $0.value.flatText) })
    }

    @Test(arguments: ["Light", "Dark"])
    func bothShapesReadAsTheModeFiles(theme: String) throws {
        let folder = try TestScratch.folder("figma-dump-\(theme)")
        let files = folder.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Self.modeFiles(in: files)
        let entries = folder.appendingPathComponent("variables.json")
        try Self.entryDump().write(to: entries)
        let byCollection = folder.appendingPathComponent("collections.json")
        try Self.modesDump().write(to: byCollection)

        let expected = try Self.values(files.path, theme: theme)
        #expect(expected.count == 6)
        #expect(expected["Theme.text"] == (theme == "Dark" ? "#58a6ffff" : "#1f6febff"))
        #expect(try Self.values(entries.path, theme: theme) == expected)
        #expect(try Self.values(byCollection.path, theme: theme) == expected)
    }

    @Test func recognizedByItsShapeWhateverItsName() throws {
        let recognized = { (text: String) in
            FigmaModesImporter().recognizes(SourceFile(path: "export.json", bytes: Array(text.utf8))) == .certain
        }
        #expect(recognized(#" [{"collection": "C", "mode": "M", "variables": {"a": {"$value": 1}}}]"#))
        #expect(recognized(#"[{"C": {"modes": {"M": {"a": {"$value": 1}}}}}]"#))
        #expect(!recognized(#"{"collection": "C", "mode": "M", "variables": {"a": {"$value": 1}}}"#))
        #expect(!recognized(#"[{"a": {"$value": 1}}]"#))
    }

    /// An element of neither shape and an alias to nothing are each said where they are.
    @Test func elementsOfNoShapeAndAliasesToNothingAreReported() throws {
        let folder = try TestScratch.folder("figma-dump-bad")
        let file = folder.appendingPathComponent("dump.json")
        try Data(#"""
            [
              {"collection": "C", "mode": "M", "variables": {"a": {"$type": "COLOR", "$value": "$.C.M.missing"}, "b": {"$type": "FLOAT", "$value": 2}}},
              {"name": "stray"}
            ]
            """#.utf8).write(to: file)
        let system = ImporterRegistry.standard.importedSystem(for: [file.path], options: PipelineOptions())!
        let found = system.checkAllPermutations().diagnostics
        #expect(found.map(\.id).sorted { $0.rawValue < $1.rawValue } == [.figmaModesInvalid, .figmaModesAlias])
        #expect(found.first { $0.id == .figmaModesInvalid }?.location?.line == 3)
        #expect(found.first { $0.id == .figmaModesAlias }?.message.contains("C.missing") == true)
    }
}

private extension [String: Any] {
    /// The tree with its `$type`s written as Figma's variable types.
    func withFigmaTypes() -> [String: Any] {
        let names = ["color": "COLOR", "number": "FLOAT"]
        return mapValues { child in
            guard var node = child as? [String: Any] else { return child }
            if let type = node["$type"] as? String { node["$type"] = names[type] ?? type; return node }
            return node.withFigmaTypes()
        }
    }
}
