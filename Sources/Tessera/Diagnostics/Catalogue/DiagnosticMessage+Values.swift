// The catalogue: references and values (the types of the 2025.10 format module).

extension DiagnosticMessage {
    // MARK: References

    static func unknownReference(_ reference: String, path: String) -> Self {
        Self(.referenceUnknown, .error, "unknown reference '\(reference)': no token '\(path)'")
    }

    static func referenceToGroup(_ reference: String) -> Self {
        Self(.referenceToGroup, .error, "reference '\(reference)' names a group, not a token")
    }

    /// `names` is the cycle from its first member back to it.
    static func referenceCycle(_ names: [String]) -> Self {
        Self(.referenceCycle, .error, "circular reference: " + names.map { "'\($0)'" }.joined(separator: " → "))
    }

    static func malformedReference(_ text: String) -> Self {
        Self(.referenceSyntax, .error,
            "malformed reference '\(text)': names between '{' and '}' must be non-empty and separated by single dots")
    }

    static func pointerToTokenObject(_ pointer: String) -> Self {
        Self(.pointerToTokenObject, .warning,
            "'$ref' pointer '\(pointer)' names a token object; a reference to its value points at '\(pointer)/$value'")
    }

    static func unclosedReference(_ text: String, fixed: String) -> Self {
        Self(.referenceSyntax, .error, "reference '\(text)' is not closed: write '\(fixed)'")
    }

    static let refNotAString = Self(
        .referenceSyntax, .error, "'$ref' must be a string holding a JSON pointer such as \"#/color/blue\"")

    static func refNotAPointer(_ pointer: String) -> Self {
        Self(.referenceSyntax, .error,
            "'$ref' value '\(pointer)' is not a JSON pointer into this document (it must start with '#/')")
    }

    static func pointerLeadsNowhere(_ pointer: String, token path: String, tail: String) -> Self {
        Self(.pointerUnresolved, .error,
            "JSON pointer '\(pointer)' leads nowhere: token '\(path)' has no '\(tail)' in its value")
    }

    static func deprecatedReference(from path: String, to target: String, reason: String?) -> Self {
        Self(.deprecatedReference, .warning,
            "'\(path)' references deprecated token '\(target)'" + (reason.map { ": \($0)" } ?? ""))
    }

    // MARK: Legacy notations (warnings; errors under `strict`)

    static func legacyColorString(_ text: String, readAs color: TokenColor) -> Self {
        Self(.colorLegacy, .warning, "color written as the string '\(text)'; 2025.10 uses \(color.dtcgJSONText)")
    }

    static func shortHex(_ text: String, readAs long: String) -> Self {
        Self(.shortHexLegacy, .warning, "'hex' must have 6 digits; '\(text)' is read as '\(long)'")
    }

    static let bareZeroDimension = Self(
        .dimensionUnitLegacy, .warning, "a dimension needs a unit; the bare number 0 is read as '0px'")

    static func legacyUnit(_ unit: String) -> Self {
        Self(.dimensionUnitLegacy, .warning, "unit '\(unit)' is not a 2025.10 unit; it is read as 'px'")
    }

    static let zeroWithoutUnit = Self(
        .dimensionUnitLegacy, .warning, "a dimension needs a unit; 0 with no unit is read as '0px'")
    static let emUnit = Self(
        .dimensionUnitLegacy, .warning, "unit 'em' is not a 2025.10 unit; it is kept as a multiple of the font size")

    /// A dimension or duration written as a string such as "4px" or "200ms".
    static func legacyStringValue(_ type: TokenType, _ text: String, value: Double, unit: String) -> Self {
        Self(type == .duration ? .durationLegacy : .dimensionLegacy, .warning,
            "\(type.rawValue) written as the string '\(text)'; 2025.10 uses \(ValueParser.measureJSON(value, unit))")
    }

    // MARK: Invalid values

    static func invalidColorString(_ text: String) -> Self {
        let object = "{\"colorSpace\": \"srgb\", \"components\": [1, 0, 0]}"
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            let digits = trimmed.dropFirst()
            let problem = digits.allSatisfy(\.isHexDigit)
                ? "it has \(digits.count) hex digit\(digits.count == 1 ? "" : "s")"
                : "'\(digits.first { !$0.isHexDigit }.map(String.init) ?? "")' is not a hex digit"
            return Self(.valueInvalid, .error, "invalid color '\(text)': a hex color is '#' and 3, 4, 6 or 8 hex digits "
                + "(#rgb, #rgba, #rrggbb, #rrggbbaa), and \(problem); in 2025.10, write an object such as \(object)")
        }
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isLetter }) {
            return Self(.valueInvalid, .error, "invalid color '\(text)': color names are not colors in 2025.10, nor among the legacy "
                + "notations read (#rrggbb, rgb(), hsl()); write the color the name means as an object such as \(object)")
        }
        return Self(.valueInvalid, .error, "invalid color '\(text)': use an object such as \(object)")
    }

    static func unknownColorSpace(_ name: String) -> Self {
        Self(.valueInvalid, .error, "unknown color space '\(name)'")
    }

    static func componentsNotThreeNumbers(_ space: ColorSpace) -> Self {
        Self(.valueInvalid, .error, "'components' of a \(space.rawValue) color must be an array of 3 numbers")
    }

    static func invalidHex(_ text: String) -> Self {
        Self(.valueInvalid, .error, "'hex' must be 6-digit CSS hex such as '#ff00aa', found '\(text)'")
    }

    static func invalidStringValue(_ type: TokenType, _ text: String, example: String, units: String) -> Self {
        Self(.valueInvalid, .error, "invalid \(type.rawValue) '\(text)': use an object such as \(example) with unit \(units)")
    }

    static func unknownUnit(_ type: TokenType, _ unit: String, units: String) -> Self {
        Self(.valueInvalid, .error, "unknown \(type.rawValue) unit '\(unit)'; use \(units)")
    }

    static let emptyFontName = Self(.valueInvalid, .error, "a font name cannot be empty")

    static func invalidFontFamily(found kind: String) -> Self {
        Self(.valueInvalid, .error, "a fontFamily value must be a non-empty string or array of strings, found \(kind)")
    }

    package static func unknownFontWeight(_ name: String) -> Self {
        Self(.valueInvalid, .error, "unknown font weight '\(name)'")
    }

    static func invalidFontWeight(found kind: String) -> Self {
        Self(.valueInvalid, .error, "a fontWeight value must be a number or a weight name, found \(kind)")
    }

    static let invalidCubicBezier = Self(
        .valueInvalid, .error, "a cubicBezier value must be an array of four numbers [x1, y1, x2, y2]")

    static func unknownStrokeStyle(_ keyword: String) -> Self {
        Self(.valueInvalid, .error, "unknown stroke style '\(keyword)'")
    }

    static let invalidDashArray = Self(.valueInvalid, .error, "'dashArray' must be a non-empty array of dimensions")

    static func unknownLineCap(_ cap: String) -> Self {
        Self(.valueInvalid, .error, "unknown line cap '\(cap)'; use 'round', 'butt' or 'square'")
    }

    static let emptyShadowList = Self(.valueInvalid, .error, "a shadow list needs at least one shadow")
    static let invalidInset = Self(.valueInvalid, .error, "'inset' must be true or false")
    static let invalidGradient = Self(
        .valueInvalid, .error, "a gradient value must be a non-empty array of stops {\"color\", \"position\"}")

    static func notAString(found kind: String) -> Self {
        Self(.valueInvalid, .error, "a string value must be a JSON string, found \(kind)")
    }

    static func notABoolean(found kind: String) -> Self {
        Self(.valueInvalid, .error, "a boolean value must be true or false, found \(kind)")
    }

    /// `what` names the value or member, such as "a number value" or "'position'".
    static func expectedNumber(_ what: String, found kind: String) -> Self {
        Self(.valueInvalid, .error, "\(what) must be a number, found \(kind)")
    }

    static func expectedString(_ what: String, found kind: String) -> Self {
        Self(.valueInvalid, .error, "\(what) must be a string, found \(kind)")
    }

    static func expectedObject(_ type: TokenType, members: [String], found kind: String) -> Self {
        Self(.valueInvalid, .error,
            "a \(type.rawValue) value must be an object with \(members.map { "'\($0)'" }.joined(separator: ", ")), found \(kind)")
    }

    static func missingMembers(_ type: TokenType, _ missing: [String]) -> Self {
        Self(.valueInvalid, .error, "a \(type.rawValue) value is missing \(missing.map { "'\($0)'" }.joined(separator: ", "))")
    }

    static func unknownValueProperty(_ name: String, in type: TokenType) -> Self {
        Self(.unknownValueProperty, .warning, "unknown property '\(name)' in a \(type.rawValue) value; it is ignored")
    }

    /// `absent` holds "letterSpacing" and/or "lineHeight".
    static func typographyIncomplete(missing absent: [String]) -> Self {
        let consequences = absent.map { $0 == "letterSpacing" ? "letter spacing is taken as 0px" : "the font's own line height is used" }
        return Self(.typographyIncomplete, .warning,
            "a typography value should have \(absent.map { "'\($0)'" }.joined(separator: " and ")); "
                + consequences.joined(separator: " and "))
    }

    // MARK: Out of range

    static func colorComponentOutOfRange(_ name: String, _ value: Double, space: ColorSpace, range: String) -> Self {
        Self(.valueOutOfRange, .error,
            "\(name) component \(NumberFormatting.shortest(value)) of a \(space.rawValue) color is out of range (\(range))")
    }

    static func alphaOutOfRange(_ value: Double) -> Self {
        Self(.valueOutOfRange, .error, "alpha \(NumberFormatting.shortest(value)) is out of range (0 to 1)")
    }

    package static func fontWeightOutOfRange(_ value: Double) -> Self {
        Self(.valueOutOfRange, .error, "font weight \(NumberFormatting.shortest(value)) is outside 1 to 1000")
    }

    static func cubicBezierXOutOfRange(_ index: Int, _ value: Double) -> Self {
        Self(.valueOutOfRange, .error, "cubicBezier x\(index) must be between 0 and 1, found \(NumberFormatting.shortest(value))")
    }

    static let negativeBlur = Self(.negativeBlur, .warning, "a negative shadow blur is drawn as no blur")

    static func hexContradictsComponents(_ hex: String, expected: String) -> Self {
        Self(.hexMismatch, .warning,
            "'hex' fallback '\(hex)' is another color than the components, which are '\(expected)' in sRGB")
    }

    package static func unknownTextCase(_ found: String) -> Self {
        Self(.unknownTextCase, .error,
            "unknown text case \(found); use " + TextCase.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
    }

    static func negativeDuration(_ value: Double, unit: String) -> Self {
        Self(.valueOutOfRange, .warning, "a duration is how long an animation takes, and \(NumberFormatting.shortest(value))\(unit) "
            + "is negative: CSS's transition-duration and Apple's animation durations cannot be, so outputs write a duration "
            + "their platforms refuse; use a positive duration (a negative start belongs in a transition's delay)")
    }
}
