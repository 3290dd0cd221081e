import Foundation
import Testing

import Tessera
import TesseraConformanceKit
import TesseraImporters

/// Runs the whole pipeline on in-memory files, each read in the format its name and content
/// call for, as the command line reads them.
package func pipeline(_ texts: [String: String], strict: Bool = false) -> TokenSystem.Permutation {
    let files = texts.keys.sorted().map { SourceFile(path: $0, text: texts[$0]!) }
    return TokenSystem.resolving(files: files, options: PipelineOptions(strict: strict, importers: .standard))
}

package func pipeline(_ text: String, strict: Bool = false) -> TokenSystem.Permutation {
    pipeline(["tokens.json": text], strict: strict)
}

/// A source text in which `⊙` marks where diagnostics are expected; the markers are removed
/// and their 1-based line and column (in Unicode scalars) recorded in order.
package struct MarkedSource {
    package let text: String
    package let marks: [(line: Int, column: Int)]

    package init(_ marked: String) {
        var text = ""
        var marks: [(Int, Int)] = []
        var line = 1
        var column = 1
        for scalar in marked.unicodeScalars {
            if scalar == "⊙" {
                marks.append((line, column))
                continue
            }
            text.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.text = text
        self.marks = marks
    }
}

/// Asserts that the diagnostics with `severity` or worse are exactly `ids`, at the marks, in order.
package func expectDiagnostics(
    _ marked: String, _ ids: [DiagnosticID], severity: Severity = .error, strict: Bool = false,
    fileName: String = "tokens.json", sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let source = MarkedSource(marked)
    let result = pipeline([fileName: source.text], strict: strict)
    let found = result.diagnostics.inReadingOrder.filter { $0.severity >= severity }
    #expect(found.map(\.id) == ids, "\(found.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) [\($0.id)]" })",
        sourceLocation: sourceLocation)
    guard source.marks.count == found.count else {
        if !source.marks.isEmpty {
            Issue.record("expected \(source.marks.count) marked diagnostics, found \(found.count)", sourceLocation: sourceLocation)
        }
        return
    }
    for (mark, diagnostic) in zip(source.marks, found) {
        #expect(diagnostic.location?.line == mark.line && diagnostic.location?.column == mark.column,
            "\(diagnostic.id) at \(diagnostic.location?.line ?? 0):\(diagnostic.location?.column ?? 0), expected \(mark.line):\(mark.column)",
            sourceLocation: sourceLocation)
    }
}

/// The repository's root folder (Examples, Sources, Tests/StandIns, .build).
package let repositoryRoot = Toolchain.root

/// The fixtures that several test targets read (copied into this target's bundle).
package let sharedFixtures: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

/// The folder of the built products: the test bundles, the modules and the `tessera` binary.
package let productsFolder: URL = Bundle.module.bundleURL.deletingLastPathComponent()

/// One token's resolved flat text, or nil.
package func flat(_ result: TokenSystem.Permutation, _ path: String) -> String? {
    result.partialTokens[path]?.value.flatText
}
