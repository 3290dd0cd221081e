import Foundation
import TesseraConformanceKit
import TesseraDifferential
import TesseraLanguageServer
import TesseraTestSupport
import Testing

/// The diagnostics the server holds after a run of one-token edits are those a server started
/// on the edited texts finds: whatever an edit reuses from the check before it (parsed
/// sources, resolved permutations, line tables, published diagnostics), the result is a full
/// check's. Diagnostics are compared per file as sets, with their ranges, codes, messages and
/// related information; the edited file's symbols (where each token is written) are compared
/// too. The system has 8 permutations and aliases of the edited tokens; an
/// edit that only changes a value is checked by redefining it in each permutation that takes it
/// from the edited file (`CheckedSystem.edit(_:)`), which the test counts.
@Suite(.serialized)
struct LanguageServerDifferentialTests {
    /// A server in this process; what it sends is collected.
    final class Server {
        private(set) var sent: [JSON] = []
        private(set) var server: LanguageServer!
        private var nextID = 1

        init(root: String) {
            server = LanguageServer { [unowned self] message in sent.append(message) }
            request("initialize", .object(["processId": .null, "capabilities": .object([:]),
                "rootUri": .string(URL(fileURLWithPath: root).absoluteString)]))
            notify("initialized")
        }

        func send(_ message: [String: JSON]) {
            var message = message
            message["jsonrpc"] = .string("2.0")
            server.receive(Array(JSON.object(message).text.utf8))
        }

        func request(_ method: String, _ params: JSON) {
            send(["id": .number(Double(nextID)), "method": .string(method), "params": params])
            nextID += 1
        }

        /// The result of a request.
        func result(_ method: String, _ params: JSON) -> JSON? {
            let id = nextID
            request(method, params)
            return sent.last { $0["id"]?.int == id }?["result"]
        }

        func notify(_ method: String, _ params: JSON = .object([:])) {
            send(["method": .string(method), "params": params])
        }

        /// Notifications handled as the server handles those it finds waiting together.
        func notifyTogether(_ notifications: [(method: String, params: JSON)]) {
            server.receive(notifications.map { method, params in
                .message(Array(JSON.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]).text.utf8))
            })
        }

        /// Each file's diagnostics as last published, as sets of their JSON text (keys sorted);
        /// files whose last diagnostics are none are left out.
        var published: [String: Set<String>] {
            var latest: [String: Set<String>] = [:]
            for message in sent where message["method"]?.string == "textDocument/publishDiagnostics" {
                guard let uri = message["params"]?["uri"]?.string else { continue }
                latest[uri] = Set((message["params"]?["diagnostics"]?.array ?? []).map(\.text))
            }
            return latest.filter { !$0.value.isEmpty }
        }
    }

    /// Token files of one group `g`, one token a line, so that an edit replaces one line's value.
    struct TokenFile {
        let path: String
        var tokens: [(name: String, value: String)]

        var text: String {
            var lines = ["{", "  \"g\": {"]
            for (index, token) in tokens.enumerated() {
                lines.append("    \"\(token.name)\": \(token.value)" + (index == tokens.count - 1 ? "" : ","))
            }
            return (lines + ["  }", "}", ""]).joined(separator: "\n")
        }

        /// The edit that gives token `index` the value `value`: its old value's range replaced.
        mutating func edit(_ index: Int, to value: String) -> JSON {
            let start = 4 + tokens[index].name.utf16.count + 4
            let change = Self.change(line: 2 + index, start..<start + tokens[index].value.utf16.count, to: value)
            tokens[index].value = value
            return change
        }

        /// The edit that renames token `index` to `name`: its key's text replaced.
        mutating func rename(_ index: Int, to name: String) -> JSON {
            let change = Self.change(line: 2 + index, 5..<5 + tokens[index].name.utf16.count, to: name)
            tokens[index].name = name
            return change
        }

        /// A change replacing `characters` of `line` (UTF-16) with `text`.
        static func change(line: Int, _ characters: Range<Int>, to text: String) -> JSON {
            .object([
                "range": .object([
                    "start": .object(["line": .number(Double(line)), "character": .number(Double(characters.lowerBound))]),
                    "end": .object(["line": .number(Double(line)), "character": .number(Double(characters.upperBound))]),
                ]),
                "text": .string(text),
            ])
        }
    }

    /// Every file's published diagnostics after the edits are those of a full check.
    static func expectSame(_ incremental: [String: Set<String>], _ full: [String: Set<String>], _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation)
    {
        for uri in Set(incremental.keys).union(full.keys).sorted() {
            let only = (incremental[uri] ?? []).subtracting(full[uri] ?? [])
            let missing = (full[uri] ?? []).subtracting(incremental[uri] ?? [])
            #expect(only.isEmpty && missing.isEmpty,
                "\(context), \(uri): only after the edits \(only.sorted()), only in a full check \(missing.sorted())",
                sourceLocation: sourceLocation)
        }
    }

    static let resolver = """
        {
          "version": "2025.10",
          "sets": {"base": {"sources": [{"$ref": "base.json"}]}, "aliases": {"sources": [{"$ref": "aliases.json"}]}},
          "modifiers": {
            "theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}, "default": "light"},
            "density": {"contexts": {"regular": [], "compact": [{"$ref": "compact.json"}]}, "default": "regular"},
            "contrast": {"contexts": {"standard": [], "high": [{"$ref": "high.json"}]}, "default": "standard"}
          },
          "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/density"},
            {"$ref": "#/modifiers/contrast"}, {"$ref": "#/sets/aliases"}]
        }
        """

    /// A token's value: colors, references (to tokens that exist, to aliases of them, to itself,
    /// to none), a value its type does not allow, another type, a type taken from the reference.
    static func value(_ generator: inout SplitMix64, tokens: Int) -> String {
        let target = Int.random(in: 0..<4, using: &generator) == 0
            ? "a\(Int.random(in: 0..<4, using: &generator))" : "t\(Int.random(in: 0..<tokens, using: &generator))"
        switch Int.random(in: 0..<9, using: &generator) {
        case 0: return ##"{"$type": "color", "$value": "#112233"}"##
        case 8: return ##"{"$type": "color", "$value": "#\##(String(Int.random(in: 0..<0x1000, using: &generator), radix: 16))"}"##
        case 1: return ##"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}}"##
        case 2, 3: return ##"{"$type": "color", "$value": "{g.\##(target)}"}"##
        case 4: return ##"{"$type": "color", "$value": "{g.missing}"}"##
        case 5: return ##"{"$type": "color", "$value": "not a color"}"##
        case 6: return ##"{"$type": "dimension", "$value": {"value": 4, "unit": "px"}}"##
        default: return ##"{"$value": "{g.\##(target)}"}"##
        }
    }

    /// `files` written into `folder` beside `resolver` as tokens.resolver.json, their paths made
    /// absolute.
    static func write(_ files: [TokenFile], resolverIn folder: String) throws -> [TokenFile] {
        func write(_ text: String, _ name: String) throws -> String {
            let path = (folder as NSString).appendingPathComponent(name)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        _ = try write(resolver, "tokens.resolver.json")
        return try files.map { TokenFile(path: try write($0.text, $0.path), tokens: $0.tokens) }
    }

    /// Gives token `token` of file `which` the value `value` in `editing`, as an editor edits it;
    /// returns a new server that opens the texts as they now are (a full check of them).
    static func edit(_ files: inout [TokenFile], _ which: Int, _ token: Int, to value: String, version: Int, in editing: Server,
        root: String) -> Server
    {
        let change = files[which].edit(token, to: value)
        editing.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(EditorClient.uri(files[which].path)), "version": .number(Double(version))]),
            "contentChanges": .array([change]),
        ]))
        let fresh = Server(root: root)
        open(files, in: fresh)
        return fresh
    }

    /// Opens every file in `server`, as an editor opening them does.
    static func open(_ files: [TokenFile], in server: Server) {
        for file in files {
            server.notify("textDocument/didOpen", .object(["textDocument": .object([
                "uri": .string(EditorClient.uri(file.path)), "languageId": .string("json"), "version": .number(1),
                "text": .string(file.text),
            ])]))
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func oneTokenEditsGiveWhatAFullCheckGives(seed: UInt64) throws {
        let folder = try Scratch.folder("lsp-differential").path
        var generator = SplitMix64(seed: seed)
        let count = 8
        var files = [
            TokenFile(path: "base.json", tokens: (0..<count).map { ("t\($0)", ##"{"$type": "color", "$value": "#ffffff"}"##) }),
            TokenFile(path: "dark.json", tokens: [1, 3, 6].map { ("t\($0)", ##"{"$type": "color", "$value": "#141822"}"##) }),
            TokenFile(path: "compact.json", tokens: [2, 3, 5].map { ("t\($0)", ##"{"$type": "color", "$value": "#808080"}"##) }),
            TokenFile(path: "high.json", tokens: [0, 3, 7].map { ("t\($0)", ##"{"$type": "color", "$value": "#000000"}"##) }),
            TokenFile(path: "aliases.json", tokens: (0..<4).map { ("a\($0)", ##"{"$value": "{g.t\##($0 * 2)}"}"##) }),
        ]
        files = try Self.write(files, resolverIn: folder)

        let editing = Server(root: folder)
        Self.open(files, in: editing)
        var versions = [Int](repeating: 1, count: files.count)
        var withProblems = 0
        for round in 0..<40 {
            let which = Int.random(in: 0..<files.count, using: &generator)
            let token = Int.random(in: 0..<files[which].tokens.count, using: &generator)
            let change = files[which].edit(token, to: Self.value(&generator, tokens: count))
            versions[which] += 1
            editing.notify("textDocument/didChange", .object([
                "textDocument": .object(["uri": .string(EditorClient.uri(files[which].path)), "version": .number(Double(versions[which]))]),
                "contentChanges": .array([change]),
            ]))
            // A full check of the texts as they now are: a new server that opens them.
            let fresh = Server(root: folder)
            Self.open(files, in: fresh)
            let incremental = editing.published
            let full = fresh.published
            // Where each token of the edited file is now written (the edit moved those after it).
            let symbols = JSON.object(["textDocument": .object(["uri": .string(EditorClient.uri(files[which].path))])])
            #expect(editing.result("textDocument/documentSymbol", symbols)?.text == fresh.result("textDocument/documentSymbol", symbols)?.text,
                "seed \(seed), round \(round): the symbols of \(files[which].path)")
            if full.values.contains(where: { $0.contains { $0.contains(#""severity":1"#) } }) { withProblems += 1 }
            Self.expectSame(incremental, full, "seed \(seed), round \(round)")
        }
        // The edits took the system through states with errors, not only clean ones, and most
        // were checked in part, by redefining what they changed in each permutation.
        #expect(withProblems > 0)
        #expect(editing.server.editsCheckedInPart >= 30, "\(editing.server.editsCheckedInPart) of 40 edits checked in part")
    }

    /// A key renamed is a change of structure, checked whole with the other files as they were
    /// read: in a theme's file (the token then defined only in some permutations, the base's
    /// token no longer overridden there) and in the base (references to it then unknown), past
    /// the warning limit, each rename and its undoing giving what a new server gives.
    @Test func renamedKeysGiveWhatAFullCheckGives() throws {
        let folder = try Scratch.folder("lsp-renames").path
        var files = [
            // Past the warning limit: 120 colors in legacy notation.
            TokenFile(path: "base.json", tokens: (0..<120).map { ("t\($0)", ##"{"$type": "color", "$value": "#ffffff"}"##) }),
            TokenFile(path: "dark.json", tokens: [1, 3, 6].map { ("t\($0)", ##"{"$type": "color", "$value": "#141822"}"##) }),
            TokenFile(path: "compact.json", tokens: [2, 3, 5].map { ("t\($0)", ##"{"$type": "color", "$value": "#808080"}"##) }),
            TokenFile(path: "high.json", tokens: [0, 3, 7].map { ("t\($0)", ##"{"$type": "color", "$value": "#000000"}"##) }),
            TokenFile(path: "aliases.json", tokens: (0..<4).map { ("a\($0)", ##"{"$value": "{g.t\##($0 * 2)}"}"##) }),
        ]
        files = try Self.write(files, resolverIn: folder)
        let editing = Server(root: folder)
        Self.open(files, in: editing)
        var versions = [Int](repeating: 1, count: files.count)
        // A theme's token renamed and back, then a base token that aliases name, and back.
        // (file, token's position in it, new name)
        for (which, token, name) in [(1, 0, "t1x"), (1, 0, "t1"), (0, 2, "t2x"), (0, 2, "t2"), (3, 0, "t0x"), (3, 0, "t0")] {
            let change = files[which].rename(token, to: name)
            versions[which] += 1
            editing.notify("textDocument/didChange", .object([
                "textDocument": .object(["uri": .string(EditorClient.uri(files[which].path)), "version": .number(Double(versions[which]))]),
                "contentChanges": .array([change]),
            ]))
            let fresh = Server(root: folder)
            Self.open(files, in: fresh)
            let incremental = editing.published
            let full = fresh.published
            Self.expectSame(incremental, full, "\(files[which].path) '\(name)'")
        }
        #expect(editing.server.editsCheckedInPart == 0)
    }

    /// A file of 1 MiB and more is parsed in parts on several cores, each part's tokens anchored
    /// in a copy of the file that shares its bytes: an edit of one of them is still redefined
    /// (an unknown reference is reported, and no longer once the value is restored), as a full
    /// check finds. Before, the edit was taken for one of no token of the file: nothing was
    /// published for it, and the old diagnostics stayed.
    @Test func editsOfAFileParsedInPartsGiveWhatAFullCheckGives() throws {
        let folder = try Scratch.folder("lsp-differential-parts").path
        let count = 14_000
        var files = [
            TokenFile(path: "base.json", tokens: (0..<count).map { ("t\($0)", ##"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 1]}}"##) }),
            TokenFile(path: "dark.json", tokens: [1, 3].map { ("t\($0)", ##"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}"##) }),
            TokenFile(path: "compact.json", tokens: [2].map { ("t\($0)", ##"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.5, 0.5, 0.5]}}"##) }),
            TokenFile(path: "high.json", tokens: [0].map { ("t\($0)", ##"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}"##) }),
            TokenFile(path: "aliases.json", tokens: (0..<4).map { ("a\($0)", ##"{"$value": "{g.t\##($0 * 2)}"}"##) }),
        ]
        #expect(files[0].text.utf8.count >= 1 << 20, "base.json is parsed in parts")
        files = try Self.write(files, resolverIn: folder)
        let editing = Server(root: folder)
        Self.open(files, in: editing)
        let restored = files[0].tokens[9_000].value
        let edits = [(0, 9_000, ##"{"$type": "color", "$value": "{g.missing}"}"##), (0, 9_000, restored),
            (0, 12_000, ##"{"$type": "color", "$value": {"colorSpace": "srgb", "components": ["x", 0, 0]}}"##), (0, 12_000, restored)]
        for (round, (which, token, value)) in edits.enumerated() {
            let fresh = Self.edit(&files, which, token, to: value, version: round + 2, in: editing, root: folder)
            #expect(editing.published == fresh.published, "round \(round)")
            let errors = (editing.published[EditorClient.uri(files[0].path)] ?? []).filter { $0.contains(#""severity":1"#) }
            #expect(errors.count == (round % 2 == 0 ? 1 : 0), "round \(round): \(errors)")
        }
        #expect(editing.server.editsCheckedInPart == edits.count)
    }

    /// Past the warning limit, the first warnings of a kind in a file are listed, in file order,
    /// whatever order they were found in: edits of such a system are checked in part, and give
    /// a full check's diagnostics even when they change which warnings are listed.
    @Test func aSystemPastTheWarningLimitListsTheFirstWarningsOfTheFile() throws {
        let folder = try Scratch.folder("lsp-differential-limit").path
        // 120 colors written as strings: 120 legacy-notation warnings in one file.
        var files = [
            TokenFile(path: "base.json", tokens: (0..<120).map { ("t\($0)", ##"{"$type": "color", "$value": "#ffffff"}"##) }),
            TokenFile(path: "dark.json", tokens: [1, 3].map { ("t\($0)", ##"{"$type": "color", "$value": "#141822"}"##) }),
            TokenFile(path: "compact.json", tokens: [2].map { ("t\($0)", ##"{"$type": "color", "$value": "#808080"}"##) }),
            TokenFile(path: "high.json", tokens: [0].map { ("t\($0)", ##"{"$type": "color", "$value": "#000000"}"##) }),
            TokenFile(path: "aliases.json", tokens: (0..<4).map { ("a\($0)", ##"{"$value": "{g.t\##($0 * 2)}"}"##) }),
        ]
        files = try Self.write(files, resolverIn: folder)
        let editing = Server(root: folder)
        Self.open(files, in: editing)
        let edits = [(0, 5, ##"{"$type": "color", "$value": "not a color"}"##), (0, 7, ##"{"$type": "color", "$value": "{g.t5}"}"##),
            (4, 1, ##"{"$value": "{g.t119}"}"##), (0, 5, ##"{"$type": "color", "$value": "#fff"}"##)]
        for (round, (which, token, value)) in edits.enumerated() {
            let fresh = Self.edit(&files, which, token, to: value, version: round + 2, in: editing, root: folder)
            #expect(editing.published == fresh.published, "round \(round)")
            // base.json's legacy colors: the first 100 lines that have one, then the summary at the next.
            let legacy = (editing.published[EditorClient.uri(files[0].path)] ?? []).compactMap { text -> (line: Int, summary: Bool)? in
                guard let diagnostic = JSON.parse(Array(text.utf8)), diagnostic["code"]?.string == "value.color.legacy",
                    let line = diagnostic["range"]?["start"]?["line"]?.int
                else { return nil }
                return (line, diagnostic["message"]?.string?.contains("not listed") == true)
            }
            let linesWithLegacyColors = files[0].tokens.indices.filter { files[0].tokens[$0].value.contains(##""$value": "#"##) }
                .map { $0 + 2 }
            #expect(legacy.filter { !$0.summary }.map(\.line).sorted() == Array(linesWithLegacyColors.prefix(100)), "round \(round)")
            #expect(legacy.filter(\.summary).map(\.line) == [linesWithLegacyColors[100]], "round \(round)")
        }
        #expect(editing.server.editsCheckedInPart == edits.count)
    }

    /// Edits handled together are checked once: edits of one file in part (one check in part
    /// for all of them, when together they change one value), edits of several files whole. Either way
    /// the diagnostics are a full check's, and each edited file's are published once, with its
    /// last version.
    @Test func editsHandledTogetherAreCheckedOnce() throws {
        let folder = try Scratch.folder("lsp-differential-together").path
        var files = [
            TokenFile(path: "base.json", tokens: (0..<8).map { ("t\($0)", ##"{"$type": "color", "$value": "#ffffff"}"##) }),
            TokenFile(path: "dark.json", tokens: [1, 3, 6].map { ("t\($0)", ##"{"$type": "color", "$value": "#141822"}"##) }),
            TokenFile(path: "compact.json", tokens: [2, 3, 5].map { ("t\($0)", ##"{"$type": "color", "$value": "#808080"}"##) }),
            TokenFile(path: "high.json", tokens: [0, 3, 7].map { ("t\($0)", ##"{"$type": "color", "$value": "#000000"}"##) }),
            TokenFile(path: "aliases.json", tokens: (0..<4).map { ("a\($0)", ##"{"$value": "{g.t\##($0 * 2)}"}"##) }),
        ]
        files = try Self.write(files, resolverIn: folder)
        var versions = [Int](repeating: 1, count: files.count)
        func change(_ which: Int, _ token: Int, _ value: String) -> (method: String, params: JSON) {
            let edit = files[which].edit(token, to: value)
            versions[which] += 1
            return ("textDocument/didChange", .object([
                "textDocument": .object(["uri": .string(EditorClient.uri(files[which].path)), "version": .number(Double(versions[which]))]),
                "contentChanges": .array([edit]),
            ]))
        }
        let editing = Server(root: folder)
        Self.open(files, in: editing)
        let rounds: [[(Int, Int, String)]] = [
            // Three value edits of one token of base.json, as typing makes them.
            [(0, 2, ##"{"$type": "color", "$value": "#112233"}"##), (0, 2, ##"{"$type": "color", "$value": "not a colo"}"##),
             (0, 2, ##"{"$type": "color", "$value": "not a color"}"##)],
            // Value edits of base.json and dark.json.
            [(0, 3, ##"{"$type": "color", "$value": "not a color"}"##), (1, 0, ##"{"$type": "color", "$value": "#445566"}"##),
             (0, 2, ##"{"$type": "color", "$value": "#445566"}"##)],
        ]
        for (round, edits) in rounds.enumerated() {
            let inPart = editing.server.editsCheckedInPart
            let sent = editing.sent.count
            editing.notifyTogether(edits.map { change($0.0, $0.1, $0.2) })
            let edited = Set(edits.map(\.0))
            #expect(editing.server.editsCheckedInPart == inPart + (edited.count == 1 ? 1 : 0), "round \(round)")
            let fresh = Server(root: folder)
            Self.open(files, in: fresh)
            #expect(editing.published == fresh.published, "round \(round)")
            #expect(editing.published.values.contains { $0.contains { $0.contains(#""severity":1"#) } }, "round \(round)")
            let publications = editing.sent[sent...].filter { $0["method"]?.string == "textDocument/publishDiagnostics" }
            for which in edited {
                let mine = publications.filter { $0["params"]?["uri"]?.string == EditorClient.uri(files[which].path) }
                #expect(mine.map { $0["params"]?["version"] } == [.number(Double(versions[which]))], "round \(round), \(files[which].path)")
            }
        }
    }
}
