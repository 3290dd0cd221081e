import Foundation
import Tessera
import TesseraGenerate

// What several lint rules share: the scopes their settings name, and the tokens they measure.

/// Which tokens a setting applies to: a tier (`primitive`, `semantic`, `component`), a token
/// type (`type:color`), or a path pattern.
package enum TokenScope: Sendable, Hashable, CustomStringConvertible {
    case tier(TierRules.Tier)
    case type(TokenType)
    case glob(PathGlob)

    package init(_ text: String) {
        if let tier = TierRules.Tier(name: text) {
            self = .tier(tier)
        } else if text.hasPrefix("type:"), let type = TokenType(rawValue: String(text.dropFirst(5))) {
            self = .type(type)
        } else {
            self = .glob(PathGlob(text))
        }
    }

    package func contains(_ token: GenerationContext.Token) -> Bool {
        switch self {
        case .tier(let tier): token.tier == tier
        case .type(let type): token.type == type
        case .glob(let glob): glob.matches(names: token.names)
        }
    }

    package var description: String {
        switch self {
        case .tier(let tier): tier.name
        case .type(let type): "type:" + type.rawValue
        case .glob(let glob): glob.pattern
        }
    }
}

/// Tokens whose values are written out rather than referenced: primitives.
func literalTokens(_ subject: LintSubject) -> [GenerationContext.Token] {
    subject.context.tokens.filter { $0.aliasOf == nil && !subject.referencing.contains($0.path) }
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
