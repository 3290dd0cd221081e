import Foundation
import Tessera
import TesseraGenerate

extension OutputKind {
    package static let swift: OutputKind = "swift"
}

/// `- swift: { path: Generated/Tokens.swift, flavor: runtime, name: Tokens, access: public }`:
/// the tokens as Swift source (`SwiftEmitter`). The static flavor takes `fonts: fonts.json`, a
/// font map (`FontMap`: PostScript names by weight, for every family or per family), written
/// into the file; it is an input of the build, so a change to it generates again.
package struct SwiftOutput: BuildOutput {
    package static let kind = OutputKind.swift
    package static let settings = ["flavor", "name", "access", "fonts"]
    package static var isSwiftSource: Bool { true }

    package var emitter = SwiftEmitter()
    /// The font map file, relative to the configuration's folder.
    package var fonts: String?

    package init(_ emitter: SwiftEmitter = SwiftEmitter()) { self.emitter = emitter }

    package init(_ settings: inout OutputSettings) {
        emitter.flavor = settings.choice("flavor", SwiftEmitter.Flavor.self) ?? .runtime
        emitter.rootName = settings.typeName("name") ?? emitter.rootName
        emitter.accessLevel = settings.choice("access", SwiftEmitter.AccessLevel.self) ?? .public
        if let value = settings.value("fonts") {
            fonts = settings.string("fonts")
            if emitter.flavor != .static {
                settings.invalid("fonts", expected: "no font map: the runtime flavor's fonts come from the theme (ThemeFont, FontMap)",
                    found: value)
            }
        }
    }

    package var inputs: [String] { fonts.map { [$0] } ?? [] }

    package func generate(_ input: OutputInput) -> OutputFiles {
        guard let fonts else { return emitter.files(input) }
        let path = input.configuration.absolute(fonts)
        guard let data = FileManager.default.contents(atPath: path) else {
            return OutputFiles(diagnostics: [Diagnostic(.fontsInvalid(path, problem: "there is no readable file there"),
                at: SourceLocation(file: path, line: 0, column: 0))])
        }
        do {
            var emitter = self.emitter
            emitter.fontMap = try FontMap(json: Array(data))
            return emitter.files(input)
        } catch {
            return OutputFiles(diagnostics: [Diagnostic(.fontsInvalid(path, problem: error.description),
                at: SourceLocation(file: path, line: 0, column: 0))])
        }
    }

    /// The `swift` output an output that uses one names in `tokens` (`required` when it cannot
    /// do without), among a configuration's outputs: its link, or nil with what is wrong.
    static func link(_ name: String?, required: Bool, kind: OutputKind, among outputs: [BuildConfiguration.Output],
        at location: SourceLocation) -> (link: SwiftLink?, diagnostics: [Diagnostic])
    {
        let swift = outputs.compactMap { $0.options(as: SwiftOutput.self)?.emitter }
        let names = swift.map(\.rootName)
        guard let name else {
            guard required else { return (nil, []) }
            return (nil, [Diagnostic(.configMissing("tokens (the name of the 'swift' output whose values the components start from)",
                in: "a '\(kind)' output"), at: location)])
        }
        guard let target = swift.first(where: { $0.rootName == name }) else {
            let notes = Suggestions.closest(to: name, in: names).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
            return (nil, [Diagnostic(.configInvalidValue("tokens", expected: names.isEmpty ? "the name of a 'swift' output, and there is none"
                : "the name of a 'swift' output (\(names.joined(separator: ", ")))", found: "'\(name)'"), at: location, notes: notes)])
        }
        return (SwiftLink(rootName: target.rootName, flavor: target.flavor), [])
    }
}

extension SwiftSourceEmitter {
    /// The one file of a Swift output, its header naming the tokens' source.
    func files(_ input: OutputInput) -> OutputFiles {
        var emitter = self
        emitter.sourceDescription = input.sourceDescription
        let (text, found) = emitter.emit(input.context)
        return OutputFiles(text: text, diagnostics: found)
    }
}
