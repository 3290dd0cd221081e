import Foundation
import Tessera
import TesseraAdopt
import Testing

/// Each way an app writes a design value by hand, found by the parser with its value, its
/// framework and the exact text a rewrite replaces; what only looks like one, left alone.
struct AdoptScannerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let code: String
        /// The text found, its framework, and the value (`#rrggbbaa`, points, a path or a name).
        let found: String
        let framework: AdoptFinding.Framework
        let value: String
        var testDescription: String { code }
    }

    static let cases: [Case] = [
        Case(code: "let c = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)", found: "UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)", framework: .uiKit, value: "#ff8000ff"),
        Case(code: "let c = UIColor(red: 14/255, green: 14/255.0, blue: 19 / 255, alpha: 0.5)", found: "UIColor(red: 14/255, green: 14/255.0, blue: 19 / 255, alpha: 0.5)", framework: .uiKit, value: "#0e0e1380"),
        Case(code: "let c = UIColor(white: 0, alpha: 1)", found: "UIColor(white: 0, alpha: 1)", framework: .uiKit, value: "#000000ff"),
        Case(code: "let c = UIColor.init(red: 1, green: 1, blue: 1, alpha: 1)", found: "UIColor.init(red: 1, green: 1, blue: 1, alpha: 1)", framework: .uiKit, value: "#ffffffff"),
        Case(code: "let c = Color(red: 0, green: 0, blue: 1)", found: "Color(red: 0, green: 0, blue: 1)", framework: .swiftUI, value: "#0000ffff"),
        Case(code: "let c = Color(.sRGB, red: 1, green: 0, blue: 0, opacity: 0.2)", found: "Color(.sRGB, red: 1, green: 0, blue: 0, opacity: 0.2)", framework: .swiftUI, value: "#ff000033"),
        Case(code: "let c = NSColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)", found: "NSColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)", framework: .appKit, value: "#00ff00ff"),
        Case(code: "let c = #colorLiteral(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)", found: "#colorLiteral(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)", framework: .uiKit, value: "#808080ff"),
        Case(code: "let c = UIColor.hex(0x017CFF)", found: "UIColor.hex(0x017CFF)", framework: .uiKit, value: "#017cffff"),
        Case(code: "let c = UIColor.hex(0xFBFBFB, alpha: 0.95)", found: "UIColor.hex(0xFBFBFB, alpha: 0.95)", framework: .uiKit, value: "#fbfbfbf2"),
        Case(code: "let c = UIColor(hex: \"#D9D9D9\")", found: "UIColor(hex: \"#D9D9D9\")", framework: .uiKit, value: "#d9d9d9ff"),
        Case(code: "let c = UIColor(hexValue: 0xF0F0F0)", found: "UIColor(hexValue: 0xF0F0F0)", framework: .uiKit, value: "#f0f0f0ff"),
        Case(code: "let c = UIColor(named: \"AccentColor\")", found: "UIColor(named: \"AccentColor\")", framework: .uiKit, value: "AccentColor"),
        Case(code: "let c = Color(\"TextPrimary\")", found: "Color(\"TextPrimary\")", framework: .swiftUI, value: "TextPrimary"),
        Case(code: "let c = Theme.Colors.textPrimary", found: "Theme.Colors.textPrimary", framework: .swiftUI, value: "textPrimary"),
        Case(code: "let c = Theme.UIColors.accentColor", found: "Theme.UIColors.accentColor", framework: .uiKit, value: "accentColor"),
        Case(code: "let c = ThemeAssets.textPrimary.swiftUIColor", found: "ThemeAssets.textPrimary.swiftUIColor", framework: .swiftUI, value: "textPrimary"),
        Case(code: "let c = Asset.Colors.primary.color", found: "Asset.Colors.primary.color", framework: .uiKit, value: "primary"),
        Case(code: "let v = Text(\"a\").padding(16)", found: "16", framework: .swiftUI, value: "16 spacing"),
        Case(code: "let v = Text(\"a\").padding(.horizontal, 12.5)", found: "12.5", framework: .swiftUI, value: "12.5 spacing"),
        Case(code: "let v = VStack(alignment: .leading, spacing: 8) { }", found: "8", framework: .swiftUI, value: "8 spacing"),
        Case(code: "let v = RoundedRectangle(cornerRadius: 12)", found: "12", framework: .swiftUI, value: "12 corner radius"),
        Case(code: "let v = Image(\"a\").frame(width: 24, alignment: .center)", found: "24", framework: .swiftUI, value: "24 size"),
        Case(code: "let v = Text(\"a\").frame(maxWidth: .infinity, minHeight: 44)", found: "44", framework: .swiftUI, value: "44 size"),
        Case(code: "let v = Text(\"a\").cornerRadius(CGFloat(6))", found: "CGFloat(6)", framework: .swiftUI, value: "6 corner radius"),
        Case(code: "let v = shape.stroke(.red, lineWidth: 1)", found: "1", framework: .swiftUI, value: "1 border width"),
        Case(code: "func f() { view.layer.cornerRadius = 8 }", found: "8", framework: .uiKit, value: "8 corner radius"),
        Case(code: "func f() { view.layer.borderWidth = 0.5 }", found: "0.5", framework: .uiKit, value: "0.5 border width"),
        Case(code: "func f() { stack.spacing = 4 }", found: "4", framework: .uiKit, value: "4 spacing"),
        Case(code: "let i = UIEdgeInsets(top: 0, left: 12, bottom: 0, right: 0)", found: "12", framework: .uiKit, value: "12 spacing"),
        Case(code: "let i = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 20)", found: "20", framework: .uiKit, value: "20 spacing"),
        Case(code: "let v = Text(\"a\").padding(EdgeInsets(top: 0, leading: 0, bottom: 6, trailing: 0))", found: "6", framework: .swiftUI, value: "6 spacing"),
        Case(code: "let i = NSEdgeInsets(top: 0, left: 0, bottom: 0, right: 10)", found: "10", framework: .appKit, value: "10 spacing"),
        Case(code: "let v = Text(\"a\").font(.system(size: 17, weight: .semibold))", found: ".system(size: 17, weight: .semibold)", framework: .swiftUI, value: "17 pt 600 system"),
        Case(code: "let f = Font.system(size: 12)", found: "Font.system(size: 12)", framework: .swiftUI, value: "12 pt 400 system"),
        Case(code: "let f = UIFont.systemFont(ofSize: 16, weight: .bold)", found: "UIFont.systemFont(ofSize: 16, weight: .bold)", framework: .uiKit, value: "16 pt 700 system"),
        Case(code: "func f() { label.font = .boldSystemFont(ofSize: 14) }", found: ".boldSystemFont(ofSize: 14)", framework: .uiKit, value: "14 pt 700 system"),
        Case(code: "let f = UIFont(name: \"Mulish-SemiBold\", size: 14)!", found: "UIFont(name: \"Mulish-SemiBold\", size: 14)", framework: .uiKit, value: "14 pt 600 Mulish-SemiBold"),
        Case(code: "let v = Text(\"a\").font(.headline)", found: ".headline", framework: .swiftUI, value: "text style headline"),
        Case(code: "let f = UIFont.preferredFont(forTextStyle: .body)", found: "UIFont.preferredFont(forTextStyle: .body)", framework: .uiKit, value: "text style body"),
        Case(code: "let f = Font.custom(\"Inter\", size: 16)", found: "Font.custom(\"Inter\", size: 16)", framework: .swiftUI, value: "16 pt 400 Inter"),
        Case(code: "let c = ConfigParser.colorFromToken(\"theme/navigation/bottom/highlight\")", found: "ConfigParser.colorFromToken(\"theme/navigation/bottom/highlight\")", framework: .uiKit, value: "theme/navigation/bottom/highlight"),
        Case(code: "let s = ConfigParser.sizeFromToken(ThemeTokens.themeButtonsRadius)", found: "ConfigParser.sizeFromToken(ThemeTokens.themeButtonsRadius)", framework: .uiKit, value: "theme/buttons/radius"),
    ]

    static func value(of finding: AdoptFinding) -> String {
        switch finding.kind {
        case .color(let color): color.hexString(includeAlpha: true)
        case .dimension(let value, let role): "\(value == value.rounded() ? String(Int(value)) : String(value)) \(role.rawValue)"
        case .tokenCall(_, let path, _): path
        case .assetName(let name), .listedColor(let name): name
        case .font(let size, let weight, let family): "\(Int(size)) pt \(Int(weight)) \(family ?? "system")"
        case .textStyle(let style): "text style \(style)"
        }
    }

    @Test(arguments: cases)
    func eachFormIsFoundWithItsValue(_ testCase: Case) throws {
        let scanner = AdoptScanner(registry: ["themeButtonsRadius": "theme/buttons/radius"])
        let source = "import UIKit\n" + testCase.code + "\n"
        let findings = scanner.scan(source, path: "App.swift")
        #expect(findings.count == 1, "\(findings.map(\.text))")
        let finding = try #require(findings.first)
        #expect(finding.text == testCase.found)
        #expect(finding.framework == testCase.framework)
        #expect(Self.value(of: finding) == testCase.value)
        // The range is the text's, in bytes, on line 2.
        #expect(String(decoding: Array(source.utf8)[finding.range], as: UTF8.self) == testCase.found)
        #expect(finding.line == 2)
    }

    @Test func whatOnlyLooksLikeAValueIsLeftAlone() {
        let source = """
            import SwiftUI
            // UIColor(red: 1, green: 0, blue: 0, alpha: 1) in a comment
            let text = "Color(red: 1, green: 0, blue: 0)"
            let computed = UIColor(red: r, green: g, blue: b, alpha: 1)
            let eight = UIColor(hex: "#11223344")
            let none = Text("a").padding(0)
            let update = Theme.Colors.update(accentColor: .red)
            let unrelated = Foo(spacing: 8).bar(red: 1, green: 1, blue: 1, alpha: 1)
            """
        let findings = AdoptScanner().scan(source, path: "App.swift")
        // Only `Foo(spacing: 8)`: a layout argument is one whatever its call.
        #expect(findings.map(\.text) == ["8"], "\(findings.map(\.text))")
    }

    @Test func theRegistryIsReadFromTheAppsThemeTokens() {
        let constants = AdoptScanner.registryConstants(in: """
            public enum ThemeTokens {
                public static let accent = "{Accent.accent-400}"
                public static let themeNavigationBottomHighlight = "theme/navigation/bottom/highlight"
                static var notAConstant: String { "x" }
            }
            enum Other { static let ignored = "a/b" }
            """)
        #expect(constants == ["accent": "{Accent.accent-400}", "themeNavigationBottomHighlight": "theme/navigation/bottom/highlight"])
    }

    /// seeds/000's AppTheming: each case's value read from the enum's `switch self`, and a use
    /// of a case's property found with that value.
    @Test func aValueEnumsCasesAreReadAndTheirUsesFound() throws {
        let declarations = """
            enum AppTheming {
                public enum ColourType: String {
                    case main, accent, error
                    var color: UIColor {
                        switch self {
                        case .main:    return UIColor.hex(0x0E0E13)
                        case .accent:  return UIColor.hex(0x017CFF)
                        case .error:   return UIColor(red: 0.75, green: 0.22, blue: 0.24, alpha: 1)
                        }
                    }
                }
                public enum CornerRadiusType: String {
                    case radius_1, radius_4
                    var cornerRadius: CGFloat {
                        switch self {
                        case .radius_1: 0
                        case .radius_4: 8
                        }
                    }
                    var name: String { switch self { case .radius_1: "one"; case .radius_4: "four" } }
                }
            }
            """
        let values = AdoptScanner.enumValues(in: declarations)
        #expect(Set(values.keys) == ["ColourType.main.color", "ColourType.accent.color", "ColourType.error.color", "CornerRadiusType.radius_4.cornerRadius"])
        let scanner = AdoptScanner(enumValues: values)
        let uses = scanner.scan("""
            func style(_ view: UIView) {
                view.backgroundColor = AppTheming.ColourType.accent.color
                view.layer.cornerRadius = CornerRadiusType.radius_4.cornerRadius
                let other = AppTheming.ColourType.accent.rawValue
            }
            """, path: "App.swift")
        #expect(uses.map(\.text) == ["AppTheming.ColourType.accent.color", "CornerRadiusType.radius_4.cornerRadius"])
        #expect(uses.map(Self.value) == ["#017cffff", "8 corner radius"])
        #expect(uses.map(\.framework) == [.uiKit, .uiKit])
    }

    /// Fluent's global tokens: a static function that switches over its one argument, and its
    /// calls, `GlobalTokens.neutralColor(.grey94)`, found with the case's value.
    @Test func aStaticFunctionOfCasesIsReadAndItsCallsFound() throws {
        let values = AdoptScanner.enumValues(in: """
            public final class GlobalTokens: NSObject {
                @objc(colorForNeutralColorToken:)
                public static func neutralColor(_ token: NeutralColorToken) -> UIColor {
                    switch token {
                    case .black:
                        return UIColor(hexValue: 0x000000)
                    case .grey94:
                        return UIColor(hexValue: 0xF0F0F0)
                    }
                }
                public static func corner(_ token: CornerRadiusToken) -> CGFloat {
                    switch token {
                    case .radiusNone: return 0
                    case .radius80: return 8
                    }
                }
            }
            """)
        #expect(Set(values.keys) == ["GlobalTokens.neutralColor(.black)", "GlobalTokens.neutralColor(.grey94)", "GlobalTokens.corner(.radius80)"])
        let uses = AdoptScanner(registry: ["accent": "color/accent"], enumValues: values).scan("""
            let background = GlobalTokens.neutralColor(.grey94)
            let radius = GlobalTokens.corner(.radius80)
            let unknown = GlobalTokens.neutralColor(.grey50)
            let parsed = ConfigParser.colorFromToken(ThemeTokens.accent)
            let literal = ConfigParser.colorFromToken("color/accent")
            """, path: "App.swift")
        #expect(uses.map(Self.value) == ["#f0f0f0ff", "8 corner radius", "color/accent", "color/accent"], "\(uses.map(\.text))")
    }

    @Test func aViewKnowsWhetherItHasATheme() throws {
        let source = """
            struct Card: View {
                @Environment(\\.theme) private var theme
                var body: some View { Text("a").padding(8) }
            }
            struct Plain: View {
                var body: some View { Text("a").padding(8) }
            }
            final class Cell { func f() { let x = Text("a").padding(8) } }
            """
        let findings = AdoptScanner().scan(source, path: "App.swift")
        #expect(findings.count == 3)
        #expect(findings[0].enclosingView?.hasTheme == true)
        #expect(findings[1].enclosingView?.hasTheme == false)
        #expect(findings[1].enclosingView?.indentation == "    ")
        #expect(findings[2].enclosingView == nil)
    }
}
