import TesseraConformanceKit
import Testing

/// The running test's issues, as the checks shared with the conformance tool record them: at
/// the test's source location, or wherever a helper that takes one was called from.
package struct TestExpectations: Expectations {
    let sourceLocation: Testing.SourceLocation

    package init(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        self.sourceLocation = sourceLocation
    }

    package func record(_ message: String, fileID: String, line: Int) {
        Issue.record(Comment(rawValue: message.isEmpty ? "expectation failed" : message), sourceLocation: sourceLocation)
    }

    /// Thrown out of the test, the error is its one issue.
    package func stop(_ message: String, fileID: String, line: Int) -> any Error {
        RequirementFailed(message: message)
    }

    struct RequirementFailed: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
