import Foundation
import TesseraDifferential

// Runs the differential check on random systems and prints a minimal reproducer of the first
// disagreement:
//
//     swift run tessera-differential [--cases N] [--seed S]
//
// Each case's resolver is written to $TMPDIR/tessera-differential-case.resolver.json before it
// runs, so that a case that stops the process can be run again with `tessera validate`.
var cases = 1_000
var seed = UInt64.random(in: 0...UInt64.max)
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--cases": cases = arguments.next().flatMap(Int.init) ?? cases
    case "--seed": seed = arguments.next().flatMap(UInt64.init) ?? seed
    default:
        FileHandle.standardError.write(Data("usage: tessera-differential [--cases N] [--seed S]\n".utf8))
        exit(2)
    }
}
let casePath = (NSTemporaryDirectory() as NSString).appendingPathComponent("tessera-differential-case.resolver.json")
print("seed \(seed), \(cases) cases")
var generator = SplitMix64(seed: seed)
for number in 0..<cases {
    let system = RandomSystem.random(using: &generator)
    try? system.resolverText.write(toFile: casePath, atomically: true, encoding: .utf8)
    let found = DifferentialCheck.run(system)
    guard let first = found.first else { continue }
    print("case \(number): \(found.count) disagreement(s); first: \(first)")
    let small = system.shrunk { candidate in
        DifferentialCheck.run(candidate).contains { $0.ways == first.ways }
    }
    print("minimal reproducer:\n\(small.resolverText)")
    for disagreement in DifferentialCheck.run(small) { print("  \(disagreement)") }
    exit(1)
}
print("\(cases) cases, no disagreement")
