import Tessera
import TesseraGenerate

extension OutputKind {
    package static let registry: OutputKind = "registry"
}

/// `- registry: { path: Generated/ThemeTokens.swift, name: ThemeTokens, short: [colors.json] }`:
/// every token's path as a string constant (`RegistryEmitter`).
package struct RegistryOutput: BuildOutput {
    package static let kind = OutputKind.registry
    package static let settings = ["name", "access", "short"]
    package static var isSwiftSource: Bool { true }

    package var emitter = RegistryEmitter()

    package init(_ emitter: RegistryEmitter = RegistryEmitter()) { self.emitter = emitter }

    package init(_ settings: inout OutputSettings) {
        emitter.name = settings.typeName("name") ?? emitter.name
        emitter.accessLevel = settings.choice("access", SwiftEmitter.AccessLevel.self) ?? .public
        emitter.shortFiles = settings.strings("short") ?? emitter.shortFiles
    }

    package func generate(_ input: OutputInput) -> OutputFiles { emitter.files(input) }
}
