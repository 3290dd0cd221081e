import Foundation
import Tessera
import TesseraGenerate

extension TokenSystem {
    /// The system a configuration names: its `resolver` read with its modes, or its `sources`
    /// merged in order; in the configuration's `sourceFormat` unless `options` force one.
    package init(_ configuration: BuildConfiguration, options: PipelineOptions = PipelineOptions()) {
        let options = configuration.options(options)
        if let resolver = configuration.resolver {
            self = options.importers.system(for: [configuration.absolute(resolver)], options: options)
        } else {
            self.init(paths: configuration.sources.map(configuration.absolute), options: options)
        }
    }
}

extension BuildConfiguration {
    /// The paths its tokens are read from: the resolver, else the sources, absolute.
    public var sourcePaths: [String] { (resolver.map { [$0] } ?? sources).map(absolute) }

    /// `options` with the configuration's `strict` and `sourceFormat` applied (a format
    /// `options` force already wins).
    public func options(_ options: PipelineOptions) -> PipelineOptions {
        var options = options
        options.strict = options.strict || strict
        options.importers = importers(options.importers)
        return options
    }

    /// `importers` with the configuration's `sourceFormat` applied, unless they force a format
    /// already (`--source-format` wins).
    public func importers(_ importers: ImporterRegistry = .standard) -> ImporterRegistry {
        guard importers.forced == nil, let format = sourceFormat,
            let forced = importers.forcing(format, because: "sourceFormat: \(format) in the configuration")
        else { return importers }
        return forced
    }
}
