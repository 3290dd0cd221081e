import Tessera

/// The type Style Dictionary gives a token written without one: its category, the first name of
/// its path, as the `attribute/cti` transform names it (category, type, item) and as its
/// built-in transforms match it (`color/*` on the category `color`, `size/*` on `size`,
/// `time/seconds` on `time`, `content/*` on `content`, `asset/*` on `asset`).
///
/// The units its transforms assume are written in: a size without a unit is in rem (`size/rem`
/// writes `1rem` for the web; `size/swift/remToCGFloat` writes `16` points for iOS; Android's
/// `size/remToDp` and `size/remToSp` write `16dp` and `16sp`), a time without one in
/// milliseconds (`time/seconds` divides by 1000). A size written with its unit (`"16px"`) keeps it.
enum StyleDictionaryCategory {
    /// The token with the type and the value its category gives it, when it has no type and
    /// its category is one Style Dictionary's transforms read; else the token as it is.
    static func typed(_ token: TokensStudioReader.StudioToken) -> TokensStudioReader.StudioToken {
        guard token.type == nil, let category = token.path.first, let reading = reading(of: category) else { return token }
        var typed = token
        typed.type = reading.type
        if let unit = reading.unitless, let number = bareNumber(token.value) {
            typed.value = JSONValue(.string(number + unit), offset: token.value.offset)
        }
        typed.kind = StudioKind.of(reading.type, value: typed.value)
        return typed
    }

    /// The type a category gives, and the unit a bare number of it is in.
    static func reading(of category: String) -> (type: String, unitless: String?)? {
        switch category {
        case "color": ("color", nil)
        case "size": ("dimension", "rem")
        case "time": ("duration", "ms")
        case "content", "asset": ("string", nil)
        default: nil
        }
    }

    /// The text of a number written as a JSON number or as a string holding only one
    /// (`1`, `"0.75"`), as JavaScript's `parseFloat` reads the whole string.
    static func bareNumber(_ value: JSONValue) -> String? {
        if let number = value.number { return StudioMath.format(number) }
        guard let text = value.string?.studioTrimmed(), let number = StudioMath.javaScriptNumber(text) else { return nil }
        return StudioMath.format(number)
    }
}
