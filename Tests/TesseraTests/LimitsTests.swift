import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Each limit is configurable, and what is past it is refused with a located diagnostic.
struct LimitsTests {
    @Test func aFileLargerThanTheLimitIsRefused() throws {
        let url = TestScratch.root.appendingPathComponent("limit-\(UUID().uuidString).tokens.json")
        try Data(##"{"a": {"$type": "number", "$value": 1}}"##.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var options = PipelineOptions()
        options.limits.fileSize = 16
        let refused = TokenSystem.resolving(paths: [url.path], options: options)
        #expect(refused.diagnostics.map(\.id) == [.fileTooLarge])
        #expect(refused.diagnostics.first?.location?.file == url.path)
        #expect(TokenSystem.resolving(paths: [url.path]).diagnostics.isEmpty)
    }

    @Test func extendsCopiesUpToTheLimit() {
        let text = ##"{"base": {"$type": "number", "a": {"$value": 1}, "b": {"$value": 2}, "c": {"$value": 3}}, "x": {"$extends": "{base}"}, "y": {"$extends": "{x}"}}"##
        var options = PipelineOptions()
        options.limits.inheritedTokens = 4
        let refused = TokenSystem.resolving(files: [SourceFile(path: "t.json", text: text)], options: options)
        #expect(refused.diagnostics.map(\.id) == [.extendsTooLarge])
        let allowed = TokenSystem.resolving(files: [SourceFile(path: "t.json", text: text)])
        #expect(allowed.diagnostics.isEmpty)
        #expect(allowed.partialTokens["y.c"]?.value == .number(3))
    }
}
