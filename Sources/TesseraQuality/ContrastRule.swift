import Foundation
import Tessera
import TesseraGenerate

/// What a foreground is, for the contrast it needs.
package enum ContrastKind: String, Sendable, CaseIterable {
    /// Body text: WCAG AA 4.5:1, AAA 7:1; APCA Lc 60.
    case text
    /// Text of 18 pt, or 14 pt bold, and larger: AA 3:1, AAA 4.5:1; APCA Lc 45.
    case largeText = "large-text"
    /// Icons, borders, focus rings (WCAG 1.4.11): 3:1 at either level; APCA Lc 30.
    case nonText = "non-text"

    package func wcagMinimum(_ level: ContrastLevel) -> Double {
        switch (self, level) {
        case (.text, .aa): 4.5
        case (.text, .aaa): 7
        case (.largeText, .aa): 3
        case (.largeText, .aaa): 4.5
        case (.nonText, _): 3
        }
    }

    package var apcaMinimum: Double {
        switch self {
        case .text: 60
        case .largeText: 45
        case .nonText: 30
        }
    }

    var label: String {
        switch self {
        case .text: "text"
        case .largeText: "large text"
        case .nonText: "non-text contrast"
        }
    }
}

public enum ContrastLevel: String, Sendable, CaseIterable {
    case aa = "AA"
    case aaa = "AAA"
}

/// A foreground and background to check: patterns over color tokens, declared in the
/// configuration or in a token's `$extensions["dev.tessera.contrast"]`.
public struct ContrastPair: Sendable {
    package var foreground: PathGlob
    package var background: PathGlob
    package var kind: ContrastKind
    package var level: ContrastLevel?
    /// Where the pair is declared.
    package var location: SourceLocation?

    package init(foreground: String, background: String, kind: ContrastKind = .text, level: ContrastLevel? = nil,
        location: SourceLocation? = nil)
    {
        self.foreground = PathGlob(foreground)
        self.background = PathGlob(background)
        self.kind = kind
        self.level = level
        self.location = location
    }
}

/// The pairs of tokens a contrast rule checks, and each distinct pair of their values.
struct ContrastCheck {
    let foreground: GenerationContext.Token
    let background: GenerationContext.Token
    let kind: ContrastKind
    let level: ContrastLevel
    /// The permutations of each distinct (foreground value, background value).
    var combinations: [(foreground: TokenColor, background: TokenColor, permutations: [Int])]

    /// Every (foreground, background) token pair the declared pairs and the tokens'
    /// `$extensions` name, each once (the first declaration wins), with its value pairs.
    static func expand(_ pairs: [ContrastPair], level: ContrastLevel, in context: GenerationContext) -> [ContrastCheck] {
        let colors = context.tokens.filter { $0.type == .color }
        var declared = pairs
        for token in colors {
            guard case .object(let members)? = token.extensions?.storage,
                let settings = members.first(where: { $0.key == "dev.tessera.contrast" })?.value
            else { continue }
            declared += extensionPairs(settings, foreground: token.path)
        }
        var seen: Set<String> = []
        var checks: [ContrastCheck] = []
        for pair in declared {
            let foregrounds = colors.filter { pair.foreground.matches(names: $0.names) }
            guard !foregrounds.isEmpty else { continue }
            let backgrounds = colors.filter { pair.background.matches(names: $0.names) }
            for foreground in foregrounds {
                for background in backgrounds where background.path != foreground.path {
                    guard seen.insert(foreground.path + "\u{0}" + background.path).inserted else { continue }
                    checks.append(ContrastCheck(foreground: foreground, background: background, kind: pair.kind,
                        level: pair.level ?? level, combinations: combinations(foreground, background, count: context.numbering.count)))
                }
            }
        }
        return checks
    }

    /// `{"background": "{color.surface}" | [...], "kind": "large-text", "level": "AAA"}`.
    static func extensionPairs(_ settings: JSONValue, foreground: String) -> [ContrastPair] {
        guard case .object(let members) = settings.storage else { return [] }
        var backgrounds: [String] = []
        var kind = ContrastKind.text
        var level: ContrastLevel?
        for member in members {
            switch member.key {
            case "background", "backgrounds":
                if let single = member.value.string { backgrounds.append(single) }
                if case .array(let list) = member.value.storage { backgrounds += list.compactMap(\.string) }
            case "kind": kind = member.value.string.flatMap(ContrastKind.init(rawValue:)) ?? kind
            case "level": level = member.value.string.flatMap(ContrastLevel.init(rawValue:))
            default: break
            }
        }
        return backgrounds.map { ContrastPair(foreground: foreground, background: $0, kind: kind, level: level) }
    }

    static func combinations(_ foreground: GenerationContext.Token, _ background: GenerationContext.Token, count: Int)
        -> [(TokenColor, TokenColor, [Int])]
    {
        var found: [Int: Int] = [:]
        var result: [(TokenColor, TokenColor, [Int])] = []
        for permutation in 0..<count {
            let front = foreground.valueIndex(in: permutation)
            let back = background.valueIndex(in: permutation)
            let key = front * 65_536 + back
            if let existing = found[key] {
                result[existing].2.append(permutation)
                continue
            }
            guard case .color(let frontColor) = foreground.values[front], case .color(let backColor) = background.values[back]
            else { continue }
            found[key] = result.count
            result.append((frontColor, backColor, [permutation]))
        }
        return result
    }
}

/// `contrast`: WCAG 2.x contrast of every declared foreground on its backgrounds, in every
/// permutation; a failure names the pair, the permutations, the ratio, the APCA Lc, and the
/// nearest lightness of the foreground that passes.
package struct ContrastRule: LintRule {
    package var pairs: [ContrastPair] = []
    package var level: ContrastLevel = .aa
    package init(pairs: [ContrastPair] = [], level: ContrastLevel = .aa) {
        self.pairs = pairs
        self.level = level
    }

    package var id: String { "contrast" }
    package var defaultSeverity: RuleSeverity { .error }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        let checks = ContrastCheck.expand(pairs, level: level, in: subject.context)
        return Parallel.map(checks.count) { index -> [Diagnostic] in
            let check = checks[index]
            let minimum = check.kind.wcagMinimum(check.level)
            return check.combinations.compactMap { foreground, background, permutations in
                let ratio = foreground.contrastRatio(on: background)
                guard ratio < minimum else { return nil }
                return diagnostic(check, foreground, background, permutations, ratio: ratio, minimum: minimum, subject, severity)
            }
        }.flatMap { $0 }
    }

    private func diagnostic(_ check: ContrastCheck, _ foreground: TokenColor, _ background: TokenColor, _ permutations: [Int],
        ratio: Double, minimum: Double, _ subject: LintSubject, _ severity: Severity) -> Diagnostic
    {
        let first = permutations[0]
        let where_ = subject.describe(permutations)
        let text = "'\(check.foreground.path)' on '\(check.background.path)' has a contrast of \(short(ratio)):1\(where_); "
            + "WCAG \(check.level.rawValue) \(check.kind.label) needs \(short(minimum)):1"
        var notes = [
            Diagnostic.Note("foreground \(foreground.hexString(includeAlpha: false))\(foreground.alpha < 1 ? " at \(short(foreground.alpha * 100))% opacity" : ""), background \(background.hexString(includeAlpha: false)); APCA Lc \(short(foreground.apcaContrast(on: background)))"),
            Diagnostic.Note("the background '\(check.background.path)' is here", at: subject.location(of: check.background, in: first)),
        ]
        var fixIts: [Diagnostic.FixIt] = []
        if let fixed = foreground.nearestLightness(reaching: minimum, on: background) {
            let lightness = fixed.converted(to: .oklch).numericComponents[0]
            let advice = "the nearest lightness that passes is OKLCH L \(short(lightness)): \(fixed.hexString(includeAlpha: false)) (\(short(fixed.contrastRatio(on: background))):1)"
            let definition = subject.definition(of: check.foreground.path, in: first)
            if let definition, definition.references.isEmpty, !definition.anchor.file.bytes.isEmpty {
                var color = fixed
                color.hex = nil
                fixIts.append(Diagnostic.FixIt(advice, replacingValueAt: SourceAnchor(file: definition.anchor.file, offset: definition.value.offset),
                    with: color.dtcgJSONText))
            } else {
                let source = subject.permutations.tokens[first][check.foreground.path]?.aliasOf
                notes.append(Diagnostic.Note(advice + (source.map { "; '\(check.foreground.path)' takes its color from '\($0)' there" } ?? "")))
            }
        } else {
            notes.append(Diagnostic.Note("no lightness of this hue reaches \(short(minimum)):1 on this background; change the background"))
        }
        if check.level != level { notes.append(Diagnostic.Note("the pair asks for level \(check.level.rawValue)")) }
        return Diagnostic(.lint(id, severity, text), at: subject.location(of: check.foreground, in: first), notes: notes, fixIts: fixIts)
    }
}

/// `apca`: a second opinion on the same pairs. Pairs that pass WCAG 2.x but whose APCA
/// lightness contrast |Lc| is under the minimum for their kind (60 text, 45 large text, 30
/// non-text, or `minimum`).
package struct APCARule: LintRule {
    package var pairs: [ContrastPair] = []
    package var level: ContrastLevel = .aa
    /// |Lc| every kind needs instead of its own minimum.
    package var minimum: Double?
    package init(pairs: [ContrastPair] = [], level: ContrastLevel = .aa, minimum: Double? = nil) {
        self.pairs = pairs
        self.level = level
        self.minimum = minimum
    }

    package var id: String { "apca" }
    package var defaultSeverity: RuleSeverity { .note }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        let checks = ContrastCheck.expand(pairs, level: level, in: subject.context)
        var found: [Diagnostic] = []
        for check in checks {
            let needed = minimum ?? check.kind.apcaMinimum
            for (foreground, background, permutations) in check.combinations {
                guard foreground.contrastRatio(on: background) >= check.kind.wcagMinimum(check.level) else { continue }
                let lc = foreground.apcaContrast(on: background)
                guard abs(lc) < needed else { continue }
                let text = "'\(check.foreground.path)' on '\(check.background.path)' passes WCAG \(check.level.rawValue) but its APCA Lc is "
                    + "\(short(lc))\(subject.describe(permutations)); \(check.kind.label) reads best from |Lc| \(short(needed))"
                found.append(Diagnostic(.lint(id, severity, text), at: subject.location(of: check.foreground, in: permutations[0])))
            }
        }
        return found
    }
}
