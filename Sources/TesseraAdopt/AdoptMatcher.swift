import Foundation
import Tessera
import TesseraGenerate

/// What to do with one finding: the token it is, the tokens it may be, or why none.
public struct AdoptDecision: Sendable {
    public enum Verdict: Sendable, Hashable {
        /// One token has this value where the code runs (the default permutation), or the API
        /// names it: the expression becomes its accessor.
        case exact(token: Int)
        /// No token has the value; these are the nearest, with their distance (ΔE2000 for
        /// colors, points for dimensions). Left for a person to choose.
        case near([(token: Int, distance: Double)])
        /// Several tokens have the value and nothing tells them apart: nothing is proposed.
        case tie([Int])
        /// Nothing matches, and why.
        case none(String)

        public static func == (lhs: Verdict, rhs: Verdict) -> Bool {
            switch (lhs, rhs) {
            case (.exact(let a), .exact(let b)): a == b
            case (.near(let a), .near(let b)): a.map(\.token) == b.map(\.token) && a.map(\.distance) == b.map(\.distance)
            case (.tie(let a), .tie(let b)): a == b
            case (.none(let a), .none(let b)): a == b
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .exact(let token): hasher.combine(token)
            case .near(let found): hasher.combine(found.map(\.token))
            case .tie(let tokens): hasher.combine(tokens)
            case .none(let reason): hasher.combine(reason)
            }
        }
    }

    public var finding: AdoptFinding
    public var verdict: Verdict
    /// What else the team should know: where a mode is wrong today, why a tie was broken.
    public var notes: [String]
}

/// Matches findings to the tokens of a system, in every permutation: a literal to the token
/// with its value where the code runs (the default permutation), semantic tokens before
/// primitives, a place's role (radius, spacing, border) before tokens of other roles, nothing
/// where two tie; a token API's path to its token. A literal that is a token in one
/// appearance but not another says so: there the app's dark mode is wrong today.
public struct AdoptMatcher: Sendable {
    public let context: GenerationContext
    /// Color tokens by their default value's 8-bit sRGB hex with alpha.
    private let colorsByHex: [String: [Int]]
    /// Color tokens by their 8-bit sRGB hex with alpha in the other appearances (dark, high
    /// contrast) where it is not their default value.
    private let colorsInOtherAppearances: [String: [Int]]
    /// Dimension (px) and number tokens by value in points.
    private let sizesByValue: [Double: [Int]]
    /// Tokens by path, and by the path with `/` for `.`.
    private let byPath: [String: Int]
    /// Color tokens by their last name made lowerCamel (`text-primary` → `textPrimary`), and
    /// by the whole path so made.
    private let colorsByName: [String: [Int]]
    /// The permutations of each appearance (light, dark, light high contrast, dark high contrast).
    private let appearances: [Int]
    /// ΔE2000 under which a color is offered as a near match.
    public var nearColorDistance = 3.0

    public init(_ context: GenerationContext) {
        self.context = context
        var colors: [String: [Int]] = [:]
        var sizes: [Double: [Int]] = [:]
        var paths: [String: Int] = [:]
        var names: [String: [Int]] = [:]
        for (index, token) in context.tokens.enumerated() {
            paths[token.path] = index
            switch token.value {
            case .color(let color):
                colors[color.hexString(includeAlpha: true), default: []].append(index)
                names[OutputContext.swiftIdentifier([token.names[token.names.count - 1]], casing: .lowerCamel), default: []].append(index)
                let whole = OutputContext.swiftIdentifier(token.names, casing: .lowerCamel)
                if token.names.count > 1 { names[whole, default: []].append(index) }
            case .dimension(let dimension) where dimension.unit == .px: sizes[dimension.value, default: []].append(index)
            case .number(let number): sizes[number, default: []].append(index)
            default: break
            }
        }
        colorsByHex = colors
        sizesByValue = sizes
        byPath = paths
        colorsByName = names
        let appearances = context.appearancePermutations()
        self.appearances = appearances
        var elsewhere: [String: [Int]] = [:]
        for (index, token) in context.tokens.enumerated() where token.type == .color && token.varies {
            var seen: Set<String> = []
            for permutation in appearances.dropFirst() {
                guard case .color(let other) = token.value(in: permutation) else { continue }
                let hex = other.hexString(includeAlpha: true)
                if seen.insert(hex).inserted { elsewhere[hex, default: []].append(index) }
            }
        }
        colorsInOtherAppearances = elsewhere
    }

    public func decide(_ finding: AdoptFinding) -> AdoptDecision {
        switch finding.kind {
        case .color(let color): return decideColor(finding, color)
        case .dimension(let value, let role): return decideSize(finding, value, role)
        case .tokenCall(_, let path, let wants): return decideCall(finding, path, wants)
        case .assetName(let name): return decideName(finding, name, [name], what: "color asset")
        case .listedColor(let name): return decideName(finding, name, [name], what: "color list member")
        case .font(let size, let weight, let family): return decideFont(finding, size, weight, family)
        case .textStyle(let style): return decideTextStyle(finding, style)
        }
    }

    /// The typography token named as the text style (`headline`, `subheadline`, `title2`…).
    private func decideTextStyle(_ finding: AdoptFinding, _ style: String) -> AdoptDecision {
        let key = style.lowercased()
        let named = context.tokens.indices.filter { index in
            guard context.tokens[index].type == .typography else { return false }
            return OutputContext.name([context.tokens[index].names[context.tokens[index].names.count - 1]], casing: .lowerCamel).lowercased() == key
        }
        switch named.count {
        case 1: return AdoptDecision(finding: finding, verdict: .exact(token: named[0]), notes: [])
        case 0: return AdoptDecision(finding: finding, verdict: .none("no typography token is named '\(style)'"), notes: [])
        default:
            return AdoptDecision(finding: finding, verdict: .tie(named), notes: ["\(named.count) typography tokens are named '\(style)': choose one"])
        }
    }

    // MARK: Fonts

    /// The typography tokens of that size and weight, of the system's family (a token whose
    /// families name no font but the system's) or of the named font's family.
    private func decideFont(_ finding: AdoptFinding, _ size: Double, _ weight: Double, _ family: String?) -> AdoptDecision {
        let written = "\(short(size)) pt, weight \(short(weight))" + (family.map { ", \($0)" } ?? ", system")
        var sameSize: [Int] = []
        var exact: [Int] = []
        for (index, token) in context.tokens.enumerated() {
            guard case .typography(let typography) = token.value, typography.fontSize.unit == .px, typography.fontSize.value == size
            else { continue }
            sameSize.append(index)
            if typography.fontWeight == weight, Self.familyMatches(typography.fontFamily, family) { exact.append(index) }
        }
        guard !exact.isEmpty else {
            let near = sameSize.prefix(3).map { (token: $0, distance: 0.0) }
            if !near.isEmpty {
                return AdoptDecision(finding: finding, verdict: .near(Array(near)),
                    notes: ["\(near.count) typography token\(near.count == 1 ? " is" : "s are") \(short(size)) pt in another weight or family"])
            }
            return AdoptDecision(finding: finding, verdict: .none("no typography token is \(written)"), notes: [])
        }
        let chosen = preferred(exact)
        guard chosen.count == 1, let token = chosen.first else {
            return AdoptDecision(finding: finding, verdict: .tie(chosen), notes: ["\(chosen.count) typography tokens are \(written): choose one"])
        }
        return AdoptDecision(finding: finding, verdict: .exact(token: token), notes: [])
    }

    /// Whether a token's families are the system's (nil `family`) or include the named font's.
    static func familyMatches(_ families: [String], _ family: String?) -> Bool {
        let system: Set<String> = ["system-ui", "-apple-system", "sf pro", "sf pro text", "sf pro display", ".sf ui text", "blinkmacsystemfont", "system"]
        guard let family else { return families.allSatisfy { system.contains($0.lowercased()) || $0.lowercased().hasPrefix("sf pro") || ["sans-serif", "serif"].contains($0.lowercased()) } }
        let base = family.split(separator: "-").first.map(String.init)?.lowercased() ?? family.lowercased()
        let squeezed = base.replacingOccurrences(of: " ", with: "")
        return families.contains { $0.lowercased().replacingOccurrences(of: " ", with: "") == squeezed }
    }

    // MARK: Colors

    private func decideColor(_ finding: AdoptFinding, _ color: TokenColor) -> AdoptDecision {
        let hex = color.hexString(includeAlpha: true)
        let exact = colorsByHex[hex] ?? []
        if exact.isEmpty {
            // A token in another appearance only: the literal is that mode's color, hard-coded.
            let elsewhere = colorsInOtherAppearances[hex] ?? []
            var notes: [String] = []
            if !elsewhere.isEmpty {
                notes.append("\(hex) is the value of \(elsewhere.prefix(3).map { "'\(context.tokens[$0].path)'" }.joined(separator: ", ")) "
                    + "in another appearance only: the code shows that appearance's color in every mode")
            }
            let near = nearestColors(color)
            guard !near.isEmpty else {
                return AdoptDecision(finding: finding, verdict: .none("no color token is \(hex) or within ΔE2000 \(short(nearColorDistance)) of it"), notes: notes)
            }
            return AdoptDecision(finding: finding, verdict: .near(near), notes: notes)
        }
        let chosen = preferred(named(exact, finding.nameHint))
        guard chosen.count == 1, let token = chosen.first else {
            return AdoptDecision(finding: finding, verdict: .tie(chosen), notes: ["\(chosen.count) tokens are \(hex) and none is preferred: choose one"])
        }
        return AdoptDecision(finding: finding, verdict: .exact(token: token), notes: appearanceNotes(token, literal: hex))
    }

    /// Where the token takes other values than the literal: the modes the literal got wrong.
    private func appearanceNotes(_ token: Int, literal hex: String) -> [String] {
        let names = ["light", "dark", "light high contrast", "dark high contrast"]
        var differing: [String] = []
        for (position, permutation) in appearances.enumerated().dropFirst() where permutation != appearances[0] {
            guard case .color(let other) = context.tokens[token].value(in: permutation) else { continue }
            let otherHex = other.hexString(includeAlpha: true)
            if otherHex != hex, !differing.contains(where: { $0.hasSuffix(": " + otherHex) }) {
                differing.append("\(names[position]): \(otherHex)")
            }
        }
        guard !differing.isEmpty else { return [] }
        return ["the literal is '\(context.tokens[token].path)' in light mode only (\(differing.joined(separator: ", "))): "
            + "until it is replaced, those modes are wrong here"]
    }

    private func nearestColors(_ color: TokenColor) -> [(token: Int, distance: Double)] {
        var found: [(token: Int, distance: Double)] = []
        for (index, token) in context.tokens.enumerated() {
            guard case .color(let other) = token.value, abs(other.alpha - color.alpha) < 0.02 else { continue }
            let distance = color.deltaE2000(other)
            if distance <= nearColorDistance { found.append((index, distance)) }
        }
        found.sort { $0.distance < $1.distance || $0.distance == $1.distance && context.tokens[$0.token].path < context.tokens[$1.token].path }
        return Array(found.prefix(3))
    }

    // MARK: Sizes

    private func decideSize(_ finding: AdoptFinding, _ value: Double, _ role: AdoptFinding.Role) -> AdoptDecision {
        let exact = sizesByValue[value] ?? []
        let fitting = exact.filter { fits(context.tokens[$0], role) }
        guard !fitting.isEmpty else {
            let others = exact.isEmpty ? "" : "; \(exact.count) token\(exact.count == 1 ? " has" : "s have") the value but \(exact.count == 1 ? "is" : "are") not for \(role.rawValue)"
            let near = nearestSizes(value, role)
            if !near.isEmpty { return AdoptDecision(finding: finding, verdict: .near(near), notes: others.isEmpty ? [] : [String(others.dropFirst(2))]) }
            return AdoptDecision(finding: finding, verdict: .none("no \(role.rawValue) token is \(short(value)) pt\(others)"), notes: [])
        }
        let chosen = preferred(named(fitting, finding.nameHint))
        guard chosen.count == 1, let token = chosen.first else {
            return AdoptDecision(finding: finding, verdict: .tie(chosen), notes: ["\(chosen.count) \(role.rawValue) tokens are \(short(value)) pt: choose one"])
        }
        return AdoptDecision(finding: finding, verdict: .exact(token: token), notes: [])
    }

    /// Whether a token's path says it is for `role` (a word of its path, in any case).
    private func fits(_ token: GenerationContext.Token, _ role: AdoptFinding.Role) -> Bool {
        let words = OutputContext.words(token.names).map { $0.lowercased() }
        return words.contains { word in role.pathWords.contains { word.hasPrefix($0) } }
    }

    private func nearestSizes(_ value: Double, _ role: AdoptFinding.Role) -> [(token: Int, distance: Double)] {
        var found: [(token: Int, distance: Double)] = []
        for (candidate, tokens) in sizesByValue where abs(candidate - value) <= max(1, value * 0.1) {
            for token in tokens where fits(context.tokens[token], role) { found.append((token, abs(candidate - value))) }
        }
        found.sort { $0.distance < $1.distance || $0.distance == $1.distance && context.tokens[$0.token].path < context.tokens[$1.token].path }
        return Array(found.prefix(3))
    }

    // MARK: Names

    private func decideCall(_ finding: AdoptFinding, _ path: String, _ wants: TokenType) -> AdoptDecision {
        var written = path
        if written.hasPrefix("{"), written.hasSuffix("}") { written = String(written.dropFirst().dropLast()) }
        guard let token = byPath[written] ?? byPath[written.replacingOccurrences(of: "/", with: ".")] else {
            return AdoptDecision(finding: finding,
                verdict: .none("'\(path)' names no token: the old parser answers \(wants == .color ? ".clear" : "0") here"), notes: [])
        }
        let type = context.tokens[token].type
        let fitsCall = wants == .color ? type == .color : (type == .number || type == .dimension)
        guard fitsCall else {
            return AdoptDecision(finding: finding, verdict: .none("'\(written)' is a \(type.rawValue) token, not a \(wants == .color ? "color" : "size")"), notes: [])
        }
        return AdoptDecision(finding: finding, verdict: .exact(token: token), notes: [])
    }

    private func decideName(_ finding: AdoptFinding, _ name: String, _ keys: [String], what: String) -> AdoptDecision {
        if let token = byPath[name] ?? byPath[name.replacingOccurrences(of: "/", with: ".")], context.tokens[token].type == .color {
            return AdoptDecision(finding: finding, verdict: .exact(token: token), notes: [])
        }
        let key = OutputContext.swiftIdentifier([name], casing: .lowerCamel)
        let named = colorsByName[key] ?? []
        switch named.count {
        case 1: return AdoptDecision(finding: finding, verdict: .exact(token: named[0]), notes: [])
        case 0: return AdoptDecision(finding: finding, verdict: .none("no color token is named '\(name)'"), notes: [])
        default:
            return AdoptDecision(finding: finding, verdict: .tie(named), notes: ["\(named.count) color tokens are named '\(name)': choose one"])
        }
    }

    // MARK: Preference

    /// The tokens whose own name is the name the code gives the value (`grey94`, `radius_4`
    /// as `radius4`), when some are; else all of them.
    private func named(_ tokens: [Int], _ hint: String?) -> [Int] {
        guard let hint else { return tokens }
        let key = OutputContext.swiftIdentifier([hint], casing: .lowerCamel)
        let same = tokens.filter { OutputContext.swiftIdentifier([context.tokens[$0].names[context.tokens[$0].names.count - 1]], casing: .lowerCamel) == key }
        return same.isEmpty ? tokens : same
    }

    /// The tokens of the most preferred kind among `tokens`: semantic (and component) tokens,
    /// which say what a value is for, before primitives; deprecated tokens last.
    private func preferred(_ tokens: [Int]) -> [Int] {
        func rank(_ index: Int) -> Int {
            let token = context.tokens[index]
            if token.deprecated != nil { return 3 }
            if let tier = token.tier { return tier == .primitive ? 1 : 0 }
            return token.aliasOf != nil ? 0 : 1
        }
        guard let best = tokens.map(rank).min() else { return [] }
        return tokens.filter { rank($0) == best }
    }
}

/// A number with at most two decimals, without trailing zeros.
func short(_ value: Double) -> String { NumberFormatting.twoDecimals(value) }
