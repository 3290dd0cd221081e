// A stand-in for Core Animation and the Core Graphics types it takes (iOS, tvOS and macOS;
// watchOS has no Core Animation: the module is not built there and `canImport(QuartzCore)` is
// false). UIKit and AppKit re-export it, as they do on Apple platforms. Exactly the
// declarations the adapters use, each as Apple's page documents it. Nothing here runs.
@_exported import Foundation

// https://developer.apple.com/documentation/coregraphics/cgcolor
public final class CGColor: @unchecked Sendable {}

// https://developer.apple.com/documentation/coregraphics/cgpath
public class CGPath: @unchecked Sendable {
    // https://developer.apple.com/documentation/coregraphics/cgpath/init(roundedrect:cornerwidth:cornerheight:transform:)
    public init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?) {}
}

// https://developer.apple.com/documentation/coregraphics/cglinecap
public enum CGLineCap: Int32, Sendable { case butt, round, square }

// https://developer.apple.com/documentation/coregraphics/cglinejoin
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }

// https://developer.apple.com/documentation/coregraphics/cgaffinetransform
public struct CGAffineTransform: Sendable {}

// https://developer.apple.com/documentation/quartzcore/calayer
open class CALayer {
    public init() {}
    // https://developer.apple.com/documentation/quartzcore/calayer/bounds
    open var bounds: CGRect = .zero
    // https://developer.apple.com/documentation/quartzcore/calayer/frame
    open var frame: CGRect = .zero
    // https://developer.apple.com/documentation/quartzcore/calayer/cornerradius
    open var cornerRadius: CGFloat = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/borderwidth
    open var borderWidth: CGFloat = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/bordercolor
    open var borderColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowcolor
    open var shadowColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowopacity
    open var shadowOpacity: Float = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowradius
    open var shadowRadius: CGFloat = 3
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowoffset
    open var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowpath
    open var shadowPath: CGPath?
    // https://developer.apple.com/documentation/quartzcore/calayer/name
    open var name: String?
    // https://developer.apple.com/documentation/quartzcore/calayer/sublayers
    open var sublayers: [CALayer]?
    // https://developer.apple.com/documentation/quartzcore/calayer/insertsublayer(_:at:)
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {}
    // https://developer.apple.com/documentation/quartzcore/calayer/removefromsuperlayer()
    open func removeFromSuperlayer() {}
}

// https://developer.apple.com/documentation/quartzcore/cagradientlayer
open class CAGradientLayer: CALayer {
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/colors
    open var colors: [Any]?
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/locations
    open var locations: [NSNumber]?
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/startpoint
    open var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/endpoint
    open var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
}
