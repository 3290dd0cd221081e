import Foundation
import Tessera
import TesseraImporters

/// The workspace's system: what its `tessera.yml` configures (read as `tessera validate
/// --config` reads it: its `resolver` or `sources`, `sourceFormat`, `strict`), else the one
/// `*.resolver.json` in the root folder, else the open files merged.
struct WorkspaceSystem {
    /// The configured system; nil when the open files are the system, or when the
    /// configuration is refused.
    var configured: ConfiguredSystem?
    /// What reading the workspace's `tessera.yml` found, published for it.
    var configurationDiagnostics: [Tessera.Diagnostic] = []
    /// The `tessera.yml` that has an error, as `tessera validate --config` refuses it: nothing is
    /// checked until it is fixed (no other system stands in for it), and each open token file
    /// says so.
    var refused: String?
    /// The options the open files are read with when they are the system.
    var options: PipelineOptions { configured?.options ?? PipelineOptions(importers: .standard) }
}

/// The token system of the workspace as the editor holds it, checked: every file's
/// diagnostics, and the permutations that hover, definition and the rest read.
struct Analysis {
    /// The system checked, with its caches.
    var system: TokenSystem { checked.system }
    /// Every file analyzed, by path: open documents as edited, others as on disk.
    var files: [String: SourceFile]
    /// Diagnostics by file path.
    var diagnostics: [String: [Tessera.Diagnostic]]
    /// The base permutation: every modifier at its default context.
    let base: TokenSystem.Permutation

    /// The base permutation's tokens, then each other context of each modifier on its own,
    /// labelled `modifier=context`: the check's own (`CheckedSystem.keptTokens(of:)`, brought
    /// up to date by each edit), or resolved on the first request that reads them when it kept
    /// none.
    var permutations: [(label: String, tokens: ResolvedTokens)] {
        if let made = cache.permutations { return made }
        var permutations: [(label: String, tokens: ResolvedTokens)] = [("", base.partialTokens)]
        if let resolver = system.resolver {
            let baseContexts = base.contexts
            for modifier in resolver.modifiers {
                for context in modifier.contexts.map(\.name) where context != baseContexts[modifier.name] {
                    let contexts = baseContexts.merging([modifier.name: context]) { $1 }
                    permutations.append(("\(modifier.name)=\(context)", tokens(of: contexts)))
                }
            }
        }
        cache.permutations = permutations
        return permutations
    }

    /// The resolved tokens of the permutation at `contexts`: the check's when it kept them, else
    /// resolved now.
    private func tokens(of contexts: [String: String]) -> ResolvedTokens {
        if contexts == base.contexts { return base.partialTokens }
        if let kept = checked.keptTokens(of: contexts) { return kept }
        var system = self.system
        return system.resolve(contexts: contexts).partialTokens
    }

    init(_ workspace: WorkspaceSystem, documents: [String: OpenDocument], root: String?) {
        var files: [String: SourceFile] = [:]
        var extra: [Tessera.Diagnostic] = []
        var broken: Set<String> = []
        // Each open document as edited, or as it last parsed when it no longer does.
        var overlays: [SourceFile] = []
        for document in documents.values.sorted(by: { $0.path < $1.path }) {
            let current = SourceFile(path: document.path, bytes: document.bytes)
            if document.parses {
                overlays.append(current)
            } else {
                broken.insert(document.path)
                extra += current.jsonTextProblems
                if let good = document.lastGood { overlays.append(SourceFile(path: document.path, bytes: good)) }
            }
        }
        let standing = workspace.configurationDiagnostics
        if let configuration = workspace.refused {
            // Nothing is checked, as `tessera validate --config` checks nothing: the
            // configuration's errors, and each open token file saying it is not checked.
            let name = (configuration as NSString).lastPathComponent
            for document in documents.values.sorted(by: { $0.path < $1.path }) where Self.looksLikeTokens(document) {
                let file = SourceFile(path: document.path, bytes: document.bytes)
                files[document.path] = file
                extra.append(Tessera.Diagnostic(.notCheckedWhileRefused(name), at: SourceAnchor(file: file, offset: 0).location()))
            }
            self.init(CheckedSystem(TokenSystem(files: [], options: workspace.options)), files: files, extra: extra,
                broken: [], standing: standing, checking: false)
            return
        }
        // Every importer reads the open documents in place of their files.
        let system = workspace.configured?.open(overlays: overlays) ?? TokenSystem(files: overlays, options: workspace.options)
        let checked = CheckedSystem(system)
        // An open token file the configured system does not read is said to be unchecked (its
        // text is still checked), never shown as free of problems.
        if let configured = workspace.configured {
            let read = Set((checked.result.files + checked.system.files).map(\.path))
            let name = (configured.configurationFile ?? configured.paths.first).map { ($0 as NSString).lastPathComponent } ?? "its sources"
            for document in documents.values.sorted(by: { $0.path < $1.path })
            where !read.contains(document.path) && Self.looksLikeTokens(document) {
                let file = SourceFile(path: document.path, bytes: document.bytes)
                extra.append(Tessera.Diagnostic(.outsideSystem(name), at: SourceAnchor(file: file, offset: 0).location()))
            }
        }
        for file in checked.result.files + checked.system.files + overlays { files[file.path] = files[file.path] ?? file }
        var lastGood: [String: SourceFile] = [:]
        for document in documents.values where broken.contains(document.path) {
            lastGood[document.path] = files[document.path]
            files[document.path] = SourceFile(path: document.path, bytes: document.bytes)
        }
        self.init(checked, files: files, extra: extra, broken: broken, standing: standing)
        self.lastGood = lastGood
    }

    /// `checking`: whether the checked system's diagnostics are the files' (not when nothing
    /// was checked).
    private init(_ checked: CheckedSystem, files: [String: SourceFile], extra: [Tessera.Diagnostic], broken: Set<String>,
        standing: [Tessera.Diagnostic], checking: Bool = true)
    {
        var diagnostics: [String: [Tessera.Diagnostic]] = [:]
        for diagnostic in (checking ? checked.result.diagnostics : []) + standing + extra {
            let path = diagnostic.location?.file ?? ""
            // A file that does not parse shows what stops it; the rest is about its last good text.
            if broken.contains(path), !diagnostic.id.isAboutFileText { continue }
            diagnostics[path, default: []].append(diagnostic)
        }
        if let base = checked.result.base {
            self.base = base
        } else {
            var system = checked.system
            base = system.resolve()
        }
        self.checked = checked
        self.files = files
        self.diagnostics = diagnostics
        self.broken = broken
        self.standing = standing
        refused = !checking
    }

    /// The analysis after an edit of the open document at `document.path`, made from this one
    /// in place (`CheckedSystem.edit(_:)`): by redefining the tokens the edit changes when it
    /// changes only values in one file of the system, else by checking the system whole with
    /// the new text, the other files as they were read. Nil when the new text cannot be read
    /// in place of the old, or while a file does not parse; this analysis is then spent (it may
    /// be changed in part): make a new one.
    mutating func edit(_ document: OpenDocument) -> CheckedSystem.EditCheck? {
        // A text not checked yet parses when it parses with the problems the last one had
        // (none about its text: nothing is broken), which taking the edit in part checks.
        guard !refused, broken.isEmpty, files[document.path] != nil, document.parses || !document.textChecked else { return nil }
        let file = SourceFile(path: document.path, bytes: document.bytes)
        // Nothing else holds the permutations' resolutions while they change.
        cache = Cache()
        guard let check = checked.edit(file) else { return nil }
        var files = self.files
        files[document.path] = file
        let edited = Analysis(checked, files: files, extra: [], broken: [], standing: standing)
        // What only this analysis holds (its base permutation, after a check made whole) is
        // freed on another thread.
        Parallel.release(self)
        self = edited
        return check
    }

    /// What reading the configuration found, published whatever the edits.
    private var standing: [Tessera.Diagnostic] = []

    /// Whether nothing was checked: the configuration is refused.
    private(set) var refused = false

    /// Every permutation checked, kept for checking an edit in part.
    private(set) var checked: CheckedSystem

    /// Files whose current text does not parse (their last good text stands in for them).
    let broken: Set<String>

    /// The last text of each broken file that parsed, which its definitions were read from.
    private(set) var lastGood: [String: SourceFile] = [:]

    private final class Cache {
        var definitions: [String: [TokenDefinition]]?
        var lastGoodDefinitions: [String: [TokenDefinition]]?
        var permutations: [(label: String, tokens: ResolvedTokens)]?
        var everyPermutation: [(contexts: [String: String], tokens: ResolvedTokens)]??
    }

    /// At most this many permutations are resolved for a hover that lists every value.
    static let hoverPermutationLimit = 64

    /// Every permutation of the resolver with its contexts, when there are at most
    /// `hoverPermutationLimit` (nil past that, and for a system without modifiers): what a hover
    /// needs to name the combinations that change a value (dark and elevated together).
    var everyPermutation: [(contexts: [String: String], tokens: ResolvedTokens)]? {
        if let made = cache.everyPermutation { return made }
        var made: [(contexts: [String: String], tokens: ResolvedTokens)]?
        if let resolver = system.resolver, !resolver.modifiers.isEmpty, resolver.permutationCount <= Self.hoverPermutationLimit {
            made = resolver.permutations.map { contexts in (contexts, tokens(of: contexts)) }
        }
        cache.everyPermutation = .some(made)
        return made
    }

    private var cache = Cache()

    /// Token definitions by the file they are written in, from every permutation: made on the
    /// first request that needs them, not on every edit.
    var definitions: [String: [TokenDefinition]] {
        if let made = cache.definitions { return made }
        readDefinitions()
        return cache.definitions!
    }

    /// The definitions read from the last good text of each file that does not parse (offsets
    /// in that text, not in the current one), by path.
    var lastGoodDefinitions: [String: [TokenDefinition]] {
        if let made = cache.lastGoodDefinitions { return made }
        readDefinitions()
        return cache.lastGoodDefinitions!
    }

    /// Both, in one pass over every permutation's tokens. Each definition once: a permutation
    /// resolved from the base holds the base's definition at the base's index unless it
    /// redefines the token, and that one is passed over without looking it up; the tokens of
    /// one file come one after another, and the file's list is found again only when the
    /// file changes.
    private func readDefinitions() {
        var lists: [(path: String, definitions: [TokenDefinition], seen: Set<Int>)] = []
        var listOfPath: [String: Int] = [:]
        let all = permutations
        let base = all.first?.tokens.document.tokens ?? []
        for (number, permutation) in all.enumerated() {
            var last: (file: ObjectIdentifier, list: Int)?
            let tokens = permutation.tokens.document.tokens
            for position in tokens.indices {
                let anchor = tokens[position].anchor
                if number > 0, position < base.count, base[position].anchor.file === anchor.file,
                    base[position].anchor.offset == anchor.offset
                {
                    continue
                }
                let list: Int
                if let last, last.file == ObjectIdentifier(anchor.file) {
                    list = last.list
                } else {
                    let path = anchor.file.path
                    if let known = listOfPath[path] {
                        list = known
                    } else {
                        list = lists.count
                        listOfPath[path] = list
                        lists.append((path, [], []))
                    }
                    last = (ObjectIdentifier(anchor.file), list)
                }
                guard lists[list].seen.insert(anchor.offset).inserted else { continue }
                lists[list].definitions.append(tokens[position])
            }
        }
        var definitions: [String: [TokenDefinition]] = [:]
        var lastGood: [String: [TokenDefinition]] = [:]
        for list in lists {
            if broken.contains(list.path) {
                lastGood[list.path] = list.definitions
            } else {
                definitions[list.path] = list.definitions
            }
        }
        cache.definitions = definitions
        cache.lastGoodDefinitions = lastGood
    }

    /// Whether an open document is a token file: named as one, or JSON holding `$value`.
    static func looksLikeTokens(_ document: OpenDocument) -> Bool {
        let name = document.path.lowercased()
        if name.hasSuffix(".tokens.json") || name.hasSuffix(".tokens") { return true }
        guard name.hasSuffix(".json") || name.hasSuffix(".jsonc"), !name.hasSuffix(".resolver.json") else { return false }
        return document.bytes.firstRange(of: Array("\"$value\"".utf8)) != nil
    }

    static func isInside(_ path: String, _ root: String?) -> Bool {
        guard let root else { return true }
        return path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The system the root folder says: its `tessera.yml` as `reader` reads it, else one
    /// `*.resolver.json` in it (or another system an importer recognizes by that name).
    static func system(root: String?, configuration reader: LanguageServer.ConfigurationReader?) -> WorkspaceSystem {
        guard let root else { return WorkspaceSystem() }
        let configuration = (root as NSString).appendingPathComponent("tessera.yml")
        if FileManager.default.fileExists(atPath: configuration), let reader {
            let (configured, diagnostics) = reader(configuration)
            return WorkspaceSystem(configured: configured, configurationDiagnostics: diagnostics,
                refused: configured == nil ? configuration : nil)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        if let resolver = names.sorted().first(where: { $0.hasSuffix(".resolver.json") }) {
            return WorkspaceSystem(configured: ConfiguredSystem(resolver: (root as NSString).appendingPathComponent(resolver)))
        }
        return WorkspaceSystem()
    }

    static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    // MARK: - What is where

    /// What the cursor is on.
    enum Target {
        case token(path: String, range: Range<Int>)
        case reference(path: String, range: Range<Int>, in: TokenDefinition)
        case group(path: String, range: Range<Int>)
    }

    /// What is at `offset` of the file at `path`. In a file that does not parse, the parts the
    /// edit left as they were (before it and after it) are found in its last good text, which
    /// its definitions come from, and the ranges given back in the current text; the edited
    /// part has none.
    func target(at offset: Int, in path: String) -> Target? {
        guard broken.contains(path), let good = lastGood[path], let current = files[path] else {
            return files[path].flatMap { target(at: offset, in: path, file: $0, definitions: definitions[path] ?? []) }
        }
        let edit = UnchangedEnds(current.bytes, good.bytes)
        guard let goodOffset = edit.old(offset),
            let found = target(at: goodOffset, in: path, file: good, definitions: lastGoodDefinitions[path] ?? [])
        else { return nil }
        switch found {
        case .token(let name, let range): return edit.new(range).map { .token(path: name, range: $0) }
        case .reference(let name, let range, let definition): return edit.new(range).map { .reference(path: name, range: $0, in: definition) }
        case .group(let name, let range): return edit.new(range).map { .group(path: name, range: $0) }
        }
    }

    private func target(at offset: Int, in path: String, file: SourceFile, definitions: [TokenDefinition]) -> Target? {
        for definition in definitions {
            let key = file.jsonValueRange(at: definition.anchor.offset)
            if key.contains(offset) || key.upperBound == offset && offset > key.lowerBound {
                return .token(path: definition.path, range: key)
            }
            for reference in references(of: definition, in: file) where reference.range.contains(offset) || reference.range.upperBound == offset {
                return .reference(path: reference.path, range: reference.range, in: definition)
            }
        }
        // A group's key: the string under the cursor, when a token sits below it.
        let string = file.jsonValueRange(at: stringStart(containing: offset, in: file.bytes) ?? -1)
        guard !string.isEmpty, string.count >= 2 else { return nil }
        let name = String(decoding: file.bytes[string.lowerBound + 1..<string.upperBound - 1], as: UTF8.self)
        let groups = definitions.compactMap { definition -> String? in
            let segments = definition.path.split(separator: ".").map(String.init)
            guard let index = segments.dropLast().lastIndex(of: name) else { return nil }
            let key = file.jsonValueRange(at: definition.anchor.offset)
            guard key.lowerBound > string.lowerBound else { return nil }
            return segments[...index].joined(separator: ".")
        }
        if let group = groups.min(by: { $0.count < $1.count }) { return .group(path: group, range: string) }
        return nil
    }

    /// Where each `{path}` reference of a definition is written in its file.
    func references(of definition: TokenDefinition, in file: SourceFile) -> [(path: String, range: Range<Int>)] {
        definition.references.map { reference in
            let string = file.jsonValueRange(at: reference.anchor.offset)
            let needle = Array(("{" + reference.path + "}").utf8)
            if let found = Self.find(needle, in: file.bytes, within: string) { return (reference.path, found) }
            if let found = Self.find(Array(("{" + reference.path).utf8), in: file.bytes, within: string) {
                return (reference.path, found)
            }
            return (reference.path, string)
        }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], within range: Range<Int>) -> Range<Int>? {
        guard !needle.isEmpty, range.count >= needle.count else { return nil }
        var index = range.lowerBound
        while index + needle.count <= range.upperBound {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle {
                return index..<index + needle.count
            }
            index += 1
        }
        return nil
    }

    /// The offset of the opening quote of the JSON string around `offset`, if it is in one.
    func stringStart(containing offset: Int, in bytes: [UInt8]) -> Int? {
        var lineStart = min(offset, bytes.count)
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var index = lineStart
        var open: Int?
        while index < bytes.count, bytes[index] != 0x0A {
            if bytes[index] == UInt8(ascii: "\"") {
                if let start = open {
                    if offset >= start, offset <= index { return start }
                    open = nil
                } else {
                    open = index
                }
            } else if bytes[index] == UInt8(ascii: "\\"), open != nil {
                index += 1
            }
            index += 1
        }
        return nil
    }

    /// Every definition of a token, the base permutation's first.
    func definitionsOf(_ path: String) -> [TokenDefinition] {
        var found: [TokenDefinition] = []
        var seen = Set<String>()
        for (_, permutation) in permutations {
            guard let definition = permutation.document.token(path) else { continue }
            if seen.insert("\(definition.anchor.file.path)#\(definition.anchor.offset)").inserted { found.append(definition) }
        }
        return found
    }

    /// Every token path defined anywhere.
    var allPaths: [String] {
        var paths = Set<String>()
        for (_, permutation) in permutations { for definition in permutation.document.tokens { paths.insert(definition.path) } }
        return paths.sorted()
    }

    /// The range of the object a key names: from the key to the end of its value.
    func memberRange(keyAt offset: Int, in file: SourceFile) -> Range<Int> {
        let key = file.jsonValueRange(at: offset)
        var index = key.upperBound
        let bytes = file.bytes
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(bytes[index]) { index += 1 }
        let value = file.jsonValueRange(at: index)
        return key.lowerBound..<max(key.upperBound, value.upperBound)
    }
}
