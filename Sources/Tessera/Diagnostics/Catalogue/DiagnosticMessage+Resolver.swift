// The catalogue: resolver documents (the 2025.10 Resolver Module), inputs and permutations.

extension DiagnosticMessage {
    // MARK: The document

    static func resolverNotObject(found kind: String) -> Self {
        Self(.resolverInvalid, .error, "a resolver must be a JSON object, found \(kind)")
    }

    /// `what` names the holder, such as "a set" or "a modifier".
    static func resolverProperty(_ name: String, on what: String) -> Self {
        Self(.resolverInvalidProperty, .error, "\(what) cannot have a property '\(name)'")
    }

    static func resolverExpectedString(_ what: String, found kind: String) -> Self {
        Self(.resolverInvalid, .error, "\(what) must be a string, found \(kind)")
    }

    static let missingResolutionOrder = Self(.resolverInvalid, .error, "a resolver must have a 'resolutionOrder'")

    static func tierSettingsNotObject(found kind: String) -> Self {
        Self(.resolverInvalid, .error, "tier settings must be an object, found \(kind)")
    }

    static func unknownTier(_ written: String) -> Self {
        Self(.resolverInvalid, .error, "a tier is \"primitive\", \"semantic\" or \"component\", found \(written)")
    }

    static let unknownTierSeverity = Self(.resolverInvalid, .error, "'severity' is \"warning\", \"error\" or \"off\"")
    static let missingResolverVersion = Self(.resolverVersion, .error, "a resolver must declare \"version\": \"2025.10\"")

    static func unsupportedResolverVersion(_ written: String) -> Self {
        Self(.resolverVersion, .error, "unsupported resolver version \(written); this reads \"2025.10\"")
    }

    static func resolutionOrderNotArray(found kind: String) -> Self {
        Self(.resolverInvalid, .error, "'resolutionOrder' must be an array, found \(kind)")
    }

    static let emptyResolutionOrder = Self(.resolverInvalid, .error, "'resolutionOrder' must list at least one set or modifier")

    static func duplicateOrderName(_ name: String) -> Self {
        Self(.resolverDuplicateName, .error, "'\(name)' appears twice in 'resolutionOrder'")
    }

    static func orderItemNotObject(found kind: String) -> Self {
        Self(.resolverInvalid, .error, "an item of 'resolutionOrder' must be an object, found \(kind)")
    }

    static let resolverRefNotString = Self(.resolverInvalid, .error, "'$ref' must be a string")

    static func referenceIntoOrder(_ target: String) -> Self {
        Self(.resolverOrderReference, .error, "'\(target)' points into 'resolutionOrder', which nothing may reference")
    }

    static func noSuchSetOrModifier(_ target: String) -> Self {
        Self(.resolverReferenceUnresolved, .error, "'\(target)' names no set or modifier of this resolver")
    }

    static let inlineItemIncomplete = Self(
        .resolverInvalid, .error, "an inline item of 'resolutionOrder' needs a 'name' and a 'type'")
    static let inlineItemType = Self(
        .resolverInvalid, .error, "an inline item of 'resolutionOrder' needs \"type\": \"set\" or \"modifier\"")

    static func setNotObject(_ name: String, found kind: String) -> Self {
        Self(.resolverInvalid, .error, "set '\(name)' must be an object, found \(kind)")
    }

    static func unusedSet(_ name: String) -> Self {
        Self(.resolverUnusedSet, .warning, "set '\(name)' is not used: nothing in 'resolutionOrder' reaches it")
    }

    static func setWithoutSources(_ name: String) -> Self {
        Self(.resolverInvalid, .error, "set '\(name)' must have 'sources'")
    }

    static func modifierNotObject(_ name: String, found kind: String) -> Self {
        Self(.resolverInvalid, .error, "modifier '\(name)' must be an object, found \(kind)")
    }

    static func modifierWithoutContexts(_ name: String) -> Self {
        Self(.resolverInvalid, .error, "modifier '\(name)' must have a 'contexts' object")
    }

    static func modifierWithoutContext(_ name: String) -> Self {
        Self(.resolverContextCount, .error, "modifier '\(name)' has no context")
    }

    static func modifierWithOneContext(_ name: String, context: String) -> Self {
        Self(.resolverSingleContext, .warning,
            "modifier '\(name)' has only the context '\(context)', so it changes nothing; a modifier needs two or more")
    }

    static func unknownDefaultContext(_ name: String, default wanted: String) -> Self {
        Self(.resolverUnknownContext, .error, "the default of modifier '\(name)' is '\(wanted)', which is not one of its contexts")
    }

    static func sourcesNotArray(found kind: String) -> Self {
        Self(.resolverInvalid, .error, "sources must be an array, found \(kind)")
    }

    static func sourceNotObject(found kind: String) -> Self {
        Self(.resolverInvalid, .error, "a source must be an object (a token tree or {\"$ref\": …}), found \(kind)")
    }

    static func fragmentNotPointer(_ target: String) -> Self {
        Self(.resolverInvalid, .error, "'\(target)' has a fragment that is not a JSON pointer")
    }

    static func notAPointer(_ target: String) -> Self {
        Self(.resolverInvalid, .error, "'\(target)' is not a JSON pointer")
    }

    static func resolverSelfReference(_ target: String, through stack: [String]) -> Self {
        Self(.resolverReferenceCycle, .error,
            "'\(target)' refers back to itself through \(stack.map { "'#\($0)'" }.joined(separator: " → "))")
    }

    static func setIncludesItself(_ name: String, through target: String) -> Self {
        Self(.resolverReferenceCycle, .error, "set '\(name)' includes itself through '\(target)'")
    }

    /// `who` is "set 'x'" or "modifier 'y'".
    static func sourceNamesModifier(_ who: String, _ target: String) -> Self {
        Self(.resolverModifierReference, .error,
            "\(who) references the modifier '\(target)'; sources may name files, sets or $defs, never modifiers")
    }

    static func nestingTooDeep(_ target: String) -> Self {
        Self(.resolverNestingTooDeep, .error,
            "'\(target)' is reached through more than \(ResolverDocument.maximumReferenceDepth) references in a row; it is not followed")
    }

    static func pointerLeadsToNoObject(_ target: String) -> Self {
        Self(.resolverReferenceUnresolved, .error, "'\(target)' leads to no object in this resolver")
    }

    // MARK: Files a resolver names

    /// `names` is the cycle from its first file back to it.
    static func fileReferenceCycle(_ names: [String]) -> Self {
        Self(.resolverReferenceCycle, .error, "files refer to each other in a cycle: " + names.joined(separator: " → "))
    }

    static func unreadableSourceFile(_ written: String) -> Self {
        Self(.fileUnreadable, .error, "cannot read '\(written)', named by the resolver")
    }

    // MARK: Inputs

    static func unknownModifierInput(_ name: String) -> Self {
        Self(.resolverUnknownModifier, .error, "input names modifier '\(name)', which the resolver does not declare")
    }

    static func unknownContextInput(_ context: String, modifier: String) -> Self {
        Self(.resolverUnknownContext, .error, "modifier '\(modifier)' has no context '\(context)'")
    }

    static func missingInput(modifier name: String) -> Self {
        Self(.resolverMissingInput, .error, "no input for modifier '\(name)', which has no default")
    }

    // MARK: Permutations

    static func permutationsLimited(count: Int, limit: Int, checked: Int) -> Self {
        Self(.resolverPermutationsLimited, .warning,
            "\(count) permutations are more than \(limit); checked the \(checked) that change one modifier at a time from the defaults")
    }

    /// `label` and `otherLabel` name two permutations, such as "theme is dark".
    /// `when` words the permutations, `count` of `total`.
    static func tokenOnlyIn(_ path: String, when: String, count: Int, of total: Int) -> Self {
        Self(.contextTokenMissing, .warning,
            "token '\(path)' is defined only when \(when) (\(count) of \(total) permutations), not in the others")
    }

    static func tokenMissingIn(_ path: String, when: String, count: Int, of total: Int) -> Self {
        Self(.contextTokenMissing, .warning,
            "token '\(path)' is missing when \(when) (\(count) of \(total) permutations), though the others define it")
    }

    static func typeChangesWithContext(
        _ path: String, type: TokenType, when: String, count: Int, of total: Int, otherType: TokenType
    ) -> Self {
        Self(.contextTypeChange, .error,
            "token '\(path)' is a \(type.rawValue) when \(when) (\(count) of \(total) permutations) but a \(otherType.rawValue) in the others")
    }
}
