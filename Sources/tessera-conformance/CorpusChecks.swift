import Foundation
import Tessera
import TesseraImporters
import TesseraConformanceKit
import TesseraGenerate
import TesseraQuality

/// The three real design systems: every file reads with no error of its own, every permutation
/// resolves, resolving from the base agrees with resolving whole, conversion round-trips,
/// streamed outputs agree with the tree, generated Swift compiles, and diffs between their
/// themes and versions say what changed.
struct CorpusChecks {
    let corpus: Corpus

    func run(_ checks: Checks) {
        // Every token file parses with no error of its own. References into sibling files are
        // composed by the systems' resolver files; here a file's unknown references are checked
        // to exist in its system.
        for system in Corpus.systems {
            let files = TokenFileLoader.tokenFiles(in: corpus.system(system).path, importers: .standard)
                .filter { $0.hasSuffix(".tokens.json") }
            checks.run("dtcg-examples/\(system): every token file has no error of its own (\(files.count) files)") { check in
                check.expect(!files.isEmpty, "no token files")
                for path in files {
                    let result = TokenSystem.resolving(paths: [path], options: PipelineOptions(importers: .standard))
                    // A file emptied of its tokens (`removed/`) has no error of its own: read
                    // alone, it fails the command for reading no token.
                    let own = result.diagnostics.filter { $0.severity == .error && $0.id != .referenceUnknown && $0.id != .fileNoTokens }
                    check.expect(own.isEmpty, "\(path): \(own.prefix(5).map { "\($0.location?.line ?? 0): \($0.message)" })")
                }
            }
        }

        for system in Corpus.systems {
            checks.run("dtcg-examples/\(system): the whole folder resolves apart from theme conflicts") { check in
                let result = TokenSystem.resolving(paths: [corpus.system(system).path], options: PipelineOptions(importers: .standard))
                let errors = result.diagnostics.filter { $0.severity == .error }
                // Theme files define the same tokens with other values: reported as conflicts, which is correct.
                let other = errors.filter { $0.id != .mergeConflict }
                check.expect(other.isEmpty, "\(other.prefix(5).map(\.message))")
                check.expect(result.partialTokens.count > 100, "\(result.partialTokens.count) tokens")
            }
        }

        // Composed by their resolvers, the systems resolve in every permutation with no error.
        for (system, permutations) in [("github-primer", 12), ("adobe-spectrum", 4), ("microsoft-fluent", 2)] {
            checks.run("dtcg-examples/\(system): every permutation resolves (\(permutations))") { check in
                let tokenSystem = TokenSystem(resolverAt: corpus.resolver(system))
                let report = tokenSystem.checkAllPermutations()
                check.expect(report.permutationCount == permutations, "\(report.permutationCount) permutations")
                let errors = report.diagnostics.filter { $0.severity == .error }
                check.expect(errors.isEmpty, "\(errors.prefix(5).map { "\($0.message) [\($0.id)]" })")
                check.expect(report.base.map { $0.partialTokens.count == $0.document.count } == true, "every token resolves")
                check.expect(report.variesAlong.values.allSatisfy { !$0.isEmpty }, "every modifier changes something")
            }
        }

        // Permutations resolved from the base one agree with the same permutations resolved whole.
        for system in Corpus.systems {
            checks.run("dtcg-examples/\(system): permutations resolved from the base agree with whole ones") { check in
                // Every warning listed, so that the two lists can be compared whole.
                var tokenSystem = TokenSystem(resolverAt: corpus.resolver(system), options: PipelineOptions(warningLimit: nil, importers: .standard))
                let resolver = try check.require(tokenSystem.resolver)
                var variants = 0
                for contexts in resolver.permutations {
                    if tokenSystem.resolvesAsVariant(contexts: contexts) { variants += 1 }
                    let fast = tokenSystem.resolve(contexts: contexts)
                    let whole = tokenSystem.wholePermutation(contexts: contexts)
                    check.expect(fast.partialTokens.count == whole.partialTokens.count, "\(resolver.label(of: fast.contexts)): token counts")
                    for token in whole.partialTokens.all where fast.partialTokens.value(token.path) != token.value {
                        check.record("\(resolver.label(of: fast.contexts)): '\(token.path)' differs")
                        break
                    }
                    check.expect(Set(fast.diagnostics) == Set(whole.diagnostics), "\(resolver.label(of: fast.contexts))")
                }
                check.expect(variants > 0, "some permutations are resolved from the base one")
            }
        }

        checks.run("dtcg-examples/adobe-spectrum: base, light theme and desktop size resolve together") { check in
            let dir = corpus.system("adobe-spectrum").path
            let result = TokenSystem.resolving(paths: ["\(dir)/base.tokens.json", "\(dir)/theme-light.tokens.json", "\(dir)/size-desktop.tokens.json"], options: PipelineOptions(importers: .standard))
            check.expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message))")
            check.expect(result.partialTokens.count == result.document.count, "every token resolves")
        }

        // `convert` to DTCG, then resolving what it wrote, gives exactly the values of resolving
        // the source, in every permutation.
        for system in Corpus.systems {
            checks.run("dtcg-examples/\(system): converted to DTCG, resolves to the same values") { check in
                try RoundTrip.expect(TokenSystem(resolverAt: corpus.resolver(system)), check)
            }
        }

        // The outputs of `tessera resolve` are made straight from the sorted tokens; the tree of
        // an `OutputContext` is the other way to the same text, and the two must agree.
        checks.run("dtcg-examples: streamed resolve output is the tree's text") { check in
            var all: [(String, ResolvedTokens)] = []
            for system in ["adobe-spectrum", "github-primer", "microsoft-fluent"] {
                var tokenSystem = TokenSystem(resolverAt: corpus.resolver(system))
                for contexts in (tokenSystem.resolver?.permutations ?? []).prefix(8) {
                    all.append(("\(system) \(contexts)", tokenSystem.resolve(inputs: contexts).partialTokens))
                }
            }
            check.expect(all.count > 10, "\(all.count) permutations")
            for (name, resolved) in all {
                let context = OutputContext(resolved)
                check.expect(ResolvedEmitter.flat(resolved) == ResolvedEmitter.flat(context), "\(name)")
                check.expect(ResolvedEmitter.treeText(resolved.all, document: resolved.document)
                    == JSONWriter(pretty: true).string(ResolvedEmitter.tree(context)), "\(name)")
                check.expect(ResolvedEmitter.treeText(resolved.all, document: resolved.document, writer: JSONWriter())
                    == JSONWriter().string(ResolvedEmitter.tree(context)), "\(name)")
            }
        }

        // Generated Swift for the systems type-checks: the runtime flavor against the built
        // modules, the static flavor with its UIKit and SwiftUI parts against the stand-in modules.
        for system in Corpus.systems {
            checks.run("dtcg-examples/\(system): generated Swift type-checks") { check in
                let modules = try check.require(Toolchain.modules, "the built modules (Modules/Tessera.swiftmodule) are not beside this program")
                let context = try Toolchain.context(corpus.resolver(system), check)
                check.expect(context.tokens.count > 100, "\(context.tokens.count) tokens")
                try Toolchain.expectGeneratedSwiftTypeChecks(context, modules: modules, check)
            }
        }

        DiffChecks(corpus: corpus).run(checks)
    }
}
