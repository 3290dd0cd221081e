import Foundation
import Tessera
import TesseraConformanceKit
import TesseraGenerate
import TesseraTestSupport
import Testing

@Suite struct SwiftOutputTests {
    @Test func runtimeFlavorMatchesItsGoldenFile() throws {
        let (text, _) = SwiftEmitter(flavor: .runtime, sourceDescription: "app.resolver.json").emit(try Codegen.context(Codegen.example))
        try Codegen.expectGolden(text, "Tokens.runtime.swift")
    }

    @Test func staticFlavorMatchesItsGoldenFile() throws {
        let (text, _) = SwiftEmitter(flavor: .static, sourceDescription: "app.resolver.json").emit(try Codegen.context(Codegen.example))
        try Codegen.expectGolden(text, "Tokens.static.swift")
    }

    @Test func descriptionsDeprecationsAndKeywordsAreValidSwift() throws {
        let result = pipeline("""
            {"default": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}, "$description": "Line one\\nline \\"two\\""},
             "class": {"$type": "number", "$value": 1, "$deprecated": "Use 'default'"},
             "Type": {"inner": {"$type": "boolean", "$value": true}},
             "9lives": {"$type": "string", "$value": "a \\\\ b"}}
            """)
        let tokens = try result.tokens()
        let (text, _) = SwiftEmitter(flavor: .runtime).emit(GenerationContext(tokens, name: "t"))
        #expect(text.contains("/// Line one\n    /// line \"two\"\n    public static var `default`: "))
        #expect(text.contains("@available(*, deprecated, message: \"Use 'default'\")\n    public static var `class`: "))
        #expect(text.contains("public enum Type_ {"))
        let slot = try #require(Theme.compile(tokens).paths.firstIndex(of: "9lives"))
        #expect(text.contains("public static var _9lives: TesseraRuntime.TokenKey<Swift.String> { tokensKeyString(\(slot)) }"))
        // The function it calls is declared once, after the keys.
        let declaration = "@inline(never) nonisolated private func tokensKeyString(_ slot: Int) -> TesseraRuntime.TokenKey<Swift.String> { tokensTable.key(slot) }"
        #expect(text.components(separatedBy: declaration).count == 2)
    }

    /// Every key of the runtime flavor names the slot of its own token in the table the file
    /// carries, and the table is the system compiled as `tessera compile` compiles it.
    @Test func runtimeKeysNameTheirTokensSlotInTheFilesTable() throws {
        let permutations = try Codegen.permutations(Codegen.example)
        let (text, _) = SwiftEmitter(flavor: .runtime).emit(GenerationContext(permutations, name: "app"))
        let compiled = Theme.compile(permutations)
        let prefix = "nonisolated public let tokensTable = TesseraRuntime.TokenTable(compiledTheme: \""
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) })
        let embedded = try Theme(fileBytes: try #require(Data(base64Encoded: String(line.dropFirst(prefix.count).dropLast(2)))))
        #expect(embedded.paths == compiled.paths)
        #expect(try embedded.encoded() == compiled.encoded())
        let slots = try keySlots(text)
        #expect(slots.count == compiled.count)
        for (swiftPath, slot) in slots {
            // `Color.Background.default` is the key of `color.background.default`.
            let letters = { (name: String) in String(name.lowercased().filter { $0.isLetter || $0.isNumber }) }
            #expect(letters(compiled.paths[slot]) == letters(swiftPath), "\(swiftPath) → \(compiled.paths[slot])")
        }
    }

    @Test func collidingNamesAreToldApartAndReported() throws {
        let result = pipeline("""
            {"color": {"$type": "color",
              "text-primary": {"$value": "#000000"}, "textPrimary": {"$value": "#111111"}, "text_primary": {"$value": "#222222"}}}
            """)
        let tokens = try result.tokens()
        let (text, diagnostics) = SwiftEmitter().emit(GenerationContext(tokens, name: "t"))
        let paths = Theme.compile(tokens).paths
        let slots = try keySlots(text).mapValues { paths[$0] }
        #expect(slots["Color.textPrimary"] == "color.text-primary")
        #expect(slots["Color.textPrimary_2"] == "color.textPrimary")
        #expect(slots["Color.textPrimary_3"] == "color.text_primary")
        #expect(diagnostics.map(\.id) == [.swiftNameCollision, .swiftNameCollision])
        #expect(diagnostics.first?.message.contains("'color.textPrimary' and 'color.text-primary'") == true)
    }

    /// A token named like a declaration of the generated file itself (its table, a key
    /// function) would hide it inside the enums: it is renamed and reported. A group named like
    /// a standard type (`String`) hides nothing the file names. Both flavors type-check.
    @Test func namesTheGeneratedFileDeclaresAreNotHidden() throws {
        let result = pipeline("""
            {"brand": {"tokensTable": {"$type": "color", "$value": "#000000"},
              "tokensKeyThemeColor": {"$type": "color", "$value": "#111111"},
              "string": {"label": {"$type": "string", "$value": "x"}, "count": {"$type": "number", "$value": 2},
                "on": {"$type": "boolean", "$value": true}}}}
            """)
        let tokens = try result.tokens()
        let context = GenerationContext(tokens, name: "t")
        let (text, diagnostics) = SwiftEmitter().emit(context)
        let paths = Theme.compile(tokens).paths
        #expect(try keySlots(text).mapValues { paths[$0] } == [
            "Brand.tokensTable_2": "brand.tokensTable", "Brand.tokensKeyThemeColor_2": "brand.tokensKeyThemeColor",
            "Brand.String.label": "brand.string.label", "Brand.String.count": "brand.string.count",
            "Brand.String.on": "brand.string.on",
        ])
        #expect(diagnostics.map(\.message) == [
            "'brand.tokensKeyThemeColor' would be named 'tokensKeyThemeColor' in Swift, a name the generated file declares for itself; it is named 'tokensKeyThemeColor_2'",
            "'brand.tokensTable' would be named 'tokensTable' in Swift, a name the generated file declares for itself; it is named 'tokensTable_2'",
        ])
        if let modules = Codegen.modules {
            try Toolchain.expectGeneratedSwiftTypeChecks(context, modules: modules, TestExpectations())
        }
    }

    /// The runtime flavor's keys, compiled against Tessera and run: each key reads from the
    /// compiled theme what the theme has at its path, and its fallback is that value too.
    @Test(.enabled(if: Codegen.modules != nil)) func runtimeKeysCompileAndReadTheTheme() throws {
        let modules = try #require(Codegen.modules)
        let permutations = try Codegen.permutations(Codegen.example)
        let context = GenerationContext(permutations, name: "app")
        let (text, _) = SwiftEmitter(flavor: .runtime).emit(context)
        let work = try Codegen.temporaryFolder("runtime-keys")
        defer { try? FileManager.default.removeItem(at: work) }
        try Data(text.utf8).write(to: work.appendingPathComponent("Tokens.swift"))
        let theme = Theme.compile(permutations)
        try theme.write(to: work.appendingPathComponent("App.theme"))
        let checks = """
            import Foundation
            import Tessera
            let theme = try! Theme(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
            let dark = try! theme.with(["theme": "dark"])
            print(dark[Tokens.Color.Background.default].hex, theme[Tokens.Color.Background.default].hex)
            print(Tokens.Color.Background.default.fallback.hex, Tokens.Card.radius.fallback.value)
            print(Tokens.Color.Background.default.path, Tokens.Card.radius.path)
            print(theme[Tokens.Button.Primary.label].fontFamily.first!, theme[Tokens.Card.elevation].layers.count)
            """
        try Data(checks.utf8).write(to: work.appendingPathComponent("main.swift"))
        let (status, _) = try Codegen.swiftc(["-swift-version", "6", "-I", modules.path, "-L", modules.deletingLastPathComponent().path,
            "-lTessera", work.appendingPathComponent("Tokens.swift").path, work.appendingPathComponent("main.swift").path,
            "-o", work.appendingPathComponent("check").path])
        guard status == 0 else {
            // Without a linkable Tessera library, type-checking is what can be shown.
            let (typecheck, message) = try Codegen.swiftc(["-typecheck", "-swift-version", "6", "-I", modules.path,
                work.appendingPathComponent("Tokens.swift").path, work.appendingPathComponent("main.swift").path])
            #expect(typecheck == 0, "\(message)")
            return
        }
        let (ran, printed) = try Codegen.run(work.appendingPathComponent("check"))
        #expect(ran == 0)
        let darkBackground = try theme.with(["theme": "dark"]).value(ThemeColor.self, at: "color.background.default")
        let lightBackground = try theme.value(ThemeColor.self, at: "color.background.default")
        #expect(printed.hasPrefix("\(darkBackground.hex) \(lightBackground.hex)\n\(lightBackground.hex) 12.0\n"
            + "color.background.default card.radius\n"))
        #expect(darkBackground.hex != lightBackground.hex)
    }

    /// The static flavor compiled and run: every token's value in every permutation, printed by
    /// the generated code, is the value the resolver gives there.
    @Test func staticValuesCompileAndAgreeWithTheResolver() throws {
        let context = try Codegen.context(Codegen.example)
        let (text, _) = SwiftEmitter(flavor: .static).emit(context)
        let namespace = try namespacePaths(text)
        var main = "func hex(_ c: TokensValues.Color) -> String { [c.red, c.green, c.blue, c.alpha].map { String(Int(($0 * 255).rounded())) }.joined(separator: \",\") + (c.displayP3 ? \"p3\" : \"\") }\n"
        main += "for p in 0..<\(context.numbering.count) {\n    let c = TokensValues.Context(permutation: p)\n    precondition(c.permutation == p)\n"
        var expected = ""
        var checked = 0
        for permutation in 0..<context.numbering.count {
            for token in context.tokens where token.deprecated == nil {
                guard let swiftPath = namespace[token.path] else { continue }
                switch token.value(in: permutation) {
                case .color(let color):
                    let drawn = ThemeColor(color)
                    expected += "\(permutation) \(token.path) " + [drawn.red, drawn.green, drawn.blue, drawn.alpha]
                        .map { String(Int(($0 * 255).rounded())) }.joined(separator: ",") + (drawn.space == .displayP3 ? "p3" : "") + "\n"
                    if permutation == 0 { main += "    print(p, \"\(token.path)\", hex(Tokens.\(swiftPath).value(in: c)))\n" }
                    checked += 1
                case .dimension(let dimension):
                    expected += "\(permutation) \(token.path) \(dimension.unit == .px ? dimension.value : dimension.value * 16)\n"
                    if permutation == 0 { main += "    print(p, \"\(token.path)\", Tokens.\(swiftPath).value(in: c))\n" }
                    checked += 1
                default: continue
                }
            }
        }
        main += "}\n"
        #expect(checked > 100)
        let work = try Codegen.temporaryFolder("static-values")
        defer { try? FileManager.default.removeItem(at: work) }
        try Data(text.utf8).write(to: work.appendingPathComponent("Tokens.swift"))
        try Data(main.utf8).write(to: work.appendingPathComponent("main.swift"))
        let (status, output) = try Codegen.swiftc(["-swift-version", "6", work.appendingPathComponent("Tokens.swift").path,
            work.appendingPathComponent("main.swift").path, "-o", work.appendingPathComponent("values").path])
        try #require(status == 0, "\(output)")
        let (ran, printed) = try Codegen.run(work.appendingPathComponent("values"))
        #expect(ran == 0)
        // The program prints by permutation, then token; the expectation was built the same way.
        #expect(printed == expected)
    }

    /// The static flavor's system fonts scale relative to their text style as Apple's table
    /// (`Fixtures/apple/dynamic-type-sizes.md`, read here on its own) scales the style: compiled
    /// and run, the generated Swift gives a font designed at a style's Large size that style's
    /// size at every Dynamic Type size, and clamps a size index out of range.
    @Test func staticFontsScaleAsApplesTable() throws {
        let (text, _) = SwiftEmitter(flavor: .static).emit(try Codegen.context(Codegen.example))
        let table = try String(contentsOf: sharedFixtures.appendingPathComponent("apple/dynamic-type-sizes.md"), encoding: .utf8)
        var main = ""
        var expected = ""
        for line in table.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let sizes = cells.dropFirst().compactMap(Double.init)
            guard cells.count == 13, sizes.count == 12 else { continue }
            main += "let \(cells[0]) = TokensValues.Typography(fontFamily: [\"ui-rounded\"], fontSize: \(sizes[3]), fontWeight: 400)\n"
            main += "print(\"\(cells[0])\", (-1...12).map { \(cells[0]).fontSize(relativeTo: .\(cells[0]), dynamicTypeSizeIndex: $0) })\n"
            expected += "\(cells[0]) \([sizes[0]] + sizes + [sizes[11]])\n"
        }
        #expect(expected.split(separator: "\n").count == 11)
        let printed = try Codegen.runProgram(["Tokens.swift": text, "main.swift": main])
        #expect(printed == expected)
    }

    /// With a font map (seeds/001's `fonts.json` shape, for every family, and a family's own),
    /// the static flavor asks first for the name the runtime's `FontMap` gives the family at the
    /// weight: compiled and run, the generated Swift and `FontMap.postScriptName` agree for every
    /// family and weight, mapped or not.
    @Test func staticFontsAskForTheFontMapsNames() throws {
        let json = #"{"light": "SFPro-Light", "regular": "SFPro-Regular", "semiBold": "SFPro-Semibold", "Inter": {"bold": "Inter-Bold-Custom", "w100": "x"}}"#
        #expect(throws: FontMap.Problem.self) { try FontMap(json: Array(json.utf8)) }
        let map = try FontMap(json: Array(json.replacingOccurrences(of: #", "w100": "x""#, with: "").utf8))
        var emitter = SwiftEmitter(flavor: .static)
        emitter.fontMap = map
        let (text, _) = emitter.emit(try Codegen.context(Codegen.example))
        var main = ""
        var expected = ""
        for family in ["Inter", "Source Serif", "ui-rounded"] {
            for weight in stride(from: 100.0, through: 900, by: 50) {
                main += "print(TokensValues.Typography(fontFamily: [\"\(family)\"], fontSize: 16, fontWeight: \(weight)).postScriptNames.first ?? \"system\")\n"
                expected += (family.hasPrefix("ui-") ? "system" : map.postScriptName(family: family, weight: FontWeight(numeric: weight))) + "\n"
            }
        }
        #expect(expected.contains("Inter-Bold-Custom") && expected.contains("SFPro-Semibold") && expected.contains("SourceSerif-Black"))
        let printed = try Codegen.runProgram(["Tokens.swift": text, "main.swift": main])
        #expect(printed == expected)
    }

    /// Each token's Swift path (both flavors nest alike), from the runtime flavor's keys and the
    /// table they index.
    private func namespacePaths(_ text: String) throws -> [String: String] {
        let permutations = try Codegen.permutations(Codegen.example)
        let (runtime, _) = SwiftEmitter(flavor: .runtime).emit(GenerationContext(permutations, name: "app"))
        let paths = Theme.compile(permutations).paths
        return Dictionary(try keySlots(runtime).map { (paths[$1], $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each key of a runtime-flavor file (`Color.Background.default`, without the root) and the
    /// table slot it names.
    private func keySlots(_ text: String) throws -> [String: Int] {
        var stack: [String] = []
        var slots: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            var trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("nonisolated ") { trimmed.removeFirst(12) }
            if trimmed.hasPrefix("public enum "), trimmed.hasSuffix("{") {
                stack.append(String(trimmed.dropFirst(12).dropLast(2)))
            } else if trimmed == "}" {
                _ = stack.popLast()
            } else if trimmed.hasPrefix("public static var "), let colon = trimmed.range(of: ": TesseraRuntime.TokenKey<"),
                let call = trimmed.range(of: "> { tokensKey"), let open = trimmed[call.upperBound...].firstIndex(of: "("),
                let close = trimmed.range(of: ") }", options: .backwards)
            {
                let name = String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 18)..<colon.lowerBound])
                let slot = try #require(Int(trimmed[trimmed.index(after: open)..<close.lowerBound]))
                slots[(stack.dropFirst() + [name]).joined(separator: ".")] = slot
            }
        }
        return slots
    }

    /// Generated Swift for a system in the shape of the public design systems (a palette,
    /// functional tokens, components; composites of every kind; themes and sizes) type-checks:
    /// the runtime flavor against Tessera, the static flavor with its UIKit and SwiftUI parts
    /// against the stand-in modules. (The conformance script does the same for real systems.)
    @Test(.enabled(if: Codegen.modules != nil), arguments: ["themed-system/themed.resolver.json"])
    func systemsCompile(_ system: String) throws {
        let modules = try #require(Codegen.modules)
        let context = try Codegen.context(sharedFixtures.appendingPathComponent(system).path)
        #expect(context.tokens.count == 52)
        try Toolchain.expectGeneratedSwiftTypeChecks(context, modules: modules, TestExpectations())
    }
}
