/// Values Tokens Studio and its transforms keep as written, though Tessera cannot read them as
/// their token's type: CSS the plugin does not evaluate (its math evaluator gives such text
/// back unchanged) and the transforms pass through to the CSS they write.
enum StudioCSS {
    /// CSS-wide and layout keywords written as values (`auto`, `normal`, `none`, `inherit`…).
    static let keywords: Set<String> = ["auto", "normal", "none", "inherit", "initial", "unset", "revert", "fit-content", "max-content",
        "min-content", "currentcolor"]

    /// CSS functions whose text the plugin keeps (`clamp()`, `calc()`…), and gradients.
    static let functions = ["clamp(", "calc(", "min(", "max(", "var(", "env(", "linear-gradient(", "radial-gradient(", "conic-gradient(",
        "repeating-linear-gradient(", "repeating-radial-gradient("]

    /// Whether `text` is such a value: empty, a keyword, a lone percentage (`50%`), or one of
    /// those functions (a `;` after it, as CSS is copied, allowed); math (`{a} * 2`) and
    /// malformed values (`#12345`) are not.
    static func isKeptAsWritten(_ text: String) -> Bool {
        let trimmed = text.studioTrimmed().lowercased()
        // An empty value: a placeholder the plugin shows as it is.
        if trimmed.isEmpty || keywords.contains(trimmed) { return true }
        if trimmed.hasSuffix("%"), StudioMath.javaScriptNumber(String(trimmed.dropLast())) != nil { return true }
        let statement = trimmed.hasSuffix(";") ? String(trimmed.dropLast()).studioTrimmed() : trimmed
        return functions.contains { statement.hasPrefix($0) } && statement.hasSuffix(")")
    }

    /// Whether a token of `kind` written as `text` (a string, or an object's JSON as written) is
    /// kept as written where Tessera cannot read it: such a value; a composite with such a
    /// value inside (a fluid `clamp()` font size); or an object where a single value is meant
    /// (`{"min": …, "max": …}` on a dimension), which Tokens Studio stores as it is.
    static func keeps(_ text: String, as kind: StudioKind) -> Bool {
        if isKeptAsWritten(text) { return true }
        guard text.hasPrefix("{") || text.hasPrefix("[") else { return false }
        switch kind {
        case .typography, .shadow, .border, .gradient:
            let lower = text.lowercased()
            return functions.contains { lower.contains($0) }
        default:
            return true
        }
    }
}
