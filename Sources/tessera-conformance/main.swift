import Foundation

// Tessera against the real token sets of the shared corpus: design systems with their resolver
// files, the specification's examples, other tools' outputs for the same inputs, and files as
// Xcode, Figma and Tokens Studio write them.
//
//     swift run tessera-conformance ../shared/corpus [--only TEXT]
//
// One line for each check; exits 1 when any fails, 2 when the corpus is missing. The corpus
// stays outside the repository (its README says where each set comes from and its license).
var corpusPath: String?
var only: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--only": only = arguments.next()
    case _ where !argument.hasPrefix("-") && corpusPath == nil: corpusPath = argument
    default:
        FileHandle.standardError.write(Data("usage: tessera-conformance CORPUS [--only TEXT]\n".utf8))
        exit(2)
    }
}
guard let corpusPath else {
    FileHandle.standardError.write(Data("usage: tessera-conformance CORPUS [--only TEXT]\n".utf8))
    exit(2)
}
let corpus = Corpus(URL(fileURLWithPath: corpusPath).standardizedFileURL)
let missing = corpus.missing
guard missing.isEmpty else {
    FileHandle.standardError.write(Data("""
        tessera-conformance: the corpus is not at \(corpus.root.path): missing \(missing.joined(separator: ", "))
        (CI has it at ../shared/corpus beside the clone)

        """.utf8))
    exit(2)
}
print("corpus \(corpus.root.path)")
let checks = Checks(filter: only)
CorpusChecks(corpus: corpus).run(checks)
SpecExampleChecks(corpus: corpus).run(checks)
TerrazzoChecks(corpus: corpus).run(checks)
FigmaChecks(corpus: corpus).run(checks)
TokensStudioChecks(corpus: corpus).run(checks)
ParagonChecks(corpus: corpus).run(checks)
AssetCatalogChecks(corpus: corpus).run(checks)
RealExportChecks(corpus: corpus).run(checks)
print("\(checks.passed) passed, \(checks.failed) failed")
exit(checks.failed == 0 ? 0 : 1)
