import Foundation
import TesseraConformanceKit
import TesseraLanguageServer
import TesseraTestSupport
import Testing

/// `tessera lsp` driven as an editor drives it: the built binary, JSON-RPC over pipes,
/// `initialize` through `shutdown` and `exit`. Expected positions are counted from the texts
/// here (`TextPositions`), never taken from what the server sent.
@Suite(.serialized)
struct LanguageServerTests {
    static let single = """
        {
          "color": {
            "$type": "color",
            "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}, "$description": "Brand blue"},
            "accent": {"$value": "{color.blu}"}
          }
        }
        """

    /// A folder without a resolver or `tessera.yml`: the open files are the system.
    func emptyFolder() throws -> String { try Scratch.folder("lsp").path }

    func write(_ text: String, _ name: String, in folder: String) throws -> String {
        let path = (folder as NSString).appendingPathComponent(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: - Lifecycle

    @Test func lifecycleFromInitializeToExit() throws {
        let client = try EditorClient()
        let early = client.request("textDocument/hover", .object([:]))
        #expect(early?["error"]?["code"] == .number(-32002))
        let initialized = client.initialize(root: try emptyFolder())
        let capabilities = initialized?["result"]?["capabilities"]
        #expect(capabilities?["textDocumentSync"]?["change"] == .number(2))
        #expect(capabilities?["positionEncoding"] == .string("utf-16"))
        #expect(client.request("initialize", .object(["capabilities": .object([:])]))?["error"]?["code"] == .number(-32600))
        // String ids are answered with the same string.
        let stringID = client.request("workspace/symbol", .object(["query": .string("")]), id: .string("abc"))
        #expect(stringID?["id"] == .string("abc") && stringID?["result"] == .array([]))
        #expect(client.request("textDocument/unknownThing", .object([:]))?["error"]?["code"] == .number(-32601))
        // Notifications not known, `$/` ones included, get no answer.
        client.notify("$/setTrace", .object(["value": .string("off")]))
        client.notify("custom/notice")
        let shutdown = client.request("shutdown", .null)
        #expect(shutdown?["result"] == .null && shutdown?["error"] == nil)
        #expect(client.request("textDocument/hover", .object([:]))?["error"]?["code"] == .number(-32600))
        client.notify("exit", .null)
        #expect(client.exitCode() == 0)
        #expect(!client.pending.contains { $0["id"] == nil && $0["method"] == nil })
    }

    @Test func exitWithoutShutdownAndAClientThatGoesAwayEndWithOne() throws {
        let abrupt = try EditorClient()
        _ = abrupt.initialize(root: try emptyFolder())
        abrupt.notify("exit", .null)
        #expect(abrupt.exitCode() == 1)
        let gone = try EditorClient()
        _ = gone.initialize(root: try emptyFolder())
        gone.closeInput()
        #expect(gone.exitCode() == 1)
    }

    // MARK: - Diagnostics and code actions

    /// A server on an empty folder with `single` open as tokens.json.
    func openSingle() throws -> (client: EditorClient, path: String, uri: String) {
        let folder = try emptyFolder()
        let path = (folder as NSString).appendingPathComponent("tokens.json")
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(path, Self.single)
        return (client, path, EditorClient.uri(path))
    }

    @Test func oneErrorGivesThatDiagnosticAndItsCodeActionClearsIt() throws {
        let (client, path, uri) = try openSingle()
        let diagnostics = try #require(client.diagnostics(for: uri))
        let text = TextPositions(text: Self.single)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic["code"] == .string("reference.unknown"))
        #expect(diagnostic["severity"] == .number(1))
        #expect(diagnostic["range"] == text.json(text.range(of: "\"{color.blu}\"")))
        let actions = client.request("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": diagnostic["range"]!,
            "context": .object(["diagnostics": .array([diagnostic])]),
        ]))?["result"]?.array ?? []
        let action = try #require(actions.first)
        #expect(action["kind"] == .string("quickfix"))
        let edits = try #require(action["edit"]?["changes"]?[uri]?.array)
        #expect(edits.count == 1 && edits[0]["range"] == diagnostic["range"])
        // Applying it as an editor does: the edit's range replaced in the text.
        client.change(path, version: 2, edits.map { .object(["range": $0["range"]!, "text": $0["newText"]!]) })
        #expect(client.diagnostics(for: uri) == [])
        #expect(edits[0]["newText"] == .string("\"{color.blue}\""))
        #expect(client.shutdownAndExit() == 0)
    }

    /// A reference to a token of a set the resolver does not use: the quick fix edits the
    /// resolver's file, not the one the diagnostic is in, and applying it there clears both the
    /// reference's error and the resolver's unused-set warning.
    @Test func aFixItInAnotherFileIsTheCodeActionsEditOfThatFile() throws {
        let folder = try emptyFolder()
        let resolver = """
            {
              "version": "2025.10",
              "sets": {
                "base": { "sources": [{ "$ref": "base.json" }] },
                "brand": { "sources": [{ "$ref": "brand.json" }] }
              },
              "resolutionOrder": [{ "$ref": "#/sets/base" }]
            }

            """
        let base = "{\"ink\": {\"$type\": \"color\", \"$value\": \"{brand.primary}\"}}"
        let brand = "{\"brand\": {\"primary\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 1]}}}}"
        let resolverPath = try write(resolver, "tokens.resolver.json", in: folder)
        let basePath = try write(base, "base.json", in: folder)
        _ = try write(brand, "brand.json", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(basePath, base)
        let diagnostics = client.diagnostics(for: EditorClient.uri(basePath)) ?? []
        #expect(diagnostics.map { $0["code"] } == [.string("reference.unknown")])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic["range"] == TextPositions(text: base).json(TextPositions(text: base).range(of: "\"{brand.primary}\"")))
        let actions = client.request("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(EditorClient.uri(basePath))]), "range": diagnostic["range"]!,
            "context": .object(["diagnostics": .array([diagnostic])]),
        ]))?["result"]?.array ?? []
        let action = try #require(actions.first)
        #expect(action["title"] == .string("list set 'brand' first in 'resolutionOrder'"))
        // The edit is in the resolver's file, right after the '[' of its resolution order.
        let changes = try #require(action["edit"]?["changes"]?.object)
        #expect(Array(changes.keys) == [EditorClient.uri(resolverPath)])
        let edits = try #require(changes[EditorClient.uri(resolverPath)]?.array)
        let bracket = TextPositions(text: resolver).range(of: "[{ \"$ref\": \"#/sets/base\" }]").0
        let insertion = EditorClient.range((bracket.0, bracket.1 + 1), (bracket.0, bracket.1 + 1))
        #expect(edits == [.object(["range": insertion, "newText": .string("{\"$ref\": \"#/sets/brand\"}, ")])])
        // Applying it as an editor does: the resolver opened and edited.
        client.open(resolverPath, resolver)
        #expect(client.diagnostics(for: EditorClient.uri(resolverPath))?.map { $0["code"] } == [.string("resolver.unused-set")])
        client.change(resolverPath, version: 2, edits.map { .object(["range": $0["range"]!, "text": $0["newText"]!]) })
        var cleared: Set<String> = []
        while cleared.count < 2, let message = client.next(where: { $0["method"]?.string == "textDocument/publishDiagnostics" }) {
            let uri = message["params"]?["uri"]?.string ?? ""
            if message["params"]?["diagnostics"]?.array == [] { cleared.insert(uri) } else { cleared.remove(uri) }
        }
        #expect(cleared == [EditorClient.uri(basePath), EditorClient.uri(resolverPath)])
        #expect(client.shutdownAndExit() == 0)
    }

    @Test func positionsCountUTF16UnitsUnlessUTF8IsNegotiated() throws {
        let text = "{\"emoji😀é\": {\"$type\": \"number\", \"$value\": \"{nope}\"}}"
        let positions = TextPositions(text: text)
        for utf8 in [false, true] {
            let folder = try emptyFolder()
            let path = (folder as NSString).appendingPathComponent("tokens.json")
            let client = try EditorClient()
            let capabilities: JSON = utf8
                ? .object(["general": .object(["positionEncodings": .array([.string("utf-8"), .string("utf-16")])])]) : .object([:])
            let response = client.initialize(root: folder, capabilities: capabilities)
            #expect(response?["result"]?["capabilities"]?["positionEncoding"] == .string(utf8 ? "utf-8" : "utf-16"))
            client.open(path, text)
            let diagnostics = client.diagnostics(for: EditorClient.uri(path)) ?? []
            #expect(diagnostics.map { $0["range"] } == [positions.json(positions.range(of: "\"{nope}\"", utf8: utf8))])
            #expect(client.shutdownAndExit() == 0)
        }
    }

    @Test func aFileThatStopsParsingKeepsItsLastGoodTokensForTheOthers() throws {
        let folder = try emptyFolder()
        let palette = (folder as NSString).appendingPathComponent("palette.json")
        let theme = (folder as NSString).appendingPathComponent("theme.json")
        let paletteText = "{\"blue\": {\"$type\": \"number\", \"$value\": 4}}"
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(palette, paletteText)
        _ = client.diagnostics(for: EditorClient.uri(palette))
        client.open(theme, "{\"accent\": {\"$type\": \"number\", \"$value\": \"{blue}\"}}")
        #expect(client.diagnostics(for: EditorClient.uri(theme)) == [])
        // An unsaved edit that breaks the palette: `}` removed at the end.
        let end = TextPositions(text: paletteText).range(of: "}}").1
        client.change(palette, version: 2, [.object(["range": EditorClient.range((end.0, end.1 - 1), end), "text": .string("")])])
        let broken = client.diagnostics(for: EditorClient.uri(palette)) ?? []
        #expect(broken.count >= 1 && broken.allSatisfy { $0["code"]?.string?.hasPrefix("json.") == true })
        // The theme still finds `blue` (no diagnostics for it changed, so none was sent again).
        let hover = client.request("textDocument/hover", .object([
            "textDocument": .object(["uri": .string(EditorClient.uri(theme))]), "position": EditorClient.position(0, 45),
        ]))
        #expect(hover?["result"]?["contents"]?["value"]?.string?.contains("value: `4`") == true)
        #expect(!client.pending.contains { $0["params"]?["uri"]?.string == EditorClient.uri(theme) && ($0["params"]?["diagnostics"]?.array?.isEmpty == false) })
        #expect(client.shutdownAndExit() == 0)
    }

    // MARK: - A resolver with modes

    static let base = """
        {
          "color": {
            "$type": "color",
            "gray": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffffff"}},
            "surface": {"$value": "{color.gray}", "$description": "Page background"},
            "old": {"$value": "{color.surface}", "$deprecated": "use color.surface"}
          }
        }
        """
    static let dark = """
        {
          "color": {
            "gray": {"$value": {"colorSpace": "srgb", "components": [0.0784, 0.0941, 0.1333], "hex": "#141822"}}
          }
        }
        """
    static let resolver = """
        {
          "version": "2025.10",
          "sets": {"base": {"sources": [{"$ref": "base.json"}]}},
          "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}, "default": "light"}},
          "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]
        }
        """

    func resolverWorkspace() throws -> (folder: String, base: String, dark: String) {
        let folder = try emptyFolder()
        _ = try write(Self.resolver, "tokens.resolver.json", in: folder)
        return (folder, try write(Self.base, "base.json", in: folder), try write(Self.dark, "dark.json", in: folder))
    }

    func at(_ path: String, _ position: (Int, Int)) -> JSON {
        .object(["textDocument": .object(["uri": .string(EditorClient.uri(path))]), "position": EditorClient.position(position.0, position.1)])
    }

    /// A token file the workspace's resolver does not read is never shown as free of problems:
    /// it gets a warning saying it is not checked; the resolver's own sources do not.
    @Test func aTokenFileOutsideTheSystemIsSaidToBeUnchecked() throws {
        let folder = try emptyFolder()
        _ = try write(##"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
             "resolutionOrder": [{"$ref": "#/sets/base"}]}
            """##, "app.resolver.json", in: folder)
        let inside = ##"{"color": {"$type": "color", "bg": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}}}}"##
        let outside = ##"{"color": {"$type": "color", "fg": {"$value": "{color.nope}"}}}"##
        let insidePath = try write(inside, "base.tokens.json", in: folder)
        let outsidePath = try write(outside, "scratch.tokens.json", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(insidePath, inside)
        #expect(client.diagnostics(for: EditorClient.uri(insidePath)) == [])
        client.open(outsidePath, outside)
        let published = client.diagnostics(for: EditorClient.uri(outsidePath)) ?? []
        #expect(published.map { $0["code"] } == [.string("file.outside-system")], "\(published)")
        #expect(published.first?["message"]?.string?.contains("app.resolver.json") == true)
        #expect(client.shutdownAndExit() == 0)
    }

    /// In a file that does not parse, hover and definition still answer on the parts the edit
    /// left as they were — above the error and below it — and nothing inside the edit.
    @Test func hoverAndDefinitionInABrokenFile() throws {
        let folder = try emptyFolder()
        let good = """
            {"color": {"$type": "color",
              "brand": {"$value": "#ff0000"},
              "middle": {"$value": "#00ff00"},
              "accent": {"$value": "{color.brand}"}}}
            """
        let path = try write(good, "colors.json", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(path, good)
        _ = client.diagnostics(for: EditorClient.uri(path))
        // The middle line loses its closing brace and quote: the file no longer parses.
        let broken = good.replacingOccurrences(of: ##""middle": {"$value": "#00ff00"},"##, with: ##""middle": {"$value": "#00ff"##)
        client.change(path, version: 2, [.object(["text": .string(broken)])])
        #expect(client.diagnostics(for: EditorClient.uri(path))?.contains { $0["severity"] == .number(1) } == true)
        let text = TextPositions(text: broken)
        let brand = text.range(of: "\"brand\"")
        let above = client.request("textDocument/hover", at(path, (brand.0.0, brand.0.1 + 2)))?["result"]
        #expect(above?["contents"]?["value"]?.string?.contains("**color.brand**") == true, "\(String(describing: above))")
        #expect(above?["range"] == text.json(brand))
        // Below the error: the reference in `accent`, and its definition above.
        let reference = text.range(of: "{color.brand}")
        let below = client.request("textDocument/hover", at(path, (reference.0.0, reference.0.1 + 3)))?["result"]
        #expect(below?["contents"]?["value"]?.string?.contains("`#ff0000`") == true, "\(String(describing: below))")
        #expect(below?["range"] == text.json(reference))
        let definition = client.request("textDocument/definition", at(path, (reference.0.0, reference.0.1 + 3)))?["result"]?.array
        #expect(definition == [.object(["uri": .string(EditorClient.uri(path)), "range": text.json(brand)])])
        #expect(client.shutdownAndExit() == 0)
    }

    /// Hover lists every distinct value with the contexts that give it, combinations too: a
    /// raised surface only dark and elevated together change (elevated makes it the tint, which
    /// only dark changes), which no single context shows. After an edit of the tint, each
    /// permutation's value is the edited one's.
    @Test func hoverNamesValuesThatOnlyCombinationsGive() throws {
        let folder = try emptyFolder()
        // A token to a line: an edit of the tint's value changes nothing else.
        let base = ##"""
            {"color": {"$type": "color",
            "tint": {"$value": "#ffffff"},
            "raised": {"$value": "#ffffff"}}}
            """##
        _ = try write(##"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.json"}]}},
             "modifiers": {
               "theme": {"contexts": {"light": [], "dark": [{"color": {"tint": {"$type": "color", "$value": "#202020"}}}]}, "default": "light"},
               "level": {"contexts": {"base": [], "elevated": [{"color": {"raised": {"$type": "color", "$value": "{color.tint}"}}}]},
                 "default": "base"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/level"}]}
            """##, "tokens.resolver.json", in: folder)
        let basePath = try write(base, "base.json", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(basePath, base)
        _ = client.diagnostics(for: EditorClient.uri(basePath))
        let raised = TextPositions(text: base).range(of: "\"raised\"")
        let hover = client.request("textDocument/hover", at(basePath, (raised.0.0, raised.0.1 + 2)))?["result"]
        let markdown = try #require(hover?["contents"]?["value"]?.string)
        #expect(markdown.contains("value: `#ffffff` (default)"), "\(markdown)")
        #expect(markdown.contains("- theme=dark, level=elevated: `#202020`"), "\(markdown)")
        // Elevated, the raised surface is the tint: the light tint, edited, is the only other value.
        #expect(!markdown.contains("level=elevated: `#ffffff`") && !markdown.contains("#eeeeee"), "\(markdown)")
        let edited = base.replacingOccurrences(of: "\"tint\": {\"$value\": \"#ffffff\"}", with: "\"tint\": {\"$value\": \"#eeeeee\"}")
        client.change(basePath, version: 2, [.object(["text": .string(edited)])])
        _ = client.diagnostics(for: EditorClient.uri(basePath))
        let after = client.request("textDocument/hover", at(basePath, (raised.0.0, raised.0.1 + 2)))?["result"]
        let afterMarkdown = try #require(after?["contents"]?["value"]?.string)
        #expect(afterMarkdown.contains("value: `#ffffff` (default)"), "\(afterMarkdown)")
        #expect(afterMarkdown.contains("- theme=light, level=elevated: `#eeeeee`"), "\(afterMarkdown)")
        #expect(afterMarkdown.contains("- theme=dark, level=elevated: `#202020`"), "\(afterMarkdown)")
        #expect(client.shutdownAndExit() == 0)
    }

    @Test func hoverDefinitionReferencesAndSymbolsAcrossContexts() throws {
        let workspace = try resolverWorkspace()
        let client = try EditorClient()
        _ = client.initialize(root: workspace.folder)
        client.open(workspace.base, Self.base)
        let text = TextPositions(text: Self.base)
        // On the reference `{color.surface}` in `old`.
        let reference = text.range(of: "{color.surface}")
        let hover = try #require(client.request("textDocument/hover", at(workspace.base, reference.0))?["result"])
        let markdown = try #require(hover["contents"]?["value"]?.string)
        #expect(markdown.contains("`color`"))
        #expect(markdown.contains("value: `#ffffff` (default)"))
        #expect(markdown.contains("- theme=dark: `#141822`"))
        #expect(markdown.contains("`color.surface` → `color.gray`"))
        #expect(markdown.contains("Page background"))
        #expect(hover["range"] == text.json(reference))
        let old = try #require(client.request("textDocument/hover", at(workspace.base, text.range(of: "\"old\"").0))?["result"])
        #expect(old["contents"]?["value"]?.string?.contains("**Deprecated**: use color.surface") == true)

        // Definition of `{color.gray}`: base.json first, dark.json's as a further location.
        let grayReference = text.range(of: "{color.gray}")
        let definitions = client.request("textDocument/definition", at(workspace.base, grayReference.0))?["result"]?.array ?? []
        let darkText = TextPositions(text: Self.dark)
        #expect(definitions == [
            .object(["uri": .string(EditorClient.uri(workspace.base)), "range": text.json(text.range(of: "\"gray\""))]),
            .object(["uri": .string(EditorClient.uri(workspace.dark)), "range": darkText.json(darkText.range(of: "\"gray\""))]),
        ])

        // References to color.gray: the one alias.
        var params = at(workspace.base, text.range(of: "\"gray\"").0).object!
        params["context"] = .object(["includeDeclaration": .bool(false)])
        let references = client.request("textDocument/references", .object(params))?["result"]?.array ?? []
        #expect(references == [.object(["uri": .string(EditorClient.uri(workspace.base)), "range": text.json(grayReference)])])

        // The group tree.
        let symbols = client.request("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(EditorClient.uri(workspace.base))])]))?["result"]?.array ?? []
        #expect(symbols.map { $0["name"] } == [.string("color")])
        #expect(symbols.first?["children"]?.array?.map { $0["name"] } == ["gray", "surface", "old"].map(JSON.string))
        #expect(symbols.first?["selectionRange"] == text.json(text.range(of: "\"color\"")))
        let workspaceSymbols = client.request("workspace/symbol", .object(["query": .string("surf")]))?["result"]?.array ?? []
        #expect(workspaceSymbols.map { $0["name"] } == [.string("color.surface")])

        // The dark context's file: its own symbols, and a hover on its token.
        client.open(workspace.dark, Self.dark)
        _ = client.diagnostics(for: EditorClient.uri(workspace.dark))
        let darkSymbols = client.request("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(EditorClient.uri(workspace.dark))])]))?["result"]?.array ?? []
        #expect(darkSymbols.first?["children"]?.array?.map { $0["name"] } == [.string("gray")], "\(darkSymbols)")
        let darkHover = client.request("textDocument/hover", at(workspace.dark, darkText.range(of: "\"gray\"").0))?["result"]
        #expect(darkHover?["contents"]?["value"]?.string?.contains("- theme=dark: `#141822`") == true, "\(String(describing: darkHover))")
        #expect(client.shutdownAndExit() == 0)
    }

    @Test func unsavedEditsInAContextFileCountAndPermutationProblemsSayWhich() throws {
        let workspace = try resolverWorkspace()
        let client = try EditorClient()
        _ = client.initialize(root: workspace.folder)
        client.open(workspace.dark, Self.dark)
        #expect(client.diagnostics(for: EditorClient.uri(workspace.dark)) == [])
        // An unsaved edit in dark.json: gray now references a token that does not exist.
        let darkText = TextPositions(text: Self.dark)
        let value = darkText.range(of: "{\"colorSpace\"")
        let valueEnd = darkText.range(of: "}}\n").0
        client.change(workspace.dark, version: 2, [.object([
            "range": EditorClient.range(value.0, (valueEnd.0, valueEnd.1 + 1)), "text": .string("\"{color.missing}\""),
        ])])
        let diagnostics = client.diagnostics(for: EditorClient.uri(workspace.dark)) ?? []
        let edited = Self.dark.replacingOccurrences(of: ##"{"colorSpace": "srgb", "components": [0.0784, 0.0941, 0.1333], "hex": "#141822"}"##, with: "\"{color.missing}\"")
        let positions = TextPositions(text: edited)
        let unknown = diagnostics.filter { $0["code"] == .string("reference.unknown") }
        #expect(unknown.count == 1)
        #expect(unknown.first?["range"] == positions.json(positions.range(of: "\"{color.missing}\"")))
        let related = unknown.first?["relatedInformation"]?.array?.compactMap { $0["message"]?.string } ?? []
        #expect(related.contains { $0.contains("theme") && $0.contains("dark") })
        #expect(client.shutdownAndExit() == 0)
    }

    // MARK: - Colors, completion, rename

    /// `text` written as `name` and opened in a server: the client, the document's parameters,
    /// and the colors the server finds in it.
    func openColors(_ text: String, _ name: String, in folder: String) throws -> (client: EditorClient, document: JSON, colors: [JSON]) {
        let path = try write(text, name, in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(path, text)
        let document: JSON = .object(["textDocument": .object(["uri": .string(EditorClient.uri(path))])])
        return (client, document, client.request("textDocument/documentColor", document)?["result"]?.array ?? [])
    }

    @Test func colorsAndTheirPresentationInTheFilesNotation() throws {
        let folder = try emptyFolder()
        let text = """
            {"brand": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0.5, 0]}},
             "ink": {"$type": "color", "$value": "{brand}"}}
            """
        let (client, document, colors) = try openColors(text, "colors.json", in: folder)
        let positions = TextPositions(text: text)
        let valueRange = positions.json(positions.range(of: "{\"colorSpace\": \"srgb\", \"components\": [1, 0.5, 0]}"))
        #expect(colors.count == 1)
        #expect(colors.first?["range"] == valueRange)
        #expect(colors.first?["color"] == .object(["red": .number(1), "green": .number(0.5), "blue": .number(0), "alpha": .number(1)]))
        var params = document.object!
        params["range"] = valueRange
        params["color"] = .object(["red": .number(0), "green": .number(0.25), "blue": .number(1), "alpha": .number(1)])
        let presentation = client.request("textDocument/colorPresentation", .object(params))?["result"]?.array?.first
        #expect(presentation?["textEdit"]?["newText"] == .string("{\"colorSpace\": \"srgb\", \"components\": [0, 0.25, 1]}"))
        #expect(presentation?["textEdit"]?["range"] == valueRange)
        #expect(client.shutdownAndExit() == 0)
    }

    /// Hex colors, six digits in upper case and eight with alpha: a swatch each, and a color
    /// picked is written back as hex of the same case and length.
    @Test func hexColorsAreWrittenBackAsHex() throws {
        let folder = try emptyFolder()
        let text = """
            {"brand": {"$type": "color", "$value": "#FF8000"},
             "veil": {"$type": "color", "$value": "#ff800080"}}
            """
        let (client, document, colors) = try openColors(text, "hex.json", in: folder)
        let positions = TextPositions(text: text)
        let brand = positions.json(positions.range(of: "\"#FF8000\""))
        let veil = positions.json(positions.range(of: "\"#ff800080\""))
        #expect(colors.map { $0["range"] } == [brand, veil])
        let channels: [[Double]] = colors.map { color in ["red", "green", "blue", "alpha"].map { color["color"]?[$0]?.number ?? -1 } }
        let expected: [[Double]] = [[1, 128.0 / 255, 0, 1], [1, 128.0 / 255, 0, 128.0 / 255]]
        #expect(channels.count == 2)
        for (found, wanted) in zip(channels, expected) {
            #expect(zip(found, wanted).allSatisfy { abs($0 - $1) < 0.002 }, "\(found)")
        }
        let cases: [(range: JSON, alpha: Double, written: String)] = [(brand, 1.0, "\"#0040FF\""), (veil, 0.5, "\"#0040ff80\"")]
        for (range, alpha, written) in cases {
            var params = document.object!
            params["range"] = range
            params["color"] = .object(["red": .number(0), "green": .number(0.25), "blue": .number(1), "alpha": .number(alpha)])
            let presentation = client.request("textDocument/colorPresentation", .object(params))?["result"]?.array?.first
            #expect(presentation?["textEdit"]?["newText"] == .string(written))
            #expect(presentation?["textEdit"]?["range"] == range)
        }
        #expect(client.shutdownAndExit() == 0)
    }

    @Test func completionOfReferencesTypesAndProperties() throws {
        let folder = try emptyFolder()
        let text = """
            {"size": {"$type": "dimension", "small": {"$value": {"value": 4, "unit": "px"}}, "large": {"$value": "{size.sm"}},
             "ratio": {"$type": "num", "$value": 2}}
            """
        let path = try write(text, "sizes.json", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(path, "{\"size\": {\"$type\": \"dimension\", \"small\": {\"$value\": {\"value\": 4, \"unit\": \"px\"}}}}")
        _ = client.diagnostics(for: EditorClient.uri(path))
        client.change(path, version: 2, [.object(["text": .string(text)])])
        let positions = TextPositions(text: text)
        let typed = positions.range(of: "size.sm\"")
        let cursor = (typed.1.0, typed.1.1 - 1)
        let references = client.request("textDocument/completion", at(path, cursor))?["result"]?.array ?? []
        #expect(references.map { $0["label"] } == [.string("size.small")])
        #expect(references.first?["textEdit"] == .object(["range": EditorClient.range(typed.0, cursor), "newText": .string("size.small}")]))
        let typeValue = positions.range(of: "num\"")
        let types = client.request("textDocument/completion", at(path, (typeValue.0.0, typeValue.0.1 + 2)))?["result"]?.array ?? []
        #expect(types.compactMap { $0["label"]?.string } == ["color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier",
            "number", "strokeStyle", "border", "transition", "shadow", "gradient", "typography", "string", "boolean"])
        #expect(types.first?["textEdit"]?["range"] == EditorClient.range(typeValue.0, (typeValue.0.0, typeValue.0.1 + 3)))
        let key = positions.range(of: "\"$value\": 2")
        let properties = client.request("textDocument/completion", at(path, (key.0.0, key.0.1 + 3)))?["result"]?.array ?? []
        #expect(properties.compactMap { $0["label"]?.string } == ["$value"])
        #expect(properties.first?["textEdit"]?["range"] == EditorClient.range((key.0.0, key.0.1 + 1), (key.0.0, key.0.1 + 7)))
        #expect(client.shutdownAndExit() == 0)
    }

    /// Completion inside a written reference replaces the whole name under the cursor and keeps
    /// the closing brace: at `{color.b|rand}` the edit gives `{color.brand}`, not
    /// `{color.brand}rand}`; inside `{color.b|rand` (not closed yet) it closes it.
    @Test func completionInsideAReferenceReplacesTheWholeName() throws {
        let folder = try emptyFolder()
        let text = """
            {"color": {"$type": "color", "brand": {"$value": "#ff0000"}, "blue": {"$value": "#0000ff"},
             "accent": {"$value": "{color.brand}"}, "link": {"$value": "{color.brand"}}}
            """
        let path = try write(text, "colors.json", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(path, text)
        _ = client.diagnostics(for: EditorClient.uri(path))
        let positions = TextPositions(text: text)
        for (written, newText) in [("{color.brand}", "color.brand"), ("{color.brand\"", "color.brand}")] {
            let name = positions.range(of: written)
            let start = (name.0.0, name.0.1 + 1)                    // after `{`
            let cursor = (name.0.0, name.0.1 + 8)                   // after `{color.b`
            let end = (name.0.0, name.0.1 + 12)                     // after `{color.brand`
            let items = client.request("textDocument/completion", at(path, cursor))?["result"]?.array ?? []
            #expect(Set(items.compactMap { $0["label"]?.string }) == ["color.brand", "color.blue"], "\(written)")
            let brand = items.first { $0["label"]?.string == "color.brand" }
            #expect(brand?["textEdit"] == .object(["range": EditorClient.range(start, end), "newText": .string(newText)]), "\(written)")
        }
        #expect(client.shutdownAndExit() == 0)
    }

    /// A palette (`color.blue`, and `color.navy` aliasing it) and a theme whose accent aliases
    /// `themeTarget`, both open in a server.
    func renameWorkspace(themeTarget: String) throws -> (client: EditorClient, palette: String, palettePath: String, theme: String, themePath: String) {
        let folder = try emptyFolder()
        let palette = "{\"color\": {\"$type\": \"color\", \"blue\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 1]}}, \"navy\": {\"$value\": \"{color.blue}\"}}}"
        let theme = "{\"accent\": {\"$type\": \"color\", \"$value\": \"{\(themeTarget)}\"}}"
        let palettePath = try write(palette, "palette.json", in: folder)
        let themePath = try write(theme, "theme.json", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(palettePath, palette)
        client.open(themePath, theme)
        _ = client.diagnostics(for: EditorClient.uri(themePath))
        return (client, palette, palettePath, theme, themePath)
    }

    /// The server's answer to renaming what starts at `key` in the file at `path` to `newName`.
    func rename(at key: ((Int, Int), (Int, Int)), in path: String, to newName: String, _ client: EditorClient) -> JSON? {
        var params = at(path, key.0).object!
        params["newName"] = .string(newName)
        return client.request("textDocument/rename", .object(params))
    }

    @Test func renameRewritesEveryReferenceAndRefusesAClash() throws {
        let (client, palette, palettePath, theme, themePath) = try renameWorkspace(themeTarget: "color.blue")
        let positions = TextPositions(text: palette)
        let key = positions.range(of: "\"blue\"")
        let edit = try #require(rename(at: key, in: palettePath, to: "primary", client)?["result"]?["changes"])
        let themePositions = TextPositions(text: theme)
        #expect(edit[EditorClient.uri(palettePath)]?.array?.count == 2)
        #expect(edit[EditorClient.uri(palettePath)]?.array?.contains(.object(["range": positions.json(key), "newText": .string("\"primary\"")])) == true)
        #expect(edit[EditorClient.uri(palettePath)]?.array?.contains(.object([
            "range": positions.json(positions.range(of: "{color.blue}")), "newText": .string("{color.primary}"),
        ])) == true)
        #expect(edit[EditorClient.uri(themePath)] == .array([.object([
            "range": themePositions.json(themePositions.range(of: "{color.blue}")), "newText": .string("{color.primary}"),
        ])]))
        let clash = rename(at: key, in: palettePath, to: "navy", client)?["error"]
        #expect(clash?["code"] == .number(-32803))
        #expect(clash?["message"]?.string?.contains("'color.navy' is already a token") == true)
        #expect(client.shutdownAndExit() == 0)
    }

    /// Renaming a group rewrites its key and every reference through it, in every file.
    @Test func renamingAGroupRewritesEveryReferenceThroughIt() throws {
        let (client, palette, palettePath, theme, themePath) = try renameWorkspace(themeTarget: "color.navy")
        let positions = TextPositions(text: palette)
        let key = positions.range(of: "\"color\"")
        let edit = try #require(rename(at: key, in: palettePath, to: "colour", client)?["result"]?["changes"])
        let themePositions = TextPositions(text: theme)
        let paletteEdits = edit[EditorClient.uri(palettePath)]?.array ?? []
        #expect(paletteEdits.count == 2)
        #expect(paletteEdits.contains(.object(["range": positions.json(key), "newText": .string("\"colour\"")])))
        #expect(paletteEdits.contains(.object([
            "range": positions.json(positions.range(of: "{color.blue}")), "newText": .string("{colour.blue}"),
        ])))
        #expect(edit[EditorClient.uri(themePath)] == .array([.object([
            "range": themePositions.json(themePositions.range(of: "{color.navy}")), "newText": .string("{colour.navy}"),
        ])]))
        #expect(client.shutdownAndExit() == 0)
    }

    @Test func referencesIncludeSwiftUsesAndATesseraYMLSaysWhatTheSystemIs() throws {
        let folder = try emptyFolder()
        let tokens = "{\"color\": {\"$type\": \"color\", \"text-primary\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 0]}}}}"
        let alias = "{\"ink\": {\"$type\": \"color\", \"$value\": \"{color.text-primary}\"}}"
        try FileManager.default.createDirectory(atPath: folder + "/tokens", withIntermediateDirectories: true)
        let tokensPath = try write(tokens, "tokens/colors.json", in: folder)
        let aliasPath = try write(alias, "tokens/alias.json", in: folder)
        _ = try write("sources: [tokens/colors.json, tokens/alias.json]\noutputs:\n  - css: { path: out/tokens.css }\n", "tessera.yml", in: folder)
        let swift = "import SwiftUI\nlet a = Tokens.Color.textPrimary\nlet b = theme.color(\"color/text-primary\")\nlet c = Tokens.Color.textPrimaryDark\n"
        let swiftPath = try write(swift, "App.swift", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        // Only colors.json is open: alias.json is read from disk because tessera.yml lists it.
        client.open(tokensPath, tokens)
        #expect(client.diagnostics(for: EditorClient.uri(tokensPath)) == [])
        let key = TextPositions(text: tokens).range(of: "\"text-primary\"")
        var params = at(tokensPath, key.0).object!
        params["context"] = .object(["includeDeclaration": .bool(false)])
        let references = client.request("textDocument/references", .object(params))?["result"]?.array ?? []
        let aliasPositions = TextPositions(text: alias)
        let swiftPositions = TextPositions(text: swift)
        #expect(references == [
            .object(["uri": .string(EditorClient.uri(aliasPath)), "range": aliasPositions.json(aliasPositions.range(of: "{color.text-primary}"))]),
            .object(["uri": .string(EditorClient.uri(swiftPath)), "range": swiftPositions.json(swiftPositions.range(of: "Color.textPrimary"))]),
            .object(["uri": .string(EditorClient.uri(swiftPath)), "range": swiftPositions.json(swiftPositions.range(of: "\"color/text-primary\""))]),
        ].map { $0 })
        #expect(client.shutdownAndExit() == 0)
    }

    /// `strict: true` in tessera.yml makes the editor's diagnostics `tessera validate --strict`'s:
    /// a color written as a string is an error there, a warning without it.
    @Test func aStrictConfigurationMakesLegacyNotationsErrors() throws {
        let tokens = "{\"color\": {\"$type\": \"color\", \"accent\": {\"$value\": \"#ff0000\"}}}"
        for strict in [false, true] {
            let folder = try emptyFolder()
            let path = try write(tokens, "colors.json", in: folder)
            _ = try write("sources: [colors.json]\nstrict: \(strict)\noutputs:\n  - css: { path: out/tokens.css }\n", "tessera.yml", in: folder)
            let client = try EditorClient()
            _ = client.initialize(root: folder)
            client.open(path, tokens)
            let diagnostics = client.diagnostics(for: EditorClient.uri(path)) ?? []
            #expect(diagnostics.map { $0["code"]?.string } == ["value.color.legacy"], "strict: \(strict)")
            #expect(diagnostics.map { $0["severity"]?.int } == [strict ? 1 : 2], "strict: \(strict)")
            #expect(diagnostics.first?["range"] == TextPositions(text: tokens).json(TextPositions(text: tokens).range(of: "\"#ff0000\"")))
            #expect(client.shutdownAndExit() == 0)
        }
    }

    // MARK: - Edits waiting together, and cancelling

    /// Edits that are all waiting when the server reads are applied in order and checked once:
    /// one publication, with the last version and the last text's diagnostics, before the
    /// answer to the request behind them, which reads the last text too.
    @Test func editsWaitingTogetherAreAppliedInOrderAndCheckedOnce() throws {
        let folder = try emptyFolder()
        let path = (folder as NSString).appendingPathComponent("tokens.json")
        let uri = EditorClient.uri(path)
        let start = "{\"alpha\": {\"$type\": \"number\", \"$value\": 1}, \"b\": {\"$type\": \"number\", \"$value\": \"{}\"}}"
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(path, start)
        #expect(client.diagnostics(for: uri)?.isEmpty == false)
        // "alpha" typed between the braces, a character an edit (each text but the last has a
        // problem), and a hover of `b` behind: all written at once.
        let brace = TextPositions(text: start).range(of: "{}").0
        var messages = "alpha".enumerated().map { index, character in
            let position = (brace.0, brace.1 + 1 + index)
            return EditorClient.changeNotification(path, version: 2 + index, [
                .object(["range": EditorClient.range(position, position), "text": .string(String(character))]),
            ])
        }
        let final = start.replacingOccurrences(of: "{}", with: "{alpha}")
        messages.append(EditorClient.requestMessage("textDocument/hover", at(path, TextPositions(text: final).range(of: "\"b\"").0), id: .number(900)))
        client.sendTogether(messages)
        let hover = client.next { $0["id"] == .number(900) && $0["method"] == nil }
        #expect(hover?["result"]?["contents"]?["value"]?.string?.contains("value: `1`") == true)
        // Whatever the server sent before its answer has arrived: the edits' publications.
        let published = client.pending.filter {
            $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri
        }
        #expect(published.count == 1, "\(published.count) publications for 5 edits")
        #expect(published.first?["params"]?["version"] == .number(6))
        #expect(published.first?["params"]?["diagnostics"] == .array([]))
        #expect(client.shutdownAndExit() == 0)
    }

    /// A request whose `$/cancelRequest` comes while it waits (here behind an edit to check) is
    /// answered RequestCancelled and not computed; a cancel for a request answered already, or
    /// for an id never sent, does nothing.
    @Test func aRequestCancelledWhileItWaitsIsAnsweredRequestCancelled() throws {
        let (client, path, uri) = try openSingle()
        #expect(client.diagnostics(for: uri)?.count == 1)
        let fixed = Self.single.replacingOccurrences(of: "{color.blu}", with: "{color.blue}")
        let blue = at(path, TextPositions(text: fixed).range(of: "\"blue\"").0)
        client.sendTogether([
            EditorClient.changeNotification(path, version: 2, [.object(["text": .string(fixed)])]),
            EditorClient.requestMessage("textDocument/hover", blue, id: .number(901)),
            EditorClient.notification("$/cancelRequest", .object(["id": .number(901)])),
        ])
        let cancelled = client.next { $0["id"] == .number(901) && $0["method"] == nil }
        #expect(cancelled?["error"]?["code"] == .number(-32800))
        #expect(cancelled?["result"] == nil)
        // The edit before it was applied and checked all the same.
        #expect(client.diagnostics(for: uri) == [])
        client.notify("$/cancelRequest", .object(["id": .number(901)]))
        client.notify("$/cancelRequest", .object(["id": .string("never sent")]))
        let answered = client.request("textDocument/hover", blue, id: .number(902))
        #expect(answered?["result"]?["contents"]?["value"]?.string?.contains("Brand blue") == true)
        #expect(!client.pending.contains { $0["method"] == nil }, "no other answer: \(client.pending)")
        #expect(client.shutdownAndExit() == 0)
    }

    // MARK: - Robustness

    @Test func malformedMessagesAndEditsOutOfRangeDoNotStopIt() throws {
        let folder = try emptyFolder()
        let path = (folder as NSString).appendingPathComponent("tokens.json")
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.sendRaw(Array(MessageFramer.frame("{not json")))
        #expect(client.next { $0["error"]?["code"] == .number(-32700) }?["id"] == .null)
        client.sendRaw(Array("Content-Type: text\r\n\r\n".utf8))
        #expect(client.next { $0["error"]?["code"] == .number(-32700) } != nil)
        client.send(.object(["jsonrpc": .string("2.0"), "id": .bool(true), "method": .string("shutdown")]))
        #expect(client.next { $0["error"]?["code"] == .number(-32600) } != nil)
        client.open(path, "{}")
        _ = client.diagnostics(for: EditorClient.uri(path))
        client.change(path, version: 2, [.object(["range": EditorClient.range((40, 0), (41, 0)), "text": .string("x")])])
        #expect(client.next { $0["method"] == .string("window/logMessage") } != nil)
        // A file outside the workspace, never opened.
        let outside = client.request("textDocument/hover", at("/nonexistent/elsewhere.json", (0, 0)))
        #expect(outside?["result"] == .null && outside?["error"] == nil)
        let params = client.request("textDocument/hover", .object(["position": .string("x")]))
        #expect(params?["error"]?["code"] == .number(-32602))
        #expect(client.shutdownAndExit() == 0)
    }

    @Test func completionWithTheCursorOnAnOpeningQuoteOffersNothing() throws {
        let folder = try emptyFolder()
        let text = "{\"a\": {\"$type\": \"number\", \"$value\": 1}}"
        let path = try write(text, "tokens.json", in: folder)
        let client = try EditorClient()
        _ = client.initialize(root: folder)
        client.open(path, text)
        _ = client.diagnostics(for: EditorClient.uri(path))
        // On the opening quotes of `"a"`, `"$type"` and `"number"`.
        for character in [1, 7, 16] {
            let response = client.request("textDocument/completion", at(path, (0, character)))
            #expect(response?["error"] == nil)
            #expect(response?["result"] != nil)
        }
        // The server is still there and answers.
        #expect(client.request("textDocument/hover", at(path, (0, 2)))?["error"] == nil)
        #expect(client.shutdownAndExit() == 0)
    }
}
