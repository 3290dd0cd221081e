import TesseraModel

/// Apple's text styles, the anchors Dynamic Type scales a text relative to.
public enum TextStyle: String, Sendable, Hashable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Reads Apple's names (`title1`, `caption1`), SwiftUI's (`title`, `caption`) and the
    /// spellings design tools write (`Title 1`, `title-1`, `large_title`, `subhead`).
    package init?(name: String) {
        let squeezed = name.lowercased().filter { $0.isLetter || $0.isNumber }
        switch squeezed {
        case "title", "title1": self = .title1
        case "caption", "caption1": self = .caption1
        case "subhead": self = .subheadline
        default:
            guard let style = Self.allCases.first(where: { $0.rawValue.lowercased() == squeezed }) else { return nil }
            self = style
        }
    }
}

/// The content size categories a person chooses in Settings, smallest first, with the
/// accessibility sizes last.
public enum TextSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The default category.
    public static let `default` = TextSizeCategory.large

    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Reads UIKit's names (`UICTContentSizeCategoryXL`, `extraLarge`), the short names (`xS`,
    /// `XXL`, `AX3`) and SwiftUI's `DynamicTypeSize` names (`xLarge`, `accessibility3`).
    public init?(name: String) {
        let squeezed = name.lowercased().replacingOccurrences(of: "uictcontentsizecategory", with: "")
            .filter { $0.isLetter || $0.isNumber }
        let short = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "accessibilitym", "accessibilityl", "accessibilityxl",
            "accessibilityxxl", "accessibilityxxxl"]
        let swiftUI = ["xsmall", "small", "medium", "large", "xlarge", "xxlarge", "xxxlarge", "accessibility1",
            "accessibility2", "accessibility3", "accessibility4", "accessibility5"]
        let ax = ["", "", "", "", "", "", "", "ax1", "ax2", "ax3", "ax4", "ax5"]
        for (index, category) in Self.allCases.enumerated()
        where squeezed == category.rawValue.lowercased() || squeezed == short[index] || squeezed == swiftUI[index]
            || (!ax[index].isEmpty && squeezed == ax[index])
        {
            self = category
            return
        }
        return nil
    }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Dynamic Type: the point size of each text style at each content size category on iOS, and
/// the scaling of a custom size relative to a text style.
///
/// The table is Apple's (iOS 13 and later, measured on a simulator and cross-checked against
/// several published copies); it is the one place to correct should Apple change it. On Apple
/// platforms the UI adapters scale with `UIFontMetrics`, which follows the same table.
package enum DynamicType {
    /// Point sizes, per text style, in `TextSizeCategory.allCases` order (xS … AX5).
    package static let pointSizes: [TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41],
    ]

    /// The leading (line height) of each text style at the default category, in points.
    package static let defaultLeading: [TextStyle: Double] = [
        .largeTitle: 41, .title1: 34, .title2: 28, .title3: 25, .headline: 22, .body: 22, .callout: 21,
        .subheadline: 20, .footnote: 18, .caption1: 16, .caption2: 13,
    ]

    /// The system's point size of `style` at `category`.
    package static func pointSize(of style: TextStyle, at category: TextSizeCategory) -> Double {
        pointSizes[style]![TextSizeCategory.allCases.firstIndex(of: category)!]
    }

    /// A size designed at the default category, scaled as `style` scales at `category`:
    /// `size × style(category) / style(large)`, as `UIFontMetrics.scaledValue(for:)` does.
    package static func scaled(_ size: Double, relativeTo style: TextStyle, at category: TextSizeCategory) -> Double {
        size * pointSize(of: style, at: category) / pointSize(of: style, at: .large)
    }
}
