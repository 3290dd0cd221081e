#if canImport(Observation)
import Observation
import TesseraModel

/// A store's current theme for SwiftUI and other Observation clients: views that read `theme`
/// are updated when the store publishes another.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservableTheme {
    /// The latest theme the store published.
    public private(set) var theme: Theme
    @ObservationIgnored private var task: Task<Void, Never>?

    public init(_ store: ThemeStore) {
        theme = store.theme
        let updates = store.updates()
        task = Task { [weak self] in
            for await theme in updates {
                self?.theme = theme
            }
        }
    }

    // A plain deinit: the task is Sendable, so a nonisolated deinit may read and cancel it.
    deinit {
        task?.cancel()
    }
}
#endif
