import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera

/// Figma variables: a real REST response compared with another tool's reading of it, and
/// responses written for each rule.
struct FigmaVariablesImporterTests {
    static let response = fixtures.appendingPathComponent("figma/get-local-variables.json").path
    static let terrazzo = fixtures.appendingPathComponent("figma/terrazzo-import-default.json").path

    /// `dark dimmed` → `darkDimmed`, as the other tool names contexts.
    static func camel(_ text: String) -> String {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        return words.enumerated().map { $0 == 0 ? $1.lowercased() : $1.prefix(1).uppercased() + $1.dropFirst().lowercased() }.joined()
    }

    /// Every variable Terrazzo imports, in every mode of its collection, must have Tessera's
    /// value: the same color channels, the same number, an alias of the same variable. The
    /// differences kept are choices, each counted: FLOATs scoped to font styles are font
    /// weights here (Terrazzo: px dimensions); STRINGs scoped to font families are font
    /// families (Terrazzo: strings); Terrazzo rewrites names in camelCase (`danger-emphasis` →
    /// `dangerEmphasis`) where Tessera keeps them as written, and merges collections that share
    /// a name where Tessera keeps them apart; Tessera keeps Figma's channels exactly.
    @Test func agreesWithTerrazzoValueForValue() throws {
        let composer = FigmaVariablesImporter().composer(for: try #require(TokenFileLoader.read(Self.response, diagnostics: &ignored)),
            options: PipelineOptions())
        let resolver = try #require(composer.resolver)
        // Tessera's definition of each variable in each mode, (id, mode) → token: a variable of
        // a collection with modes from the run that chooses each of its modes, the others from
        // the run of defaults. Each modifier says which collection it is.
        var ours: [String: TokenDefinition] = [:]
        var byPath: [String: TokenDefinition] = [:]
        func figma(_ token: TokenDefinition, _ key: String) -> String? { token.extensions?["com.figma"]?[key]?.string }
        for token in composer.resolve(inputs: [:]).document.tokens {
            guard let id = figma(token, "id") else { continue }
            ours[id + "|"] = token
            byPath[token.path] = token
        }
        for modifier in resolver.modifiers {
            let collection = try #require(modifier.description?.split(separator: " ").last.map(String.init))
            for context in modifier.contextNames {
                for token in composer.resolve(inputs: [modifier.name: context]).document.tokens
                where figma(token, "variableCollectionId") == collection {
                    ours[figma(token, "id")! + "|" + Self.camel(context)] = token
                }
            }
        }
        /// Names as the other tool writes them (`danger-emphasis` → `dangerEmphasis`), compared
        /// without case and separators.
        func squeezed(_ name: String) -> String { name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "." } }

        let data = try Data(contentsOf: URL(fileURLWithPath: Self.terrazzo))
        let want = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var theirs: [(id: String, mode: String, token: [String: Any])] = []
        func leaves(_ node: Any, mode: String) {
            guard let object = node as? [String: Any] else { return }
            if object["$value"] != nil {
                if let id = ((object["$extensions"] as? [String: Any])?["figma.com"] as? [String: Any])?["id"] as? String {
                    theirs.append((id, mode, object))
                }
                return
            }
            for (key, child) in object where !key.hasPrefix("$") { leaves(child, mode: mode) }
        }
        for set in (want["sets"] as? [String: [String: Any]] ?? [:]).values {
            for source in set["sources"] as? [Any] ?? [] { leaves(source, mode: "") }
        }
        for modifier in (want["modifiers"] as? [String: [String: Any]] ?? [:]).values {
            for (context, sources) in modifier["contexts"] as? [String: [Any]] ?? [:] {
                for source in sources { leaves(source, mode: context) }
            }
        }
        #expect(theirs.count > 4000)

        // Each variable's modes, from the response itself.
        let response = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.response))) as? [String: Any])
        let meta = try #require(response["meta"] as? [String: [String: [String: Any]]])
        var modes: [String: Set<String>] = [:]
        for (id, variable) in meta["variables"] ?? [:] {
            let collection = meta["variableCollections"]?[variable["variableCollectionId"] as? String ?? ""]
            let names = (collection?["modes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            modes[id] = names.count > 1 ? Set(names.map(Self.camel)) : [""]
        }

        /// Whether every mode of the variable aliases a variable the response does not hold,
        /// directly or through others.
        func leftOut(_ id: String, seen: Set<String> = []) -> Bool {
            guard let variable = meta["variables"]?[id], !seen.contains(id),
                let values = variable["valuesByMode"] as? [String: Any], !values.isEmpty else { return meta["variables"]?[id] == nil }
            return values.values.allSatisfy { aliasesLeftOut($0, seen: seen.union([id])) }
        }
        func aliasesLeftOut(_ value: Any, seen: Set<String>) -> Bool {
            guard let alias = value as? [String: Any], alias["type"] as? String == "VARIABLE_ALIAS", let target = alias["id"] as? String
            else { return false }
            return leftOut(target, seen: seen)
        }
        /// Whether the variable's value in the mode (as Terrazzo names it) aliases a variable
        /// left out.
        func leftOut(_ id: String, mode: String) -> Bool {
            let variable = meta["variables"]?[id]
            let collection = meta["variableCollections"]?[variable?["variableCollectionId"] as? String ?? ""]
            let modeID = (collection?["modes"] as? [[String: Any]] ?? []).first { Self.camel($0["name"] as? String ?? "") == mode || mode.isEmpty }?["modeId"]
            guard let modeID = modeID as? String, let value = (variable?["valuesByMode"] as? [String: Any])?[modeID] else { return false }
            return aliasesLeftOut(value, seen: [id])
        }

        var compared = 0
        var kept: [String: Int] = [:]
        for (id, mode, token) in theirs {
            // Terrazzo merges collections of one name (three are called `mode`) into one
            // modifier, and gives each variable a value in the contexts of the others too.
            // Tessera keeps collections apart: a mode a variable's collection does not have
            // is not compared.
            guard modes[id]?.contains(mode) == true || modes[id] == [""] else {
                kept["mode of another collection", default: 0] += 1
                continue
            }
            guard let mine = modes[id] == [""] ? ours[id + "|"] : ours[id + "|" + mode] else {
                // Left out in this mode, with the one error on the variable the file does not hold.
                if leftOut(id, mode: mode) {
                    kept["left out with an unknown variable", default: 0] += 1
                    compared += 1
                } else {
                    Issue.record("Tessera has no value for \(id) in '\(mode)'")
                }
                continue
            }
            let value = token["$value"]
            if let alias = value as? String, alias.hasPrefix("{") {
                // Terrazzo names the target by its variable name; Tessera by id, then path.
                let path = String((mine.value.string ?? "").dropFirst().dropLast())
                let wanted = squeezed(String(alias.dropFirst().dropLast()))
                if let target = byPath[path] {
                    let name = figma(target, "name")?.replacingOccurrences(of: "/", with: ".")
                    #expect(squeezed(name ?? "?") == wanted, "\(id) \(mode) \(name ?? "?") \(alias)")
                } else {
                    // The target is itself an alias of a variable the file does not hold, so
                    // Tessera reports it and has no token for it; the reference still names it:
                    // its collection, then its name.
                    #expect(squeezed(path).hasSuffix("." + wanted), "\(id) \(mode) \(path) \(alias)")
                    kept["alias of an unresolvable variable", default: 0] += 1
                }
                compared += 1
                continue
            }
            guard let typed = mine.typedValue else {
                Issue.record("\(id) \(mode): Tessera has no value where Terrazzo has \(String(describing: value))")
                continue
            }
            switch (token["$type"] as? String, typed) {
            case ("color", .color(let color)):
                // Tessera keeps Figma's channels exactly; the other tool's color conversion
                // moves some in the last bits (within 1e-15), which no output can show. (The
                // reference file is read with JSONSerialization, which may round a last digit.)
                let object = value as? [String: Any]
                let components = object?["components"] as? [Double] ?? []
                let close = components.count == 3 && zip(components, color.numericComponents).allSatisfy { abs($0 - $1) < 1e-12 }
                #expect(close && abs((object?["alpha"] as? Double ?? 1) - color.alpha) < 1e-12, "\(id) \(mode) \(components) \(color)")
                if components != color.numericComponents { kept["last bits", default: 0] += 1 }
            case ("dimension", .dimension(let dimension)):
                #expect((value as? [String: Any])?["value"] as? Double == dimension.value, "\(id) \(mode)")
            case ("dimension", .fontWeight(let weight)):
                #expect((value as? [String: Any])?["value"] as? Double == weight, "\(id) \(mode)")
                kept["font weight", default: 0] += 1
            case ("string", .fontFamily(let families, _)):
                #expect([value as? String] == families, "\(id) \(mode)")
                kept["font family", default: 0] += 1
            case ("number", .number(let number)):
                #expect(value as? Double == number, "\(id) \(mode)")
            default:
                Issue.record("\(id) \(mode): Terrazzo \(token["$type"] ?? "?") \(String(describing: value)), Tessera \(typed)")
            }
            compared += 1
        }
        #expect(compared + (kept["mode of another collection"] ?? 0) == theirs.count)
        #expect(kept["font weight"] == 4 && kept["font family"] == 4, "\(kept)")
        #expect(compared == 3452, "\(compared) compared, \(kept)")
    }

    /// Written from the REST API's shape: two collections, one with modes, aliases across them,
    /// each kind of variable.
    static let written = """
        {"status": 200, "error": false, "meta": {
          "variableCollections": {
            "VariableCollectionId:1:1": {"id": "VariableCollectionId:1:1", "name": "Primitives", "defaultModeId": "1:0",
              "modes": [{"modeId": "1:0", "name": "Value"}], "remote": false, "hiddenFromPublishing": false, "variableIds": []},
            "VariableCollectionId:2:1": {"id": "VariableCollectionId:2:1", "name": "Theme", "defaultModeId": "2:0",
              "modes": [{"modeId": "2:0", "name": "Light"}, {"modeId": "2:1", "name": "Dark"}], "variableIds": []}
          },
          "variables": {
            "VariableID:1:2": {"id": "VariableID:1:2", "name": "blue/500", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "COLOR", "valuesByMode": {"1:0": {"r": 0, "g": 0.4, "b": 1, "a": 1}}, "scopes": ["ALL_SCOPES"]},
            "VariableID:1:3": {"id": "VariableID:1:3", "name": "gray/900", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "COLOR", "valuesByMode": {"1:0": {"r": 0.1, "g": 0.1, "b": 0.1, "a": 0.5}}, "scopes": ["ALL_SCOPES"],
              "hiddenFromPublishing": true},
            "VariableID:1:4": {"id": "VariableID:1:4", "name": "space/4", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "FLOAT", "valuesByMode": {"1:0": 16}, "scopes": ["GAP"]},
            "VariableID:1:5": {"id": "VariableID:1:5", "name": "weight/bold", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "FLOAT", "valuesByMode": {"1:0": 700}, "scopes": ["FONT_WEIGHT"]},
            "VariableID:1:6": {"id": "VariableID:1:6", "name": "fade", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "FLOAT", "valuesByMode": {"1:0": 40}, "scopes": ["OPACITY"]},
            "VariableID:1:7": {"id": "VariableID:1:7", "name": "font/body", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "STRING", "valuesByMode": {"1:0": "Inter"}, "scopes": ["FONT_FAMILY"]},
            "VariableID:1:8": {"id": "VariableID:1:8", "name": "flags/beta 🚀", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "BOOLEAN", "valuesByMode": {"1:0": true}, "scopes": ["ALL_SCOPES"]},
            "VariableID:1:9": {"id": "VariableID:1:9", "name": "ratio", "variableCollectionId": "VariableCollectionId:1:1",
              "resolvedType": "FLOAT", "valuesByMode": {"1:0": 1.5}, "scopes": ["ALL_SCOPES"], "description": "Golden-ish"},
            "VariableID:2:2": {"id": "VariableID:2:2", "name": "bg/accent", "variableCollectionId": "VariableCollectionId:2:1",
              "resolvedType": "COLOR", "valuesByMode": {"2:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:1:2"},
                "2:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:1:3"}}, "scopes": ["FRAME_FILL"]},
            "VariableID:2:3": {"id": "VariableID:2:3", "name": "blue/500", "variableCollectionId": "VariableCollectionId:2:1",
              "resolvedType": "COLOR", "valuesByMode": {"2:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:2:2"},
                "2:1": {"r": 1, "g": 1, "b": 1, "a": 1}}, "scopes": ["ALL_SCOPES"]}
          }}}
        """

    func hex(_ tokens: ResolvedTokens, _ path: String) -> String? {
        guard case .color(let color)? = tokens.value(path) else { return nil }
        return color.hexString()
    }

    @Test func collectionsModesAndAliases() throws {
        let composer = FigmaVariablesImporter().composer(for: SourceFile(path: "figma.json", text: Self.written), options: PipelineOptions())
        #expect(composer.resolver?.modifiers.map(\.name) == ["Theme"])
        #expect(composer.resolver?.modifiers.first?.contextNames == ["Light", "Dark"])
        #expect(composer.checkAllPermutations().diagnostics.isEmpty, "\(composer.checkAllPermutations().diagnostics.map(\.message))")
        let light = try composer.resolve(inputs: [:]).tokens()
        let dark = try composer.resolve(inputs: ["Theme": "Dark"]).tokens()
        // Names repeat across collections: the collection keeps them apart.
        #expect(hex(light, "Primitives.blue.500") == "#0066ffff")
        #expect(hex(light, "Theme.blue.500") == "#0066ffff")
        #expect(hex(dark, "Theme.blue.500") == "#ffffffff")
        #expect(hex(dark, "Theme.bg.accent") == "#1a1a1a80")
        #expect(light["Theme.bg.accent"]?.aliasOf == "Primitives.blue.500")
        #expect(light.value("Primitives.space.4") == .dimension(TokenDimension(16, .px)))
        #expect(light.value("Primitives.weight.bold") == .fontWeight(700))
        #expect(light.value("Primitives.fade") == .number(0.4))
        #expect(light.value("Primitives.font.body") == .fontFamily(["Inter"], isList: false))
        #expect(light.value("Primitives.flags.beta 🚀") == .boolean(true))
        #expect(light["Primitives.ratio"]?.description == "Golden-ish")
        #expect(light["Primitives.gray.900"]?.extensions?["com.figma"]?["hiddenFromPublishing"]?.bool == true)
    }

    @Test func recognizedByContent() {
        let file = SourceFile(path: "export.json", text: Self.written)
        #expect(ImporterRegistry.standard.importer(for: file) is FigmaVariablesImporter)
    }

    /// Each malformed input is reported at its place.
    @Test func malformedInputIsReported() {
        func ids(_ text: String) -> [DiagnosticID] {
            let composer = FigmaVariablesImporter().composer(for: SourceFile(path: "figma.json", text: text), options: PipelineOptions())
            return composer.checkAllPermutations().diagnostics.map(\.id)
        }
        let collection = #""VariableCollectionId:1": {"id": "VariableCollectionId:1", "name": "C", "defaultModeId": "m", "modes": [{"modeId": "m", "name": "M"}]}"#
        func variable(_ id: String, _ name: String, _ type: String, _ value: String) -> String {
            #""\#(id)": {"id": "\#(id)", "name": "\#(name)", "variableCollectionId": "VariableCollectionId:1", "resolvedType": "\#(type)", "valuesByMode": {"m": \#(value)}, "scopes": ["ALL_SCOPES"]}"#
        }
        func file(_ variables: String...) -> String {
            #"{"meta": {"variableCollections": {\#(collection)}, "variables": {\#(variables.joined(separator: ", "))}}}"#
        }
        #expect(ids(#"{"meta": {}}"#) == [.figmaInvalid])
        #expect(ids(file(variable("a", "x", "COLOR", #"{"r": 2, "g": 0, "b": 0, "a": 1}"#))) == [.figmaInvalid])
        #expect(ids(file(variable("a", "x", "FLOAT", #""sixteen""#))) == [.figmaInvalid])
        #expect(ids(file(variable("a", "x", "VECTOR", "1"))) == [.figmaUnknownType])
        #expect(ids(file(variable("a", "x", "FLOAT", #"{"type": "VARIABLE_ALIAS", "id": "elsewhere"}"#))) == [.figmaUnknownVariable])
        #expect(ids(file(variable("a", "x", "FLOAT", "1"), variable("b", "x", "FLOAT", "2"))) == [.figmaDuplicate])
        // Aliases that go round: the resolver's cycle check names them.
        #expect(ids(file(variable("a", "x", "FLOAT", #"{"type": "VARIABLE_ALIAS", "id": "b"}"#),
            variable("b", "y", "FLOAT", #"{"type": "VARIABLE_ALIAS", "id": "a"}"#))).contains(.referenceCycle))
    }

    /// A library file and a file that uses it: the user lists the library's collection and
    /// variable as remote, and aliases the variable by id.
    static let library = """
        {"meta": {"variableCollections": {"VariableCollectionId:L:1": {"id": "VariableCollectionId:L:1", "name": "Brand",
            "defaultModeId": "L:0", "modes": [{"modeId": "L:0", "name": "Value"}], "remote": false}},
          "variables": {"VariableID:L:2": {"id": "VariableID:L:2", "name": "accent", "variableCollectionId": "VariableCollectionId:L:1",
            "resolvedType": "COLOR", "valuesByMode": {"L:0": {"r": 1, "g": 0, "b": 0, "a": 1}}, "scopes": ["ALL_SCOPES"], "remote": false}}}}
        """
    static let user = """
        {"meta": {"variableCollections": {"VariableCollectionId:L:1": {"id": "VariableCollectionId:L:1", "name": "Brand",
            "defaultModeId": "L:0", "modes": [{"modeId": "L:0", "name": "Value"}], "remote": true},
            "VariableCollectionId:U:1": {"id": "VariableCollectionId:U:1", "name": "App", "defaultModeId": "U:0",
            "modes": [{"modeId": "U:0", "name": "Light"}, {"modeId": "U:1", "name": "Dark"}]}},
          "variables": {
            "VariableID:U:2": {"id": "VariableID:U:2", "name": "button", "variableCollectionId": "VariableCollectionId:U:1", "resolvedType": "COLOR",
              "valuesByMode": {"U:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:L:2"}, "U:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:L:2"}},
              "scopes": ["ALL_SCOPES"]},
            "VariableID:U:3": {"id": "VariableID:U:3", "name": "link", "variableCollectionId": "VariableCollectionId:U:1", "resolvedType": "COLOR",
              "valuesByMode": {"U:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:U:2"}, "U:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:U:2"}},
              "scopes": ["ALL_SCOPES"]},
            "VariableID:U:4": {"id": "VariableID:U:4", "name": "focus", "variableCollectionId": "VariableCollectionId:U:1", "resolvedType": "COLOR",
              "valuesByMode": {"U:0": {"type": "VARIABLE_ALIAS", "id": "VariableID:U:3"}, "U:1": {"type": "VARIABLE_ALIAS", "id": "VariableID:U:3"}},
              "scopes": ["ALL_SCOPES"]}}}}
        """

    func writeFiles(_ files: [String: String]) throws -> [String] {
        let folder = TestScratch.root.appendingPathComponent("figma-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try files.sorted { $0.key < $1.key }.map { name, text in
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// Read together, the user's aliases reach the library's variables (the remote copy of
    /// the library's collection gives way to the library's own); the CLI path does the same.
    @Test func filesReadTogether() throws {
        let paths = try writeFiles(["1-user.json": Self.user, "2-library.json": Self.library])
        let composer = try #require(ImporterRegistry.standard.composer(for: paths, options: PipelineOptions()))
        #expect(composer.checkAllPermutations().diagnostics.isEmpty, "\(composer.checkAllPermutations().diagnostics.map(\.message))")
        let light = try composer.resolve(inputs: [:]).tokens()
        #expect(hex(light, "App.focus") == "#ff0000ff")
        #expect(light["App.button"]?.aliasOf == "Brand.accent")
        #expect(hex(try composer.resolve(inputs: ["App": "Dark"]).tokens(), "App.focus") == "#ff0000ff")
        // The library's own file is where its variable is read from.
        #expect(light["Brand.accent"]?.anchor.file.path.hasSuffix("2-library.json") == true)
    }

    /// Alone, the user's file names a variable it does not hold: one error, with a note on
    /// the two variables that alias it, and no error for each of them.
    @Test func anUnknownVariableIsOneError() {
        let composer = FigmaVariablesImporter().composer(for: SourceFile(path: "user.json", text: Self.user), options: PipelineOptions())
        let found = composer.checkAllPermutations().diagnostics.filter { $0.severity == .error }
        #expect(found.map(\.id) == [.figmaUnknownVariable])
        #expect(found.first?.notes.first?.message == "2 variables aliasing it, directly or through others, are left out with it")
    }
}

nonisolated(unsafe) private var ignored: [Diagnostic] = []
