import Tessera

/// One place in an app's Swift where a design value is written by hand: a literal, a call of a
/// hand-written token API, an asset name or a member of a hand-written color list.
public struct AdoptFinding: Sendable, Hashable {
    /// The UI framework the written expression belongs to, which decides the accessor that
    /// replaces it (`.color()`, `.uiColor()`, `.nsColor()`).
    public enum Framework: String, Sendable, Hashable, Codable {
        case swiftUI = "SwiftUI", uiKit = "UIKit", appKit = "AppKit"
    }

    /// What a dimension literal sizes, as its place says: the hint that tells a spacing token
    /// from a radius token of the same value.
    public enum Role: String, Sendable, Hashable, Codable {
        case spacing, cornerRadius = "corner radius", borderWidth = "border width", size

        /// Words a token's path holds when it is meant for this role.
        var pathWords: [String] {
            switch self {
            case .spacing: ["spacing", "space", "padding", "gap", "inset", "margin", "gutter", "stack"]
            case .cornerRadius: ["radius", "radii", "corner", "rounded", "round", "shape"]
            case .borderWidth: ["border", "stroke", "line", "outline", "hairline"]
            case .size: ["size", "height", "width", "icon", "avatar", "target", "control", "button", "frame"]
            }
        }
    }

    /// What is written.
    public enum Kind: Sendable, Hashable {
        /// A color literal, in sRGB or Display P3.
        case color(TokenColor)
        /// A number in a layout call, in points.
        case dimension(Double, Role)
        /// A hand-written token API called with a token's path (`ConfigParser.colorFromToken`):
        /// the path as written, and whether the call wants a color or a size.
        case tokenCall(api: String, path: String, wants: TokenType)
        /// A color asset named by string (`UIColor(named:)`, `Color("…")`).
        case assetName(String)
        /// A member of a hand-written color list (`Theme.Colors.textPrimary`).
        case listedColor(String)
        /// A font of a size (points) and weight (100–900), of the system's family when `family`
        /// is nil, else of the named font (a PostScript name such as `Mulish-Bold`, or a family).
        case font(size: Double, weight: Double, family: String?)
        /// A Dynamic Type text style (`.font(.headline)`, `UIFont.preferredFont(forTextStyle: .body)`),
        /// matched by name to a typography token.
        case textStyle(String)
    }

    public var file: String
    /// The UTF-8 byte range of the expression a rewrite replaces.
    public var range: Range<Int>
    /// 1-based line and column (in bytes) of its start.
    public var line: Int
    public var column: Int
    /// The expression as written.
    public var text: String
    public var framework: Framework
    public var kind: Kind
    /// Where the `View` that holds the expression opens its members (the byte after `{`), and
    /// whether it has a `theme` already: what a runtime-flavor SwiftUI rewrite needs.
    public var enclosingView: ViewScope?
    /// The name the code gives the value, when it gives one: the case of a value enum or of a
    /// global token function (`grey94` in `neutralColor(.grey94)`, or the `case .grey94:` a
    /// literal is returned under). A token of that name is chosen before others of the value.
    public var nameHint: String?

    /// A SwiftUI view's member block, for the runtime flavor's `@Environment(\.theme)`.
    public struct ViewScope: Sendable, Hashable {
        /// The byte just after the member block's `{`.
        public var membersStart: Int
        /// Whether the type declares a member named `theme`.
        public var hasTheme: Bool
        /// The indentation of the type's first member.
        public var indentation: String
    }
}
