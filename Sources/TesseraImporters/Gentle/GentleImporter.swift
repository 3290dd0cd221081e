import Foundation
import Tessera

/// Gentle design system specs: one JSON file, as `GentleDesignSystemSpec` encodes it, with
/// `_specVersion`, `colors.pairByRole` (light and dark hex pairs), `typography.roles`,
/// `layout`, `visual`, `buttons` and `surfaces`.
///
/// Every value becomes a token; light/dark pairs make an `appearance` modifier whose `dark`
/// context holds the dark values (`light` is the default). Where the spec names another role,
/// the token is an alias of it: an inset's steps are aliases of `layout.scale`, a surface's
/// color an alias of its color role. The README has the whole mapping.
///
/// A file written for an older `_specVersion` is read as 0.6.0: renamed color roles and
/// members, and the older forms Gentle itself still decodes, each with a note
/// (`import.gentle.migrated`) where it was changed. A newer version is an error.
package struct GentleImporter: SystemImporter {
    package init() {}

    package var name: String { "gentle" }

    /// The modifier light/dark pairs become.
    package static let modifier = "appearance"

    /// The content decides; no file name is Gentle's own.
    package func recognizes(fileName: String) -> Recognition { .no }

    /// The keys only a Gentle spec writes.
    static let markers = ["_specVersion", "pairByRole"]

    /// A `.json` file whose first 4 KB hold `_specVersion` or `pairByRole`.
    package func recognizes(_ file: SourceFile) -> Recognition {
        guard file.path.lowercased().hasSuffix(".json") else { return .no }
        return Self.markers.contains(where: { file.headHasKey($0) }) ? .certain : .no
    }

    package func system(for file: SourceFile, options: PipelineOptions) -> TokenSystem {
        var reader = GentleReader(file: file)
        return TokenSystem(reader.read(), options: options)
    }
}

/// Reads one spec into a light layer, a dark layer and the resolver that orders them.
struct GentleReader: FormatReader {
    let file: SourceFile
    var diagnostics: [Diagnostic] = []
    private var light: DocumentBuilder
    private var dark: DocumentBuilder
    private var version = GentleSpec.currentVersion

    /// Where Tessera keeps what only Gentle has (role names, enumerations, ramps).
    static let extensionKey = "dev.tessera.gentle"

    init(file: SourceFile) {
        self.file = file
        light = DocumentBuilder(file: file)
        dark = DocumentBuilder(file: file)
    }

    static let sections = ["_specVersion", "colors", "typography", "layout", "visual", "buttons", "surfaces"]

    mutating func read() -> ResolverDocument {
        var parsed: [Diagnostic] = []
        if let root = JSONParser(file: file).parseWellFormed(into: &parsed) {
            diagnostics += parsed
            readSpec(root)
        } else {
            diagnostics += parsed
        }
        for diagnostic in diagnostics { light.report(diagnostic) }
        let anchor = SourceAnchor(file: file, offset: 0)
        let name = ((file.path as NSString).lastPathComponent as NSString).deletingPathExtension
        return ResolverDocument(name: name, layers: [
            .set(.init(name: "gentle", sources: [ResolverDocument.Source(.built(light.finish()), at: anchor)])),
            .modifier(.init(name: GentleImporter.modifier, description: "The light and dark values of Gentle's color pairs",
                contexts: [.init(name: "light", sources: []),
                           .init(name: "dark", sources: [ResolverDocument.Source(.built(dark.finish()), at: anchor)])],
                defaultContext: "light", anchor: anchor)),
        ], file: file)
    }

    private mutating func readSpec(_ root: JSONValue) {
        guard object(root, pointer: "", place: "the spec", known: Self.sections) != nil, readVersion(root) else { return }
        let readers: [(String, (inout GentleReader, JSONValue, String) -> Void)] = [
            ("colors", { $0.readColors($1, $2) }), ("typography", { $0.readTypography($1, $2) }),
            ("layout", { $0.readLayout($1, $2) }), ("visual", { $0.readVisual($1, $2) }),
            ("buttons", { $0.readButtons($1, $2) }), ("surfaces", { $0.readSurfaces($1, $2) }),
        ]
        for (section, read) in readers {
            if let node = root[section] {
                read(&self, node, "/" + section)
            } else {
                report(.gentleMissingSection(section), at: root.offset)
            }
        }
    }

    /// Reads `_specVersion`; false when the file is for a newer Gentle and must not be read.
    private mutating func readVersion(_ root: JSONValue) -> Bool {
        guard let node = root["_specVersion"] else {
            report(.gentleMissing("_specVersion", in: "the spec", readAs: "\(GentleSpec.currentVersion)"), at: root.offset)
            return true
        }
        guard let text = node.string, let found = GentleVersion(text) else {
            report(.gentleVersion("_specVersion is \(node.string.map { "'\($0)'" } ?? node.kindDescription), not a version such as '\(GentleSpec.currentVersion)'; the spec is read as \(GentleSpec.currentVersion)"),
                at: node.offset, pointer: "/_specVersion")
            return true
        }
        if found > GentleSpec.currentVersion {
            report(.gentleVersion("the spec is version \(text), newer than \(GentleSpec.currentVersion), the newest Tessera reads; it is not read, so that nothing is read wrong"),
                at: node.offset, pointer: "/_specVersion",
                notes: [Diagnostic.Note("update Tessera, or write the spec with a Gentle of version \(GentleSpec.currentVersion) or older")])
            return false
        }
        version = found
        if found < GentleSpec.currentVersion {
            report(.gentleMigrated("the spec is version \(text); it is read as \(GentleSpec.currentVersion), with a note at each change"),
                at: node.offset, pointer: "/_specVersion")
        }
        return true
    }

    // MARK: Colors

    private mutating func readColors(_ node: JSONValue, _ pointer: String) {
        guard object(node, pointer: pointer, place: "colors", known: ["pairByRole"]) != nil else { return }
        guard let pairs = node["pairByRole"] else {
            report(.gentleMissing("pairByRole", in: "colors", readAs: "no colors"), at: node.offset, pointer: pointer)
            return
        }
        guard let members = object(pairs, pointer: pointer + "/pairByRole", place: "pairByRole", known: nil) else { return }
        let written = Set(members.map(\.key))
        for member in members {
            let memberPointer = pointer + "/pairByRole/" + TokenPathSyntax.escape(member.key)
            let role = colorRoleKey(member, written: written, pointer: memberPointer)
            guard let role else { continue }
            guard let (lightColor, darkColor, offsets) = colorPair(member.value, pointer: memberPointer, place: "color role '\(member.key)'")
            else { continue }
            let path = colorPath(role)
            var gentle: [(String, JSONValue)] = [("role", .string(role))]
            if let group = GentleSpec.colorGroupOfRole[role] {
                var groups: [JSONValue] = [.string(group)]
                if GentleSpec.surfaceBackgroundRoles.contains(role) { groups.append(.string("surfaceBackground")) }
                gentle.append(("roleGroups", JSONValue(.array(groups))))
            } else {
                report(.gentleUnknownRole(member.key, kind: "color", path: path.joined(separator: ".")), at: member.keyOffset,
                    pointer: memberPointer, notes: suggestion(member.key, in: GentleSpec.colorRoles))
            }
            let extensions = Self.extensions(gentle)
            light.addToken(path, type: .color, value: .typed(.color(lightColor)), at: offsets.light,
                extensions: extensions.placed(at: offsets.light))
            dark.addToken(path, type: .color, value: .typed(.color(darkColor)), at: offsets.dark,
                extensions: extensions.placed(at: offsets.dark))
        }
    }

    /// The 0.6.0 name of a `pairByRole` key (noting a rename); nil when the new name is also
    /// written, which then wins.
    private mutating func colorRoleKey(_ member: JSONMember, written: Set<String>, pointer: String) -> String? {
        let (role, renamedIn) = GentleSpec.currentColorRole(member.key, writtenFor: version)
        guard let renamedIn else { return role }
        if written.contains(role) {
            report(.gentleUnknownMember(member.key, in: "pairByRole"), at: member.keyOffset, pointer: pointer,
                notes: [Diagnostic.Note("color role '\(member.key)' is '\(role)' since Gentle \(renamedIn), and the spec also has '\(role)', which is read")])
            return nil
        }
        report(.gentleMigrated("color role '\(member.key)' is '\(role)' since Gentle \(renamedIn); it is read as '\(role)'"),
            at: member.keyOffset, pointer: pointer)
        return role
    }

    /// A color role written as a value (a text role's or a surface's color), renamed to its
    /// 0.6.0 name; nil (reported) when it is not a color role.
    private mutating func colorRoleValue(_ node: JSONValue, pointer: String, place: String) -> String? {
        guard let text = node.string else {
            report(.gentle("\(place) is \(node.kindDescription), not a color role"), at: node.offset, pointer: pointer)
            return nil
        }
        let (role, renamedIn) = GentleSpec.currentColorRole(text, writtenFor: version)
        if let renamedIn {
            report(.gentleMigrated("color role '\(text)' is '\(role)' since Gentle \(renamedIn); it is read as '\(role)'"),
                at: node.offset, pointer: pointer)
        }
        guard GentleSpec.colorGroupOfRole[role] != nil else {
            report(.gentle("\(place) is '\(text)', which is not a color role of Gentle \(GentleSpec.currentVersion): Gentle cannot load the spec"),
                at: node.offset, pointer: pointer, notes: suggestion(text, in: GentleSpec.colorRoles))
            return nil
        }
        return role
    }

    /// `colors.GROUP.ROLE` for a 0.6.0 role, `colors.ROLE` for another.
    private func colorPath(_ role: String) -> [String] {
        GentleSpec.colorGroupOfRole[role].map { ["colors", $0, role] } ?? ["colors", role]
    }

    /// A `GentleColorPair`: both colors and where each is written.
    private mutating func colorPair(_ node: JSONValue, pointer: String, place: String)
        -> (TokenColor, TokenColor, offsets: (light: Int, dark: Int))?
    {
        guard object(node, pointer: pointer, place: place, known: ["lightHex", "darkHex"]) != nil else { return nil }
        guard let lightNode = node["lightHex"] else {
            report(.gentle("\(place) has no 'lightHex'"), at: node.offset, pointer: pointer)
            return nil
        }
        guard let lightColor = hexColor(lightNode, pointer: pointer + "/lightHex") else { return nil }
        guard let darkNode = node["darkHex"] else {
            report(.gentleMissing("darkHex", in: place, readAs: "its lightHex"), at: node.offset, pointer: pointer)
            return (lightColor, lightColor, (lightNode.offset, lightNode.offset))
        }
        guard let darkColor = hexColor(darkNode, pointer: pointer + "/darkHex") else { return nil }
        return (lightColor, darkColor, (lightNode.offset, darkNode.offset))
    }

    /// `#RRGGBB` or `#RRGGBBAA`, as Gentle reads them: surrounding spaces and the `#` optional.
    private mutating func hexColor(_ node: JSONValue, pointer: String) -> TokenColor? {
        guard let text = node.string else {
            report(.gentle("a color is \(node.kindDescription), not a hex string such as '#1F2933'"), at: node.offset, pointer: pointer)
            return nil
        }
        guard let color = Self.gentleHex(text) else {
            report(.gentle("'\(text)' is not a Gentle color: write #RRGGBB or #RRGGBBAA"), at: node.offset, pointer: pointer,
                notes: [Diagnostic.Note("Gentle draws a color it cannot read as black")])
            return nil
        }
        return color
    }

    /// The color of `#RRGGBB` or `#RRGGBBAA`, the `#` optional and spaces around allowed.
    static func gentleHex(_ text: String) -> TokenColor? {
        var bytes = Substring(text).utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { bytes = bytes.dropLast() }
        if bytes.first == UInt8(ascii: "#") { bytes = bytes.dropFirst() }
        // Gentle has no short forms; the digits themselves are read as CSS reads them.
        guard bytes.count == 6 || bytes.count == 8, var color = TokenColor(legacyCSS: "#" + String(decoding: bytes, as: UTF8.self))
        else { return nil }
        color.hex = nil
        return color
    }

    // MARK: Typography

    static let typographyMembers = ["pointSize", "weight", "design", "width", "relativeTo", "lineSpacing", "letterSpacing",
                                    "isUppercased", "colorRole"]

    private mutating func readTypography(_ node: JSONValue, _ pointer: String) {
        for (member, specPointer) in roles(node, pointer: pointer, place: "typography", known: ["roles"]) {
            let role = member.key
            let place = "text role '\(role)'"
            let path = ["typography", role]
            if !GentleSpec.textRoles.contains(role) {
                report(.gentleUnknownRole(role, kind: "text", path: path.joined(separator: ".")), at: member.keyOffset,
                    pointer: specPointer, notes: suggestion(role, in: GentleSpec.textRoles))
            }
            let spec = member.value
            guard object(spec, pointer: specPointer, place: place, known: Self.typographyMembers) != nil else { continue }
            let field = Fields(node: spec, pointer: specPointer, place: place)
            let size = number(field, "pointSize", default: nil, range: .positive)
            let weight = choice(field, "weight", in: GentleSpec.weights.map(\.name), default: nil)
            let design = choice(field, "design", in: GentleSpec.designs.map(\.name), default: "default")
            let relativeTo = choice(field, "relativeTo", in: GentleSpec.textStyles.map(\.name), default: "body")
            let lineSpacing = number(field, "lineSpacing", default: 0, range: .any)
            let letterSpacing = number(field, "letterSpacing", default: 0, range: .any)
            let uppercased = flag(field, "isUppercased", default: false)
            // An optional member: absent or null is no width.
            var width: String?
            var widthRead = true
            if let node = spec["width"], !node.storage.isNull {
                width = choice(field, "width", in: GentleSpec.widths, default: nil)
                widthRead = width != nil
            }
            var colorRole: String? = "textPrimary"
            if let node = spec["colorRole"] {
                colorRole = colorRoleValue(node, pointer: specPointer + "/colorRole", place: "the colorRole of \(place)")
            } else {
                report(.gentleMissing("colorRole", in: place, readAs: "'textPrimary'"), at: spec.offset, pointer: specPointer)
            }
            guard let size, let weight, let design, let relativeTo, let lineSpacing, let letterSpacing, let uppercased,
                let colorRole, widthRead,
                let weightValue = GentleSpec.weights.first(where: { $0.name == weight })?.value,
                let family = GentleSpec.designs.first(where: { $0.name == design })?.family,
                let style = GentleSpec.textStyles.first(where: { $0.name == relativeTo })?.apple
            else { continue }
            let textCase: TextCase = uppercased ? .upper : .none
            let typography = Typography(fontFamily: [family], fontSize: TokenDimension(size, .px), fontWeight: weightValue,
                letterSpacing: TokenDimension(letterSpacing, .px), lineHeight: nil, textCase: textCase)
            var gentle: [(String, JSONValue)] = [("design", .string(design))]
            if let width { gentle.append(("width", .string(width))) }
            gentle += [("lineSpacing", .number(lineSpacing)), ("colorRole", .string(colorRole))]
            if let ramp = role.split(separator: "_").last.map(String.init), GentleSpec.ramps.contains(ramp), role.contains("_") {
                gentle.append(("ramp", .string(ramp)))
            }
            let extensions = textCase.extensions
                .merging(.object([(TierRules.extensionKey, .object([("relativeTo", .string(style))]))]))
                .merging(Self.extensions(gentle))
            light.addToken(path, type: .typography, value: .typed(.typography(typography)), at: spec.offset,
                extensions: extensions.placed(at: spec.offset))
        }
    }

    // MARK: Layout and visual

    static let scales = ["scale", "gap", "grid", "touch"]

    private mutating func readLayout(_ node: JSONValue, _ pointer: String) {
        guard object(node, pointer: pointer, place: "layout", known: Self.scales + ["inset"]) != nil else { return }
        for scale in Self.scales {
            guard let scaleNode = node[scale] else {
                report(.gentleMissing(scale, in: "layout", readAs: "nothing"), at: node.offset, pointer: pointer)
                continue
            }
            let steps = zip(GentleSpec.spacingSteps, GentleSpec.spacingDefaults).map { ($0, $1) }
            dimensions(scaleNode, pointer: pointer + "/" + scale, place: "layout.\(scale)", path: ["layout", scale], steps: steps)
        }
        if let inset = node["inset"] { readInsets(inset, pointer: pointer + "/inset") } else {
            report(.gentleMissing("inset", in: "layout", readAs: "nothing"), at: node.offset, pointer: pointer)
        }
    }

    /// Insets: role → variant → the two axes' spacing steps, or (the older form Gentle still
    /// reads) role → axes, which is the `regular` variant.
    private mutating func readInsets(_ node: JSONValue, pointer: String) {
        guard let members = object(node, pointer: pointer, place: "layout.inset", known: nil) else { return }
        for member in members {
            let rolePointer = pointer + "/" + TokenPathSyntax.escape(member.key)
            let path = ["layout", "inset", member.key]
            if !GentleSpec.insetRoles.contains(member.key) {
                report(.gentleUnknownRole(member.key, kind: "inset", path: path.joined(separator: ".")), at: member.keyOffset,
                    pointer: rolePointer, notes: suggestion(member.key, in: GentleSpec.insetRoles))
            }
            guard let variants = object(member.value, pointer: rolePointer, place: "inset role '\(member.key)'", known: nil) else { continue }
            if member.value["horizontal"] != nil || member.value["vertical"] != nil {
                report(.gentleMigrated("inset role '\(member.key)' has no variants, an older form: it is read as its 'regular' variant"),
                    at: member.value.offset, pointer: rolePointer)
                insetAxes(member.value, pointer: rolePointer, place: "inset role '\(member.key)'", path: path + ["regular"])
                continue
            }
            for variant in variants {
                let variantPointer = rolePointer + "/" + TokenPathSyntax.escape(variant.key)
                if !GentleSpec.insetVariants.contains(variant.key) {
                    report(.gentleUnknownRole(variant.key, kind: "inset variant", path: (path + [variant.key]).joined(separator: ".")),
                        at: variant.keyOffset, pointer: variantPointer, notes: suggestion(variant.key, in: GentleSpec.insetVariants))
                }
                insetAxes(variant.value, pointer: variantPointer, place: "inset '\(member.key).\(variant.key)'", path: path + [variant.key])
            }
        }
    }

    private mutating func insetAxes(_ node: JSONValue, pointer: String, place: String, path: [String]) {
        guard object(node, pointer: pointer, place: place, known: ["horizontal", "vertical"]) != nil else { return }
        let field = Fields(node: node, pointer: pointer, place: place)
        for axis in ["horizontal", "vertical"] {
            guard let step = choice(field, axis, in: GentleSpec.spacingSteps, default: nil), let at = node[axis]?.offset else { continue }
            light.addToken(path + [axis], type: .dimension, value: .alias(["layout", "scale", step]), at: at)
        }
    }

    private mutating func readVisual(_ node: JSONValue, _ pointer: String) {
        guard object(node, pointer: pointer, place: "visual", known: ["radii", "shadows"]) != nil else { return }
        for (name, steps) in [("radii", GentleSpec.radii), ("shadows", GentleSpec.shadows)] {
            guard let group = node[name] else {
                report(.gentleMissing(name, in: "visual", readAs: "nothing"), at: node.offset, pointer: pointer)
                continue
            }
            dimensions(group, pointer: pointer + "/" + name, place: "visual.\(name)", path: ["visual", name],
                steps: steps.map { ($0.name, $0.value) })
        }
    }

    /// A struct of named point values (`xs`…`xxl`, `small`…`pill`), each a dimension token.
    private mutating func dimensions(_ node: JSONValue, pointer: String, place: String, path: [String], steps: [(String, Double)]) {
        guard object(node, pointer: pointer, place: place, known: steps.map(\.0)) != nil else { return }
        let field = Fields(node: node, pointer: pointer, place: place)
        for (step, fallback) in steps {
            guard let value = number(field, step, default: fallback, range: .any) else { continue }
            light.addToken(path + [step], type: .dimension, value: .typed(.dimension(TokenDimension(value, .px))),
                at: node[step]?.offset ?? node.offset)
        }
    }

    // MARK: Buttons

    static let buttonMembers = ["shape", "fillRole", "borderRole", "animationRole", "pressedScale", "pressedOpacity", "usesNativeStyle"]
    static let animationMembers = ["pressedScale", "pressedOpacity", "duration", "springResponse", "springDamping", "springBlend"]

    private mutating func readButtons(_ node: JSONValue, _ pointer: String) {
        for (member, specPointer) in roles(node, pointer: pointer, place: "buttons", known: ["roles", "animations"]) {
            readButton(member, pointer: specPointer)
        }
        guard node.isObject else { return }
        guard let animations = node["animations"] else {
            report(.gentleMissing("animations", in: "buttons", readAs: "nothing"), at: node.offset, pointer: pointer)
            return
        }
        guard let members = object(animations, pointer: pointer + "/animations", place: "buttons.animations", known: nil) else { return }
        for member in members {
            let specPointer = pointer + "/animations/" + TokenPathSyntax.escape(member.key)
            let place = "animation '\(member.key)'"
            let path = ["buttons", "animations", member.key]
            if !GentleSpec.animationRoles.contains(member.key) {
                report(.gentleUnknownRole(member.key, kind: "button animation", path: path.joined(separator: ".")),
                    at: member.keyOffset, pointer: specPointer, notes: suggestion(member.key, in: GentleSpec.animationRoles))
            }
            guard object(member.value, pointer: specPointer, place: place, known: Self.animationMembers) != nil else { continue }
            let field = Fields(node: member.value, pointer: specPointer, place: place)
            let values: [(String, Double, NumberRange, Bool)] = [
                ("pressedScale", 0.97, .any, false), ("pressedOpacity", 0.92, .unit, false), ("duration", 0.12, .nonNegative, true),
                ("springResponse", 0.22, .nonNegative, true), ("springDamping", 0.85, .any, false), ("springBlend", 0, .nonNegative, true),
            ]
            for (name, fallback, range, isDuration) in values {
                guard let value = number(field, name, default: fallback, range: range) else { continue }
                let at = member.value[name]?.offset ?? member.value.offset
                if isDuration {
                    light.addToken(path + [name], type: .duration, value: .typed(.duration(TokenDuration(value, .s))), at: at)
                } else {
                    light.addToken(path + [name], type: .number, value: .typed(.number(value)), at: at)
                }
            }
        }
    }

    private mutating func readButton(_ member: JSONMember, pointer: String) {
        let place = "button role '\(member.key)'"
        let path = ["buttons", "roles", member.key]
        if !GentleSpec.buttonRoles.contains(member.key) {
            report(.gentleUnknownRole(member.key, kind: "button", path: path.joined(separator: ".")), at: member.keyOffset,
                pointer: pointer, notes: suggestion(member.key, in: GentleSpec.buttonRoles))
        }
        let spec = member.value
        let legacy = ["materialRole", "textRole", "backgroundRole", "labelColorRole"]
        guard let members = object(spec, pointer: pointer, place: place, known: Self.buttonMembers + legacy) else { return }
        for old in members where ["textRole", "backgroundRole", "labelColorRole"].contains(old.key) {
            report(.gentleUnknownMember(old.key, in: place), at: old.keyOffset, pointer: pointer + "/" + old.key,
                notes: [Diagnostic.Note("Gentle 0.3.0 replaced 'textRole', 'backgroundRole' and 'labelColorRole' by one fill role")])
        }
        let field = Fields(node: spec, pointer: pointer, place: place)
        var strings: [(String, String?)] = [("shape", choice(field, "shape", in: GentleSpec.buttonShapes, default: "rounded"))]
        if spec["fillRole"] == nil, let old = spec.member("materialRole") {
            report(.gentleMigrated("'materialRole' is 'fillRole' in later versions of Gentle; it is read as such"),
                at: old.keyOffset, pointer: pointer + "/materialRole")
            strings.append(("fillRole", choice(field, "materialRole", in: GentleSpec.buttonFillRoles, default: nil)))
        } else {
            strings.append(("fillRole", choice(field, "fillRole", in: GentleSpec.buttonFillRoles, default: nil)))
        }
        strings.append(("borderRole", borderRole(spec, field: field)))
        strings.append(("animationRole", choice(field, "animationRole", in: GentleSpec.animationRoles, default: "squish")))
        for (name, value) in strings {
            guard let value else { continue }
            light.addToken(path + [name], type: .string, value: .typed(.string(value)), at: spec[name]?.offset ?? spec.offset)
        }
        for (name, fallback, range) in [("pressedScale", 0.97, NumberRange.any), ("pressedOpacity", 0.9, .unit)] {
            guard let value = number(field, name, default: fallback, range: range) else { continue }
            light.addToken(path + [name], type: .number, value: .typed(.number(value)), at: spec[name]?.offset ?? spec.offset)
        }
        if let native = flag(field, "usesNativeStyle", default: false) {
            light.addToken(path + ["usesNativeStyle"], type: .boolean, value: .typed(.boolean(native)),
                at: spec["usesNativeStyle"]?.offset ?? spec.offset)
        }
    }

    /// A button's border role; before `GentleButtonBorderRole` it was a color role or null.
    private mutating func borderRole(_ spec: JSONValue, field: Fields) -> String? {
        guard let node = spec["borderRole"] else {
            // The older form left a button without a border role.
            guard let old = spec.member("materialRole") else {
                return choice(field, "borderRole", in: GentleSpec.buttonBorderRoles, default: "hidden")
            }
            report(.gentleMigrated("a button without 'borderRole' (an older form) has the border role 'hidden'"), at: old.keyOffset,
                pointer: field.pointer)
            return "hidden"
        }
        if node.storage.isNull {
            report(.gentleMigrated("a null 'borderRole' (an older form) is 'hidden'"), at: node.offset, pointer: field.pointer + "/borderRole")
            return "hidden"
        }
        if let text = node.string, !GentleSpec.buttonBorderRoles.contains(text) {
            let (role, _) = GentleSpec.currentColorRole(text, writtenFor: version)
            if let border = GentleSpec.borderRoleOfColorRole[role] {
                report(.gentleMigrated("'borderRole' was a color role in older versions of Gentle: '\(text)' is read as '\(border)'"),
                    at: node.offset, pointer: field.pointer + "/borderRole")
                return border
            }
        }
        return choice(field, "borderRole", in: GentleSpec.buttonBorderRoles, default: nil)
    }

    // MARK: Surfaces

    static let surfaceMembers = ["backgroundStyle", "surfaceDepthEffect", "border", "cornerRadius", "borderWidth", "shadowRadius",
                                 "shadowOpacity", "shadowOffsetX", "shadowOffsetY"]
    static let legacySurfaceMembers = ["visualEffect", "colorRole", "appleMaterial", "useGlass", "specularEffect", "specularStrength"]

    private mutating func readSurfaces(_ node: JSONValue, _ pointer: String) {
        for (member, specPointer) in roles(node, pointer: pointer, place: "surfaces", known: ["roles"]) {
            let place = "surface role '\(member.key)'"
            let path = ["surfaces", member.key]
            if !GentleSpec.surfaceRoles.contains(member.key) {
                report(.gentleUnknownRole(member.key, kind: "surface", path: path.joined(separator: ".")), at: member.keyOffset,
                    pointer: specPointer, notes: suggestion(member.key, in: GentleSpec.surfaceRoles))
            }
            let spec = member.value
            guard object(spec, pointer: specPointer, place: place, known: Self.surfaceMembers + Self.legacySurfaceMembers) != nil
            else { continue }
            let field = Fields(node: spec, pointer: specPointer, place: place)
            backgroundStyle(spec, field: field, path: path)
            depthEffect(spec, field: field, path: path)
            if let border = spec["border"] {
                if let (lightColor, darkColor, offsets) = colorPair(border, pointer: specPointer + "/border", place: "the border of \(place)") {
                    light.addToken(path + ["border"], type: .color, value: .typed(.color(lightColor)), at: offsets.light)
                    dark.addToken(path + ["border"], type: .color, value: .typed(.color(darkColor)), at: offsets.dark)
                }
            } else {
                report(.gentle("\(place) has no 'border' (a light and dark color pair), which Gentle requires"), at: spec.offset,
                    pointer: specPointer)
            }
            for (name, fallback) in [("cornerRadius", 20.0), ("borderWidth", 1.0)] {
                guard let value = optionalNumber(field, name, default: fallback, range: .nonNegative) else { continue }
                light.addToken(path + [name], type: .dimension, value: .typed(.dimension(TokenDimension(value, .px))),
                    at: spec[name]?.offset ?? spec.offset)
            }
            let radius = optionalNumber(field, "shadowRadius", default: 0, range: .nonNegative)
            let opacity = optionalNumber(field, "shadowOpacity", default: 0, range: .unit)
            let x = optionalNumber(field, "shadowOffsetX", default: 0, range: .any)
            let y = optionalNumber(field, "shadowOffsetY", default: 0, range: .any)
            if let radius, let opacity, let x, let y {
                // SwiftUI's shadow radius is half the CSS blur that draws the same shadow.
                let shadow = Shadow(color: TokenColor(.srgb, [0, 0, 0], alpha: opacity), offsetX: TokenDimension(x, .px),
                    offsetY: TokenDimension(y, .px), blur: TokenDimension(radius * 2, .px), spread: TokenDimension(0, .px))
                light.addToken(path + ["shadow"], type: .shadow, value: .typed(.shadow([shadow], isList: false)),
                    at: spec["shadowRadius"]?.offset ?? spec.offset)
            }
        }
    }

    /// `backgroundStyle` (`{"type": "solid", "colorRole": …}`, `material`, `glass`), or the
    /// older forms Gentle still reads: `visualEffect`, or `colorRole`/`appleMaterial`/`useGlass`.
    private mutating func backgroundStyle(_ spec: JSONValue, field: Fields, path: [String]) {
        var style: String?
        var colorRole: String?
        var colorNode: JSONValue?
        var colorKey = "colorRole"
        var material: String?
        var tintOpacity: Double?
        let pointer = field.pointer + "/backgroundStyle"
        if let node = spec["backgroundStyle"] {
            let place = "the backgroundStyle of \(field.place)"
            let known = ["type", "colorRole", "material", "tintColorRole", "tintOpacity", "fallbackMaterial", "fallbackColorRole"]
            guard object(node, pointer: pointer, place: place, known: known) != nil else { return }
            let inner = Fields(node: node, pointer: pointer, place: place)
            style = choice(inner, "type", in: ["solid", "material", "glass"], default: nil)
            switch style {
            case "solid":
                colorNode = node["colorRole"]
                if colorNode == nil { report(.gentle("\(place) is solid but has no 'colorRole'"), at: node.offset, pointer: pointer) }
            case "material":
                material = choice(inner, "material", in: GentleSpec.materials, default: nil)
                colorNode = node["tintColorRole"].flatMap { $0.storage.isNull ? nil : $0 }
                colorKey = "tintColorRole"
                tintOpacity = optionalNumber(inner, "tintOpacity", default: 0.1, range: .unit)
            case "glass":
                if let fallback = node["fallbackMaterial"], !fallback.storage.isNull {
                    material = choice(inner, "fallbackMaterial", in: GentleSpec.materials, default: nil)
                }
                colorNode = node["fallbackColorRole"]
                colorKey = "fallbackColorRole"
                if colorNode == nil { report(.gentle("\(place) is glass but has no 'fallbackColorRole'"), at: node.offset, pointer: pointer) }
            default:
                return
            }
            if let colorNode {
                colorRole = colorRoleValue(colorNode, pointer: pointer + "/" + colorKey, place: "the \(colorKey) of \(place)")
                if colorRole == nil { return }
            }
        } else if let effect = spec["visualEffect"] {
            guard let name = effect.string, let legacy = GentleSpec.visualEffects[name] else {
                report(.gentle("the visualEffect of \(field.place) is \(effect.string.map { "'\($0)'" } ?? effect.kindDescription), which Gentle does not know"),
                    at: effect.offset, pointer: field.pointer + "/visualEffect",
                    notes: [Diagnostic.Note("one of: " + GentleSpec.visualEffects.keys.sorted().joined(separator: ", "))])
                return
            }
            report(.gentleMigrated("'visualEffect' is an older form of 'backgroundStyle': '\(name)' is read as a \(legacy.style) background of '\(legacy.colorRole)'"),
                at: effect.offset, pointer: field.pointer + "/visualEffect")
            (style, colorRole, material) = (legacy.style, legacy.colorRole, legacy.material)
            tintOpacity = legacy.style == "material" ? 0.1 : nil
            colorNode = effect
        } else if spec["colorRole"] != nil || spec["appleMaterial"] != nil || spec["useGlass"] != nil {
            let role = spec["colorRole"].flatMap { colorRoleValue($0, pointer: field.pointer + "/colorRole", place: "the colorRole of \(field.place)") }
            if spec["colorRole"] != nil, role == nil { return }
            let apple = spec["appleMaterial"] == nil ? "noMaterial" : choice(field, "appleMaterial", in: GentleSpec.materials, default: nil)
            guard let apple, let glass = flag(field, "useGlass", default: false, quiet: true) else { return }
            colorRole = role ?? "surfaceBase"
            colorNode = spec["colorRole"] ?? spec["appleMaterial"] ?? spec["useGlass"]
            let read = glass ? "glass" : apple != "noMaterial" ? "material" : "solid"
            (style, material, tintOpacity) = (read, apple == "noMaterial" ? nil : apple, read == "material" ? 0.1 : nil)
            report(.gentleMigrated("'colorRole', 'appleMaterial' and 'useGlass' are an older form of 'backgroundStyle': read as a \(read) background"),
                at: colorNode?.offset ?? spec.offset, pointer: field.pointer)
        } else {
            report(.gentleMissing("backgroundStyle", in: field.place, readAs: "a solid background of 'surfaceBase'"), at: spec.offset,
                pointer: field.pointer)
            (style, colorRole) = ("solid", "surfaceBase")
        }
        guard let style else { return }
        let at = spec["backgroundStyle"]?.offset ?? colorNode?.offset ?? spec.offset
        light.addToken(path + ["style"], type: .string, value: .typed(.string(style)), at: at)
        if let colorRole {
            light.addToken(path + ["color"], type: .color, value: .alias(colorPath(colorRole)), at: colorNode?.offset ?? at)
        }
        if let material { light.addToken(path + ["material"], type: .string, value: .typed(.string(material)), at: at) }
        if let tintOpacity { light.addToken(path + ["tintOpacity"], type: .number, value: .typed(.number(tintOpacity)), at: at) }
    }

    /// `surfaceDepthEffect`: `noEffect`, or `highlightAndIndent` with a strength — as a name,
    /// as Swift's `{"highlightAndIndent": {"strength": 0.1}}`, or as `{"type": …, "strength": …}`;
    /// or the older `specularEffect` and `specularStrength`.
    private mutating func depthEffect(_ spec: JSONValue, field: Fields, path: [String]) {
        var effect = "noEffect"
        var strength = 0.0
        var at = spec.offset
        let pointer = field.pointer + "/surfaceDepthEffect"
        let place = "the surfaceDepthEffect of \(field.place)"
        if let node = spec["surfaceDepthEffect"] {
            at = node.offset
            var name: String?
            var strengthNode: JSONValue?
            if let text = node.string {
                name = text
            } else if let members = node.members, members.count == 1, GentleSpec.depthEffects.contains(members[0].key) {
                name = members[0].key
                strengthNode = members[0].value["strength"]
            } else if let type = node["type"]?.string {
                name = type
                strengthNode = node["strength"]
            }
            guard let name, GentleSpec.depthEffects.contains(name) else {
                report(.gentle("\(place) is \(node.string.map { "'\($0)'" } ?? node.kindDescription), not one of: " + GentleSpec.depthEffects.joined(separator: ", ")),
                    at: node.offset, pointer: pointer, notes: node.string.flatMap { suggestion($0, in: GentleSpec.depthEffects) } ?? [])
                return
            }
            effect = name
            if let strengthNode {
                guard let value = strengthNode.number, (0...1).contains(value) else {
                    report(.gentle("the strength of \(place) is \(strengthNode.number.map(NumberFormatting.shortest) ?? strengthNode.kindDescription), not a number from 0 to 1"),
                        at: strengthNode.offset, pointer: pointer)
                    return
                }
                strength = value
            }
        } else if let old = spec["specularEffect"] {
            at = old.offset
            guard let name = old.string, ["noEffect", "indent", "highlight"].contains(name) else {
                report(.gentle("the specularEffect of \(field.place) is \(old.string.map { "'\($0)'" } ?? old.kindDescription), not one of: noEffect, indent, highlight"),
                    at: old.offset, pointer: field.pointer + "/specularEffect")
                return
            }
            guard let value = optionalNumber(field, "specularStrength", default: 0, range: .unit) else { return }
            (effect, strength) = name == "noEffect" ? ("noEffect", 0) : ("highlightAndIndent", value)
            report(.gentleMigrated("'specularEffect' and 'specularStrength' are 'surfaceDepthEffect' in Gentle \(GentleSpec.currentVersion): '\(name)' is read as '\(effect)'"),
                at: old.offset, pointer: field.pointer + "/specularEffect")
        }
        light.addToken(path + ["depthEffect"], type: .string, value: .typed(.string(effect)), at: at)
        light.addToken(path + ["depthStrength"], type: .number, value: .typed(.number(strength)), at: at)
    }

    // MARK: Members

    /// Where a struct's members are read from, for messages.
    struct Fields {
        let node: JSONValue
        let pointer: String
        let place: String
    }

    enum NumberRange {
        case any, positive, nonNegative, unit

        func contains(_ value: Double) -> Bool {
            switch self {
            case .any: value.isFinite
            case .positive: value > 0
            case .nonNegative: value >= 0
            case .unit: (0...1).contains(value)
            }
        }

        var text: String {
            switch self {
            case .any: "a number"
            case .positive: "a positive number"
            case .nonNegative: "a number of at least 0"
            case .unit: "a number from 0 to 1"
            }
        }
    }

    /// The `roles` object of a section (whose members are `known`): each role's member and
    /// its pointer.
    private mutating func roles(_ node: JSONValue, pointer: String, place: String, known: [String]) -> [(JSONMember, String)] {
        guard object(node, pointer: pointer, place: place, known: known) != nil else { return [] }
        guard let roles = node["roles"] else {
            report(.gentleMissing("roles", in: place, readAs: "nothing"), at: node.offset, pointer: pointer)
            return []
        }
        guard let members = object(roles, pointer: pointer + "/roles", place: "\(place).roles", known: nil) else { return [] }
        return members.map { ($0, pointer + "/roles/" + TokenPathSyntax.escape($0.key)) }
    }

    /// The members of an object (nil, reported, for another kind); members not in `known`
    /// are reported (every member is kept when `known` is nil).
    @discardableResult
    private mutating func object(_ node: JSONValue, pointer: String, place: String, known: [String]?) -> [JSONMember]? {
        guard let members = node.members else {
            report(.gentle("\(place) is \(node.kindDescription), not an object"), at: node.offset, pointer: pointer)
            return nil
        }
        if let known {
            for member in members where !known.contains(member.key) {
                report(.gentleUnknownMember(member.key, in: place), at: member.keyOffset,
                    pointer: pointer + "/" + TokenPathSyntax.escape(member.key), notes: suggestion(member.key, in: known))
            }
        }
        return members
    }

    /// A number member; a missing one is `default` (reported), or an error without one.
    private mutating func number(_ field: Fields, _ key: String, default fallback: Double?, range: NumberRange) -> Double? {
        guard let node = field.node[key] else {
            guard let fallback else {
                report(.gentle("\(field.place) has no '\(key)'"), at: field.node.offset, pointer: field.pointer)
                return nil
            }
            report(.gentleMissing(key, in: field.place, readAs: NumberFormatting.shortest(fallback)), at: field.node.offset, pointer: field.pointer)
            return fallback
        }
        return checkedNumber(node, field, key, range: range)
    }

    /// A number member Gentle reads with a default when it is missing (`decodeIfPresent`).
    private mutating func optionalNumber(_ field: Fields, _ key: String, default fallback: Double, range: NumberRange) -> Double? {
        guard let node = field.node[key] else { return fallback }
        return checkedNumber(node, field, key, range: range)
    }

    private mutating func checkedNumber(_ node: JSONValue, _ field: Fields, _ key: String, range: NumberRange) -> Double? {
        guard let value = node.number, range.contains(value) else {
            report(.gentle("'\(key)' of \(field.place) is \(node.number.map(NumberFormatting.shortest) ?? node.kindDescription), not \(range.text)"),
                at: node.offset, pointer: field.pointer + "/" + key)
            return nil
        }
        return value
    }

    /// A string member that must be one of `options`.
    private mutating func choice(_ field: Fields, _ key: String, in options: [String], default fallback: String?) -> String? {
        guard let node = field.node[key] else {
            guard let fallback else {
                report(.gentle("\(field.place) has no '\(key)'"), at: field.node.offset, pointer: field.pointer)
                return nil
            }
            report(.gentleMissing(key, in: field.place, readAs: "'\(fallback)'"), at: field.node.offset, pointer: field.pointer)
            return fallback
        }
        guard let text = node.string, options.contains(text) else {
            report(.gentle("'\(key)' of \(field.place) is \(node.string.map { "'\($0)'" } ?? node.kindDescription), not one of: " + options.joined(separator: ", ")),
                at: node.offset, pointer: field.pointer + "/" + key, notes: node.string.flatMap { suggestion($0, in: options) } ?? [])
            return nil
        }
        return text
    }

    /// A boolean member; a missing one is `default`, reported unless Gentle reads it with a
    /// default itself (`quiet`).
    private mutating func flag(_ field: Fields, _ key: String, default fallback: Bool, quiet: Bool = false) -> Bool? {
        guard let node = field.node[key] else {
            if !quiet { report(.gentleMissing(key, in: field.place, readAs: String(fallback)), at: field.node.offset, pointer: field.pointer) }
            return fallback
        }
        guard let value = node.bool else {
            report(.gentle("'\(key)' of \(field.place) is \(node.kindDescription), not true or false"), at: node.offset,
                pointer: field.pointer + "/" + key)
            return nil
        }
        return value
    }

    private func suggestion(_ text: String, in candidates: [String]) -> [Diagnostic.Note] {
        Suggestions.closest(to: text, in: candidates).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
    }

    static func extensions(_ members: [(String, JSONValue)]) -> JSONValue {
        .object([(extensionKey, .object(members))])
    }
}

extension JSONValue.Storage {
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
