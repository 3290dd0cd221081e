import Foundation
import Tessera
import TesseraGenerate

/// An output `tessera build` makes: its kind as `tessera.yml` names it, the settings its entry
/// takes (a value of the type is one entry's settings, read by `init(_:)` with located errors),
/// and the files it makes from the resolved tokens.
///
/// To add one, write the type in `Outputs/<Kind>Output.swift` and add it to
/// `OutputRegistry.standard` (or `register` it on a registry of your own):
///
/// ```swift
/// struct ListOutput: BuildOutput {                  // - list: { path: tokens.txt, separator: ", " }
///     static let kind: OutputKind = "list"
///     static let settings = ["separator"]           // besides `path`, which every output has
///     var separator = "\n"
///     init(_ settings: inout OutputSettings) { separator = settings.string("separator") ?? separator }
///     func generate(_ input: OutputInput) -> OutputFiles {
///         OutputFiles(text: input.context.tokens.map(\.path).joined(separator: separator))
///     }
/// }
/// ```
public protocol BuildOutput: Sendable {
    /// The entry's key in `outputs:` (`swift`, `css`…).
    static var kind: OutputKind { get }
    /// The settings the entry takes besides `path`, in the order error messages list them.
    static var settings: [String] { get }
    /// Whether the output is Swift source: what the build plugin compiles, every such output
    /// into one file. False unless the type says otherwise.
    static var isSwiftSource: Bool { get }
    /// Whether the output is a folder all of whose files it makes (an asset catalog): files an
    /// earlier build wrote there and this one does not are removed. False unless the type says
    /// otherwise.
    static var ownsFolder: Bool { get }

    /// Reads an entry's settings: the ones the entry has are in `settings`, each read with a
    /// located error when its value is not what is asked for.
    init(_ settings: inout OutputSettings)

    /// Called once every output is read, with them all in order: for an output that uses
    /// another (`enums` finds the `swift` output it names). Errors are located at `location`,
    /// the entry's. Nothing unless the type says otherwise.
    mutating func link(to outputs: [BuildConfiguration.Output], at location: SourceLocation) -> [Diagnostic]

    /// Files besides the tokens that the output reads (a template), relative to the
    /// configuration's folder: a change to one makes the next build generate everything again.
    var inputs: [String] { get }

    /// The output's files, by path relative to the output's own path, and what was found
    /// making them. Nothing is written: the build writes every output's files once all are made.
    func generate(_ input: OutputInput) -> OutputFiles
}

extension BuildOutput {
    public static var isSwiftSource: Bool { false }
    public static var ownsFolder: Bool { false }
    public mutating func link(to outputs: [BuildConfiguration.Output], at location: SourceLocation) -> [Diagnostic] { [] }
    public var inputs: [String] { [] }
}

/// The name of an output kind, as `tessera.yml` writes it: `- css: { path: tokens.css }`.
public struct OutputKind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }
}

/// What an output makes its files from.
public struct OutputInput: Sendable {
    /// The tokens, resolved in every permutation, as the emitters read them.
    public let context: GenerationContext
    public let permutations: ResolvedPermutations
    public let configuration: BuildConfiguration
    /// The output's absolute path.
    public let path: String
    /// Where the output's entry is in the configuration.
    public let location: SourceLocation
    /// The tokens' source as generated headers name it (the resolver, or the source folders).
    public let sourceDescription: String

    public init(context: GenerationContext, permutations: ResolvedPermutations, configuration: BuildConfiguration, path: String,
        location: SourceLocation, sourceDescription: String)
    {
        self.context = context
        self.permutations = permutations
        self.configuration = configuration
        self.path = path
        self.location = location
        self.sourceDescription = sourceDescription
    }
}

/// What an output made: its files, and what was found making them.
public struct OutputFiles: Sendable {
    /// One file: its path relative to the output's path (empty for the output's path itself)
    /// and its bytes.
    public struct File: Sendable, Equatable {
        public var path: String
        public var bytes: [UInt8]

        public init(path: String = "", bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }

        public init(path: String = "", text: String) {
            self.init(path: path, bytes: Array(text.utf8))
        }

        /// The file's text, for files that are text.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    public var files: [File]
    public var diagnostics: [Diagnostic]

    public init(_ files: [File] = [], diagnostics: [Diagnostic] = []) {
        self.files = files
        self.diagnostics = diagnostics
    }

    /// One text file at the output's path.
    public init(text: String, diagnostics: [Diagnostic] = []) {
        self.init([File(text: text)], diagnostics: diagnostics)
    }
}
