import Foundation

/// A theme feed's `manifest.json`: per tenant, where its signed theme is, its hash, size and
/// version, and the oldest runtime that reads it; signed as a whole with Ed25519.
///
/// The file is an envelope around the manifest's bytes, so that the signature covers exactly
/// the bytes that were signed (no canonical JSON needed):
///
/// ```json
/// {"manifest": "<base64 of the manifest's JSON>", "publicKey": "<base64, 32 bytes>", "signature": "<base64, 64 bytes>"}
/// ```
public struct FeedManifest: Codable, Sendable, Equatable {
    /// One tenant's theme.
    public struct Entry: Codable, Sendable, Equatable {
        /// The tenant's display name.
        public var name: String
        /// The theme's path, relative to the manifest's folder: `themes/<tenant>-<sha256>.theme`.
        public var path: String
        /// The SHA-256 of the theme file's bytes, lowercase hexadecimal.
        public var sha256: String
        /// The theme file's size in bytes.
        public var size: Int
        /// Raised each time the tenant's theme changes; never lower in a later manifest.
        public var version: Int
        /// The oldest runtime (`ThemeFeed.runtimeVersion`) that reads the theme.
        public var minimumRuntime: Int

        public init(name: String, path: String, sha256: String, size: Int, version: Int, minimumRuntime: Int) {
            self.name = name
            self.path = path
            self.sha256 = sha256
            self.size = size
            self.version = version
            self.minimumRuntime = minimumRuntime
        }
    }

    /// The manifest format (1).
    public var format: Int
    /// Raised by every publication that changes anything; a loader refuses one lower than the
    /// highest it has seen.
    public var sequence: Int
    /// Tenants by id.
    public var tenants: [String: Entry]
    /// Tenants removed from the feed, by id, with the last version each had: a tenant published
    /// again goes on from it, so that its apps do not take its new theme for an older one. Absent
    /// (nil) until a tenant is removed; loaders ignore it.
    public var retired: [String: Int]?

    public static let currentFormat = 1
    /// The largest manifest a loader reads.
    public static let maximumSize = 8 << 20

    public init(sequence: Int, tenants: [String: Entry], retired: [String: Int]? = nil) {
        format = Self.currentFormat
        self.sequence = sequence
        self.tenants = tenants
        self.retired = retired
    }

    struct Envelope: Codable {
        var manifest: String
        var publicKey: String
        var signature: String
    }

    /// Why a manifest's bytes are refused.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a manifest envelope, or its manifest is not one.
        case malformed(String)
        /// Signed by a key the app does not trust, or changed after signing.
        case signature(String)

        public var description: String {
            switch self {
            case .malformed(let reason): "the manifest is malformed: \(reason)"
            case .signature(let reason): "the manifest's signature is refused: \(reason)"
            }
        }
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The parts of a manifest file: the signed bytes, the key and the signature, unchecked.
    struct Signed {
        var payload: Data
        var publicKey: [UInt8]
        var signature: Data
    }

    /// Splits a manifest file into its parts; the signature is not checked here.
    static func envelope(_ bytes: Data) throws(Refusal) -> Signed {
        guard bytes.count <= Self.maximumSize else { throw .malformed("\(bytes.count) bytes, more than \(Self.maximumSize)") }
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: bytes) else {
            throw .malformed("not a JSON object with 'manifest', 'publicKey' and 'signature' strings")
        }
        guard let payload = Data(base64Encoded: envelope.manifest), let key = Data(base64Encoded: envelope.publicKey),
            let signature = Data(base64Encoded: envelope.signature)
        else { throw .malformed("'manifest', 'publicKey' and 'signature' must be base64") }
        guard key.count == 32, signature.count == 64 else { throw .malformed("a public key has 32 bytes and a signature 64") }
        return Signed(payload: payload, publicKey: Array(key), signature: signature)
    }

    /// The manifest in signed bytes whose signature was checked: every value in it checked too
    /// (sizes, versions, hashes, paths inside the feed).
    init(checkedPayload payload: Data) throws(Refusal) {
        let manifest: FeedManifest
        do {
            manifest = try JSONDecoder().decode(FeedManifest.self, from: payload)
        } catch {
            throw .malformed("the signed manifest does not read: \(error)")
        }
        guard manifest.format == Self.currentFormat else {
            throw .malformed("format \(manifest.format); this runtime reads format \(Self.currentFormat)")
        }
        guard manifest.sequence >= 1 else { throw .malformed("sequence \(manifest.sequence) is not positive") }
        for (id, entry) in manifest.tenants.sorted(by: { $0.key < $1.key }) {
            guard entry.size > 0, entry.version >= 1, entry.minimumRuntime >= 1 else {
                throw .malformed("tenant '\(id)': size, version and minimumRuntime must be positive")
            }
            guard entry.sha256.utf8.count == 64, entry.sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw .malformed("tenant '\(id)': sha256 is not 64 lowercase hexadecimal digits")
            }
            guard Self.isFeedPath(entry.path) else {
                throw .malformed("tenant '\(id)': path '\(entry.path)' is not a relative path inside the feed")
            }
        }
        for (id, version) in (manifest.retired ?? [:]).sorted(by: { $0.key < $1.key }) where version < 1 {
            throw .malformed("retired tenant '\(id)': version \(version) is not positive")
        }
        self = manifest
    }

    /// A relative path of letters, digits, `-`, `_`, `.` and `/`, without `..` anywhere (not
    /// even inside a name, which some servers and caches normalize), an empty segment or a
    /// leading slash.
    static func isFeedPath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains(".."), path.utf8.count <= 1024 else { return false }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_./"))
        guard path.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }
}
