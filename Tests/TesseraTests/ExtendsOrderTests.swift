import TesseraDifferential
import TesseraTestSupport
import Testing

@testable import Tessera

/// The order `$extends` expands in is computed from counts and runs of sorted paths; here it is
/// checked against the definition read plainly (every pair of groups compared) on random
/// groups and targets.
struct ExtendsOrderTests {
    /// The definition: a group waits for every other extending group at or inside its target,
    /// or enclosing it; of the groups free to go, the deepest goes first, then the first by path.
    static func plainOrder(_ targets: [TokenPath: String]) -> [String]? {
        let nodes = targets.keys.sorted()
        func waits(_ p: Int, for g: Int) -> Bool {
            let target = targets[nodes[p]]!
            return g != p && (nodes[g].string.isPath(inside: target) || target.isPath(inside: nodes[g].string))
        }
        func depth(_ node: Int) -> Int { nodes[node].string.split(separator: ".").count }
        var done = Set<Int>()
        var order: [String] = []
        while done.count < nodes.count {
            let free = nodes.indices.filter { p in
                !done.contains(p) && nodes.indices.allSatisfy { !waits(p, for: $0) || done.contains($0) }
            }
            guard let next = free.min(by: { (depth($1), $0) < (depth($0), $1) }) else { return nil }
            done.insert(next)
            order.append(nodes[next].string)
        }
        return order
    }

    static func randomTargets(seed: UInt64) -> [TokenPath: String] {
        var random = SplitMix64(seed: seed)
        let segments = ["a", "b", "c", "a-b"]
        func path() -> String {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in segments.randomElement(using: &random)! }
                .joined(separator: ".")
        }
        var targets: [TokenPath: String] = [:]
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            let group = path(), target = path()
            // As `expand` does: a group extending itself or an enclosing group is reported before.
            if !group.isPath(inside: target) { targets[TokenPath(group)] = target }
        }
        return targets
    }

    @Test(arguments: 0..<400)
    func orderAgreesWithTheDefinition(seed: Int) {
        let targets = Self.randomTargets(seed: UInt64(seed))
        let file = SourceFile(path: "t.tokens.json", text: "{}")
        let anchors = targets.mapValues { _ in SourceAnchor(file: file, offset: 0) }
        var diagnostics: [Diagnostic] = []
        let order = ExtendsExpander.expansionOrder(targets: targets, anchors: anchors, diagnostics: &diagnostics)
        if let expected = Self.plainOrder(targets) {
            #expect(diagnostics.isEmpty)
            #expect(order == expected, "\(targets)")
            return
        }
        // With cycles: each reported cycle is one, every group is expanded or in exactly one
        // cycle, and every expanded group comes after what it waits for that was expanded.
        #expect(!diagnostics.isEmpty)
        var cycled = Set<String>()
        for diagnostic in diagnostics {
            #expect(diagnostic.id == .extendsCycle)
            let names = [diagnostic.location?.token ?? ""] + diagnostic.notes.compactMap { $0.message.split(separator: "'").first.map(String.init) }
            for (position, name) in names.enumerated() {
                let next = names[(position + 1) % names.count]
                let target = targets[TokenPath(name)] ?? ""
                #expect(next.isPath(inside: target) || target.isPath(inside: next), "\(name) does not wait for \(next)")
                #expect(cycled.insert(name).inserted)
            }
        }
        #expect(Set(order).isDisjoint(with: cycled))
        #expect(Set(order).union(cycled) == Set(targets.keys.map(\.string)))
        for (position, group) in order.enumerated() {
            let target = targets[TokenPath(group)]!
            for later in order[(position + 1)...] where later != group {
                #expect(!(later.isPath(inside: target) || target.isPath(inside: later)), "\(group) expanded before \(later)")
            }
        }
    }
}
