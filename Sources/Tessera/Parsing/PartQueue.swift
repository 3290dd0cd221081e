import Dispatch
import Foundation

/// The parts an outline sets aside, handed to the threads that parse them as soon as they are
/// set aside, so parsing them overlaps with the rest of the outline.
///
/// Unchecked: every access to the parts, the results and the state goes through `condition`.
final class PartQueue: @unchecked Sendable {
    private let parse: @Sendable (DocumentParser.Part) -> DocumentParser.PartResult?
    private let helper = DispatchGroup()
    private let condition = NSCondition()
    private var parts: [DocumentParser.Part] = []
    private var results: [DocumentParser.PartResult?] = []
    private var next = 0
    private var closed = false

    /// Starts a helper thread that parses parts with `parse` as they are added.
    init(parse: @escaping @Sendable (DocumentParser.Part) -> DocumentParser.PartResult?) {
        self.parse = parse
        DispatchQueue.global().async(group: helper) { self.work() }
    }

    /// Closes the queue, helps parse the parts left and waits for the helper: the results by
    /// part, nil for a part that failed.
    func finish() -> [DocumentParser.PartResult?] {
        close()
        work()
        helper.wait()
        condition.lock()
        defer { condition.unlock() }
        return results
    }

    /// Adds a part to be parsed.
    func add(_ part: DocumentParser.Part) {
        condition.lock()
        parts.append(part)
        results.append(nil)
        condition.signal()
        condition.unlock()
    }

    /// No more parts will come.
    private func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Parses parts until there are none left and the queue is closed.
    private func work() {
        while let (index, part) = take() {
            let result = parse(part)
            condition.lock()
            results[index] = result
            condition.unlock()
        }
    }

    private func take() -> (Int, DocumentParser.Part)? {
        condition.lock()
        defer { condition.unlock() }
        while next == parts.count, !closed { condition.wait() }
        guard next < parts.count else { return nil }
        next += 1
        return (next - 1, parts[next - 1])
    }
}
