import Foundation
import Tessera
import TesseraGenerate

/// What changed between two versions of a token system, per token and per permutation, and
/// what that means for the apps that use it as a semantic-version bump:
///
/// - major (breaking): a token removed, renamed or of another type; a modifier or context
///   removed;
/// - minor: a token added, deprecated or no longer deprecated; a modifier or context added;
/// - patch: values changed only.
///
/// ```swift
/// let diff = TokenDiff(old: oldContext, new: newContext)
/// print(diff.bump, diff.isBreaking)
/// print(diff.markdown)
/// ```
public struct TokenDiff: Sendable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case removed, renamed, typeChanged = "type-changed", contextRemoved = "context-removed"
        case added, deprecated, undeprecated, contextAdded = "context-added"
        case valueChanged = "value-changed"

        /// The bump a change of this kind calls for.
        public var bump: Bump {
            switch self {
            case .removed, .renamed, .typeChanged, .contextRemoved: .major
            case .added, .deprecated, .undeprecated, .contextAdded: .minor
            case .valueChanged: .patch
            }
        }

        var title: String {
            switch self {
            case .removed: "Removed"
            case .renamed: "Renamed (a guess: same value, similar path)"
            case .typeChanged: "Type changed"
            case .contextRemoved: "Contexts removed"
            case .added: "Added"
            case .deprecated: "Deprecated"
            case .undeprecated: "No longer deprecated"
            case .contextAdded: "Contexts added"
            case .valueChanged: "Values changed"
            }
        }
    }

    public enum Bump: String, Sendable, Comparable, Codable {
        case none, patch, minor, major

        private var rank: Int {
            switch self {
            case .none: 0
            case .patch: 1
            case .minor: 2
            case .major: 3
            }
        }

        public static func < (lhs: Bump, rhs: Bump) -> Bool { lhs.rank < rhs.rank }
    }

    public struct Change: Sendable, Codable, Equatable {
        public var kind: Kind
        /// The token's path (its old path for a rename), or for contexts `modifier=context`.
        public var path: String
        /// A rename's new path.
        package var newPath: String?
        public var type: String?
        package var oldType: String?
        /// The old and new values (value changes), as `tessera resolve` prints them.
        package var oldValue: String?
        public var newValue: String?
        /// For colors: CIEDE2000 between the old and new value.
        package var deltaE: Double?
        /// The permutations a value change applies to (`theme=dark (2 of 4 permutations)`;
        /// empty without modes or in every permutation).
        public var permutations: String?
        /// A deprecation's reason.
        public var message: String?
    }

    public let changes: [Change]

    /// The largest bump any change calls for.
    public var bump: Bump { changes.map(\.kind.bump).max() ?? .none }
    package var isBreaking: Bool { bump == .major }

    public init(old: GenerationContext, new: GenerationContext) {
        var changes: [Change] = []
        // Modifiers and contexts.
        let oldContexts = Set(old.modifiers.flatMap { modifier in modifier.contexts.map { "\(modifier.name)=\($0)" } })
        let newContexts = Set(new.modifiers.flatMap { modifier in modifier.contexts.map { "\(modifier.name)=\($0)" } })
        for gone in oldContexts.subtracting(newContexts).sorted() { changes.append(Change(kind: .contextRemoved, path: gone)) }
        for added in newContexts.subtracting(oldContexts).sorted() { changes.append(Change(kind: .contextAdded, path: added)) }
        // The permutations both have: each new one's old number.
        var shared: [(new: Int, old: Int)] = []
        for permutation in 0..<new.numbering.count {
            let contexts = new.contexts(of: permutation)
            if let match = old.numbering.permutation(of: contexts), old.contexts(of: match) == contexts { shared.append((permutation, match)) }
        }
        if shared.isEmpty { shared = [(new.defaultPermutation, old.defaultPermutation)] }
        var oldIndex: [String: Int] = [:]
        oldIndex.reserveCapacity(old.tokens.count)
        for (number, token) in old.tokens.enumerated() { oldIndex[token.path] = number }
        var newPaths = Set<String>()
        newPaths.reserveCapacity(new.tokens.count)
        var added: [GenerationContext.Token] = []
        for token in new.tokens {
            newPaths.insert(token.path)
            guard let number = oldIndex[token.path] else {
                added.append(token)
                continue
            }
            Self.compare(old.tokens[number], token, shared: shared, new: new, into: &changes)
        }
        let removed = old.tokens.filter { !newPaths.contains($0.path) }
        // Renames: a removed token whose values an added one has, in a similar place.
        var renamedTo: [String: String] = [:]
        var addedByValue: [[TokenValue]: [GenerationContext.Token]] = [:]
        for token in added { addedByValue[Self.values(token, shared.map(\.new)), default: []].append(token) }
        var taken = Set<String>()
        for token in removed {
            let candidates = (addedByValue[Self.values(token, shared.map(\.old))] ?? []).filter { $0.type == token.type && !taken.contains($0.path) }
            guard let best = candidates.max(by: { Self.similarity(token.names, $0.names) < Self.similarity(token.names, $1.names) }),
                Self.similarity(token.names, best.names) >= 0.5
            else { continue }
            renamedTo[token.path] = best.path
            taken.insert(best.path)
        }
        for token in removed {
            if let target = renamedTo[token.path] {
                changes.append(Change(kind: .renamed, path: token.path, newPath: target, type: token.type.rawValue))
            } else {
                changes.append(Change(kind: .removed, path: token.path, type: token.type.rawValue))
            }
        }
        for token in added where !taken.contains(token.path) {
            changes.append(Change(kind: .added, path: token.path, type: token.type.rawValue, newValue: Self.text(token.value)))
        }
        let order = Kind.allCases
        self.changes = changes.enumerated().sorted { left, right in
            let (a, b) = (order.firstIndex(of: left.element.kind)!, order.firstIndex(of: right.element.kind)!)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// A token's values in the given permutations, in order.
    private static func values(_ token: GenerationContext.Token, _ permutations: [Int]) -> [TokenValue] {
        permutations.map(token.value(in:))
    }

    /// How alike two paths are, 0 to 1: names in common (the last name counting double), by
    /// the longer path's length; siblings (the same group) are at least 0.5.
    static func similarity(_ a: [String], _ b: [String]) -> Double {
        if a.count == b.count, a.count > 1, a.dropLast() == b.dropLast() { return max(0.5, similarityByNames(a, b)) }
        return similarityByNames(a, b)
    }

    private static func similarityByNames(_ a: [String], _ b: [String]) -> Double {
        let shared = Set(a).intersection(b).count
        let lastBonus = a.last == b.last ? 1 : 0
        let squeezedLast = a.last.map { $0.lowercased().filter { $0.isLetter || $0.isNumber } } == b.last.map { $0.lowercased().filter { $0.isLetter || $0.isNumber } } ? 1 : 0
        return Double(shared + max(lastBonus, squeezedLast)) / Double(max(a.count, b.count) + 1)
    }

    private static func compare(_ before: GenerationContext.Token, _ after: GenerationContext.Token, shared: [(new: Int, old: Int)],
        new: GenerationContext, into changes: inout [Change])
    {
        if before.type != after.type {
            changes.append(Change(kind: .typeChanged, path: after.path, type: after.type.rawValue, oldType: before.type.rawValue,
                oldValue: text(before.value), newValue: text(after.value)))
            return
        }
        switch (before.deprecated != nil, after.deprecated != nil) {
        case (false, true): changes.append(Change(kind: .deprecated, path: after.path, type: after.type.rawValue, message: after.deprecationMessage))
        case (true, false): changes.append(Change(kind: .undeprecated, path: after.path, type: after.type.rawValue))
        default: break
        }
        guard before.varies || after.varies || before.value != after.value else { return }
        // Each distinct (old value, new value), with the permutations it is found in.
        var groups: [(old: Int, new: Int, permutations: [Int])] = []
        for (newNumber, oldNumber) in shared {
            let (a, b) = (before.valueIndex(in: oldNumber), after.valueIndex(in: newNumber))
            guard before.values[a] != after.values[b] else { continue }
            if let existing = groups.firstIndex(where: { $0.old == a && $0.new == b }) {
                groups[existing].permutations.append(newNumber)
            } else {
                groups.append((a, b, [newNumber]))
            }
        }
        for group in groups {
            let (oldValue, newValue) = (before.values[group.old], after.values[group.new])
            var deltaE: Double?
            if case .color(let a) = oldValue, case .color(let b) = newValue { deltaE = (a.deltaE2000(b) * 100).rounded() / 100 }
            let scope = group.permutations.count == shared.count ? "" : new.describe(group.permutations)
            changes.append(Change(kind: .valueChanged, path: after.path, type: after.type.rawValue, oldValue: text(oldValue),
                newValue: text(newValue), deltaE: deltaE, permutations: scope.isEmpty ? nil : String(scope.dropFirst(4))))
        }
    }

    static func text(_ value: TokenValue) -> String {
        if case .color(let color) = value { return color.hexString(includeAlpha: color.alpha < 1) }
        return value.flatText
    }

    // MARK: Output

    var counts: String {
        let counted = Kind.allCases.compactMap { kind -> String? in
            let count = changes.filter { $0.kind == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        return counted.isEmpty ? "no changes" : counted.joined(separator: ", ")
    }

    var verdict: String {
        switch bump {
        case .none: "no change"
        case .patch: "patch (values only)"
        case .minor: "minor (additions, not breaking)"
        case .major: "major (breaking)"
        }
    }

    func line(_ change: Change) -> String {
        switch change.kind {
        case .renamed: return "\(change.path) → \(change.newPath ?? "")"
        case .typeChanged: return "\(change.path): \(change.oldType ?? "") → \(change.type ?? "")"
        case .deprecated: return change.path + (change.message.map { $0.isEmpty ? "" : ": \($0)" } ?? "")
        case .valueChanged:
            return "\(change.path): \(change.oldValue ?? "") → \(change.newValue ?? "")"
                + (change.deltaE.map { " (ΔE2000 \(short($0)))" } ?? "") + (change.permutations.map { " in \($0)" } ?? "")
        case .added: return change.path + (change.type.map { " (\($0))" } ?? "")
        default: return change.path
        }
    }

    /// One line per change under its kind, after the verdict.
    public var text: String {
        var output = changes.isEmpty ? "tessera diff: no change\n" : "tessera diff: \(verdict); \(counts)\n"
        for kind in Kind.allCases {
            let selected = changes.filter { $0.kind == kind }
            guard !selected.isEmpty else { continue }
            output += "\n\(kind.title):\n"
            for change in selected { output += "  " + line(change) + "\n" }
        }
        return output
    }

    /// For a pull-request comment: the verdict, then a table per kind of change.
    public var markdown: String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        var output = changes.isEmpty ? "## Design tokens: no change\n"
            : "## Design tokens: \(verdict)\n\n\(counts.prefix(1).uppercased() + counts.dropFirst()).\n"
        for kind in Kind.allCases {
            let selected = changes.filter { $0.kind == kind }
            guard !selected.isEmpty else { continue }
            output += "\n### \(kind.title) (\(selected.count))\n\n"
            switch kind {
            case .valueChanged:
                output += "| Token | Before | After | ΔE2000 | Where |\n|---|---|---|---|---|\n"
                for change in selected {
                    output += "| `\(cell(change.path))` | \(swatch(change.oldValue)) | \(swatch(change.newValue)) | "
                        + "\(change.deltaE.map(short) ?? "") | \(cell(change.permutations ?? "everywhere")) |\n"
                }
            case .renamed:
                output += "| Before | After |\n|---|---|\n"
                for change in selected { output += "| `\(cell(change.path))` | `\(cell(change.newPath ?? ""))` |\n" }
            case .typeChanged:
                output += "| Token | Before | After |\n|---|---|---|\n"
                for change in selected { output += "| `\(cell(change.path))` | \(change.oldType ?? "") | \(change.type ?? "") |\n" }
            default:
                for change in selected { output += "- `\(cell(change.path))`" + (change.message.map { $0.isEmpty ? "" : ": \(cell($0))" } ?? "") + "\n" }
            }
        }
        return output
    }

    private func swatch(_ value: String?) -> String {
        guard let value else { return "" }
        return "`\(value.replacingOccurrences(of: "|", with: "\\|"))`"
    }

    /// `{"bump", "breaking", "changes"}`, keys sorted.
    public var json: String {
        struct Document: Encodable {
            let bump: Bump
            let breaking: Bool
            let changes: [Change]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(bump: bump, breaking: isBreaking, changes: changes))) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
