#if canImport(SwiftUI)
import SwiftUI
import TesseraModel
import TesseraRuntime

extension EdgeInsets {
    /// Insets from dimension tokens (see `ThemeInsets`: per edge, horizontal and vertical, or
    /// CSS's shorthand).
    public init(_ insets: ThemeInsets) {
        self.init(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)
    }
}

extension StrokeStyle {
    /// A border token's width, dash pattern and line cap.
    public init(_ border: ThemeBorder) {
        let cap: CGLineCap = switch border.lineCap {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
        self.init(lineWidth: border.width, lineCap: cap, dash: border.dash.map { CGFloat($0) })
    }
}

/// A shadow token drawn as CSS draws `box-shadow` on a rounded rectangle: each outer layer a
/// copy of the shape grown by its spread, moved by its offset and blurred, under the view; each
/// inset layer the outside of the shape shrunk by its spread, moved and blurred, over the view
/// and clipped to the shape. One view per layer in a `ForEach`: no type erasure.
struct ThemeShadowModifier: ViewModifier {
    let layers: [LayerShadow]
    let cornerRadius: CGFloat

    func body(content: Content) -> some View {
        let outer = layers.filter { !$0.inset }, inner = layers.filter(\.inset)
        return content
            .background {
                ForEach(outer.indices, id: \.self) { index in
                    let layer = outer[index]
                    RoundedRectangle(cornerRadius: ShadowCast.spreadRadius(cornerRadius, by: layer.growth))
                        .fill(Color(layer.shadowColor))
                        .padding(-layer.growth)
                        .offset(x: layer.offsetX, y: layer.offsetY)
                        .blur(radius: layer.radius)
                }
            }
            .overlay {
                ForEach(inner.indices, id: \.self) { index in
                    let layer = inner[index], band = layer.insetBand
                    // A ring around the shrunk shape, wide enough to cover the view once moved.
                    RoundedRectangle(cornerRadius: ShadowCast.spreadRadius(cornerRadius, by: layer.growth) + band)
                        .strokeBorder(Color(layer.shadowColor), lineWidth: band)
                        .padding(-layer.growth - band)
                        .offset(x: layer.offsetX, y: layer.offsetY)
                        .blur(radius: layer.radius)
                }
                .clipShape(RoundedRectangle(cornerRadius: cornerRadius))
            }
    }
}

/// A border token stroked inside a rounded rectangle over the view.
struct ThemeBorderModifier: ViewModifier {
    let border: ThemeBorder
    let cornerRadius: CGFloat

    func body(content: Content) -> some View {
        content.overlay {
            RoundedRectangle(cornerRadius: cornerRadius).strokeBorder(Color(border.color), style: StrokeStyle(border))
        }
    }
}

/// A surface role's background, border and shadow (see `View.themeSurface(_:)`).
struct ThemeSurfaceModifier: ViewModifier {
    let surface: ThemeSurface

    func body(content: Content) -> some View {
        let shape = RoundedRectangle(cornerRadius: surface.cornerRadius)
        return filled(content, in: shape)
            .modifier(ThemeBorderModifier(border: surface.border ?? ThemeBorder(color: .clear, width: 0),
                cornerRadius: surface.cornerRadius))
            .modifier(ThemeShadowModifier(layers: surface.shadow?.layerShadows ?? [], cornerRadius: surface.cornerRadius))
    }

    @ViewBuilder
    private func filled(_ content: Content, in shape: RoundedRectangle) -> some View {
        if #available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *), case .glass = surface.background {
            content.glassEffect(.regular, in: shape)
        } else if #available(watchOS 10.0, *) {
            content.background { backgroundView(surface.drawnBackground(glassAvailable: false), in: shape) }
        } else {
            content.background { shape.fill(Color(Self.color(of: surface.drawnBackground(glassAvailable: false, materialAvailable: false)))) }
        }
    }

    @available(watchOS 10.0, *)
    @ViewBuilder
    private func backgroundView(_ drawn: ThemeSurface.Background, in shape: RoundedRectangle) -> some View {
        switch drawn {
        case .material(let material, let tint, let opacity):
            shape.fill(Material(material))
                .overlay {
                    shape.fill(Color(tint.map { ThemeColor($0.space, red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha * opacity) }
                        ?? .clear))
                }
        case .solid(let color), .glass(_, let color):
            shape.fill(Color(color))
        }
    }

    /// The color of a background drawn without materials (before watchOS 10, where
    /// `drawnBackground` gives a solid color).
    private static func color(of drawn: ThemeSurface.Background) -> ThemeColor {
        switch drawn {
        case .solid(let color), .glass(_, let color): color
        case .material(_, let tint, _): tint ?? .clear
        }
    }
}

@available(watchOS 10.0, *)
extension Material {
    /// The system material a surface names.
    init(_ material: ThemeSurface.Material) {
        self = switch material {
        case .ultraThin: .ultraThin
        case .thin: .thin
        case .regular: .regular
        case .thick: .thick
        case .ultraThick: .ultraThick
        case .bar: Self.bar
        }
    }

    /// The material of bars: `.bar` on iOS and macOS; tvOS and watchOS have none (Apple marks
    /// it unavailable there), and take the regular material.
    private static var bar: Material {
        #if os(tvOS) || os(watchOS)
        .regular
        #else
        .bar
        #endif
    }
}

extension View {
    /// Draws a shadow token as CSS draws `box-shadow` around a rounded rectangle of
    /// `cornerRadius` the size of this view: outer layers under it, each grown by its spread (the
    /// corners spread as CSS spreads them), inset layers over it, inside the rectangle. SwiftUI's
    /// blur radius is half the CSS blur. Unlike CSS, an outer shadow is not cut out under the
    /// view: a translucent view shows it through.
    public func shadow(_ shadow: ShadowLayers, cornerRadius: CGFloat = 0) -> some View {
        modifier(ThemeShadowModifier(layers: shadow.layerShadows, cornerRadius: cornerRadius))
    }

    /// Strokes a border token inside a rounded rectangle of `cornerRadius` over this view, with
    /// its width, color and dash pattern (see `ThemeBorder` for CSS's styles).
    public func themeBorder(_ border: ThemeBorder, cornerRadius: CGFloat = 0) -> some View {
        modifier(ThemeBorderModifier(border: border, cornerRadius: cornerRadius))
    }

    /// Sets this view on a surface role (seeds/004): its background in a rounded rectangle of its
    /// corner radius — a solid color; a material with its tint over it; Liquid Glass
    /// (`glassEffect(_:in:)`) on iOS, macOS, tvOS and watchOS 26, before which its fallback
    /// material, else its fallback color (`ThemeSurface.drawnBackground(glassAvailable:)`) —
    /// then its border and its shadow. Before watchOS 10, which has no materials, a material is
    /// its tint color.
    public func themeSurface(_ surface: ThemeSurface) -> some View {
        modifier(ThemeSurfaceModifier(surface: surface))
    }
}
#endif // canImport(SwiftUI)
