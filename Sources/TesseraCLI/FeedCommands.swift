import ArgumentParser
import Foundation
import Tessera
import TesseraImporters
import TesseraBuild

/// `tessera publish`: every tenant's theme, compiled and signed, at a content-addressed path,
/// and a signed manifest naming them.
struct Publish: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Publish a signed theme feed: each tenant's compiled, signed theme and a signed manifest.json, for any static host.",
        discussion: """
            Reads the configuration's base system and its 'tenants' folder; every tenant is checked in every permutation \
            first, and nothing is written when any has an error. Themes go to DIR/themes/<tenant>-<sha256>.theme (never \
            changed once written; those older manifests name are kept), each tenant's own manifest to \
            DIR/manifest-<tenant>.json, and the manifest of every tenant to DIR/manifest.json, last and atomically. The same inputs publish the same bytes. Exit 0 when the feed is written, 1 on an error, 2 for a \
            usage mistake.
            """)

    @Option(help: "The tenants folder, rather than the configuration's.")
    var tenants: String?

    @Option(help: "The private key that signs the themes and the manifest (made by 'tessera keygen').")
    var key: String

    @Option(name: .shortAndLong, help: "The feed's folder.")
    var output: String

    @OptionGroup var system: SystemOptions

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let systemOptions = system
        let signingKey: ThemeSigningKey
        do {
            signingKey = try ThemeSigningKey(fileText: try String(contentsOfFile: key, encoding: .utf8))
        } catch {
            throw ValidationError("cannot read the key '\(key)': \(error)")
        }
        guard let configuration = try systemOptions.configuration(required: true, io: &io) else { return .failure }
        guard let folder = tenants ?? configuration.tenants.map(configuration.absolute) else {
            throw ValidationError("name the tenants folder: 'tenants:' in \(configuration.file), or --tenants DIR")
        }
        let base = ConfiguredSystem(configuration, options: systemOptions.options).open()
        let read = TenantFolder(path: folder, importers: systemOptions.options.importers)
        // The base's own problems once; each tenant's that the base does not have, named.
        let baseChecked = base.checkAllPermutations()
        let known = Set(baseChecked.diagnostics)
        var diagnostics = baseChecked.diagnostics + read.diagnostics
        var files: [SourceFile] = baseChecked.files
        var themes: [(tenant: Tenant, bytes: [UInt8])] = []
        for tenant in read.tenants {
            let (tenantSystem, tenantFiles, problems) = base.system(for: tenant)
            let resolved = tenantSystem.resolveAll()
            diagnostics += (problems + resolved.diagnostics).filter { !known.contains($0) }.map { $0.inTenant(tenant) }
            files += tenantFiles + resolved.files
            guard problems.allSatisfy({ $0.severity != .error }), let permutations = resolved.permutations else { continue }
            do {
                themes.append((tenant, try Theme.compile(permutations).encoded(signer: signingKey.signer)))
            } catch {
                io.write("error: tenant '\(tenant.id)': cannot sign its theme: \(error)\n", to: .standardError)
                return .failure
            }
        }
        var seenPaths = Set<String>()
        files = files.filter { seenPaths.insert($0.path).inserted }
        let bag = DiagnosticBag(diagnostics)
        system.diagnostics.write(bag, files: files, to: &io)
        if bag.hasErrors {
            io.write("error: nothing published: fix the errors above\n", to: .standardError)
            return .failure
        }
        do {
            let summary = try FeedWriter(folder: output, key: signingKey).write(themes)
            io.write(summary + "\n", to: .standardError)
            return .success
        } catch let error as FeedWriter.Failure {
            io.write("error: \(error.reason)\n", to: .standardError)
            return .failure
        }
    }
}

/// Writes a feed's folder: themes first (each new file written aside and renamed), the manifest last.
struct FeedWriter {
    struct Failure: Error { var reason: String }

    let folder: String
    let key: ThemeSigningKey

    func write(_ themes: [(tenant: Tenant, bytes: [UInt8])]) throws -> String {
        let manager = FileManager.default
        let root = URL(fileURLWithPath: folder)
        let manifestURL = root.appendingPathComponent("manifest.json")
        var previous: FeedManifest?
        if let data = manager.contents(atPath: manifestURL.path) {
            do {
                previous = try FeedManifest(signedBytes: data, trustedKeys: [key.publicKey])
            } catch {
                throw Failure(reason: "'\(manifestURL.path)' is there but cannot be published over: \(error)")
            }
        }
        var entries: [String: FeedManifest.Entry] = [:]
        var written = 0
        do {
            try manager.createDirectory(at: root.appendingPathComponent("themes"), withIntermediateDirectories: true)
            for (tenant, bytes) in themes {
                let hash = FeedManifest.sha256(bytes)
                let path = "themes/\(tenant.id)-\(hash).theme"
                let url = root.appendingPathComponent(path)
                // Content-addressed: a file already there has these bytes; it is never rewritten.
                if manager.contents(atPath: url.path).map({ FeedManifest.sha256($0) }) != hash {
                    try Data(bytes).write(to: url, options: .atomic)
                    written += 1
                }
                // Raised when the theme changes; a tenant removed and added again goes on from its last version.
                let earlier = previous?.tenants[tenant.id]
                let version = earlier.map { $0.sha256 == hash ? $0.version : $0.version + 1 }
                    ?? previous?.retired?[tenant.id].map { $0 + 1 } ?? 1
                entries[tenant.id] = FeedManifest.Entry(name: tenant.name, path: path, sha256: hash, size: bytes.count,
                    version: version, minimumRuntime: ThemeFeed.runtimeVersion)
            }
            let sequence = previous.map { $0.tenants == entries ? $0.sequence : $0.sequence + 1 } ?? 1
            // Each tenant's own manifest (the same format, one tenant): what its app fetches,
            // a few hundred bytes however many tenants the feed has.
            for (id, entry) in entries.sorted(by: { $0.key < $1.key }) {
                let own = try FeedManifest(sequence: sequence, tenants: [id: entry]).signedBytes(signer: key.signer)
                let url = root.appendingPathComponent("manifest-\(id).json")
                if manager.contents(atPath: url.path) != Data(own) { try Data(own).write(to: url, options: .atomic) }
            }
            // Tenants no longer published keep their last version in the manifest.
            var retired = (previous?.retired ?? [:]).filter { entries[$0.key] == nil }
            for (id, entry) in previous?.tenants ?? [:] where entries[id] == nil { retired[id] = entry.version }
            let manifest = FeedManifest(sequence: sequence, tenants: entries, retired: retired.isEmpty ? nil : retired)
            let bytes = try manifest.signedBytes(signer: key.signer)
            if manager.contents(atPath: manifestURL.path) != Data(bytes) {
                try Data(bytes).write(to: manifestURL, options: .atomic)
            }
            return "published \(entries.count) tenant\(entries.count == 1 ? "" : "s") to \(folder): manifest sequence \(sequence), "
                + "\(written) new theme file\(written == 1 ? "" : "s")"
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: "cannot write the feed in '\(folder)': \(error.localizedDescription)")
        }
    }
}

struct Feed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a published theme feed.", subcommands: [FeedVerify.self])
}

/// `tessera feed verify`: the runtime's loader, run against a deployed feed.
struct FeedVerify: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Load a tenant's theme from a feed as an app does; exit 0 when it would load, 1 with the reason when not.",
        discussion: "Without --tenant, every tenant the manifest names is loaded. The same loader as the runtime's ThemeFeed.")

    @Argument(help: "The feed's manifest.json URL (http or https).")
    var url: String

    @Option(help: "The public key file the app trusts (made by 'tessera keygen').")
    var publicKey: String

    @Option(help: "The tenant to load (default: every tenant).")
    var tenant: String?

    @Option(help: "The loader's cache folder, kept between runs (so that a rollback is caught); default: a new one, removed after.")
    var cache: String?

    @Option(help: "Seconds a request may take.")
    var timeout: Double = 20

    @Option(help: "Attempts after the first on a transient failure.")
    var retries: Int = 0

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        guard let manifest = URL(string: url), manifest.scheme != nil else { throw ValidationError("'\(url)' is not a URL") }
        let key: [UInt8]
        do {
            key = try ThemeSigningKey.publicKey(fileText: try String(contentsOfFile: publicKey, encoding: .utf8))
        } catch {
            throw ValidationError("cannot read the public key '\(publicKey)': \(error)")
        }
        let temporary = cache == nil
        let cacheRoot = cache.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("tessera-feed-\(UUID().uuidString)")
        defer { if temporary { try? FileManager.default.removeItem(at: cacheRoot) } }
        let settings = (timeout: timeout, retries: retries)
        let only = tenant
        let outcome = runBlocking { () async -> [(String, Result<ThemeFeed.Outcome, ThemeFeedError>)] in
            func configuration(_ tenant: String) -> ThemeFeed.Configuration {
                var configuration = ThemeFeed.Configuration(manifest: manifest, tenant: tenant, trustedKeys: [key],
                    cache: only == nil ? cacheRoot.appendingPathComponent(tenant) : cacheRoot)
                configuration.timeout = settings.timeout
                configuration.retries = settings.retries
                configuration.backoff = 0.5
                return configuration
            }
            var tenants: [String]
            if let tenant = only {
                tenants = [tenant]
            } else {
                do throws(ThemeFeedError) {
                    tenants = try await ThemeFeed(configuration(""), store: nil).manifest().tenants.keys.sorted()
                } catch {
                    return [("", .failure(error))]
                }
            }
            var results: [(String, Result<ThemeFeed.Outcome, ThemeFeedError>)] = []
            for tenant in tenants {
                let feed = ThemeFeed(configuration(tenant), store: ThemeStore(Theme.empty))
                do throws(ThemeFeedError) {
                    results.append((tenant, .success(try await feed.refresh())))
                } catch {
                    results.append((tenant, .failure(error)))
                }
            }
            return results
        }
        var failed = false
        for (tenant, result) in outcome {
            let name = tenant.isEmpty ? "the feed" : "tenant '\(tenant)'"
            switch result {
            case .success(.updated(let version, let sha256)):
                io.write("\(name): version \(version) loads (sha256 \(sha256))\n", to: .standardOutput)
            case .success(.unchanged(let version)):
                io.write("\(name): version \(version) loads (unchanged since the cache's)\n", to: .standardOutput)
            case .failure(let error):
                failed = true
                io.write("error: \(name): \(error)\n", to: .standardError)
            }
        }
        return failed ? .failure : .success
    }
}

/// Runs an async operation to its end from synchronous code (the command's entry point).
func runBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let box = BlockingBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await operation()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// The value an async operation hands to the thread waiting for it; written once before the
/// semaphore is signalled, read after it is waited for (`@unchecked Sendable` for that reason).
private final class BlockingBox<Value>: @unchecked Sendable {
    var value: Value?
}
