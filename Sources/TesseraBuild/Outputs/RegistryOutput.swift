import Tessera
import TesseraGenerate

extension OutputKind {
    public static let registry: OutputKind = "registry"
}

/// `- registry: { path: Generated/ThemeTokens.swift, name: ThemeTokens, short: [colors.json] }`:
/// every token's path as a string constant (`RegistryEmitter`).
public struct RegistryOutput: BuildOutput {
    public static let kind = OutputKind.registry
    public static let settings = ["name", "access", "short"]
    public static var isSwiftSource: Bool { true }

    public var emitter = RegistryEmitter()

    public init(_ emitter: RegistryEmitter = RegistryEmitter()) { self.emitter = emitter }

    public init(_ settings: inout OutputSettings) {
        emitter.name = settings.typeName("name") ?? emitter.name
        emitter.accessLevel = settings.choice("access", SwiftEmitter.AccessLevel.self) ?? .public
        emitter.shortFiles = settings.strings("short") ?? emitter.shortFiles
    }

    public func generate(_ input: OutputInput) -> OutputFiles { emitter.files(input) }
}
