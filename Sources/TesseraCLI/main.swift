import ArgumentParser
import Foundation
import Tessera

/// Usage mistakes exit with 2, as the command-line contract in the README states.
do {
    var command = try TesseraCommand.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    Foundation.exit(exit.rawValue)
} catch {
    let code = TesseraCommand.exitCode(for: error)
    let message = TesseraCommand.fullMessage(for: error)
    if code == .success {
        print(message)
        Foundation.exit(0)
    }
    FileHandle.standardError.write(Data((message + "\n").utf8))
    Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
}
