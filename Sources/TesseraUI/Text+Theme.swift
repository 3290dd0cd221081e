// Text set as a typography token says: its font, letter spacing, line height and case.
import Foundation
import TesseraModel
import TesseraRuntime

#if canImport(SwiftUI)
import SwiftUI

extension Text {
    /// `text` in a typography token's case and font (scaled with Dynamic Type at
    /// `dynamicTypeSize`), with its letter spacing. SwiftUI has no exact line height: set
    /// `.lineSpacing(_:)` to the token's line height minus the font's own where it matters.
    public init(_ text: String, themeFont font: ThemeFont, dynamicTypeSize: DynamicTypeSize = .large, locale: Locale = .current) {
        self = Text(font.cased(text, locale: locale)).font(.theme(font, dynamicTypeSize: dynamicTypeSize)).tracking(font.kern)
    }
}
#endif

#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

extension NSAttributedString {
    /// `text` in a typography token's case, font, letter spacing (`kern`) and line height (a
    /// paragraph style whose minimum and maximum line heights are the token's, scaled with the
    /// font on UIKit).
    public convenience init(_ text: String, themeFont font: ThemeFont, locale: Locale = .current) {
        var attributes: [NSAttributedString.Key: Any] = [.kern: font.kern]
        #if canImport(UIKit)
        attributes[.font] = UIFont.theme(font)
        let lineHeight = font.designLineHeight.map { value in
            font.relativeTo.map { UIFontMetrics(forTextStyle: UIFont.TextStyle($0)).scaledValue(for: value) } ?? value
        }
        #else
        attributes[.font] = NSFont.theme(font)
        let lineHeight = font.designLineHeight
        #endif
        if let lineHeight {
            let paragraph = NSMutableParagraphStyle()
            paragraph.minimumLineHeight = lineHeight
            paragraph.maximumLineHeight = lineHeight
            attributes[.paragraphStyle] = paragraph
        }
        self.init(string: font.cased(text, locale: locale), attributes: attributes)
    }
}
#endif
