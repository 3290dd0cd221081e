import Foundation
import Tessera
import TesseraBuild
import TesseraConformanceKit
import TesseraDifferential
import TesseraImporters
import TesseraLanguageServer
import TesseraTestSupport
import Testing

@testable import TesseraCLI

/// After random edits of a resolver's token files, the diagnostics `tessera lsp` publishes are
/// those of a server opened on the edited texts, and those `tessera validate --config
/// tessera.yml` reports once the texts are saved, over workspaces of several shapes: 1 to 6
/// modifiers (2 to 64 permutations), values written as strings or as 2025.10 objects, two or
/// three tiers of aliases, a tenants folder.
///
/// Each round sends one edit, or two or three handled together, as an editor sends them (ranges
/// in UTF-16 code units, versions increasing): a value changed to a valid one, an invalid one,
/// one in the other notation, a reference to a token, to none or to itself; a value restored; a
/// key renamed; a token line deleted or added; a whole file replaced (no range); a closing brace
/// deleted and put back a round or two later. Key renames, deleted and added lines are undone the
/// round after. The kinds are drawn in turn from a shuffled list of them all, so that 25 rounds
/// make every kind.
///
/// The size is read from the environment, for runs at scale by hand:
/// - `TESSERA_LSP_DIFFERENTIAL_TOKENS`: tokens per workspace (200 unless set);
/// - `TESSERA_LSP_DIFFERENTIAL_ROUNDS`: rounds of edits per workspace (25 unless set);
/// - `TESSERA_LSP_DIFFERENTIAL_SEED`: added to each shape's seed, for other edits (0 unless set).
///
/// - `TESSERA_LSP_DIFFERENTIAL_WRITE_TO`: a folder to write each shape's workspace to, as
///   generated (a folder per shape, named by its seed), instead of editing it: what
///   `Benchmarks/Scripts/lsp_latency.py` times at scale.
///
/// ```text
/// TESSERA_LSP_DIFFERENTIAL_TOKENS=5000 swift test --filter LanguageServerScaleDifferential
/// ```
///
/// What is compared:
/// - With a fresh server: each file's published diagnostics whole (range, severity, code, message,
///   related information), as sets of their JSON text.
/// - With `tessera validate --config tessera.yml --all-warnings --diagnostics-format json`, run in
///   this process on the texts written to disk: each file's diagnostics as both can say them
///   (`Seen`): file, 1-based line and column (the protocol's UTF-16 character plus one; the texts
///   are ASCII, so it is validate's column too), severity, id, message, and the notes in order,
///   each with its place (a note without one at its diagnostic's, as the server relates it).
///   Fix-its are not compared: the server offers them as code actions.
///
/// Where the two say the same thing differently, on purpose, validate's list is brought to the
/// server's form:
/// - The warning limit: of each id's warnings in a file, the server lists the first 100 in file
///   order (line, column, message) and sums up the rest in one warning at the first left out;
///   validate lists the first 5 it finds, or all with `--all-warnings`. Validate's complete list
///   is limited as the server limits it, and a summary is compared by its count and place.
/// - Tenants: validate checks each tenant of `tenants:` on top of the system and adds its own
///   problems, marked with an "in tenant" note; the editor checks the system, not the tenants
///   (what `tessera.yml` it reads: the resolver, `sourceFormat`, `strict`, `diagnostics`), so
///   those are left out of validate's list.
/// - A file that does not parse: the server shows what stops it, and checks the rest of the
///   system with the file's last text that parsed. Its expected diagnostics are validate's
///   about the file's text (`json.`, `file.`) with the text on disk, less the note that sums up
///   the problems the file's missing tokens may cause (the server has the tokens); every other
///   file's are validate's with the last text that parsed on disk in its place.
/// - A diagnostic with no place: the protocol has no file to publish it for (none is expected).
struct LanguageServerScaleDifferentialTests {
    /// A workspace's shape.
    struct Shape: Sendable, CustomTestStringConvertible {
        /// Modifiers, each with two contexts: the default, empty, and one overriding primitives.
        var modifiers: Int
        /// Each modifier overrides every `every`th primitive (each from a different first one).
        var every: Int
        /// Values written as 2025.10 objects rather than strings (`"#aabbcc"`, `"4px"`).
        var objects: Bool
        /// 2: primitives and semantic aliases of them; 3: and component aliases of the semantic tokens.
        var tiers: Int
        /// Whether legacy notations are warned about (else `diagnostics:` turns them off).
        var legacyWarnings: Bool
        var tenants: Bool
        var seed: UInt64
        /// Four fifths of the tokens primitives rather than half: past 100 colors in
        /// primitive.json, so that its legacy warnings are past the warning limit.
        var pastTheWarningLimit = false

        var testDescription: String {
            "\(modifiers) modifier\(modifiers == 1 ? "" : "s") overriding every \(every)\(every == 2 ? "nd" : every == 3 ? "rd" : "th") primitive, "
                + "values as \(objects ? "objects" : "strings"), \(tiers) tiers"
                + (legacyWarnings ? "" : ", legacy notations not warned about") + (tenants ? ", tenants" : "")
                + (pastTheWarningLimit ? ", past the warning limit" : "")
        }
    }

    static let shapes = [
        Shape(modifiers: 1, every: 2, objects: false, tiers: 2, legacyWarnings: false, tenants: false, seed: 1),
        Shape(modifiers: 2, every: 3, objects: true, tiers: 3, legacyWarnings: true, tenants: false, seed: 2),
        Shape(modifiers: 4, every: 5, objects: false, tiers: 3, legacyWarnings: true, tenants: false, seed: 3, pastTheWarningLimit: true),
        Shape(modifiers: 6, every: 7, objects: true, tiers: 2, legacyWarnings: true, tenants: false, seed: 4),
        Shape(modifiers: 2, every: 3, objects: true, tiers: 3, legacyWarnings: true, tenants: true, seed: 5),
    ]

    static let tokens = ProcessInfo.processInfo.environment["TESSERA_LSP_DIFFERENTIAL_TOKENS"].flatMap { Int($0) } ?? 200
    static let rounds = ProcessInfo.processInfo.environment["TESSERA_LSP_DIFFERENTIAL_ROUNDS"].flatMap { Int($0) } ?? 25
    static let seed = ProcessInfo.processInfo.environment["TESSERA_LSP_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 0

    @Test(arguments: shapes)
    func editsGiveWhatAFreshServerAndValidateGive(_ shape: Shape) throws {
        if let folder = ProcessInfo.processInfo.environment["TESSERA_LSP_DIFFERENTIAL_WRITE_TO"] {
            let root = (folder as NSString).appendingPathComponent("shape-\(shape.seed)")
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            _ = try Workspace(shape, tokens: Self.tokens, in: root)
            return
        }
        var workspace = try Workspace(shape, tokens: Self.tokens, in: Scratch.folder("lsp-scale").path)
        let editing = Session(root: workspace.root)
        editing.receive(workspace.documents.indices.flatMap { workspace.opening($0) })
        var random = SplitMix64(seed: shape.seed &+ Self.seed)
        // What replays a failing round.
        let replay = "\(shape.testDescription), \(Self.tokens) tokens, TESSERA_LSP_DIFFERENTIAL_SEED=\(Self.seed)"
        var planned: [Kind] = []
        var made: Set<Kind> = []
        var history: [String] = []
        var withErrors = 0
        var pastTheLimit = 0
        var undoNext: [(document: Int, changes: [Change])] = []
        try #require(try compare(&workspace, editing, "\(replay), opened"))
        for round in 0..<Self.rounds {
            // Each edit is applied as it is made, so that the next one is made on the text it edits.
            var messages: [JSON] = []
            var labels: [String] = []
            var kinds: [Kind] = []
            var inverses: [(document: Int, changes: [Change])] = []
            func send(_ kind: Kind?, _ document: Int, _ changes: [Change], _ label: String) {
                if let kind { kinds.append(kind) }
                messages.append(workspace.change(document, changes))
                inverses.insert((document, workspace.documents[document].lastUndo), at: 0)
                labels.append(label)
            }
            let undoing = undoNext
            undoNext = []
            if let broken = workspace.documents.indices.first(where: { !workspace.documents[$0].parses }),
                workspace.documents[broken].brokenFor > 1 || Bool.random(using: &random)
            {
                // The edits since the text last parsed, undone in one notification; an undo due
                // (of other files) waits for the next round.
                send(nil, broken, workspace.documents[broken].undo, "\(workspace.name(broken)) repaired")
                undoNext = undoing
            } else if !undoing.isEmpty {
                for (document, changes) in undoing { send(nil, document, changes, "\(workspace.name(document)) undone") }
            } else if round % 6 == 5 {
                // Edits of one file, or of several.
                let only = Bool.random(using: &random) ? workspace.document(&random) : nil
                for _ in 0..<Int.random(in: 2...3, using: &random) {
                    let kind = Kind.together.randomElement(using: &random)!
                    if let edit = workspace.edit(kind, &random, in: only) { send(kind, edit.document, [edit.change], edit.label) }
                }
            } else {
                if planned.isEmpty { planned = Kind.allCases.shuffled(using: &random) }
                let kind = workspace.documents.allSatisfy(\.parses) ? planned.removeLast() : .value
                if let edit = workspace.edit(kind, &random) {
                    send(kind, edit.document, [edit.change], edit.label)
                } else if let edit = workspace.edit(.value, &random) {
                    // Nothing to restore yet: a value now, the restore later.
                    planned.insert(kind, at: 0)
                    send(.value, edit.document, [edit.change], edit.label)
                }
            }
            made.formUnion(kinds)
            // Key renames, deleted and added lines are undone the round after, as an editor's undo
            // sends them: while a token is overridden and no longer defined, or defined only by an
            // override file, every edit is checked whole, and the next would be too.
            if kinds.contains(where: { [Kind.rename, .deleteLine, .addLine].contains($0) }),
                inverses.allSatisfy({ workspace.documents[$0.document].parses })
            {
                undoNext = inverses
            }
            for index in workspace.documents.indices { workspace.documents[index].brokenFor += workspace.documents[index].parses ? 0 : 1 }
            history.append(labels.joined(separator: " + "))
            editing.receive(messages)
            // The first round that disagrees is reported; the rounds after it would follow from it.
            try #require(try compare(&workspace, editing, "\(replay), round \(round) after \(history.suffix(4))"))
            if editing.published.values.contains(where: { $0.contains { $0["severity"]?.int == 1 } }) { withErrors += 1 }
            if editing.published.values.contains(where: { $0.contains { Seen.isSummary($0["message"]?.string ?? "") } }) { pastTheLimit += 1 }
        }
        guard Self.rounds >= 25 else { return }
        // The edits were of every kind, took the system through errors, and some were checked in part.
        #expect(made == Set(Kind.allCases), "\(Set(Kind.allCases).subtracting(made))")
        #expect(withErrors > 0)
        #expect(!shape.pastTheWarningLimit || pastTheLimit > 0)
        #expect(editing.server.editsCheckedInPart > 0)
    }

    /// A `tessera.yml` that `tessera validate --config` refuses (here it names no `outputs`) is
    /// refused in the editor too: validate's diagnostics are published for it, and nothing else
    /// is checked, as validate checks nothing; each open token file says it is not checked.
    /// Before, the server checked the root folder's `*.resolver.json` on its own, published
    /// nothing for `tessera.yml`, and left out its `diagnostics:` settings (a legacy color was
    /// warned about that the configuration turns off).
    @Test func aConfigurationValidateRefusesIsRefusedInTheEditor() throws {
        let root = try Scratch.folder("lsp-scale-configuration").path
        let resolver = ##"{"version": "2025.10", "sets": {"primitive": {"sources": [{"$ref": "primitive.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/primitive"}]}"##
        let primitive = ##"{"color": {"c0": {"$type": "color", "$value": "#112233"}}}"## + "\n"
        for (name, text) in [("tessera.yml", "resolver: tokens.resolver.json\ndiagnostics:\n  value.color.legacy: off\n"),
            ("tokens.resolver.json", resolver), ("primitive.json", primitive)]
        {
            try text.write(toFile: (root as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let editing = Session(root: root)
        editing.receive([EditorClient.notification("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(EditorClient.uri((root as NSString).appendingPathComponent("primitive.json"))), "languageId": .string("json"),
            "version": .number(1), "text": .string(primitive),
        ])]))])
        let validated = try Workspace.validate(root).map(Seen.init(validated:)).sorted()
        let shown = editing.published.flatMap { path, list in list.map { Seen(published: $0, in: path) } }.sorted()
        #expect(validated.map(\.code) == ["config.missing"])
        #expect(shown.filter { $0.code != "file.outside-system" } == validated)
        let unchecked = shown.filter { $0.code == "file.outside-system" }
        #expect(unchecked.map(\.file) == [(root as NSString).appendingPathComponent("primitive.json")], "\(shown)")
        #expect(unchecked.allSatisfy { $0.message.contains("not checked") && $0.message.contains("tessera.yml") }, "\(unchecked)")
    }

    /// Expects the editing server's diagnostics to be a fresh server's and validate's; whether they are.
    func compare(_ workspace: inout Workspace, _ editing: Session, _ context: String) throws -> Bool {
        var agree = true
        let fresh = Session(root: workspace.root)
        fresh.receive(workspace.documents.indices.flatMap { workspace.opening($0) })
        let incremental = editing.published.mapValues { Set($0.map(\.text)) }
        let full = fresh.published.mapValues { Set($0.map(\.text)) }
        for path in Set(incremental.keys).union(full.keys).sorted() {
            let only = (incremental[path] ?? []).subtracting(full[path] ?? [])
            let missing = (full[path] ?? []).subtracting(incremental[path] ?? [])
            agree = agree && only.isEmpty && missing.isEmpty
            #expect(only.isEmpty && missing.isEmpty,
                "\(context), \(path): only after the edits \(only.sorted()), only in a fresh server \(missing.sorted())")
        }

        let shown = Dictionary(uniqueKeysWithValues: editing.published.map { path, list in (path, list.map { Seen(published: $0, in: path) }) })
        let validated = Dictionary(grouping: try workspace.validated(), by: \.file)
        for path in Set(shown.keys).union(validated.keys).sorted() {
            let (only, missing) = Seen.difference(shown[path] ?? [], validated[path] ?? [])
            agree = agree && only.isEmpty && missing.isEmpty
            #expect(only.isEmpty && missing.isEmpty,
                "\(context), \(path): only in the editor \(only.prefix(8)), only in validate \(missing.prefix(8))")
        }
        return agree
    }

    // MARK: - Edits

    /// What an edit does.
    enum Kind: CaseIterable {
        case value, invalidValue, otherNotation, reference, missingReference, selfReference, restore
        case rename, deleteLine, addLine, wholeFile, breakBrace

        /// The edits sent together in a round, values most often.
        static let together: [Kind] = [.value, .value, .invalidValue, .otherNotation, .reference, .missingReference, .selfReference,
            .restore, .restore, .rename, .addLine]
    }

    /// A `TextDocumentContentChangeEvent`: a range (lines, UTF-16 code units) and its new text,
    /// or the whole text.
    struct Change {
        var range: (start: (line: Int, character: Int), end: (line: Int, character: Int))?
        var text: String

        init(_ range: (start: (line: Int, character: Int), end: (line: Int, character: Int))?, _ text: String) {
            self.range = range
            self.text = text
        }

        /// Replaces `characters` of line `line`.
        init(line: Int, _ characters: Range<Int>, _ text: String) {
            self.init(((line, characters.lowerBound), (line, characters.upperBound)), text)
        }

        var json: JSON {
            guard let range else { return .object(["text": .string(text)]) }
            return .object(["range": EditorClient.range(range.start, range.end), "text": .string(text)])
        }
    }

    /// A token file as the editor holds it.
    struct Document {
        let path: String
        var text: String
        var version = 1
        /// The text as it last parsed: the server checks the system with it while the text does not.
        var lastGood: String
        /// The changes that put `lastGood` back, in the order they apply.
        var undo: [Change] = []
        /// The changes that undo the last notification, in the order they apply.
        var lastUndo: [Change] = []
        /// Rounds since the text stopped parsing.
        var brokenFor = 0
        /// The text on disk.
        var saved: String

        var parses: Bool { text == lastGood }
        var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

        /// Applies `change` as the protocol says; returns the change that undoes it.
        mutating func apply(_ change: Change) -> Change {
            guard let range = change.range else {
                defer { text = change.text }
                return Change(nil, text)
            }
            var units = Array(text.utf16)
            let start = Self.offset(range.start, in: units)
            let end = Self.offset(range.end, in: units)
            let old = String(decoding: units[start..<end], as: UTF16.self)
            units.replaceSubrange(start..<end, with: change.text.utf16)
            text = String(decoding: units, as: UTF16.self)
            let inserted = change.text.split(separator: "\n", omittingEmptySubsequences: false)
            let endCharacter = (inserted.count == 1 ? range.start.character : 0) + inserted.last!.utf16.count
            return Change((range.start, (range.start.line + inserted.count - 1, endCharacter)), old)
        }

        static func offset(_ position: (line: Int, character: Int), in units: [UInt16]) -> Int {
            var (line, index) = (0, 0)
            while line < position.line {
                if units[index] == 0x0A { line += 1 }
                index += 1
            }
            // A character past the end of its line stands for the line's end, as the protocol says.
            var end = index
            while end < units.count, units[end] != 0x0A { end += 1 }
            return min(index + position.character, end)
        }

        /// The UTF-16 range of the value on a line that holds a `"$value"`: up to the line's end
        /// (less a comma) on a token's own line, else up to the token's closing brace.
        static func valueRange(_ line: Substring) -> Range<Int>? {
            guard let marker = line.range(of: "\"$value\": ") else { return nil }
            let start = line.utf16.distance(from: line.startIndex, to: marker.upperBound)
            if line.drop(while: { $0 == " " }).hasPrefix("\"$value\"") {
                return start..<line.utf16.count - (line.hasSuffix(",") ? 1 : 0)
            }
            guard let close = line.lastIndex(of: "}") else { return nil }
            let end = line.utf16.distance(from: line.startIndex, to: close)
            return start <= end ? start..<end : nil
        }

        /// Whether a line starts a token: a key at the tokens' depth.
        static func isKey(_ line: Substring) -> Bool { line.hasPrefix("    \"") }

        /// The first quoted name on a line.
        static func name(_ line: Substring) -> String {
            String(line.drop { $0 != "\"" }.dropFirst().prefix { $0 != "\"" })
        }

        /// The group and key of the token written on line `index`.
        static func token(at index: Int, in lines: [Substring]) -> (group: String, key: String) {
            var key = index
            while key > 0, !isKey(lines[key]) { key -= 1 }
            var group = key
            while group > 0, !lines[group].hasPrefix("  \"") { group -= 1 }
            return (name(lines[group]), name(lines[key]))
        }
    }

    // MARK: - Workspace

    /// A generated workspace: `tessera.yml`, the resolver and its token files, tenants.
    struct Workspace {
        let root: String
        let shape: Shape
        var documents: [Document]
        /// Each token's value as generated, by document and token path.
        let originals: [[String: String]]
        /// Every token path generated, by type: what references point at.
        let paths: [String: [String]]
        /// Each document's text as generated.
        let generated: [String]
        var added = 0

        static let types = ["color": "color", "size": "dimension", "bg": "color", "space": "dimension", "button": "color", "gap": "dimension"]
        /// Groups whose tokens take their type from their reference.
        static let untyped: Set = ["button", "gap"]

        init(_ shape: Shape, tokens: Int, in root: String) throws {
            self.root = root
            self.shape = shape
            let primitives = shape.pastTheWarningLimit ? tokens * 4 / 5 : tokens / 2
            let semantic = shape.tiers == 3 ? (tokens - primitives) / 2 : tokens - primitives
            let components = tokens - primitives - semantic
            let (colors, sizes) = (primitives * 2 / 3, primitives - primitives * 2 / 3)
            let (backgrounds, spaces) = (semantic * 2 / 3, semantic - semantic * 2 / 3)
            func group(_ name: String, _ count: Int, _ value: (Int) -> String) -> (String, [(String, String)]) {
                (name, (0..<count).map { ("\(name.prefix(1))\($0)", value($0)) })
            }
            var files: [(name: String, groups: [(String, [(String, String)])])] = [
                ("primitive.json", [group("color", colors) { Self.color($0, objects: shape.objects) },
                    group("size", sizes) { Self.dimension($0, objects: shape.objects) }]),
                ("semantic.json", [group("bg", backgrounds) { "\"{color.c\($0 * 7 % colors)}\"" },
                    group("space", spaces) { "\"{size.s\($0 * 3 % sizes)}\"" }]),
            ]
            if shape.tiers == 3 {
                let buttons = components * 2 / 3
                files.append(("component.json", [group("button", buttons) { "\"{bg.b\($0 * 5 % backgrounds)}\"" },
                    group("gap", components - buttons) { "\"{space.s\($0 % spaces)}\"" }]))
            }
            for modifier in 0..<shape.modifiers {
                let overridden = (0..<primitives).filter { ($0 + modifier) % shape.every == 0 }
                files.append(("m\(modifier)-alt.json", [
                    ("color", overridden.filter { $0 < colors }.map { ("c\($0)", Self.color($0 + 500 + modifier, objects: shape.objects)) }),
                    ("size", overridden.filter { $0 >= colors }.map { ("s\($0 - colors)", Self.dimension($0 + modifier, objects: shape.objects)) }),
                ]))
            }
            var paths: [String: [String]] = [:]
            for (_, groups) in files.prefix(shape.tiers) {
                for (name, tokens) in groups { paths[Self.types[name]!, default: []] += tokens.map { "\(name).\($0.0)" } }
            }
            self.paths = paths
            originals = files.map { file in
                Dictionary(file.groups.flatMap { name, tokens in tokens.map { ("\(name).\($0.0)", $0.1) } }) { first, _ in first }
            }
            generated = files.map { Self.text($0.groups) }
            documents = []
            for (file, text) in zip(files, generated) {
                let path = (root as NSString).appendingPathComponent(file.name)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                documents.append(Document(path: path, text: text, lastGood: text, saved: text))
            }
            let modifiers = (0..<shape.modifiers).map { #""m\#($0)": {"contexts": {"base": [], "alt": [{"$ref": "m\#($0)-alt.json"}]}, "default": "base"}"# }
            let sets = files.prefix(shape.tiers).map { #""\#($0.name.dropLast(5))": {"sources": [{"$ref": "\#($0.name)"}]}"# }
            let order = [##"{"$ref": "#/sets/primitive"}"##] + (0..<shape.modifiers).map { ##"{"$ref": "#/modifiers/m\##($0)"}"## }
                + files.prefix(shape.tiers).dropFirst().map { ##"{"$ref": "#/sets/\##($0.name.dropLast(5))"}"## }
            try write("""
                {
                  "version": "2025.10",
                  "sets": {\(sets.joined(separator: ", "))},
                  "modifiers": {
                    \(modifiers.joined(separator: ",\n    "))
                  },
                  "resolutionOrder": [\(order.joined(separator: ", "))]
                }

                """, "tokens.resolver.json")
            var configuration = "resolver: tokens.resolver.json\noutputs:\n  - css: { path: out/tokens.css }\n"
            if !shape.legacyWarnings { configuration += "diagnostics:\n  value.color.legacy: off\n  value.dimension.legacy: off\n" }
            if shape.tenants {
                configuration += "tenants: tenants\n"
                try FileManager.default.createDirectory(atPath: root + "/tenants/globex", withIntermediateDirectories: true)
                // A tenant's own problem in every round: an invalid value.
                try write(Self.text([("color", [("c1", Self.color(900, objects: true)), ("c4", #""not a color""#)]),
                    ("size", [("s1", Self.dimension(9, objects: true))])]), "tenants/acme.json")
                try write(Self.text([("color", [("c2", "\"{color.c3}\"")])]), "tenants/globex/tokens.json")
                try write(#"{"name": "Globex"}"#, "tenants/globex/tenant.json")
            }
            try write(configuration, "tessera.yml")
        }

        func write(_ text: String, _ name: String) throws {
            try text.write(toFile: (root as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        func name(_ document: Int) -> String { (documents[document].path as NSString).lastPathComponent }

        /// A token file's text: one token a line, every 11th written over several lines.
        static func text(_ groups: [(String, [(String, String)])]) -> String {
            var lines = ["{"]
            for (number, (name, tokens)) in groups.enumerated() {
                lines.append("  \"\(name)\": {")
                let type = untyped.contains(name) ? nil : types[name]!
                for (index, (key, value)) in tokens.enumerated() {
                    let comma = index == tokens.count - 1 ? "" : ","
                    if index % 11 == 5 {
                        lines.append("    \"\(key)\": {")
                        if let type { lines.append("      \"$type\": \"\(type)\",") }
                        lines += ["      \"$value\": \(value)", "    }" + comma]
                    } else {
                        lines.append("    \"\(key)\": {" + (type.map { "\"$type\": \"\($0)\", " } ?? "") + "\"$value\": \(value)}" + comma)
                    }
                }
                lines.append("  }" + (number == groups.count - 1 ? "" : ","))
            }
            return (lines + ["}", ""]).joined(separator: "\n")
        }

        static func color(_ seed: Int, objects: Bool) -> String {
            let parts = [seed % 11, seed / 11 % 11, seed * 7 % 11]
            if objects {
                let components = parts.map { $0 == 0 ? "0" : $0 == 10 ? "1" : "0.\($0)" }
                return #"{"colorSpace": "srgb", "components": [\#(components.joined(separator: ", "))]}"#
            }
            return "\"#" + parts.map { String(format: "%02x", $0 * 25) }.joined() + "\""
        }

        static func dimension(_ seed: Int, objects: Bool) -> String {
            objects ? #"{"value": \#(2 + seed % 30 * 2), "unit": "px"}"# : "\"\(2 + seed % 30 * 2)px\""
        }

        /// A value of `type` that is not one.
        static func invalid(_ type: String, _ random: inout SplitMix64) -> String {
            let values = type == "color" ? [#""not a color""#, #"{"colorSpace": "srgb", "components": ["x", 0, 0]}"#]
                : [#""not a size""#, #"{"value": "x", "unit": "px"}"#]
            return values.randomElement(using: &random)!
        }

        /// A document to edit: the primitives most often, then the aliases, then the overrides.
        func document(_ random: inout SplitMix64) -> Int {
            let weighted = [0, 0, 0, 1, 1] + (shape.tiers == 3 ? [2, 2] : []) + Array(shape.tiers..<documents.count)
            let parsing = weighted.filter { documents[$0].parses }
            return parsing.randomElement(using: &random)!
        }

        /// The lines of a document whose value is not the one generated for its token.
        func restorable(_ index: Int) -> [Int] {
            let lines = documents[index].lines
            return lines.indices.filter { line in
                guard let range = Document.valueRange(lines[line]) else { return false }
                let token = Document.token(at: line, in: lines)
                let current = String(decoding: Array(lines[line].utf16)[range], as: UTF16.self)
                return originals[index]["\(token.group).\(token.key)"].map { $0 != current } ?? false
            }
        }

        /// An edit of `kind` in a document that parses; nil when the document has no line for it.
        mutating func edit(_ kind: Kind, _ random: inout SplitMix64, in only: Int? = nil) -> (document: Int, change: Change, label: String)? {
            var index = only ?? document(&random)
            if kind == .restore {
                guard let changed = (only.map { [$0] } ?? Array(documents.indices))
                    .filter({ documents[$0].parses && !restorable($0).isEmpty }).randomElement(using: &random)
                else { return nil }
                index = changed
            }
            let lines = documents[index].lines
            let valueLines = lines.indices.filter { Document.valueRange(lines[$0]) != nil }
            let keyLines = lines.indices.filter { Document.isKey(lines[$0]) }
            let oneLine = keyLines.filter { Document.valueRange(lines[$0]) != nil }
            let label = "\(name(index)) \(kind)"
            switch kind {
            case .value, .invalidValue, .otherNotation, .reference, .missingReference, .selfReference, .restore:
                guard let line = (kind == .restore ? restorable(index) : valueLines).randomElement(using: &random) else { return nil }
                let token = Document.token(at: line, in: lines)
                let type = Self.types[token.group] ?? "color"
                let value: String
                switch kind {
                case .value: value = type == "color" ? Self.color(Int.random(in: 0..<1331, using: &random), objects: shape.objects)
                    : Self.dimension(Int.random(in: 0..<30, using: &random), objects: shape.objects)
                case .otherNotation: value = type == "color" ? Self.color(Int.random(in: 0..<1331, using: &random), objects: !shape.objects)
                    : Self.dimension(Int.random(in: 0..<30, using: &random), objects: !shape.objects)
                case .invalidValue: value = Self.invalid(type, &random)
                case .reference:
                    // Mostly a token of the same type; now and then one of the other type.
                    let other = type == "color" ? "dimension" : "color"
                    value = "\"{\(paths[Int.random(in: 0..<8, using: &random) == 0 ? other : type]!.randomElement(using: &random)!)}\""
                case .missingReference: value = "\"{\(token.group).missing}\""
                case .selfReference: value = "\"{\(token.group).\(token.key)}\""
                default: value = originals[index]["\(token.group).\(token.key)"]!
                }
                return (index, Change(line: line, Document.valueRange(lines[line])!, value), "\(label) line \(line + 1): \(value)")
            case .rename:
                guard let line = keyLines.randomElement(using: &random) else { return nil }
                let key = Document.name(lines[line])
                // Now and then to a sibling's name: a duplicate key, which stops the file parsing.
                let sibling = Int.random(in: 0..<6, using: &random) == 0 ? keyLines.randomElement(using: &random).map { Document.name(lines[$0]) } : nil
                let renamed = sibling ?? key + "r"
                return (index, Change(line: line, 5..<5 + key.utf16.count, renamed), "\(label) line \(line + 1): \(key) to \(renamed)")
            case .deleteLine:
                guard let line = oneLine.filter({ lines[$0].hasSuffix(",") }).randomElement(using: &random) else { return nil }
                return (index, Change(((line, 0), (line + 1, 0)), ""), "\(label) line \(line + 1)")
            case .addLine:
                guard let line = keyLines.randomElement(using: &random) else { return nil }
                let group = Document.token(at: line, in: lines).group
                let type = Self.types[group] ?? "color"
                added += 1
                let key = Int.random(in: 0..<6, using: &random) == 0 ? Document.name(lines[line]) : "added\(added)"
                let value = type == "color" ? Self.color(added, objects: shape.objects) : Self.dimension(added, objects: shape.objects)
                let text = "    \"\(key)\": {" + (Self.untyped.contains(group) ? "" : "\"$type\": \"\(type)\", ") + "\"$value\": \(value)},\n"
                return (index, Change(((line, 0), (line, 0)), text), "\(label) before line \(line + 1): \(key)")
            case .wholeFile:
                if Bool.random(using: &random) { return (index, Change(nil, generated[index]), "\(label): as generated") }
                var document = documents[index]
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let lines = document.lines
                    guard let line = valueLines.randomElement(using: &random), let range = Document.valueRange(lines[line]) else { continue }
                    let type = Self.types[Document.token(at: line, in: lines).group] ?? "color"
                    _ = document.apply(Change(line: line, range, Bool.random(using: &random) ? Self.invalid(type, &random)
                        : "\"{\(paths[type]!.randomElement(using: &random)!)}\""))
                }
                return (index, Change(nil, document.text), "\(label): values changed")
            case .breakBrace:
                guard let line = oneLine.randomElement(using: &random), let close = lines[line].lastIndex(of: "}") else { return nil }
                let at = lines[line].utf16.distance(from: lines[line].startIndex, to: close)
                return (index, Change(line: line, at..<at + 1, ""), "\(label) line \(line + 1)")
            }
        }

        /// Applies `changes` to a document: the `didChange` notification that sends them.
        mutating func change(_ index: Int, _ changes: [Change]) -> JSON {
            var undo: [Change] = []
            for change in changes { undo.insert(documents[index].apply(change), at: 0) }
            documents[index].version += 1
            documents[index].lastUndo = undo
            if SourceFile(path: documents[index].path, bytes: Array(documents[index].text.utf8)).jsonTextProblems.isEmpty {
                documents[index].lastGood = documents[index].text
                documents[index].undo = []
                documents[index].brokenFor = 0
            } else {
                documents[index].undo = undo + documents[index].undo
            }
            return EditorClient.changeNotification(documents[index].path, version: documents[index].version, changes.map(\.json))
        }

        /// What opens a document as the editor holds it: its text, or its last text that parsed
        /// and then its text.
        func opening(_ index: Int) -> [JSON] {
            let document = documents[index]
            let open = EditorClient.notification("textDocument/didOpen", .object(["textDocument": .object([
                "uri": .string(EditorClient.uri(document.path)), "languageId": .string("json"), "version": .number(1),
                "text": .string(document.lastGood),
            ])]))
            guard !document.parses else { return [open] }
            return [open, EditorClient.changeNotification(document.path, version: 2, [Change(nil, document.text).json])]
        }

        /// Validate's diagnostics of the texts, in the server's form: with every text that parses
        /// saved and the last text that parsed of the others, and of the others' own text, what
        /// is about it.
        mutating func validated() throws -> [Seen] {
            let broken = Set(documents.filter { !$0.parses }.map(\.path))
            try save { $0.lastGood }
            var found = try Self.validate(root).filter { !broken.contains($0.location?.file ?? "") }
            if !broken.isEmpty {
                try save(\.text)
                for var diagnostic in try Self.validate(root) where broken.contains(diagnostic.location?.file ?? "") && diagnostic.id.isAboutFileText {
                    // Validate sums up on the syntax error what the file's missing tokens may
                    // cause; the server has them, from the last text that parsed.
                    diagnostic.notes.removeAll { $0.message.contains("not listed until the syntax errors are fixed") }
                    found.append(diagnostic)
                }
            }
            let base = found.filter { $0.location != nil && $0.notes.first?.message.hasPrefix("in tenant '") != true }
            return Seen.listed(base.map(Seen.init(validated:)), limit: PipelineOptions(importers: .standard).warningLimit!)
        }

        mutating func save(_ text: (Document) -> String) throws {
            for index in documents.indices where documents[index].saved != text(documents[index]) {
                documents[index].saved = text(documents[index])
                try documents[index].saved.write(toFile: documents[index].path, atomically: true, encoding: .utf8)
            }
        }

        /// `tessera validate --config tessera.yml --all-warnings`, run in this process.
        static func validate(_ root: String) throws -> [Tessera.Diagnostic] {
            var io = CommandIO.captured
            _ = TesseraCommand.run(["validate", "--config", (root as NSString).appendingPathComponent("tessera.yml"), "--all-warnings",
                "--diagnostics-format", "json"], io: &io)
            return try JSONDecoder().decode([Tessera.Diagnostic].self, from: Data(io.errors.utf8))
        }
    }

    // MARK: - Comparing

    /// A diagnostic as both can say it.
    struct Seen: Hashable, Comparable, CustomStringConvertible {
        let file: String
        let line: Int
        let column: Int
        let severity: String
        let code: String
        let message: String
        /// Each note's place (`name:line:column`) and message, in order.
        let notes: [String]

        var description: String {
            "\((file as NSString).lastPathComponent):\(line):\(column): \(severity): \(message) [\(code)]"
                + notes.map { " (\($0))" }.joined()
        }

        static func < (lhs: Seen, rhs: Seen) -> Bool { lhs.description < rhs.description }

        static func place(_ file: String, _ line: Int, _ column: Int) -> String { "\((file as NSString).lastPathComponent):\(line):\(column)" }

        /// A diagnostic the server published; a summary of warnings not listed says only how many.
        init(published diagnostic: JSON, in path: String) {
            file = path
            let start = diagnostic["range"]?["start"]
            line = (start?["line"]?.int ?? -1) + 1
            column = (start?["character"]?.int ?? -1) + 1
            severity = [1: "error", 2: "warning", 3: "note"][diagnostic["severity"]?.int ?? 0] ?? "hint"
            code = diagnostic["code"]?.string ?? ""
            let text = diagnostic["message"]?.string ?? ""
            message = Self.isSummary(text) ? "\(text.prefix { $0.isNumber }) not listed" : text
            notes = (diagnostic["relatedInformation"]?.array ?? []).map { related in
                let location = related["location"]
                let start = location?["range"]?["start"]
                return Self.place(URL(string: location?["uri"]?.string ?? "")?.path ?? "", (start?["line"]?.int ?? -1) + 1,
                    (start?["character"]?.int ?? -1) + 1) + ": " + (related["message"]?.string ?? "")
            }
        }

        init(validated diagnostic: Tessera.Diagnostic) {
            let location = diagnostic.location!
            (file, line, column) = (location.file, location.line, location.column)
            severity = diagnostic.severity.rawValue
            code = diagnostic.id.rawValue
            message = diagnostic.message
            notes = diagnostic.notes.map { note in
                let at = note.location ?? location
                return Self.place(at.file, at.line, at.column) + ": " + note.message
            }
        }

        init(file: String, line: Int, column: Int, severity: String, code: String, message: String, notes: [String]) {
            (self.file, self.line, self.column, self.severity, self.code, self.message, self.notes) = (file, line, column, severity, code, message, notes)
        }

        /// Whether a message sums up the warnings of a kind not listed in a file.
        static func isSummary(_ message: String) -> Bool { message.hasSuffix("not listed (the warning limit is reached)") }

        /// `seen` listed as the server lists warnings: of each id in each file, the first `limit`
        /// by line, column and message, then a summary of the rest at the first left out.
        static func listed(_ seen: [Seen], limit: Int) -> [Seen] {
            var kept = seen.filter { $0.severity != "warning" }
            for (_, warnings) in Dictionary(grouping: seen.filter { $0.severity == "warning" }, by: { [$0.file, $0.code] }) {
                let ordered = warnings.sorted { ($0.line, $0.column, $0.message) < ($1.line, $1.column, $1.message) }
                kept += ordered.prefix(limit)
                guard ordered.count > limit else { continue }
                let first = ordered[limit]
                kept.append(Seen(file: first.file, line: first.line, column: first.column, severity: "warning", code: first.code,
                    message: "\(ordered.count - limit) not listed", notes: []))
            }
            return kept
        }

        /// What only `one` holds and what only `other` holds, counting repeats.
        static func difference(_ one: [Seen], _ other: [Seen]) -> (only: [Seen], missing: [Seen]) {
            var counts: [Seen: Int] = [:]
            for seen in one { counts[seen, default: 0] += 1 }
            for seen in other { counts[seen, default: 0] -= 1 }
            let only = counts.filter { $0.value > 0 }.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted()
            let missing = counts.filter { $0.value < 0 }.flatMap { Array(repeating: $0.key, count: -$0.value) }.sorted()
            return (only, missing)
        }
    }

    // MARK: - Server

    /// `tessera lsp` in this process, reading the workspace's `tessera.yml` as the command does;
    /// each file's last published diagnostics are kept.
    final class Session {
        private(set) var server: LanguageServer!
        /// Each file's diagnostics as last published, by path; files whose last are none are left out.
        private(set) var published: [String: [JSON]] = [:]

        init(root: String) {
            server = LanguageServer(configuration: ConfiguredSystem.read(at:)) { [unowned self] message in
                guard message["method"]?.string == "textDocument/publishDiagnostics", let uri = message["params"]?["uri"]?.string else { return }
                let path = URL(string: uri)?.path ?? uri
                published[path] = message["params"]?["diagnostics"]?.array ?? []
                if published[path]?.isEmpty == true { published[path] = nil }
            }
            receive([EditorClient.requestMessage("initialize", .object(["processId": .null, "capabilities": .object([:]),
                "rootUri": .string(URL(fileURLWithPath: root).absoluteString)]), id: .number(1)), EditorClient.notification("initialized")])
        }

        /// Messages handled as the server handles those it finds waiting together.
        func receive(_ messages: [JSON]) {
            server.receive(messages.map { .message(Array($0.text.utf8)) })
        }
    }
}
