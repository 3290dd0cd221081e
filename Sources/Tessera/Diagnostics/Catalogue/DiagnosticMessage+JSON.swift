// The catalogue: problems with a file's JSON text (RFC 8259). All are errors but a repeated
// annotation, which loses nothing but wording.

extension DiagnosticMessage {
    static func unexpectedAfterValue(_ found: String) -> Self {
        Self(.jsonSyntax, .error, "unexpected \(found) after the JSON value")
    }

    static func expectedValue(found: String) -> Self {
        Self(.jsonSyntax, .error, "expected a value, found \(found)")
    }

    static let commentInJSON = Self(.jsonSyntax, .error, "comments are not allowed in JSON")
    static let unterminatedComment = Self(.jsonSyntax, .error, "unterminated comment")
    static let singleQuotedString = Self(.jsonSyntax, .error, "strings must use double quotes")
    static let unterminatedString = Self(.jsonSyntax, .error, "unterminated string")
    static let lineBreakInString = Self(
        .jsonSyntax, .error, "unterminated string: a line break cannot appear inside a string")
    static let unterminatedObjectKey = Self(.jsonSyntax, .error, "unterminated object: expected a key")

    static func expectedKey(found: String) -> Self {
        Self(.jsonSyntax, .error, "expected a double-quoted key, found \(found)")
    }

    static func expectedColon(afterKey key: String, found: String) -> Self {
        Self(.jsonSyntax, .error, "expected ':' after the key '\(key)', found \(found)")
    }

    /// `container` is "object" or "array", `closing` its closing bracket in quotes.
    static func unterminated(_ container: String, closing: String) -> Self {
        Self(.jsonSyntax, .error, "unterminated \(container): expected ',' or \(closing)")
    }

    static func expectedSeparator(closing: String, after what: String, found: String) -> Self {
        Self(.jsonSyntax, .error, "expected ',' or \(closing) after \(what), found \(found)")
    }

    /// `what` is "an object member" or "an array element".
    static func missingComma(after what: String) -> Self {
        Self(.jsonSyntax, .error, "expected ',' after \(what)")
    }

    /// A bracket missing before the end of the file, where the indentation says it belongs.
    static func missingClosing(_ container: String, closing: String, openedOnLine line: Int) -> Self {
        Self(.jsonSyntax, .error,
            "expected \(closing) to close the \(container) that opens on line \(line), by the indentation of what follows")
    }

    /// `encoding` is "UTF-16" or "UTF-32".
    static func wideEncoding(_ encoding: String) -> Self {
        Self(.jsonSyntax, .error, "file is encoded as \(encoding); JSON token files must be UTF-8")
    }

    static func trailingComma(before closing: String) -> Self {
        Self(.jsonSyntax, .error, "trailing comma before \(closing)")
    }

    /// `place` is "after '-'", "after the decimal point" or "in the exponent".
    static func expectedDigit(_ place: String) -> Self {
        Self(.jsonSyntax, .error, "expected a digit \(place)")
    }

    static let byteOrderMark = Self(
        .jsonByteOrderMark, .error, "file starts with a UTF-8 byte order mark, which JSON forbids")
    static let emptyJSON = Self(.jsonEmpty, .error, "file holds no JSON value")

    static func nestedTooDeep(limit: Int) -> Self {
        Self(.jsonTooDeep, .error, "arrays and objects are nested deeper than \(limit) levels")
    }

    static func duplicateKey(_ key: String) -> Self {
        Self(.jsonDuplicateKey, .error, "duplicate key '\(key)' in one object")
    }

    static func duplicateAnnotation(_ key: String) -> Self {
        Self(.jsonDuplicateAnnotation, .warning, "duplicate key '\(key)' in one object: the last one is kept")
    }

    static func unescapedControlCharacter(_ hex: String) -> Self {
        Self(.jsonControlCharacter, .error, "control character U+\(hex) must be escaped inside a string")
    }

    static let invalidUTF8 = Self(.jsonInvalidUTF8, .error, "string holds bytes that are not valid UTF-8")
    static let shortUnicodeEscape = Self(.jsonInvalidEscape, .error, "'\\u' must be followed by four hexadecimal digits")

    static func invalidEscape(_ shown: String) -> Self {
        Self(.jsonInvalidEscape, .error, "invalid escape '\\\(shown)' in a string")
    }

    static func loneHighSurrogate(_ hex: String) -> Self {
        Self(.jsonLoneSurrogate, .error, "high surrogate '\\u\(hex)' is not followed by a low surrogate")
    }

    static func loneLowSurrogate(_ hex: String) -> Self {
        Self(.jsonLoneSurrogate, .error, "low surrogate '\\u\(hex)' has no high surrogate before it")
    }

    static let leadingZeros = Self(.jsonInvalidNumber, .error, "numbers cannot have leading zeros")
    static let numberTooLarge = Self(.jsonNumberOutOfRange, .error, "number is too large to be represented")

    static func numberImprecise(_ written: String, held: String) -> Self {
        Self(.jsonNumberImprecise, .warning, "the integer \(written) is beyond 2^53, where a 64-bit float — what JSON readers, "
            + "Swift's Double and every output hold — cannot hold each integer: it is read as \(held); write a smaller number, "
            + "or a string if it is an identifier")
    }
}
