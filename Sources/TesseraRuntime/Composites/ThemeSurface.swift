import TesseraModel

/// A surface role (seeds/004's `surfaces.roles`): what fills a container — a solid color, a
/// system material, or Liquid Glass with a fallback for systems without it — and its corner
/// radius, border and shadow. Its depth effect (`depthEffect`, `depthStrength`: a highlight and
/// an indent) is not part of it: draw it where the design calls for it.
public struct ThemeSurface: Sendable, Hashable {
    /// The system materials, thinnest first, and the bars' material (the regular one on tvOS
    /// and watchOS, which have no bar material).
    public enum Material: String, Sendable, Hashable, CaseIterable {
        case ultraThin, thin, regular, thick, ultraThick, bar
    }

    /// What fills the surface.
    public enum Background: Sendable, Hashable {
        case solid(ThemeColor)
        /// A material with a color laid over it at `tintOpacity` (none when `tint` is nil).
        case material(Material, tint: ThemeColor?, tintOpacity: Double)
        /// Liquid Glass (iOS, macOS, tvOS and watchOS 26); before, the fallback material when
        /// there is one, else the fallback color.
        case glass(fallbackMaterial: Material?, fallbackColor: ThemeColor)
    }

    public var background: Background
    public var cornerRadius: Double
    /// The border, solid; nil when it has no width or no color.
    public var border: ThemeBorder?
    public var shadow: ShadowLayers?

    public init(background: Background, cornerRadius: Double = 0, border: ThemeBorder? = nil, shadow: ShadowLayers? = nil) {
        self.background = background
        self.cornerRadius = cornerRadius
        self.border = border
        self.shadow = shadow
    }

    /// The surface role at `path` in `theme`, as Tessera imports a Gentle spec: `PATH.style`
    /// (`solid`, `material` or `glass`), `color` (the solid color, the material's tint or the
    /// glass's fallback color), `material` (the material or the glass's fallback), `tintOpacity`,
    /// `cornerRadius`, `border` (a color), `borderWidth` and `shadow`. Nil when the style is
    /// missing or unknown, or a solid or glass surface has no color.
    public init?(_ theme: Theme, path: String) {
        let color = theme[ThemeColor.self, path + ".color"]
        let material = theme[String.self, path + ".material"].flatMap(Material.init(rawValue:))
        switch theme[String.self, path + ".style"] {
        case "solid"?:
            guard let color else { return nil }
            background = .solid(color)
        case "material"?:
            guard let material else { return nil }
            background = .material(material, tint: color, tintOpacity: theme[Double.self, path + ".tintOpacity"] ?? 0)
        case "glass"?:
            guard let color else { return nil }
            background = .glass(fallbackMaterial: material, fallbackColor: color)
        default:
            return nil
        }
        cornerRadius = theme[Double.self, path + ".cornerRadius"] ?? 0
        let width = theme[Double.self, path + ".borderWidth"] ?? 0
        border = theme[ThemeColor.self, path + ".border"].flatMap { width > 0 && $0.alpha > 0 ? ThemeBorder(color: $0, width: width) : nil }
        shadow = theme[ShadowLayers.self, path + ".shadow"].flatMap { layers in
            layers.layers.contains { $0.color.alpha > 0 } ? layers : nil
        }
    }

    /// What is drawn: the background itself, except glass where it is not available
    /// (`glassAvailable` false), which is its fallback material (untinted) when it has one, else
    /// its fallback color; a material where materials are not available (`materialAvailable`
    /// false: watchOS before 10) is its tint color at full opacity, else clear.
    public func drawnBackground(glassAvailable: Bool, materialAvailable: Bool = true) -> Background {
        var drawn = background
        if case .glass(let fallbackMaterial, let fallbackColor) = drawn, !glassAvailable {
            drawn = fallbackMaterial.map { .material($0, tint: nil, tintOpacity: 0) } ?? .solid(fallbackColor)
        }
        if case .material(_, let tint, _) = drawn, !materialAvailable {
            drawn = .solid(tint ?? .clear)
        }
        return drawn
    }
}
