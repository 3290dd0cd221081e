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

// https://developer.apple.com/documentation/swiftui/app
// `@MainActor @preconcurrency protocol App`; iOS 14, macOS 11, tvOS 14, watchOS 7.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    // https://developer.apple.com/documentation/swiftui/app/body-swift.property
    @SceneBuilder var body: Body { get }
    // https://developer.apple.com/documentation/swiftui/app/init()
    init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension App {
    // https://developer.apple.com/documentation/swiftui/app/main()
    @MainActor @preconcurrency public static func main() {}
}

// https://developer.apple.com/documentation/swiftui/scene
// `@MainActor @preconcurrency protocol Scene`; iOS 14, macOS 11, tvOS 14, watchOS 7.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

// https://developer.apple.com/documentation/swiftui/scenebuilder
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct SceneBuilder {
    // https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// https://developer.apple.com/documentation/swiftui/windowgroup
// iOS 14, macOS 11, tvOS 14, watchOS 7.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct WindowGroup<Content: View>: Scene {
    // https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g
    // (Several views: a parameter pack, as the 26 SDKs declare it; older SDKs had one function
    // per count, to ten.)
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent()
    }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent()
    }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildlimitedavailability(_:)
    // (The View form, iOS 14: an `if #available` branch is type-erased.)
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/tupleview
@frozen public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}
    public var body: Never { fatalError() }
}

// What `buildEither` returns (`_ConditionalContent`, a View when both branches are).
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: View {
    nonisolated init() {}
    public var body: Never { fatalError() }
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

    // https://developer.apple.com/documentation/swiftui/view/padding(_:)-68shk
    nonisolated public func padding(_ length: CGFloat) -> some View { ModifiedContent<Self, Never>() }

    // https://developer.apple.com/documentation/swiftui/view/offset(x:y:)
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedContent<Self, Never>() }

    // https://developer.apple.com/documentation/swiftui/view/blur(radius:opaque:)
    nonisolated public func blur(radius: CGFloat, opaque: Bool = false) -> some View { ModifiedContent<Self, Never>() }

    // https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        ModifiedContent<Self, Never>()
    }

    // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    // iOS 15, macOS 12, tvOS 15, watchOS 8.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { ModifiedContent<Self, Never>() }

    // https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    // iOS 15, macOS 12, tvOS 15, watchOS 8.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        ModifiedContent<Self, Never>()
    }

    // https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
    // iOS 15, macOS 12, tvOS 15, watchOS 8.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        ModifiedContent<Self, Never>()
    }

    // https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    // iOS 15, macOS 12, tvOS 15, watchOS 8.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        ModifiedContent<Self, Never>()
    }

    // https://developer.apple.com/documentation/swiftui/view/glasseffect(_:in:)
    // iOS 26, macOS 26, tvOS 26, watchOS 26.
    @available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
    nonisolated public func glassEffect(_ glass: Glass = .regular, in shape: some Shape = DefaultGlassEffectShape()) -> some View {
        ModifiedContent<Self, Never>()
    }

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

    // https://developer.apple.com/documentation/swiftui/font/caption
    public static let caption = Font()

    // https://developer.apple.com/documentation/swiftui/font/title
    public static let title = Font()

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

// https://developer.apple.com/documentation/swiftui/edge
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    // https://developer.apple.com/documentation/swiftui/edge/set
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4), trailing = Set(rawValue: 8)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing], vertical: Set = [.top, .bottom]
    }
}

// https://developer.apple.com/documentation/swiftui/edgeinsets
// Equatable, Animatable, Sendable (not Hashable).
@frozen public struct EdgeInsets: Equatable, Animatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/edgeinsets/top (and leading, bottom, trailing)
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    // https://developer.apple.com/documentation/swiftui/edgeinsets/init(top:leading:bottom:trailing:)
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    // https://developer.apple.com/documentation/swiftui/edgeinsets/init()
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

// https://developer.apple.com/documentation/swiftui/alignment
@frozen public struct Alignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/alignment/center
    public static let center = Alignment()
}

// https://developer.apple.com/documentation/swiftui/horizontalalignment
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
    public static let leading = HorizontalAlignment()
}

// https://developer.apple.com/documentation/swiftui/path
@frozen public struct Path: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/path/init()
    public init() {}
}

// https://developer.apple.com/documentation/swiftui/shape
// `protocol Shape : Sendable, Animatable, View`; `path(in:)` is nonisolated.
public protocol Shape: Sendable, Animatable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

// https://developer.apple.com/documentation/swiftui/insettableshape
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    nonisolated func inset(by amount: CGFloat) -> InsetShape
}

extension Shape {
    // https://developer.apple.com/documentation/swiftui/shape/fill(_:style:)
    // The iOS 13 form (`some View`); iOS 17 adds one returning `_ShapeView`.
    nonisolated public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View {
        ModifiedContent<Self, Never>()
    }
}

extension InsettableShape {
    // https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(_:style:antialiased:)
    // The iOS 13 form (`some View`); iOS 17 adds one returning `StrokeBorderShapeView`.
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View {
        ModifiedContent<Self, Never>()
    }
    // https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(_:linewidth:antialiased:)
    // The iOS 13 form (`some View`).
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        ModifiedContent<Self, Never>()
    }
}

// https://developer.apple.com/documentation/swiftui/roundedcornerstyle
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

// https://developer.apple.com/documentation/swiftui/roundedrectangle
@frozen public struct RoundedRectangle: InsettableShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    // https://developer.apple.com/documentation/swiftui/roundedrectangle/init(cornerradius:style:)
    nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    nonisolated public func inset(by amount: CGFloat) -> RoundedRectangle { self }
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/defaultglasseffectshape
@available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
public struct DefaultGlassEffectShape: Shape {
    nonisolated public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/glass
// iOS 26, macOS 26, tvOS 26, watchOS 26.
@available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, *)
public struct Glass: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/glass/regular
    public static var regular: Glass { Glass() }
}

// https://developer.apple.com/documentation/swiftui/fillstyle
@frozen public struct FillStyle: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/fillstyle/init(eofill:antialiased:)
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

#if canImport(QuartzCore)
// SwiftUI re-exports Core Graphics (`CGFloat`, `CGLineCap`, …), whose types the stand-ins
// declare in QuartzCore where Core Animation exists (UIKit and AppKit, which SwiftUI re-exports
// there, re-export it too).
@_exported import QuartzCore
#else
// Core Graphics' line cap and join, which `StrokeStyle` takes. watchOS has Core Graphics but no
// Core Animation: the stand-ins declare these here for it, and in QuartzCore elsewhere.
// https://developer.apple.com/documentation/coregraphics/cglinecap
public enum CGLineCap: Int32, Sendable { case butt, round, square }
// https://developer.apple.com/documentation/coregraphics/cglinejoin
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
#endif

// https://developer.apple.com/documentation/swiftui/strokestyle
@frozen public struct StrokeStyle: Equatable, Animatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/strokestyle/init(linewidth:linecap:linejoin:miterlimit:dash:dashphase:)
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) {}
}

// https://developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    public var body: Never { fatalError() }
}

extension ForEach where Content: View {
    // https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    // https://developer.apple.com/documentation/swiftui/foreach (its `init(_:content:)` where
    // `Content: View`; the page of that name without a suffix is MapKit's form)
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

// https://developer.apple.com/documentation/swiftui/vstack
@frozen public struct VStack<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

extension HorizontalAlignment {
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/center
    public static let center = HorizontalAlignment()
}

// https://developer.apple.com/documentation/swiftui/scrollview
public struct ScrollView<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/scrollview/init(_:content:)
    // (`init(_:showsIndicators:content:)` is deprecated in the 27 releases.)
    nonisolated public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/axis
@frozen public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical
    // https://developer.apple.com/documentation/swiftui/axis/set
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

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
// The type: iOS 15, macOS 12, tvOS 15, watchOS 8 (SwiftUICore.swiftinterface of the iOS 18.6 SDK).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct Material: ShapeStyle, Sendable {
    public func resolve(in environment: EnvironmentValues) -> Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/material/ultrathin (and thin, regular,
// thick, ultraThick): iOS 15, macOS 12, tvOS 15, watchOS 10.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 10.0, *)
extension Material {
    public static let ultraThin = Material(), thin = Material(), regular = Material(), thick = Material()
    public static let ultraThick = Material()
}

// https://developer.apple.com/documentation/swiftui/material/bar: iOS 15, macOS 12; unavailable
// on tvOS and watchOS, as the SDK's interface marks it.
@available(iOS 15.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension Material {
    public static let bar = Material()
}

// https://developer.apple.com/documentation/swiftui/layout
public protocol Layout: Animatable {}

// https://developer.apple.com/documentation/swiftui/animatable
public protocol Animatable {}
