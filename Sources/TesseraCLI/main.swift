import Foundation

// The one place the process ends: the command's exit code once everything is written. What a
// command kept in `io` (its token set) is still alive here, so it is never taken apart object by
// object, which only costs time.
var io = CommandIO.standard
exit(TesseraCommand.run(Array(CommandLine.arguments.dropFirst()), io: &io).rawValue)
