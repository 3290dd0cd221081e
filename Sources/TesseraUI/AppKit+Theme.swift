#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import TesseraModel
import TesseraRuntime

extension NSColor {
    /// A theme color, in its space (sRGB or Display P3).
    public convenience init(_ color: ThemeColor) {
        switch color.space {
        case .sRGB: self.init(srgbRed: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        case .displayP3: self.init(displayP3Red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        }
    }

    /// A color that follows the store's current theme and the appearance it is drawn in (dark,
    /// high contrast), through `mapping`. AppKit asks the provider whenever it draws the color,
    /// so a swapped theme is drawn on the next redraw. macOS has no interface level, size class
    /// or Dynamic Type: those traits keep their defaults.
    public convenience init(_ key: TokenKey<ThemeColor>, in store: ThemeStore, mapping: TraitMapping = .conventional) {
        self.init(name: nil) { appearance in
            NSColor(store.theme.with(ThemeTraits(appearance), mapping: mapping)[key])
        }
    }
}

extension ThemeTraits {
    /// What an appearance says: dark for Dark Aqua (and its high-contrast form), high contrast
    /// for the accessibility appearances.
    public init(_ appearance: NSAppearance) {
        let names: [NSAppearance.Name] = [.aqua, .darkAqua, .accessibilityHighContrastAqua, .accessibilityHighContrastDarkAqua]
        let match = appearance.bestMatch(from: names) ?? .aqua
        self.init(appearance: match == .darkAqua || match == .accessibilityHighContrastDarkAqua ? .dark : .light,
            contrast: match == .accessibilityHighContrastAqua || match == .accessibilityHighContrastDarkAqua ? .high : .standard)
    }
}

extension NSFont {
    /// A theme font: the custom font by its PostScript name, else the system font of the same
    /// weight and design (the missing font reported once), at its design size: macOS has no
    /// Dynamic Type.
    public static func theme(_ font: ThemeFont, reports: ConfigParserFacade = .shared) -> NSFont {
        if let name = font.postScriptName {
            if let custom = NSFont(name: name, size: font.designSize) { return custom }
            reports.reportMissingFont(name, weight: font.weight)
        }
        let system = NSFont.systemFont(ofSize: font.designSize, weight: NSFont.Weight(font.weight))
        guard font.design != .default, let descriptor = system.fontDescriptor.withDesign(NSFontDescriptor.SystemDesign(font.design)),
            let designed = NSFont(descriptor: descriptor, size: font.designSize)
        else { return system }
        return designed
    }
}

extension NSFont.Weight {
    init(_ weight: FontWeight) {
        switch weight {
        case .ultraLight: self = .ultraLight
        case .thin: self = .thin
        case .light: self = .light
        case .regular: self = .regular
        case .medium: self = .medium
        case .semibold: self = .semibold
        case .bold: self = .bold
        case .heavy: self = .heavy
        case .black: self = .black
        }
    }
}

extension NSFontDescriptor.SystemDesign {
    init(_ design: ThemeFont.Design) {
        switch design {
        case .default: self = .default
        case .serif: self = .serif
        case .rounded: self = .rounded
        case .monospaced: self = .monospaced
        }
    }
}
#endif // canImport(AppKit)
