import Foundation

// The one place the process ends: the command's exit code once everything is written. Ending here
// also skips tearing down the loaded token set object by object, which only costs time.
var io = CommandIO.standard
exit(TesseraCommand.run(Array(CommandLine.arguments.dropFirst()), io: &io).rawValue)
