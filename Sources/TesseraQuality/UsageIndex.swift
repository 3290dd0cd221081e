import Foundation
import Tessera
import TesseraGenerate

/// What an app's Swift sources name: member chains (`Tokens.Color.Text.primary`,
/// `Color.Text.primary`) and string literals (`"color/text/primary"`), each with where it is
/// first written, as `SwiftSourceWalker` reads them. Comments are skipped.
public struct UsageIndex: Sendable {
    /// The folders (or files) scanned.
    package let folders: [String]
    /// Every run of two or more consecutive names of a member chain, joined by `.`, and every
    /// single name, with its first place.
    private var chains: [String: SourceLocation] = [:]
    /// Every string literal's text, `{}` removed and `/` read as `.`, with its first place.
    private var strings: [String: SourceLocation] = [:]
    /// How many Swift files were read.
    package private(set) var fileCount = 0

    /// Reads every `.swift` file in `folders` (recursively; `.build` and hidden folders left out).
    package init(folders: [String]) {
        self.folders = folders
        for folder in folders {
            for path in SwiftSourceWalker.swiftFiles(in: folder) {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                fileCount += 1
                scan(Array(data), path: path)
            }
        }
    }

    /// Reads one source text (for tests).
    package init(source: String, path: String) {
        folders = [path]
        fileCount = 1
        scan(Array(source.utf8), path: path)
    }

    /// Where the app uses a token: its generated accessor's chain (`Tokens.Color.Text.primary`,
    /// written from any of its groups on), or its path in a string.
    package func use(of token: GenerationContext.Token) -> SourceLocation? {
        if let place = strings[token.path] { return place }
        return chains[OutputContext.swiftMemberNames(token.names).joined(separator: ".")]
    }

    private mutating func record(chain names: [String], at place: SourceLocation) {
        for start in names.indices {
            var key = ""
            for end in start..<min(names.count, start + 12) {
                key += (end == start ? "" : ".") + names[end]
                if chains[key] == nil { chains[key] = place }
            }
        }
    }

    /// Records the chains and single-line string literals of one file's code, as
    /// `SwiftSourceWalker` finds them, at their first places (1-based line, column in bytes).
    private mutating func scan(_ bytes: [UInt8], path: String) {
        let file = SourceFile(path: path, bytes: bytes)
        func place(_ offset: Int) -> SourceLocation {
            let (line, character) = file.position(at: offset, counting: .utf8)
            return SourceLocation(file: path, line: line + 1, column: character + 1)
        }
        SwiftSourceWalker.walk(bytes) { item in
            switch item {
            case .chain(let names, _):
                record(chain: names.map(\.text), at: place(names[0].start))
            case .string(let literal, _):
                guard !literal.isMultiline, !literal.isInterpolated, literal.text.utf8.count < 512 else { return }
                var value = literal.text
                if value.hasPrefix("{") && value.hasSuffix("}") { value = String(value.dropFirst().dropLast()) }
                value = value.replacingOccurrences(of: "/", with: ".")
                if strings[value] == nil { strings[value] = place(literal.range.lowerBound) }
            }
        }
    }
}
