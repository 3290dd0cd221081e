import Foundation

/// What a process wrote, and how it ended.
package struct CommandOutput: Equatable, Sendable {
    package let status: Int32
    package let stdout: String
    package let stderr: String

    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

package enum Processes {
    /// Runs a program to its end. With `mergingErrors`, standard error goes to `stdout` too, in
    /// the order written.
    package static func run(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String]? = nil, mergingErrors: Bool = false,
        in folder: URL? = nil
    ) throws -> CommandOutput {
        let process = Process()
        process.executableURL = executable
        if let folder { process.currentDirectoryURL = folder }
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = mergingErrors ? out : err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = mergingErrors ? Data() : err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandOutput(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// `git -C folder` with a committer of its own.
    package static func git(_ arguments: [String], in folder: URL) throws -> CommandOutput {
        try run(URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-C", folder.path, "-c", "user.name=Tessera", "-c", "user.email=tessera@example.com"] + arguments)
    }
}
