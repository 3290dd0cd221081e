import Foundation

/// A token system read from paths the way every command reads them: one resolver, one
/// system an importer reads with its modes (an asset catalog, Figma files), or token files and
/// folders merged in order; with every permutation resolved.
public struct TokenSystem: Sendable {
    /// Every permutation, or nil when there is an error.
    public let permutations: ResolvedPermutations?
    /// The files read, for rendering diagnostics.
    public let files: [SourceFile]
    public let diagnostics: [Diagnostic]

    public static func load(_ paths: [String], options: PipelineOptions = PipelineOptions()) -> TokenSystem {
        // The registry alone says what the paths are, as it does for every command: under a
        // forced format (`--source-format dtcg`) a resolver document is read as token files.
        options.importers.readsAsSystem(paths) ? system(paths, options: options) : merged(paths, options: options)
    }

    /// A resolver, or what an importer reads with its modes.
    package static func system(_ paths: [String], options: PipelineOptions) -> TokenSystem {
        let composer = options.importers.systemComposer(for: paths, options: options)
        let outcome = ResolvedPermutations.resolve(composer)
        return TokenSystem(permutations: outcome.permutations, files: composer.files, diagnostics: outcome.diagnostics)
    }

    /// Token files and folders merged in order.
    package static func merged(_ paths: [String], options: PipelineOptions) -> TokenSystem {
        let result = TokenPipeline.run(paths: paths, options: options)
        let tokens = try? result.tokens()
        return TokenSystem(permutations: tokens.map(ResolvedPermutations.init), files: result.files, diagnostics: result.diagnostics.sorted)
    }

}
