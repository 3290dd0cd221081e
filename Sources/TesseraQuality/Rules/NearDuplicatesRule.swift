import Foundation
import Tessera
import TesseraGenerate

/// The `near-duplicates` rule (diagnostics `lint.near-duplicates`, a warning by default):
/// primitive colors that differ from an earlier one, but by less than `threshold`; each is
/// reported once, with its nearest earlier color. Candidates are found on a grid, so the work
/// grows with the number of colors, not its square.
///
/// Settings, under `lint: near-duplicates:` in `tessera.yml`:
/// - `metric`: `deltaE2000` (the default) or `deltaEOK`.
/// - `threshold`: differences under it are reported; 1 for ΔE2000 and 0.02 for ΔEOK by default.
/// - `severity`: `warning` (the default), `error`, `note` or `off`.
///
/// ```text
/// base.tokens.json:7:5: warning: 'color.gray-600' (#767676) is nearly the same color as 'color.gray-500' (#777777): ΔE2000 0.4, under 1 [lint.near-duplicates]
/// base.tokens.json:6:5: note: 'color.gray-500' is here
/// ```
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
    package var defaultSetting: RuleSetting { .warning }

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

extension NearDuplicatesRule: ConfigurableLintRule {
    package static let settingNames = ["metric", "threshold"]

    package init() { self.init(metric: .deltaE2000) }

    /// `metric:` (`deltaE2000` by default) and `threshold:`, the distance under which two
    /// colors are near duplicates.
    package init(settings: inout some RuleSettings) {
        self.init(metric: settings.choice("metric", Metric.self) ?? .deltaE2000, threshold: settings.number("threshold"))
    }
}
