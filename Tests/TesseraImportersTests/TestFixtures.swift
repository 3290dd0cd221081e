import Foundation

/// This target's fixtures (copied into its bundle); those several targets read are the support
/// target's `sharedFixtures`.
let fixtures: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
