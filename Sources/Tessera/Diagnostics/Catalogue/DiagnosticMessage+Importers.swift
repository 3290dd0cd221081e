// Formats other than DTCG, read by importers.
extension DiagnosticMessage {
    static func textStylesRootNotObject(found kind: String) -> Self {
        Self(.textStyleInvalid, .error, "a text styles file must be an object with a 'textStyles' array, found \(kind)")
    }

    static let textStylesMissing = Self(.textStyleInvalid, .error, "the text styles file has no 'textStyles' array")

    static func textStylesNotArray(found kind: String) -> Self {
        Self(.textStyleInvalid, .error, "'textStyles' must be an array of styles, found \(kind)")
    }

    static func textStyleNotObject(found kind: String) -> Self {
        Self(.textStyleInvalid, .error, "a text style must be an object, found \(kind)")
    }

    static func textStyleMissingMember(_ key: String) -> Self {
        Self(.textStyleInvalid, .error, "a text style needs '\(key)'")
    }

    static func textStyleMember(_ key: String, expected: String, found: String) -> Self {
        Self(.textStyleInvalid, .error, "'\(key)' of a text style must be \(expected), found \(found)")
    }

    static func textStyleUnknownMember(_ key: String, in what: String) -> Self {
        Self(.textStyleUnknownMember, .warning, "'\(key)' is not a member of \(what); it is ignored")
    }

    static func textStyleRedefined(_ name: String, earlier: Int) -> Self {
        Self(.textStyleRedefined, .warning, "text style '\(name)' is defined again (first at index \(earlier)); this one is kept")
    }
}
