import Tessera

/// The static flavor's own types, written once per file: colors and composites as plain
/// values, `Context` (one nested enum per modifier), `Dynamic` (values by permutation), and
/// the UIKit and SwiftUI conversions behind `#if canImport`.
struct StaticSupport {
    let context: GenerationContext
    let values: String
    let access: String

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
            if SwiftNamespace.reservedTypeNames.contains(typeName) { typeName += "_" }
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
        \(access)enum \(values) {
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
                /// The distinct values, the default context's first.
                \(access)let values: [Value]
                /// Per permutation, an index into `values`; empty when the value never changes.
                \(access)let indices: [UInt16]

                /// A value that is the same in every context.
                \(access)init(_ value: Value) {
                    values = [value]
                    indices = []
                }

                \(access)init(_ values: [Value], _ indices: [UInt16]) {
                    self.values = values
                    self.indices = indices
                }

                /// The value in the default contexts.
                \(access)var value: Value { values[0] }

                /// Whether the value depends on the context.
                \(access)var varies: Bool { !indices.isEmpty }

                /// The value in `context`.
                \(access)func value(in context: Context) -> Value {
                    indices.isEmpty ? values[0] : values[Int(indices[context.permutation])]
                }
            }
        }

        """
        output += uiKit(modifiers)
        output += swiftUI
        return output
    }

    /// How each trait combination (dark, high contrast, elevated) sets the modifiers the
    /// conventional trait mapping drives; empty when none is.
    func traitCases(_ modifiers: [Modifier]) -> [(dark: Bool, high: Bool, elevated: Bool, settings: [(String, String)])] {
        var combos: [(Bool, Bool, Bool, [String: String])] = []
        for dark in [false, true] {
            for high in [false, true] {
                for elevated in [false, true] {
                    let traits = ThemeTraits(appearance: dark ? .dark : .light, contrast: high ? .high : .standard,
                        elevation: elevated ? .elevated : .base)
                    combos.append((dark, high, elevated, TraitMapping.conventional.contexts(for: traits, modifiers: context.modifiers)))
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

    private func uiKit(_ modifiers: [Modifier]) -> String {
        var output = """

        #if canImport(UIKit)
        import UIKit

        extension \(values).Color {
            /// The color for UIKit.
            \(access)var uiColor: UIColor {
                displayP3
                    ? UIColor(displayP3Red: red, green: green, blue: blue, alpha: alpha)
                    : UIColor(red: red, green: green, blue: blue, alpha: alpha)
            }
        }

        extension \(values).Context {
            /// These contexts with the ones a trait collection chooses: appearance, contrast and
            /// elevation, as the resolver's modifiers name them.
            \(access)func adapted(to traits: UITraitCollection) -> Self {

        """
        let cases = traitCases(modifiers)
        if cases.isEmpty {
            output += "        self\n"
        } else {
            output += "        var context = self\n"
            output += "        switch (traits.userInterfaceStyle == .dark, traits.accessibilityContrast == .high, traits.userInterfaceLevel == .elevated) {\n"
            for combo in cases {
                output += "        case (\(combo.dark), \(combo.high), \(combo.elevated)):\n"
                for (property, name) in combo.settings { output += "            context.\(property) = .\(name)\n" }
            }
            output += "        }\n        return context\n"
        }
        output += """
            }
        }

        extension \(values).Dynamic where Value == \(values).Color {
            /// A color that follows the trait collection in `context`'s other contexts.
            \(access)func uiColor(in context: \(values).Context = .default) -> UIColor {
                guard varies else { return value.uiColor }
                return UIColor { traits in self.value(in: context.adapted(to: traits)).uiColor }
            }
        }

        extension \(values).Typography {
            /// The first of the font families installed, else the system font, at the style's
            /// size and weight.
            \(access)var uiFont: UIFont {
                for family in fontFamily {
                    if let font = UIFont(name: family, size: fontSize) { return font }
                }
                return UIFont.systemFont(ofSize: fontSize, weight: uiWeight)
            }

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
        #endif

        """
        return output
    }

    private var swiftUI: String {
        """

        #if canImport(SwiftUI)
        import SwiftUI

        extension \(values).Color {
            /// The color for SwiftUI.
            \(access)var color: SwiftUI.Color {
                SwiftUI.Color(displayP3 ? .displayP3 : .sRGB, red: red, green: green, blue: blue, opacity: alpha)
            }
        }

        #if canImport(UIKit)
        extension \(values).Dynamic where Value == \(values).Color {
            /// A SwiftUI color that follows the environment's appearance and contrast.
            \(access)func color(in context: \(values).Context = .default) -> SwiftUI.Color {
                guard varies else { return value.color }
                return SwiftUI.Color(uiColor: uiColor(in: context))
            }
        }
        #endif
        #endif

        """
    }
}
