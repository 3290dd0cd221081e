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
        let refused = TokenPipeline.run(paths: [url.path], options: options)
        #expect(refused.diagnostics.all.map(\.id) == [.fileTooLarge])
        #expect(refused.diagnostics.all.first?.location?.file == url.path)
        #expect(TokenPipeline.run(paths: [url.path]).diagnostics.all.isEmpty)
    }

    @Test func extendsCopiesUpToTheLimit() {
        let text = ##"{"base": {"$type": "number", "a": {"$value": 1}, "b": {"$value": 2}, "c": {"$value": 3}}, "x": {"$extends": "{base}"}, "y": {"$extends": "{x}"}}"##
        var options = PipelineOptions()
        options.limits.inheritedTokens = 4
        let refused = TokenPipeline.run(files: [SourceFile(path: "t.json", text: text)], options: options)
        #expect(refused.diagnostics.all.map(\.id) == [.extendsTooLarge])
        let allowed = TokenPipeline.run(files: [SourceFile(path: "t.json", text: text)])
        #expect(allowed.diagnostics.all.isEmpty)
        #expect(allowed.partialTokens["y.c"]?.value == .number(3))
    }
}
