import ArgumentParser
import Foundation
import TesseraBuild
import TesseraImporters
import TesseraLanguageServer

/// `tessera lsp`: a language server for token files over standard input and output.
struct LanguageServerCommand: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run a Language Server Protocol server for token files on standard input and output (for editors).",
        discussion: """
            The workspace's system is what its root folder's tessera.yml or *.resolver.json says; \
            without either, the open files are the system. Exits with 0 after 'shutdown' and 'exit', \
            1 when the client goes away without them.
            """)

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        ExitCode(LanguageServer.run(input: .standardInput, output: .standardOutput, configuration: ConfiguredSystem.configured(at:)))
    }
}
