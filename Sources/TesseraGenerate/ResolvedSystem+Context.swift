import Tessera

extension ResolvedSystem {
    /// What the generators and the quality commands read: every permutation's tokens, or nil
    /// when the system has an error.
    public func context(name: String) -> GenerationContext? {
        permutations.map { GenerationContext($0, name: name) }
    }
}
