import Foundation
import Tessera
import TesseraGenerate

extension TokenSystem {
    /// The system a configuration names: its `resolver` read with its modes, or its `sources`
    /// merged in order.
    package static func load(_ configuration: BuildConfiguration, options: PipelineOptions = PipelineOptions()) -> TokenSystem {
        var options = options
        options.strict = options.strict || configuration.strict
        if let resolver = configuration.resolver { return system([configuration.absolute(resolver)], options: options) }
        return merged(configuration.sources.map(configuration.absolute), options: options)
    }
}
