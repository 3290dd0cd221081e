import Foundation
import Tessera

/// Where two ways to the same answer disagree.
package struct Disagreement: Sendable, CustomStringConvertible {
    /// Which two ways: `base/whole`, `whole/flattened`, `flattened/renamed`.
    package let ways: String
    /// The permutation, as `m0=c1, m1=c0`.
    package let permutation: String
    package let detail: String

    /// The ways and what differs in a few words (`base/whole values`, `whole/flattened
    /// token.closed`), for counting disagreements by kind.
    package let kind: String

    package var description: String { "[\(ways)] \(permutation): \(detail)" }
}

/// Resolves every permutation of a system four ways that must agree:
///
/// 1. from the base permutation (re-resolving only what a permutation redefines),
/// 2. whole (every source merged and resolved again),
/// 3. the sources flattened by hand into one document, given to the file pipeline,
/// 4. that document with its group names renamed so that their order reverses.
///
/// 1 and 2 must give the same values and exactly the same diagnostics; 2, 3 and 4 the same
/// values and the same diagnostics by id, severity and token (3 and 4 are single files, so
/// they have no redefinitions: the closed tokens redefined are worked out by hand).
package enum DifferentialCheck {
    package static func run(_ system: RandomSystem, permutationLimit: Int = 16) -> [Disagreement] {
        let options = PipelineOptions(strict: false, warningLimit: nil)
        var tokenSystem = TokenSystem(resolver: SourceFile(path: "case.resolver.json", text: system.resolverText), options: options)
        var found: [Disagreement] = []
        let sourceProblems = tokenSystem.diagnostics.filter { $0.severity == .error }
        if !sourceProblems.isEmpty {
            found.append(Disagreement(ways: "resolver", permutation: "", detail: "the generated resolver has errors: "
                + sourceProblems.map { "\($0.message) [\($0.id)]" }.joined(separator: "; "),
                kind: "resolver " + sourceProblems.map(\.id.rawValue).joined(separator: ",")))
            return found
        }
        let inverse = Dictionary(uniqueKeysWithValues: RandomSystem.reversedNames.map { ($1, $0) })
        for contexts in system.permutations(limit: permutationLimit) {
            let label = contexts.keys.sorted().map { "\($0)=\(contexts[$0]!)" }.joined(separator: ", ")
            func report(_ ways: String, _ detail: (String, String)) {
                found.append(Disagreement(ways: ways, permutation: label, detail: detail.0, kind: ways + " " + detail.1))
            }
            let fromBase = tokenSystem.resolve(contexts: contexts, strategy: .fromBase)
            let whole = tokenSystem.resolve(contexts: contexts, strategy: .whole)
            let (flatText, closed) = system.flattened(contexts)
            let flat = TokenSystem.resolving(files: [SourceFile(path: "flat.tokens.json", text: flatText)], options: options)
            let (renamedText, _) = system.flattened(contexts) { RandomSystem.reversedNames[$0] ?? $0 }
            let renamed = TokenSystem.resolving(files: [SourceFile(path: "flat.tokens.json", text: renamedText)], options: options)

            let values = (
                base: lines(ResolvedEmitter.flat(fromBase.partialTokens)), whole: lines(ResolvedEmitter.flat(whole.partialTokens)),
                flat: lines(ResolvedEmitter.flat(flat.partialTokens)),
                renamed: lines(ResolvedEmitter.flat(renamed.partialTokens)).map { rename($0, inverse) }.sorted()
            )
            compare(values.base, values.whole, "values") { report("base/whole", $0) }
            compare(values.whole, values.flat, "values") { report("whole/flattened", $0) }
            compare(values.flat, values.renamed, "values") { report("flattened/renamed", $0) }

            compare(fromBase.diagnostics.map(full).sorted(), whole.diagnostics.map(full).sorted(), "diagnostics") {
                report("base/whole", $0)
            }
            let flatKeys = (flat.diagnostics.map(key) + closed.map { "token.closed error \($0)" }).sorted()
            compare(whole.diagnostics.map(key).sorted(), flatKeys, "diagnostics") { report("whole/flattened", $0) }
            // A cycle is reported at its member with the smallest path, which renaming changes.
            let renamedKeys = renamed.diagnostics.map { rename(key($0, cycleMember: false), inverse) }.sorted()
            compare(flat.diagnostics.map { key($0, cycleMember: false) }.sorted(), renamedKeys, "diagnostics") {
                report("flattened/renamed", $0)
            }
        }
        return found
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// A diagnostic by id, severity and token.
    static func key(_ diagnostic: Diagnostic) -> String { key(diagnostic, cycleMember: true) }

    static func key(_ diagnostic: Diagnostic, cycleMember: Bool) -> String {
        let token = !cycleMember && [.referenceCycle, .extendsCycle].contains(diagnostic.id) ? "*" : diagnostic.location?.token ?? "-"
        return "\(diagnostic.id) \(diagnostic.severity.rawValue) \(token)"
    }

    /// A diagnostic whole: id, severity, place, message and notes.
    static func full(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location.map { "\($0.file):\($0.line):\($0.column) \($0.token ?? "-")" } ?? "-"
        return "\(diagnostic.id) \(diagnostic.severity.rawValue) \(location) \(diagnostic.message) "
            + diagnostic.notes.map(\.message).joined(separator: " | ")
    }

    /// Group names in a path put back (`z6.t0` → `a.t0`).
    static func rename(_ line: String, _ names: [String: String]) -> String {
        var out = ""
        var word = ""
        for character in line {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                out += names[word] ?? word
                word = ""
                out.append(character)
            }
        }
        return out + (names[word] ?? word)
    }

    static func compare(_ a: [String], _ b: [String], _ what: String, report: ((String, String)) -> Void) {
        guard a != b else { return }
        let onlyA = a.filter { !b.contains($0) }
        let onlyB = b.filter { !a.contains($0) }
        // Diagnostics are named by id, values by type.
        let first = (onlyA.first ?? onlyB.first ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
        let name = what == "values" ? (first.count > 1 ? String(first[1]) : "") : String(first.first ?? "")
        let side = onlyA.isEmpty ? "only second" : onlyB.isEmpty ? "only first" : "both"
        report(("\(what) differ: first has \(onlyA.prefix(3)), second has \(onlyB.prefix(3))"
            + (onlyA.isEmpty && onlyB.isEmpty ? " (different counts)" : ""), "\(what) \(name) (\(side))"))
    }
}
