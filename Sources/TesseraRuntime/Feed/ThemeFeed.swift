import Foundation
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads a tenant's theme from a signed theme feed (`tessera publish`) and swaps it into a
/// `ThemeStore`, or keeps the current theme and says why.
///
/// ```swift
/// let feed = ThemeFeed(ThemeFeed.Configuration(
///     manifest: URL(string: "https://themes.example.com/feed/manifest-acme.json")!, tenant: "acme",
///     trustedKeys: [try ThemeSigningKey.publicKey(fileText: bundledPublicKeyText)],
///     cache: cachesFolder.appendingPathComponent("themes")), store: store)
/// await feed.loadCached()                    // on launch, before the first draw
/// Task { try? await feed.refresh() }         // on launch and on foreground
/// ```
///
/// Each refresh fetches the manifest conditionally (`If-None-Match`), accepts it only when it is
/// signed by a trusted key and not older than the newest one seen (persisted, so an old signed
/// manifest replayed is refused), downloads the tenant's theme only when it changed, checks its
/// size, hash and signature, stores it in the cache atomically and swaps the store. Any failure
/// leaves the store and the cache as they were, is logged, and is thrown as a `ThemeFeedError`.
/// Transient failures (network, timeout, server errors, a truncated body) are retried with
/// exponential backoff. Refreshes never overlap and never run on the main thread: a call made
/// while one runs waits for it to end, then makes its own (calls are served in order).
public actor ThemeFeed {
    /// The runtime's feed version: the oldest runtime a theme needs (`minimumRuntime`) is
    /// compared with it. It is the compiled theme format's version.
    public static let runtimeVersion = Int(ThemeFile.formatVersion)

    public struct Configuration: Sendable {
        /// The feed's `manifest.json`.
        public var manifest: URL
        /// The tenant whose theme this app shows.
        public var tenant: String
        /// The public keys (32 bytes each) the manifest and the themes must be signed with.
        public var trustedKeys: [[UInt8]]
        /// A folder of the app's own (the caches folder): the theme and what the loader remembers.
        public var cache: URL
        /// How long one request may take, from start to the last byte.
        public var timeout: Double = 20
        /// Attempts after the first for a transient failure, and the first wait (doubled each time).
        public var retries = 3
        public var backoff: Double = 1
        /// The largest theme accepted.
        public var maximumThemeSize = 32 << 20

        public init(manifest: URL, tenant: String, trustedKeys: [[UInt8]], cache: URL) {
            self.manifest = manifest
            self.tenant = tenant
            self.trustedKeys = trustedKeys
            self.cache = cache
        }
    }

    /// What a refresh did.
    public enum Outcome: Sendable, Equatable {
        /// A new theme is in the store (and the cache).
        case updated(version: Int, sha256: String)
        /// The theme in the cache is the feed's.
        case unchanged(version: Int)
    }

    /// What the loader remembers between launches, in `state.json` in the cache folder.
    struct State: Codable, Equatable {
        /// The highest manifest sequence accepted: an older one is a rollback.
        var sequence = 0
        var etag: String?
        /// The cached theme.
        var sha256: String?
        var size = 0
        var version = 0
    }

    public let configuration: Configuration
    private let store: ThemeStore?
    private let logger: Logger
    private let session: URLSession
    private var state: State
    /// Whether the cached theme was read and found sound this run.
    private var cacheChecked = false
    /// Whether a refresh runs, and the calls waiting for their turn, first come first served.
    /// An actor alone does not keep refreshes apart: while one awaits the network, another
    /// call would run on the actor and the first would then save a state built before it.
    private var refreshing = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(_ configuration: Configuration, store: ThemeStore?, logger: Logger = Logger(label: "dev.tessera.feed")) {
        self.configuration = configuration
        self.store = store
        self.logger = logger
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout
        session = URLSession(configuration: sessionConfiguration)
        state = Self.readState(in: configuration.cache) ?? State()
    }

    private var stateURL: URL { configuration.cache.appendingPathComponent("state.json") }
    private func themeURL(_ sha256: String) -> URL { configuration.cache.appendingPathComponent("\(sha256).theme") }

    private var verifier: Ed25519Verifier { Ed25519Verifier(trusting: configuration.trustedKeys) }

    private static func readState(in folder: URL) -> State? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("state.json")) else { return nil }
        return try? JSONDecoder().decode(State.self, from: data)
    }

    /// The highest manifest sequence accepted so far (persisted).
    public var highestSequence: Int { state.sequence }

    /// The cached theme, checked (size, hash, signature), swapped into the store; nil when there
    /// is none or it is damaged (then the next refresh downloads it again).
    @discardableResult
    public func loadCached() -> Theme? {
        guard let sha256 = state.sha256 else { return nil }
        do throws(ThemeFeedError) {
            let theme = try cachedTheme(sha256)
            if let store {
                do {
                    _ = try store.replaceBase(with: theme)
                } catch {
                    throw ThemeFeedError.themeRefused(error)
                }
            }
            return theme
        } catch {
            report(error, "the cached theme is not used")
            return nil
        }
    }

    private func cachedTheme(_ sha256: String) throws(ThemeFeedError) -> Theme {
        guard let data = try? Data(contentsOf: themeURL(sha256)) else { throw .cache("the cached theme \(sha256) cannot be read") }
        guard data.count == state.size else {
            cacheChecked = false
            throw .sizeMismatch(expected: state.size, received: data.count)
        }
        let hash = FeedManifest.sha256(data)
        guard hash == sha256 else {
            cacheChecked = false
            throw .hashMismatch(expected: sha256, received: hash)
        }
        do {
            let theme = try Theme(fileBytes: data, options: .untrusted(verifier: verifier, maximumSize: configuration.maximumThemeSize))
            cacheChecked = true
            return theme
        } catch {
            throw .themeRefused(error)
        }
    }

    /// Fetches the feed and, when the tenant's theme changed, swaps it in; retries transient
    /// failures with backoff. On a failure the store keeps its theme.
    ///
    /// A call made while another refresh runs waits for it to end, then fetches the feed
    /// itself: refreshes run one at a time, in the order of the calls.
    @discardableResult
    public func refresh() async throws(ThemeFeedError) -> Outcome {
        if refreshing {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            refreshing = true
        }
        // The turn passes to the next call waiting, if any, without being released in between.
        defer {
            if waiting.isEmpty { refreshing = false } else { waiting.removeFirst().resume() }
        }
        var attempt = 0
        while true {
            do {
                return try await attemptRefresh()
            } catch {
                guard error.isTransient, attempt < configuration.retries, !Task.isCancelled else {
                    report(error, "the theme is not updated")
                    throw error
                }
                let wait = configuration.backoff * Double(1 << min(attempt, 10))
                logger.info("theme feed: \(error); trying again in \(wait) s", metadata: ["tenant": "\(configuration.tenant)"])
                attempt += 1
                try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            }
        }
    }

    private func report(_ error: ThemeFeedError, _ consequence: String) {
        logger.error("theme feed: \(error); \(consequence)",
            metadata: ["tenant": "\(configuration.tenant)", "manifest": "\(configuration.manifest.absoluteString)"])
    }

    /// The feed's manifest, fetched and its signature checked (not compared with the one seen).
    public func manifest() async throws(ThemeFeedError) -> FeedManifest {
        let (status, body, _) = try await fetch(configuration.manifest, etag: nil)
        guard status == 200 else { throw .httpStatus(status, url: configuration.manifest.absoluteString) }
        do {
            return try FeedManifest(signedBytes: body, trustedKeys: configuration.trustedKeys)
        } catch {
            throw .manifestRefused(error)
        }
    }

    private func attemptRefresh() async throws(ThemeFeedError) -> Outcome {
        // A conditional request only when the theme the cache holds is sound.
        if !cacheChecked, let sha256 = state.sha256 { _ = try? cachedTheme(sha256) }
        let etag = cacheChecked ? state.etag : nil
        let (status, body, headers) = try await fetch(configuration.manifest, etag: etag)
        if status == 304, state.sha256 != nil, cacheChecked { return .unchanged(version: state.version) }
        guard status == 200 else { throw .httpStatus(status, url: configuration.manifest.absoluteString) }
        let manifest: FeedManifest
        do {
            manifest = try FeedManifest(signedBytes: body, trustedKeys: configuration.trustedKeys)
        } catch {
            throw .manifestRefused(error)
        }
        guard manifest.sequence >= state.sequence else { throw .rollback(offered: manifest.sequence, seen: state.sequence) }
        if manifest.sequence > state.sequence {
            // Remembered at once: even if the theme does not arrive, an older manifest is refused from now on.
            var seen = state
            seen.sequence = manifest.sequence
            try persist(seen)
        }
        guard let entry = manifest.tenants[configuration.tenant] else { throw .unknownTenant(configuration.tenant) }
        guard entry.minimumRuntime <= Self.runtimeVersion else {
            throw .runtimeTooOld(required: entry.minimumRuntime, runtime: Self.runtimeVersion)
        }
        guard entry.version >= state.version || entry.sha256 == state.sha256 else {
            throw .versionRollback(offered: entry.version, seen: state.version)
        }
        var next = state
        next.sequence = manifest.sequence
        next.etag = headers
        if entry.sha256 == state.sha256, cacheChecked {
            try persist(next)
            return .unchanged(version: entry.version)
        }
        guard entry.size <= configuration.maximumThemeSize else {
            throw .themeRefused(.fileTooLarge(size: entry.size, limit: configuration.maximumThemeSize))
        }
        let url = configuration.manifest.deletingLastPathComponent().appendingPathComponent(entry.path)
        let (themeStatus, data, _) = try await fetch(url, etag: nil)
        guard themeStatus == 200 else { throw .httpStatus(themeStatus, url: url.absoluteString) }
        guard data.count == entry.size else { throw .sizeMismatch(expected: entry.size, received: data.count) }
        let hash = FeedManifest.sha256(data)
        guard hash == entry.sha256 else { throw .hashMismatch(expected: entry.sha256, received: hash) }
        let theme: Theme
        do {
            theme = try Theme(fileBytes: data, options: .untrusted(verifier: verifier, maximumSize: configuration.maximumThemeSize))
        } catch {
            throw .themeRefused(error)
        }
        // The theme first, then the state that names it: a crash between leaves the old state,
        // whose theme is still there.
        do {
            try FileManager.default.createDirectory(at: configuration.cache, withIntermediateDirectories: true)
            try data.write(to: themeURL(hash), options: .atomic)
        } catch {
            throw .cache(error.localizedDescription)
        }
        let previous = state.sha256
        next.sha256 = hash
        next.size = data.count
        next.version = entry.version
        try persist(next)
        cacheChecked = true
        if let previous, previous != hash { try? FileManager.default.removeItem(at: themeURL(previous)) }
        if let store {
            do {
                _ = try store.replaceBase(with: theme)
            } catch {
                throw .themeRefused(error)
            }
        }
        logger.info("theme feed: tenant '\(configuration.tenant)' updated to version \(entry.version) (\(hash))")
        return .updated(version: entry.version, sha256: hash)
    }

    private func persist(_ next: State) throws(ThemeFeedError) {
        do {
            try FileManager.default.createDirectory(at: configuration.cache, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(next).write(to: stateURL, options: .atomic)
        } catch {
            throw .cache(error.localizedDescription)
        }
        state = next
    }

    /// One GET: the status, the body, and the ETag; a deadline over the whole request.
    private func fetch(_ url: URL, etag: String?) async throws(ThemeFeedError) -> (Int, Data, String?) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let timeout = configuration.timeout
        let session = self.session
        let result: Result<(Int, Data, String?), ThemeFeedError> = await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    let code = (error as? URLError)?.code
                    once.resume(.failure(code == .timedOut ? .timeout(seconds: timeout) : .network(error.localizedDescription)))
                    return
                }
                guard let http = response as? HTTPURLResponse else {
                    once.resume(.failure(.network("no HTTP response")))
                    return
                }
                once.resume(.success((http.statusCode, data ?? Data(), http.value(forHTTPHeaderField: "ETag"))))
            }
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if once.resume(.failure(.timeout(seconds: timeout))) { task.cancel() }
            }
        }
        return try result.get()
    }
}

/// Resumes a continuation once, whichever of the answer and the deadline comes first.
/// `@unchecked Sendable`: `continuation` is only touched with `lock` held.
private final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
    private var continuation: CheckedContinuation<Value, Never>?
    private let lock = NSLock()

    init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = continuation }

    /// Whether this call resumed it.
    @discardableResult
    func resume(_ value: Value) -> Bool {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: value)
        return pending != nil
    }
}
