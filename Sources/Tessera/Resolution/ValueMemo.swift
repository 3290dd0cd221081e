import Foundation

/// The values parsed from tokens' own text during one check of every permutation, so that a
/// definition several permutations take (a dark theme's color, in 8 of 16) is parsed once: the
/// others take its value and its diagnostics (the same ones, sharing their storage, which also
/// makes comparing them across permutations cheap).
///
/// Only a parse that read nothing but the token's own text is kept: one that followed a nested
/// reference depends on the permutation. Used only while every warning is found (no warning
/// limit), where a parse reports the same diagnostics whichever permutation runs it.
///
/// Shared by the evaluators of every permutation, on any thread.
final class ValueMemo: @unchecked Sendable {
    /// A token's `$value` as written: the file holding it, where it starts, and the type it is
    /// read as.
    struct Key: Hashable {
        let file: ObjectIdentifier
        let offset: Int
        let type: TokenType

        // Hashed by where the value is: a value is read as one type almost always, and
        // hashing the type would hash its name.
        func hash(into hasher: inout Hasher) {
            hasher.combine(file)
            hasher.combine(offset)
        }
    }

    /// What parsing one `$value` gave: held once, so that taking it from the memo (under a
    /// lock) retains one object.
    final class Entry: Sendable {
        let value: TokenValue?
        let diagnostics: [Diagnostic]
        /// The path of the token parsed: a definition copied to another path (`$extends`) is
        /// reported under its own path, so it is parsed again.
        let path: String
        /// Keeps the file alive, so that no other file takes its identity while it is a key.
        let file: SourceFile

        init(value: TokenValue?, diagnostics: [Diagnostic], path: String, file: SourceFile) {
            self.value = value
            self.diagnostics = diagnostics
            self.path = path
            self.file = file
        }
    }

    /// The entries in shards, each under its own lock: the threads resolving permutations side
    /// by side look values up all the time, and one lock would keep them waiting on each other.
    private final class Shard: @unchecked Sendable {
        let lock = NSLock()
        var entries: [Key: Entry] = [:]
    }

    private let shards: [Shard] = (0..<32).map { _ in Shard() }

    init() {}

    private func shard(_ key: Key) -> Shard {
        // Values of one file are written one after another: their offsets spread them.
        shards[(key.offset &* 0x9E37_79B9) >> 7 & 31]
    }

    /// Whether `entry(_:)` is asked: not while the first permutation is resolved, which finds
    /// nothing (it only keeps). Set between resolutions, before the threads that read it start.
    private(set) var looksUp = false

    /// From now on, parses are looked up before they are made.
    func startLookingUp() { looksUp = true }

    /// What parsing this `$value` gave, if a permutation parsed it.
    func entry(_ key: Key) -> Entry? {
        let shard = shard(key)
        shard.lock.lock()
        defer { shard.lock.unlock() }
        return shard.entries[key]
    }

    /// Keeps what parsing this `$value` gave (the first parse of it wins).
    func keep(_ entry: Entry, for key: Key) {
        let shard = shard(key)
        shard.lock.lock()
        defer { shard.lock.unlock() }
        if shard.entries[key] == nil { shard.entries[key] = entry }
    }

    /// Stands between a parser and its evaluator while a `$value` is parsed for the memo: passes
    /// everything on as it comes (so the evaluator sees what it would see without the memo),
    /// keeps a copy of every diagnostic, and notes whether the parse consulted the
    /// permutation's other tokens.
    final class Recorder: ValueParserHost {
        private let host: any ValueParserHost
        private(set) var diagnostics: [Diagnostic] = []
        /// Whether the parse followed a nested reference (its result is then not kept).
        private(set) var consulted = false

        init(_ host: any ValueParserHost) { self.host = host }

        func admit(_ id: DiagnosticID, _ severity: Severity, file: String, location: () -> SourceLocation) -> Bool {
            host.admit(id, severity, file: file, location: location)
        }

        func append(_ diagnostic: Diagnostic) {
            diagnostics.append(diagnostic)
            host.append(diagnostic)
        }

        func lookup(_ reference: Reference, expecting type: TokenType, from parser: ValueParser, pointer: String)
            -> ValueParser.Nested?
        {
            consulted = true
            return host.lookup(reference, expecting: type, from: parser, pointer: pointer)
        }

        func lookupJSON(_ reference: Reference, from parser: ValueParser, pointer: String) -> JSONValue? {
            consulted = true
            return host.lookupJSON(reference, from: parser, pointer: pointer)
        }
    }
}
