// A stand-in for SwiftUI as iOS, tvOS, watchOS and macOS declare it: exactly the declarations
// the adapters and the generated Swift use, each as Apple's page documents it (labels,
// optionality, `@MainActor`, `Sendable`, availability), so that they type-check on a machine
// without SwiftUI. Nothing here runs. Compiled once per platform after `os(...)` conditions
// are answered as that platform would; `canImport(UIKit)` and `canImport(AppKit)` answer as
// there because only that platform's stand-ins are on the search path.
@_exported import Foundation

// https://developer.apple.com/documentation/swiftui/view
// `@MainActor @preconcurrency protocol View`
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

extension Never: View {
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/anyview
@frozen public struct AnyView: View {
    public init<V: View>(_ view: V) {}
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/modifiedcontent
@frozen public struct ModifiedContent<Content, Modifier>: View {
    nonisolated init() {}
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewmodifier/content
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewmodifier
// `@MainActor @preconcurrency protocol ViewModifier`
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        ModifiedContent<Self, Never>()
    }

    // https://developer.apple.com/documentation/swiftui/view/font(_:)
    nonisolated public func font(_ font: Font?) -> some View { ModifiedContent<Self, Never>() }

    // https://developer.apple.com/documentation/swiftui/view/shadow(color:radius:x:y:)
    nonisolated public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0,
        y: CGFloat = 0) -> some View
    {
        ModifiedContent<Self, Never>()
    }
}

// https://developer.apple.com/documentation/swiftui/environmentkey
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

// https://developer.apple.com/documentation/swiftui/colorscheme
public enum ColorScheme: CaseIterable, Hashable, Sendable { case light, dark }

// https://developer.apple.com/documentation/swiftui/colorschemecontrast
public enum ColorSchemeContrast: CaseIterable, Hashable, Sendable { case standard, increased }

// https://developer.apple.com/documentation/swiftui/userinterfacesizeclass
public enum UserInterfaceSizeClass: Hashable, Sendable { case compact, regular }

// https://developer.apple.com/documentation/swiftui/dynamictypesize
// iOS 15, macOS 12, tvOS 15, watchOS 8.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public var description: String { "" }

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/colorscheme
    public var colorScheme: ColorScheme {
        get { .light }
        set {}
    }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/colorschemecontrast
    // Read only.
    public var colorSchemeContrast: ColorSchemeContrast { .standard }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/horizontalsizeclass
    // iOS 13, macOS 10.15, tvOS 13, watchOS 6 (back-deployed).
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { nil }
        set {}
    }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/dynamictypesize
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public var dynamicTypeSize: DynamicTypeSize {
        get { .large }
        set {}
    }
}

// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    @MainActor @preconcurrency public var wrappedValue: Value { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {
    associatedtype Resolved: ShapeStyle = Never
    // https://developer.apple.com/documentation/swiftui/shapestyle/resolve(in:)
    // iOS 17, macOS 14, tvOS 17, watchOS 10.
    func resolve(in environment: EnvironmentValues) -> Resolved
}

extension Never: ShapeStyle {
    public func resolve(in environment: EnvironmentValues) -> Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/color
@frozen public struct Color: ShapeStyle, Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/color/rgbcolorspace
    public enum RGBColorSpace: Hashable, Sendable { case sRGB, sRGBLinear, displayP3 }

    // https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}

    // https://developer.apple.com/documentation/swiftui/color/init(_:white:opacity:)
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {}

    public func resolve(in environment: EnvironmentValues) -> Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/font
@frozen public struct Font: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/font/weight
    public struct Weight: Hashable, Sendable {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight(), medium = Weight()
        public static let semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }

    // https://developer.apple.com/documentation/swiftui/font/design
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    // https://developer.apple.com/documentation/swiftui/font/textstyle
    // iOS 13, macOS 10.15, tvOS 13, watchOS 6; `largeTitle` on every one of them, tvOS included
    // (unlike UIKit's; https://developer.apple.com/documentation/swiftui/font/largetitle). The visionOS
    // cases `extraLargeTitle` and `extraLargeTitle2` are left out: no claimed platform has them.
    // `title2`, `title3` and `caption2` arrived in iOS 14, macOS 11, tvOS 14 and watchOS 7
    // (https://developer.apple.com/documentation/swiftui/font/textstyle/title3 and
    // .../caption2), before every claimed minimum: not marked, as a synthesized `allCases`
    // cannot list cases marked available.
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    // https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)
    // iOS 16, macOS 13, tvOS 16, watchOS 9 (optional weight and design).
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { Font() }

    // https://developer.apple.com/documentation/swiftui/font/custom(_:size:relativeto:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font { Font() }

    // https://developer.apple.com/documentation/swiftui/font/custom(_:fixedsize:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font() }
}

#if canImport(UIKit)
import UIKit

extension Color {
    // https://developer.apple.com/documentation/swiftui/color/init(uicolor:)
    // iOS 15, tvOS 15, watchOS 8.
    @available(iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public init(uiColor: UIColor) {}
}
#endif

#if canImport(AppKit)
import AppKit

extension Color {
    // https://developer.apple.com/documentation/swiftui/color/init(nscolor:)
    // macOS 12.
    @available(macOS 12.0, *)
    public init(nsColor: NSColor) {}
}
#endif

// Top-level SwiftUI names a package could be tempted to reuse; declared so that the check of
// public type names (`PlatformNameClashTests`) finds a clash as a file importing SwiftUI would.

// https://developer.apple.com/documentation/swiftui/contentsizecategory
public enum ContentSizeCategory: Hashable, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge
}

// https://developer.apple.com/documentation/swiftui/unitpoint
@frozen public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
}

// https://developer.apple.com/documentation/swiftui/gradient
@frozen public struct Gradient: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/gradient/stop
    @frozen public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }
    // https://developer.apple.com/documentation/swiftui/gradient/init(stops:)
    public init(stops: [Gradient.Stop]) {}
}

// https://developer.apple.com/documentation/swiftui/lineargradient
@frozen public struct LinearGradient: ShapeStyle, View, Sendable {
    // https://developer.apple.com/documentation/swiftui/lineargradient/init(gradient:startpoint:endpoint:)
    nonisolated public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { fatalError() }
    nonisolated public func resolve(in environment: EnvironmentValues) -> Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/animation
public struct Animation: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/animation/timingcurve(_:_:_:_:duration:)
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35)
        -> Animation
    {
        Animation()
    }
    // https://developer.apple.com/documentation/swiftui/animation/delay(_:)
    public func delay(_ delay: TimeInterval) -> Animation { self }
}

// https://developer.apple.com/documentation/swiftui/edgeinsets
public struct EdgeInsets: Hashable, Sendable {}

// https://developer.apple.com/documentation/swiftui/text
@frozen public struct Text: View, Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    nonisolated public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/text/font(_:)
    nonisolated public func font(_ font: Font?) -> Text { self }
    // https://developer.apple.com/documentation/swiftui/text/tracking(_:)
    // iOS 13, macOS 10.15, tvOS 13, watchOS 6 (the `View` modifier of the same name is iOS 16).
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    nonisolated public func tracking(_ tracking: CGFloat) -> Text { self }
}

// https://developer.apple.com/documentation/swiftui/material
public struct Material: Sendable {}

// https://developer.apple.com/documentation/swiftui/layout
public protocol Layout: Animatable {}

// https://developer.apple.com/documentation/swiftui/animatable
public protocol Animatable {}
