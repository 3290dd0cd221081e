extension String {
    /// The name reduced to compare with others written another way: lowercase, without `-`,
    /// `_` or spaces (`Semi-Bold`, `semi_bold` and `SemiBold` are one; so are `color-scheme` and
    /// `colorScheme`).
    package var squeezedName: String {
        lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
    }
}
