import TesseraModel

/// What the platform says about where a view is drawn: the inputs a theme's modifiers are
/// chosen from. UI adapters fill it from a `UITraitCollection` or SwiftUI's environment; the
/// choice of contexts from it is plain code here (`TraitMapping`), tested on every platform.
public struct ThemeTraits: Sendable, Hashable {
    public enum Appearance: String, Sendable, Hashable, CaseIterable { case light, dark }
    public enum Contrast: String, Sendable, Hashable, CaseIterable { case standard, high }
    /// `UIUserInterfaceLevel`: base, or elevated (sheets and popovers in dark mode).
    public enum Elevation: String, Sendable, Hashable, CaseIterable { case base, elevated }
    public enum SizeClass: String, Sendable, Hashable, CaseIterable { case compact, regular }

    public var appearance: Appearance
    public var contrast: Contrast
    public var elevation: Elevation
    public var horizontalSizeClass: SizeClass?
    public var contentSize: TextSizeCategory
    /// The white-label brand or tenant, when the app serves several.
    public var brand: String?
    /// Modifiers a team defines, by name, with the context or the flag chosen
    /// (`["roundedCorners": "true"]`).
    public var toggles: [String: String]

    public init(appearance: Appearance = .light, contrast: Contrast = .standard, elevation: Elevation = .base,
        horizontalSizeClass: SizeClass? = nil, contentSize: TextSizeCategory = .default, brand: String? = nil,
        toggles: [String: String] = [:])
    {
        self.appearance = appearance
        self.contrast = contrast
        self.elevation = elevation
        self.horizontalSizeClass = horizontalSizeClass
        self.contentSize = contentSize
        self.brand = brand
        self.toggles = toggles
    }

    /// Sets a team's on/off modifier (`isRoundedCorners`).
    public mutating func set(_ toggle: String, _ on: Bool) { toggles[toggle] = on ? "true" : "false" }
}

/// How traits choose a theme's contexts: a function from traits and the theme's modifiers to
/// modifier → context. `conventional` follows the names token systems use; a team with other
/// names writes its own in a few lines:
///
/// ```swift
/// let mapping = TraitMapping { traits, _ in
///     ["mode": traits.appearance == .dark ? "night" : "day"]
/// }
/// ```
public struct TraitMapping: Sendable {
    private let choose: @Sendable (ThemeTraits, [ThemeModifier]) -> [String: String]

    public init(_ choose: @escaping @Sendable (ThemeTraits, [ThemeModifier]) -> [String: String]) {
        self.choose = choose
    }

    /// The contexts `traits` choose among `modifiers`; modifiers left out keep their context.
    public func contexts(for traits: ThemeTraits, modifiers: [ThemeModifier]) -> [String: String] {
        choose(traits, modifiers)
    }

    /// The names token systems use, matched without regard to case, `-`, `_` or spaces:
    ///
    /// - appearance: a modifier `theme`, `appearance`, `color-scheme`, `color-mode`, `mode` or
    ///   `scheme`, context `light` or `dark`; where that modifier also has combined contexts,
    ///   `dark-high-contrast` (or `dark-hc`, `high-contrast-dark`) and `dark-elevated` are
    ///   preferred when the traits say so;
    /// - contrast: a modifier `contrast`, context `high` (or `more`, `increased`) or `standard`
    ///   (or `normal`, `default`, `regular`);
    /// - elevation: a modifier `level`, `elevation` or `interface-level`, context `elevated`
    ///   (or `raised`) or `base` (or `default`);
    /// - size class: a modifier `size-class`, `horizontal-size-class`, `density` or `layout`,
    ///   context `compact` or `regular`;
    /// - Dynamic Type: a modifier `dynamic-type`, `content-size`, `content-size-category`,
    ///   `text-size` or `type-size`, its contexts named as content size categories (`xL`,
    ///   `extraLarge`, `AX1` …): the category, else the largest one below it;
    /// - brand: a modifier `brand`, `tenant` or `white-label`, context the brand's name;
    /// - toggles: a modifier of the toggle's name (`isRoundedCorners` also finds
    ///   `roundedCorners`), its context by name, or for a flag one of `true`/`on`/`yes`/
    ///   `enabled` or `false`/`off`/`no`/`disabled`.
    ///
    /// A context the theme does not have leaves the modifier as it is.
    public static let conventional = TraitMapping { traits, modifiers in
        var contexts: [String: String] = [:]
        func modifier(_ names: [String]) -> ThemeModifier? {
            modifiers.first { names.contains($0.name.squeezedName) }
        }
        func pick(_ modifier: ThemeModifier?, _ candidates: [String]) {
            guard let modifier else { return }
            for candidate in candidates {
                if let found = modifier.contexts.first(where: { $0.squeezedName == candidate.squeezedName }) {
                    contexts[modifier.name] = found
                    return
                }
            }
        }
        let appearance = traits.appearance.rawValue
        var appearanceNames: [String] = []
        if traits.contrast == .high, traits.elevation == .elevated {
            appearanceNames += ["\(appearance)-high-contrast-elevated", "\(appearance)-elevated-high-contrast"]
        }
        if traits.contrast == .high {
            appearanceNames += ["\(appearance)-high-contrast", "\(appearance)-contrast-high", "\(appearance)-hc",
                "high-contrast-\(appearance)", "\(appearance)-increased-contrast"]
        }
        if traits.elevation == .elevated {
            appearanceNames += ["\(appearance)-elevated", "elevated-\(appearance)", "\(appearance)-raised"]
        }
        pick(modifier(["theme", "appearance", "colorscheme", "colormode", "mode", "scheme"]), appearanceNames + [appearance])
        pick(modifier(["contrast"]), traits.contrast == .high ? ["high", "more", "increased"] : ["standard", "normal", "default", "regular"])
        pick(modifier(["level", "elevation", "interfacelevel"]), traits.elevation == .elevated ? ["elevated", "raised"] : ["base", "default"])
        if let sizeClass = traits.horizontalSizeClass {
            pick(modifier(["sizeclass", "horizontalsizeclass", "density", "layout"]), [sizeClass.rawValue])
        }
        if let dynamicType = modifier(["dynamictype", "contentsize", "contentsizecategory", "textsize", "typesize"]) {
            let available = dynamicType.contexts.compactMap { name in TextSizeCategory(name: name).map { (name, $0) } }
            if let best = available.filter({ $0.1 <= traits.contentSize }).max(by: { $0.1 < $1.1 }) {
                contexts[dynamicType.name] = best.0
            }
        }
        if let brand = traits.brand { pick(modifier(["brand", "tenant", "whitelabel"]), [brand]) }
        for (toggle, value) in traits.toggles {
            let name = toggle.squeezedName
            let target = modifiers.first { $0.name.squeezedName == name || "is" + $0.name.squeezedName == name }
            let truthy = ["true", "on", "yes", "enabled", "1"], falsy = ["false", "off", "no", "disabled", "0"]
            let squeezed = value.squeezedName
            pick(target, [value] + (truthy.contains(squeezed) ? truthy : falsy.contains(squeezed) ? falsy : []))
        }
        return contexts
    }
}

extension Theme {
    /// The same theme in the contexts `traits` choose through `mapping`; modifiers the traits do
    /// not speak to keep their context, and so does a modifier a mapping names a context of that
    /// the theme does not have.
    ///
    /// - Complexity: O(m · c) in the modifiers and their contexts; no token is touched.
    public func with(_ traits: ThemeTraits, mapping: TraitMapping = .conventional) -> Theme {
        var theme = self
        for (modifier, context) in mapping.contexts(for: traits, modifiers: storage.modifiers).sorted(by: { $0.key < $1.key }) {
            theme = (try? theme.with([modifier: context])) ?? theme
        }
        return theme
    }
}
