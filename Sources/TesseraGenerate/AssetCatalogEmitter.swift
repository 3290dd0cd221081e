import Tessera

/// An Xcode asset catalog: a `.colorset` per color token, with the bytes Xcode writes (two-space
/// indentation, `"key" : value`, keys sorted, components as decimal strings with three places,
/// a trailing newline).
///
/// - Appearances come from the resolver's modifiers through the conventional trait mapping:
///   the light, standard-contrast permutation is the Any entry; a dark entry is written when a
///   color changes with the appearance, high-contrast entries when it changes with contrast
///   (then all four). Other modifiers take their default context, or the one `contexts` gives.
/// - A color outside sRGB gets a `display-P3` entry beside its (gamut-mapped) sRGB one.
/// - Groups become folders; with `namespaces`, folders that provide a namespace, so that
///   `Color("Brand/primary")` names a color in code.
/// - A token imported from a catalog keeps its color set's name, folder and each entry's color
///   as written there, so that a catalog read and written again has the same bytes.
public struct AssetCatalogEmitter: Sendable {
    public var namespaces: Bool
    public var wideGamut: Bool
    /// The contexts of modifiers that are not appearances or contrast.
    public var contexts: [String: String]

    public init(namespaces: Bool = true, wideGamut: Bool = true, contexts: [String: String] = [:]) {
        self.namespaces = namespaces
        self.wideGamut = wideGamut
        self.contexts = contexts
    }

    /// The catalog's files, by path inside the `.xcassets` folder.
    public func emit(_ context: GenerationContext) -> [(path: String, bytes: [UInt8])] {
        let slots = context.appearancePermutations(fixed: contexts)
        var files: [(String, [UInt8])] = [("Contents.json", Array(Self.folderContents(namespace: false).utf8))]
        var folders: Set<String> = []
        for token in context.tokens where token.type == .color {
            let colorset = Self.colorsetExtension(token.extensions)
            // The folders an imported color set was in, else the groups.
            let folder = colorset?["folder"]?.string.map { $0.split(separator: "/").map(String.init) }
                ?? Array(token.names.dropLast())
            let name = colorset?["name"]?.string.map { String($0.split(separator: "/").last ?? "") } ?? token.names.last!
            for depth in folder.indices {
                let path = folder[...depth].joined(separator: "/")
                if folders.insert(path).inserted {
                    let namespace = colorset?["folder"] == nil && namespaces
                    files.append((path + "/Contents.json", Array(Self.folderContents(namespace: namespace).utf8)))
                }
            }
            let path = (folder + [name + ".colorset", "Contents.json"]).joined(separator: "/")
            files.append((path, Array(colorsetText(token, slots: slots).utf8)))
        }
        return files.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }

    /// One color set's `Contents.json`.
    func colorsetText(_ token: GenerationContext.Token, slots: [Int]) -> String {
        let any = token.value(in: slots[0])
        let byAppearance = token.value(in: slots[1]) != any || token.value(in: slots[3]) != token.value(in: slots[2])
            || Self.writtenAppearance(token, slots[1])?.hasPrefix("dark") == true
        let byContrast = token.value(in: slots[2]) != any || token.value(in: slots[3]) != token.value(in: slots[1])
            || Self.writtenAppearance(token, slots[2])?.hasSuffix("high-contrast") == true
        var entries: [JSONValue] = []
        let chosen: [(slot: Int, dark: Bool, high: Bool)] = [(0, false, false), (1, true, false), (2, false, true), (3, true, true)]
            .filter { (!$0.1 || byAppearance) && (!$0.2 || byContrast) }
        for (slot, dark, high) in chosen {
            var appearances: [JSONValue] = []
            if dark { appearances.append(Self.appearance("luminosity", "dark")) }
            if high { appearances.append(Self.appearance("contrast", "high")) }
            let permutation = slots[slot]
            if let written = Self.writtenColor(token, permutation) {
                entries.append(Self.entry(appearances, color: written, gamut: nil))
                continue
            }
            guard case .color(let color) = token.value(in: permutation) else { continue }
            let wide = wideGamut && !color.isInGamut(.srgb)
            entries.append(Self.entry(appearances, color: Self.components(color, space: .srgb), gamut: wide ? "sRGB" : nil))
            if wide {
                entries.append(Self.entry(appearances, color: Self.components(color, space: .displayP3), gamut: "display-P3"))
            }
        }
        return Self.text(.object([("colors", .array(entries)), ("info", Self.info)]))
    }

    static let info = JSONValue.object([("author", .string("xcode")), ("version", .number(1))])

    static func folderContents(namespace: Bool) -> String {
        var members: [(String, JSONValue)] = [("info", info)]
        if namespace { members.append(("properties", .object([("provides-namespace", JSONValue(.bool(true)))]))) }
        return text(.object(members))
    }

    /// JSON as Xcode writes it.
    static func text(_ value: JSONValue) -> String {
        JSONWriter(pretty: true, sortKeys: true, spaceBeforeColon: true).string(value) + "\n"
    }

    private static func appearance(_ kind: String, _ value: String) -> JSONValue {
        .object([("appearance", .string(kind)), ("value", .string(value))])
    }

    private static func entry(_ appearances: [JSONValue], color: JSONValue, gamut: String?) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if !appearances.isEmpty { members.append(("appearances", .array(appearances))) }
        members.append(("color", color))
        if let gamut { members.append(("display-gamut", .string(gamut))) }
        members.append(("idiom", .string("universal")))
        return .object(members)
    }

    /// `color-space` and `components` in sRGB or Display P3, three decimal places.
    static func components(_ color: TokenColor, space: ColorSpace) -> JSONValue {
        let drawn = color.isInGamut(space) ? color.converted(to: space) : color.mapped(to: space)
        let values = drawn.numericComponents.map { min(1, max(0, $0)) }
        func place(_ value: Double) -> JSONValue { .string(threePlaces(value)) }
        return .object([
            ("color-space", .string(space == .srgb ? "srgb" : "display-p3")),
            ("components", .object([("alpha", place(min(1, max(0, color.alpha)))), ("blue", place(values[2])),
                ("green", place(values[1])), ("red", place(values[0]))])),
        ])
    }

    /// `0.5` → `"0.500"`.
    package static func threePlaces(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - String(thousandths % 1000).count))\(thousandths % 1000)"
    }

    static func colorsetExtension(_ extensions: JSONValue?) -> JSONValue? {
        extensions?[TierRules.extensionKey]?["colorset"]
    }

    /// The color an imported color set wrote for a permutation's appearance.
    static func writtenColor(_ token: GenerationContext.Token, _ permutation: Int) -> JSONValue? {
        colorsetExtension(token.extensions(in: permutation))?["color"]
    }

    /// The appearance an imported color set's entry was for, in a permutation.
    static func writtenAppearance(_ token: GenerationContext.Token, _ permutation: Int) -> String? {
        colorsetExtension(token.extensions(in: permutation))?["appearance"]?.string
    }
}
