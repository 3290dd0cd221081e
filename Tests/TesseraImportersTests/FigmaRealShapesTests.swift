import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraImporters

/// Fixtures written in the shapes real teams' Figma files take (`Fixtures/figma`,
/// `Fixtures/figma-export-flat`): several brands and collections, scoped FLOATs aliasing
/// unscoped ones, collections sharing a name, remote and hidden collections, an alias into a
/// library that was not exported, and Figma's own export of several collections in one folder.
/// Values are checked against what Figma shows for them.
struct FigmaRealShapesTests {
    static let rest = sharedFixtures.appendingPathComponent("figma/multi-brand.json").path
    static let published = sharedFixtures.appendingPathComponent("figma/published.json").path
    static let flat = sharedFixtures.appendingPathComponent("figma-export-flat").path

    static func system(_ paths: [String]) throws -> TokenSystem {
        try #require(ImporterRegistry.standard.importedSystem(for: paths, options: PipelineOptions()))
    }

    /// `#RRGGBB` and an alpha from 0 to 1 as Figma shows them, against a resolved color: each
    /// channel within 1 in 8 bits.
    static func showsAs(_ value: TokenValue?, _ hex: String, alpha: Double = 1) -> Bool {
        guard case .color(let color)? = value, hex.count == 7 else { return false }
        let digits = Array(hex.dropFirst())
        let wanted = stride(from: 0, to: 6, by: 2).map { Double(Int(String(digits[$0..<$0 + 2]), radix: 16)!) }
        let ours = color.numericComponents.map { $0 * 255 }
        return ours.count == 3 && zip(ours, wanted).allSatisfy { abs($0.rounded() - $1) <= 1 } && abs(color.alpha * 255 - alpha * 255) <= 1
    }

    // MARK: REST

    /// Figma lets any FLOAT alias any FLOAT whatever the scopes; none of those aliases is an
    /// error, each resolves to Figma's number read as the aliasing variable reads its own.
    @Test func scopedFloatsAliasingOthersResolve() throws {
        var system = try Self.system([Self.rest])
        let all = system.checkAllPermutations().diagnostics
        #expect(!all.contains { $0.id == .typeMismatch }, "\(all.map(\.message))")
        #expect(Set(all.filter { $0.severity == .error }.map(\.id)) == [.figmaUnknownVariable], "\(all.map(\.message))")

        let compact = system.resolve(inputs: ["Size": "Compact", "Brand": "Acme"]).partialTokens
        let regular = system.resolve(inputs: ["Size": "Regular", "Brand": "Globex"]).partialTokens
        // GAP aliasing an unscoped 4 / 16: Figma shows 4 and 16, px.
        #expect(compact.value("Size.space.md") == .dimension(TokenDimension(4, .px)))
        #expect(regular.value("Size.space.md") == .dimension(TokenDimension(16, .px)))
        // WIDTH_HEIGHT aliasing GAP: both px dimensions, an alias as written.
        #expect(regular.value("Size.space.md inset") == .dimension(TokenDimension(16, .px)))
        #expect(regular["Size.space.md inset"]?.aliasOf == "Size.space.md")
        // ALL_SCOPES aliasing GAP: the number Figma shows.
        #expect(compact.value("Size.ratio.md") == .number(4))
        #expect(regular.value("Size.ratio.md") == .number(2))
        // CORNER_RADIUS through another collection's modes: Acme aliases an unscoped 4, Globex has 8.
        #expect(compact.value("Size.corner") == .dimension(TokenDimension(4, .px)))
        #expect(regular.value("Size.corner") == .dimension(TokenDimension(8, .px)))
        let light = system.resolve(inputs: [:]).partialTokens
        let dark = system.resolve(inputs: ["Theme": "Dark"]).partialTokens
        // OPACITY aliasing an unscoped 50: Figma shows 50%.
        #expect(light.value("Theme.fade.disabled") == .number(0.5))
        #expect(dark.value("Theme.fade.disabled") == .number(0.38))
        // OPACITY aliasing OPACITY (a remote library's): 8%.
        #expect(light.value("mode_2.state.hover") == .number(0.08))
        #expect(light["mode_2.state.hover"]?.aliasOf == "mode.state.hover")
        // FONT_WEIGHT and FONT_SIZE aliasing unscoped numbers.
        #expect(light.value("Typography.body.weight") == .fontWeight(600))
        #expect(light.value("Typography.body.size") == .dimension(TokenDimension(16, .px)))
        // FONT_FAMILY aliasing an unscoped STRING, and the other way.
        #expect(light.value("Typography.body.family") == .fontFamily(["Inter"], isList: false))
        #expect(light.value("Typography.body.family name") == .string("Inter"))
        let globex = system.resolve(inputs: ["Brand": "Globex"]).partialTokens
        #expect(globex.value("Typography.body.family") == .fontFamily(["Georgia"], isList: false))
    }

    /// RGBA floats as Figma returns them (float32 widened), shown as Figma shows them.
    @Test(arguments: [
        ("Light", "Acme", "Theme.text.primary", "#141721", 0.88),
        ("Dark", "Acme", "Theme.text.primary", "#FFFFFF", 1.0),
        ("Light", "Acme", "Theme.bg.accent", "#15803D", 1.0),
        ("Light", "Globex", "Theme.bg.accent", "#B45309", 1.0),
        ("Dark", "Acme", "Theme.bg.canvas", "#141721", 1.0),
        ("Dark", "Acme", "Theme.border.focus", "#FFFFFF", 1.0),
    ] as [(String, String, String, String, Double)])
    func colorsShowAsInFigma(_ theme: String, _ brand: String, _ path: String, _ hex: String, _ alpha: Double) throws {
        var system = try Self.system([Self.rest])
        let tokens = system.resolve(inputs: ["Theme": theme, "Brand": brand]).partialTokens
        #expect(Self.showsAs(tokens.value(path), hex, alpha: alpha), "\(String(describing: tokens.value(path)))")
    }

    /// An alias into a library that was not exported fails on its own token, in the mode that
    /// names it, with the id and key; what depends on it fails with it; the rest resolves.
    @Test func anAliasIntoAMissingLibraryFailsAlone() throws {
        var system = try Self.system([Self.rest])
        let errors = system.checkAllPermutations().diagnostics.filter { $0.severity == .error }
        let key = "2bede19fbccfe0efd739d58566af952fa5de1fc7"
        #expect(!errors.isEmpty)
        for error in errors {
            #expect(error.message.contains("VariableID:\(key)/1:731") && error.message.contains("key \(key)"), "\(error.message)")
            #expect(error.message.contains("1 variable aliasing 'border/focus'"), "\(error.message)")
            #expect(error.location?.token == "Theme.border.focus")
            #expect(error.location?.line != nil && error.location?.file.hasSuffix("multi-brand.json") == true)
        }
        let light = system.resolve(inputs: [:]).partialTokens
        #expect(light["Theme.border.focus"] == nil && light["Theme.border.focus ring"] == nil)
        // Every other variable resolves: the response's live variables, less the two.
        let response = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.rest))) as? [String: Any]
        // Variables Figma lists as `deletedButReferenced` are not tokens.
        let variables = ((response?["meta"] as? [String: Any])?["variables"] as? [String: Any]) ?? [:]
        let count = variables.values.filter { ($0 as? [String: Any])?["deletedButReferenced"] as? Bool != true }.count
        #expect(light.count == count - 2)
        let dark = system.resolve(inputs: ["Theme": "Dark"]).partialTokens
        #expect(dark.count == count)
        #expect(Self.showsAs(dark.value("Theme.border.focus ring"), "#FFFFFF"))
    }

    /// Read with the published-variables response, the missing variable is named.
    @Test func thePublishedResponseNamesTheMissingVariable() throws {
        let system = try Self.system([Self.rest, Self.published])
        let found = system.checkAllPermutations().diagnostics
        #expect(found.contains { $0.id == .figmaPublished && $0.severity == .note })
        let errors = found.filter { $0.severity == .error }
        #expect(!errors.isEmpty && errors.allSatisfy { $0.message.contains("'base/color/focus/ring'") }, "\(errors.map(\.message))")
    }

    /// Two collections named `mode` (a remote library's and the file's own): both kept, the
    /// second under `mode_2`, with a note at its name; hidden and remote ones are read.
    @Test func collectionsSharingANameAreToldApart() throws {
        var system = try Self.system([Self.rest])
        let notes = system.checkAllPermutations().diagnostics.filter { $0.id == .figmaSharedName }
        #expect(notes.count == 1 && notes.first?.severity == .note)
        #expect(notes.first?.message.contains("'mode_2'") == true)
        let text = try String(contentsOfFile: Self.rest, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[(notes.first?.location?.line ?? 1) - 1]
        #expect(line.contains("\"name\": \"mode\""))
        let tokens = system.resolve(inputs: [:]).partialTokens
        #expect(tokens["mode.state.hover"]?.extensions?["com.figma"]?["remote"]?.bool == true)
        #expect(tokens["Typography.body.weight"] != nil)
        #expect(tokens["base.color.white"]?.extensions?["com.figma"]?["hiddenFromPublishing"]?.bool == true)
    }

    /// A plugin's export of the Plugin API's objects: `collections` and `variables` arrays, no
    /// `meta`, the default mode listed second.
    @Test func aPluginExportWithCollectionsReads() throws {
        let text = """
            {"collections": [{"id": "VariableCollectionId:1:3", "name": "Spacing", "defaultModeId": "1:2",
                "modes": [{"name": "Zoom 2x", "modeId": "1:3"}, {"name": "Default", "modeId": "1:2"}]}],
             "variables": [{"id": "VariableID:1:4", "name": "spacing/px", "resolvedType": "FLOAT",
                "variableCollectionId": "VariableCollectionId:1:3", "valuesByMode": {"1:2": 1, "1:3": 2}, "scopes": ["GAP"],
                "codeSyntax": {"WEB": "var(--spacing-px)"}, "description": "", "remote": false, "key": "3a8e"}]}
            """
        var system = FigmaVariablesImporter().system(for: SourceFile(path: "preset.json", text: text), options: PipelineOptions())
        #expect(system.checkAllPermutations().diagnostics.isEmpty)
        #expect(system.resolver?.modifiers.first?.defaultContext == "Default")
        #expect(system.resolve(inputs: [:]).partialTokens.value("Spacing.spacing.px") == .dimension(TokenDimension(1, .px)))
        #expect(system.resolve(inputs: ["Spacing": "Zoom 2x"]).partialTokens.value("Spacing.spacing.px") == .dimension(TokenDimension(2, .px)))
    }

    // MARK: Figma's export, several collections in one folder

    @Test func collectionsInOneFolderAreToldApart() throws {
        let system = try Self.system([Self.flat])
        var layers: [String] = []
        for layer in try #require(system.resolver).layers {
            switch layer {
            case .set(let set): layers.append(set.name)
            case .modifier(let modifier): layers.append("\(modifier.name): \(modifier.contextNames.joined(separator: ", ")) (\(modifier.defaultContext ?? "-"))")
            }
        }
        #expect(layers == ["figma-export", "Dark / Light: Dark, Light (Light)", "Radius: Round, Sharp (Round)",
                           "Spacing: Compact, Regular (Compact)", "Primitives"])
    }

    /// Aliases into the other collections of the folder are aliases again (by the target's
    /// id), following the target collection's modes; an alias into a library not exported
    /// keeps the value Figma wrote, with a warning. FLOATs scoped to radii and gaps are px
    /// dimensions, as Figma's scopes say.
    @Test func aliasesAcrossCollectionsResolve() throws {
        var system = try Self.system([Self.flat])
        let found = system.checkAllPermutations().diagnostics
        #expect(!found.contains { $0.id == .referenceUnknown || $0.severity == .error }, "\(found.map(\.message))")
        #expect(found.filter { $0.id == .figmaExportAlias }.allSatisfy { $0.message.contains("DS-Primitives") })
        let light = system.resolve(inputs: [:]).partialTokens
        #expect(light["text.success"]?.aliasOf == "color.green.700")
        #expect(light["text.primary"]?.aliasOf == "color.slate.900 alpha 88")
        #expect(light.value("radius.card") == .dimension(TokenDimension(8, .px)))
        let sharp = system.resolve(inputs: ["Radius": "Sharp", "Dark / Light": "Dark"]).partialTokens
        #expect(sharp["radius.card"]?.aliasOf == "rad-reg")
        #expect(sharp.value("radius.card") == .dimension(TokenDimension(0, .px)))
        #expect(sharp["text.primary"]?.aliasOf == "color.white")
        let regular = system.resolve(inputs: ["Spacing": "Regular"]).partialTokens
        #expect(light.value("space.gap") == .dimension(TokenDimension(8, .px)))
        #expect(regular.value("space.gap") == .dimension(TokenDimension(16, .px)))
    }

    /// Every color Figma's export writes carries Figma's own `hex`: the resolved color shows
    /// as it, in every mode of every collection.
    @Test func exportColorsMatchFigmasHex() throws {
        var system = try Self.system([Self.flat])
        var checked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.flat).sorted() {
            let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: (Self.flat as NSString).appendingPathComponent(file)))) as? [String: Any]
            let mode = ((root?["$extensions"] as? [String: Any])?["com.figma.modeName"] as? String) ?? ""
            let inputs = ["Light": ["Dark / Light": "Light"], "Dark": ["Dark / Light": "Dark"]][mode] ?? [:]
            let tokens = system.resolve(inputs: inputs).partialTokens
            func visit(_ node: [String: Any], _ path: [String]) {
                if let value = node["$value"] as? [String: Any], let hex = value["hex"] as? String {
                    #expect(Self.showsAs(tokens.value(path.joined(separator: ".")), hex, alpha: value["alpha"] as? Double ?? 1), "\(file) \(path)")
                    checked += 1
                    return
                }
                for (key, child) in node where !key.hasPrefix("$") { if let child = child as? [String: Any] { visit(child, path + [key]) } }
            }
            visit(root ?? [:], [])
        }
        #expect(checked == 11)
    }
}
