import Tessera

extension TokenSystem {
    /// The context the quality commands read (tiers by the conventional names).
    public func context(name: String) -> GenerationContext? {
        permutations.map { GenerationContext($0, name: name) }
    }
}
