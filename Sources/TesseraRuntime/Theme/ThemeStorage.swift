import TesseraModel

/// A modifier of a compiled theme: its name, its contexts in order and its default.
public struct ThemeModifier: Sendable, Hashable {
    public let name: String
    public let contexts: [String]
    /// The context of the default permutation.
    public let defaultContext: String

    package init(name: String, contexts: [String], defaultContext: String) {
        self.name = name
        self.contexts = contexts
        self.defaultContext = defaultContext
    }
}

/// The plain-data form of a value whose type has one (colors, dimensions, durations, numbers,
/// weights, booleans, cubic Béziers), read by typed lookups without touching a reference
/// count: up to four numbers and a tag (the color space or the unit).
@usableFromInline
package struct ThemeScalar: Sendable, Hashable {
    @usableFromInline package var a, b, c, d: Double
    @usableFromInline package var tag: UInt8

    package static let zero = ThemeScalar(a: 0, b: 0, c: 0, d: 0, tag: 0)

    @usableFromInline
    package init(a: Double, b: Double, c: Double, d: Double, tag: UInt8) {
        (self.a, self.b, self.c, self.d, self.tag) = (a, b, c, d, tag)
    }

    /// The scalar form of `value` (zero for the types without one).
    package init(_ value: TokenValue) {
        switch value {
        case .color(let color):
            let drawn = ThemeColor(color)
            self.init(a: drawn.red, b: drawn.green, c: drawn.blue, d: drawn.alpha, tag: drawn.space.rawValue)
        case .dimension(let dimension):
            self.init(a: dimension.value, b: 0, c: 0, d: 0, tag: Self.tag(dimension.unit))
        case .duration(let duration):
            self.init(a: duration.value, b: 0, c: 0, d: 0, tag: duration.unit == .ms ? 0 : 1)
        case .number(let number), .fontWeight(let number):
            self.init(a: number, b: 0, c: 0, d: 0, tag: 0)
        case .boolean(let flag):
            self.init(a: flag ? 1 : 0, b: 0, c: 0, d: 0, tag: 0)
        case .cubicBezier(let curve):
            self.init(a: curve.x1, b: curve.y1, c: curve.x2, d: curve.y2, tag: 0)
        default:
            self = .zero
        }
    }

    package static func tag(_ unit: TokenDimension.Unit) -> UInt8 {
        switch unit {
        case .px: 0
        case .rem: 1
        case .em: 2
        }
    }

    @usableFromInline
    package static func unit(_ tag: UInt8) -> TokenDimension.Unit {
        switch tag {
        case 1: .rem
        case 2: .em
        default: .px
        }
    }
}

/// The values of a theme by value index: decoded, or still encoded in a compiled theme file and
/// decoded when asked for, followed by the values overrides added.
package struct ThemeValueColumn: Sendable {
    package enum Base: Sendable {
        case decoded([TokenValue])
        case encoded(ThemeFile.EncodedValues)
    }

    package let base: Base
    package let baseCount: Int
    /// Values added after the base (by overrides), from index `baseCount`.
    package var appended: [TokenValue] = []

    package init(_ base: Base) {
        self.base = base
        switch base {
        case .decoded(let values): baseCount = values.count
        case .encoded(let table): baseCount = table.count
        }
    }

    package static func decoded(_ values: [TokenValue]) -> ThemeValueColumn { ThemeValueColumn(.decoded(values)) }
    package static func encoded(_ table: ThemeFile.EncodedValues) -> ThemeValueColumn { ThemeValueColumn(.encoded(table)) }

    package subscript(index: Int) -> TokenValue? {
        if index >= baseCount { return appended[index - baseCount] }
        switch base {
        case .decoded(let values): return values[index]
        case .encoded(let table): return table.value(at: index)
        }
    }

    package var count: Int { baseCount + appended.count }
}

/// Everything a compiled theme holds, shared by every `Theme` value made from it (one per
/// chosen permutation) and never changed once made.
///
/// Tokens have dense slots (their position in `paths`); values have dense indices
/// (`valueIndex(_:_:)`). `scalars`, `values` and `aliases` are parallel columns by value index.
///
/// A token whose value is the same in every permutation has one value, its entry's index. A
/// token that varies has an entry `~start`: `refs[start + permutation]` is its value index in
/// each permutation, and each of its distinct values is stored once, so a token that varies with
/// one modifier of a 16-permutation theme stores as many values as that modifier has contexts.
@usableFromInline
package final class ThemeStorage: Sendable {
    /// A hash of the paths and types in slot order: keys bound to one theme work directly on any
    /// theme with the same fingerprint (the same tokens, whatever their values).
    @usableFromInline package let fingerprint: UInt64
    /// Per slot: the value index, or `~start` of the slot's per-permutation indices in `refs`.
    @usableFromInline package let entries: [Int32]
    @usableFromInline package let refs: [Int32]
    @usableFromInline package let scalars: [ThemeScalar]
    package let values: ThemeValueColumn
    /// The slot of the token a value aliases as a whole, or -1.
    package let aliases: [Int32]
    package let paths: PathTable
    @usableFromInline package let types: [TokenType]
    /// Why each closed token is closed, by slot.
    package let closed: [Int32: String]
    /// The text style each typography token scales with (`relativeTo`), by slot.
    package let textStyles: [Int32: TextStyle]
    package let modifiers: [ThemeModifier]
    /// How permutations are numbered.
    package let numbering: Numbering
    package var permutationCount: Int { numbering.count }
    package let defaultPermutation: Int
    /// Whether any token name holds a `/` (then a path with `/` is looked up as written first).
    package let slashInNames: Bool

    package struct Layout: Sendable {
        package var paths: PathTable
        package var types: [TokenType]
        package var closed: [Int32: String]
        package var textStyles: [Int32: TextStyle]
        package var modifiers: [ThemeModifier]

        package init(paths: PathTable, types: [TokenType], closed: [Int32: String], textStyles: [Int32: TextStyle],
            modifiers: [ThemeModifier])
        {
            (self.paths, self.types, self.closed, self.textStyles, self.modifiers) = (paths, types, closed, textStyles, modifiers)
        }
    }

    package init(layout: Layout, entries: [Int32], refs: [Int32], scalars: [ThemeScalar], values: ThemeValueColumn, aliases: [Int32],
        fingerprint: UInt64? = nil)
    {
        self.paths = layout.paths
        self.types = layout.types
        self.closed = layout.closed
        self.textStyles = layout.textStyles
        self.modifiers = layout.modifiers
        self.entries = entries
        self.refs = refs
        self.scalars = scalars
        self.values = values
        self.aliases = aliases
        self.numbering = Numbering(layout.modifiers)
        self.defaultPermutation = numbering.defaultIndex
        self.fingerprint = fingerprint ?? Self.fingerprint(paths: layout.paths, types: layout.types)
        self.slashInNames = layout.paths.containsByte(UInt8(ascii: "/"))
    }

    package var layout: Layout {
        Layout(paths: paths, types: types, closed: closed, textStyles: textStyles, modifiers: modifiers)
    }

    package var tokenCount: Int { types.count }

    package static func fingerprint(paths: PathTable, types: [TokenType]) -> UInt64 {
        let seed: UInt64 = 0x7E55_E7A0_F1A6_E001
        let typeCodes = types.map { UInt8(TokenType.allCases.firstIndex(of: $0)!) }
        return paths.contentHash(seed: seed) ^ typeCodes.withUnsafeBytes { PathTable.hash($0, seed: ~seed) }
    }

    /// The slot of a path with `.` or `/` between its names: as written first (a name may hold
    /// a `/`), then with every `/` read as `.`.
    ///
    /// - Complexity: O(k) in the path's length; no allocation for paths of up to 256 bytes.
    @usableFromInline
    package func slot(of path: String) -> Int? {
        var path = path
        return path.withUTF8 { utf8 -> Int? in
            let slash = utf8.contains(UInt8(ascii: "/"))
            if !slash || slashInNames, let slot = paths.position(of: UnsafeRawBufferPointer(utf8)) { return slot }
            guard slash else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) { buffer in
                for (index, byte) in utf8.enumerated() { buffer[index] = byte == UInt8(ascii: "/") ? UInt8(ascii: ".") : byte }
                return paths.position(of: UnsafeRawBufferPointer(buffer))
            }
        }
    }

    package func path(of slot: Int) -> String { paths.key(at: slot) }

    /// The value index of `slot` in `permutation`.
    ///
    /// - Complexity: O(1): one or two array reads.
    @inlinable
    package func valueIndex(_ slot: Int, _ permutation: Int) -> Int {
        let entry = entries[slot]
        return entry >= 0 ? Int(entry) : Int(refs[Int(~entry) &+ permutation])
    }

    /// The value index of `slot` in each permutation, or its one index when it does not vary.
    package func valueIndices(of slot: Int) -> [Int] {
        let entry = entries[slot]
        guard entry < 0 else { return [Int(entry)] }
        return refs[Int(~entry)..<Int(~entry) + permutationCount].map(Int.init)
    }
}

/// The value tables of a theme being laid out, token by token.
package struct ThemeTables {
    package init() {}

    package init(entries: [Int32], refs: [Int32], scalars: [ThemeScalar], aliases: [Int32], valueBase: Int) {
        (self.entries, self.refs, self.scalars, self.aliases, self.valueBase) = (entries, refs, scalars, aliases, valueBase)
    }

    package var entries: [Int32] = []
    package var refs: [Int32] = []
    package var scalars: [ThemeScalar] = []
    package var aliases: [Int32] = []
    /// The values added, from value index `valueBase`.
    package var added: [TokenValue] = []
    package var valueBase = 0

    /// Adds a token's value and alias in each permutation: one value when they are all the same,
    /// else each distinct one once and an index per permutation. Returns the token's entry.
    package mutating func lay(_ column: [(value: TokenValue, alias: Int32)]) -> Int32 {
        if column.dropFirst().allSatisfy({ $0 == column[0] }) { return add(column[0]) }
        let start = refs.count
        var seen: [Pair: Int32] = [:]
        for item in column {
            let pair = Pair(value: item.value, alias: item.alias)
            if let index = seen[pair] {
                refs.append(index)
            } else {
                let index = add(item)
                seen[pair] = index
                refs.append(index)
            }
        }
        return ~Int32(start)
    }

    private struct Pair: Hashable {
        package var value: TokenValue
        package var alias: Int32
    }

    private mutating func add(_ item: (value: TokenValue, alias: Int32)) -> Int32 {
        let index = Int32(valueBase + added.count)
        added.append(item.value)
        scalars.append(ThemeScalar(item.value))
        aliases.append(item.alias)
        return index
    }
}
