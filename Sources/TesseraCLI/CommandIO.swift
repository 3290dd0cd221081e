import ArgumentParser
import Foundation

/// Where a command writes: the process's standard output and error as it goes (the `tessera`
/// binary), or two buffers read afterwards (tests, which run many commands at once in one
/// process). Commands write only through it, never to the process's streams themselves.
struct CommandIO {
    enum Stream {
        case standardOutput, standardError
    }

    private let capturing: Bool

    /// What was written to standard output, when capturing.
    private(set) var output = ""

    /// What was written to standard error, when capturing.
    private(set) var errors = ""

    /// What a command read (a token set, a token system), held until the process ends: the binary
    /// exits without taking a large token set apart object by object, which only costs time.
    private var keptUntilExit: [any Sendable] = []

    private init(capturing: Bool) {
        self.capturing = capturing
    }

    /// The process's standard output and error.
    static var standard: CommandIO { CommandIO(capturing: false) }

    /// Buffers, read through `output` and `errors`.
    static var captured: CommandIO { CommandIO(capturing: true) }

    mutating func write(_ text: String, to stream: Stream) {
        switch (stream, capturing) {
        case (.standardOutput, false): FileHandle.standardOutput.write(Data(text.utf8))
        case (.standardError, false): FileHandle.standardError.write(Data(text.utf8))
        case (.standardOutput, true): output += text
        case (.standardError, true): errors += text
        }
    }

    /// Keeps `value` alive as long as this sink, which for the binary is until the process exits.
    mutating func keepUntilExit(_ value: any Sendable) {
        keptUntilExit.append(value)
    }

    /// The width ArgumentParser wraps help and usage to: the terminal's for the process's streams
    /// (`nil`), and for buffers the 80 columns it uses when standard output is not a terminal.
    var helpColumns: Int? { capturing ? 80 : nil }
}

/// A `tessera` subcommand: its run returns the exit code and writes through a `CommandIO`;
/// ending the process is left to `main.swift`.
protocol TesseraSubcommand: ParsableCommand {
    func execute(_ io: inout CommandIO) throws -> ExitCode
}

extension TesseraSubcommand {
    /// ArgumentParser's entry point, should anything call it: runs with the process's streams and
    /// throws a code other than success.
    mutating func run() throws {
        var io = CommandIO.standard
        let code = try execute(&io)
        if code != .success { throw code }
    }
}

extension TesseraCommand {
    /// Parses `arguments` (the program's name left out), runs the command they name, and returns
    /// the exit code, with everything written through `io`: ArgumentParser's help, version and
    /// usage errors as the command's own output and diagnostics. Usage mistakes exit with 2, as
    /// the command-line contract in the README states.
    static func run(_ arguments: [String], io: inout CommandIO) -> ExitCode {
        do {
            var command = try parseAsRoot(arguments)
            if let subcommand = command as? any TesseraSubcommand {
                return try subcommand.execute(&io)
            }
            // `tessera` alone and `tessera help`: ArgumentParser's own, which throw what they print.
            try command.run()
            return .success
        } catch let code as ExitCode {
            return code
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error, columns: io.helpColumns)
            if code == .success {
                io.write(message + "\n", to: .standardOutput)
                return .success
            }
            io.write(message + "\n", to: .standardError)
            return code == .validationFailure ? ExitCode(2) : code
        }
    }
}
