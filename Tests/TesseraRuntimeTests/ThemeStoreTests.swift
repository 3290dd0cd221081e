import Foundation
import Logging
import Tessera
import TesseraRuntime
import TesseraTestSupport
import Testing

@Suite struct ThemeStoreTests {
    @Test func layersComposeInOrder() throws {
        let theme = try smallTheme()
        let store = ThemeStore(theme)
        var brand = ThemeOverrides()
        brand.set("color.blue", to: ThemeColor(red: 0, green: 0, blue: 0.5))
        brand.set("color.red", to: ThemeColor(red: 0.5, green: 0, blue: 0))
        try store.setOverrides(brand, for: .brand)
        try store.update(.runtime) { $0.set("color.red", to: ThemeColor(red: 1, green: 1, blue: 1)) }
        #expect(store.theme[ThemeColor.self, "color.link"] == ThemeColor(red: 0, green: 0, blue: 0.5))
        #expect(store.theme[ThemeColor.self, "color.red"] == ThemeColor(red: 1, green: 1, blue: 1))
        #expect(store.version == 2)
        // A brand swapped under the runtime layer: the runtime layer still wins.
        var other = ThemeOverrides()
        other.set("color.red", to: ThemeColor(red: 0, green: 0.5, blue: 0))
        try store.setOverrides(other, for: .brand)
        #expect(store.theme[ThemeColor.self, "color.red"] == ThemeColor(red: 1, green: 1, blue: 1))
        #expect(store.theme[ThemeColor.self, "color.link"] == theme[ThemeColor.self, "color.blue"])
    }

    @Test func aFailedChangeLeavesTheThemeAsItWas() throws {
        let store = ThemeStore(try smallTheme())
        try store.update { $0.set("color.red", to: ThemeColor(red: 0, green: 0, blue: 0)) }
        let before = store.theme
        #expect(throws: ThemeError.self) {
            try store.update { overrides in
                overrides.set("color.blue", to: ThemeColor(red: 1, green: 1, blue: 1))
                overrides.set("color.repository.tint", to: ThemeColor(red: 1, green: 1, blue: 1))
            }
        }
        #expect(store.theme.isIdentical(to: before))
        #expect(store.version == 1)
        let damaged = TestScratch.root.appendingPathComponent("\(UUID().uuidString).theme")
        defer { try? FileManager.default.removeItem(at: damaged) }
        try Data([1, 2, 3]).write(to: damaged)
        #expect(throws: ThemeError.self) { try store.load(contentsOf: damaged) }
        #expect(store.theme.isIdentical(to: before))
    }

    @Test func contextsByNameAndByTraits() throws {
        let (theme, _) = try compiledExample()
        let store = ThemeStore(theme)
        try store.select(["theme": "dark"])
        #expect(store.theme.contexts["theme"] == "dark")
        store.apply(ThemeTraits(appearance: .light, contrast: .high))
        #expect(store.theme.contexts["theme"] == "light")
        #expect(store.theme.contexts["contrast"] == "high")
        #expect(throws: ThemeError.self) { try store.select(["theme": "sepia"]) }
        #expect(store.theme.contexts["contrast"] == "high")
    }

    @Test func updatesArePublished() async throws {
        let store = ThemeStore(try smallTheme())
        let updates = store.updates()
        try store.update { $0.set("color.red", to: ThemeColor(red: 0, green: 0, blue: 0)) }
        var iterator = updates.makeAsyncIterator()
        let next = await iterator.next()
        #expect(next?[ThemeColor.self, "color.red"] == ThemeColor(red: 0, green: 0, blue: 0))
    }

    @Test @MainActor func observation() async throws {
        let store = ThemeStore(try smallTheme())
        let observed = ObservableTheme(store)
        try store.update { $0.set("color.red", to: ThemeColor(red: 0, green: 0, blue: 0)) }
        for _ in 0..<200 where observed.theme[ThemeColor.self, "color.red"] != ThemeColor(red: 0, green: 0, blue: 0) {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(observed.theme[ThemeColor.self, "color.red"] == ThemeColor(red: 0, green: 0, blue: 0))
    }

    /// Readers on several threads while a writer swaps and overrides: every theme a reader sees
    /// is whole (all of an override set or none of it).
    @Test func concurrentReadersSeeWholeThemes() async throws {
        let theme = try smallTheme()
        let store = ThemeStore(theme)
        let blue = try #require(theme.key(ThemeColor.self, "color.blue"))
        let red = try #require(theme.key(ThemeColor.self, "color.red"))
        let link = try #require(theme.key(ThemeColor.self, "color.link"))
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen = 0
                    for _ in 0..<20_000 {
                        let current = store.theme
                        // Each override set makes blue, red and link the same color.
                        let b = current[blue], r = current[red], l = current[link]
                        if store.version > 0 && b == r { #expect(l == b) }
                        seen += 1
                    }
                    return seen
                }
            }
            group.addTask {
                for step in 1...300 {
                    let value = Double(step) / 300
                    var overrides = ThemeOverrides()
                    overrides.set("color.blue", to: ThemeColor(red: value, green: 0, blue: 0))
                    overrides.set("color.red", to: ThemeColor(red: value, green: 0, blue: 0))
                    try store.setOverrides(overrides, for: .runtime)
                }
                return 0
            }
            var reads = 0
            for try await count in group { reads += count }
            #expect(reads == 8 * 20_000)
        }
        #expect(store.version == 300)
    }
}

@Suite struct ThemeSigningTests {
    @Test func signedFilesVerify() throws {
        let key = ThemeSigningKey()
        let theme = try smallTheme()
        let bytes = try theme.encoded(signer: key.signer)
        let verifier = Ed25519Verifier(trusting: [key.publicKey])
        expectSameTheme(theme, try Theme(fileBytes: Data(bytes), options: .untrusted(verifier: verifier)))
    }

    @Test func foreignAndTamperedFilesAreRefused() throws {
        let key = ThemeSigningKey()
        let theme = try smallTheme()
        let bytes = try theme.encoded(signer: ThemeSigningKey().signer)
        let verifier = Ed25519Verifier(trusting: [key.publicKey])
        #expect(throws: ThemeError.signatureRefused("it is signed by a key this app does not trust")) {
            try Theme(fileBytes: Data(bytes), options: .untrusted(verifier: verifier))
        }
        var tampered = try theme.encoded(signer: key.signer)
        tampered[40] ^= 1
        #expect(throws: ThemeError.signatureRefused("the signature does not match the contents: the file was changed after it was signed")) {
            try Theme(fileBytes: Data(tampered), options: .untrusted(verifier: verifier))
        }
        // A signature block swapped for one with a trusted key but another file's signature.
        var swapped = try theme.encoded(signer: ThemeSigningKey().signer)
        swapped.replaceSubrange((swapped.count - 96)..<(swapped.count - 64), with: key.publicKey)
        #expect(throws: ThemeError.self) { try Theme(fileBytes: Data(swapped), options: .untrusted(verifier: verifier)) }
    }

    @Test func keyFiles() throws {
        let key = ThemeSigningKey()
        let again = try ThemeSigningKey(fileText: key.fileText)
        #expect(again.publicKey == key.publicKey)
        #expect(try ThemeSigningKey.publicKey(fileText: key.publicKeyFileText) == key.publicKey)
        #expect(throws: ThemeError.self) { try ThemeSigningKey(fileText: key.publicKeyFileText) }
        #expect(throws: ThemeError.self) { try ThemeSigningKey(fileText: "tessera ed25519 private key\nAAAA\n") }
    }
}

/// Collects what is logged.
final class CollectedLogs: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
}

struct CollectingHandler: LogHandler {
    let logs: CollectedLogs
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        logs.append("\(event.level): \(event.message) \(event.metadata?.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") ?? "")")
    }
}

@Suite struct ConfigParserFacadeTests {
    static let folder = sharedFixtures.appendingPathComponent("config-tokens")

    func facade() throws -> (ConfigParserFacade, CollectedLogs) {
        let logs = CollectedLogs()
        let facade = ConfigParserFacade(logger: Logger(label: "test") { _ in CollectingHandler(logs: logs) })
        try facade.load(folder: Self.folder)
        return (facade, logs)
    }

    @Test func answersWhatTesseraResolves() throws {
        let (facade, logs) = try facade()
        let tokens = try TokenSystem.resolving(paths: [Self.folder.path]).tokens()
        var compared = 0
        for token in tokens.all {
            let slashed = token.path.replacingOccurrences(of: ".", with: "/")
            switch token.value {
            case .color(let color):
                #expect(facade.colorFromToken(slashed) == ThemeColor(color), "\(slashed)")
                #expect(facade.colorFromShortToken("{\(token.path)}") == ThemeColor(color))
                compared += 1
            case .number(let number):
                #expect(facade.sizeFromToken(slashed) == number)
                compared += 1
            default: break
            }
        }
        #expect(compared > 10)
        #expect(logs.messages.isEmpty)
    }

    @Test func fallbacksAreTheParsersAndReportedOnce() throws {
        let (facade, logs) = try facade()
        for _ in 0..<3 {
            #expect(facade.colorFromToken("theme/no/such") == .clear)
            #expect(facade.sizeFromToken("theme/no/such") == 0)
            #expect(facade.colorFromShortToken("Accent.accent-600") == .clear)
            #expect(!facade.isUppercased(forStyle: "nonexistent"))
            #expect(facade.font(forStyle: "nonexistent").postScriptName == nil)
        }
        let messages = logs.messages
        #expect(messages.count == 5)
        #expect(messages.contains { $0.contains("colorFromToken('theme/no/such') answers clear: no token 'theme/no/such'") })
        #expect(messages.contains { $0.contains("sizeFromToken('theme/no/such') answers 0") && $0.contains("token=theme/no/such") })
        #expect(messages.contains { $0.contains("is not a {reference}") })
        #expect(messages.allSatisfy { $0.hasPrefix("warning") })
    }

    @Test func aWrongTypeIsSaid() throws {
        let (facade, logs) = try facade()
        let tokens = try TokenSystem.resolving(paths: [Self.folder.path]).tokens()
        let color = try #require(tokens.all.first { $0.type == .color && $0.path.hasPrefix("theme") })
        #expect(facade.sizeFromToken(color.path) == 0)
        #expect(logs.messages.first?.contains("is a color token, not a number or a fontWeight or a dimension") == true)
    }

    @Test func textStyles() throws {
        let (facade, _) = try facade()
        let tokens = try TokenSystem.resolving(paths: [Self.folder.path]).tokens()
        for token in tokens.tokens(under: "textStyles") {
            guard case .typography(let typography) = token.value else { continue }
            let name = String(token.path.dropFirst("textStyles.".count))
            let font = facade.font(forStyle: name)
            #expect(font.size == typography.fontSize.points)
            #expect(font.postScriptName == typography.fontFamily.first.map {
                $0.filter { $0 != " " } + "-" + FontWeight(numeric: typography.fontWeight).postScriptStyle
            })
            #expect(facade.isUppercased(forStyle: name) == (typography.textCase == .upper))
        }
    }
}
