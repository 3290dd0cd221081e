import Foundation
import Tessera
import TesseraGenerate

/// Turns exact decisions into edits of the app's Swift: each expression replaced by the
/// generated accessor of the configuration's `swift` output, in the framework the expression
/// belongs to; everything around it (formatting, comments) left as it is.
///
/// | flavor | SwiftUI | UIKit | AppKit |
/// |---|---|---|---|
/// | static | `Palette.X.color()`, `Palette.X.value` | `Palette.X.uiColor()`, `CGFloat(Palette.X.value)` | `Palette.X.nsColor()` |
/// | runtime | `Color(theme[Tokens.X])`, `theme[Tokens.X].points` | `UIColor(Tokens.X, in: store)`, `CGFloat(store.theme[Tokens.X])` | `NSColor(Tokens.X, in: store)` |
///
/// The runtime flavor reads a `Theme`: in a SwiftUI `View` the environment's (`@Environment(\.theme)`
/// is added to the view when it has no `theme`), in UIKit and AppKit the `ThemeStore` the team
/// names (`store`); without one, a UIKit expression is left as a suggestion.
public struct AdoptRewriter: Sendable {
    public var flavor: SwiftEmitter.Flavor
    public var rootName: String
    /// The UIKit and AppKit expression of the app's `ThemeStore` (runtime flavor).
    public var store: String?
    /// Modules every rewritten file imports (the module of the generated Swift, when it is not
    /// the app's own).
    public var imports: [String]
    /// Each token's accessor (`Palette.Color.Background.default`), by token index.
    private let accessors: [String]

    public init(context: GenerationContext, flavor: SwiftEmitter.Flavor, rootName: String, store: String? = nil, imports: [String] = []) {
        self.flavor = flavor
        self.rootName = rootName
        self.store = store
        self.imports = imports
        accessors = SwiftLink(rootName: rootName, flavor: flavor).references(context)
    }

    /// One replacement in a file.
    public struct Edit: Sendable, Hashable {
        public var range: Range<Int>
        public var replacement: String
    }

    /// The expression that replaces the finding with `token`'s accessor, or why it cannot.
    public func replacement(for finding: AdoptFinding, token: Int, type: TokenType) -> Result<String, Refusal> {
        let accessor = accessors[token]
        guard !accessor.isEmpty, accessor != rootName + "." else { return .failure(Refusal("the token has no accessor in the generated Swift")) }
        if type == .typography { return font(accessor, finding) }
        let isColor = type == .color
        switch (flavor, finding.framework) {
        case (.static, .swiftUI): return .success(isColor ? "\(accessor).color()" : "\(accessor).value")
        case (.static, .uiKit): return .success(isColor ? "\(accessor).uiColor()" : "CGFloat(\(accessor).value)")
        case (.static, .appKit): return .success(isColor ? "\(accessor).nsColor()" : "CGFloat(\(accessor).value)")
        case (.runtime, .swiftUI):
            guard finding.enclosingView != nil else {
                return .failure(Refusal("not in a SwiftUI View, where the runtime flavor reads the environment's theme"))
            }
            return .success(isColor ? "Color(theme[\(accessor)])" : "theme[\(accessor)].points")
        case (.runtime, .uiKit), (.runtime, .appKit):
            guard let store else { return .failure(Refusal("the runtime flavor reads UIKit values from a ThemeStore: give --store")) }
            let type = finding.framework == .uiKit ? "UIColor" : "NSColor"
            return .success(isColor ? "\(type)(\(accessor), in: \(store))" : "CGFloat(\(store).theme[\(accessor)])")
        }
    }

    /// A typography token's font where a font was written: the static flavor's own, or the
    /// runtime theme's (scaled with Dynamic Type in SwiftUI by `Font.theme`).
    private func font(_ accessor: String, _ finding: AdoptFinding) -> Result<String, Refusal> {
        // A Dynamic Type style written there keeps scaling with it.
        let style: String? = if case .textStyle(let name) = finding.kind { name } else { nil }
        switch (flavor, finding.framework) {
        case (.static, .swiftUI): return .success("\(accessor).value.font(\(style.map { "relativeTo: .\($0)" } ?? ""))")
        case (.static, .uiKit): return .success(style.map { "\(accessor).value.uiFont(relativeTo: .\($0))" } ?? "\(accessor).value.uiFont")
        case (.static, .appKit): return .failure(Refusal("the static flavor has no AppKit font"))
        case (.runtime, .swiftUI):
            guard finding.enclosingView != nil else {
                return .failure(Refusal("not in a SwiftUI View, where the runtime flavor reads the environment's theme"))
            }
            return .success("Font.theme(theme.font(\(accessor)))")
        case (.runtime, .uiKit), (.runtime, .appKit):
            guard let store else { return .failure(Refusal("the runtime flavor reads UIKit values from a ThemeStore: give --store")) }
            return .success("\(finding.framework == .uiKit ? "UIFont" : "NSFont").theme(\(store).theme.font(\(accessor)))")
        }
    }

    /// Why a finding is not rewritten.
    public struct Refusal: Error, Sendable, Hashable {
        public var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The file's text with `replacements` made, the imports the accessors need added after the
    /// last import, and `@Environment(\.theme)` added to each view that needs it.
    public func apply(_ replacements: [(finding: AdoptFinding, text: String)], to source: String) -> String {
        var bytes = Array(source.utf8)
        for edit in edits(replacements, in: source).sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The edits `apply(_:to:)` makes: each replacement, the imports, the views' `theme`.
    public func edits(_ replacements: [(finding: AdoptFinding, text: String)], in source: String) -> [Edit] {
        var edits = replacements.map { Edit(range: $0.finding.range, replacement: $0.text) }
        if flavor == .runtime {
            var seen = Set<Int>()
            for (finding, _) in replacements where finding.framework == .swiftUI {
                guard let view = finding.enclosingView, !view.hasTheme, seen.insert(view.membersStart).inserted else { continue }
                edits.append(Edit(range: view.membersStart..<view.membersStart,
                    replacement: "\n\(view.indentation)@Environment(\\.theme) private var theme"))
            }
        }
        let needed = flavor == .runtime ? ["TesseraRuntime", "TesseraUI"] + imports : imports
        return edits + importEdits(needed, in: source, when: !replacements.isEmpty)
    }

    /// Imports of `modules` the file lacks, after its last import (or at its top).
    private func importEdits(_ modules: [String], in source: String, when needed: Bool) -> [Edit] {
        guard needed else { return [] }
        let lines = source.components(separatedBy: "\n")
        let imported = Set(lines.compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
            return String(words[index + 1])
        })
        let missing = modules.filter { !imported.contains($0) }
        guard !missing.isEmpty else { return [] }
        var offset = 0
        var after = 0
        for line in lines {
            offset += line.utf8.count + 1
            if line.hasPrefix("import ") || line.hasPrefix("@testable import ") || line.hasPrefix("@preconcurrency import ") { after = offset }
        }
        let text = missing.map { "import \($0)\n" }.joined()
        return [Edit(range: min(after, source.utf8.count)..<min(after, source.utf8.count), replacement: text)]
    }
}

/// A unified diff of two texts of one file, with three lines of context: what `--dry-run` prints.
public enum UnifiedDiff {
    public static func make(old: String, new: String, path: String) -> String {
        let a = old.components(separatedBy: "\n")
        let b = new.components(separatedBy: "\n")
        guard a != b else { return "" }
        let script = editScript(a, b)
        // Hunks: changes at most 6 lines apart together, with 3 lines of context around.
        let changed = script.indices.filter { script[$0].kind != .same }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            if let last = groups.last, index - last.upperBound <= 7 {
                groups[groups.count - 1] = last.lowerBound...index
            } else {
                groups.append(index...index)
            }
        }
        let hunks = groups.map { group -> (aStart: Int, bStart: Int, lines: [String], aCount: Int, bCount: Int) in
            let slice = script[max(0, group.lowerBound - 3)..<min(script.count, group.upperBound + 4)]
            let lines = slice.map { ($0.kind == .same ? " " : $0.kind == .removed ? "-" : "+") + $0.text }
            return (slice.first!.a, slice.first!.b, lines, slice.filter { $0.kind != .added }.count, slice.filter { $0.kind != .removed }.count)
        }
        var text = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks {
            text += "@@ -\(hunk.aStart + 1),\(hunk.aCount) +\(hunk.bStart + 1),\(hunk.bCount) @@\n" + hunk.lines.joined(separator: "\n") + "\n"
        }
        return text
    }

    struct Step {
        enum Kind { case same, removed, added }
        let kind: Kind
        let text: String
        /// The line's index in the old and new texts (of the next line, for one not there).
        let a: Int
        let b: Int
    }

    /// The lines kept, removed and added, from the longest common subsequence of the lines
    /// between the common start and end (edits are few and local, so that part is small).
    static func editScript(_ a: [String], _ b: [String]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var steps = (0..<prefix).map { Step(kind: .same, text: a[$0], a: $0, b: $0) }
        // Lines changed in place pair up one to one when both sides have as many; otherwise a
        // table of common subsequence lengths (the middle is bounded by the edits' spread).
        let n = middleA.count, m = middleB.count
        if n * m <= 4_000_000 {
            var table = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i][j] = middleA[i] == middleB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, middleA[i] == middleB[j] {
                    steps.append(Step(kind: .same, text: middleA[i], a: prefix + i, b: prefix + j)); i += 1; j += 1
                } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                    steps.append(Step(kind: .removed, text: middleA[i], a: prefix + i, b: prefix + j)); i += 1
                } else {
                    steps.append(Step(kind: .added, text: middleB[j], a: prefix + i, b: prefix + j)); j += 1
                }
            }
        } else {
            steps += middleA.enumerated().map { Step(kind: .removed, text: $1, a: prefix + $0, b: prefix) }
            steps += middleB.enumerated().map { Step(kind: .added, text: $1, a: prefix + n, b: prefix + $0) }
        }
        steps += (0..<suffix).map { Step(kind: .same, text: a[a.count - suffix + $0], a: a.count - suffix + $0, b: b.count - suffix + $0) }
        return steps
    }
}
