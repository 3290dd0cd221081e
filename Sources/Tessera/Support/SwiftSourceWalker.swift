import Foundation

/// A walk through an app's Swift source for what can name a design token: member chains
/// (`Tokens.color.text.primary`, `.color.text.primary`) and string literals
/// (`"color/text/primary"`), each with its bytes. Code inside a string's interpolation
/// (`"\(Tokens.color.ink)"`) is code. Comments are skipped unless the walk is asked to read
/// them: then the text of every comment and string literal is walked as code too (a few
/// levels of literals deep; comment markers in that text are text), and what is found there
/// is marked `embedded`.
///
/// `tessera lint --usage` (`UsageIndex`) and the language server's references both read Swift
/// sources through it.
///
/// - Complexity: O(n) in the size of the source; reading comments and strings walks their text
///   at most `maximumEmbedding` more times.
package enum SwiftSourceWalker {
    /// How many levels of comments and literals inside one another are read (a string in a
    /// comment is two).
    package static let maximumEmbedding = 3
    /// How many string interpolations inside one another are read as code; deeper ones are
    /// read as the string's text.
    package static let maximumInterpolations = 16

    /// One name of a member chain.
    package struct Name: Sendable, Equatable {
        /// The name without backticks.
        package var text: String
        /// Where the name starts (after an opening backtick).
        package var start: Int
        /// The name's bytes, with its backticks when it is written between them.
        package var range: Range<Int>
        /// Whether a `.` comes before it (always, but for a chain's first name).
        package var followsDot: Bool
    }

    /// One string literal.
    package struct StringLiteral: Sendable, Equatable {
        /// The text between the quotes, each escape `\x` read as `x`; the text of an
        /// interpolation left out.
        package var text: String
        /// From the opening quote to past the closing one (or to the end of the line or the text
        /// when it is not closed).
        package var range: Range<Int>
        /// Whether it is written between `"""`.
        package var isMultiline: Bool
        /// Whether it holds an interpolation `\(…)`.
        package var isInterpolated: Bool
    }

    /// What the walk finds, in the order it comes to it.
    package enum Item: Sendable, Equatable {
        /// Names joined by `.` (whitespace, line breaks and comments between them allowed).
        case chain([Name], embedded: Bool)
        case string(StringLiteral, embedded: Bool)
    }

    /// Walks `bytes`, calling `visit` with every chain and string literal. With
    /// `readingCommentsAndStrings`, the text of comments and string literals is walked as well.
    package static func walk(_ bytes: [UInt8], readingCommentsAndStrings: Bool = false, _ visit: (Item) -> Void) {
        var scanner = Scanner(bytes: bytes, end: bytes.count, position: 0, embedding: 0, readsInside: readingCommentsAndStrings,
            interpolations: 0)
        scanner.code(closingParenthesis: false, visit)
    }

    /// The `.swift` files in a folder and the folders under it, sorted (hidden files and
    /// folders, `.build` among them, left out); a path ending in `.swift` is that file. Stops
    /// after more than `limit` files.
    package static func swiftFiles(in folder: String, limit: Int = .max) -> [String] {
        if folder.hasSuffix(".swift") { return [folder] }
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let item = walker.nextObject() as? String {
            let name = (item as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            if item.hasSuffix(".swift") { files.append((folder as NSString).appendingPathComponent(item)) }
            if files.count > limit { break }
        }
        return files.sorted()
    }

    /// The walk of one stretch of text: code, or the text of a comment or literal read as code.
    private struct Scanner {
        let bytes: [UInt8]
        let end: Int
        var position: Int
        /// How many comments and literals the text sits in (0 for the file's code).
        let embedding: Int
        let readsInside: Bool
        /// How many interpolations the text sits in.
        let interpolations: Int

        var embedded: Bool { embedding > 0 }

        static func isNameStart(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
        }

        static func isName(_ byte: UInt8) -> Bool { isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) }

        /// Walks `range` as code, one level deeper, when the walk reads comments and strings.
        func walkInside(_ range: Range<Int>, _ visit: (Item) -> Void) {
            guard readsInside, embedding < SwiftSourceWalker.maximumEmbedding, !range.isEmpty else { return }
            var inner = Scanner(bytes: bytes, end: range.upperBound, position: range.lowerBound, embedding: embedding + 1,
                readsInside: true, interpolations: interpolations)
            inner.code(closingParenthesis: false, visit)
        }

        /// Walks code to the end, or (in an interpolation) past the `)` that closes it.
        mutating func code(closingParenthesis: Bool, _ visit: (Item) -> Void) {
            var chain: [Name] = []
            var expectingName = false
            var parentheses = 0
            let embedded = self.embedded
            func flush() {
                if !chain.isEmpty { visit(.chain(chain, embedded: embedded)) }
                chain = []
                expectingName = false
            }
            while position < end {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\n"):
                    position += 1
                // In the text of a comment or literal, `//` and `/*` are text (`https://…`).
                case UInt8(ascii: "/") where !embedded && position + 1 < end && bytes[position + 1] == UInt8(ascii: "/"):
                    let start = position + 2
                    while position < end && bytes[position] != UInt8(ascii: "\n") { position += 1 }
                    walkInside(start..<position, visit)
                case UInt8(ascii: "/") where !embedded && position + 1 < end && bytes[position + 1] == UInt8(ascii: "*"):
                    blockComment(visit)
                case UInt8(ascii: "\""):
                    flush()
                    string(visit)
                case UInt8(ascii: "(") where closingParenthesis:
                    flush()
                    parentheses += 1
                    position += 1
                case UInt8(ascii: ")") where closingParenthesis:
                    flush()
                    position += 1
                    if parentheses == 0 { return }
                    parentheses -= 1
                case UInt8(ascii: "."):
                    expectingName = true
                    position += 1
                case UInt8(ascii: "`"):
                    position += 1
                case _ where Self.isNameStart(byte):
                    let start = position
                    while position < end && Self.isName(bytes[position]) { position += 1 }
                    let text = String(decoding: bytes[start..<position], as: UTF8.self)
                    var range = start..<position
                    // A backtick closing an escaped name keeps the chain going.
                    if position < end && bytes[position] == UInt8(ascii: "`") {
                        position += 1
                        if start > 0, bytes[start - 1] == UInt8(ascii: "`") { range = start - 1..<position }
                    }
                    if !expectingName { flush() }
                    chain.append(Name(text: text, start: start, range: range, followsDot: expectingName))
                    expectingName = false
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    position += 1
                default:
                    flush()
                    position += 1
                }
            }
            flush()
        }

        /// Skips a `/* … */` comment (they nest), walking its text when asked.
        mutating func blockComment(_ visit: (Item) -> Void) {
            position += 2
            let start = position
            var textEnd = end
            var depth = 1
            while position < end && depth > 0 {
                if bytes[position] == UInt8(ascii: "*"), position + 1 < end, bytes[position + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    if depth == 0 { textEnd = position }
                    position += 1
                } else if bytes[position] == UInt8(ascii: "/"), position + 1 < end, bytes[position + 1] == UInt8(ascii: "*") {
                    depth += 1
                    position += 1
                }
                position += 1
            }
            position = min(position, end)
            walkInside(start..<min(textEnd, position), visit)
        }

        /// Reads a string literal from its opening quote: its interpolations walked as code, then
        /// the literal visited, then (when asked) its text walked.
        mutating func string(_ visit: (Item) -> Void) {
            let start = position
            let multiline = position + 2 < end && bytes[position + 1] == UInt8(ascii: "\"") && bytes[position + 2] == UInt8(ascii: "\"")
            position += multiline ? 3 : 1
            var text: [UInt8] = []
            var pieces: [Range<Int>] = []
            var pieceStart = position
            var textEnd: Int?
            var interpolated = false
            while position < end {
                let current = bytes[position]
                if current == UInt8(ascii: "\\") {
                    if position + 1 < end, bytes[position + 1] == UInt8(ascii: "("),
                        interpolations < SwiftSourceWalker.maximumInterpolations
                    {
                        interpolated = true
                        pieces.append(pieceStart..<position)
                        var inner = Scanner(bytes: bytes, end: end, position: position + 2, embedding: embedding,
                            readsInside: readsInside, interpolations: interpolations + 1)
                        inner.code(closingParenthesis: true, visit)
                        position = inner.position
                        pieceStart = position
                        continue
                    }
                    if position + 1 < end { text.append(bytes[position + 1]) }
                    position += 2
                    continue
                }
                if current == UInt8(ascii: "\n"), !multiline {
                    textEnd = position
                    break
                }
                if current == UInt8(ascii: "\"") {
                    if !multiline {
                        textEnd = position
                        position += 1
                        break
                    }
                    if position + 2 < end && bytes[position + 1] == UInt8(ascii: "\"") && bytes[position + 2] == UInt8(ascii: "\"") {
                        textEnd = position
                        position += 3
                        break
                    }
                }
                text.append(current)
                position += 1
            }
            position = min(position, end)
            pieces.append(pieceStart..<max(pieceStart, textEnd ?? position))
            let literal = StringLiteral(text: String(decoding: text, as: UTF8.self), range: start..<position, isMultiline: multiline,
                isInterpolated: interpolated)
            visit(.string(literal, embedded: embedded))
            for piece in pieces { walkInside(piece, visit) }
        }
    }
}
