import Foundation
import Tessera

extension ConfigParserFacade {
    /// Compiles a ConfigTokens folder (`tokens.json`, `colors.json`, `sizes.json`,
    /// `textStyles.json`) and installs it; on an error the theme in use stays.
    ///
    /// - Throws: `ResolutionFailure` with the errors when the folder does not resolve.
    public func load(folder: URL) throws(ResolutionFailure) {
        install(try Theme(resolving: [folder.path], options: PipelineOptions(importers: .standard)))
    }
}
