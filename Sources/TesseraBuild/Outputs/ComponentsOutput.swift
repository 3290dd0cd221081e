import Tessera
import TesseraGenerate

extension OutputKind {
    package static let components: OutputKind = "components"
}

/// `- components: { path: Generated/Components.swift, group: component, tokens: Tokens }` (or
/// `groups: [button, card]`): a struct per component (`ComponentEmitter`), starting from the
/// members of the `swift` output `tokens` names.
package struct ComponentsOutput: BuildOutput {
    package static let kind = OutputKind.components
    package static let settings = ["group", "groups", "access", "tokens"]
    package static var isSwiftSource: Bool { true }

    package var emitter = ComponentEmitter()
    /// The root name of the `swift` output whose members the components start from.
    package var tokens: String?

    package init(_ emitter: ComponentEmitter, tokens: String? = nil) {
        self.emitter = emitter
        self.tokens = tokens
    }

    package init(_ settings: inout OutputSettings) {
        emitter.group = settings.string("group") ?? emitter.group
        emitter.groups = settings.strings("groups") ?? emitter.groups
        emitter.accessLevel = settings.choice("access", SwiftEmitter.AccessLevel.self) ?? .public
        tokens = settings.typeName("tokens")
    }

    package mutating func link(to outputs: [BuildConfiguration.Output], at location: SourceLocation) -> [Diagnostic] {
        let (link, diagnostics) = SwiftOutput.link(tokens, required: true, kind: Self.kind, among: outputs, at: location)
        if let link { emitter.link = link }
        return diagnostics
    }

    package func generate(_ input: OutputInput) -> OutputFiles { emitter.files(input) }
}
