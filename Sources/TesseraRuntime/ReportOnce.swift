import Foundation
import Logging
import TesseraModel

/// Logs each distinct problem once through swift-log, however often it happens: a lookup that
/// falls back on every frame says so the first time only.
///
/// `@unchecked Sendable`: `seen` is only touched with `lock` held; `Logger` is a value.
package final class ReportOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = Set<String>()
    package let logger: Logger

    package init(logger: Logger) { self.logger = logger }

    /// Logs `message` with `metadata` unless `key` was reported before; whether it logged.
    @discardableResult
    package func report(_ key: String, _ message: @autoclosure () -> String, metadata: Logger.Metadata = [:]) -> Bool {
        lock.lock()
        let first = seen.insert(key).inserted
        lock.unlock()
        if first { logger.warning(Logger.Message(stringLiteral: message()), metadata: metadata) }
        return first
    }

    /// How many distinct problems were reported.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return seen.count
    }
}
