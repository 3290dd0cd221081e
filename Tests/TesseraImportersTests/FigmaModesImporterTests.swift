import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Figma variables exported a file per collection and mode (`Fixtures/figma-modes`, written
/// for these tests in the shape the export plugins and Figma's variables GitHub Action example
/// write: `<Collection>.<Mode>.json`, `com.figma` extensions on each token, aliases written
/// `{path}` or `{Collection.path}`, a folder per Figma file).
struct FigmaModesImporterTests {
    static let folder = sharedFixtures.appendingPathComponent("figma-modes").path
    static let foundations = (folder as NSString).appendingPathComponent("Foundations")
    static let product = (folder as NSString).appendingPathComponent("Product")
    static let scheme = "🌗 Color scheme"

    static func system(_ paths: [String]) -> TokenSystem {
        ImporterRegistry.standard.importedSystem(for: paths, options: PipelineOptions())!
    }

    @Test func collectionsBecomeSetsThenModifiers() throws {
        let system = Self.system([Self.folder])
        let resolver = try #require(system.resolver)
        var layers: [String] = []
        for layer in resolver.layers {
            switch layer {
            case .set(let set): layers.append(set.name)
            case .modifier(let modifier):
                layers.append("\(modifier.name): \(modifier.contextNames.joined(separator: ", ")) (\(modifier.defaultContext ?? "-"))")
            }
        }
        // Files in code-point order of their paths; one-mode collections are sets, before the
        // modifiers; `Light` is a default by name, `Compact`/`Comfortable` take the first.
        #expect(layers == ["figma-modes", "Primitives", "Typography", "Semantic", "Spacing: Comfortable, Compact (Comfortable)",
            "\(Self.scheme): Dark, Light (Light)"])
    }

    /// Read as plain token files the folder's modes collide; read as this layout, the only
    /// finding is the older file's token named `1.5`.
    @Test func folderReadsCleanInEveryPermutation() {
        #expect(ImporterRegistry.standard.readsAsSystem([Self.folder]))
        let system = Self.system([Self.folder])
        let found = system.checkAllPermutations().diagnostics
        #expect(found.map(\.id) == [.figmaModesName], "\(found.map(\.message))")
        #expect(found.first?.location?.file.hasSuffix("Primitives.Value.json") == true)
        #expect(found.first?.location?.token == "space.1.5")
    }

    /// Every token of every permutation against a second reading of the files with
    /// JSONSerialization, following the aliases by the documented rules.
    @Test(arguments: [
        [scheme: "Light", "Spacing": "Comfortable"], [scheme: "Light", "Spacing": "Compact"],
        [scheme: "Dark", "Spacing": "Comfortable"], [scheme: "Dark", "Spacing": "Compact"],
    ])
    func valuesPerModeMatchTheFiles(_ inputs: [String: String]) throws {
        let expected = try SecondReading(folder: Self.folder).values(modes: inputs)
        var system = Self.system([Self.folder])
        let tokens = system.resolve(inputs: inputs).partialTokens
        #expect(tokens.count == expected.count)
        for (path, value) in expected {
            #expect(tokens[path]?.value.flatText == value, "\(path) in \(inputs)")
        }
    }

    /// Without inputs, the defaults: `Light` by its name, `Comfortable` as the first mode.
    @Test func defaultModes() throws {
        let expected = try SecondReading(folder: Self.folder).values(modes: [Self.scheme: "Light", "Spacing": "Comfortable"])
        var system = Self.system([Self.folder])
        let tokens = system.resolve(inputs: [:]).partialTokens
        for (path, value) in expected { #expect(tokens[path]?.value.flatText == value, "\(path)") }
    }

    /// The documented preference, from mode names the exports use.
    @Test(arguments: [
        (["Dark", "Light"], "Light"), (["Dark mode", "Light mode"], "Light mode"), (["Mode 2", "Mode 1"], "Mode 1"),
        (["Dark", "Default"], "Default"), (["2XL", "LG", "MD"], "2XL"), (["dark", "light"], "light"),
        (["Core - Dark", "Core - Light"], "Core - Dark"),
    ])
    func defaultModeByName(_ names: [String], _ expected: String) {
        #expect(names[FigmaModesReader.defaultMode(of: names)] == expected)
    }

    /// Aliases stay aliases: bare and qualified, within a collection, across collections and
    /// across the two folders (given as one folder or as two).
    @Test(arguments: [
        ("Semantic.button.bg", "\(scheme).bg.accent"),
        ("Semantic.button.label", "\(scheme).bg.surface"),
        ("Semantic.button.padding", "Spacing.gap"),
        ("Semantic.button.font", "Typography.font.size.body"),
        ("Semantic.banner.text", "Primitives.Brand 🚀.name"),
        ("Semantic.banner.visible", "Primitives.beta"),
        ("\(scheme).bg.accent", "Primitives.color.blue.700"),
        ("\(scheme).bg.surface", "Primitives.color.gray.900"),
        ("\(scheme).fg.link", "\(scheme).bg.accent"),
        ("Spacing.gap", "Primitives.space.1_5"),
    ])
    func aliasesAcrossCollectionsAndFolders(_ path: String, _ target: String) {
        for paths in [[Self.folder], [Self.foundations, Self.product]] {
            var system = Self.system(paths)
            let tokens = system.resolve(inputs: [Self.scheme: "Dark", "Spacing": "Compact"]).partialTokens
            #expect(tokens[path]?.aliasOf == target, "\(paths.count) paths")
        }
    }

    /// Figma's own figures are kept on each token.
    @Test func figmaExtensionsAreKept() {
        var system = Self.system([Self.folder])
        let tokens = system.resolve(inputs: [:]).partialTokens
        let figma = tokens["Primitives.space.4"]?.extensions?["com.figma"]
        #expect(figma?["scopes"]?.array?.compactMap(\.string) == ["GAP"])
        #expect(figma?["codeSyntax"]?["WEB"]?.string == "var(--space-4)")
        #expect(tokens["Primitives.space.8"]?.extensions?["com.figma"]?["hiddenFromPublishing"]?.bool == true)
    }

    // MARK: Recognition

    @Test func recognizedByNameContentAndFolder() throws {
        let registry = ImporterRegistry.standard
        #expect(registry.importer(forFileName: Self.folder)?.name == "figma-modes")
        #expect(registry.importer(forFileName: Self.foundations)?.name == "figma-modes")
        let light = (Self.foundations as NSString).appendingPathComponent("\(Self.scheme).Light.json")
        #expect(registry.systemImporter(at: light)?.name == "figma-modes")
        #expect(registry.combiningImporter(for: [Self.foundations, Self.product])?.name == "figma-modes")
        let token = ##"{"a": {"$type": "number", "$value": 1, "$extensions": {"com.figma": {"scopes": []}}}}"##
        #expect(registry.importer(for: SourceFile(path: "Color.Light.json", text: token))?.name == "figma-modes")
        // No mode in the name, or no Figma extensions: plain DTCG.
        #expect(registry.importer(for: SourceFile(path: "Color.json", text: token))?.name == "dtcg")
        #expect(registry.importer(for: SourceFile(path: "Color.Light.json", text: ##"{"a": {"$type": "number", "$value": 1}}"##))?.name
            == "dtcg")
        #expect(FigmaModesImporter.collectionAndMode(of: "x/1. Primitives.Mode 1.json")! == ("1. Primitives", "Mode 1"))
        #expect(FigmaModesImporter.collectionAndMode(of: "Color.Dark.tokens.json")! == ("Color", "Dark"))
    }

    /// What another format is sure of wins: Figma's own export, a resolver, Tokens Studio.
    @Test func otherFormatsKeepTheirFiles() throws {
        let registry = ImporterRegistry.standard
        let export = sharedFixtures.appendingPathComponent("figma-export").path
        #expect(registry.importer(forFileName: export)?.name == "figma-export")
        let modeName = ##"{"a": {"$type": "number", "$value": 1, "$extensions": {"com.figma": {"scopes": []}}}, "$extensions": {"com.figma.modeName": "Light"}}"##
        #expect(registry.importer(for: SourceFile(path: "Color.Light.json", text: modeName))?.name == "figma-export")
        let resolver = ##"{"resolutionOrder": [], "a": {"$value": 1, "$extensions": {"com.figma": {}}}}"##
        #expect(registry.importer(for: SourceFile(path: "Color.Light.json", text: resolver))?.name == "resolver")

        let studio = TestScratch.root.appendingPathComponent("studio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: studio, withIntermediateDirectories: true)
        try ##"{"tokenSetOrder": ["Color.Light"]}"##.write(to: studio.appendingPathComponent("$metadata.json"), atomically: true, encoding: .utf8)
        try ##"[]"##.write(to: studio.appendingPathComponent("$themes.json"), atomically: true, encoding: .utf8)
        try ##"{"a": {"$type": "color", "$value": "#ffffff", "$extensions": {"com.figma": {"scopes": ["ALL_SCOPES"]}}}}"##
            .write(to: studio.appendingPathComponent("Color.Light.json"), atomically: true, encoding: .utf8)
        #expect(registry.importer(forFileName: studio.path)?.name == "tokens-studio")
        #expect(registry.systemImporter(at: studio.path)?.name == "tokens-studio")
        #expect(FigmaModesImporter().recognizes(fileName: studio.path) == .no)
    }

    // MARK: Figma's numbers

    /// `Fixtures/figma-modes-lengths`: FLOATs written as bare numbers or `number` tokens where
    /// lengths are expected, Tokens Studio type names, and a bare alias two collections define.
    static let lengths = fixtures.appendingPathComponent("figma-modes-lengths").path

    /// A FLOAT where a length is expected is `N px`: bare numbers in dimension tokens and in a
    /// shadow's members, `number` tokens named by composite members or by a dimension's alias
    /// (and the `number` tokens they alias), each mode its own; a `number` token aliasing one
    /// keeps its number of pixels, and one used only as a number stays a number.
    @Test(arguments: [("Light", "Default", 24.0, 0.0), ("Dark", "Compact", 32.0, 1.0)])
    func figmaNumbersAreLengthsInPixels(_ theme: String, _ spacing: String, _ medium: Double, _ offsetX: Double) throws {
        var system = Self.system([Self.lengths])
        let found = system.checkAllPermutations().diagnostics
        #expect(!found.contains { $0.id == .typeMismatch || $0.id == .valueInvalid || $0.severity == .warning }, "\(found.map(\.message))")
        let tokens = system.resolve(inputs: ["Theme": theme, "Spacing": spacing]).partialTokens
        let px = { (value: Double) in TokenValue.dimension(TokenDimension(value, .px)) }
        #expect(tokens.value("Primitives.Size.2") == px(2))
        #expect(tokens.value("Primitives.base.dimension.600") == px(24))
        #expect(tokens.value("Spacing.spacing.medium") == px(medium))
        #expect(tokens.value("Spacing.gap") == px(4))
        #expect(tokens.value("Spacing.count") == .number(medium))
        #expect(tokens.value("Primitives.base.ratio") == .number(1.5) && tokens.value("Theme.ratio") == .number(1.5))
        #expect(tokens["Theme.outline"]?.value.flatText.contains("\"width\":\"4px\"") == true)
        let shadow = try #require(tokens["Theme.shadow.large"]?.value.flatText)
        for member in ["\"blur\":\"\(Int(medium))px\"", "\"offsetX\":\"\(Int(offsetX))px\"", "\"offsetY\":\"4px\"", "\"spread\":\"0px\""] {
            #expect(shadow.contains(member), "\(shadow)")
        }
    }

    /// The exporters' type names from scopes (`borderWidth`, `borderRadius`, `spacing`,
    /// `sizing`) are dimensions; a bare alias two collections define alike (`{Sizing.2}`, the
    /// same type and alias in every mode) takes the first silently, one they define apart
    /// (`{Sizing.12}`) is still reported, in each mode's file.
    @Test func scopeTypeNamesAndAgreeingCollections() throws {
        var system = Self.system([Self.lengths])
        let found = system.checkAllPermutations().diagnostics
        #expect(!found.contains { $0.id == .unknownType })
        let ambiguous = found.filter { $0.id == .figmaModesAmbiguous }
        #expect(ambiguous.count == 2 && ambiguous.allSatisfy { $0.location?.token == "radius" && $0.message.contains("{Sizing.12}") },
            "\(found.map(\.message))")
        #expect(found.filter { $0.severity == .error }.count == 2)
        let tokens = system.resolve(inputs: [:]).partialTokens
        for path in ["Spacing.Sizing.2", "Spacing.Sizing.12", "Theme.Sizing.2", "Theme.Sizing.12", "Theme.underline"] {
            #expect(tokens.type(path) == .dimension, "\(path)")
        }
        #expect(tokens["Theme.underline"]?.aliasOf == "Spacing.Sizing.2")
        #expect(tokens.value("Theme.underline") == .dimension(TokenDimension(2, .px)))
    }

    // MARK: Malformed input

    /// Writes `files` (name → marked text) in a new folder; the folder and the marks.
    static func scratch(_ files: [String: String]) throws -> (String, [String: MarkedSource]) {
        let folder = TestScratch.root.appendingPathComponent("figma-modes-\(UUID().uuidString)")
        var marked: [String: MarkedSource] = [:]
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let source = MarkedSource(text)
            try source.text.write(to: url, atomically: true, encoding: .utf8)
            marked[name] = source
        }
        return (folder.path, marked)
    }

    static func figma(_ type: String, _ value: String) -> String {
        ##"{"$type": "\##(type)", "$value": \##(value), "$extensions": {"com.figma": {"scopes": ["ALL_SCOPES"], "codeSyntax": {}}}}"##
    }

    static func expectAt(_ diagnostic: Diagnostic?, _ name: String, in marked: [String: MarkedSource], folder: String,
        mark: Int = 0, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    {
        let expected = marked[name]!.marks[mark]
        #expect(diagnostic?.location?.file == (folder as NSString).appendingPathComponent(name), sourceLocation: sourceLocation)
        #expect(diagnostic?.location?.line == expected.line && diagnostic?.location?.column == expected.column,
            "at \(diagnostic?.location?.line ?? 0):\(diagnostic?.location?.column ?? 0), expected \(expected.line):\(expected.column)",
            sourceLocation: sourceLocation)
    }

    @Test func aliasNoCollectionDefinesIsLocated() throws {
        let (folder, marked) = try Self.scratch([
            "Theme.Light.json": "{\"bg\": {\"$type\": \"color\", \"$value\": ⊙\"{color.nope}\", \"$extensions\": {\"com.figma\": {}}},\n \"ok\": \(Self.figma("color", "\"#ffffff\""))}",
            "Theme.Dark.json": "{\"bg\": \(Self.figma("color", "\"#000000\"")), \"ok\": \(Self.figma("color", "\"#ffffff\""))}",
        ])
        let system = Self.system([folder])
        let found = system.checkAllPermutations().diagnostics.filter { $0.id == .figmaModesAlias }
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("{color.nope}") == true)
        Self.expectAt(found.first, "Theme.Light.json", in: marked, folder: folder)
    }

    @Test func ambiguousBareAliasListsTheCandidates() throws {
        let (folder, marked) = try Self.scratch([
            "Brand A.Value.json": "{\"color\": {\"x\": ⊙\(Self.figma("color", "\"#ff0000\""))}}",
            "Brand B.Value.json": "{\"color\": {\"x\": ⊙\(Self.figma("color", "\"#00ff00\""))}}",
            "Theme.Mode 1.json": "{\"bg\": {\"$type\": \"color\", \"$value\": ⊙\"{color.x}\", \"$extensions\": {\"com.figma\": {}}}}",
        ])
        var system = Self.system([folder])
        let all = system.checkAllPermutations().diagnostics
        let found = all.filter { $0.id == .figmaModesAmbiguous }
        #expect(found.count == 1, "\(all.map(\.message))")
        Self.expectAt(found.first, "Theme.Mode 1.json", in: marked, folder: folder)
        #expect(found.first?.message.contains("'Brand A.color.x', 'Brand B.color.x'") == true)
        let notes = found.first?.notes ?? []
        #expect(notes.count == 2)
        for (note, name) in zip(notes, ["Brand A.Value.json", "Brand B.Value.json"]) {
            let mark = marked[name]!.marks[0]
            #expect(note.location?.file.hasSuffix(name) == true && note.location?.line == mark.line && note.location?.column == mark.column)
        }
        // The first in resolution order is used; naming the collection settles it.
        #expect(system.resolve(inputs: [:]).partialTokens["Theme.bg"]?.aliasOf == "Brand A.color.x")
    }

    /// Of two collections defining a bare path, the one in the referring file's folder (its
    /// Figma file) is meant when it is the only one there.
    @Test func bareAliasPrefersTheReferringFilesFolder() throws {
        let (folder, _) = try Self.scratch([
            "Library/Brand A.Value.json": "{\"color\": {\"x\": \(Self.figma("color", "\"#ff0000\""))}}",
            "App/Brand B.Value.json": "{\"color\": {\"x\": \(Self.figma("color", "\"#00ff00\""))}}",
            "App/Theme.Mode 1.json": "{\"bg\": \(Self.figma("color", "\"{color.x}\""))}",
        ])
        var system = Self.system([folder])
        #expect(system.checkAllPermutations().diagnostics.isEmpty)
        let bg = system.resolve(inputs: [:]).partialTokens["Theme.bg"]
        #expect(bg?.aliasOf == "Brand B.color.x")
        #expect(bg?.value.flatText == "#00ff00ff")
    }

    /// The same collection and mode in two folders is a collection of each Figma file: both
    /// kept, each named by its folder, with a note in the second file.
    @Test func aCollectionOfTwoFilesIsKeptTwice() throws {
        let (folder, marked) = try Self.scratch([
            "A/Color.Light.json": "{\"x\": \(Self.figma("color", "\"#ff0000\""))}",
            "B/Color.Light.json": "⊙{\"x\": \(Self.figma("color", "\"#00ff00\""))}",
        ])
        var system = Self.system([folder])
        let diagnostics = system.checkAllPermutations().diagnostics
        #expect(!diagnostics.contains { $0.severity >= .warning }, "\(diagnostics.map(\.message))")
        let found = diagnostics.filter { $0.id == .figmaModesSameName }
        #expect(found.count == 1)
        Self.expectAt(found.first, "B/Color.Light.json", in: marked, folder: folder)
        let tokens = system.resolve(inputs: [:]).partialTokens
        #expect(tokens["Color (A).x"]?.value.flatText == "#ff0000ff")
        #expect(tokens["Color (B).x"]?.value.flatText == "#00ff00ff")
    }

    @Test func brokenFilesAreLocated() throws {
        let (folder, marked) = try Self.scratch([
            "Color.Light.json": "{\"x\": \(Self.figma("color", "\"#ff0000\"")), \"y\": {\"$type\": ⊙\"float\", \"$value\": 1, \"$extensions\": {\"com.figma\": {}}}}",
            "Color.Dark.json": "{\"x\": \(Self.figma("color", "\"#00ff00\"")), \"y\": ⊙}",
        ])
        let system = Self.system([folder])
        let found = system.checkAllPermutations().diagnostics
        let type = found.first { $0.id == .unknownType }
        Self.expectAt(type, "Color.Light.json", in: marked, folder: folder)
        #expect(type?.message.contains("'float'") == true)
        let syntax = found.first { $0.id.isAboutFileText }
        Self.expectAt(syntax, "Color.Dark.json", in: marked, folder: folder)
    }

    @Test func rootThatIsNotAnObjectIsLocated() {
        let source = MarkedSource("⊙[{\"com.figma\": {}, \"$value\": 1}]")
        let system = FigmaModesImporter().system(for: SourceFile(path: "Color.Light.json", text: source.text), options: PipelineOptions())
        let found = system.checkAllPermutations().diagnostics
        #expect(found.map(\.id) == [.figmaModesInvalid])
        #expect(found.first?.location?.line == source.marks[0].line && found.first?.location?.column == source.marks[0].column)
    }

    @Test func filesWithoutAModeBesideTheExportAreReported() throws {
        let (folder, _) = try Self.scratch([
            "Color.Light.json": "{\"x\": \(Self.figma("color", "\"#ff0000\""))}",
            "tokens.json": "{\"x\": {\"$type\": \"number\", \"$value\": 1}}",
        ])
        let system = Self.system([folder])
        let found = system.checkAllPermutations().diagnostics
        #expect(found.map(\.id) == [.figmaModesNotRead])
        #expect(found.first?.location?.file == (folder as NSString).appendingPathComponent("tokens.json"))
    }
}

/// The export read a second way: JSONSerialization, collections and modes from the file
/// names, aliases followed by the documented rules, values written as `tessera resolve` writes
/// them (`#rrggbbaa`, shortest numbers).
struct SecondReading {
    /// collection → mode → dotted names as written → (type, value, names)
    var collections: [String: [String: [String: (type: String, value: Any, names: [String])]]] = [:]

    init(folder: String) throws {
        let enumerator = FileManager.default.enumerator(atPath: folder)!
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let name = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
            let parts = name.components(separatedBy: ".")
            let collection = parts.dropLast().joined(separator: ".")
            let mode = parts.last!
            let data = try Data(contentsOf: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(relative)))
            let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            var tokens: [String: (String, Any, [String])] = [:]
            func walk(_ node: [String: Any], _ names: [String], _ type: String?) {
                let type = node["$type"] as? String ?? type
                if let value = node["$value"] {
                    tokens[names.joined(separator: ".")] = (type!, value, names)
                    return
                }
                for (key, child) in node where !key.hasPrefix("$") { walk(child as! [String: Any], names + [key], type) }
            }
            walk(root, [], nil)
            collections[collection, default: [:]][mode] = tokens
        }
    }

    /// Every token's path in the system and its value, with `modes` chosen.
    func values(modes: [String: String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for (collection, byMode) in collections {
            let mode = byMode.count == 1 ? byMode.keys.first! : modes[collection]!
            for (key, token) in byMode[mode]! {
                result[Self.systemPath(collection, token.names)] = try value(collection, key, modes: modes, depth: 0)
            }
        }
        return result
    }

    /// The collection name, then each name with `.` written `_`.
    static func systemPath(_ collection: String, _ names: [String]) -> String {
        ([collection] + names.map { $0.replacingOccurrences(of: ".", with: "_") }).joined(separator: ".")
    }

    struct Unresolved: Error {}

    func value(_ collection: String, _ names: String, modes: [String: String], depth: Int) throws -> String {
        guard depth < 20, let byMode = collections[collection] else { throw Unresolved() }
        let mode = byMode.count == 1 ? byMode.keys.first! : modes[collection]!
        guard let (type, written, _) = byMode[mode]?[names] else { throw Unresolved() }
        if let text = written as? String, text.hasPrefix("{"), text.hasSuffix("}") {
            let reference = String(text.dropFirst().dropLast())
            // Collection-qualified first, else the bare path in another token's collection.
            for other in collections.keys where reference.hasPrefix(other + ".") {
                let rest = String(reference.dropFirst(other.count + 1))
                if collections[other]!.values.contains(where: { $0[rest] != nil }) {
                    return try value(other, rest, modes: modes, depth: depth + 1)
                }
            }
            let owners = collections.keys.filter { other in
                !(other == collection && reference == names) && collections[other]!.values.contains { $0[reference] != nil }
            }
            guard owners.count == 1 else { throw Unresolved() }
            return try value(owners[0], reference, modes: modes, depth: depth + 1)
        }
        switch type {
        case "color":
            let hex = (written as! String).lowercased()
            return hex.count == 7 ? hex + "ff" : hex
        case "number":
            let number = (written as! NSNumber).doubleValue
            return number == number.rounded() ? String(Int(number)) : String(number)
        case "boolean": return (written as! Bool) ? "true" : "false"
        default: return written as! String
        }
    }
}
