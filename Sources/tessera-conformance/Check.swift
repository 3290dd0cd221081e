import Foundation
import TesseraConformanceKit

/// One conformance check: its failures, recorded as the test it came from recorded them.
final class Check: Expectations {
    struct Stop: Error {}

    let name: String
    private(set) var failures: [String] = []

    init(name: String) {
        self.name = name
    }

    func record(_ message: String, fileID: String = #fileID, line: Int = #line) {
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        failures.append("\(file):\(line): \(message.isEmpty ? "expectation failed" : message)")
    }

    func stop(_ message: String, fileID: String, line: Int) -> any Error {
        record(message, fileID: fileID, line: line)
        return Stop()
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
