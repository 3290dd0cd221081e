#if canImport(UIKit) || canImport(AppKit)
import Foundation
import TesseraModel
import TesseraRuntime

extension CGFloat {
    /// A dimension in points.
    public init(_ dimension: TokenDimension) { self.init(dimension.points) }
}
#endif
