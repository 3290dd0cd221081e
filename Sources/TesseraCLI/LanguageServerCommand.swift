import ArgumentParser
import Foundation
import Tessera
import TesseraAdopt
import TesseraBuild
import TesseraGenerate
import TesseraImporters
import TesseraLanguageServer

/// `tessera lsp`: a language server for token files over standard input and output.
struct LanguageServerCommand: TesseraSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run a Language Server Protocol server for token files on standard input and output (for editors).",
        discussion: """
            The workspace's system is what its root folder's tessera.yml or *.resolver.json says; \
            without either, the open files are the system. In Swift files, tessera adopt's replacements are quick fixes. \
            Exits with 0 after 'shutdown' and 'exit', 1 when the client goes away without them.
            """)

    func execute(_ io: inout CommandIO) throws -> ExitCode {
        let fixes = AdoptQuickFixes()
        return ExitCode(LanguageServer.run(input: .standardInput, output: .standardOutput, configuration: ConfiguredSystem.read(at:),
            swiftFixer: fixes.fixes))
    }
}

/// `tessera adopt`'s replacements as quick fixes of an open Swift file: the hand-written values
/// in the range asked about that one token has, rewritten to the accessors of the first `swift`
/// output of the workspace's `tessera.yml`. The tokens are matched as the editor holds them,
/// resolved once per state of the workspace.
final class AdoptQuickFixes: @unchecked Sendable {
    private let lock = NSLock()
    private var made: (generation: Int, matcher: AdoptMatcher, rewriter: AdoptRewriter)?

    func fixes(_ request: LanguageServer.SwiftFixRequest) -> [LanguageServer.SwiftFix] {
        guard let (matcher, rewriter) = prepared(request) else { return [] }
        let findings = AdoptScanner(declaredIn: [request.text]).scan(request.text, path: request.path)
        var fixes: [LanguageServer.SwiftFix] = []
        for finding in findings where finding.range.overlaps(request.range) || finding.range.contains(request.range.lowerBound) {
            guard case .exact(let token) = matcher.decide(finding).verdict,
                case .success(let replacement) = rewriter.replacement(for: finding, token: token, type: matcher.context.tokens[token].type)
            else { continue }
            let edits = rewriter.edits([(finding, replacement)], in: request.text).map { (range: $0.range, replacement: $0.replacement) }
            fixes.append(LanguageServer.SwiftFix(title: "Use '\(matcher.context.tokens[token].path)': \(replacement)", edits: edits))
        }
        return fixes
    }

    /// The matcher and rewriter of the request's state of the workspace: made once per state.
    private func prepared(_ request: LanguageServer.SwiftFixRequest) -> (AdoptMatcher, AdoptRewriter)? {
        lock.lock()
        defer { lock.unlock() }
        if let made, made.generation == request.generation { return (made.matcher, made.rewriter) }
        guard let root = request.root, let configuration = BuildConfiguration.load((root as NSString).appendingPathComponent("tessera.yml")).configuration,
            let swift = configuration.outputs.compactMap({ $0.options(as: SwiftOutput.self) }).first
        else { return nil }
        let resolved = request.system.resolveAll()
        guard let context = resolved.context(name: configuration.name ?? "tokens") else { return nil }
        var mapped = context
        if let modes = configuration.modes { mapped.traitMapping = .configured(modes) }
        let matcher = AdoptMatcher(mapped)
        let rewriter = AdoptRewriter(context: mapped, flavor: swift.emitter.flavor, rootName: swift.emitter.rootName)
        made = (request.generation, matcher, rewriter)
        return (matcher, rewriter)
    }
}
