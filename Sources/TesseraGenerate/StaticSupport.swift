import Tessera

/// The static flavor's own types, written once per file: colors and composites as plain
/// values, `Context` (one nested enum per modifier), `Dynamic` (values by permutation), and
/// the UIKit and SwiftUI conversions behind `#if canImport`.
struct StaticSupport {
    /// The cases of the generated `TextStyle.pointSizes`, from TesseraRuntime's copy of Apple's
    /// Dynamic Type table.
    static var dynamicTypeRows: String {
        TextStyle.allCases.map { style in
            let sizes = TextSizeCategory.allCases.map { category in
                let size = DynamicType.pointSize(of: style, at: category)
                return size == size.rounded() ? String(Int(size)) : String(size)
            }
            return "            case .\(style.rawValue): [\(sizes.joined(separator: ", "))]"
        }.joined(separator: "\n")
    }

    let context: GenerationContext
    let values: String
    let access: String
    /// PostScript names by family and weight, written into the file when given.
    var fontMap: FontMap? = nil

    /// A modifier as Swift: its enum's name, property name and case names, in context order.
    struct Modifier {
        let modifier: ThemeModifier
        let typeName: String
        let property: String
        let cases: [String]
        let radix: Int
        var defaultCase: String { cases[modifier.contexts.firstIndex(of: modifier.defaultContext) ?? 0] }
    }

    var modifiers: [Modifier] {
        var taken: Set<String> = ["Context"]
        var properties: Set<String> = ["permutation"]
        return zip(context.modifiers, context.numbering.radices).filter { !$0.0.contexts.isEmpty }.map { modifier, radix in
            var typeName = OutputContext.swiftIdentifier([modifier.name], casing: .upperCamel).trimmingCharacters(in: ["`"])
            if OutputContext.reservedTypeNames.contains(typeName) { typeName += "_" }
            typeName = UniqueName.claim(typeName, in: &taken, spelled: SwiftNamespace.numbered)
            let property = UniqueName.claim(OutputContext.swiftIdentifier([modifier.name], casing: .lowerCamel), in: &properties,
                spelled: SwiftNamespace.numbered)
            var caseNames: Set<String> = []
            let cases = modifier.contexts.map {
                UniqueName.claim(OutputContext.swiftIdentifier([$0], casing: .lowerCamel), in: &caseNames, spelled: SwiftNamespace.numbered)
            }
            return Modifier(modifier: modifier, typeName: typeName, property: property, cases: cases, radix: radix)
        }
    }

    var text: String {
        let modifiers = self.modifiers
        var output = """
        /// The types of the values in `\(values.dropLast(6))`: plain values with no dependency.
        nonisolated \(access)enum \(values) {
            /// A color as a device draws it: sRGB, or Display P3 when it is wider.
            \(access)struct Color: Hashable, Sendable {
                \(access)var red, green, blue, alpha: Double
                \(access)var displayP3: Bool
                \(access)init(red: Double, green: Double, blue: Double, alpha: Double = 1, displayP3: Bool = false) {
                    self.red = red
                    self.green = green
                    self.blue = blue
                    self.alpha = alpha
                    self.displayP3 = displayP3
                }
            }

            \(access)struct CubicBezier: Hashable, Sendable {
                \(access)var x1, y1, x2, y2: Double
                \(access)init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
                    (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
                }
            }

            /// A stroke: a CSS keyword (`solid`, `dashed`…) or dash lengths in points.
            \(access)enum StrokeStyle: Hashable, Sendable {
                case keyword(String)
                case dashes([Double], lineCap: String)
            }

            \(access)struct Border: Hashable, Sendable {
                \(access)var color: Color
                /// Points.
                \(access)var width: Double
                \(access)var style: StrokeStyle
                \(access)init(color: Color, width: Double, style: StrokeStyle = .keyword("solid")) {
                    self.color = color
                    self.width = width
                    self.style = style
                }
            }

            /// Durations in seconds.
            \(access)struct Transition: Hashable, Sendable {
                \(access)var duration: Double
                \(access)var delay: Double
                \(access)var timingFunction: CubicBezier
                \(access)init(duration: Double, delay: Double = 0, timingFunction: CubicBezier) {
                    self.duration = duration
                    self.delay = delay
                    self.timingFunction = timingFunction
                }
            }

            /// One shadow layer; lengths in points.
            \(access)struct Shadow: Hashable, Sendable {
                \(access)var color: Color
                \(access)var offsetX, offsetY, blur, spread: Double
                \(access)var inset: Bool
                \(access)init(color: Color, offsetX: Double, offsetY: Double, blur: Double, spread: Double = 0, inset: Bool = false) {
                    self.color = color
                    self.offsetX = offsetX
                    self.offsetY = offsetY
                    self.blur = blur
                    self.spread = spread
                    self.inset = inset
                }
            }

            \(access)struct GradientStop: Hashable, Sendable {
                \(access)var color: Color
                /// 0 to 1 along the gradient.
                \(access)var position: Double
                \(access)init(color: Color, position: Double) {
                    self.color = color
                    self.position = position
                }
            }

            \(access)enum TextCase: String, Hashable, Sendable {
                case none, upper, lower, title
            }

            /// Apple's text styles, which a size scales relative to under Dynamic Type.
            \(access)enum TextStyle: Int, CaseIterable, Sendable {
                case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

                /// The style's point size at each Dynamic Type size, extra small (0) through large
                /// (3, the default) to the largest accessibility size (11): Apple's table.
                \(access)var pointSizes: [Double] {
                    switch self {
        \(Self.dynamicTypeRows)
                    }
                }
            }

            /// A text style; sizes in points, line height as a multiple of the font size.
            \(access)struct Typography: Hashable, Sendable {
                \(access)var fontFamily: [String]
                \(access)var fontSize: Double
                \(access)var fontWeight: Double
                \(access)var letterSpacing: Double
                \(access)var lineHeight: Double?
                \(access)var textCase: TextCase?

                \(access)init(fontFamily: [String], fontSize: Double, fontWeight: Double, letterSpacing: Double = 0,
                    lineHeight: Double? = nil, textCase: TextCase? = nil)
                {
                    self.fontFamily = fontFamily
                    self.fontSize = fontSize
                    self.fontWeight = fontWeight
                    self.letterSpacing = letterSpacing
                    self.lineHeight = lineHeight
                    self.textCase = textCase
                }

                /// `text` cased as the style says.
                \(access)func cased(_ text: String) -> String {
                    switch textCase {
                    case .upper?: text.uppercased()
                    case .lower?: text.lowercased()
                    case .title?: text.capitalized
                    case .none?, nil: text
                    }
                }
            }

            /// The contexts a value is chosen in: one per modifier of the tokens' resolver.
            \(access)struct Context: Hashable, Sendable {

        """
        for modifier in modifiers {
            output += "        \(access)enum \(modifier.typeName): Int, CaseIterable, Sendable {\n"
            for name in modifier.cases { output += "            case \(name)\n" }
            output += "\n            /// The context's name in the resolver.\n"
            output += "            \(access)var name: String {\n                switch self {\n"
            for (name, original) in zip(modifier.cases, modifier.modifier.contexts) {
                output += "                case .\(name): \(SwiftLiterals.string(original))\n"
            }
            output += "                }\n            }\n        }\n\n"
        }
        for modifier in modifiers {
            output += "        \(access)var \(modifier.property): \(modifier.typeName)\n"
        }
        let parameters = modifiers.map { "\($0.property): \($0.typeName) = .\($0.defaultCase)" }.joined(separator: ", ")
        output += "\n        \(access)init(\(parameters)) {\n"
        for modifier in modifiers { output += "            self.\(modifier.property) = \(modifier.property)\n" }
        output += "        }\n\n"
        output += "        /// The contexts of a permutation by its number (see `permutation`).\n"
        output += "        \(access)init(permutation: Int) {\n"
        if modifiers.isEmpty { output += "            _ = permutation\n" }
        for modifier in modifiers {
            output += "            \(modifier.property) = \(modifier.typeName)(rawValue: permutation / \(modifier.radix) % \(modifier.cases.count)) ?? .\(modifier.defaultCase)\n"
        }
        output += "        }\n\n"
        output += "        /// Every modifier's default context.\n"
        output += "        \(access)static let `default` = Context()\n\n"
        let sum = modifiers.map { $0.radix == 1 ? "\($0.property).rawValue" : "\($0.property).rawValue * \($0.radix)" }
        output += "        /// The permutation's number: the contexts in mixed radix, the last modifier fastest.\n"
        output += "        \(access)var permutation: Int { \(sum.isEmpty ? "0" : sum.joined(separator: " + ")) }\n"
        output += "    }\n\n"
        output += """
            /// A token's values: each distinct value once, and for each permutation which one.
            \(access)struct Dynamic<Value: Sendable>: Sendable {
                /// The default context's value.
                \(access)let value: Value
                /// The other distinct values (none when the value never changes).
                let others: [Value]
                /// Per permutation, an index into `values`; empty when the value never changes.
                \(access)let indices: [UInt16]

                /// A value that is the same in every context (made at each use: nothing allocated).
                \(access)init(_ value: Value) {
                    self.value = value
                    others = []
                    indices = []
                }

                \(access)init(_ values: [Value], _ indices: [UInt16]) {
                    value = values[0]
                    others = Array(values.dropFirst())
                    self.indices = indices
                }

                /// The distinct values, the default context's first.
                \(access)var values: [Value] { [value] + others }

                /// Whether the value depends on the context.
                \(access)var varies: Bool { !indices.isEmpty }

                /// The value in `context`.
                \(access)func value(in context: Context) -> Value {
                    guard !indices.isEmpty else { return value }
                    let index = Int(indices[context.permutation])
                    return index == 0 ? value : others[index - 1]
                }
            }
        }

        """
        output += uiKit(modifiers)
        output += swiftUI
        return output
    }

    /// How each trait combination (dark, high contrast, elevated) sets the modifiers the
    /// context's trait mapping drives; empty when none is.
    func traitCases(_ modifiers: [Modifier]) -> [(dark: Bool, high: Bool, elevated: Bool, settings: [(String, String)])] {
        var combos: [(Bool, Bool, Bool, [String: String])] = []
        for dark in [false, true] {
            for high in [false, true] {
                for elevated in [false, true] {
                    let traits = ThemeTraits(appearance: dark ? .dark : .light, contrast: high ? .high : .standard,
                        elevation: elevated ? .elevated : .base)
                    combos.append((dark, high, elevated, context.traitMapping.contexts(for: traits, modifiers: context.modifiers)))
                }
            }
        }
        let driven = modifiers.filter { modifier in
            Set(combos.map { $0.3[modifier.modifier.name] ?? modifier.modifier.defaultContext }).count > 1
        }
        guard !driven.isEmpty else { return [] }
        return combos.map { dark, high, elevated, contexts in
            let settings = driven.map { modifier in
                let chosen = contexts[modifier.modifier.name] ?? modifier.modifier.defaultContext
                return (modifier.property, modifier.cases[modifier.modifier.contexts.firstIndex(of: chosen) ?? 0])
            }
            return (dark, high, elevated, settings)
        }
    }

    /// The end of the generated `postScriptNames`: a family as `Family-Weight` and as written,
    /// or, with a font map, the name it gives the family (else every family) at the weight
    /// first, and the map itself.
    private var postScriptNamesEnd: String {
        guard let fontMap else {
            return """
                    return fontFamily.filter { systemDesign(of: $0) == nil }.flatMap { family in
                        [family.replacingOccurrences(of: " ", with: "") + "-" + style, family]
                    }
                }

            """
        }
        let families = fontMap.names.keys.sorted().map { family in
            let weights = fontMap.names[family]!.sorted { $0.key < $1.key }
                .map { "\($0.key.rawValue): \(SwiftLiterals.string($0.value))" }.joined(separator: ", ")
            return "\(SwiftLiterals.string(family)): [\(weights)]"
        }
        let literal = families.isEmpty ? "[:]" : "[\n        " + families.joined(separator: ",\n        ") + ",\n    ]"
        return """
                let step = min(9, max(1, Int((fontWeight / 100).rounded(.toNearestOrAwayFromZero)))) * 100
                return fontFamily.filter { systemDesign(of: $0) == nil }.flatMap { family -> [String] in
                    if let mapped = Self.fontNames[family]?[step] ?? Self.fontNames[""]?[step] { return [mapped] }
                    return [family.replacingOccurrences(of: " ", with: "") + "-" + style, family]
                }
            }

            /// The build's font map (the `swift` output's `fonts`): PostScript names by family
            /// (`""` for every family) and CSS weight step.
            static let fontNames: [String: [Int: String]] = \(literal)

        """
    }

    private func uiKit(_ modifiers: [Modifier]) -> String {
        var output = """

        nonisolated extension \(values).Typography {
            /// The PostScript names to ask for, first choice first: each family that is not a
            /// generic one, as `Family-Weight` (`Inter-SemiBold`, the naming most font files
            /// follow), then as written.
            \(access)var postScriptNames: [String] {
                let style: String
                switch fontWeight {
                case ..<150: style = "Thin"
                case ..<250: style = "ExtraLight"
                case ..<350: style = "Light"
                case ..<450: style = "Regular"
                case ..<550: style = "Medium"
                case ..<650: style = "SemiBold"
                case ..<750: style = "Bold"
                case ..<850: style = "ExtraBold"
                default: style = "Black"
                }
        \(postScriptNamesEnd)
            /// The style's size at Dynamic Type size `index` (0 is extra small, 3 large, the default,
            /// and 11 the largest accessibility size), scaled as Apple's table scales `textStyle`:
            /// `fontSize × style(index) / style(large)`, as `UIFontMetrics` and
            /// `Font.custom(_:size:relativeTo:)` scale a size.
            \(access)func fontSize(relativeTo textStyle: \(values).TextStyle, dynamicTypeSizeIndex index: Int) -> Double {
                let sizes = textStyle.pointSizes
                return fontSize * sizes[min(max(index, 0), sizes.count - 1)] / sizes[3]
            }

            /// The system design the style's generic family asks for (`ui-monospace`, `ui-serif`,
            /// `ui-rounded`; `default` for `system-ui` and `sans-serif`), nil when none does.
            \(access)var systemDesign: String? { fontFamily.lazy.compactMap(systemDesign(of:)).first }

            private func systemDesign(of family: String) -> String? {
                switch family.lowercased() {
                case "system-ui", "-apple-system", "sans-serif": "default"
                case "ui-monospace", "monospace": "monospaced"
                case "ui-serif", "serif": "serif"
                case "ui-rounded": "rounded"
                default: nil
                }
            }
        }

        #if canImport(UIKit)
        import UIKit

        nonisolated extension \(values).Color {
            /// The color for UIKit.
            \(access)var uiColor: UIColor {
                displayP3
                    ? UIColor(displayP3Red: red, green: green, blue: blue, alpha: alpha)
                    : UIColor(red: red, green: green, blue: blue, alpha: alpha)
            }
        }

        #if os(watchOS)
        nonisolated extension \(values).Dynamic where Value == \(values).Color {
            /// The color in `context` (watchOS has no trait collections or dynamic colors).
            \(access)func uiColor(in context: \(values).Context = .default) -> UIColor {
                value(in: context).uiColor
            }
        }
        #else
        nonisolated extension \(values).Context {
            /// These contexts with the ones a trait collection chooses: appearance, contrast and
            /// elevation (iOS; tvOS has no interface level), as the resolver's modifiers name them.
            \(access)func adapted(to traits: UITraitCollection) -> Self {

        """
        let cases = traitCases(modifiers)
        if cases.isEmpty {
            output += "        self\n"
        } else {
            // Declared once, set in each branch: one name per scope whatever the platform.
            output += "        let elevated: Bool\n"
            output += "        #if os(iOS) || os(visionOS)\n"
            output += "        elevated = traits.userInterfaceLevel == .elevated\n"
            output += "        #else\n        elevated = false\n        #endif\n"
            output += "        return adapted(dark: traits.userInterfaceStyle == .dark, highContrast: traits.accessibilityContrast == .high, elevated: elevated)\n"
        }
        output += """
            }
        }

        nonisolated extension \(values).Dynamic where Value == \(values).Color {
            /// A color that follows the trait collection in `context`'s other contexts.
            \(access)func uiColor(in context: \(values).Context = .default) -> UIColor {
                guard varies else { return value.uiColor }
                return UIColor { traits in self.value(in: context.adapted(to: traits)).uiColor }
            }
        }
        #endif

        nonisolated extension \(values).Typography {
            /// The first of the fonts installed (see `postScriptNames`), else the system font of
            /// the style's weight and design, at the style's size; scaled with Dynamic Type
            /// relative to `textStyle` when one is given.
            \(access)func uiFont(relativeTo textStyle: UIFont.TextStyle? = nil) -> UIFont {
                var font = postScriptNames.lazy.compactMap { UIFont(name: $0, size: fontSize) }.first
                if font == nil {
                    let system = UIFont.systemFont(ofSize: fontSize, weight: uiWeight)
                    let design: UIFontDescriptor.SystemDesign? = switch systemDesign {
                    case "monospaced"?: .monospaced
                    case "serif"?: .serif
                    case "rounded"?: .rounded
                    default: nil
                    }
                    font = design.flatMap { system.fontDescriptor.withDesign($0) }.map { UIFont(descriptor: $0, size: fontSize) } ?? system
                }
                guard let textStyle, let font else { return font ?? UIFont.systemFont(ofSize: fontSize, weight: uiWeight) }
                return UIFontMetrics(forTextStyle: textStyle).scaledFont(for: font)
            }

            /// The font at the style's size, not scaled.
            \(access)var uiFont: UIFont { uiFont(relativeTo: nil) }

            \(access)var uiWeight: UIFont.Weight {
                switch fontWeight {
                case ..<150: .ultraLight
                case ..<250: .thin
                case ..<350: .light
                case ..<450: .regular
                case ..<550: .medium
                case ..<650: .semibold
                case ..<750: .bold
                case ..<850: .heavy
                default: .black
                }
            }
        }
        #elseif canImport(AppKit)
        import AppKit

        nonisolated extension \(values).Color {
            /// The color for AppKit.
            \(access)var nsColor: NSColor {
                displayP3
                    ? NSColor(displayP3Red: red, green: green, blue: blue, alpha: alpha)
                    : NSColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
            }
        }

        nonisolated extension \(values).Context {
            /// These contexts with the ones an appearance chooses: dark and high contrast.
            \(access)func adapted(to appearance: NSAppearance) -> Self {

        """
        if cases.isEmpty {
            output += "        self\n"
        } else {
            output += "        let names: [NSAppearance.Name] = [.aqua, .darkAqua, .accessibilityHighContrastAqua, .accessibilityHighContrastDarkAqua]\n"
            output += "        let match = appearance.bestMatch(from: names) ?? .aqua\n"
            output += "        return adapted(dark: match == .darkAqua || match == .accessibilityHighContrastDarkAqua,\n"
            output += "            highContrast: match == .accessibilityHighContrastAqua || match == .accessibilityHighContrastDarkAqua, elevated: false)\n"
        }
        output += """
            }
        }

        nonisolated extension \(values).Dynamic where Value == \(values).Color {
            /// A color that follows the appearance it is drawn in, in `context`'s other contexts.
            \(access)func nsColor(in context: \(values).Context = .default) -> NSColor {
                guard varies else { return value.nsColor }
                return NSColor(name: nil) { appearance in self.value(in: context.adapted(to: appearance)).nsColor }
            }
        }
        #endif

        """
        if !cases.isEmpty {
            output += """

            nonisolated extension \(values).Context {
                /// These contexts with the ones the appearance traits choose, as the resolver's
                /// modifiers name them.
                \(access)func adapted(dark: Bool, highContrast: Bool, elevated: Bool) -> Self {
                    var context = self
                    switch (dark, highContrast, elevated) {

            """
            for combo in cases {
                output += "        case (\(combo.dark), \(combo.high), \(combo.elevated)):\n"
                if combo.settings.isEmpty { output += "            break\n" }
                for (property, name) in combo.settings { output += "            context.\(property) = .\(name)\n" }
            }
            output += "        }\n        return context\n    }\n}\n"
        }
        return output
    }

    private var swiftUI: String {
        """

        #if canImport(SwiftUI)
        import SwiftUI

        nonisolated extension \(values).Color {
            /// The color for SwiftUI.
            \(access)var color: SwiftUI.Color {
                SwiftUI.Color(displayP3 ? .displayP3 : .sRGB, red: red, green: green, blue: blue, opacity: alpha)
            }
        }

        nonisolated extension \(values).Dynamic where Value == \(values).Color {
            /// A SwiftUI color that follows the environment's appearance and contrast (through a
            /// dynamic UIColor or NSColor; on watchOS, the color in `context`).
            \(access)func color(in context: \(values).Context = .default) -> SwiftUI.Color {
                guard varies else { return value.color }
                #if canImport(UIKit) && !os(watchOS)
                return SwiftUI.Color(uiColor: uiColor(in: context))
                #elseif canImport(AppKit)
                return SwiftUI.Color(nsColor: nsColor(in: context))
                #else
                return value(in: context).color
                #endif
            }
        }

        nonisolated extension \(values).Typography {
            /// The first of `postScriptNames` installed here, as UIKit's and AppKit's fonts look
            /// them up: the font both frameworks draw the style with.
            \(access)var installedPostScriptName: String? {
                #if canImport(UIKit)
                postScriptNames.first { UIFont(name: $0, size: fontSize) != nil }
                #elseif canImport(AppKit)
                postScriptNames.first { NSFont(name: $0, size: fontSize) != nil }
                #else
                postScriptNames.first
                #endif
            }

            /// The style as a SwiftUI font that scales with Dynamic Type relative to `textStyle`:
            /// the first installed of the families by PostScript name (`installedPostScriptName`,
            /// the font UIKit's `uiFont` draws too) through `Font.custom(_:size:relativeTo:)`,
            /// else the system font of the style's weight and design at the size
            /// `dynamicTypeSize` gives it (`fontSize(relativeTo:dynamicTypeSizeIndex:)`). In a view,
            /// pass the environment's `@Environment(\\.dynamicTypeSize)`.
            \(access)func font(relativeTo textStyle: SwiftUI.Font.TextStyle = .body,
                dynamicTypeSize: SwiftUI.DynamicTypeSize = .large) -> SwiftUI.Font
            {
                if let name = installedPostScriptName { return .custom(name, size: fontSize, relativeTo: textStyle) }
                let weight: SwiftUI.Font.Weight = switch fontWeight {
                case ..<150: .ultraLight
                case ..<250: .thin
                case ..<350: .light
                case ..<450: .regular
                case ..<550: .medium
                case ..<650: .semibold
                case ..<750: .bold
                case ..<850: .heavy
                default: .black
                }
                let design: SwiftUI.Font.Design = switch systemDesign {
                case "monospaced"?: .monospaced
                case "serif"?: .serif
                case "rounded"?: .rounded
                default: .default
                }
                let style: \(values).TextStyle = switch textStyle {
                case .largeTitle: .largeTitle
                case .title: .title1
                case .title2: .title2
                case .title3: .title3
                case .headline: .headline
                case .subheadline: .subheadline
                case .body: .body
                case .callout: .callout
                case .footnote: .footnote
                case .caption: .caption1
                case .caption2: .caption2
                @unknown default: .body
                }
                let sizes: [SwiftUI.DynamicTypeSize] = [.xSmall, .small, .medium, .large, .xLarge, .xxLarge, .xxxLarge,
                    .accessibility1, .accessibility2, .accessibility3, .accessibility4, .accessibility5]
                let size = fontSize(relativeTo: style, dynamicTypeSizeIndex: sizes.firstIndex(of: dynamicTypeSize) ?? 3)
                return .system(size: size, weight: weight, design: design)
            }
        }
        #endif

        """
    }
}
