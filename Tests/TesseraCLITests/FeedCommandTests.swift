import Foundation
import Tessera
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import TesseraCLI

/// `tessera validate --tenants`, `tessera publish` and `tessera feed verify`.
@Suite(.serialized) struct FeedCommandTests {
    let cli = CommandLineTests()

    static let closed = ##""$extensions": {"dev.tessera": {"closed": true}}"##

    /// A white-label project: tessera.yml, a base, tenants acme (folder with metadata) and
    /// globex (a file); returns its folder.
    static func project(extra: [String: String] = [:]) throws -> URL {
        let root = try Scratch.folder("feed-project")
        let files: [String: String] = [
            "tessera.yml": "sources: [base.tokens.json]\ntenants: tenants\noutputs: []\n",
            "base.tokens.json": ##"{"color": {"$type": "color", "legal": {\##(closed), "$value": "#000000"}, "brand": {"$value": "#ff0000"}, "text": {"$value": "{color.brand}"}}}"##,
            "tenants/acme/brand.tokens.json": ##"{"color": {"brand": {"$value": "#0000ff"}}}"##,
            "tenants/acme/tenant.json": ##"{"name": "Acme Corp"}"##,
            "tenants/globex.tokens.json": ##"{"color": {"brand": {"$value": "#00ff00"}}}"##,
        ].merging(extra) { $1 }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    func keys(in folder: URL, name: String = "brand") throws -> (key: String, pub: String) {
        let base = folder.appendingPathComponent(name).path
        let made = try cli.tessera(["keygen", base])
        #expect(made.status == 0, "\(made.stderr)")
        return (base + ".key", base + ".pub")
    }

    /// Every file under `folder`, by relative path.
    static func tree(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }

    /// SHA-256 by the system's `sha256sum`, a second way to the hash the manifest states.
    static func sha256sum(_ path: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") else { return nil }
        let run = try Processes.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [path])
        return run.stdout.split(separator: " ").first.map(String.init)
    }

    @Test func validateNamesTheTenantOfEachProblem() throws {
        let root = try Self.project(extra: ["tenants/rogue.tokens.json": ##"{"color": {"legal": {"$value": "#00ff00"}}}"##])
        let run = try cli.tessera(["validate", root.appendingPathComponent("base.tokens.json").path,
            "--tenants", root.appendingPathComponent("tenants").path, "--diagnostics-format", "json"])
        #expect(run.status == 1)
        let diagnostics = try JSONDecoder().decode([Diagnostic].self, from: Data(run.stderr.utf8)).filter { $0.severity == .error }
        #expect(diagnostics.map(\.id) == [.closedToken])
        #expect(diagnostics.first?.notes.first?.message == "in tenant 'rogue'")
        #expect(diagnostics.first?.location?.file.hasSuffix("rogue.tokens.json") == true)
    }

    /// A lint finding only a tenant has (its brand the same color as the base's legal color) is
    /// reported once, named with the tenant; the base's own findings are not repeated per tenant.
    @Test func lintNamesTheTenantOfEachFinding() throws {
        let root = try Self.project(extra: ["tenants/inky.tokens.json": ##"{"color": {"brand": {"$value": "#000000"}}}"##])
        let run = try cli.tessera(["lint", root.appendingPathComponent("base.tokens.json").path,
            "--tenants", root.appendingPathComponent("tenants").path, "--rule", "duplicates=error", "--diagnostics-format", "json"])
        #expect(run.status == 1, "\(run.stderr)")
        let findings = try JSONDecoder().decode([Diagnostic].self, from: Data(run.stderr.utf8)).filter { $0.id.rawValue == "lint.duplicates" }
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.notes.first?.message == "in tenant 'inky'")
        #expect(findings.first?.message.contains("color.legal") == true)
    }

    @Test func publishingIsDeterministicAndKeepsOlderThemes() throws {
        let root = try Self.project()
        let (key, pub) = try keys(in: root)
        let config = root.appendingPathComponent("tessera.yml").path
        let feed = root.appendingPathComponent("feed")
        let first = try cli.tessera(["publish", "--config", config, "--key", key, "-o", feed.path])
        #expect(first.status == 0, "\(first.stderr)")
        let once = try Self.tree(feed)
        let again = try cli.tessera(["publish", "--config", config, "--key", key, "-o", feed.path])
        #expect(again.status == 0)
        #expect(try Self.tree(feed) == once, "the same inputs publish the same bytes")
        // Into a fresh folder, too.
        let elsewhere = root.appendingPathComponent("feed2")
        _ = try cli.tessera(["publish", "--config", config, "--key", key, "-o", elsewhere.path])
        #expect(try Self.tree(elsewhere) == once)

        let trusted = try ThemeSigningKey.publicKey(fileText: String(contentsOfFile: pub, encoding: .utf8))
        let manifest = try FeedManifest(signedBytes: #require(once["manifest.json"]), trustedKeys: [trusted])
        #expect(manifest.sequence == 1)
        #expect(manifest.tenants.keys.sorted() == ["acme", "globex"])
        #expect(manifest.tenants["acme"]?.name == "Acme Corp")
        for (id, entry) in manifest.tenants {
            let bytes = try #require(once[entry.path])
            #expect(entry.size == bytes.count)
            #expect(entry.path == "themes/\(id)-\(entry.sha256).theme")
            if let sum = try Self.sha256sum(feed.appendingPathComponent(entry.path).path) { #expect(sum == entry.sha256) }
            // The theme is the tenant's: its brand color is the tenant's override, and its signature verifies.
            let theme = try Theme(fileBytes: bytes, options: .untrusted(verifier: Ed25519Verifier(trusting: [trusted])))
            let expected = id == "acme" ? ThemeColor(red: 0, green: 0, blue: 1) : ThemeColor(red: 0, green: 1, blue: 0)
            #expect(theme[ThemeColor.self, "color.text"] == expected)
            // The tenant's own manifest: its entry alone, the same sequence.
            let own = try FeedManifest(signedBytes: #require(once["manifest-\(id).json"]), trustedKeys: [trusted])
            #expect(own.sequence == manifest.sequence)
            #expect(own.tenants == [id: entry])
        }

        // acme changes: a new theme file, the old one kept, acme's version and the sequence raised.
        try Data(##"{"color": {"brand": {"$value": "#0000aa"}}}"##.utf8).write(to: root.appendingPathComponent("tenants/acme/brand.tokens.json"))
        let changed = try cli.tessera(["publish", "--config", config, "--key", key, "-o", feed.path])
        #expect(changed.status == 0, "\(changed.stderr)")
        let after = try Self.tree(feed)
        let next = try FeedManifest(signedBytes: #require(after["manifest.json"]), trustedKeys: [trusted])
        #expect(next.sequence == 2)
        #expect(next.tenants["acme"]?.version == 2)
        #expect(next.tenants["globex"] == manifest.tenants["globex"])
        for path in once.keys where path.hasPrefix("themes/") { #expect(after[path] == once[path], "\(path) kept as it was") }
        #expect(after.count == once.count + 1)
    }

    /// A tenant removed from the feed and added again goes on from its last version (kept in the
    /// manifest's `retired`), so that an app that had its theme takes the new one: `feed verify`
    /// with the cache kept between runs is the app.
    @Test func aTenantRemovedAndAddedAgainGoesOnFromItsLastVersion() throws {
        let root = try Self.project()
        let (key, pub) = try keys(in: root)
        let trusted = try ThemeSigningKey.publicKey(fileText: String(contentsOfFile: pub, encoding: .utf8))
        let server = FeedServer.nginx.path == nil ? nil : try FeedServer()
        let feed = server?.root.appendingPathComponent("feed") ?? root.appendingPathComponent("feed")
        let cache = root.appendingPathComponent("app-cache")
        let brand = root.appendingPathComponent("tenants/acme/brand.tokens.json")
        func publish() throws -> FeedManifest {
            let run = try cli.tessera(["publish", "--config", root.appendingPathComponent("tessera.yml").path, "--key", key, "-o", feed.path])
            #expect(run.status == 0, "\(run.stderr)")
            let bytes = try Data(contentsOf: feed.appendingPathComponent("manifest.json"))
            // nginx's ETag is the file's modification time (in seconds) and size: served again
            // with a time of its own, so that two manifests written within a second never share one.
            try server?.serve(bytes, at: "feed/manifest.json")
            return try FeedManifest(signedBytes: bytes, trustedKeys: [trusted])
        }
        func verify() throws -> CommandLineTests.Run? {
            guard let server else { return nil }
            return try cli.binary(["feed", "verify", server.url("feed/manifest.json").absoluteString, "--public-key", pub,
                "--tenant", "acme", "--cache", cache.path])
        }

        // acme at version 2, loaded by its app.
        _ = try publish()
        try Data(##"{"color": {"brand": {"$value": "#0000aa"}}}"##.utf8).write(to: brand)
        #expect(try publish().tenants["acme"]?.version == 2)
        if let loaded = try verify() { #expect(loaded.status == 0 && loaded.stdout.contains("version 2 loads"), "\(loaded.stderr)") }

        // Removed: its last version is kept.
        let folder = root.appendingPathComponent("tenants/acme")
        let aside = root.appendingPathComponent("acme-aside")
        try FileManager.default.moveItem(at: folder, to: aside)
        let removed = try publish()
        #expect(removed.tenants["acme"] == nil)
        #expect(removed.retired == ["acme": 2])

        // Added again, its theme changed: version 3, and the app takes it.
        try FileManager.default.moveItem(at: aside, to: folder)
        try Data(##"{"color": {"brand": {"$value": "#0000cc"}}}"##.utf8).write(to: brand)
        let again = try publish()
        #expect(again.tenants["acme"]?.version == 3)
        #expect(again.retired == nil)
        #expect(again.sequence == removed.sequence + 1)
        if let loaded = try verify() { #expect(loaded.status == 0 && loaded.stdout.contains("version 3 loads"), "\(loaded.stderr)") }
    }

    @Test func nothingIsPublishedWhenATenantHasAnError() throws {
        let root = try Self.project(extra: ["tenants/rogue.tokens.json": ##"{"color": {"legal": {"$value": "#00ff00"}}}"##])
        let (key, _) = try keys(in: root)
        let feed = root.appendingPathComponent("feed")
        let run = try cli.tessera(["publish", "--config", root.appendingPathComponent("tessera.yml").path, "--key", key, "-o", feed.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("in tenant 'rogue'"))
        #expect(run.stderr.contains("[token.closed]"))
        #expect(!FileManager.default.fileExists(atPath: feed.path))
    }

    @Test(.enabled(if: FeedServer.nginx.path != nil, "\(FeedServer.nginx.reason)"))
    func feedVerifyRunsTheLoaderAgainstAServedFeed() throws {
        let root = try Self.project()
        let (key, pub) = try keys(in: root)
        let (_, otherPub) = try keys(in: root, name: "other")
        let server = try FeedServer()
        let feed = server.root.appendingPathComponent("feed")
        let published = try cli.tessera(["publish", "--config", root.appendingPathComponent("tessera.yml").path, "--key", key, "-o", feed.path])
        #expect(published.status == 0, "\(published.stderr)")
        let url = server.url("feed/manifest.json").absoluteString

        let good = try cli.binary(["feed", "verify", url, "--public-key", pub])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("tenant 'acme': version 1 loads"))
        #expect(good.stdout.contains("tenant 'globex': version 1 loads"))

        let own = try cli.binary(["feed", "verify", server.url("feed/manifest-acme.json").absoluteString, "--public-key", pub, "--tenant", "acme"])
        #expect(own.status == 0, "\(own.stderr)")

        let stranger = try cli.binary(["feed", "verify", url, "--public-key", otherPub, "--tenant", "acme"])
        #expect(stranger.status == 1)
        #expect(stranger.stderr.contains("signed by a key this app does not trust"))

        let missing = try cli.binary(["feed", "verify", url, "--public-key", pub, "--tenant", "initech"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no tenant 'initech'"))

        // One flipped byte in acme's theme.
        let trusted = try ThemeSigningKey.publicKey(fileText: String(contentsOfFile: pub, encoding: .utf8))
        let manifest = try FeedManifest(signedBytes: Data(contentsOf: feed.appendingPathComponent("manifest.json")), trustedKeys: [trusted])
        let path = try #require(manifest.tenants["acme"]?.path)
        var bytes = try Data(contentsOf: feed.appendingPathComponent(path))
        bytes[bytes.count - 70] ^= 0x01
        try server.serve(bytes, at: "feed/" + path)
        let flipped = try cli.binary(["feed", "verify", url, "--public-key", pub, "--tenant", "acme"])
        #expect(flipped.status == 1)
        #expect(flipped.stderr.contains("it was changed on the way"))

        server.stop()
        let down = try cli.binary(["feed", "verify", url, "--public-key", pub, "--tenant", "globex", "--timeout", "3"])
        #expect(down.status == 1)
        #expect(down.stderr.contains("cannot be reached"))
    }
}
