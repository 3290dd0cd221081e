import Foundation
import Tessera

/// What `tessera adopt` prints: each finding with what it becomes, or what it may become and
/// why not at once, as text for a terminal, Markdown for a pull request or JSON for scripts.
public enum AdoptReport {
    public enum Format: String, Sendable, CaseIterable {
        case text, markdown, json
    }

    /// One line's words for an entry: what it is and what becomes of it.
    static func describe(_ entry: Adoption.Entry, in adoption: Adoption) -> (status: String, detail: String) {
        let tokens = adoption.context.tokens
        switch entry.decision.verdict {
        case .exact(let token):
            if let replacement = entry.replacement { return ("replace", "→ \(replacement)  ('\(tokens[token].path)')") }
            return ("exact", "is '\(tokens[token].path)', not rewritten: \(entry.refusal ?? "")")
        case .near(let found):
            let unit = entry.decision.finding.kind.isColor ? "ΔE2000" : "pt"
            return ("near", "nearest: " + found.map { "'\(tokens[$0.token].path)' (\(unit) \(short($0.distance)))" }.joined(separator: ", "))
        case .tie(let found):
            return ("tie", "one of " + found.prefix(6).map { "'\(tokens[$0].path)'" }.joined(separator: ", ") + (found.count > 6 ? ", …" : ""))
        case .none(let reason):
            return ("none", reason)
        }
    }

    /// Counts by status: `replace`, `exact`, `near`, `tie`, `none`.
    public static func counts(_ adoption: Adoption) -> [String: Int] {
        var counts: [String: Int] = [:]
        for entry in adoption.entries { counts[describe(entry, in: adoption).status, default: 0] += 1 }
        return counts
    }

    public static func summary(_ adoption: Adoption, applied: Bool) -> String {
        let counts = counts(adoption)
        let replaced = counts["replace", default: 0]
        return "\(adoption.entries.count) hand-written value\(adoption.entries.count == 1 ? "" : "s") in \(adoption.files.count) of \(adoption.filesRead) Swift files (\(adoption.linesRead) lines): "
            + "\(replaced) \(applied ? "replaced" : "to replace"), \(counts["exact", default: 0]) exact but not rewritten, "
            + "\(counts["near", default: 0]) near, \(counts["tie", default: 0]) tied, \(counts["none", default: 0]) with no token"
    }

    public static func render(_ adoption: Adoption, format: Format, base: String, applied: Bool) -> String {
        switch format {
        case .text: text(adoption, base: base, applied: applied)
        case .markdown: markdown(adoption, base: base, applied: applied)
        case .json: json(adoption, base: base)
        }
    }

    static func text(_ adoption: Adoption, base: String, applied: Bool) -> String {
        var text = ""
        for file in adoption.files {
            let path = Adoption.relative(file.path, to: base)
            for entry in file.entries {
                let finding = entry.decision.finding
                let (status, detail) = describe(entry, in: adoption)
                text += "\(path):\(finding.line):\(finding.column): \(status): \(finding.text) \(detail)\n"
                for note in entry.decision.notes { text += "    note: \(note)\n" }
            }
        }
        return text + summary(adoption, applied: applied) + "\n"
    }

    static func markdown(_ adoption: Adoption, base: String, applied: Bool) -> String {
        var text = "## Design values written by hand\n\n\(summary(adoption, applied: applied)).\n\n"
        text += "| place | written | becomes | notes |\n|---|---|---|---|\n"
        func cell(_ value: String) -> String { value.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        for file in adoption.files {
            let path = Adoption.relative(file.path, to: base)
            for entry in file.entries {
                let finding = entry.decision.finding
                let (status, detail) = describe(entry, in: adoption)
                text += "| `\(cell(path)):\(finding.line)` | `\(cell(finding.text))` | \(status): \(cell(detail)) | \(cell(entry.decision.notes.joined(separator: "; "))) |\n"
            }
        }
        return text
    }

    /// One entry as JSON.
    struct Item: Encodable {
        struct Candidate: Encodable {
            var token: String
            var distance: Double?
        }
        var file: String
        var line: Int
        var column: Int
        var written: String
        var framework: String
        var status: String
        var token: String?
        var replacement: String?
        var candidates: [Candidate]?
        var reason: String?
        var notes: [String]?
    }

    static func json(_ adoption: Adoption, base: String) -> String {
        let tokens = adoption.context.tokens
        var items: [Item] = []
        for file in adoption.files {
            for entry in file.entries {
                let finding = entry.decision.finding
                var item = Item(file: Adoption.relative(file.path, to: base), line: finding.line, column: finding.column,
                    written: finding.text, framework: finding.framework.rawValue, status: describe(entry, in: adoption).status,
                    replacement: entry.replacement, reason: entry.refusal,
                    notes: entry.decision.notes.isEmpty ? nil : entry.decision.notes)
                switch entry.decision.verdict {
                case .exact(let token): item.token = tokens[token].path
                case .near(let found): item.candidates = found.map { Item.Candidate(token: tokens[$0.token].path, distance: ($0.distance * 100).rounded() / 100) }
                case .tie(let found): item.candidates = found.map { Item.Candidate(token: tokens[$0].path) }
                case .none(let reason): item.reason = reason
                }
                items.append(item)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? String(decoding: encoder.encode(items), as: UTF8.self)) ?? "[]") + "\n"
    }
}

extension AdoptFinding.Kind {
    var isColor: Bool {
        switch self {
        case .color, .assetName, .listedColor: true
        case .tokenCall(_, _, let wants): wants == .color
        case .dimension, .font, .textStyle: false
        }
    }
}
