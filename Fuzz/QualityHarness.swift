// The quality target: a resolver document (its sources inline) resolved in every permutation,
// then linted with every rule (contrast on every pair of colors, small systems only), compared
// with itself by diff, and drawn as a catalog page; the same bytes are also read as Swift
// source for `--usage`. What each promises is checked: a system compared with itself has no
// change, every lint finding has a place, the page has exactly its own script and one row per
// token.
import Foundation

func fuzzQuality(_ bytes: [UInt8]) {
    _ = UsageIndex(source: String(decoding: bytes, as: UTF8.self), path: "Fuzz.swift")
    var tokenSystem = TokenSystem(resolver: SourceFile(path: "fuzz.resolver.json", bytes: bytes))
    guard let permutations = tokenSystem.resolveAll().permutations else { return }
    let context = GenerationContext(permutations, name: "fuzz")
    let colors = context.tokens.filter { $0.type == .color }.count
    let pairs = colors <= 40 ? [ContrastPair(foreground: "**", background: "**")] : []
    let linter = Linter(rules: [
        ContrastRule(pairs: pairs), APCARule(pairs: pairs), NamingRule(patterns: [(.glob(PathGlob("**")), "^[a-z]+$")]),
        DescriptionsRule(scopes: [.type(.color)]), RequiredModesRule(requirements: context.modifiers.map { .init(scope: .type(.color), modifiers: [$0.name]) }),
        DuplicatesRule(), NearDuplicatesRule(), NearDuplicatesRule(metric: .deltaEOK), UnusedRule(), DeprecatedInUseRule(),
        GamutRule(space: .srgb), MinimumFontSizeRule(), MinimumTouchTargetRule(),
    ])
    let usage = UsageIndex(source: "let a = Tokens.color.text.primary\nlet b = \"color/text/primary\"", path: "App.swift")
    for finding in linter.run(LintSubject(context, permutations: permutations, usage: usage)) {
        precondition(finding.location != nil, "a lint finding without a place: \(finding.message)")
    }
    let diff = TokenDiff(old: context, new: context)
    precondition(diff.changes.isEmpty && diff.bump == .none, "a system differs from itself: \(diff.changes.prefix(2))")
    let page = CatalogEmitter(contrastPairs: pairs).emit(context)
    precondition(page.components(separatedBy: "<script").count == 2, "the page has a script it did not write")
    precondition(page.components(separatedBy: "<tr class=\"token\"").count == context.tokens.count + 1, "a token without its row")
}
