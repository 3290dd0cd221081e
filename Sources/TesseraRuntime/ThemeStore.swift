internal import Atomics
import Foundation
import TesseraModel

/// The theme an app draws with, swapped and overridden while the app runs.
///
/// Layers, bottom first: the base theme (bundled, or a white-label tenant's compiled file),
/// the brand's overrides, the app's runtime overrides, and the contexts the platform's traits
/// choose. Every change makes a new immutable `Theme` and publishes it with one atomic store:
/// readers on any thread see the old theme or the new one, whole, and never wait for a writer.
/// A change that cannot apply (an override of a closed token, a damaged file) throws and leaves
/// everything as it was.
///
/// ```swift
/// let store = ThemeStore(try Theme(contentsOf: bundledThemeURL))
/// store.theme[accentKey]                                // any thread, lock-free
/// try store.update(.runtime) { $0.set("color.accent", to: brandColor) }
/// for await theme in store.updates() { redraw(with: theme) }
/// ```
public final class ThemeStore: Sendable {
    /// A layer of overrides.
    public enum Layer: Int, Sendable, CaseIterable {
        /// A white-label brand's overrides, under the app's own.
        case brand
        /// Overrides the app sets while it runs (seeds/001's `Colors.update()`).
        case runtime
    }

    /// Everything the published theme is made of.
    package struct State: Sendable {
        package var base: Theme
        package var overrides: [Layer: ThemeOverrides] = [:]
        /// The contexts chosen (by traits or by name), applied last.
        package var contexts: [String: String]

        /// The theme these layers make.
        func compose() throws(ThemeError) -> Theme {
            var theme = base
            for layer in Layer.allCases {
                if let overrides = overrides[layer] { theme = try theme.overriding(overrides) }
            }
            return try theme.with(contexts)
        }
    }

    /// A published theme with the state it was made from; swapped whole.
    private final class Published: AtomicReference, Sendable {
        let theme: Theme
        let state: State
        let version: UInt64

        init(theme: Theme, state: State, version: UInt64) {
            self.theme = theme
            self.state = state
            self.version = version
        }
    }

    private let published: ManagedAtomic<Published>
    /// Serializes writers (never taken by readers).
    private let writers = WriterLock()
    private let subscribers = Subscribers()

    public init(_ base: Theme) {
        let state = State(base: base, contexts: base.contexts)
        published = ManagedAtomic(Published(theme: base, state: state, version: 0))
    }

    /// The current theme: lock-free, from any thread.
    public var theme: Theme { published.load(ordering: .acquiring).theme }

    /// The layers the current theme is made of.
    package var state: State { published.load(ordering: .acquiring).state }

    /// How many changes have been published.
    package var version: UInt64 { published.load(ordering: .acquiring).version }

    /// Changes the layers with `change` and publishes the theme they make, or throws and changes
    /// nothing. Writers run one at a time; readers are never held up.
    @discardableResult
    package func modify(_ change: (inout State) throws(ThemeError) -> Void) throws(ThemeError) -> Theme {
        try writers.run { () throws(ThemeError) -> Theme in
            let current = published.load(ordering: .acquiring)
            var state = current.state
            try change(&state)
            let theme = try state.compose()
            let next = Published(theme: theme, state: state, version: current.version + 1)
            published.store(next, ordering: .releasing)
            subscribers.send(theme)
            return theme
        }
    }

    /// Replaces the base theme (another brand's compiled file, a downloaded tenant theme),
    /// keeping the overrides and contexts; when they do not apply to it, nothing changes.
    @discardableResult
    public func replaceBase(with theme: Theme) throws(ThemeError) -> Theme {
        try modify { state in
            let contexts = state.contexts.filter { name, context in
                theme.modifiers.contains { $0.name == name && $0.contexts.contains(context) }
            }
            state.base = theme
            state.contexts = theme.contexts.merging(contexts) { $1 }
        }
    }

    /// Loads a compiled theme file as the new base; on any failure (too large, damaged,
    /// unsigned or signed by another key) the current theme stays and the error says why.
    @discardableResult
    public func load(contentsOf url: URL, options: ThemeFile.LoadOptions = ThemeFile.LoadOptions()) throws(ThemeError) -> Theme {
        try replaceBase(with: try Theme(contentsOf: url, options: options))
    }

    /// Sets a layer's overrides, all of them or none.
    @discardableResult
    public func setOverrides(_ overrides: ThemeOverrides, for layer: Layer) throws(ThemeError) -> Theme {
        try modify { $0.overrides[layer] = overrides }
    }

    /// Adds overrides to a layer, all of them or none.
    @discardableResult
    public func update(_ layer: Layer = .runtime, _ change: (inout ThemeOverrides) -> Void) throws(ThemeError) -> Theme {
        try modify { state in
            var overrides = state.overrides[layer] ?? ThemeOverrides()
            change(&overrides)
            state.overrides[layer] = overrides
        }
    }

    /// Chooses contexts by name; the others keep theirs.
    @discardableResult
    public func select(_ contexts: [String: String]) throws(ThemeError) -> Theme {
        try modify { (state: inout State) throws(ThemeError) in
            state.contexts = try state.base.with(state.contexts).with(contexts).contexts
        }
    }

    /// Chooses contexts from the platform's traits through `mapping`.
    @discardableResult
    public func apply(_ traits: ThemeTraits, mapping: TraitMapping = .conventional) -> Theme {
        let choose = { (state: inout State) throws(ThemeError) in
            state.contexts = try state.base.with(state.contexts).with(traits, mapping: mapping).contexts
        }
        return (try? modify(choose)) ?? theme
    }

    /// Every theme published from now on, newest first when a reader falls behind (older ones
    /// are dropped: only the latest matters to a screen).
    public func updates() -> AsyncStream<Theme> {
        let (stream, continuation) = AsyncStream.makeStream(of: Theme.self, bufferingPolicy: .bufferingNewest(1))
        let id = subscribers.add(continuation)
        continuation.onTermination = { [subscribers] _ in subscribers.remove(id) }
        return stream
    }
}

/// A lock for writers.
///
/// `@unchecked Sendable`: `NSLock` is thread-safe, and the lock guards no state of its own;
/// callers hold it around their whole change.
final class WriterLock: @unchecked Sendable {
    private let lock = NSLock()

    func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// The continuations of `ThemeStore.updates()`.
///
/// `@unchecked Sendable`: `continuations` and `next` are only touched with `lock` held.
final class Subscribers: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<Theme>.Continuation] = [:]
    private var next = 0

    func add(_ continuation: AsyncStream<Theme>.Continuation) -> Int {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        continuations[next] = continuation
        return next
    }

    func remove(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        continuations[id] = nil
    }

    func send(_ theme: Theme) {
        lock.lock()
        let all = Array(continuations.values)
        lock.unlock()
        for continuation in all { continuation.yield(theme) }
    }
}
