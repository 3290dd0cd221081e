import Foundation

/// One conformance check: its failures, recorded as the test it came from recorded them.
final class Check {
    struct Stop: Error {}

    let name: String
    private(set) var failures: [String] = []

    init(name: String) {
        self.name = name
    }

    func expect(_ condition: Bool, _ message: @autoclosure () -> String = "", line: Int = #line) {
        if !condition { record(message(), line: line) }
    }

    /// The value, or a failure that ends the check.
    func require<T>(_ value: T?, _ message: @autoclosure () -> String = "", line: Int = #line) throws -> T {
        guard let value else {
            record(message().isEmpty ? "required value is missing" : message(), line: line)
            throw Stop()
        }
        return value
    }

    func require(_ condition: Bool, _ message: @autoclosure () -> String = "", line: Int = #line) throws {
        if !condition {
            record(message().isEmpty ? "requirement failed" : message(), line: line)
            throw Stop()
        }
    }

    func record(_ message: String, line: Int = #line) {
        failures.append("line \(line): \(message.isEmpty ? "expectation failed" : message)")
    }
}

/// Runs checks, printing one line for each, and counts those that fail.
final class Checks {
    private(set) var failed = 0
    private(set) var passed = 0
    let filter: String?

    init(filter: String?) {
        self.filter = filter
    }

    func run(_ name: String, _ body: (Check) throws -> Void) {
        if let filter, !name.contains(filter) { return }
        let check = Check(name: name)
        let start = Date()
        do {
            try body(check)
        } catch is Check.Stop {
        } catch {
            check.record("threw \(error)")
        }
        let seconds = String(format: "%.1fs", Date().timeIntervalSince(start))
        if check.failures.isEmpty {
            passed += 1
            print("ok    \(name) (\(seconds))")
        } else {
            failed += 1
            print("FAIL  \(name) (\(seconds)): \(check.failures.count) failure(s)")
            for failure in check.failures.prefix(10) { print("        \(failure)") }
            if check.failures.count > 10 { print("        … \(check.failures.count - 10) more") }
        }
        fflush(nil)
    }
}
