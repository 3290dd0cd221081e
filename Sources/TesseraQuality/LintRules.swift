import Foundation
import Tessera
import TesseraGenerate

/// `naming`: every name of a token's path matches the pattern (a regular expression) of its
/// tier or group: `{ primitive: "^[a-z0-9]+(-[a-z0-9]+)*$", "component.**": "^[a-z][A-Za-z0-9]*$" }`.
package struct NamingRule: LintRule {
    package var patterns: [(scope: TokenScope, pattern: String)] = []
    package init(patterns: [(scope: TokenScope, pattern: String)] = []) { self.patterns = patterns }

    package var id: String { "naming" }
    package var defaultSeverity: RuleSeverity { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (scope, pattern) in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            var verdicts: [String: Bool] = [:]
            for token in subject.context.tokens where scope.contains(token) {
                for name in token.names {
                    let fits = verdicts[name] ?? {
                        let range = NSRange(name.startIndex..., in: name)
                        let fits = expression.firstMatch(in: name, range: range) != nil
                        verdicts[name] = fits
                        return fits
                    }()
                    guard !fits else { continue }
                    found.append(Diagnostic(.lint(id, severity, "name '\(name)' of '\(token.path)' does not match the pattern of \(scope): \(pattern)"),
                        at: subject.location(of: token)))
                    break
                }
            }
        }
        return found
    }
}

/// `descriptions`: tokens in the configured scopes have a `$description`.
package struct DescriptionsRule: LintRule {
    package var scopes: [TokenScope] = []
    package init(scopes: [TokenScope] = []) { self.scopes = scopes }

    package var id: String { "descriptions" }
    package var defaultSeverity: RuleSeverity { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        guard !scopes.isEmpty else { return [] }
        return subject.context.tokens.compactMap { token in
            guard let scope = scopes.first(where: { $0.contains(token) }),
                (token.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            else { return nil }
            return Diagnostic(.lint(id, severity, "'\(token.path)' has no $description, which \(scope) tokens need"),
                at: subject.location(of: token))
        }
    }
}

/// `required-modes`: tokens in a scope vary along the modifiers named (every color token
/// changes with `theme`, say): some permutation changes the value when only that modifier's
/// context changes.
package struct RequiredModesRule: LintRule {
    package struct Requirement: Sendable {
        package var scope: TokenScope
        package var modifiers: [String]
        package var location: SourceLocation?
        package init(scope: TokenScope, modifiers: [String], location: SourceLocation? = nil) {
            self.scope = scope
            self.modifiers = modifiers
            self.location = location
        }
    }

    package var requirements: [Requirement] = []
    package init(requirements: [Requirement] = []) { self.requirements = requirements }

    package var id: String { "required-modes" }
    package var defaultSeverity: RuleSeverity { .error }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        let numbering = subject.context.numbering
        var found: [Diagnostic] = []
        for requirement in requirements {
            for name in requirement.modifiers {
                guard let place = numbering.modifiers.firstIndex(where: { $0.name == name }) else {
                    let known = numbering.modifiers.map(\.name)
                    let notes = Suggestions.closest(to: name, in: known).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                    found.append(Diagnostic(.lint(id, .error, "required-modes names modifier '\(name)', which the system does not have"
                        + (known.isEmpty ? " (it has no modifiers)" : " (modifiers: \(known.joined(separator: ", ")))")),
                        at: requirement.location, notes: notes))
                    continue
                }
                let radix = numbering.radices[place]
                let contexts = numbering.modifiers[place].contexts.count
                for token in subject.context.tokens where requirement.scope.contains(token) {
                    guard !Self.varies(token, radix: radix, contexts: contexts, count: numbering.count) else { continue }
                    found.append(Diagnostic(.lint(id, severity,
                        "'\(token.path)' has the same value in every context of '\(name)'; \(requirement.scope) tokens must vary along it"),
                        at: subject.location(of: token)))
                }
            }
        }
        return found
    }

    static func varies(_ token: GenerationContext.Token, radix: Int, contexts: Int, count: Int) -> Bool {
        guard token.varies else { return false }
        for permutation in 0..<count where (permutation / radix) % contexts == 0 {
            let value = token.valueIndex(in: permutation)
            for step in 1..<max(1, contexts) where token.valueIndex(in: permutation + step * radix) != value { return true }
        }
        return false
    }
}

/// Tokens whose values are written out rather than referenced: primitives.
func literalTokens(_ subject: LintSubject) -> [GenerationContext.Token] {
    subject.context.tokens.filter { $0.aliasOf == nil && !subject.referencing.contains($0.path) }
}

/// `duplicates`: primitives with the same type and the same value in every permutation.
package struct DuplicatesRule: LintRule {
    package init() {}
    package var id: String { "duplicates" }
    package var defaultSeverity: RuleSeverity { .warning }

    struct Key: Hashable {
        let type: TokenType
        let values: [TokenValue]
        let indices: [Int32]
    }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        var first: [Key: GenerationContext.Token] = [:]
        var found: [Diagnostic] = []
        for token in literalTokens(subject) where token.deprecated == nil {
            let key = Key(type: token.type, values: token.values, indices: token.valueIndices)
            guard let earlier = first[key] else {
                first[key] = token
                continue
            }
            found.append(Diagnostic(.lint(id, severity, "'\(token.path)' has the same value as '\(earlier.path)' in every permutation; reference it or keep one"),
                at: subject.location(of: token), notes: [Diagnostic.Note("'\(earlier.path)' is here", at: subject.location(of: earlier))]))
        }
        return found
    }
}

/// `near-duplicates`: primitive colors that differ, but by less than `threshold` (ΔE2000 1 by
/// default; ΔEOK 0.02 with `metric: deltaEOK`). Candidates are found on a grid, so the work
/// grows with the number of colors, not its square.
package struct NearDuplicatesRule: LintRule {
    package enum Metric: String, Sendable, CaseIterable {
        case deltaE2000, deltaEOK
    }

    package var metric: Metric = .deltaE2000
    package var threshold: Double?
    package init(metric: Metric = .deltaE2000, threshold: Double? = nil) {
        self.metric = metric
        self.threshold = threshold
    }

    package var id: String { "near-duplicates" }
    package var defaultSeverity: RuleSeverity { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        let limit = threshold ?? (metric == .deltaEOK ? 0.02 : 1)
        // Each distinct color once (equal ones are `duplicates`), in OKLab or CIE Lab, converted
        // side by side.
        var distinct: Set<TokenColor> = []
        var picked: [(token: GenerationContext.Token, color: TokenColor)] = []
        for token in literalTokens(subject) where token.type == .color && token.deprecated == nil {
            guard case .color(let color) = token.value, distinct.insert(color).inserted else { continue }
            picked.append((token, color))
        }
        let space: ColorSpace = metric == .deltaEOK ? .oklab : .lab
        let chosen = picked
        let pieces = Parallel.split(0..<chosen.count, into: 8)
        let points = Parallel.map(pieces.count) { piece in
            pieces[piece].map { index -> SIMD3<Double> in
                let c = chosen[index].color.converted(to: space).numericComponents
                return SIMD3(c[0], c[1], c[2])
            }
        }.flatMap { $0 }
        let alphas = picked.map(\.color.alpha)
        // A grid whose cells are at least as wide as two colors under the threshold can be apart:
        // ΔEOK is a distance in OKLab; a ΔE2000 of 1 is at most about 1.8 apart in CIE L and 7 in
        // a and b (its chroma weighting divides by up to 7 for the most saturated colors).
        let cell: SIMD3<Double> = metric == .deltaEOK ? SIMD3(repeating: limit) : SIMD3(limit * 1.8, limit * 7, limit * 7)
        @Sendable func cellOf(_ point: SIMD3<Double>) -> SIMD3<Int32> {
            let scaled = (point / cell).rounded(.down)
            return SIMD3(Int32(clamping: Int(scaled.x)), Int32(clamping: Int(scaled.y)), Int32(clamping: Int(scaled.z)))
        }
        let isOK = metric == .deltaEOK
        @Sendable func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
            if isOK {
                let d = a - b
                return (d * d).sum().squareRoot()
            }
            // The lightness term alone is a lower bound of ΔE2000 (the rotation term never makes
            // the chroma and hue terms negative): most pairs are settled by it.
            let shift = ((a.x + b.x) / 2 - 50) * ((a.x + b.x) / 2 - 50)
            if abs(a.x - b.x) / (1 + 0.015 * shift / (20 + shift).squareRoot()) >= limit { return .infinity }
            return TokenColor.deltaE2000(lab: a, b)
        }
        var grid: [SIMD3<Int32>: [Int]] = [:]
        for (number, point) in points.enumerated() { grid[cellOf(point), default: []].append(number) }
        let cells = grid
        // Each color's nearest earlier one, the colors cut into pieces searched side by side.
        let nearest = Parallel.map(pieces.count) { piece in
            pieces[piece].map { number -> (index: Int, distance: Double)? in
                let point = points[number]
                let home = cellOf(point)
                var closest: (index: Int, distance: Double)?
                for dx in -1...1 {
                    for dy in -1...1 {
                        for dz in -1...1 {
                            for other in cells[home &+ SIMD3(Int32(dx), Int32(dy), Int32(dz))] ?? [] where other < number {
                                guard alphas[other] == alphas[number] else { continue }
                                let gap = distance(point, points[other])
                                guard gap > 0.000_1, gap < limit else { continue }
                                if closest == nil || gap < closest!.distance || (gap == closest!.distance && other < closest!.index) {
                                    closest = (other, gap)
                                }
                            }
                        }
                    }
                }
                return closest
            }
        }.flatMap { $0 }
        let colors = picked
        let name = metric == .deltaEOK ? "ΔEOK" : "ΔE2000"
        return zip(colors, nearest).compactMap { entry, closest in
            guard let closest else { return nil }
            let other = colors[closest.index]
            return Diagnostic(.lint(id, severity,
                "'\(entry.token.path)' (\(entry.color.hexString(includeAlpha: false))) is nearly the same color as '\(other.token.path)' (\(other.color.hexString(includeAlpha: false))): \(name) \(short(closest.distance)), under \(short(limit))"),
                at: subject.location(of: entry.token), notes: [Diagnostic.Note("'\(other.token.path)' is here", at: subject.location(of: other.token))])
        }
    }
}

/// `unused`: tokens no other token references and the app's Swift sources (`--usage`) do not
/// use, by generated accessor (`Tokens.color.text.primary`, `.color.text.primary`) or by path
/// in a string (`"color.text.primary"`, `"color/text/primary"`, `"{color.text.primary}"`).
/// Runs only when there are sources to look in.
package struct UnusedRule: LintRule {
    package init() {}
    package var id: String { "unused" }
    package var defaultSeverity: RuleSeverity { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        guard let usage = subject.usage else { return [] }
        return subject.context.tokens.compactMap { token in
            guard !subject.referenced.contains(token.path), usage.use(of: token) == nil else { return nil }
            return Diagnostic(.lint(id, severity,
                "'\(token.path)' is used by no token and by no Swift source in \(usage.folders.joined(separator: ", "))"
                    + (token.deprecated != nil ? "; it is deprecated and can be removed" : "")),
                at: subject.location(of: token))
        }
    }
}

/// `deprecated-in-use`: a token that is not deprecated itself references a deprecated one, or
/// the app's Swift sources (`--usage`) use one.
package struct DeprecatedInUseRule: LintRule {
    package init() {}
    package var id: String { "deprecated-in-use" }
    package var defaultSeverity: RuleSeverity { .warning }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func reason(_ token: GenerationContext.Token) -> String {
            token.deprecationMessage.map { $0.isEmpty ? "" : ": \($0)" } ?? ""
        }
        for reference in subject.references {
            guard let target = subject.token(reference.to), target.deprecated != nil,
                subject.token(reference.from)?.deprecated == nil
            else { continue }
            found.append(Diagnostic(.lint(id, severity, "'\(reference.from)' uses '\(reference.to)', which is deprecated\(reason(target))"),
                at: reference.anchor.location(token: reference.from),
                notes: [Diagnostic.Note("'\(reference.to)' is deprecated here", at: subject.location(of: target))]))
        }
        if let usage = subject.usage {
            for token in subject.context.tokens where token.deprecated != nil {
                guard let place = usage.use(of: token) else { continue }
                found.append(Diagnostic(.lint(id, severity, "the app uses '\(token.path)', which is deprecated\(reason(token))"),
                    at: place, notes: [Diagnostic.Note("'\(token.path)' is deprecated here", at: subject.location(of: token))]))
            }
        }
        return found
    }
}

/// `gamut`: colors outside the gamut the configuration allows (`srgb` or `display-p3`), in any
/// permutation.
package struct GamutRule: LintRule {
    package var space: ColorSpace?
    package init(space: ColorSpace? = nil) { self.space = space }

    package var id: String { "gamut" }
    package var defaultSeverity: RuleSeverity { .error }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        guard let space else { return [] }
        var found: [Diagnostic] = []
        for token in subject.context.tokens where token.type == .color {
            for (index, value) in token.values.enumerated() {
                guard case .color(let color) = value, !color.isInGamut(space) else { continue }
                let permutations = (0..<subject.context.numbering.count).filter { token.valueIndex(in: $0) == index }
                guard let first = permutations.first else { continue }
                found.append(Diagnostic(.lint(id, severity,
                    "'\(token.path)' is outside the \(space.rawValue) gamut\(subject.describe(permutations))"),
                    at: subject.location(of: token, in: first),
                    notes: [Diagnostic.Note("mapped into \(space.rawValue): \(color.mapped(to: space).dtcgJSONText)")]))
            }
        }
        return found
    }
}

/// Dimensions of the tokens in a scope below a minimum, in any permutation.
func dimensionsBelow(_ minimum: Double, in subject: LintSubject, where include: (GenerationContext.Token) -> Bool,
    size: (TokenValue) -> TokenDimension?) -> [(GenerationContext.Token, Double, [Int])]
{
    var found: [(GenerationContext.Token, Double, [Int])] = []
    for token in subject.context.tokens where include(token) {
        for (index, value) in token.values.enumerated() {
            // An `em` is relative to a font size the token does not know: it is not measured.
            guard let dimension = size(value), dimension.unit != .em, dimension.points < minimum else { continue }
            let value = dimension.points
            let permutations = (0..<subject.context.numbering.count).filter { token.valueIndex(in: $0) == index }
            if !permutations.isEmpty { found.append((token, value, permutations)) }
        }
    }
    return found
}

/// `min-font-size`: typography styles and font-size dimensions under `minimum` points (11,
/// the smallest size Apple's text styles use; a rem is 16).
package struct MinimumFontSizeRule: LintRule {
    package var minimum: Double = 11
    package init(minimum: Double = 11) { self.minimum = minimum }

    package var id: String { "min-font-size" }
    package var defaultSeverity: RuleSeverity { .warning }

    static func isFontSize(_ token: GenerationContext.Token) -> Bool {
        if token.type == .typography { return true }
        guard token.type == .dimension else { return false }
        let squeezed = token.names.map { $0.lowercased().filter { $0.isLetter } }
        return squeezed.contains { $0.contains("fontsize") } || (squeezed.contains { $0.contains("font") || $0 == "text" || $0 == "type" }
            && squeezed.contains { $0.contains("size") })
    }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        dimensionsBelow(minimum, in: subject, where: Self.isFontSize) { value in
            switch value {
            case .typography(let typography): typography.fontSize
            case .dimension(let dimension): dimension
            default: nil
            }
        }.map { token, size, permutations in
            Diagnostic(.lint(id, severity, "'\(token.path)' sets text at \(short(size)) pt\(subject.describe(permutations)); the minimum is \(short(minimum)) pt"),
                at: subject.location(of: token, in: permutations[0]))
        }
    }
}

/// `min-touch-target`: touch target sizes under `minimum` points (44, Apple's minimum hit
/// target). The tokens are those a name containing `touch`, `hit-target` or `tap-target` marks
/// (the Gentle spec's `spacing.touch`), or those `tokens` names.
package struct MinimumTouchTargetRule: LintRule {
    package var minimum: Double = 44
    package var scopes: [TokenScope] = []
    package init(minimum: Double = 44, scopes: [TokenScope] = []) {
        self.minimum = minimum
        self.scopes = scopes
    }

    package var id: String { "min-touch-target" }
    package var defaultSeverity: RuleSeverity { .warning }

    func isTarget(_ token: GenerationContext.Token) -> Bool {
        guard token.type == .dimension || token.type == .number else { return false }
        if !scopes.isEmpty { return scopes.contains { $0.contains(token) } }
        return token.names.contains { name in
            let squeezed = name.lowercased().filter { $0.isLetter }
            return squeezed.contains("touch") || squeezed.contains("hittarget") || squeezed.contains("taptarget")
        }
    }

    package func check(_ subject: LintSubject, severity: Severity) -> [Diagnostic] {
        dimensionsBelow(minimum, in: subject, where: isTarget) { value in
            switch value {
            case .dimension(let dimension): dimension
            case .number(let number): TokenDimension(number, .px)
            default: nil
            }
        }.map { token, size, permutations in
            Diagnostic(.lint(id, severity, "touch target '\(token.path)' is \(short(size)) pt\(subject.describe(permutations)); the minimum is \(short(minimum)) pt"),
                at: subject.location(of: token, in: permutations[0]))
        }
    }
}
