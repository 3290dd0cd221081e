import Foundation
import TesseraModel

/// A point in a box measured as a fraction of its width and height, y down: SwiftUI's
/// `UnitPoint`, `CAGradientLayer`'s `startPoint` and `endPoint`.
public struct UnitBoxPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension GradientStops {
    /// Where a CSS `linear-gradient(<angle>, …)` starts and ends in a box of `width` × `height`:
    /// 0° points up, 90° right, 180° (CSS's default, `to bottom`) down. As CSS Images 3 defines
    /// the gradient line, it runs through the center and is `|W sin A| + |H cos A|` long, so the
    /// corners the angle points from and to get the first and last colors.
    public static func endpoints(angle degrees: Double, width: Double = 1, height: Double = 1)
        -> (start: UnitBoxPoint, end: UnitBoxPoint)
    {
        let radians = degrees * .pi / 180
        let (dx, dy) = (sin(radians), -cos(radians))
        let half = (abs(width * sin(radians)) + abs(height * cos(radians))) / 2
        let w = width > 0 ? width : 1, h = height > 0 ? height : 1
        return (UnitBoxPoint(x: 0.5 - dx * half / w, y: 0.5 - dy * half / h),
            UnitBoxPoint(x: 0.5 + dx * half / w, y: 0.5 + dy * half / h))
    }

    /// The stops in order of position, positions clamped to 0…1 (what `CAGradientLayer` and
    /// SwiftUI's `Gradient` expect).
    public var normalized: [GradientStop] {
        stops.map { GradientStop(color: $0.color, position: min(max($0.position, 0), 1)) }
            .enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
    }
}

/// One shadow as Core Animation draws it (`CALayer.shadowColor`, `shadowOpacity`,
/// `shadowRadius`, `shadowOffset`, `shadowPath`): a CSS box shadow's blur is twice the layer's
/// radius (both a Gaussian of standard deviation blur / 2), its alpha is the layer's opacity,
/// and its spread grows (or shrinks) the path the shadow is cast from.
public struct LayerShadow: Sendable, Hashable {
    /// The color, opaque.
    public var color: ThemeColor
    public var opacity: Double
    public var radius: Double
    public var offsetX: Double
    public var offsetY: Double
    /// Points to grow the shadow's path by on every side (negative shrinks it).
    public var spread: Double
    /// An inner shadow, drawn inside the layer's bounds.
    public var inset: Bool

    public init(_ shadow: Shadow) {
        let color = ThemeColor(shadow.color)
        self.color = ThemeColor(color.space, red: color.red, green: color.green, blue: color.blue, alpha: 1)
        opacity = color.alpha
        radius = shadow.blur.points / 2
        offsetX = shadow.offsetX.points
        offsetY = shadow.offsetY.points
        spread = shadow.spread.points
        inset = shadow.inset
    }
}

extension ShadowLayers {
    /// The layers as Core Animation shadows, bottom first: CSS paints the first shadow listed on
    /// top, and a layer added later draws above those before it.
    public var layerShadows: [LayerShadow] { layers.reversed().map(LayerShadow.init) }
}

extension CubicBezier {
    /// The progress at `time` (0…1) of an animation timed by this curve, as CSS and Core
    /// Animation evaluate it: the curve's x is time, y progress, from (0, 0) to (1, 1).
    public func progress(at time: Double) -> Double {
        let t = solveT(forX: min(max(time, 0), 1))
        return Self.bezier(t, y1, y2)
    }

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private func solveT(forX x: Double) -> Double {
        // Newton's method, then bisection where the slope is too flat (x is monotonic in t,
        // as x1 and x2 are within 0…1).
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - x
            if abs(error) < 1e-9 { return t }
            let u = 1 - t
            let slope = 3 * u * u * x1 + 6 * u * t * (x2 - x1) + 3 * t * t * (1 - x2)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var (low, high) = (0.0, 1.0)
        t = x
        for _ in 0..<64 {
            let value = Self.bezier(t, x1, x2)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}

extension TokenTransition {
    /// Seconds, as SwiftUI's `Animation` and `UIViewPropertyAnimator` take them.
    public var durationSeconds: Double { duration.milliseconds / 1000 }
    /// Seconds.
    public var delaySeconds: Double { delay.milliseconds / 1000 }
}
