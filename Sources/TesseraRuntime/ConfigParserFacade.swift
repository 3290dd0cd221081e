import Foundation
import Logging
import TesseraModel

/// The lookups of the ConfigTokens apps' `ConfigParser` and `TypographyParser`, answered from a
/// compiled theme: an app deletes its parser and keeps its call sites (TesseraUI's
/// `ConfigParser` and `TypographyParser` call this).
///
/// Values are Tessera's resolution (references any depth, `$type` inherited from groups, every
/// color format, modes); a lookup that finds nothing answers what the parser answered — clear,
/// 0, the system font — and says so once per token through swift-log, with the token and the
/// reason.
public final class ConfigParserFacade: Sendable {
    /// The facade the static `ConfigParser` calls use.
    public static let shared = ConfigParserFacade()

    /// The theme lookups read; install one with `store.replaceBase(with:)` or `install(_:)`.
    public let store: ThemeStore
    package let reports: ReportOnce

    public init(store: ThemeStore = ThemeStore(Theme.empty), logger: Logger = Logger(label: "dev.tessera.config-parser")) {
        self.store = store
        self.reports = ReportOnce(logger: logger)
    }

    /// Makes `theme` the one lookups read.
    public func install(_ theme: Theme) {
        _ = try? store.replaceBase(with: theme)
    }

    /// `colorFromToken("theme/navigation/bottom/highlight")`: the color token at a path; clear
    /// when there is none.
    public func colorFromToken(_ token: String) -> ThemeColor {
        let theme = store.theme
        if let color = theme[ThemeColor.self, token] { return color }
        fallback("colorFromToken", token, in: theme, expecting: ThemeColor.self, answer: "clear")
        return .clear
    }

    /// `colorFromShortToken("{Accent.accent-400}")`: the color a reference names; clear when
    /// there is none.
    public func colorFromShortToken(_ token: String) -> ThemeColor {
        let theme = store.theme
        guard token.hasPrefix("{"), token.hasSuffix("}"), token.count > 2 else {
            reports.report("colorFromShortToken \(token)", "colorFromShortToken('\(token)') answers clear: it is not a {reference}",
                metadata: ["token": "\(token)"])
            return .clear
        }
        let path = String(token.dropFirst().dropLast())
        if let color = theme[ThemeColor.self, path] { return color }
        fallback("colorFromShortToken", path, in: theme, expecting: ThemeColor.self, answer: "clear")
        return .clear
    }

    /// `sizeFromToken("theme/spacing/md")`: a number or dimension token in points; 0 when there
    /// is none.
    public func sizeFromToken(_ token: String) -> Double {
        let theme = store.theme
        if let size = theme[Double.self, token] { return size }
        fallback("sizeFromToken", token, in: theme, expecting: Double.self, answer: "0")
        return 0
    }

    /// `TypographyParser.getFont(for: .headline)`: the text style `textStyles.NAME` (or a
    /// typography token at that path) as a font; the system font at 17 points when there is none.
    public func font(forStyle name: String, category: TextSizeCategory = .default, fonts: FontMap = FontMap()) -> ThemeFont {
        let theme = store.theme
        let path = Self.stylePath(name, in: theme)
        if let font = theme.font(path, category: category, fonts: fonts) { return font }
        fallback("getFont", path, in: theme, expecting: Typography.self, answer: "the system font")
        return ThemeFont(Typography(fontFamily: ["system-ui"], fontSize: TokenDimension(17, .px), fontWeight: 400))
    }

    /// `TypographyParser.isUppercased(for: .headline)`: whether the style's text case is upper;
    /// false when there is no such style.
    public func isUppercased(forStyle name: String) -> Bool {
        let theme = store.theme
        let path = Self.stylePath(name, in: theme)
        if let typography = theme[Typography.self, path] { return typography.textCase == .upper }
        fallback("isUppercased", path, in: theme, expecting: Typography.self, answer: "false")
        return false
    }

    /// Reports, once, that a custom font is not installed and the system font stands in.
    public func reportMissingFont(_ postScriptName: String, weight: FontWeight) {
        reports.report("font \(postScriptName)",
            "font '\(postScriptName)' is not installed; the system font of weight \(weight) stands in",
            metadata: ["font": "\(postScriptName)"])
    }

    /// A text style's token: `textStyles.NAME` as the ConfigTokens layout imports it, else the
    /// name as a path.
    static func stylePath(_ name: String, in theme: Theme) -> String {
        let imported = "textStyles." + name
        return theme.type(at: imported) == nil ? name : imported
    }

    private func fallback<Value: ThemeValue>(_ call: String, _ token: String, in theme: Theme, expecting: Value.Type,
        answer: String)
    {
        reports.report("\(call) \(token)", {
            let reason: String
            do throws(ThemeLookupError) {
                _ = try theme.value(Value.self, at: token)
                reason = "no value"
            } catch {
                reason = error.description
            }
            return "\(call)('\(token)') answers \(answer): \(reason)"
        }(), metadata: ["token": "\(token)", "call": "\(call)"])
    }
}
