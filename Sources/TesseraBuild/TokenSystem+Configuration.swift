import Foundation
import Tessera
import TesseraGenerate

extension TokenSystem {
    /// The system a configuration names: its `resolver` read with its modes, or its `sources`
    /// merged in order; in the configuration's `sourceFormat` unless `options` force one.
    package init(_ configuration: BuildConfiguration, options: PipelineOptions = PipelineOptions()) {
        var options = options
        options.strict = options.strict || configuration.strict
        options.importers = configuration.importers(options.importers)
        if let resolver = configuration.resolver {
            self = options.importers.system(for: [configuration.absolute(resolver)], options: options)
        } else {
            self.init(paths: configuration.sources.map(configuration.absolute), options: options)
        }
    }
}

extension BuildConfiguration {
    /// `importers` with the configuration's `sourceFormat` applied, unless they force a format
    /// already (`--source-format` wins).
    public func importers(_ importers: ImporterRegistry = .standard) -> ImporterRegistry {
        guard importers.forced == nil, let format = sourceFormat,
            let forced = importers.forcing(format, because: "sourceFormat: \(format) in the configuration")
        else { return importers }
        return forced
    }
}
