import Foundation
import Tessera
import TesseraGenerate
import TesseraImporters

extension TokenSystem {
    /// The system a configuration names (`ConfiguredSystem(configuration, options:).open()`).
    package init(_ configuration: BuildConfiguration, options: PipelineOptions = PipelineOptions(importers: .standard)) {
        self = ConfiguredSystem(configuration, options: options).open()
    }
}

extension ConfiguredSystem {
    /// The system a configuration names: its `resolver` with its modes (whatever importer of
    /// systems its name or content calls for, else a resolver document), else its `sources`
    /// merged in order; in its `sourceFormat` unless `options` force a format, strict when it or
    /// `options` say so, kept going past errors when it or `keepGoing` say so.
    public init(_ configuration: BuildConfiguration, options: PipelineOptions = PipelineOptions(importers: .standard),
        keepGoing: Bool = false, tenants: String? = nil)
    {
        let options = configuration.options(options)
        let paths = configuration.sourcePaths
        self.init(paths: paths, configurationFile: configuration.file, name: configuration.name, options: options,
            namesASystem: configuration.resolver != nil,
            keepGoing: keepGoing || configuration.keepGoing, tenants: tenants ?? configuration.tenants.map(configuration.absolute))
    }

    /// The system of the configuration at `path` (nil when it has an error), and what reading
    /// it found, as `tessera validate --config` reports it: what `tessera lsp` reads a
    /// workspace's `tessera.yml` with.
    public static func read(at path: String) -> (system: ConfiguredSystem?, diagnostics: [Diagnostic]) {
        let (configuration, diagnostics) = BuildConfiguration.load(path)
        let refused = diagnostics.contains { $0.severity == .error }
        return (refused ? nil : configuration.map { ConfiguredSystem($0) }, diagnostics)
    }
}

extension BuildConfiguration {
    /// The paths its tokens are read from: the resolver, else the sources, absolute.
    public var sourcePaths: [String] { (resolver.map { [$0] } ?? sources).map(absolute) }

    /// `options` with the configuration's `strict`, `sourceFormat` and `diagnostics` applied (a
    /// format `options` force already wins, and so does a severity they set for an id).
    public func options(_ options: PipelineOptions) -> PipelineOptions {
        var options = options
        options.strict = options.strict || strict
        options.severities.merge(diagnostics) { chosen, _ in chosen }
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
