import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera

/// Real design systems: every token file parses with no error of its own. References into
/// sibling files are composed by the systems' resolver files; here a file's unknown references
/// are checked to exist in its system.
struct CorpusTests {
    static let systems = ["github-primer", "adobe-spectrum", "microsoft-fluent"]

    static let files: [String] = systems.flatMap { system in
        TokenFileLoader.tokenFiles(in: fixtures.appendingPathComponent("dtcg-examples/\(system)").path, importers: .standard)
            .filter { $0.hasSuffix(".tokens.json") }
    }

    @Test(arguments: files)
    func tokenFileHasNoErrorOfItsOwn(_ path: String) {
        let result = TokenPipeline.run(paths: [path])
        let own = result.diagnostics.all.filter { $0.severity == .error && $0.id != .referenceUnknown }
        #expect(own.isEmpty, "\(own.prefix(5).map { "\($0.location?.line ?? 0): \($0.message)" })")
    }

    @Test(arguments: systems)
    func wholeSystemResolvesApartFromThemeConflicts(_ system: String) {
        let result = TokenPipeline.run(paths: [fixtures.appendingPathComponent("dtcg-examples/\(system)").path])
        let errors = result.diagnostics.all.filter { $0.severity == .error }
        // Theme files define the same tokens with other values: reported as conflicts, which is correct.
        let other = errors.filter { $0.id != .mergeConflict }
        #expect(other.isEmpty, "\(other.prefix(5).map(\.message))")
        #expect(result.partialTokens.count > 100)
    }

    /// Composed by their resolvers, the systems resolve in every permutation with no error.
    @Test(arguments: [("github-primer", 12), ("adobe-spectrum", 4), ("microsoft-fluent", 2)])
    func everyPermutationResolves(_ system: String, permutations: Int) {
        let composer = Composer(resolverAt: fixtures.appendingPathComponent("dtcg-examples/\(system).resolver.json").path)
        let report = composer.checkAllPermutations()
        #expect(report.permutationCount == permutations)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(5).map { "\($0.message) [\($0.id)]" })")
        #expect(report.base.map { $0.partialTokens.count == $0.document.count } == true, "every token resolves")
        #expect(report.variesAlong.values.allSatisfy { !$0.isEmpty }, "every modifier changes something")
    }

    /// Permutations resolved from the base one agree with the same permutations resolved whole.
    @Test(arguments: ["github-primer", "adobe-spectrum", "microsoft-fluent"])
    func permutationsResolvedFromTheBaseAgree(_ system: String) {
        // Every warning listed, so that the two lists can be compared whole.
        let composer = Composer(resolverAt: fixtures.appendingPathComponent("dtcg-examples/\(system).resolver.json").path,
            options: PipelineOptions(warningLimit: nil))
        var variants = 0
        for contexts in composer.resolver!.permutations {
            if composer.resolvesAsVariant(contexts: contexts) { variants += 1 }
            let fast = composer.resolve(contexts: contexts)
            let whole = composer.wholePermutation(contexts: contexts)
            #expect(fast.partialTokens.count == whole.partialTokens.count)
            for token in whole.partialTokens.all where fast.partialTokens.value(token.path) != token.value {
                Issue.record("\(fast.label(composer.resolver!)): '\(token.path)' differs")
                break
            }
            #expect(Set(fast.diagnostics) == Set(whole.diagnostics), "\(fast.label(composer.resolver!))")
        }
        #expect(variants > 0, "some permutations are resolved from the base one")
    }

    @Test func spectrumHasTheExpectedShape() {
        let dir = fixtures.appendingPathComponent("dtcg-examples/adobe-spectrum").path
        let result = TokenPipeline.run(paths: ["\(dir)/base.tokens.json", "\(dir)/theme-light.tokens.json", "\(dir)/size-desktop.tokens.json"])
        #expect(!result.hasErrors, "\(result.diagnostics.all.filter { $0.severity == .error }.prefix(3).map(\.message))")
        #expect(result.partialTokens.count == result.document.count, "every token resolves")
    }
}
