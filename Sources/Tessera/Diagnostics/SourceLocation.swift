/// Where something is: file, 1-based line and column (counted in Unicode scalars), the JSON
/// pointer of the node and, when known, the token path.
public struct SourceLocation: Sendable, Hashable, Codable {
    public var file: String
    public var line: Int
    public var column: Int
    public var pointer: String
    public var token: String?

    public init(file: String, line: Int, column: Int, pointer: String = "", token: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
        self.token = token
    }
}

/// A compact reference to a place in a loaded file: the file and a byte offset. Turned into a
/// `SourceLocation` only when a diagnostic is made, so the common path stays cheap.
public struct SourceAnchor: Sendable {
    package let file: SourceFile
    package let offset: Int

    public init(file: SourceFile, offset: Int) {
        self.file = file
        self.offset = offset
    }

    /// The full location, with an optional JSON pointer and token path.
    public func location(pointer: String = "", token: String? = nil) -> SourceLocation {
        let (line, column) = file.lineAndColumn(at: offset)
        return SourceLocation(file: file.path, line: line, column: column, pointer: pointer, token: token)
    }
}
