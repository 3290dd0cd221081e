import Foundation
import Tessera

/// The token system a front end opens, decided once: from a `tessera.yml`
/// (`TesseraBuild`'s `ConfiguredSystem(_:options:)`), or from paths and options given on the
/// command line. Every command, `tessera build`, lint, diff, the catalog, publishing and the
/// language server open their system through one of these, so that a configuration means the
/// same thing to each of them.
///
/// ```swift
/// let configured = ConfiguredSystem(paths: ["tokens"], options: PipelineOptions(importers: .standard))
/// let resolved = configured.open().resolveAll(keepingGoing: configured.keepGoing)
/// ```
///
/// What the paths are — one system with modes (a resolver, an asset catalog, Figma files, a
/// Tokens Studio folder) or token files to merge in order — is decided once, when the value is
/// made, from the names and the first 4 KB of each path, in the configuration's `sourceFormat`
/// (or the format `options` force). `open(overlays:)` reads the system with texts in place of
/// the files they cover (an editor's unsaved buffers), for every importer.
public struct ConfiguredSystem: Sendable {
    /// The configuration file the system comes from (`tessera.yml`), if any.
    public let configurationFile: String?
    /// The name the configuration gives the system (`name:`), for outputs and messages.
    public let name: String?
    /// The paths read: the resolver, else the sources (absolute for a configuration's).
    public let paths: [String]
    /// How the sources are read: strictness, the importers (with `sourceFormat` or
    /// `--source-format` forcing one), tiers, the warning limit.
    public let options: PipelineOptions
    /// The folder of tenants checked with the system (`tenants:` or `--tenants`), if any.
    public let tenants: String?
    /// Whether an error leaves out only the tokens it touches (`keepGoing:` or `--keep-going`).
    public let keepGoing: Bool
    /// The importer of systems that reads `paths`, when they are one system; nil for token files.
    private let reading: Reading

    private enum Reading: Sendable {
        /// Token files and folders, merged in order.
        case tokenFiles
        /// One system, read by this importer (a resolver when none recognizes it).
        case system((any SystemImporter)?)
    }

    /// The system at `paths` as the command line gives them: one path or several that an
    /// importer of systems reads with their modes, else token files and folders merged in order.
    public init(paths: [String], options: PipelineOptions = PipelineOptions(importers: .standard), keepGoing: Bool = false,
        tenants: String? = nil)
    {
        self.init(paths: paths, configurationFile: nil, options: options, namesASystem: false, keepGoing: keepGoing, tenants: tenants)
    }

    /// The resolver (or another importer's system) at `path`, whatever its name says.
    public init(resolver path: String, options: PipelineOptions = PipelineOptions(importers: .standard), keepGoing: Bool = false,
        tenants: String? = nil)
    {
        self.init(paths: [path], configurationFile: nil, options: options, namesASystem: true, keepGoing: keepGoing, tenants: tenants)
    }

    /// The system at `paths`, read from the configuration file `configurationFile` when there is
    /// one: one system when `namesASystem` (a `resolver:` setting, `--resolver`) or when an
    /// importer of systems recognizes the paths, else token files merged in order. Each path's
    /// name and first 4 KB are looked at once, here.
    public init(paths: [String], configurationFile: String?, name: String? = nil, options: PipelineOptions, namesASystem: Bool,
        keepGoing: Bool, tenants: String?)
    {
        self.configurationFile = configurationFile
        self.name = name
        let paths = paths.map(TokenFileLoader.usablePath)
        self.paths = paths
        self.options = options
        self.keepGoing = keepGoing
        self.tenants = tenants
        let importer = paths.count == 1 ? options.importers.systemImporter(at: paths[0]) : options.importers.combiningImporter(for: paths)
        reading = namesASystem || importer != nil ? .system(importer) : .tokenFiles
    }

    /// Whether the paths are one system with modes rather than token files merged in order.
    public var readsAsSystem: Bool {
        if case .system = reading { return true }
        return false
    }

    /// The name of the importer that reads the system (`resolver`, `tokens-studio`,
    /// `asset-catalog` …); nil for token files, each read by the importer its name and content
    /// call for.
    public var systemFormat: String? {
        guard case .system(let importer) = reading else { return nil }
        return importer?.name ?? "resolver"
    }

    /// The system, read now, with `overlays` read in place of the files at their paths.
    public func open(overlays: [SourceFile] = []) -> TokenSystem {
        var options = self.options
        if !overlays.isEmpty { options.overlays = SourceOverlays(overlays) }
        switch reading {
        case .tokenFiles:
            return TokenSystem(tokenFilesAt: paths, options: options)
        case .system(let importer?):
            return paths.count == 1 ? importer.system(at: paths[0], options: options) : importer.system(combining: paths, options: options)
        case .system(nil):
            return TokenSystem(resolverAt: paths.first ?? "", options: options)
        }
    }

    /// `--explain-format`'s notes: which importer reads each path, and why.
    public func explanations() -> [Diagnostic] { options.importers.explanations(paths) }
}
