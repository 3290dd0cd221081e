import Foundation
import TesseraDifferential

// Runs the differential check on random systems and prints a minimal reproducer of the first
// disagreement:
//
//     swift run tessera-differential [--cases N] [--seed S] [--survey]
//
// With --survey, every case is run and the disagreements are counted by kind instead.
//
// Each case's resolver is written to $TMPDIR/tessera-differential-case.resolver.json before it
// runs, so that a case that stops the process can be run again with `tessera validate`.
var cases = 1_000
var seed = UInt64.random(in: 0...UInt64.max)
var survey = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--cases": cases = arguments.next().flatMap(Int.init) ?? cases
    case "--seed": seed = arguments.next().flatMap(UInt64.init) ?? seed
    case "--survey": survey = true
    default:
        FileHandle.standardError.write(Data("usage: tessera-differential [--cases N] [--seed S] [--survey]\n".utf8))
        exit(2)
    }
}
let casePath = (NSTemporaryDirectory() as NSString).appendingPathComponent("tessera-differential-case.resolver.json")
print("seed \(seed), \(cases) cases")
var generator = SplitMix64(seed: seed)
var kinds: [String: Int] = [:]
var failing = 0
for number in 0..<cases {
    let system = RandomSystem.random(using: &generator)
    try? system.resolverText.write(toFile: casePath, atomically: true, encoding: .utf8)
    let found = DifferentialCheck.run(system)
    guard let first = found.first else { continue }
    if survey {
        failing += 1
        for kind in Set(found.map(\.kind)) { kinds[kind, default: 0] += 1 }
        continue
    }
    print("case \(number): \(found.count) disagreement(s); first: \(first)")
    let small = system.shrunk { candidate in
        DifferentialCheck.run(candidate).contains { $0.ways == first.ways }
    }
    print("minimal reproducer:\n\(small.resolverText)")
    for disagreement in DifferentialCheck.run(small) { print("  \(disagreement)") }
    exit(1)
}
if survey, failing > 0 {
    print("\(failing) of \(cases) cases disagree; cases by kind of disagreement:")
    for (kind, count) in kinds.sorted(by: { $0.value > $1.value }) { print("  \(count)\t\(kind)") }
    exit(1)
}
print("\(cases) cases, no disagreement")
