import Foundation
import Tessera
import TesseraTestSupport
import Testing

@testable import TesseraRuntime

@Suite struct ThemeOverridesTests {
    @Test func aliasesFollowAnOverriddenToken() throws {
        let theme = try smallTheme()
        let green = ThemeColor(red: 0, green: 1, blue: 0)
        var overrides = ThemeOverrides()
        overrides.set("color.blue", to: green)
        let overridden = try theme.overriding(overrides)
        // color.accent = {color.blue}, color.link = {color.accent}.
        #expect(overridden[ThemeColor.self, "color.blue"] == green)
        #expect(overridden[ThemeColor.self, "color.accent"] == green)
        #expect(overridden[ThemeColor.self, "color.link"] == green)
        #expect(overridden.aliasTarget(of: "color.link") == "color.accent")
        #expect(overridden[ThemeColor.self, "color.red"] == theme[ThemeColor.self, "color.red"])
        // The original is untouched.
        #expect(theme[ThemeColor.self, "color.link"] == theme[ThemeColor.self, "color.blue"])
        #expect(theme[ThemeColor.self, "color.link"] != green)
    }

    @Test func overridingAnAliasCutsIt() throws {
        let theme = try smallTheme()
        var overrides = ThemeOverrides()
        overrides.set("color.accent", to: ThemeColor(red: 1, green: 1, blue: 0))
        overrides.set("color.blue", to: ThemeColor(red: 0, green: 0, blue: 0))
        let overridden = try theme.overriding(overrides)
        #expect(overridden.aliasTarget(of: "color.accent") == nil)
        #expect(overridden[ThemeColor.self, "color.link"] == ThemeColor(red: 1, green: 1, blue: 0))
    }

    @Test func everyTokenCanBeOverridden() throws {
        let (theme, _) = try compiledExample()
        var overrides = ThemeOverrides()
        for path in theme.paths where theme.closedReason(of: path) == nil {
            overrides.set(path, to: theme.value(at: path)!)
        }
        let overridden = try theme.overriding(overrides)
        // Overriding every token with its default value: the default permutation is unchanged.
        for path in theme.paths { #expect(overridden.value(at: path) == theme.value(at: path)) }
    }

    @Test func onlyInSomeContexts() throws {
        let (theme, _) = try compiledExample()
        let path = "color.text.primary"
        let pink = ThemeColor(red: 1, green: 0, blue: 1)
        var overrides = ThemeOverrides()
        overrides.set(path, to: pink, in: ["theme": "dark"])
        let overridden = try theme.overriding(overrides)
        for permutation in 0..<theme.permutationCount {
            let chosen = Theme(storage: overridden.storage, permutation: permutation)
            let original = Theme(storage: theme.storage, permutation: permutation)
            if chosen.contexts["theme"] == "dark" {
                #expect(chosen[ThemeColor.self, path] == pink)
            } else {
                #expect(chosen[ThemeColor.self, path] == original[ThemeColor.self, path])
            }
        }
    }

    @Test func problemsAreAllReportedAndNothingApplies() throws {
        let theme = try smallTheme()
        var overrides = ThemeOverrides()
        overrides.set("color.red", to: ThemeColor(red: 0, green: 0, blue: 1))
        overrides.set("color.repository.tint", to: ThemeColor(red: 0, green: 0, blue: 0))
        overrides.set("count", to: ThemeColor(red: 0, green: 0, blue: 0))
        overrides.set("color.rde", to: ThemeColor(red: 0, green: 0, blue: 0))
        overrides.set("color.blue", to: ThemeColor(red: 0, green: 0, blue: 0), in: ["theme": "dark"])
        overrides.set("count", to: Double.nan)
        #expect(throws: ThemeError.overridesRefused([
            .closed("color.repository.tint", reason: "repository colors belong to the design system"),
            .wrongType("count", expected: .number, found: .color),
            .noToken("color.rde", suggestion: "color.red"),
            .unknownContexts("color.blue", ["theme": "dark"]),
            .invalidValue("count", reason: "a number in it is not finite"),
        ])) {
            try theme.overriding(overrides)
        }
    }

    @Test func aClosedGroupClosesItsTokens() throws {
        let theme = try smallTheme()
        #expect(theme.closedReason(of: "color.repository.tint") == "repository colors belong to the design system")
        #expect(theme.closedReason(of: "color.red") == nil)
    }

    @Test func numbersStandForDimensionsAndWeights() throws {
        let theme = try smallTheme()
        var overrides = ThemeOverrides()
        overrides.set("space.md", to: 20.0)
        #expect(try theme.overriding(overrides)[TokenDimension.self, "space.md"] == TokenDimension(20, .px))
    }
}

@Suite struct TraitMappingTests {
    @Test func theExampleModifiers() throws {
        let (theme, _) = try compiledExample()
        let traits = ThemeTraits(appearance: .dark, contrast: .high, elevation: .elevated, horizontalSizeClass: .compact,
            brand: "Ocean")
        #expect(theme.with(traits).contexts
            == ["theme": "dark", "contrast": "high", "level": "elevated", "sizeClass": "compact", "brand": "ocean"])
        #expect(theme.with(ThemeTraits()).contexts == theme.contexts)
    }

    /// Modifier and context names as real systems write them.
    @Test(arguments: [
        (["color-scheme": ["light", "dark", "dark_high_contrast"]], ThemeTraits(appearance: .dark, contrast: .high), ["color-scheme": "dark_high_contrast"]),
        (["color-scheme": ["light", "dark", "dark_high_contrast"]], ThemeTraits(appearance: .dark), ["color-scheme": "dark"]),
        (["Mode": ["Light", "Dark", "DarkElevated"]], ThemeTraits(appearance: .dark, elevation: .elevated), ["Mode": "DarkElevated"]),
        (["appearance": ["light", "dark"]], ThemeTraits(appearance: .dark, contrast: .high), ["appearance": "dark"]),
        (["contrast": ["normal", "more"]], ThemeTraits(contrast: .high), ["contrast": "more"]),
        (["dynamic-type": ["L", "XL", "AX1"]], ThemeTraits(contentSize: .extraExtraLarge), ["dynamic-type": "XL"]),
        (["dynamic-type": ["L", "XL", "AX1"]], ThemeTraits(contentSize: .accessibilityExtraLarge), ["dynamic-type": "AX1"]),
        (["roundedCorners": ["on", "off"]], ThemeTraits(toggles: ["isRoundedCorners": "false"]), ["roundedCorners": "off"]),
        (["tenant": ["acme", "globex"]], ThemeTraits(brand: "Globex"), ["tenant": "globex"]),
        (["density": ["regular", "compact"]], ThemeTraits(horizontalSizeClass: .compact), ["density": "compact"]),
    ] as [([String: [String]], ThemeTraits, [String: String])])
    func conventionalNames(_ modifiers: [String: [String]], _ traits: ThemeTraits, _ expected: [String: String]) {
        let list = modifiers.map { ThemeModifier(name: $0.key, contexts: $0.value, defaultContext: $0.value[0]) }
        #expect(TraitMapping.conventional.contexts(for: traits, modifiers: list) == expected)
    }

    @Test func aMappingNamingAMissingContextLeavesThatModifier() throws {
        let (theme, _) = try compiledExample()
        let mapping = TraitMapping { _, _ in ["theme": "dark", "contrast": "extreme"] }
        #expect(theme.with(ThemeTraits(), mapping: mapping).contexts["theme"] == "dark")
        #expect(theme.with(ThemeTraits(), mapping: mapping).contexts["contrast"] == "standard")
    }

    @Test func aTeamsOwnMapping() throws {
        let (theme, _) = try compiledExample()
        let mapping = TraitMapping { traits, _ in ["theme": traits.appearance == .dark ? "light" : "dark"] }
        #expect(theme.with(ThemeTraits(appearance: .dark), mapping: mapping).contexts["theme"] == "light")
    }
}

@Suite struct TypographyRuntimeTests {
    @Test func dynamicTypeTableIsApples() {
        // Every style grows (or stays) with the category, and Large is the default.
        for style in TextStyle.allCases {
            let sizes = DynamicType.pointSizes[style]!
            #expect(sizes.count == TextSizeCategory.allCases.count)
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style)")
        }
        #expect(DynamicType.pointSize(of: .body, at: .large) == 17)
        #expect(DynamicType.pointSize(of: .body, at: .accessibilityExtraExtraExtraLarge) == 53)
        #expect(DynamicType.pointSize(of: .headline, at: .extraSmall) == 14)
        #expect(DynamicType.scaled(17, relativeTo: .body, at: .large) == 17)
        #expect(DynamicType.scaled(34, relativeTo: .body, at: .extraExtraExtraLarge) == 46)
    }

    @Test func aScalingTypographyToken() throws {
        let theme = try smallTheme()
        let font = try #require(theme.font("font.headline", category: .accessibilityMedium))
        #expect(font.relativeTo == .headline)
        #expect(font.designSize == 17)
        #expect(font.size == 28)
        #expect(font.lineHeight == 35)
        #expect(font.kern == 0.5)
        #expect(font.weight == .semibold)
        #expect(font.postScriptName == "Inter-SemiBold")
        #expect(font.cased("Straße") == "STRASSE")
    }

    @Test func textCaseFollowsTheLocale() {
        let turkish = Locale(identifier: "tr_TR")
        #expect(TextCase.upper.apply(to: "istanbul", locale: turkish) == "İSTANBUL")
        #expect(TextCase.upper.apply(to: "istanbul", locale: Locale(identifier: "en_US")) == "ISTANBUL")
        #expect(TextCase.lower.apply(to: "ISPARTA", locale: turkish) == "ısparta")
        #expect(TextCase.title.apply(to: "hello world", locale: Locale(identifier: "en_US")) == "Hello World")
        #expect(TextCase.none.apply(to: "As Is") == "As Is")
    }

    @Test func fontMapOfSeedOne() throws {
        let map = try FontMap(json: Array(#"{"light": "SFPro-Light", "regular": "SFPro-Regular", "medium": "SFPro-Medium", "semiBold": "SFPro-Semibold", "bold": "SFPro-Bold"}"#.utf8))
        #expect(map.postScriptName(family: "SF Pro", weight: .semibold) == "SFPro-Semibold")
        #expect(map.postScriptName(family: "SF Pro", weight: .black) == "SFPro-Black")
        let perFamily = try FontMap(json: Array(#"{"Inter": {"bold": "Inter-Bold-Custom"}}"#.utf8))
        #expect(perFamily.postScriptName(family: "Inter", weight: .bold) == "Inter-Bold-Custom")
        #expect(perFamily.postScriptName(family: "Open Sans", weight: .bold) == "OpenSans-Bold")
        #expect(throws: FontMap.Problem.self) { try FontMap(json: Array(#"{"boldest": "X"}"#.utf8)) }
        #expect(throws: FontMap.Problem.self) { try FontMap(json: Array("[1".utf8)) }
    }

    @Test(arguments: [
        ("Thin", FontWeight.ultraLight), ("ExtraLight", .thin), ("light", .light), ("Regular", .regular),
        ("Medium", .medium), ("SemiBold", .semibold), ("semi-bold", .semibold), ("Bold", .bold), ("ExtraBold", .heavy),
        ("Black", .black), ("650", .bold), ("649", .semibold),
    ])
    func weightNames(_ name: String, _ weight: FontWeight) {
        #expect(FontWeight(name: name) == weight)
        #expect(FontWeight(name: weight.postScriptStyle) == weight)
    }

    @Test func systemFamilies() {
        let font = ThemeFont(Typography(fontFamily: ["ui-rounded"], fontSize: TokenDimension(1, .rem), fontWeight: 700))
        #expect(font.postScriptName == nil)
        #expect(font.design == .rounded)
        #expect(font.size == 16)
    }

    @Test(arguments: [("xS", TextSizeCategory.extraSmall), ("UICTContentSizeCategoryXL", .extraLarge),
        ("accessibility3", .accessibilityExtraLarge), ("AX5", .accessibilityExtraExtraExtraLarge), ("large", .large)])
    func contentSizeNames(_ name: String, _ category: TextSizeCategory) {
        #expect(TextSizeCategory(name: name) == category)
    }
}
