import Dispatch
import Foundation

/// Runs independent pieces of work on the machine's cores.
package enum Parallel {
    /// Whether splitting work is worth it here.
    static let isUseful = ProcessInfo.processInfo.activeProcessorCount > 1

    /// `body(0) … body(count - 1)`, run concurrently; the results in index order.
    package static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        if count <= 1 || !isUseful { return (0..<count).map(body) }
        let results = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(body(index), at: index)
        }
        return results.values
    }

    /// `range` cut into `parts` consecutive pieces of nearly equal size.
    package static func split(_ range: Range<Int>, into parts: Int) -> [Range<Int>] {
        let size = (range.count + parts - 1) / max(parts, 1)
        return stride(from: range.lowerBound, to: range.upperBound, by: max(size, 1)).map {
            $0..<min($0 + size, range.upperBound)
        }
    }

    /// Results written from several threads, each slot once, under a lock.
    private final class Slots<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [T?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func store(_ value: T, at index: Int) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        var values: [T] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }
}

extension Parallel {
    /// Lets go of `value` on another thread: freeing a large system's resolutions (every
    /// permutation's values and diagnostics) takes tens of milliseconds that the work after it
    /// need not wait for. Nothing else may read `value` or what it holds any more.
    package static func release<T>(_ value: T) {
        let released = Released(value)
        disposal.async { released.value = nil }
    }

    /// Runs `body` with what `release(_:)` is given meanwhile held until it returns (freeing
    /// what was released before may go on). Freeing takes a core that the work of `body` (a
    /// check of every permutation, on every core) would wait for. Not for short work done
    /// over and over (an edit checked in part): what it holds is then freed while the next
    /// one runs.
    package static func holdingReleases<T>(_ body: () throws -> T) rethrows -> T {
        disposal.suspend()
        defer { disposal.resume() }
        return try body()
    }

    private static let disposal = DispatchQueue(label: "tessera.disposal", qos: .utility)

    /// A value no one reads any more, on its way to being freed.
    private final class Released<T>: @unchecked Sendable {
        var value: T?
        init(_ value: T) { self.value = value }
    }
}
