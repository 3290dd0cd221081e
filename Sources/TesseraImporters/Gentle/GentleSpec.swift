import Foundation
import Tessera

/// What Tessera knows of the Gentle design system's JSON spec (`GentleDesignSystemSpec`,
/// written by Swift's `Codable`): its versions, its roles and their groups, the names its
/// enumerations take, and what changed between versions.
enum GentleSpec {
    /// The newest `_specVersion` Tessera reads.
    static let currentVersion = GentleVersion(0, 6, 0)

    // MARK: Colors

    /// The color roles of 0.6.0 by group, in the spec's order: the groups become the token
    /// groups under `colors` (`colors.text.textPrimary`).
    static let colorGroups: [(group: String, roles: [String])] = [
        ("text", ["textPrimary", "textSecondary", "textTertiary", "textOnPrimaryCTA", "textOnDestructive", "textOnOverlay",
                  "textOnOverlaySecondary", "textOnScrim", "textOnScrimSecondary"]),
        ("surface", ["background", "surfaceBase", "surfaceCardSecondary", "surfaceTint", "surfaceScrim", "borderSubtle"]),
        ("action", ["primaryCTA", "destructive"]),
        ("theme", ["themePrimary", "themeSecondary"]),
    ]

    /// Surface roles that may fill a surface's background (`GentleColorRole.surfaceBackgroundRoles`).
    static let surfaceBackgroundRoles: Set<String> = ["background", "surfaceBase", "surfaceCardSecondary", "surfaceTint"]

    /// Every 0.6.0 color role → its group.
    static let colorGroupOfRole: [String: String] = Dictionary(
        uniqueKeysWithValues: colorGroups.flatMap { entry in entry.roles.map { ($0, entry.group) } })

    static var colorRoles: [String] { colorGroups.flatMap(\.roles) }

    /// A color role renamed by a version: files written before `version` use `old`.
    struct Rename {
        let old: String
        let new: String
        let version: GentleVersion
    }

    /// The color roles Gentle renamed, oldest first.
    static let colorRenames: [Rename] = [
        Rename(old: "onSurfaceOverlayPrimary", new: "onOverlay", version: GentleVersion(0, 5, 0)),
        Rename(old: "onSurfaceOverlaySecondary", new: "onOverlaySecondary", version: GentleVersion(0, 5, 0)),
        Rename(old: "onPrimaryCTA", new: "textOnPrimaryCTA", version: GentleVersion(0, 6, 0)),
        Rename(old: "onDestructive", new: "textOnDestructive", version: GentleVersion(0, 6, 0)),
        Rename(old: "onOverlay", new: "textOnOverlay", version: GentleVersion(0, 6, 0)),
        Rename(old: "onOverlaySecondary", new: "textOnOverlaySecondary", version: GentleVersion(0, 6, 0)),
        Rename(old: "surface", new: "surfaceBase", version: GentleVersion(0, 6, 0)),
    ]

    /// The 0.6.0 name of a color role a file of `version` writes as `role`, and the version
    /// of the last rename on the way (nil when the name is unchanged).
    static func currentColorRole(_ role: String, writtenFor version: GentleVersion) -> (String, GentleVersion?) {
        var name = role
        var last: GentleVersion?
        for rename in colorRenames where version < rename.version && rename.old == name {
            name = rename.new
            last = rename.version
        }
        return (name, last)
    }

    // MARK: Typography

    /// Text roles: the ramp is the suffix after the last `_`.
    static let textRoles = [
        "largeTitle_xxl", "title_xl", "title2_l", "title3_ml", "headline_m", "body_m", "bodySecondary_m", "monoCode_m",
        "primaryButtonTitle_m", "secondaryButtonTitle_m", "tertiaryButtonTitle_m", "quaternaryButtonTitle_m",
        "callout_ms", "subheadline_ms", "footnote_s", "caption_s", "caption2_s",
    ]

    static let ramps = ["xxl", "xl", "l", "ml", "m", "ms", "s"]

    /// `GentleFontWeightToken` → the numeric weight (Apple's weights in order, 100 to 900).
    static let weights: [(name: String, value: Double)] = [
        ("ultraLight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500), ("semibold", 600),
        ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    /// `GentleFontDesignToken` → the CSS generic family that names the same system design.
    static let designs: [(name: String, family: String)] = [
        ("default", "system-ui"), ("serif", "ui-serif"), ("rounded", "ui-rounded"), ("monospaced", "ui-monospace"),
    ]

    static let widths = ["compressed", "condensed", "standard", "expanded"]

    /// `GentleFontTextStyle` → Apple's text style (`UIFont.TextStyle`), which Dynamic Type
    /// scales the size relative to.
    static let textStyles: [(name: String, apple: String)] = [
        ("largeTitle", "largeTitle"), ("title", "title1"), ("title2", "title2"), ("title3", "title3"),
        ("headline", "headline"), ("body", "body"), ("callout", "callout"), ("subheadline", "subheadline"),
        ("footnote", "footnote"), ("caption", "caption1"), ("caption2", "caption2"),
    ]

    // MARK: Layout and visual

    static let spacingSteps = ["xs", "s", "m", "l", "xl", "xxl"]
    /// `GentleSpacingScaleTokens.init` defaults.
    static let spacingDefaults: [Double] = [4, 8, 12, 16, 24, 32]
    static let insetRoles = ["screen", "card", "control", "listRow"]
    static let insetVariants = ["tight", "regular", "roomy"]
    static let radii: [(name: String, value: Double)] = [("small", 8), ("medium", 12), ("large", 20), ("pill", 999)]
    static let shadows: [(name: String, value: Double)] = [("none", 0), ("small", 2), ("medium", 6)]

    // MARK: Buttons

    static let buttonRoles = ["primary", "secondary", "tertiary", "quaternary", "destructive"]
    static let buttonShapes = ["rounded", "pill"]
    static let buttonFillRoles = ["solidFillPrimaryCTA", "solidFillDestructive", "hollow"]
    static let buttonBorderRoles = ["hidden", "accent", "subtle"]
    static let animationRoles = ["unknown", "subtlePress", "squish", "pop", "bouncy", "springBack"]

    /// Before `GentleButtonBorderRole`, a button's `borderRole` was a color role or absent.
    static let borderRoleOfColorRole: [String: String] = ["primaryCTA": "accent", "borderSubtle": "subtle"]

    // MARK: Surfaces

    static let surfaceRoles = [
        "appBackground", "card", "cardElevated", "cardSecondary", "chrome", "overlaySheet", "overlayPopover",
        "overlayScrim", "floatingPanel", "floatingWidget",
    ]
    static let materials = ["noMaterial", "ultraThin", "thin", "regular", "thick", "ultraThick", "bar"]
    static let depthEffects = ["noEffect", "highlightAndIndent"]
    /// The surface spec's legacy `visualEffect` → its background style, as Gentle reads it.
    static let visualEffects: [String: (style: String, colorRole: String, material: String?)] = [
        "appBackground": ("solid", "background", nil),
        "surface": ("solid", "surfaceBase", nil),
        "surfaceOverlay": ("material", "surfaceOverlay", "regular"),
    ]
}

/// A `_specVersion`: up to three dotted numbers (`0.6.0`, `0.6`).
struct GentleVersion: Comparable, Hashable, CustomStringConvertible {
    var parts: [Int]

    init(_ major: Int, _ minor: Int, _ patch: Int) { parts = [major, minor, patch] }

    init?(_ text: String) {
        let pieces = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.utf8.count <= 9, piece.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(piece) else {
                return nil
            }
            parts.append(value)
        }
        self.parts = parts + Array(repeating: 0, count: 3 - parts.count)
    }

    static func < (lhs: GentleVersion, rhs: GentleVersion) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }

    var description: String { parts.map(String.init).joined(separator: ".") }
}
