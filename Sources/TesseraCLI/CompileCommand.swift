import ArgumentParser
import Foundation
import Tessera
import TesseraImporters

struct Compile: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile every permutation of a token system into a theme file that apps load without parsing JSON.",
        discussion: """
            Exit 0 when the theme is written, 1 when the sources have an error (nothing is written then, unless \
            --keep-going: then the theme holds every token no error touches), 2 for a usage mistake. The file is replaced atomically: a failure leaves the previous one as it was.
            """)

    @OptionGroup var options: CommonOptions

    @Option(name: .shortAndLong, help: "The compiled theme file to write (App.theme).")
    var output: String

    @Option(help: "Sign the file with this private key (made by 'tessera keygen'); apps that require a signature load only files signed by a key they trust.")
    var sign: String?

    @OptionGroup var keepGoing: KeepGoingOption

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        var signer: ThemeFile.Signer?
        if let sign {
            let text: String
            do {
                text = try String(contentsOfFile: sign, encoding: .utf8)
            } catch {
                throw ValidationError("cannot read the key '\(sign)': \(error.localizedDescription)")
            }
            do {
                signer = try ThemeSigningKey(fileText: text).signer
            } catch {
                throw ValidationError("'\(sign)': \(error)")
            }
        }
        let theme: Theme
        let files: [SourceFile]
        var bag = DiagnosticBag()
        let configured = try options.configured(io: &io)
        if configured.readsAsSystem {
            let resolved = configured.open().resolveAll(keepingGoing: keepGoing.keepGoing || configured.keepGoing)
            bag.append(contentsOf: resolved.diagnostics)
            files = resolved.files
            guard let permutations = resolved.permutations else {
                options.report(bag, files: files, of: configured, to: &io)
                return .failure
            }
            theme = Theme.compile(permutations)
        } else {
            let result = options.run(configured)
            files = result.files
            if keepGoing.keepGoing || configured.keepGoing, result.hasErrors {
                let sound = result.soundTokens()
                bag = DiagnosticBag(sound.diagnostics)
                theme = Theme.compile(sound.tokens)
            } else {
                bag = DiagnosticBag(result.diagnostics)
                guard let tokens = try? result.tokens() else {
                    options.report(bag, files: files, of: configured, to: &io)
                    return .failure
                }
                theme = Theme.compile(tokens)
            }
        }
        options.report(bag, files: files, of: configured, to: &io)
        // Kept going, but no token is sound: nothing to write.
        if bag.hasErrors, theme.count == 0 { return .failure }
        let url = URL(fileURLWithPath: output)
        do {
            try theme.write(to: url, signer: signer)
        } catch {
            io.write("error: cannot write '\(output)': \(error)\n", to: .standardError)
            return .failure
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        io.write("compiled \(theme.count) tokens in \(theme.permutationCount) permutation"
            + "\(theme.permutationCount == 1 ? "" : "s") (\(theme.storedValueCount) values stored) to \(output), \(size) bytes"
            + (signer == nil ? "" : ", signed") + "\n", to: .standardError)
        return bag.hasErrors ? .failure : .success
    }
}

struct Keygen: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Make an Ed25519 key pair for signing compiled themes: NAME.key (secret) and NAME.pub (built into the app).")

    @Argument(help: "The key files' path without extension.")
    var name: String

    @Flag(help: "Replace existing key files.")
    var force = false

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let key = ThemeSigningKey()
        let privatePath = name + ".key"
        let publicPath = name + ".pub"
        for path in [privatePath, publicPath] where !force && FileManager.default.fileExists(atPath: path) {
            throw ValidationError("'\(path)' exists; pass --force to replace it (themes signed with the old key will no longer verify)")
        }
        do {
            try Data(key.fileText.utf8).write(to: URL(fileURLWithPath: privatePath), options: .atomic)
            chmod(privatePath, 0o600)
            try Data(key.publicKeyFileText.utf8).write(to: URL(fileURLWithPath: publicPath), options: .atomic)
        } catch {
            io.write("error: cannot write the key files: \(error.localizedDescription)\n", to: .standardError)
            return .failure
        }
        io.write("wrote \(privatePath) (keep it secret) and \(publicPath)\n", to: .standardError)
        return .success
    }
}
