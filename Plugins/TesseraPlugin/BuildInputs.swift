import Foundation

/// The files a `tessera build` command depends on: its configuration, and every file and
/// source folder the last build of that configuration read, as its build state records them
/// (`i HASH PATH` for a file, `f FOLDER` for a folder whose listing it read). Before a first
/// build there is no state: the configuration alone, and the command runs anyway because its
/// output is missing. A build that reads other files (a `resolver:` or `sources:` changed in
/// the configuration) runs because the configuration changed, and records them for the next.
enum BuildInputs {
    static func files(configuration: URL, state: URL) -> [URL] {
        var inputs = [configuration]
        guard let data = FileManager.default.contents(atPath: state.path), let text = String(data: data, encoding: .utf8),
            text.hasPrefix("tessera-build-state ")
        else { return inputs }
        var seen: Set<String> = [configuration.standardizedFileURL.path]
        for line in text.split(separator: "\n") {
            let path: Substring
            if line.hasPrefix("i ") {
                // `i HASH PATH`: the path is everything after the hash, spaces included.
                let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3 else { continue }
                path = fields[2]
            } else if line.hasPrefix("f ") {
                path = line.dropFirst(2)
            } else {
                continue
            }
            guard path.hasPrefix("/"), seen.insert(String(path)).inserted else { continue }
            inputs.append(URL(fileURLWithPath: String(path)))
        }
        return inputs
    }
}
