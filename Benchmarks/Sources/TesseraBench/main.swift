import Foundation
import Tessera
import TesseraImporters

/// Measures load + parse + resolve + validate for token sets on disk.
///
/// Usage: `swift run -c release --package-path Benchmarks TesseraBench [--rounds N] NAME=PATH[,PATH…] …`,
/// `… TesseraBench [--rounds N] --resolver NAME=RESOLVER …` or `--system NAME=PATH …` (every
/// permutation of a system any importer reads).
/// Prints, per set: tokens, median wall time, tokens per second, and the peak resident memory
/// of the process after that set (sets run in the order given, smallest first).
var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 5
if let flag = arguments.firstIndex(of: "--rounds"), flag + 1 < arguments.count {
    rounds = Int(arguments[flag + 1]) ?? 5
    arguments.removeSubrange(flag...(flag + 1))
}

func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

if arguments.first == "--resolver" || arguments.first == "--system" {
    // Every permutation of each resolver (or, with --system, of each system any importer
    // reads: a Style Dictionary folder, a Tokens Studio project): resolved and checked
    // against the others.
    let anySystem = arguments.removeFirst() == "--system"
    print("resolver\tpermutations\ttokens\ttokens_resolved\tmedian_s\tmin_s\tpeak_rss_mb")
    for argument in arguments {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts.count == 2 ? parts[0] : argument
        let path = parts.count == 2 ? parts[1] : argument
        var times: [Double] = []
        var permutations = 0
        var tokens = 0
        var resolved = 0
        for _ in 0..<rounds {
            let clock = ContinuousClock()
            let start = clock.now
            let system = anySystem
                ? TokenSystem(paths: [path], options: PipelineOptions(importers: .standard))
                : TokenSystem(resolverAt: path, options: PipelineOptions(importers: .standard))
            let report = system.checkAllPermutations()
            times.append((clock.now - start) / .seconds(1))
            permutations = report.permutationCount
            tokens = report.base?.document.count ?? 0
            resolved = report.tokensResolved
        }
        times.sort()
        print(String(format: "%@\t%d\t%d\t%d\t%.3f\t%.3f\t%.0f", name, permutations, tokens, resolved, times[times.count / 2], times[0],
            peakResidentMegabytes()))
    }
    exit(0)
}
print("set\ttokens\tmedian_s\tmin_s\ttokens_per_s\tpeak_rss_mb\tstages_ms(read,parse+resolve)")
for argument in arguments {
    let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
    let name = parts.count == 2 ? parts[0] : argument
    let paths = (parts.count == 2 ? parts[1] : argument).split(separator: ",").map(String.init)
    var times: [Double] = []
    var readTimes: [Double] = []
    var tokens = 0
    for _ in 0..<rounds {
        let clock = ContinuousClock()
        let start = clock.now
        var diagnostics: [Diagnostic] = []
        let files = TokenFileLoader.files(at: paths, importers: .standard, diagnostics: &diagnostics)
        let read = clock.now
        var system = TokenSystem(files: files, options: PipelineOptions(importers: .standard))
        let result = system.resolve()
        let end = clock.now
        tokens = result.document.count
        times.append((end - start) / .seconds(1))
        readTimes.append((read - start) / .seconds(1))
    }
    times.sort()
    readTimes.sort()
    let median = times[times.count / 2]
    let readMedian = readTimes[readTimes.count / 2]
    print(String(format: "%@\t%d\t%.3f\t%.3f\t%.0f\t%.0f\t%.0f,%.0f", name, tokens, median, times[0],
        Double(tokens) / median, peakResidentMegabytes(), readMedian * 1000, (median - readMedian) * 1000))
}
