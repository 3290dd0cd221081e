import Foundation
import Logging
import Tessera
import TesseraRuntime
import TesseraTestSupport
import Testing

/// The runtime's feed loader against nginx on loopback, with faults injected. In every case the
/// store keeps a valid theme, the reason is typed, and the next good fetch succeeds.
@Suite(.serialized, .enabled(if: FeedServer.nginx.path != nil, "\(FeedServer.nginx.reason)"))
struct ThemeFeedTests {
    static let key = ThemeSigningKey()
    static let otherKey = ThemeSigningKey()

    /// A theme whose `color.brand` is `hex`.
    static func theme(_ hex: String) throws -> Theme {
        Theme.compile(try pipeline(##"{"color": {"$type": "color", "brand": {"$value": "\##(hex)"}, "text": {"$value": "{color.brand}"}}}"##).tokens())
    }

    static func brand(_ theme: Theme) -> ThemeColor? { theme[ThemeColor.self, "color.brand"] }

    /// A feed written the way the manifest format says (the publisher is checked against the
    /// same format in the command-line tests): one tenant, `acme`.
    struct Feed {
        var theme: [UInt8]
        var manifest: [UInt8]
        /// The theme's file under `feed/`.
        var path: String
    }

    /// `via` goes before the theme's path in the manifest: for a manifest served at the root,
    /// `"feed/"` names the theme as it is, `"slow/feed/"`, `"drip/feed/"` or `"cut/feed/"` the
    /// same file through one of the server's faults (`FeedServer`).
    static func feed(_ hex: String, sequence: Int, version: Int, minimumRuntime: Int = ThemeFeed.runtimeVersion,
        key: ThemeSigningKey = key, via: String = "") throws -> Feed
    {
        let bytes = try theme(hex).encoded(signer: Self.key.signer)
        let hash = FeedManifest.sha256(bytes)
        let path = "themes/acme-\(hash).theme"
        let manifest = FeedManifest(sequence: sequence, tenants: ["acme": FeedManifest.Entry(name: "Acme", path: via + path,
            sha256: hash, size: bytes.count, version: version, minimumRuntime: minimumRuntime)])
        return Feed(theme: bytes, manifest: try manifest.signedBytes(signer: key.signer), path: path)
    }

    /// Serves `feed`'s theme under `feed/`, and its manifest at `manifest` unless nil.
    static func publish(_ feed: Feed, on server: FeedServer, manifest: String? = "feed/manifest.json") throws {
        try server.serve(feed.theme, at: "feed/" + feed.path)
        if let manifest { try server.serve(feed.manifest, at: manifest) }
    }

    struct TimedOut: Error {}

    /// Waits until `condition` holds, checking every 10 ms for at most `seconds`.
    static func waitUntil(seconds: Double = 20, _ condition: () async -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !(await condition()) {
            guard Date() < deadline else { throw TimedOut() }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    struct Setup {
        let server: FeedServer
        let store: ThemeStore
        let bundled: Theme
        let cache: URL
        func configuration(_ path: String = "feed/manifest.json", timeout: Double = 5) -> ThemeFeed.Configuration {
            var configuration = ThemeFeed.Configuration(manifest: server.url(path), tenant: "acme",
                trustedKeys: [ThemeFeedTests.key.publicKey], cache: cache)
            configuration.timeout = timeout
            configuration.retries = 0
            configuration.backoff = 0.05
            return configuration
        }
        func loader(_ path: String = "feed/manifest.json", timeout: Double = 5) -> ThemeFeed {
            ThemeFeed(configuration(path, timeout: timeout), store: store)
        }
    }

    static func setUp() throws -> Setup {
        let server = try FeedServer()
        let bundled = try theme("#000000")
        return Setup(server: server, store: ThemeStore(bundled), bundled: bundled,
            cache: TestScratch.root.appendingPathComponent("feed-cache-\(UUID().uuidString)"))
    }

    static let blue = ThemeColor(red: 0, green: 0, blue: 1)
    static let green = ThemeColor(red: 0, green: 1, blue: 0)
    static let black = ThemeColor(red: 0, green: 0, blue: 0)

    /// Expects `refresh` to fail with `expected`, leaving `color.brand` at `kept`.
    static func expectRefusal(_ feed: ThemeFeed, _ setup: Setup, kept: ThemeColor,
        _ matches: (ThemeFeedError) -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) async
    {
        do {
            let outcome = try await feed.refresh()
            Issue.record("refresh succeeded: \(outcome)", sourceLocation: sourceLocation)
        } catch {
            #expect(matches(error), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(brand(setup.store.theme) == kept, sourceLocation: sourceLocation)
    }

    @Test func aGoodFeedLoadsAndTheNextCheckIsConditional() async throws {
        let setup = try Self.setUp()
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1), on: setup.server)
        let feed = setup.loader()
        let first = try await feed.refresh()
        guard case .updated(let version, _) = first else { Issue.record("\(first)"); return }
        #expect(version == 1)
        #expect(Self.brand(setup.store.theme) == Self.blue)
        #expect(setup.store.theme[ThemeColor.self, "color.text"] == Self.blue)
        #expect(try await feed.refresh() == .unchanged(version: 1))
        // A new launch: the cache alone gives the theme, before any network.
        let relaunched = ThemeStore(setup.bundled)
        let cached = await ThemeFeed(setup.configuration(), store: relaunched).loadCached()
        #expect(cached != nil)
        #expect(Self.brand(relaunched.theme) == Self.blue)
    }

    @Test func notFoundAndServerErrorKeepTheTheme() async throws {
        let setup = try Self.setUp()
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1), on: setup.server)
        await Self.expectRefusal(setup.loader("missing/manifest.json"), setup, kept: Self.black) { $0 == .httpStatus(404, url: setup.server.url("missing/manifest.json").absoluteString) }
        await Self.expectRefusal(setup.loader("fail500/feed/manifest.json"), setup, kept: Self.black) {
            if case .httpStatus(500, _) = $0 { true } else { false }
        }
        // A theme gone from the server (a 404 for the theme, not the manifest).
        let gone = try Self.feed("#00ff00", sequence: 2, version: 2)
        try setup.server.serve(gone.manifest, at: "feed/manifest.json")
        await Self.expectRefusal(setup.loader(), setup, kept: Self.black) { if case .httpStatus(404, _) = $0 { true } else { false } }
        try Self.publish(gone, on: setup.server)
        _ = try await setup.loader().refresh()
        #expect(Self.brand(setup.store.theme) == Self.green)
    }

    @Test func aSlowServerTimesOut() async throws {
        let setup = try Self.setUp()
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1), on: setup.server)
        let started = Date()
        await Self.expectRefusal(setup.loader("slow/feed/manifest.json", timeout: 1), setup, kept: Self.black) {
            if case .timeout = $0 { true } else { false }
        }
        #expect(Date().timeIntervalSince(started) < 10)
        _ = try await setup.loader().refresh()
        #expect(Self.brand(setup.store.theme) == Self.blue)
    }

    @Test func aTruncatedOrFlippedThemeIsRefused() async throws {
        let setup = try Self.setUp()
        let good = try Self.feed("#0000ff", sequence: 1, version: 1)
        try Self.publish(good, on: setup.server)
        try setup.server.serve(good.theme.dropLast(100), at: "feed/" + good.path)
        await Self.expectRefusal(setup.loader(), setup, kept: Self.black) { if case .sizeMismatch = $0 { true } else { false } }
        var flipped = good.theme
        flipped[flipped.count / 2] ^= 0x01
        try setup.server.serve(flipped, at: "feed/" + good.path)
        await Self.expectRefusal(setup.loader(), setup, kept: Self.black) { if case .hashMismatch = $0 { true } else { false } }
        try Self.publish(good, on: setup.server)
        _ = try await setup.loader().refresh()
        #expect(Self.brand(setup.store.theme) == Self.blue)
    }

    @Test func aManifestSignedByAnotherKeyIsRefused() async throws {
        let setup = try Self.setUp()
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1, key: Self.otherKey), on: setup.server)
        await Self.expectRefusal(setup.loader(), setup, kept: Self.black) { $0 == .manifestRefused(.signature("it is signed by a key this app does not trust")) }
        // The same manifest with its bytes changed after signing.
        var tampered = try Self.feed("#0000ff", sequence: 1, version: 1)
        let text = String(decoding: tampered.manifest, as: UTF8.self)
        let payload = try #require(text.split(separator: "\"").dropFirst(3).first)
        var decoded = try #require(Data(base64Encoded: String(payload)))
        decoded[decoded.count - 3] = UInt8(ascii: "2")  // "version":1}}} becomes "version":2}}}
        tampered.manifest = Array(text.replacingOccurrences(of: String(payload), with: decoded.base64EncodedString()).utf8)
        try Self.publish(tampered, on: setup.server)
        await Self.expectRefusal(setup.loader(), setup, kept: Self.black) { if case .manifestRefused(.signature) = $0 { true } else { false } }
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1), on: setup.server)
        _ = try await setup.loader().refresh()
        #expect(Self.brand(setup.store.theme) == Self.blue)
    }

    /// A manifest, validly signed, offered after manifest 2 (acme version 2, green) was loaded.
    struct Replay: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var sequence: Int
        var version: Int
        var refusal: ThemeFeedError
    }

    /// Each check has a case only it catches: without the sequence check the second loads blue,
    /// without the version check the third does, and the first is told apart by its error.
    static let replays = [
        Replay(testDescription: "manifest 1 itself (an older sequence and an older version)", sequence: 1, version: 1,
            refusal: .rollback(offered: 1, seen: 2)),
        Replay(testDescription: "an older sequence naming the same version with another theme", sequence: 1, version: 2,
            refusal: .rollback(offered: 1, seen: 2)),
        Replay(testDescription: "a newer sequence naming an older version", sequence: 3, version: 1,
            refusal: .versionRollback(offered: 1, seen: 2)),
    ]

    @Test(arguments: replays)
    func anOlderManifestReplayedIsRefused(_ replay: Replay) async throws {
        let setup = try Self.setUp()
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1), on: setup.server)
        let new = try Self.feed("#00ff00", sequence: 2, version: 2)
        try Self.publish(new, on: setup.server)
        _ = try await setup.loader().refresh()
        #expect(Self.brand(setup.store.theme) == Self.green)
        // Served with its theme: only the checks stand in the way. Refused by a loader made after a relaunch too.
        try Self.publish(try Self.feed("#0000ff", sequence: replay.sequence, version: replay.version), on: setup.server)
        await Self.expectRefusal(setup.loader(), setup, kept: Self.green) { $0 == replay.refusal }
        // The next good manifest (past any sequence seen) is taken; acme's theme is still the one cached.
        try Self.publish(try Self.feed("#00ff00", sequence: 4, version: 2), on: setup.server)
        #expect(try await setup.loader().refresh() == .unchanged(version: 2))
    }

    @Test func aThemeNeedingANewerRuntimeIsNotDownloaded() async throws {
        let setup = try Self.setUp()
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1, minimumRuntime: ThemeFeed.runtimeVersion + 1), on: setup.server)
        await Self.expectRefusal(setup.loader(), setup, kept: Self.black) {
            $0 == .runtimeTooOld(required: ThemeFeed.runtimeVersion + 1, runtime: ThemeFeed.runtimeVersion)
        }
        try Self.publish(try Self.feed("#0000ff", sequence: 2, version: 2), on: setup.server)
        _ = try await setup.loader().refresh()
        #expect(Self.brand(setup.store.theme) == Self.blue)
    }

    /// How the cached theme file is damaged on disk.
    enum Damage: String, CaseIterable, Sendable {
        /// One bit changed: the hash check refuses it (and the signature would).
        case flippedBit
        /// Another theme signed with the same key and of the same size, as a restored backup or
        /// another tenant's file leaves it: only the hash check refuses it.
        case anotherSignedTheme
        /// Cut short: the size check refuses it.
        case truncated
    }

    @Test(arguments: Damage.allCases)
    func aDamagedCacheFileIsNotUsedAndIsFetchedAgain(_ damage: Damage) async throws {
        let setup = try Self.setUp()
        let good = try Self.feed("#0000ff", sequence: 1, version: 1)
        try Self.publish(good, on: setup.server)
        _ = try await setup.loader().refresh()
        let cached = setup.cache.appendingPathComponent("\(FeedManifest.sha256(good.theme)).theme")
        var bytes = try Data(contentsOf: cached)
        switch damage {
        case .flippedBit: bytes[bytes.count / 2] ^= 0x40
        case .anotherSignedTheme:
            bytes = Data(try Self.feed("#00ff00", sequence: 1, version: 1).theme)
            try #require(bytes.count == good.theme.count)
        case .truncated: bytes = bytes.dropLast(10)
        }
        try bytes.write(to: cached)
        // Relaunch: the damaged cache is not used, the bundled theme stays.
        let relaunched = ThemeStore(setup.bundled)
        let feed = ThemeFeed(setup.configuration(), store: relaunched)
        #expect(await feed.loadCached() == nil)
        #expect(Self.brand(relaunched.theme) == Self.black)
        // The next refresh does not trust the ETag of what it has: it downloads the theme again.
        guard case .updated = try await feed.refresh() else { Issue.record("not downloaded again"); return }
        #expect(Self.brand(relaunched.theme) == Self.blue)
    }

    /// A theme's body cut short mid-stream: the server announces its whole `Content-Length`,
    /// sends half and closes the connection (nginx in front of `/cut/`).
    @Test func aThemeCutShortMidStreamIsRefused() async throws {
        let setup = try Self.setUp()
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1, via: "cut/feed/"), on: setup.server, manifest: "manifest.json")
        await Self.expectRefusal(setup.loader("manifest.json"), setup, kept: Self.black) {
            if case .network = $0 { true } else if case .sizeMismatch = $0 { true } else { false }
        }
        try Self.publish(try Self.feed("#0000ff", sequence: 2, version: 1, via: "feed/"), on: setup.server, manifest: "manifest.json")
        _ = try await setup.loader("manifest.json").refresh()
        #expect(Self.brand(setup.store.theme) == Self.blue)
    }

    /// What is downloading when the server stops.
    enum Downloading: String, CaseIterable, Sendable {
        case manifest, theme
    }

    @Test(arguments: Downloading.allCases)
    func aServerStoppedMidDownloadLeavesTheTheme(_ downloading: Downloading) async throws {
        let setup = try Self.setUp()
        try Self.publish(try Self.feed("#0000ff", sequence: 1, version: 1, via: "feed/"), on: setup.server, manifest: "manifest.json")
        _ = try await setup.loader("manifest.json").refresh()
        // Version 2: its manifest comes slowly (`slow/manifest.json`), or its manifest at once and its theme slowly.
        try Self.publish(try Self.feed("#00ff00", sequence: 2, version: 2, via: "slow/feed/"), on: setup.server, manifest: "manifest.json")
        let feed = setup.loader(downloading == .manifest ? "slow/manifest.json" : "manifest.json", timeout: 30)
        let server = setup.server
        let stopping = Task.detached {
            switch downloading {
            case .manifest: try? await Task.sleep(nanoseconds: 700_000_000)
            // The manifest is accepted (its sequence remembered at once): the theme is downloading.
            case .theme: try? await Self.waitUntil { await feed.highestSequence == 2 }
            }
            server.stop()
        }
        await Self.expectRefusal(feed, setup, kept: Self.blue) {
            if case .network = $0 { true } else if case .sizeMismatch = $0 { true } else { false }
        }
        #expect(await feed.highestSequence == (downloading == .manifest ? 1 : 2))
        // The server is started again only once the stop has finished.
        await stopping.value
        try setup.server.start()
        try Self.publish(try Self.feed("#00ff00", sequence: 3, version: 2, via: "feed/"), on: setup.server, manifest: "manifest.json")
        _ = try await setup.loader("manifest.json").refresh()
        #expect(Self.brand(setup.store.theme) == Self.green)
    }

    /// A refresh called while another downloads its theme, the feed changed in between: the
    /// first must not save the state it began with over the newer one the second saw, nor swap
    /// its older theme in after the newer one. Refreshes run one after the other.
    @Test func refreshesOfOneLoaderRunOneAfterTheOther() async throws {
        let setup = try Self.setUp()
        // Manifest 1 names a theme that takes a few seconds to come (`/drip/`); manifest 2 one that comes at once.
        let old = try Self.feed("#0000ff", sequence: 1, version: 1, via: "drip/feed/")
        let new = try Self.feed("#00ff00", sequence: 2, version: 2, via: "feed/")
        try Self.publish(old, on: setup.server, manifest: "manifest.json")
        try Self.publish(new, on: setup.server, manifest: nil)
        let feed = setup.loader("manifest.json", timeout: 30)
        let first = Task { try await feed.refresh() }
        // The first has accepted manifest 1 (remembered at once) and is downloading its theme.
        try await Self.waitUntil { await feed.highestSequence == 1 }
        try setup.server.serve(new.manifest, at: "manifest.json")
        let second = Task { try await feed.refresh() }
        #expect(try await first.value == .updated(version: 1, sha256: FeedManifest.sha256(old.theme)))
        #expect(try await second.value == .updated(version: 2, sha256: FeedManifest.sha256(new.theme)))
        #expect(await feed.highestSequence == 2)
        #expect(Self.brand(setup.store.theme) == Self.green)
        // What was saved is the newest too: a relaunch starts from it.
        let relaunched = ThemeStore(setup.bundled)
        let again = ThemeFeed(setup.configuration("manifest.json"), store: relaunched)
        #expect(await again.highestSequence == 2)
        #expect(await again.loadCached() != nil)
        #expect(Self.brand(relaunched.theme) == Self.green)
    }

    @Test func transientFailuresAreRetriedWithBackoff() async throws {
        let setup = try Self.setUp()
        let good = try Self.feed("#0000ff", sequence: 1, version: 1)
        try setup.server.serve(good.manifest, at: "feed/manifest.json")
        // The theme appears while the loader waits to try again.
        let server = setup.server
        Task.detached {
            try? await Task.sleep(nanoseconds: 300_000_000)
            try? server.serve(good.theme, at: "feed/" + good.path)
        }
        var configuration = setup.configuration()
        configuration.retries = 4
        configuration.backoff = 0.2
        _ = try await ThemeFeed(configuration, store: setup.store).refresh()
        #expect(Self.brand(setup.store.theme) == Self.blue)
    }
}
