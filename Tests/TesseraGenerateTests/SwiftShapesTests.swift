import Foundation
import Tessera
import TesseraImporters
import TesseraGenerate
import TesseraConformanceKit
import TesseraTestSupport
import Testing

/// The seeds' shapes: the path registry and `AppTheming` enums of the ConfigTokens apps, the
/// role enums of the Gentle spec, and component token structs with per-instance overrides.
@Suite struct SwiftShapesTests {
    static var configTokens: String { sharedFixtures.appendingPathComponent("config-tokens").path }
    static var gentle: String { sharedFixtures.appendingPathComponent("gentle/gentle-0.6.0.json").path }

    /// The four-file layout, read as a folder.
    static func configTokensContext() throws -> GenerationContext {
        let result = TokenSystem.resolving(paths: [configTokens], options: PipelineOptions(importers: .standard))
        return GenerationContext(try result.tokens(), name: "config-tokens")
    }

    static func constants(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("public static let "), let equals = trimmed.range(of: " = \"") else { return nil }
            return (String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 18)..<equals.lowerBound]),
                String(trimmed[equals.upperBound...].dropLast()))
        }
    }

    @Test func registryMatchesItsGoldenFile() throws {
        let (text, diagnostics) = RegistryEmitter().emit(try Self.configTokensContext())
        #expect(diagnostics.isEmpty)
        try Codegen.expectGolden(text, "ThemeTokens.swift")
    }

    /// Two ways to one answer: each registry string, passed to the lookups the ConfigTokens apps
    /// make (`colorFromShortToken` for `{A.b}`, `colorFromToken` and `sizeFromToken` for
    /// paths), finds the value Tessera resolves for that token.
    @Test func registryPathsAreWhatTheAppsLookupsTake() throws {
        let context = try Self.configTokensContext()
        let (text, _) = RegistryEmitter().emit(context)
        let constants = Self.constants(text)
        #expect(constants.count == context.tokens.count)
        var calls: [ConfigParserLookup.Call] = []
        for (_, value) in constants {
            if value.hasPrefix("{") {
                calls.append(.shortColor(value))
                continue
            }
            let path = value.replacingOccurrences(of: "/", with: ".")
            let token = try #require(context.tokens.first { $0.path == path }, "\(value)")
            // Only tokens.json is looked up by path; sizes and text styles are reached through it.
            guard token.anchor.file.path.hasSuffix("/tokens.json") else { continue }
            calls.append(token.type == .color ? .color(value) : .size(value))
        }
        #expect(calls.count >= 8)
        #expect(calls.contains { if case .shortColor = $0 { true } else { false } })
        let report = ConfigParserReport(folder: Self.configTokens, calls: calls, options: PipelineOptions(importers: .standard))
        let disagreeing = report.entries.filter { $0.verdict != .agrees }
        #expect(disagreeing.isEmpty, "\(disagreeing.map(\.call))")
    }

    /// The AppTheming enums compile with the static values, and each case's raw value is the
    /// name `TypographyParser` matches in textStyles.json.
    @Test func appThemingEnumsCompileAndNameTheStyles() throws {
        let context = try Self.configTokensContext()
        let link = SwiftLink(rootName: "Tokens", flavor: .static)
        let enums = EnumEmitter(enums: [
            .init(name: "ColourType", group: "Accent"), .init(name: "ThemeBorderType", group: "border-size"),
            .init(name: "TypographyType", group: "textStyles"),
        ], container: "AppTheming", link: link)
        let (text, diagnostics) = enums.emit(context)
        #expect(diagnostics.isEmpty)
        try Codegen.expectGolden(text, "AppTheming.swift")
        let main = """
            for style in AppTheming.TypographyType.allCases { print(style.rawValue, style.token.value.fontSize, style.token.value.textCase?.rawValue ?? "-") }
            print(AppTheming.ColourType(rawValue: "accent-600")!.token.value.blue)
            print(AppTheming.ThemeBorderType.allCases.map { $0.token.value })
            """
        let printed = try Codegen.runProgram(["Tokens.swift": SwiftEmitter(flavor: .static).emit(context).text, "AppTheming.swift": text,
            "main.swift": main])
        // What textStyles.json says, read independently of the importer.
        let styles = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.configTokens + "/textStyles.json")))
        let list = try #require((styles as? [String: Any])?["textStyles"] as? [[String: Any]])
        let expected = list.map { style -> String in
            let textCase = (style["textCase"] as? String)?.lowercased() ?? "-"
            return "\(style["name"]!) \(Double("\(style["fontSize"]!)")!) \(textCase)"
        }.sorted()
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(expected.count)).sorted() == expected)
        #expect(lines.dropFirst(expected.count).first == "1.0")   // #017cff
        #expect(lines.last == "[1.0]")
    }

    /// Every shape compiles in an app module isolated to the main actor by default (Xcode 26's
    /// new targets) and is read from nonisolated code: the registry, the enums with their
    /// tokens, and component structs made, compared and changed off the main actor.
    @Test func shapesAreReadableOffTheMainActor() throws {
        let configTokens = try Self.configTokensContext()
        let link = SwiftLink(rootName: "Tokens", flavor: .static)
        let enums = EnumEmitter(enums: [.init(name: "ColourType", group: "Accent"), .init(name: "TypographyType", group: "textStyles")],
            container: "AppTheming", link: link)
        let registry = RegistryEmitter().emit(configTokens).text
        let constant = try #require(Self.constants(registry).first?.name)
        try expectReadableOffTheMainActor([
            "Tokens.swift": SwiftEmitter(flavor: .static).emit(configTokens).text, "ThemeTokens.swift": registry,
            "AppTheming.swift": enums.emit(configTokens).text,
            "Reader.swift": """
                nonisolated func read() async -> Int {
                    var count = 0
                    for style in AppTheming.TypographyType.allCases where style.token.value(in: .default).fontSize > 0 { count += 1 }
                    _ = AppTheming.ColourType.allCases.map(\\.path)
                    _ = ThemeTokens.\(constant)
                    await Task.detached { _ = AppTheming.ColourType.allCases.first?.token.value }.value
                    return count
                }
                """,
        ])
        let example = try Codegen.context(Codegen.example)
        let components = ComponentEmitter(groups: ["button", "card"], link: link).emit(example).text
        try expectReadableOffTheMainActor([
            "Tokens.swift": SwiftEmitter(flavor: .static).emit(example).text, "Components.swift": components,
            "Reader.swift": """
                actor Screen {
                    var button = ButtonTokens()
                    func restyle() -> Bool {
                        button.primaryHeight = .init(60)
                        return button.primaryHeight.value == CardTokens().radius.value
                    }
                }
                """,
        ])
    }

    private func expectReadableOffTheMainActor(_ sources: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let work = try Codegen.temporaryFolder("isolation")
        defer { try? FileManager.default.removeItem(at: work) }
        let paths = try Codegen.write(sources, into: work)
        let (status, output) = try Codegen.swiftc(["-typecheck", "-swift-version", "6"] + Toolchain.mainActorByDefault + paths)
        #expect(status == 0, "\(output.prefix(3000))", sourceLocation: sourceLocation)
    }

    /// The Gentle role enums: the groups and their members are the spec's.
    @Test func gentleRolesHaveTheSpecsGroups() throws {
        let context = try Codegen.context(Self.gentle, name: "gentle")
        let enums = EnumEmitter(enums: [.init(name: "GentleColorRole", group: "colors"), .init(name: "GentleTextRole", group: "typography")],
            link: SwiftLink(rootName: "Tokens", flavor: .static))
        let (text, diagnostics) = enums.emit(context)
        #expect(diagnostics.isEmpty)
        try Codegen.expectGolden(text, "GentleRoles.swift")
        let main = """
            let r = GentleColorRole.self
            print(r.textRoles.count, r.surfaceRoles.count, r.actionRoles.count, r.themeRoles.count, r.surfaceBackgroundRoles.count)
            print(r.allCases.filter(\\.isSurfaceBackgroundRole).map(\\.rawValue).sorted().joined(separator: ","))
            print(r.allCases.filter { !$0.isTextRole && !$0.isSurfaceRole && !$0.isActionRole && !$0.isThemeRole }.count)
            print(r.init(rawValue: "textPrimary")!.isTextRole, r.borderSubtle.isSurfaceBackgroundRole, r.textPrimary.path)
            print(GentleTextRole.allCases.count, GentleTextRole(rawValue: "largeTitle_xxl")!.token.value.fontSize > 30)
            """
        let printed = try Codegen.runProgram(["Tokens.swift": SwiftEmitter(flavor: .static).emit(context).text, "Roles.swift": text,
            "main.swift": main])
        // seeds/004: 9 text, 6 surface, 2 action, 2 theme roles; 4 valid as surface backgrounds;
        // 17 typography roles.
        #expect(printed == """
            9 6 2 2 4
            background,surfaceBase,surfaceCardSecondary,surfaceTint
            0
            true false colors.text.textPrimary
            17 true

            """)
    }

    /// Static components: the system's values by default, any of them replaced per instance.
    @Test func staticComponentsTakeOverridesPerInstance() throws {
        let context = try Codegen.context(Codegen.example)
        let components = ComponentEmitter(groups: ["button", "card"], link: SwiftLink(rootName: "Tokens", flavor: .static))
        let (text, diagnostics) = components.emit(context)
        #expect(diagnostics.isEmpty)
        try Codegen.expectGolden(text, "Components.swift")
        let main = """
            let standard = ButtonTokens()
            var custom = ButtonTokens(primaryHeight: .init(60))
            custom.secondaryBackground = .init(TokensValues.Color(red: 1, green: 0, blue: 0))
            print(standard.primaryHeight.value, custom.primaryHeight.value, custom.primaryPadding.value == standard.primaryPadding.value)
            print(custom.secondaryBackground.value.red, standard.secondaryBackground.value == Tokens.Button.Secondary.background.value)
            print(CardTokens().radius.value, CardTokens().elevation.value.count)
            """
        let printed = try Codegen.runProgram(["Tokens.swift": SwiftEmitter(flavor: .static).emit(context).text,
            "Components.swift": text, "main.swift": main])
        func points(_ path: String) throws -> Double {
            guard case .dimension(let dimension)? = context.tokens.first(where: { $0.path == path })?.value else {
                throw CancellationError()
            }
            return dimension.unit == .px ? dimension.value : dimension.value * 16
        }
        guard case .shadow(let layers, _)? = context.tokens.first(where: { $0.path == "card.elevation" })?.value else {
            Issue.record("card.elevation is not a shadow")
            return
        }
        #expect(printed == "\(try points("button.primary.height")) 60.0 true\n1.0 true\n\(try points("card.radius")) \(layers.count)\n")
    }

    /// Runtime components: overrides where given, the theme's values elsewhere.
    @Test(.enabled(if: Codegen.modules != nil)) func runtimeComponentsTypeCheck() throws {
        let modules = try #require(Codegen.modules)
        let context = try Codegen.context(Codegen.example)
        let link = SwiftLink(rootName: "Tokens", flavor: .runtime)
        let (text, diagnostics) = ComponentEmitter(groups: ["button"], link: link).emit(context)
        #expect(diagnostics.isEmpty)
        let work = try Codegen.temporaryFolder("runtime-components")
        defer { try? FileManager.default.removeItem(at: work) }
        let files = ["Tokens.swift": SwiftEmitter(flavor: .runtime).emit(context).text, "Components.swift": text,
            "main.swift": """
                import Tessera
                func use(_ theme: Theme) -> Double {
                    let tokens = ButtonTokens(primaryHeight: TesseraRuntime.TokenDimension(60, .px)).resolved(in: theme)
                    return tokens.primaryHeight.value + tokens.primaryPadding.value
                }
                """]
        for (name, source) in files { try Data(source.utf8).write(to: work.appendingPathComponent(name)) }
        let (status, output) = try Codegen.swiftc(["-typecheck", "-swift-version", "6", "-I", modules.path] + files.keys.sorted().map {
            work.appendingPathComponent($0).path
        })
        #expect(status == 0, "\(output.prefix(3000))")
        #expect(text.contains("primaryHeight: primaryHeight ?? theme[Tokens.Button.Primary.height]"))
    }

    /// Names that repeat below an enum's group keep their paths; deprecated tokens stay out.
    @Test func repeatedNamesAndDeprecatedTokens() throws {
        let context = try Codegen.context(Codegen.example)
        let (text, diagnostics) = EnumEmitter(enums: [.init(name: "ColorRole", group: "color")]).emit(context)
        #expect(diagnostics.isEmpty)
        #expect(text.contains("case blue700 = \"blue.700\"") && text.contains("case gray700 = \"gray.700\""))
        #expect(text.contains("case _100 = \"100\"") && text.contains("case .`default`: \"color.background.default\""))
        #expect(!text.contains("legacyLink"))
        #expect(text.contains("static let backgroundRoles: [Self]"))
        let (_, empty) = EnumEmitter(enums: [.init(name: "Nothing", group: "no.such.group")]).emit(context)
        #expect(empty.map(\.id) == [.outputSkipped])
    }
}
