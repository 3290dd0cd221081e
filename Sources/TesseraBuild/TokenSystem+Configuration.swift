import Foundation
import Tessera
import TesseraGenerate

extension TokenSystem {
    /// The system a configuration names: its `resolver` read with its modes, or its `sources`
    /// merged in order; in the configuration's `sourceFormat` unless `options` force one.
    package init(_ configuration: BuildConfiguration, options: PipelineOptions = PipelineOptions()) {
        var options = options
        options.strict = options.strict || configuration.strict
        if options.importers.forced == nil, let format = configuration.sourceFormat, let forced = options.importers.forcing(format) {
            options.importers = forced
        }
        if let resolver = configuration.resolver {
            self = options.importers.system(for: [configuration.absolute(resolver)], options: options)
        } else {
            self.init(paths: configuration.sources.map(configuration.absolute), options: options)
        }
    }
}
