import Testing

@testable import Tessera

/// Which diagnostics are listed: the warning limit in file order (what the language server
/// lists, so that an edit checked in part lists what a whole check lists), and each diagnostic
/// once.
@Suite struct WarningListingTests {
    /// A reproducible shuffle.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static func legacy(_ file: String, line: Int, column: Int = 15) -> Diagnostic {
        Diagnostic(.legacyColorString("#ffffff", readAs: TokenColor(.srgb, [1, 1, 1])),
            at: SourceLocation(file: file, line: line, column: column, token: "t\(line)"))
    }

    /// 150 legacy colors in a.json, exactly 100 in b.json, an error in a.json.
    static let found: [Diagnostic] = (1...150).map { legacy("a.json", line: $0) } + (1...100).map { legacy("b.json", line: $0) }
        + [Diagnostic(.unknownReference("g.missing", path: "g.x"), at: SourceLocation(file: "a.json", line: 200, column: 3))]

    @Test func theFirstWarningsOfTheFileAreListedWhateverOrderTheyWereFoundIn() {
        let inOrder = WarningLimiter.listingFirstInFileOrder(Self.found, limit: 100)
        var generator = Generator(state: 7)
        for _ in 0..<5 {
            let shuffled = WarningLimiter.listingFirstInFileOrder(Self.found.shuffled(using: &generator), limit: 100)
            #expect(Set(shuffled) == Set(inOrder))
            #expect(shuffled.count == inOrder.count)
        }
        let aLines = inOrder.filter { $0.location?.file == "a.json" && $0.id == .colorLegacy && !$0.message.contains("not listed") }
            .map { $0.location!.line }
        #expect(aLines == Array(1...100))
        let summaries = inOrder.filter { $0.message.contains("not listed") }
        #expect(summaries.count == 1)
        #expect(summaries.first?.location?.line == 101)
        #expect(summaries.first?.count == 50)
        #expect(inOrder.filter { $0.location?.file == "b.json" }.count == 100, "exactly the limit: nothing summed up")
        #expect(inOrder.contains { $0.severity == .error }, "errors are never held back")
        #expect(WarningLimiter.listingFirstInFileOrder(Self.found, limit: nil) == Self.found)
    }

    /// On one line, the column decides, then the message.
    @Test func onOneLineTheColumnDecides() {
        let found = (1...3).reversed().map { Self.legacy("c.json", line: 1, column: $0 * 10) }
        let listed = WarningLimiter.listingFirstInFileOrder(found, limit: 2)
        #expect(Set(listed.filter { !$0.message.contains("not listed") }.map { $0.location!.column }) == [10, 20])
        #expect(listed.filter { $0.message.contains("not listed") }.map { $0.location!.column } == [30])
    }

    /// Listing each diagnostic once agrees with comparing every diagnostic whole with every
    /// other (a set of them), on lists with repeats and with different diagnostics at one place;
    /// the last lists are long enough to be looked over on two threads.
    @Test func eachDiagnosticIsListedOnceAsASetOfThemWouldList() {
        var generator = Generator(state: 11)
        for round in 0..<20 {
            let count = round < 17 ? 400 : 12_000
            var list: [Diagnostic] = []
            for _ in 0..<count {
                let line = Int.random(in: 1...count / 10, using: &generator)
                var diagnostic = Self.legacy(["a.json", "b.json"].randomElement(using: &generator)!, line: line)
                if Bool.random(using: &generator) { diagnostic.message += " (again)" }
                list.append(diagnostic)
            }
            var seen = Set<Diagnostic>()
            let expected = list.filter { seen.insert($0).inserted }
            LargeFileTests.expectSame(PipelineOptions.foldingFollowOns(list), expected)
        }
        let unique = (1...50).map { Self.legacy("a.json", line: $0) }
        #expect(PipelineOptions.foldingFollowOns(unique) == unique)
    }
}
