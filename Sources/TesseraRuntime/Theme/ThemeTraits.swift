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
    ///   `scheme` — or, when none of those names one, the first modifier whose contexts' names
    ///   say both appearances —, context `light` or `dark`; where that modifier also has
    ///   combined contexts, `dark-high-contrast` (or `dark-hc`, `high-contrast-dark`) and
    ///   `dark-elevated` are preferred when the traits say so. Without a context of exactly
    ///   those names, the one whose name means the appearance (`ContextMeaning`: `Light Mode`,
    ///   `Day`, `Dark Mode`, `Night`, `Dim`, `🌚 Brand Dark`), with high contrast and elevation
    ///   as the traits say when a name says them;
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
        // The appearance modifier: one of the conventional names, else the first whose contexts'
        // names say both light and dark (`Light Mode`/`Dark Mode`, `Day`/`Night`, `🌚 Brand Dark`).
        let named = modifier(["theme", "appearance", "colorscheme", "colormode", "mode", "scheme"])
        let byName = named.flatMap { ContextMeaning.saysBothAppearances($0.contexts) ? $0 : nil }
            ?? modifiers.first { ContextMeaning.saysBothAppearances($0.contexts) }
        if let chosen = byName ?? named {
            pick(chosen, appearanceNames + [appearance])
            if contexts[chosen.name] == nil, let found = ContextMeaning.best(among: chosen.contexts, for: traits) {
                contexts[chosen.name] = found
            }
        }
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

/// What a context's name says about the traits it is for, word by word: `Light Mode`,
/// `lightTheme`, `day` are light; `Dark Mode`, `night`, `dim`, `🌚 Brand Dark` are dark;
/// `Dark HC`, `dark-high-contrast`, `Dark (Increased Contrast)` are also high contrast;
/// `Dark Elevated` is also elevated. A name with words of both appearances says neither.
public struct ContextMeaning: Sendable, Hashable {
    public var appearance: ThemeTraits.Appearance?
    public var highContrast: Bool
    public var elevated: Bool

    static let lightWords: Set<String> = ["light", "day", "bright"]
    static let darkWords: Set<String> = ["dark", "night", "dim", "dimmed"]

    public init(_ name: String) {
        let words = Self.words(of: name)
        let light = words.contains { Self.lightWords.contains($0) }
        let dark = words.contains { Self.darkWords.contains($0) }
        appearance = light == dark ? nil : (dark ? .dark : .light)
        let joined = words.joined()
        highContrast = words.contains("hc") || joined.contains("highcontrast") || joined.contains("increasedcontrast")
            || joined.contains("morecontrast") || joined.contains("contrasthigh")
        elevated = words.contains("elevated") || words.contains("raised")
    }

    /// The name's words, lowercased: split at every character that is not a letter or digit
    /// and where a lowercase letter meets an uppercase one (`darkTheme` → `dark`, `theme`).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousWasLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// Whether some of `contexts` say light and some dark.
    public static func saysBothAppearances(_ contexts: [String]) -> Bool {
        let meanings = contexts.map { ContextMeaning($0).appearance }
        return meanings.contains(.light) && meanings.contains(.dark)
    }

    /// The context among `contexts` whose name says `traits`' appearance, preferring the one
    /// whose high contrast and elevation also agree, then the one that says neither; nil when no
    /// name says the appearance.
    public static func best(among contexts: [String], for traits: ThemeTraits) -> String? {
        let wantsContrast = traits.contrast == .high, wantsElevated = traits.elevation == .elevated
        let candidates = contexts.map { ($0, ContextMeaning($0)) }.filter { $0.1.appearance == traits.appearance }
        func score(_ meaning: ContextMeaning) -> Int {
            (meaning.highContrast == wantsContrast ? 2 : meaning.highContrast ? -4 : 0)
                + (meaning.elevated == wantsElevated ? 1 : meaning.elevated ? -2 : 0)
        }
        return candidates.max { score($0.1) < score($1.1) }?.0
    }
}

/// Which modifier and contexts each trait chooses, as a team writes it in `tessera.yml`'s
/// `modes:` section when the contexts' names do not say it:
///
/// ```yaml
/// modes:
///   appearance: { modifier: Palette, light: Paper, dark: Ink }
///   contrast: { modifier: Contrast, high: Strong }
/// ```
///
/// A trait value left out (`standard` above) takes the modifier's default context.
public struct ModeSettings: Sendable, Hashable {
    /// One trait's modifier, and its context for each of the trait's values, by the value's
    /// name (`light`, `dark`; `standard`, `high`; `base`, `elevated`; `compact`, `regular`).
    public struct Choice: Sendable, Hashable {
        public var modifier: String
        public var contexts: [String: String]

        public init(modifier: String, contexts: [String: String]) {
            self.modifier = modifier
            self.contexts = contexts
        }
    }

    public var appearance: Choice?
    public var contrast: Choice?
    public var level: Choice?
    public var sizeClass: Choice?

    public init(appearance: Choice? = nil, contrast: Choice? = nil, level: Choice? = nil, sizeClass: Choice? = nil) {
        self.appearance = appearance
        self.contrast = contrast
        self.level = level
        self.sizeClass = sizeClass
    }

    /// The choice of `trait`.
    public subscript(trait: ThemeTrait) -> Choice? {
        get {
            switch trait {
            case .appearance: appearance
            case .contrast: contrast
            case .level: level
            case .sizeClass: sizeClass
            }
        }
        set {
            switch trait {
            case .appearance: appearance = newValue
            case .contrast: contrast = newValue
            case .level: level = newValue
            case .sizeClass: sizeClass = newValue
            }
        }
    }

    /// The choices set, with their trait.
    public var choices: [(trait: ThemeTrait, choice: Choice)] {
        ThemeTrait.allCases.compactMap { trait in self[trait].map { (trait, $0) } }
    }
}

/// One of the traits a mapping chooses contexts by, named as `tessera.yml`'s `modes:` names it,
/// with its two values (`light`, `dark`): what each place that asks which modifier a trait
/// drives reads and sets.
public enum ThemeTrait: String, Sendable, Hashable, CaseIterable {
    case appearance, contrast, level, sizeClass

    /// The trait's values, the one a `ThemeTraits()` has first (none for the size class).
    public var values: [String] {
        switch self {
        case .appearance: ThemeTraits.Appearance.allCases.map(\.rawValue)
        case .contrast: ThemeTraits.Contrast.allCases.map(\.rawValue)
        case .level: ThemeTraits.Elevation.allCases.map(\.rawValue)
        case .sizeClass: ThemeTraits.SizeClass.allCases.map(\.rawValue)
        }
    }

    /// The trait's value in `traits`; nil for a size class not given.
    public func value(in traits: ThemeTraits) -> String? {
        switch self {
        case .appearance: traits.appearance.rawValue
        case .contrast: traits.contrast.rawValue
        case .level: traits.elevation.rawValue
        case .sizeClass: traits.horizontalSizeClass?.rawValue
        }
    }

    /// `traits` with this trait at `value`, one of `values`.
    public func setting(_ value: String, in traits: ThemeTraits) -> ThemeTraits {
        var traits = traits
        switch self {
        case .appearance: traits.appearance = ThemeTraits.Appearance(rawValue: value) ?? traits.appearance
        case .contrast: traits.contrast = ThemeTraits.Contrast(rawValue: value) ?? traits.contrast
        case .level: traits.elevation = ThemeTraits.Elevation(rawValue: value) ?? traits.elevation
        case .sizeClass: traits.horizontalSizeClass = ThemeTraits.SizeClass(rawValue: value)
        }
        return traits
    }
}

extension TraitMapping {
    /// For each of `trait`'s values, the context it chooses for `modifier`, the other traits as
    /// a `ThemeTraits()` has them; nil for a value that chooses none.
    public func contexts(of modifier: String, by trait: ThemeTrait, among modifiers: [ThemeModifier]) -> [(value: String, context: String?)] {
        trait.values.map { value in (value, contexts(for: trait.setting(value, in: ThemeTraits()), modifiers: modifiers)[modifier]) }
    }

    /// The modifiers whose context changes with `trait` alone.
    public func modifiers(drivenBy trait: ThemeTrait, among modifiers: [ThemeModifier]) -> Set<String> {
        Set(modifiers.map(\.name).filter { name in Set(contexts(of: name, by: trait, among: modifiers).map(\.context)).count > 1 })
    }
}

extension TraitMapping {
    /// `settings` first: each trait it names chooses its modifier's context by the trait's value
    /// (the modifier's default for a value it leaves out), and `fallback` no longer drives any
    /// modifier by that trait; the traits it leaves out are `fallback`'s.
    public static func configured(_ settings: ModeSettings, fallback: TraitMapping = .conventional) -> TraitMapping {
        TraitMapping { traits, modifiers in
            var contexts = fallback.contexts(for: traits, modifiers: modifiers)
            // What the fallback would drive by each configured trait: the modifiers whose choice
            // changes when only that trait does.
            for (trait, _) in settings.choices {
                guard let other = trait.values.first(where: { $0 != trait.value(in: traits) }) else { continue }
                let there = fallback.contexts(for: trait.setting(other, in: traits), modifiers: modifiers)
                for (modifier, context) in contexts where there[modifier] != context { contexts[modifier] = nil }
            }
            for (trait, choice) in settings.choices {
                guard let value = trait.value(in: traits), let modifier = modifiers.first(where: { $0.name == choice.modifier }) else {
                    continue
                }
                let wanted = choice.contexts[value] ?? modifier.defaultContext
                if modifier.contexts.contains(wanted) { contexts[modifier.name] = wanted }
            }
            return contexts
        }
    }
}
