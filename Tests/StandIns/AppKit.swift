// A stand-in for AppKit (macOS only): exactly the declarations the adapters and the generated
// Swift use, each as Apple's page documents it, so that they type-check on a machine without
// AppKit. Nothing here runs. Built only for the macOS check, where `canImport(AppKit)` is true.
@_exported import Foundation
@_exported import QuartzCore

// https://developer.apple.com/documentation/appkit/nsappearance
open class NSAppearance: @unchecked Sendable {
    // https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct
    public struct Name: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct/aqua
        public static let aqua = Name(rawValue: "NSAppearanceNameAqua")
        // https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct/darkaqua
        public static let darkAqua = Name(rawValue: "NSAppearanceNameDarkAqua")
        // https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct/accessibilityhighcontrastaqua
        public static let accessibilityHighContrastAqua = Name(rawValue: "NSAppearanceNameAccessibilityAqua")
        // https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct/accessibilityhighcontrastdarkaqua
        public static let accessibilityHighContrastDarkAqua = Name(rawValue: "NSAppearanceNameAccessibilityDarkAqua")
    }

    // https://developer.apple.com/documentation/appkit/nsappearance/name-swift.property
    open var name: NSAppearance.Name { .aqua }

    // https://developer.apple.com/documentation/appkit/nsappearance/bestmatch(from:)
    open func bestMatch(from appearances: [NSAppearance.Name]) -> NSAppearance.Name? { nil }
}

// https://developer.apple.com/documentation/appkit/nscolor
open class NSColor: @unchecked Sendable {
    // https://developer.apple.com/documentation/appkit/nscolor/name-swift.typealias
    public typealias Name = String

    // https://developer.apple.com/documentation/appkit/nscolor/init(srgbred:green:blue:alpha:)
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha alphaValue: CGFloat) {}

    // https://developer.apple.com/documentation/appkit/nscolor/init(displayp3red:green:blue:alpha:)
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha alphaValue: CGFloat) {}

    // https://developer.apple.com/documentation/appkit/nscolor/cgcolor
    open var cgColor: CGColor { fatalError() }

    // https://developer.apple.com/documentation/appkit/nscolor/init(name:dynamicprovider:)
    // macOS 10.15.
    @available(macOS 10.15, *)
    public init(name colorName: NSColor.Name?, dynamicProvider: @escaping (NSAppearance) -> NSColor) {}
}

// https://developer.apple.com/documentation/appkit/nsfontdescriptor
open class NSFontDescriptor: @unchecked Sendable {
    // https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign
    public struct SystemDesign: Hashable, Sendable {
        public static let `default` = SystemDesign(), rounded = SystemDesign(), serif = SystemDesign()
        public static let monospaced = SystemDesign()
    }

    // https://developer.apple.com/documentation/appkit/nsfontdescriptor/withdesign(_:)
    @available(macOS 10.15, *)
    open func withDesign(_ design: NSFontDescriptor.SystemDesign) -> NSFontDescriptor? { nil }
}

// https://developer.apple.com/documentation/appkit/nsfont
open class NSFont: @unchecked Sendable {
    // https://developer.apple.com/documentation/appkit/nsfont/weight
    public struct Weight: Hashable, Sendable {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight(), medium = Weight()
        public static let semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }

    // https://developer.apple.com/documentation/appkit/nsfont/init(name:size:)
    public init?(name fontName: String, size fontSize: CGFloat) {}

    // https://developer.apple.com/documentation/appkit/nsfont/init(descriptor:size:)
    public init?(descriptor fontDescriptor: NSFontDescriptor, size fontSize: CGFloat) {}

    // https://developer.apple.com/documentation/appkit/nsfont/fontdescriptor
    open var fontDescriptor: NSFontDescriptor { NSFontDescriptor() }

    // https://developer.apple.com/documentation/appkit/nsfont/systemfont(ofsize:weight:)
    open class func systemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont { fatalError() }
}

// https://developer.apple.com/documentation/appkit/nsparagraphstyle
open class NSParagraphStyle: @unchecked Sendable {
    public init() {}
}

// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    // https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/minimumlineheight
    open var minimumLineHeight: CGFloat = 0
    // https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/maximumlineheight
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
