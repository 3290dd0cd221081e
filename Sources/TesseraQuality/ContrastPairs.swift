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
