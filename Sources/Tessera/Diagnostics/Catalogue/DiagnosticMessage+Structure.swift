// The catalogue: files, the shape of token documents (format module), names, types, merges,
// `$extends` and queries.

extension DiagnosticMessage {
    // MARK: Files

    package static func noSuchFile(_ path: String) -> Self {
        Self(.fileUnreadable, .error, "no such file or directory '\(path)'")
    }

    static func unreadableFile(_ path: String) -> Self {
        Self(.fileUnreadable, .error, "cannot read '\(path)'")
    }

    static func fileTooLarge(_ path: String, limit: Int) -> Self {
        Self(.fileTooLarge, .error, "'\(path)' is larger than \(limit >> 20) MiB, the most a token file may hold; it is not read")
    }

    /// An open token file that the workspace's system (its `tessera.yml` or resolver) does not
    /// read: its tokens are not checked, and an editor must not show it as free of problems.
    package static func outsideSystem(_ system: String) -> Self {
        Self(.fileOutsideSystem, .warning,
            "this file is not read by the workspace's system (\(system)): its tokens are not checked; list it in its sources to check it")
    }

    /// An open token file of a workspace whose `tessera.yml` has an error: nothing is checked
    /// until it is fixed, as `tessera validate --config` checks nothing.
    package static func notCheckedWhileRefused(_ configuration: String) -> Self {
        Self(.fileOutsideSystem, .warning,
            "this file's tokens are not checked: the workspace's \(configuration) has an error; fix it to check them")
    }

    /// A check that read no token at all: an empty success would let a job guarding the tokens
    /// pass with every token gone.
    package static func noTokensRead(_ found: String) -> Self {
        Self(.fileNoTokens, .error, "no token was read: \(found)")
    }

    static func noTokenFiles(inDirectory path: String) -> Self {
        Self(.fileNoTokens, .error, "directory '\(path)' holds no token files (.tokens, .tokens.json, .json, .jsonc)")
    }

    /// A document that describes a whole system (a resolver) given among token files.
    static func systemAmongTokenFiles(_ path: String, format: String) -> Self {
        Self(.fileKindMismatch, .error,
            "'\(path)' is a \(format) document, which describes a whole token system; it cannot be merged with token files")
    }

    /// Which importer reads a path (the location) and the evidence (`--explain-format`).
    static func formatChosen(importer: String?, reason: String) -> Self {
        Self(.formatChosen, .note, importer.map { "read as \($0): \(reason)" } ?? "read by no importer: \(reason)")
    }

    static func noImporter(for path: String) -> Self {
        Self(.fileKindMismatch, .error, "no importer reads '\(path)'")
    }

    // MARK: Shape

    static func rootNotObject(found kind: String) -> Self {
        Self(.rootNotObject, .error, "a token file must hold a JSON object, found \(kind)")
    }

    static func notAGroupOrToken(_ path: String) -> Self {
        Self(.notAGroupOrToken, .warning, "'\(path)' is not an object, so neither a token nor a group; it is ignored")
    }

    /// A file none of whose entries is a token or a group: one diagnostic for them all, naming
    /// what the file looks like instead.
    static func noEntryIsATokenOrGroup(_ count: Int, file: String, likely: String) -> Self {
        Self(.notAGroupOrToken, .warning,
            "none of the \(count) entries of '\(file)' is a token or a group (no object with a $value): \(likely); they are ignored")
    }

    static func unknownTokenProperty(_ name: String, token path: String) -> Self {
        Self(.unknownProperty, .warning, "unknown property '\(name)' on token '\(path)'; it is ignored")
    }

    static func misspeltProperty(_ name: String, meant: String) -> Self {
        Self(.misspeltProperty, .error, "unknown property '\(name)': did you mean '\(meant)'?")
    }

    static func unknownGroupProperty(_ name: String) -> Self {
        Self(.unknownProperty, .warning, "unknown property '\(name)' on group; it is ignored")
    }

    static func valueWithChildren(token path: String, child: String) -> Self {
        Self(.valueWithChildren, .error,
            "token '\(path)' has a '$value' and also a child '\(child)'; a token cannot contain tokens or groups")
    }

    static func valueAndRef(token path: String) -> Self {
        Self(.valueAndRef, .error, "token '\(path)' has both '$value' and '$ref'; a token takes exactly one of them")
    }

    static func invalidDescription(found kind: String) -> Self {
        Self(.invalidDescription, .error, "'$description' must be a string, found \(kind)")
    }

    static func invalidDeprecated(found kind: String) -> Self {
        Self(.invalidDeprecated, .error, "'$deprecated' must be a boolean or a string, found \(kind)")
    }

    static func invalidExtensions(found kind: String) -> Self {
        Self(.invalidExtensions, .error, "'$extensions' must be an object, found \(kind)")
    }

    // MARK: Names

    static func invalidName(_ name: String, _ problem: String) -> Self {
        Self(.invalidName, .error, "invalid name '\(name)': \(problem)")
    }

    static func equivalentNames(_ name: String, _ other: String) -> Self {
        let scalars = { @Sendable (name: String) in
            name.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
        }
        return Self(.nameEquivalent, .warning,
            "'\(name)' looks the same as '\(other)' but is written with other code points (\(scalars(name)) and \(scalars(other))); "
                + "they are two different names")
    }

    // MARK: Types

    static func invalidType(found kind: String) -> Self {
        Self(.invalidType, .error, "'$type' must be a string, found \(kind)")
    }

    /// An unknown type close to a known one (`colour`, `Border`): a typo, whose tokens would
    /// silently be skipped.
    static func misspeltType(_ name: String, meant: String) -> Self {
        Self(.misspeltType, .error, "unknown type '\(name)'; did you mean '\(meant)'?")
    }

    package static func unknownType(_ name: String) -> Self {
        Self(.unknownType, .warning, "unknown type '\(name)'; tokens of this type are skipped")
    }

    static func missingType(token path: String) -> Self {
        Self(.missingType, .error,
            "token '\(path)' has no type: it sets no '$type', is not an alias, and no enclosing group sets one")
    }

    /// A token whose `$type` differs from the type of the token its whole value aliases.
    static func aliasTypeMismatch(token path: String, type: TokenType, alias: String, aliasType: TokenType) -> Self {
        Self(.typeMismatch, .error,
            "token '\(path)' has type '\(type.rawValue)' but '\(alias)' is a \(aliasType.rawValue)")
    }

    /// A token without `$type` whose group's type differs from its alias target's, which 2025.10
    /// gives it.
    static func aliasTypeOverridesGroup(token path: String, groupType: TokenType, alias: String, aliasType: TokenType) -> Self {
        Self(.typeGroupOverridden, .warning,
            "token '\(path)' is in a group of type '\(groupType.rawValue)' but aliases '\(alias)', a \(aliasType.rawValue); "
                + "2025.10 gives an alias its target's type, so it is a \(aliasType.rawValue): alias a \(groupType.rawValue), "
                + "or give the token \"$type\": \"\(aliasType.rawValue)\" if a \(aliasType.rawValue) is meant")
    }

    /// A typed value (given by an importer) of another type than its token's.
    static func valueTypeMismatch(token path: String, type: TokenType, valueType: TokenType) -> Self {
        Self(.typeMismatch, .error, "token '\(path)' has type '\(type.rawValue)' but its value is a \(valueType.rawValue)")
    }

    static func referenceTypeMismatch(_ reference: String, is type: TokenType, expected: TokenType) -> Self {
        Self(.typeMismatch, .error, "'\(reference)' is a \(type.rawValue), but a \(expected.rawValue) is expected here")
    }

    static func referenceToUnsupportedType(_ reference: String, type: String) -> Self {
        Self(.typeMismatch, .error, "'\(reference)' names a token of unsupported type '\(type)'")
    }

    // MARK: Merging

    static func mergeConflict(token path: String) -> Self {
        Self(.mergeConflict, .error, "token '\(path)' is defined again with a different value; the later definition wins")
    }

    // MARK: $extends

    static func extendsNotAString(_ property: String, found kind: String) -> Self {
        Self(.extendsInvalid, .error, "'\(property)' must be a string such as \"{group.name}\", found \(kind)")
    }

    static func extendsNotAReference(_ text: String) -> Self {
        Self(.extendsInvalid, .error, "'$extends' must name a group as \"{group.name}\" or \"#/group/name\", found '\(text)'")
    }

    static func extendsToken(_ target: String) -> Self {
        Self(.extendsNotGroup, .error, "'$extends' target '\(target)' is a token; only groups can be extended")
    }

    static func extendsUnknownGroup(_ target: String) -> Self {
        Self(.referenceUnknown, .error, "'$extends' names unknown group '\(target)'")
    }

    static func extendsEnclosingGroup(_ path: String, target: String) -> Self {
        Self(.extendsCycle, .error,
            "group '\(path)' extends '\(target)', which contains it: the extension would include itself")
    }

    static func extendsTooLarge(_ path: String, limit: Int) -> Self {
        Self(.extendsTooLarge, .error,
            "'$extends' of group '\(path)' would take the tokens copied by extension past \(limit); this group and the ones after it are not expanded")
    }

    /// `names` is the cycle from its first member back to it.
    static func extendsCycle(_ names: [String]) -> Self {
        Self(.extendsCycle, .error, "circular '$extends': " + names.joined(separator: " → "))
    }

    // MARK: Queries

    package static func noTokenOrGroup(_ path: String) -> Self {
        Self(.tokenNotFound, .error, "no token or group '\(path)'")
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
