import Foundation

/// One scratch folder per test process, removed when the process exits: tests make their
/// files and folders inside it (`TestScratch.root.appendingPathComponent(…)`).
package enum TestScratch {
    package static let root: URL = {
        let url = folder
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.folder) }
        return url
    }()

    private static var folder: URL {
        let name = "tessera-tests-\(ProcessInfo.processInfo.processIdentifier)"
        return FileManager.default.temporaryDirectory.appendingPathComponent(name)
    }
}
