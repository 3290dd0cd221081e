extension Int {
    /// The product, or `Int.max` where it would overflow: counts of permutations multiply
    /// past any integer long before anything could enumerate them.
    package func saturatingMultiplied(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
