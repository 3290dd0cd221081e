import Foundation

/// One scratch folder per process, removed when the process exits: tests and checks make their
/// files and folders inside it.
package enum Scratch {
    package static let root: URL = {
        let url = location
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.location) }
        return url
    }()

    private static var location: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-scratch-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// A new, empty folder.
    package static func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path that does not exist yet.
    package static func freshPath(_ name: String) -> String {
        root.appendingPathComponent("\(name)-\(UUID().uuidString)").path
    }

    /// A token file in a fresh folder; its path.
    package static func write(_ text: String, name: String = "tokens.json") throws -> String {
        let url = try folder("cli").appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
