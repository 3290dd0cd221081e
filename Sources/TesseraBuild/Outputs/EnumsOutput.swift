import Tessera
import TesseraGenerate

extension OutputKind {
    package static let enums: OutputKind = "enums"
}

/// `- enums: { path: Generated/AppTheming.swift, name: AppTheming, tokens: Tokens,
/// enums: { ColourType: Accent } }`: an enum per group (`EnumEmitter`), whose cases return the
/// members of the `swift` output `tokens` names.
package struct EnumsOutput: BuildOutput {
    package static let kind = OutputKind.enums
    package static let settings = ["name", "access", "tokens", "enums"]
    package static var isSwiftSource: Bool { true }

    package var emitter = EnumEmitter(enums: [])
    /// The root name of the `swift` output whose members the cases return.
    package var tokens: String?

    package init(_ emitter: EnumEmitter, tokens: String? = nil) {
        self.emitter = emitter
        self.tokens = tokens
    }

    package init(_ settings: inout OutputSettings) {
        emitter.container = settings.typeName("name")
        emitter.accessLevel = settings.choice("access", SwiftEmitter.AccessLevel.self) ?? .public
        tokens = settings.typeName("tokens")
        if let value = settings.value("enums") {
            let expected = "a mapping of enum name to group, such as '{ ColourType: Accent }'"
            let entries = settings.entries("enums", expected: expected)
            if entries?.isEmpty == true { settings.invalid("enums", expected: expected, found: value) }
            for (name, group) in entries ?? [] {
                guard let enumName = settings.typeName(name, key: "enums"), let group = group.text else {
                    if let key = name.text, group.text == nil { settings.invalid(key, expected: "a group path", found: group) }
                    continue
                }
                emitter.enums.append(EnumEmitter.Definition(name: enumName, group: group))
            }
        } else {
            settings.missing("enums (a mapping of enum name to group)", in: "an 'enums' output")
        }
    }

    package mutating func link(to outputs: [BuildConfiguration.Output], at location: SourceLocation) -> [Diagnostic] {
        let (link, diagnostics) = SwiftOutput.link(tokens, required: false, kind: Self.kind, among: outputs, at: location)
        if let link { emitter.link = link }
        return diagnostics
    }

    package func generate(_ input: OutputInput) -> OutputFiles { emitter.files(input) }
}
