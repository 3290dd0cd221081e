// Shadows, gradients and transitions as SwiftUI, UIKit, AppKit and Core Animation take them.
// The arithmetic (CSS gradient lines, blur to radius, layer order) is TesseraRuntime's, tested
// on every platform; these are the thin conversions.
import Foundation
import TesseraModel
import TesseraRuntime

#if canImport(SwiftUI)
import SwiftUI

extension LinearGradient {
    /// A gradient token drawn as CSS draws `linear-gradient(<angle>, …)` in a box of
    /// `aspectRatio` (width / height): 180° (CSS's default) runs top to bottom, 90° left to right.
    public init(_ gradient: GradientStops, angle: Double = 180, aspectRatio: Double = 1) {
        let (start, end) = GradientStops.endpoints(angle: angle, width: aspectRatio, height: 1)
        let stops = gradient.normalized.map { Gradient.Stop(color: Color(ThemeColor($0.color)), location: $0.position) }
        self.init(gradient: Gradient(stops: stops), startPoint: UnitPoint(x: start.x, y: start.y),
            endPoint: UnitPoint(x: end.x, y: end.y))
    }
}

extension Animation {
    /// A transition token: its cubic Bézier over its duration, after its delay.
    public static func theme(_ transition: TokenTransition) -> Animation {
        let curve = transition.timingFunction
        let animation = Animation.timingCurve(curve.x1, curve.y1, curve.x2, curve.y2, duration: transition.durationSeconds)
        return transition.delaySeconds > 0 ? animation.delay(transition.delaySeconds) : animation
    }
}
#endif // canImport(SwiftUI)

#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UIViewPropertyAnimator {
    /// An animator timed by a transition token's cubic Bézier over its duration; start it with
    /// `startAnimation(afterDelay: transition.delaySeconds)`.
    public convenience init(_ transition: TokenTransition) {
        let curve = transition.timingFunction
        self.init(duration: transition.durationSeconds, timingParameters: UICubicTimingParameters(
            controlPoint1: CGPoint(x: curve.x1, y: curve.y1), controlPoint2: CGPoint(x: curve.x2, y: curve.y2)))
    }
}
#endif

#if canImport(QuartzCore) && (canImport(UIKit) || canImport(AppKit))
import QuartzCore
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

extension CALayer {
    /// A shadow token's outer layers for a layer of `frame` and `cornerRadius`, bottom first:
    /// one layer per shadow (Core Animation casts one shadow per layer), each casting from a
    /// rounded rectangle grown by its spread, its corners spread as CSS spreads them
    /// (`LayerShadow.cast(width:height:cornerRadius:)`). Insert them below the layer that casts the shadow,
    /// in its superlayer, so that its content covers them; make them again when the frame
    /// changes. Core Animation has no inner shadow: inset layers are left out, and so is a
    /// layer cast from an empty rectangle (a frame before layout, a spread that shrinks the
    /// box to nothing). The corner radius is at most half of each side (a pill's 9999 too).
    public static func themeShadowLayers(_ shadow: ShadowLayers, frame: CGRect, cornerRadius: CGFloat = 0) -> [CALayer] {
        shadow.layerShadows.filter { !$0.inset }.compactMap { layer in
            // The offset is the layer's `shadowOffset`: the path is the cast rectangle unmoved.
            let cast = layer.cast(width: frame.width, height: frame.height, cornerRadius: cornerRadius)
            guard !cast.isEmpty else { return nil }
            let shadowLayer = CALayer()
            shadowLayer.name = "tessera.shadow"
            shadowLayer.frame = frame
            shadowLayer.shadowColor = cgColor(layer.color)
            shadowLayer.shadowOpacity = Float(layer.opacity)
            shadowLayer.shadowRadius = layer.radius
            #if canImport(UIKit)
            shadowLayer.shadowOffset = CGSize(width: layer.offsetX, height: layer.offsetY)
            #else
            // AppKit layers' y axis points up.
            shadowLayer.shadowOffset = CGSize(width: layer.offsetX, height: -layer.offsetY)
            #endif
            let bounds = CGRect(x: cast.x - layer.offsetX, y: cast.y - layer.offsetY, width: cast.width, height: cast.height)
            shadowLayer.shadowPath = CGPath(roundedRect: bounds, cornerWidth: cast.cornerRadius, cornerHeight: cast.cornerRadius,
                transform: nil)
            return shadowLayer
        }
    }

    /// Draws a border token as a layer's border: its width and color (`borderWidth`,
    /// `borderColor`), inside the layer's bounds and following its `cornerRadius`. A layer's
    /// border is always solid: for a dash pattern (`border.isSolid` false), stroke a
    /// `CAShapeLayer`'s path with `border.dash` as its `lineDashPattern`.
    public func setThemeBorder(_ border: ThemeBorder) {
        borderWidth = border.width
        borderColor = CALayer.cgColor(border.color)
    }

    static func cgColor(_ color: ThemeColor) -> CGColor {
        #if canImport(UIKit)
        UIColor(color).cgColor
        #else
        NSColor(color).cgColor
        #endif
    }
}

extension CAGradientLayer {
    /// Draws a gradient token as CSS draws `linear-gradient(<angle>, …)` in this layer's bounds.
    public func setTheme(_ gradient: GradientStops, angle: Double = 180) {
        let stops = gradient.normalized
        colors = stops.map { CALayer.cgColor(ThemeColor($0.color)) }
        locations = stops.map { NSNumber(value: $0.position) }
        let (start, end) = GradientStops.endpoints(angle: angle, width: bounds.width, height: bounds.height)
        startPoint = CGPoint(x: start.x, y: start.y)
        endPoint = CGPoint(x: end.x, y: end.y)
    }
}
#endif
