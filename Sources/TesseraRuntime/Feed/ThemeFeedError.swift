import Foundation

/// Why a theme feed's update did not happen. The theme in use never changes on a failure.
public enum ThemeFeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer: offline, refused, the connection lost mid-download.
    case network(String)
    /// No complete answer within the timeout.
    case timeout(seconds: Double)
    /// The server answered with a status other than 200 (or 304 for the manifest).
    case httpStatus(Int, url: String)
    /// The manifest is not one, or is signed by a key the app does not trust.
    case manifestRefused(FeedManifest.Refusal)
    /// A manifest older than one already seen (its `sequence`): an old signed manifest replayed.
    case rollback(offered: Int, seen: Int)
    /// The tenant's theme `version` is older than the cached theme's, in a manifest not older
    /// than the newest seen: the tenant's theme taken back to an earlier one.
    case versionRollback(offered: Int, seen: Int)
    /// The manifest has no theme for this tenant.
    case unknownTenant(String)
    /// The theme needs a newer runtime than this app's.
    case runtimeTooOld(required: Int, runtime: Int)
    /// The theme's bytes are not the size the manifest says (a truncated body).
    case sizeMismatch(expected: Int, received: Int)
    /// The theme's bytes do not have the hash the manifest says (changed on the way).
    case hashMismatch(expected: String, received: String)
    /// The theme file itself is refused (its signature, its contents).
    case themeRefused(ThemeError)
    /// The cache folder cannot be written.
    case cache(String)

    /// Whether trying again may succeed (the network, the server), as opposed to a refusal
    /// that the same feed will make again.
    public var isTransient: Bool {
        switch self {
        case .network, .timeout, .httpStatus, .sizeMismatch: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .network(let reason): "the feed cannot be reached: \(reason)"
        case .timeout(let seconds): "the feed did not answer within \(seconds) s"
        case .httpStatus(let status, let url): "the server answered \(status) for \(url)"
        case .manifestRefused(let refusal): refusal.description
        case .rollback(let offered, let seen):
            "the manifest's sequence \(offered) is older than \(seen), already seen: an old manifest was served again; refused"
        case .versionRollback(let offered, let seen):
            "the tenant's theme version \(offered) is older than version \(seen), already loaded: an earlier theme was offered again; refused"
        case .unknownTenant(let tenant): "the manifest has no tenant '\(tenant)'"
        case .runtimeTooOld(let required, let runtime):
            "the theme needs runtime \(required); this app has runtime \(runtime): update the app to get it"
        case .sizeMismatch(let expected, let received):
            "the theme has \(received) bytes, not the \(expected) the manifest says: the download was cut short"
        case .hashMismatch(let expected, let received):
            "the theme's SHA-256 is \(received), not \(expected) as the manifest says: it was changed on the way"
        case .themeRefused(let error): "the theme is refused: \(error)"
        case .cache(let reason): "the theme cache cannot be written: \(reason)"
        }
    }
}
