// A stand-in for UIKit as iOS, tvOS and watchOS declare it: exactly the declarations the
// adapters and the generated Swift use, each as Apple's page documents it (labels,
// optionality, isolation, availability), so that they type-check on a machine without UIKit.
// Nothing here runs.
//
// The file is compiled once per platform after `os(...)` conditions are answered as that
// platform would (`Toolchain.ApplePlatform.preprocess`): what a platform lacks is left out, so
// code that uses it there fails to type-check. macOS has no UIKit: the module is not built there,
// and `canImport(UIKit)` is false.
@_exported import Foundation
#if !os(watchOS)
@_exported import QuartzCore
#endif

// https://developer.apple.com/documentation/uikit/uicolor
// (UIColor is immutable and Sendable.)
open class UIColor: @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    // https://developer.apple.com/documentation/uikit/uicolor/init(white:alpha:)
    public init(white: CGFloat, alpha: CGFloat) {}

    // https://developer.apple.com/documentation/uikit/uicolor/init(displayp3red:green:blue:alpha:)
    public init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}

    #if !os(watchOS)
    // https://developer.apple.com/documentation/uikit/uicolor/cgcolor
    open var cgColor: CGColor { fatalError() }
    #endif

    #if os(iOS) || os(tvOS) || os(visionOS)
    // https://developer.apple.com/documentation/uikit/uicolor/init(dynamicprovider:)
    // iOS 13, tvOS 13, visionOS 1; not watchOS.
    @available(iOS 13.0, tvOS 13.0, *)
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {}
    #endif
}

// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

// https://developer.apple.com/documentation/uikit/uiaccessibilitycontrast
public enum UIAccessibilityContrast: Int, Sendable { case unspecified, normal, high }

// https://developer.apple.com/documentation/uikit/uiuserinterfacesizeclass
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }

// https://developer.apple.com/documentation/uikit/uicontentsizecategory
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

#if os(iOS) || os(visionOS)
// https://developer.apple.com/documentation/uikit/uiuserinterfacelevel
// iOS 13, Mac Catalyst, visionOS; not tvOS or watchOS.
@available(iOS 13.0, *)
public enum UIUserInterfaceLevel: Int, Sendable { case unspecified, base, elevated }
#endif

#if os(iOS) || os(tvOS) || os(visionOS)
// https://developer.apple.com/documentation/uikit/uitraitcollection
// iOS 8, tvOS, visionOS; not watchOS. A plain class (no actor isolation), Sendable.
open class UITraitCollection: @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uitraitcollection/userinterfacestyle
    @available(iOS 12.0, tvOS 10.0, *)
    open var userInterfaceStyle: UIUserInterfaceStyle { .unspecified }

    // https://developer.apple.com/documentation/uikit/uitraitcollection/accessibilitycontrast
    @available(iOS 13.0, tvOS 13.0, *)
    open var accessibilityContrast: UIAccessibilityContrast { .unspecified }

    #if os(iOS) || os(visionOS)
    // https://developer.apple.com/documentation/uikit/uitraitcollection/userinterfacelevel
    // iOS 13, Mac Catalyst 13.1, visionOS 1; not tvOS.
    @available(iOS 13.0, *)
    open var userInterfaceLevel: UIUserInterfaceLevel { .unspecified }
    #endif

    // https://developer.apple.com/documentation/uikit/uitraitcollection/horizontalsizeclass
    open var horizontalSizeClass: UIUserInterfaceSizeClass { .unspecified }

    // https://developer.apple.com/documentation/uikit/uitraitcollection/preferredcontentsizecategory
    @available(iOS 10.0, tvOS 10.0, *)
    open var preferredContentSizeCategory: UIContentSizeCategory { UIContentSizeCategory(rawValue: "") }

    // https://developer.apple.com/documentation/uikit/uitraitcollection/subscript(_:)-2nhj4
    // iOS 17, tvOS 17: a custom trait's value.
    @available(iOS 17.0, tvOS 17.0, *)
    public subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value { T.defaultValue }
}

// https://developer.apple.com/documentation/uikit/uitraitdefinition
// iOS 17, tvOS 17. `identifier`, `name` and `affectsColorAppearance` have defaults.
@available(iOS 17.0, tvOS 17.0, *)
public protocol UITraitDefinition {
    associatedtype Value
    static var defaultValue: Value { get }
    static var identifier: String { get }
    static var name: String { get }
    static var affectsColorAppearance: Bool { get }
}

@available(iOS 17.0, tvOS 17.0, *)
extension UITraitDefinition {
    public static var identifier: String { "" }
    public static var name: String { "" }
    public static var affectsColorAppearance: Bool { false }
}

// https://developer.apple.com/documentation/uikit/uitraitoverrides
@available(iOS 17.0, tvOS 17.0, *)
@MainActor public struct UITraitOverrides {
    // https://developer.apple.com/documentation/uikit/uitraitoverrides/subscript(_:)
    public subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value {
        get { T.defaultValue }
        set {}
    }
}

// https://developer.apple.com/documentation/uikit/uitrait-9423
// iOS 17, tvOS 17: a trait is named by its definition's type.
@available(iOS 17.0, tvOS 17.0, *)
public typealias UITrait = any UITraitDefinition.Type

// https://developer.apple.com/documentation/uikit/uitraitpreferredcontentsizecategory
// iOS 17, tvOS 17: the Dynamic Type size as a trait.
@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitPreferredContentSizeCategory: UITraitDefinition {
    public static let defaultValue = UIContentSizeCategory(rawValue: "")
}

// https://developer.apple.com/documentation/uikit/uitraitenvironment
// (NSObjectProtocol in UIKit; the stand-in has no Objective-C runtime.)
@MainActor public protocol UITraitEnvironment: AnyObject {}

// https://developer.apple.com/documentation/uikit/uitraitchangeregistration
public protocol UITraitChangeRegistration: AnyObject {}

// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UITraitEnvironment {
    // https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
    open var backgroundColor: UIColor?
    // https://developer.apple.com/documentation/uikit/uiview/tintcolor
    open var tintColor: UIColor!

    // https://developer.apple.com/documentation/uikit/uiview/traitoverrides
    @available(iOS 17.0, tvOS 17.0, *)
    open var traitOverrides: UITraitOverrides {
        get { fatalError() }
        set {}
    }

    // https://developer.apple.com/documentation/uikit/uitraitchangeobservable-67e94/registerfortraitchanges(_:handler:)
    // iOS 17, tvOS 17 (UIView is UITraitChangeObservable there); the handler's type is
    // https://developer.apple.com/documentation/uikit/uitraitchangeobservable-67e94/traitchangehandler
    @available(iOS 17.0, tvOS 17.0, *)
    @discardableResult
    public func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(_ traits: [UITrait],
        handler: @escaping (TraitEnvironment, UITraitCollection) -> Void) -> any UITraitChangeRegistration
    {
        fatalError()
    }
}

// https://developer.apple.com/documentation/uikit/uilabel
@MainActor open class UILabel: UIView {
    // https://developer.apple.com/documentation/uikit/uilabel/text
    open var text: String?
    // https://developer.apple.com/documentation/uikit/uilabel/font
    open var font: UIFont!
    // https://developer.apple.com/documentation/uikit/uilabel/textcolor
    open var textColor: UIColor!
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {}
#endif

// https://developer.apple.com/documentation/uikit/uifontdescriptor
open class UIFontDescriptor: @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign
    public struct SystemDesign: Hashable, Sendable {
        public static let `default` = SystemDesign(), rounded = SystemDesign(), serif = SystemDesign()
        public static let monospaced = SystemDesign()
    }

    // https://developer.apple.com/documentation/uikit/uifontdescriptor/withdesign(_:)
    // iOS 13, tvOS 13, watchOS 6.
    @available(iOS 13.0, tvOS 13.0, watchOS 6.0, *)
    open func withDesign(_ design: UIFontDescriptor.SystemDesign) -> UIFontDescriptor? { nil }
}

// https://developer.apple.com/documentation/uikit/uifont
open class UIFont: @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uifont/weight
    public struct Weight: Hashable, Sendable {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight(), medium = Weight()
        public static let semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }

    // https://developer.apple.com/documentation/uikit/uifont/textstyle
    public struct TextStyle: Hashable, Sendable {
        #if !os(tvOS)
        // https://developer.apple.com/documentation/uikit/uifont/textstyle/largetitle
        // iOS 11, Mac Catalyst 13.1, visionOS 1, watchOS 5; not tvOS.
        @available(iOS 11.0, watchOS 5.0, *)
        public static let largeTitle = TextStyle()
        #endif
        // https://developer.apple.com/documentation/uikit/uifont/textstyle/title1 (and title2, title3)
        // https://developer.apple.com/documentation/uikit/uifont/textstyle/callout
        // iOS 9, tvOS 9, watchOS 2.
        @available(iOS 9.0, tvOS 9.0, watchOS 2.0, *)
        public static let title1 = TextStyle(), title2 = TextStyle(), title3 = TextStyle(), callout = TextStyle()
        // https://developer.apple.com/documentation/uikit/uifont/textstyle/headline (and body,
        // subheadline, footnote, caption1, caption2): iOS 7, tvOS 9, watchOS 2.
        public static let headline = TextStyle(), body = TextStyle(), subheadline = TextStyle()
        public static let footnote = TextStyle(), caption1 = TextStyle(), caption2 = TextStyle()
    }

    // https://developer.apple.com/documentation/uikit/uifont/init(name:size:)
    public init?(name fontName: String, size fontSize: CGFloat) {}

    // https://developer.apple.com/documentation/uikit/uifont/init(descriptor:size:)
    public init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {}

    // https://developer.apple.com/documentation/uikit/uifont/fontdescriptor
    open var fontDescriptor: UIFontDescriptor { UIFontDescriptor() }

    // https://developer.apple.com/documentation/uikit/uifont/lineheight
    open var lineHeight: CGFloat { 0 }

    // https://developer.apple.com/documentation/uikit/uifont/systemfont(ofsize:weight:)
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uifontmetrics
// iOS 11, tvOS 11, watchOS 4.
open class UIFontMetrics: @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uifontmetrics/init(fortextstyle:)
    public init(forTextStyle textStyle: UIFont.TextStyle) {}

    // https://developer.apple.com/documentation/uikit/uifontmetrics/scaledfont(for:)
    open func scaledFont(for font: UIFont) -> UIFont { font }

    #if os(iOS) || os(tvOS) || os(visionOS)
    // https://developer.apple.com/documentation/uikit/uifontmetrics/scaledfont(for:compatiblewith:)
    // Takes a trait collection, which watchOS does not have.
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont { font }
    #endif

    // https://developer.apple.com/documentation/uikit/uifontmetrics/scaledvalue(for:)
    open func scaledValue(for value: CGFloat) -> CGFloat { value }
}

#if !os(watchOS)
// https://developer.apple.com/documentation/uikit/uicubictimingparameters
@MainActor open class UICubicTimingParameters {
    // https://developer.apple.com/documentation/uikit/uicubictimingparameters/init(controlpoint1:controlpoint2:)
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {}
}

// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator
@MainActor open class UIViewPropertyAnimator {
    // https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/init(duration:timingparameters:)
    public init(duration: TimeInterval, timingParameters parameters: UICubicTimingParameters) {}
    // https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/addanimations(_:)
    open func addAnimations(_ animation: @escaping @MainActor () -> Void) {}
    // https://developer.apple.com/documentation/uikit/uiviewanimating/startanimation(afterdelay:)
    open func startAnimation(afterDelay delay: TimeInterval) {}
}
#endif

// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets
// iOS 11, tvOS 11, watchOS 4: insets whose leading and trailing follow the layout direction.
@available(iOS 11.0, tvOS 11.0, watchOS 4.0, *)
public struct NSDirectionalEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    // https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets/init(top:leading:bottom:trailing:)-6wnda
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

// https://developer.apple.com/documentation/uikit/nsparagraphstyle
open class NSParagraphStyle: @unchecked Sendable {
    public init() {}
}

// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/minimumlineheight
    open var minimumLineHeight: CGFloat = 0
    // https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/maximumlineheight
    open var maximumLineHeight: CGFloat = 0
}

extension NSAttributedString.Key {
    // https://developer.apple.com/documentation/foundation/nsattributedstring/key/font
    public static let font = NSAttributedString.Key("NSFont")
    // https://developer.apple.com/documentation/foundation/nsattributedstring/key/kern
    public static let kern = NSAttributedString.Key("NSKern")
    // https://developer.apple.com/documentation/foundation/nsattributedstring/key/paragraphstyle
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}
