import Foundation
import Tessera

/// Reads one `.colorset/Contents.json`: its entries, each with the appearance it fills and its
/// color, reporting what does not fit at its place.
struct ColorsetReader: FormatReader {
    let file: SourceFile
    var diagnostics: [Diagnostic] = []

    init(file: SourceFile) { self.file = file }

    struct Entry {
        var slot: AssetCatalogReader.Slot
        /// Nil for an empty slot or a system color.
        var color: TokenColor?
        /// The `color` object as written.
        var written: JSONValue?
        /// `labelColor` for `{"platform": "ios", "reference": "labelColor"}`.
        var systemColor: String?
        var offset: Int
    }

    /// The entries to use, one per appearance (the first of any repeated one).
    mutating func read() -> [Entry] {
        var found: [Diagnostic] = []
        guard let root = JSONParser(file: file).parseWellFormed(into: &found) else {
            diagnostics += found
            return []
        }
        diagnostics += found
        guard root.isObject else {
            report(.colorset("a color set's Contents.json must be an object, found \(root.kindDescription)"), at: root.offset)
            return []
        }
        guard let colors = root["colors"] else {
            report(.colorset("the color set has no 'colors' array"), at: root.offset)
            return []
        }
        guard let list = colors.array else {
            report(.colorset("'colors' must be an array of entries, found \(colors.kindDescription)"), at: colors.offset)
            return []
        }
        var entries: [Entry] = []
        var filled: Set<AssetCatalogReader.Slot> = []
        for (index, node) in list.enumerated() {
            guard let entry = self.entry(node, pointer: "/colors/\(index)") else { continue }
            if !filled.insert(entry.slot).inserted {
                report(.colorsetEntryNotRead("a second entry for the \(entry.slot.name) appearance"), at: node.offset,
                    pointer: "/colors/\(index)")
                continue
            }
            entries.append(entry)
        }
        return entries
    }

    private mutating func entry(_ node: JSONValue, pointer: String) -> Entry? {
        guard node.isObject else {
            report(.colorset("a color entry must be an object, found \(node.kindDescription)"), at: node.offset, pointer: pointer)
            return nil
        }
        if let idiom = node["idiom"], idiom.string != "universal" {
            report(.colorsetEntryNotRead("idiom \(idiom.string.map { "'\($0)'" } ?? idiom.kindDescription); Tessera reads 'universal'"),
                at: idiom.offset, pointer: pointer + "/idiom")
            return nil
        }
        if let gamut = node["display-gamut"] {
            guard gamut.string?.lowercased() == "srgb" else {
                report(.colorsetEntryNotRead("display gamut \(gamut.string.map { "'\($0)'" } ?? gamut.kindDescription); the sRGB entry is read"),
                    at: gamut.offset, pointer: pointer + "/display-gamut")
                return nil
            }
        }
        var slot = AssetCatalogReader.Slot.any
        if let appearances = node["appearances"] {
            guard let list = appearances.array else {
                report(.colorset("'appearances' must be an array, found \(appearances.kindDescription)"), at: appearances.offset,
                    pointer: pointer + "/appearances")
                return nil
            }
            for (index, appearance) in list.enumerated() {
                let kind = appearance["appearance"]?.string
                let value = appearance["value"]?.string
                switch (kind, value) {
                case ("luminosity", "light"?), ("luminosity", "dark"?):
                    slot.luminosity = value
                case ("luminosity", "any"?):
                    slot.luminosity = nil
                case ("contrast", "high"?):
                    slot.highContrast = true
                default:
                    report(.colorsetEntryNotRead("appearance \(kind ?? "?")=\(value ?? "?"); Tessera reads luminosity light or dark and contrast high"),
                        at: appearance.offset, pointer: pointer + "/appearances/\(index)")
                    return nil
                }
            }
        }
        guard let color = node["color"] else { return Entry(slot: slot, offset: node.offset) }
        guard color.isObject else {
            report(.colorset("'color' must be an object, found \(color.kindDescription)"), at: color.offset, pointer: pointer + "/color")
            return nil
        }
        if let reference = color["reference"] {
            guard let name = reference.string else {
                report(.colorset("'reference' must be a system color's name, found \(reference.kindDescription)"),
                    at: reference.offset, pointer: pointer + "/color/reference")
                return nil
            }
            return Entry(slot: slot, written: color, systemColor: name, offset: node.offset)
        }
        guard let parsed = self.color(color, pointer: pointer + "/color") else { return nil }
        return Entry(slot: slot, color: parsed, written: color, offset: node.offset)
    }

    /// How each color space Xcode offers maps to a 2025.10 color.
    private enum Space {
        case rgb(ColorSpace, extended: Bool)
        /// A gray with the sRGB curve (`extended-gray`) or a gamma of 2.2 (`gray-gamma-22`).
        case gray(gamma22: Bool, extended: Bool)

        init?(_ name: String) {
            switch name.lowercased() {
            case "srgb": self = .rgb(.srgb, extended: false)
            case "extended-srgb": self = .rgb(.srgb, extended: true)
            case "display-p3": self = .rgb(.displayP3, extended: false)
            case "extended-linear-srgb": self = .rgb(.srgbLinear, extended: true)
            case "gray-gamma-22": self = .gray(gamma22: true, extended: false)
            case "extended-gray": self = .gray(gamma22: false, extended: true)
            default: return nil
            }
        }
    }

    private mutating func color(_ color: JSONValue, pointer: String) -> TokenColor? {
        let spaceNode = color["color-space"]
        guard let spaceName = spaceNode?.string else {
            report(.colorset("a color needs a 'color-space' (srgb, display-p3, extended-srgb, extended-linear-srgb, gray-gamma-22 or extended-gray)"),
                at: spaceNode?.offset ?? color.offset, pointer: pointer)
            return nil
        }
        guard let space = Space(spaceName) else {
            let known = ["srgb", "display-p3", "extended-srgb", "extended-linear-srgb", "gray-gamma-22", "extended-gray"]
            report(.colorset("unknown color space '\(spaceName)'" + (Suggestions.closest(to: spaceName, in: known).map { "; did you mean '\($0)'?" } ?? "")),
                at: spaceNode!.offset, pointer: pointer + "/color-space")
            return nil
        }
        guard let components = color["components"], components.isObject else {
            report(.colorset("a color needs a 'components' object"), at: color["components"]?.offset ?? color.offset, pointer: pointer)
            return nil
        }
        let extended: Bool
        let names: [String]
        switch space {
        case .rgb(_, let isExtended): (extended, names) = (isExtended, ["red", "green", "blue"])
        case .gray(_, let isExtended): (extended, names) = (isExtended, ["white"])
        }
        var values: [Double] = []
        for name in names + ["alpha"] {
            guard let node = components[name] else {
                if name == "alpha" { values.append(1); continue }
                report(.colorset("the '\(spaceName)' color has no '\(name)' component"), at: components.offset, pointer: pointer + "/components")
                return nil
            }
            guard let value = component(node, name, extended: extended && name != "alpha", space: spaceName,
                pointer: pointer + "/components/" + name) else { return nil }
            values.append(value)
        }
        let alpha = values.removeLast()
        switch space {
        case .rgb(let colorSpace, _):
            return TokenColor(colorSpace, values.map(Optional.some), alpha: alpha)
        case .gray(let gamma22, _):
            let white = values[0]
            if gamma22 {
                let linear = pow(white, 2.2)
                return TokenColor(.srgbLinear, [linear, linear, linear], alpha: alpha)
            }
            return TokenColor(.srgb, [white, white, white], alpha: alpha)
        }
    }

    /// A component in any encoding Xcode writes: `"0.500"` (a fraction), `"0x80"` (a byte) or
    /// `"128"` (8-bit), or a JSON number (a fraction).
    private mutating func component(_ node: JSONValue, _ name: String, extended: Bool, space: String, pointer: String) -> Double? {
        let value: Double
        let written: String
        if let number = node.number {
            (value, written) = (number, NumberFormatting.shortest(number))
        } else if let text = node.string?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            written = "'\(text)'"
            let lower = text.lowercased()
            if lower.hasPrefix("0x"), let byte = UInt16(lower.dropFirst(2), radix: 16), lower.count <= 4 {
                value = Double(byte) / 255
            } else if text.allSatisfy(\.isASCII), text.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }), let integer = Int(text) {
                if integer == 1 { report(.colorsetEightBitOne(name), at: node.offset, pointer: pointer) }
                guard extended || (0...255).contains(integer) else {
                    report(.colorsetComponentRange(name, written + " (8-bit)", space: space), at: node.offset, pointer: pointer)
                    return nil
                }
                value = Double(integer) / 255
            } else if let fraction = Double(text), fraction.isFinite {
                value = fraction
            } else {
                report(.colorset("component '\(name)' must be a decimal (\"0.500\"), a byte (\"0x80\") or an 8-bit integer (\"128\"), found '\(text)'"),
                    at: node.offset, pointer: pointer)
                return nil
            }
        } else {
            report(.colorset("component '\(name)' must be a string such as \"0.500\", found \(node.kindDescription)"),
                at: node.offset, pointer: pointer)
            return nil
        }
        guard extended || (0...1).contains(value) else {
            report(.colorsetComponentRange(name, written, space: space), at: node.offset, pointer: pointer)
            return nil
        }
        return value
    }
}
