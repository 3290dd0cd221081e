// A stand-in for UIKit: exactly the declarations TesseraUI uses, with Apple's signatures, so
// that its UIKit adapters type-check on a machine without UIKit. Nothing here runs.
@_exported import Foundation

open class UIColor: @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {}
}

public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
public enum UIAccessibilityContrast: Int, Sendable { case unspecified, normal, high }
public enum UIUserInterfaceLevel: Int, Sendable { case unspecified, base, elevated }
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }

public struct UIContentSizeCategory: RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

open class UITraitCollection: @unchecked Sendable {
    open var userInterfaceStyle: UIUserInterfaceStyle { .unspecified }
    open var accessibilityContrast: UIAccessibilityContrast { .unspecified }
    open var userInterfaceLevel: UIUserInterfaceLevel { .unspecified }
    open var horizontalSizeClass: UIUserInterfaceSizeClass { .unspecified }
    open var preferredContentSizeCategory: UIContentSizeCategory { UIContentSizeCategory(rawValue: "") }
}

open class UIFont: @unchecked Sendable {
    public struct Weight: Sendable {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight(), medium = Weight()
        public static let semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }

    public struct TextStyle: Sendable {
        public static let largeTitle = TextStyle(), title1 = TextStyle(), title2 = TextStyle(), title3 = TextStyle()
        public static let headline = TextStyle(), body = TextStyle(), callout = TextStyle(), subheadline = TextStyle()
        public static let footnote = TextStyle(), caption1 = TextStyle(), caption2 = TextStyle()
    }

    public init?(name fontName: String, size fontSize: CGFloat) {}
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { fatalError() }
}

open class UIFontMetrics: @unchecked Sendable {
    public init(forTextStyle textStyle: UIFont.TextStyle) {}
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont { font }
}
