/// Where a check shared by the tests and the conformance tool records what it finds: the
/// running test's issues, or a conformance check's failures.
package protocol Expectations {
    /// Records a failure (`fileID` and `line` say where the expectation is written).
    func record(_ message: String, fileID: String, line: Int)
    /// A failure that ends the check: recorded as the recorder records such failures, and the
    /// error to throw.
    func stop(_ message: String, fileID: String, line: Int) -> any Error
}

extension Expectations {
    package func expect(_ condition: Bool, _ message: @autoclosure () -> String = "", fileID: String = #fileID, line: Int = #line) {
        if !condition { record(message(), fileID: fileID, line: line) }
    }

    /// The value, or a failure that ends the check.
    package func require<T>(_ value: T?, _ message: @autoclosure () -> String = "", fileID: String = #fileID, line: Int = #line) throws -> T {
        guard let value else { throw stop(message().isEmpty ? "required value is missing" : message(), fileID: fileID, line: line) }
        return value
    }

    package func require(_ condition: Bool, _ message: @autoclosure () -> String = "", fileID: String = #fileID, line: Int = #line) throws {
        if !condition { throw stop(message().isEmpty ? "requirement failed" : message(), fileID: fileID, line: line) }
    }
}
