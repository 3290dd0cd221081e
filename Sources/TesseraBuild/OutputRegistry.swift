import Tessera

/// The outputs a configuration can name, by kind: `BuildConfiguration.parse` finds each entry's
/// type here. `standard` has every output Tessera makes; a tool adds its own with `register`.
public struct OutputRegistry: Sendable {
    /// The registered outputs, in the order error messages list their kinds.
    public private(set) var outputs: [any BuildOutput.Type]

    public init(_ outputs: [any BuildOutput.Type] = []) {
        self.outputs = []
        for output in outputs { register(output) }
    }

    /// Every output Tessera makes.
    public static let standard = OutputRegistry([
        SwiftOutput.self,
        AssetsOutput.self,
        CSSOutput.self,
        BundleOutput.self,
        TemplateOutput.self,
        ThemeOutput.self,
        RegistryOutput.self,
        EnumsOutput.self,
        ComponentsOutput.self,
        CatalogOutput.self,
    ])

    /// Adds an output, or puts it in place of the one of the same kind.
    public mutating func register(_ output: any BuildOutput.Type) {
        if let index = outputs.firstIndex(where: { $0.kind == output.kind }) {
            outputs[index] = output
        } else {
            outputs.append(output)
        }
    }

    /// This registry with an output added.
    public func registering(_ output: any BuildOutput.Type) -> OutputRegistry {
        var registry = self
        registry.register(output)
        return registry
    }

    /// The kinds, in order.
    public var kinds: [OutputKind] { outputs.map { $0.kind } }

    /// The output of a kind.
    public subscript(kind: OutputKind) -> (any BuildOutput.Type)? {
        outputs.first { $0.kind == kind }
    }
}
