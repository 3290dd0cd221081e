import Foundation

/// File name patterns as Style Dictionary's `source` and `include` write them, matched as its
/// glob library matches them: `*` any run of characters but `/`, `?` one such character,
/// `[abc]` and `[a-z]` one of a set (`[!…]` or `[^…]` none of it), `**` as a whole segment any
/// number of folders (none included), `{a,b}` either pattern. Names starting with `.` are
/// matched only by a pattern segment that starts with `.` too.
struct Glob {
    /// The patterns `pattern` stands for once its braces are expanded.
    let alternatives: [[Substring]]

    init(_ pattern: String) {
        alternatives = Self.expandingBraces(pattern).map { $0.split(separator: "/", omittingEmptySubsequences: false)[...].map { $0 } }
    }

    /// How many folder entries one search looks at, at most: a pattern such as `/**/*.json`
    /// stops there rather than walking a whole disk.
    static let entryLimit = 200_000

    /// The files under `base` that the pattern names (a relative pattern is relative to
    /// `base`), each once, in code-point order of their paths.
    func files(in base: String) -> [String] {
        var budget = Self.entryLimit
        var found: Set<String> = []
        for segments in alternatives {
            var segments = segments[...]
            var root = base
            if segments.first == "" {
                root = "/"
                segments = segments.dropFirst()
            }
            // The literal folders the pattern starts with.
            while segments.count > 1, let first = segments.first, !Self.hasWildcard(first) {
                root = first == "." ? root : (root as NSString).appendingPathComponent(String(first))
                segments = segments.dropFirst()
            }
            match(Array(segments)[...], in: root, into: &found, budget: &budget)
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private func match(_ segments: ArraySlice<Substring>, in folder: String, into found: inout Set<String>, budget: inout Int, depth: Int = 0) {
        guard let segment = segments.first, depth < 64, budget > 0 else { return }
        let rest = segments.dropFirst()
        let entries = Self.entries(of: folder)
        budget -= entries.count
        if segment == "**" {
            match(rest, in: folder, into: &found, budget: &budget, depth: depth + 1)
            for (name, isFolder) in entries where isFolder && !name.hasPrefix(".") {
                match(segments, in: (folder as NSString).appendingPathComponent(name), into: &found, budget: &budget, depth: depth + 1)
            }
            return
        }
        for (name, isFolder) in entries where Self.matches(Array(name.utf8)[...], Array(segment.utf8)[...]) {
            if name.hasPrefix("."), !segment.hasPrefix(".") { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            if rest.isEmpty {
                if !isFolder { found.insert(path) }
            } else if isFolder {
                match(rest, in: path, into: &found, budget: &budget, depth: depth + 1)
            }
        }
    }

    /// A folder's entries and whether each is a folder.
    static func entries(of folder: String) -> [(String, Bool)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name), isDirectory: &isFolder)
            return (name, isFolder.boolValue)
        }
    }

    static func hasWildcard(_ segment: Substring) -> Bool {
        segment.contains { "*?[".contains($0) }
    }

    /// Whether `name` matches the segment pattern `pattern` (bytes; `*`, `?`, `[…]`).
    static func matches(_ name: ArraySlice<UInt8>, _ pattern: ArraySlice<UInt8>) -> Bool {
        var name = name
        var pattern = pattern
        // The last `*` and the name position it stood at, to retry from on a mismatch.
        var star: (pattern: ArraySlice<UInt8>, name: ArraySlice<UInt8>)?
        while true {
            if let token = pattern.first {
                if token == UInt8(ascii: "*") {
                    pattern = pattern.dropFirst()
                    star = (pattern, name)
                    continue
                }
                if let char = name.first {
                    if token == UInt8(ascii: "?") {
                        name = name.dropFirst()
                        pattern = pattern.dropFirst()
                        continue
                    }
                    if token == UInt8(ascii: "["), let (matched, after) = matchClass(char, pattern) {
                        if matched {
                            name = name.dropFirst()
                            pattern = after
                            continue
                        }
                    } else if token == char {
                        name = name.dropFirst()
                        pattern = pattern.dropFirst()
                        continue
                    }
                }
            } else if name.isEmpty {
                return true
            }
            guard let retry = star, !retry.name.isEmpty else { return false }
            star = (retry.pattern, retry.name.dropFirst())
            pattern = retry.pattern
            name = retry.name.dropFirst()
        }
    }

    /// Whether `char` is in the class that `pattern` starts with (`[…]`), and the pattern after
    /// it; nil when the class is not closed (then `[` is itself).
    static func matchClass(_ char: UInt8, _ pattern: ArraySlice<UInt8>) -> (Bool, ArraySlice<UInt8>)? {
        var rest = pattern.dropFirst()
        var negated = false
        if let first = rest.first, first == UInt8(ascii: "!") || first == UInt8(ascii: "^") {
            negated = true
            rest = rest.dropFirst()
        }
        var matched = false
        var first = true
        while let byte = rest.first {
            if byte == UInt8(ascii: "]"), !first { return (matched != negated, rest.dropFirst()) }
            first = false
            rest = rest.dropFirst()
            if rest.count >= 2, rest.first == UInt8(ascii: "-"), let upper = rest.dropFirst().first, upper != UInt8(ascii: "]") {
                if byte <= char && char <= upper { matched = true }
                rest = rest.dropFirst(2)
            } else if byte == char {
                matched = true
            }
        }
        return nil
    }

    /// `a/{b,c}/*.json` as `a/b/*.json` and `a/c/*.json`; braces nest; an unclosed brace is
    /// itself. At most 256 patterns.
    static func expandingBraces(_ pattern: String) -> [String] {
        let characters = Array(pattern)
        guard let open = characters.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var parts: [String] = []
        var current = ""
        var close: Int?
        for index in (open + 1)..<characters.count {
            let character = characters[index]
            if character == "{" { depth += 1 }
            if character == "}" {
                if depth == 0 {
                    close = index
                    break
                }
                depth -= 1
            }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard let close else { return [pattern] }
        parts.append(current)
        let head = String(characters[..<open])
        let tail = String(characters[(close + 1)...])
        var expanded: [String] = []
        for part in parts {
            for pattern in expandingBraces(head + part + tail) where expanded.count < 256 { expanded.append(pattern) }
        }
        return expanded
    }
}
