import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

/// `tessera adopt` from the user's side, on an app written as seeds/000's are (a ConfigParser,
/// a ThemeTokens registry, UIKit literals) with SwiftUI views beside it: the report, the diff,
/// `--apply` in each flavor, and the app type-checking for iOS before and after.
struct AdoptCommandTests {
    static let binary = productsFolder.appendingPathComponent("tessera")

    static let resolver = #"""
        {
          "version": "2025.10",
          "sets": {"base": {"sources": [{
            "grey": {"$type": "color",
              "0": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}},
              "900": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.1, 0.1]}}},
            "blue": {"$type": "color", "500": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 1]}}},
            "color": {"$type": "color", "background": {"$value": "{grey.0}"}, "text": {"$value": "{grey.900}"},
              "link": {"$value": "{blue.500}"}, "focus": {"$value": "{blue.500}"}},
            "spacing": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}, "lg": {"$value": {"value": 24, "unit": "px"}}},
            "radius": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}},
            "typography": {"$type": "typography", "title": {"$value": {"fontFamily": ["SF Pro Display", "system-ui"],
              "fontSize": {"value": 20, "unit": "px"}, "fontWeight": 600, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}}}
          }]}},
          "modifiers": {"theme": {"contexts": {"light": [],
            "dark": [{"color": {"$type": "color", "background": {"$value": "{grey.900}"}, "text": {"$value": "{grey.0}"}}}]},
            "default": "light"}},
          "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]
        }
        """#

    /// seeds/000's shape: the app's own parser and registry, called with registry constants.
    static let legacy = """
        import UIKit

        enum ThemeTokens {
            static let background = "color/background"
            static let gap = "spacing/sm"
            static let missing = "theme/gone"
        }

        enum ConfigParser {
            static func colorFromToken(_ token: String) -> UIColor { UIColor(white: 0, alpha: 0) }
            static func sizeFromToken(_ token: String) -> CGFloat { 0 }
        }

        @MainActor final class Styler {
            func style(_ view: UIView, _ label: UILabel) {
                view.backgroundColor = ConfigParser.colorFromToken(ThemeTokens.background)
                label.textColor = UIColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1) // the body text
                let gap: CGFloat = ConfigParser.sizeFromToken(ThemeTokens.gap)
                label.backgroundColor = ConfigParser.colorFromToken(ThemeTokens.missing)
                label.tintColor = UIColor(red: 0, green: 0.4, blue: 1, alpha: 1)
                _ = gap
            }
        }

        extension UIColor {
            static func hex(_ value: Int, alpha: CGFloat = 1) -> UIColor {
                UIColor(red: CGFloat((value >> 16) & 0xFF) / 255, green: CGFloat((value >> 8) & 0xFF) / 255,
                    blue: CGFloat(value & 0xFF) / 255, alpha: alpha)
            }
        }

        enum AppTheming {
            enum ColourType {
                case body, brand
                var color: UIColor {
                    switch self {
                    case .body: return UIColor.hex(0x1A1A1A)
                    case .brand: return UIColor.hex(0x0066FF)
                    }
                }
            }
        }

        @MainActor final class Brander {
            func brand(_ view: UIView, _ label: UILabel) {
                view.tintColor = AppTheming.ColourType.body.color
                label.font = UIFont.systemFont(ofSize: 20, weight: .semibold)
                let margins = NSDirectionalEdgeInsets(top: 0, leading: 24, bottom: 0, trailing: 24)
                _ = margins
            }
        }

        """

    static let card = """
        import SwiftUI

        struct CardView: View {
            var body: some View {
                VStack(spacing: 8) {
                    Text("Title")
                        .foregroundStyle(Color(red: 0.1, green: 0.1, blue: 0.1)) // title color
                        .padding(24)
                        .background(Color(red: 1, green: 1, blue: 1))
                    Text("Odd").padding(13).font(.system(size: 20, weight: .semibold))
                    Text("Styled").font(.title)
                }
            }
        }

        """

    /// A project: the tokens, a `tessera.yml` with both flavors, the app, and the generated Swift.
    static func project() throws -> URL {
        let folder = try Codegen.temporaryFolder("adopt")
        try Data(resolver.utf8).write(to: folder.appendingPathComponent("app.resolver.json"))
        try Data("""
            resolver: app.resolver.json
            outputs:
              - swift: { path: Generated/Palette.swift, flavor: static, name: Palette }
              - swift: { path: Generated/Tokens.swift, flavor: runtime, name: Tokens }
            lint: { usage: [App] }

            """.utf8).write(to: folder.appendingPathComponent("tessera.yml"))
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(legacy.utf8).write(to: app.appendingPathComponent("Legacy.swift"))
        try Data(card.utf8).write(to: app.appendingPathComponent("CardView.swift"))
        let build = try Processes.run(binary, ["build"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        return folder
    }

    func text(_ folder: URL, _ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }

    @Test func theReportSaysWhatEachValueBecomesAndChangesNothing() throws {
        let folder = try Self.project()
        let report = try Processes.run(Self.binary, ["adopt"], in: folder)
        #expect(report.status == 0, "\(report.stderr)")
        let lines = report.stdout.components(separatedBy: "\n")
        func line(_ fragment: String) -> String { lines.first { $0.contains(fragment) } ?? "" }
        #expect(line("ThemeTokens.background)").contains("replace: ") && line("ThemeTokens.background)").contains("Palette.Color.background.uiColor()"))
        #expect(line("ThemeTokens.missing").contains("none: ") && line("ThemeTokens.missing").contains("names no token"))
        #expect(line("Legacy.swift:20:").contains("tie: ") && line("Legacy.swift:20:").contains("'color.link'"), "\(report.stdout)")
        #expect(line("CardView.swift:10:").contains("none: 13"), "\(report.stdout)")
        #expect(report.stdout.contains("in light mode only (dark: #ffffffff"), "\(report.stdout)")
        let lineCount = (Self.legacy + Self.card).filter { $0 == "\n" }.count
        #expect(lines.last { !$0.isEmpty }?.hasPrefix("19 hand-written values in 2 of 2 Swift files (\(lineCount) lines): 14 to replace") == true,
            "\(report.stdout)")
        #expect(try text(folder, "App/Legacy.swift") == Self.legacy)

        let json = try Processes.run(Self.binary, ["adopt", "--format", "json"], in: folder)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 19)
        let tie = try #require(entries.first { $0["status"] as? String == "tie" })
        #expect(entries.filter { $0["status"] as? String == "tie" }.count == 2)
        #expect((tie["candidates"] as? [[String: Any]])?.compactMap { $0["token"] as? String }.sorted() == ["color.focus", "color.link"])

        let markdown = try Processes.run(Self.binary, ["adopt", "--format", "markdown"], in: folder)
        #expect(markdown.stdout.hasPrefix("## Design values written by hand"))
        #expect(markdown.stdout.contains("| `App/CardView.swift:5` | `8` | replace: → Palette.Spacing.sm.value  ('spacing.sm') |"), "\(markdown.stdout)")

        let diff = try Processes.run(Self.binary, ["adopt", "--dry-run"], in: folder)
        #expect(diff.stdout.contains("--- a/App/CardView.swift\n+++ b/App/CardView.swift\n@@ -2,"), "\(diff.stdout)")
        #expect(diff.stdout.contains("-        VStack(spacing: 8) {\n+        VStack(spacing: Palette.Spacing.sm.value) {"), "\(diff.stdout)")
        #expect(try text(folder, "App/CardView.swift") == Self.card)
    }

    @Test func applyRewritesToTheStaticFlavorAndTheAppStillTypeChecks() throws {
        let folder = try Self.project()
        try expectTypeChecks(folder, ["Generated/Palette.swift"], runtime: false)
        let applied = try Processes.run(Self.binary, ["adopt", "--apply"], in: folder)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stderr.contains("2 files rewritten"))
        let card = try text(folder, "App/CardView.swift")
        #expect(card.contains(".foregroundStyle(Palette.Color.text.color()) // title color"), "\(card)")
        #expect(card.contains(".padding(Palette.Spacing.lg.value)"), "\(card)")
        #expect(card.contains("Text(\"Odd\").padding(13).font(Palette.Typography.title.value.font())"), "\(card)")
        #expect(card.contains("Text(\"Styled\").font(Palette.Typography.title.value.font(relativeTo: .title))"), "\(card)")
        let legacy = try text(folder, "App/Legacy.swift")
        #expect(legacy.contains("label.textColor = Palette.Color.text.uiColor() // the body text"), "\(legacy)")
        #expect(legacy.contains("let gap: CGFloat = CGFloat(Palette.Spacing.sm.value)"), "\(legacy)")
        // seeds/000's AppTheming: the enum's case and the call of its property, both the token.
        #expect(legacy.contains("case .body: return Palette.Color.text.uiColor()"), "\(legacy)")
        #expect(legacy.contains("view.tintColor = Palette.Color.text.uiColor()"), "\(legacy)")
        #expect(legacy.contains("label.font = Palette.Typography.title.value.uiFont"), "\(legacy)")
        #expect(legacy.contains("NSDirectionalEdgeInsets(top: 0, leading: CGFloat(Palette.Spacing.lg.value), bottom: 0, trailing: CGFloat(Palette.Spacing.lg.value))"),
            "\(legacy)")
        // What was not exact is left as written.
        #expect(legacy.contains("ConfigParser.colorFromToken(ThemeTokens.missing)") && legacy.contains("UIColor(red: 0, green: 0.4, blue: 1, alpha: 1)"))
        try expectTypeChecks(folder, ["Generated/Palette.swift"], runtime: false)
        // Run again: nothing left to replace.
        let again = try Processes.run(Self.binary, ["adopt", "--apply"], in: folder)
        #expect(again.stdout.contains(": 0 replaced"), "\(again.stdout)")
        #expect(again.stderr.contains("0 files rewritten"))
    }

    @Test func applyRewritesToTheRuntimeFlavorWithTheEnvironmentsTheme() throws {
        let folder = try Self.project()
        try Data("import TesseraRuntime\n\nenum AppTheme {\n    static let store = ThemeStore(tokensTable.theme)\n}\n".utf8)
            .write(to: folder.appendingPathComponent("App/AppTheme.swift"))
        let applied = try Processes.run(Self.binary, ["adopt", "--apply", "--output", "Tokens", "--store", "AppTheme.store"], in: folder)
        #expect(applied.status == 0, "\(applied.stderr)")
        let card = try text(folder, "App/CardView.swift")
        #expect(card.hasPrefix("import SwiftUI\nimport TesseraRuntime\nimport TesseraUI\n"), "\(card)")
        #expect(card.contains("struct CardView: View {\n    @Environment(\\.theme) private var theme\n    var body"), "\(card)")
        #expect(card.contains(".foregroundStyle(Color(theme[Tokens.Color.text])) // title color"), "\(card)")
        #expect(card.contains(".padding(theme[Tokens.Spacing.lg].points)"), "\(card)")
        #expect(card.contains(".font(Font.theme(theme.font(Tokens.Typography.title)))"), "\(card)")
        let legacy = try text(folder, "App/Legacy.swift")
        #expect(legacy.contains("view.backgroundColor = UIColor(Tokens.Color.background, in: AppTheme.store)"), "\(legacy)")
        #expect(legacy.contains("let gap: CGFloat = CGFloat(AppTheme.store.theme[Tokens.Spacing.sm])"), "\(legacy)")
        #expect(legacy.contains("label.font = UIFont.theme(AppTheme.store.theme.font(Tokens.Typography.title))"), "\(legacy)")
        try expectTypeChecks(folder, ["Generated/Tokens.swift"], runtime: true)
    }

    /// A package is read from its `Sources`, an Xcode project from its folder.
    @Test func aPackageOrAnXcodeProjectNamesItsSwift() throws {
        let folder = try Self.project()
        let package = folder.appendingPathComponent("Kit")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/Kit"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/KitTests"), withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
        try Data(Self.card.utf8).write(to: package.appendingPathComponent("Sources/Kit/Card.swift"))
        try Data(Self.card.utf8).write(to: package.appendingPathComponent("Tests/KitTests/CardTests.swift"))
        for given in ["Kit", "Kit/Package.swift"] {
            let run = try Processes.run(Self.binary, ["adopt", given, "--format", "json"], in: folder)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stderr)")
            #expect(Set(entries.compactMap { $0["file"] as? String }) == ["Kit/Sources/Kit/Card.swift"], "\(given)")
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/App.xcodeproj"), withIntermediateDirectories: true)
        let project = try Processes.run(Self.binary, ["adopt", "App/App.xcodeproj", "--format", "json"], in: folder)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(project.stdout.utf8)) as? [[String: Any]])
        #expect(Set(entries.compactMap { $0["file"] as? String }) == ["App/CardView.swift", "App/Legacy.swift"])
    }

    @Test func withoutAStoreUIKitValuesOfTheRuntimeFlavorStaySuggestions() throws {
        let folder = try Self.project()
        let report = try Processes.run(Self.binary, ["adopt", "--output", "Tokens"], in: folder)
        #expect(report.stdout.contains("exact: ConfigParser.colorFromToken(ThemeTokens.background) is 'color.background', not rewritten: "
            + "the runtime flavor reads UIKit values from a ThemeStore: give --store"), "\(report.stdout)")
        let mistaken = try Processes.run(Self.binary, ["adopt", "--output", "Nope"], in: folder)
        #expect(mistaken.status == 2)
        #expect(mistaken.stderr.contains("(outputs: Palette, Tokens)"), "\(mistaken.stderr)")
    }

    /// The app's files and `generated` type-check for iOS against the stand-ins (with the
    /// package's modules and TesseraUI built for them, for the runtime flavor).
    func expectTypeChecks(_ folder: URL, _ generated: [String], runtime: Bool) throws {
        guard let modules = Codegen.modules else { return }
        let work = try Codegen.temporaryFolder("adopt-typecheck")
        defer { try? FileManager.default.removeItem(at: work) }
        if runtime {
            let (built, output) = try Toolchain.buildUIAdapters(for: .iOS, into: work, modules: modules, TestExpectations())
            #expect(built == 0, "\(output.prefix(2000))")
        } else {
            try Toolchain.buildStandIns(for: .iOS, into: work, TestExpectations())
        }
        let app = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("App").path).sorted()
            .map { folder.appendingPathComponent("App/\($0)") }
        let (status, output) = try Toolchain.typeCheck(app + generated.map { folder.appendingPathComponent($0) }, for: .iOS,
            standIns: work, modules: modules)
        #expect(status == 0, "\(output.prefix(3000))")
    }
}
