import Foundation
import TesseraDifferential
import TesseraTestSupport
import Testing

@testable import Tessera

/// Bad input never crashes or hangs: thousands of mutated token files, each read with the
/// example's other files, come back with diagnostics (every one that is no longer well-formed
/// JSON), each located inside its file.
struct RobustnessTests {

    static let seeds: [String] = {
        let examples = repositoryRoot.appendingPathComponent("Examples/tokens")
        let names = ["primitives.tokens.json", "semantic.tokens.json", "components.tokens.json"]
        return names.map { try! String(contentsOf: examples.appendingPathComponent($0), encoding: .utf8) }
    }()

    static let fragments: [[UInt8]] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "{a}", "{", "$value", "$type", "$ref", "#/",
        "$extends", "{color.blue.500}", "1e999", "-", "0", "null", "true", "\u{00}", "\u{FEFF}", "é", "\n",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xED, 0xA0, 0x80]]

    @Test(arguments: 0..<3)
    func mutatedFilesAlwaysComeBackWithLocatedDiagnostics(_ seedIndex: Int) throws {
        var generator = SplitMix64(seed: UInt64(seedIndex + 1) * 7919)
        let original = Array(Self.seeds[seedIndex].utf8)
        func files(_ mutant: SourceFile) -> [SourceFile] {
            Self.seeds.indices.map { $0 == seedIndex ? mutant : SourceFile(path: "seed-\($0).json", text: Self.seeds[$0]) }
        }
        let clean = TokenSystem.resolving(files: files(SourceFile(path: "seed-\(seedIndex).json", bytes: original)))
        #expect(clean.diagnostics.isEmpty, "the example's files read together are clean: \(clean.diagnostics.prefix(3))")
        var diagnosed = 0
        for round in 0..<400 {
            var bytes = original
            for _ in 0...Int.random(in: 0..<4, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    bytes.insert(contentsOf: Self.fragments.randomElement(using: &generator)!, at: position)
                case 1:
                    let end = min(bytes.count, position + Int.random(in: 1..<40, using: &generator))
                    bytes.removeSubrange(position..<end)
                default:
                    if position < bytes.count { bytes[position] = UInt8.random(in: 0...255, using: &generator) }
                }
            }
            let file = SourceFile(path: "mutant-\(seedIndex)-\(round).json", bytes: bytes)
            let read = files(file)
            let result = TokenSystem.resolving(files: read)
            // A mutant can still be a valid token file (a changed letter in a name, say); one
            // that is not even well-formed JSON must be diagnosed.
            let wellFormed = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
            #expect(wellFormed || !result.diagnostics.isEmpty, "\(file.path) is malformed JSON, yet no diagnostic")
            if !result.diagnostics.isEmpty { diagnosed += 1 }
            for diagnostic in result.diagnostics {
                guard let location = diagnostic.location else {
                    Issue.record("\(file.path): \(diagnostic.id) has no location")
                    continue
                }
                let source = try #require(read.first { $0.path == location.file }, "\(diagnostic.id) in \(location.file)")
                #expect(location.line >= 1 && location.line <= source.lineStarts.count)
                #expect(location.column >= 1)
            }
            _ = ResolvedEmitter.flat(result.partialTokens)
        }
        #expect(diagnosed >= 350, "\(diagnosed) of 400 mutants diagnosed")
    }
}

struct AdversarialTests {
    @Test func deeplyNestedGroupsAreAnErrorNotACrash() {
        let depth = 100_000
        let text = String(repeating: #"{"g":"#, count: depth) + "{}" + String(repeating: "}", count: depth)
        let result = pipeline(text)
        #expect(result.diagnostics.map(\.id) == [.jsonTooDeep])
    }

    @Test func manyUnknownReferencesAmongManySiblingsFinish() {
        let count = 20_000
        var text = #"{"g": {"$type": "number""#
        for index in 0..<count { text += #", "t\#(index)": {"$value": \#(index)}"# }
        text += "}, \"refs\": {\"$type\": \"number\""
        for index in 0..<count { text += #", "r\#(index)": {"$value": "{g.x\#(index)}"}"# }
        text += "}}"
        let result = pipeline(text)
        #expect(result.diagnostics.errorCount == count)
        #expect(result.diagnostics.allSatisfy { $0.id == .referenceUnknown })
    }
}
