import Foundation
import Tessera

/// Xcode asset catalogs (`.xcassets` folders): every color set becomes a color token, and its
/// appearances become the contexts of an `appearance` modifier.
///
/// - Paths follow the folders: a folder whose `Contents.json` says
///   `"provides-namespace": true` adds its name (`Colors/Text/primary` → `Colors.Text.primary`
///   when `Colors` and `Text` both do); other folders add nothing, as in Xcode. A `.`, `{` or `}`
///   in a name, which token names cannot hold, becomes `_`, and the name as written is kept in
///   `$extensions["dev.tessera"].colorset.name`; two colors that end on one path are an error.
///   The folders a color set is in are kept in `colorset.folder` when they differ from its
///   path, and the appearance an entry is for in `colorset.appearance` (`dark`,
///   `any-high-contrast`…), so that the catalog can be written again as it was.
/// - Components in every encoding Xcode writes — decimals `"0.500"`, bytes `"0x80"`, 8-bit
///   integers `"128"` — in `srgb`, `display-p3`, `extended-srgb`, `extended-linear-srgb`,
///   `gray-gamma-22` and `extended-gray`. The color as written is kept in
///   `$extensions["dev.tessera"].colorset.color`, so that nothing of it is lost.
/// - The Any appearance is the base; `light` and `dark` are contexts, and when an entry has
///   `"contrast": "high"`, so are `light-high-contrast` and `dark-high-contrast`, which take
///   the high-contrast entry of their luminosity, else the Any one, else their luminosity's,
///   else Any. An entry without `color` (a slot switched on, left empty) falls back likewise.
/// - What cannot be mapped is reported and left out: entries for an idiom other than
///   `universal`, `display-P3` gamut entries beside the sRGB ones, other asset types. A system
///   color (`"reference": "labelColor"`) has no value to resolve: it is reported and kept in
///   `$extensions["dev.tessera"].colorset.systemColors`.
package struct AssetCatalogImporter: SystemImporter {
    package init() {}

    package var name: String { "asset-catalog" }

    /// The modifier the appearances become.
    package static let modifier = "appearance"

    package func recognizes(fileName: String) -> Recognition {
        Self.catalogPath(of: fileName) != nil ? .certain : .no
    }

    package func recognizes(_ file: SourceFile) -> Recognition { recognizes(fileName: file.path) }

    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        system(at: Self.catalogPath(of: file.path) ?? file.path, options: options)
    }

    /// Reads the catalog folder at `path`.
    package func system(at path: String, options: PipelineOptions) -> TokenSystem {
        var reader = AssetCatalogReader(catalog: Self.catalogPath(of: path) ?? path, options: options)
        return TokenSystem(reader.read(), options: options)
    }

    /// The `.xcassets` folder a path names: the folder itself, or its `Contents.json`.
    static func catalogPath(of path: String) -> String? {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.lowercased().hasSuffix(".xcassets") { return trimmed }
        guard (trimmed as NSString).lastPathComponent == "Contents.json" else { return nil }
        let folder = (trimmed as NSString).deletingLastPathComponent
        return folder.lowercased().hasSuffix(".xcassets") ? folder : nil
    }
}

/// Walks one catalog and builds its layers and the resolver that orders them.
struct AssetCatalogReader {
    let catalog: String
    /// The file size limit, and the texts read in place of files.
    let options: PipelineOptions

    /// Diagnostics about the catalog as a whole (assets not read, unreadable folders).
    private var catalogDiagnostics: [Diagnostic] = []
    /// Each slot's layers, one per color set, in path order.
    private var layers: [Slot: [BuiltLayer]] = [:]
    /// Token path → the color set that defined it first.
    private var defined: [TokenPath: String] = [:]
    private var hasAppearances = false
    private var hasHighContrast = false

    init(catalog: String, options: PipelineOptions) {
        self.catalog = catalog
        self.options = options
    }

    /// Asset types Xcode writes that are not colors.
    static let otherAssets: [String: String] = [
        "imageset": "image set", "appiconset": "app icon set", "symbolset": "symbol image", "dataset": "data set",
        "launchimage": "launch image", "brandassets": "brand assets", "imagestack": "image stack",
        "stickerpack": "sticker pack", "sticker": "sticker", "stickersequence": "sticker sequence", "iconset": "icon set",
        "textureset": "texture set", "cubetextureset": "cube texture set", "mipmapset": "mipmap set",
        "spriteatlas": "sprite atlas", "arresourcegroup": "AR resource group", "arimageset": "AR image set",
        "arobject": "AR object", "complicationset": "complication set", "solidimagestack": "image stack",
        "gcdashboardimage": "Game Center image", "gcleaderboard": "Game Center leaderboard",
        "gcleaderboardset": "Game Center leaderboard set", "appicon": "app icon",
    ]

    /// One appearance: luminosity (nil for Any) and contrast.
    struct Slot: Hashable {
        var luminosity: String?
        var highContrast: Bool

        static let any = Slot(luminosity: nil, highContrast: false)

        var name: String {
            (luminosity ?? "any") + (highContrast ? "-high-contrast" : "")
        }
    }

    mutating func read() -> ResolverDocument {
        let rootFile = readFile((catalog as NSString).appendingPathComponent("Contents.json"), required: false)
            ?? SourceFile(path: catalog, bytes: [])
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: catalog, isDirectory: &isDirectory) || !isDirectory.boolValue {
            catalogDiagnostics.append(Diagnostic(.noSuchFile(catalog), at: SourceLocation(file: catalog, line: 0, column: 0)))
        } else {
            walk()
        }
        var catalogLayer = DocumentBuilder(file: rootFile)
        for diagnostic in catalogDiagnostics { catalogLayer.report(diagnostic) }
        let anchor = SourceAnchor(file: rootFile, offset: 0)
        func sources(_ slots: Slot...) -> [ResolverDocument.Source] {
            slots.flatMap { layers[$0] ?? [] }.map { ResolverDocument.Source(.built($0), at: anchor) }
        }
        var order: [ResolverDocument.Layer] = [
            .set(.init(name: "any", sources: [ResolverDocument.Source(.built(catalogLayer.finish()), at: anchor)] + sources(.any)))
        ]
        if hasAppearances || hasHighContrast {
            let light = Slot(luminosity: "light", highContrast: false)
            let dark = Slot(luminosity: "dark", highContrast: false)
            var contexts = [ResolverDocument.Context(name: "light", sources: sources(light)),
                            ResolverDocument.Context(name: "dark", sources: sources(dark))]
            if hasHighContrast {
                let anyHigh = Slot(luminosity: nil, highContrast: true)
                contexts.append(.init(name: "light-high-contrast",
                    sources: sources(light, anyHigh, Slot(luminosity: "light", highContrast: true))))
                contexts.append(.init(name: "dark-high-contrast",
                    sources: sources(dark, anyHigh, Slot(luminosity: "dark", highContrast: true))))
            }
            order.append(.modifier(.init(name: AssetCatalogImporter.modifier,
                description: "The appearances of the catalog's colors", contexts: contexts, defaultContext: "light",
                anchor: anchor)))
        }
        return ResolverDocument(name: ((catalog as NSString).lastPathComponent as NSString).deletingPathExtension, layers: order, file: rootFile)
    }

    /// Every folder and asset below the catalog, in byte order of names, without recursion.
    private mutating func walk() {
        var stack: [(path: String, namespace: [String])] = [(catalog, [])]
        while let (folder, namespace) = stack.popLast() {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            var folders: [(path: String, namespace: [String])] = []
            for name in names {
                let path = (folder as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                let suffix = (name as NSString).pathExtension.lowercased()
                let base = (name as NSString).deletingPathExtension
                if suffix == "colorset" {
                    readColorset(at: path, path: namespace + [base])
                } else if let kind = Self.otherAssets[suffix] {
                    catalogDiagnostics.append(Diagnostic(.assetNotRead(name, kind: kind),
                        at: SourceLocation(file: path, line: 0, column: 0)))
                } else {
                    folders.append((path, providesNamespace(path) ? namespace + [name] : namespace))
                }
            }
            stack.append(contentsOf: folders.reversed())
        }
    }

    private mutating func providesNamespace(_ folder: String) -> Bool {
        guard let file = readFile((folder as NSString).appendingPathComponent("Contents.json"), required: false) else { return false }
        var found: [Diagnostic] = []
        let root = JSONParser(file: file).parseWellFormed(into: &found)
        catalogDiagnostics += found
        return root?["properties"]?["provides-namespace"]?.bool == true
    }

    private mutating func readFile(_ path: String, required: Bool) -> SourceFile? {
        guard required || options.overlays[path] != nil || FileManager.default.fileExists(atPath: path) else { return nil }
        return TokenFileLoader.read(path, options: options, diagnostics: &catalogDiagnostics)
    }

    /// One color set: a layer per appearance it fills.
    private mutating func readColorset(at colorsetFolder: String, path names: [String]) {
        // The folders the color set is in, from the catalog, as written.
        let folder = ((colorsetFolder as NSString).deletingLastPathComponent.dropFirst(catalog.count))
            .split(separator: "/").joined(separator: "/")
        let folderPath = colorsetFolder
        guard let file = readFile((folderPath as NSString).appendingPathComponent("Contents.json"), required: true) else { return }
        var reader = ColorsetReader(file: file)
        let entries = reader.read()
        let (path, renamed) = Self.tokenPath(names)
        var builders: [Slot: DocumentBuilder] = [.any: DocumentBuilder(file: file)]
        let display = names.joined(separator: "/")
        let tokenPath = TokenPath(path.joined(separator: "."))
        if let earlier = defined[tokenPath] {
            reader.report(.colorsetDuplicate(display, earlier: earlier), at: 0)
        } else if !entries.isEmpty {
            defined[tokenPath] = file.path
            var systemColors: [(String, JSONValue)] = []
            for entry in entries {
                // An empty slot or a system color still makes the catalog vary by appearance.
                if entry.slot.luminosity != nil { hasAppearances = true }
                if entry.slot.highContrast { hasHighContrast = true }
                if let reference = entry.systemColor {
                    reader.report(.colorsetSystemColor(reference, token: display), at: entry.offset)
                    systemColors.append((entry.slot.name, .string(reference)))
                }
            }
            for entry in entries {
                guard let color = entry.color else { continue }
                var colorset: [(String, JSONValue)] = []
                if renamed { colorset.append(("name", .string(display))) }
                if folder != names.dropLast().joined(separator: "/") { colorset.append(("folder", .string(folder))) }
                if let written = entry.written { colorset.append(("color", written)) }
                if entry.slot != .any { colorset.append(("appearance", .string(entry.slot.name))) }
                if !systemColors.isEmpty { colorset.append(("systemColors", .object(systemColors))) }
                let extensions = JSONValue.object([(TierRules.extensionKey, .object([("colorset", .object(colorset))]))])
                    .placed(at: entry.offset)
                builders[entry.slot, default: DocumentBuilder(file: file)].addToken(path, type: .color,
                    value: .typed(.color(color)), at: entry.offset, extensions: extensions)
            }
        }
        for diagnostic in reader.diagnostics { builders[.any]?.report(diagnostic) }
        for (slot, builder) in builders { layers[slot, default: []].append(builder.finish()) }
    }

    /// Token names for asset names (`TokenPathSyntax.safeName`); true when any name changed.
    static func tokenPath(_ names: [String]) -> ([String], Bool) {
        let path = names.map(TokenPathSyntax.safeName)
        return (path, path != names)
    }
}
