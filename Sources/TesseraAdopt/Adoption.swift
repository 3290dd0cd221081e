import Foundation
import Tessera
import TesseraGenerate

/// An app's Swift sources read against a token system: every hand-written design value found,
/// what each becomes, and each file's text with the exact ones replaced.
public struct Adoption: Sendable {
    /// One finding and what became of it.
    public struct Entry: Sendable {
        public var decision: AdoptDecision
        /// The accessor expression that replaces it, when it is rewritten.
        public var replacement: String?
        /// Why an exact match is not rewritten.
        public var refusal: String?
    }

    /// One file's entries, its text as read and as rewritten.
    public struct File: Sendable {
        public var path: String
        public var entries: [Entry]
        public var original: String
        public var rewritten: String

        public var changed: Bool { original != rewritten }
    }

    public var files: [File]
    public let context: GenerationContext
    /// How many Swift files were read, and their lines.
    public var filesRead = 0
    public var linesRead = 0

    /// Reads every Swift file under `paths` (folders recursively, hidden folders and `.build`
    /// left out), side by side on every core.
    public init(paths: [String], context: GenerationContext, rewriter: AdoptRewriter) {
        self.context = context
        let swiftFiles = paths.flatMap { SwiftSourceWalker.swiftFiles(in: $0) }
        let texts = Parallel.map(swiftFiles.count) { index in
            FileManager.default.contents(atPath: swiftFiles[index]).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        // The app's ThemeTokens registry and value enums first: calls name their constants and cases.
        let scanner = AdoptScanner(declaredIn: texts)
        let matcher = AdoptMatcher(context)
        let made = Parallel.map(swiftFiles.count) { index -> File in
            let findings = scanner.scan(texts[index], path: swiftFiles[index])
            var entries: [Entry] = []
            var replacements: [(finding: AdoptFinding, text: String)] = []
            for finding in findings {
                let decision = matcher.decide(finding)
                var entry = Entry(decision: decision)
                if case .exact(let token) = decision.verdict {
                    switch rewriter.replacement(for: finding, token: token, type: context.tokens[token].type) {
                    case .success(let text):
                        if case .listedColor = finding.kind, rewriter.flavor == .static {
                            entry.decision.notes.append("a hand-written color list may be changed while the app runs (a white-label "
                                + "update): the static flavor's color is fixed; the runtime flavor keeps re-skinning")
                        }
                        // A finding inside another rewritten one (a literal in a replaced call) is left to it.
                        if !replacements.contains(where: { $0.finding.range.overlaps(finding.range) }) {
                            entry.replacement = text
                            replacements.append((finding, text))
                        }
                    case .failure(let refusal): entry.refusal = refusal.reason
                    }
                }
                entries.append(entry)
            }
            return File(path: swiftFiles[index], entries: entries, original: texts[index],
                rewritten: rewriter.apply(replacements, to: texts[index]))
        }
        files = made.filter { !$0.entries.isEmpty }
        filesRead = swiftFiles.count
        linesRead = texts.reduce(0) { $0 + $1.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
    }

    /// Every entry, file by file.
    public var entries: [Entry] { files.flatMap(\.entries) }

    /// Writes every changed file, each replaced atomically; the paths written.
    public func apply() throws -> [String] {
        var written: [String] = []
        for file in files where file.changed {
            try Data(file.rewritten.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic)
            written.append(file.path)
        }
        return written
    }

    /// The unified diff of every changed file, paths relative to `base`.
    public func diff(relativeTo base: String) -> String {
        files.filter(\.changed).map { UnifiedDiff.make(old: $0.original, new: $0.rewritten, path: Self.relative($0.path, to: base)) }.joined()
    }

    static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
