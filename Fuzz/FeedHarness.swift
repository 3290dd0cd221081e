// The feed-manifest target: a theme feed's manifest.json as a loader reads it. The input is read
// as the signed envelope and, whether it is one or not, as the signed manifest inside one (whose
// signature the fuzzer cannot make): every value is checked, and nothing crashes or hangs.
import Foundation

func fuzzFeedManifest(_ bytes: [UInt8]) {
    let data = Data(bytes)
    if let signed = try? FeedManifest.envelope(data) {
        _ = try? FeedManifest(checkedPayload: signed.payload)
    }
    if let manifest = try? FeedManifest(checkedPayload: data) {
        // What the loader does with an accepted manifest: paths stay inside the feed.
        for entry in manifest.tenants.values {
            precondition(FeedManifest.isFeedPath(entry.path) && !entry.path.contains(".."), "a path outside the feed was accepted")
            let url = URL(string: "https://feed.example/f/manifest.json")!.deletingLastPathComponent().appendingPathComponent(entry.path)
            precondition(url.host == "feed.example" && url.path.hasPrefix("/f/"), "a theme URL outside the feed: \(url)")
        }
    }
    _ = FeedManifest.isFeedPath(String(decoding: bytes, as: UTF8.self))
}
