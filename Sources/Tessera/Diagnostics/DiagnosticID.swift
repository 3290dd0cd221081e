/// The stable identifier of a kind of diagnostic, printed in brackets after the message.
///
/// Ids never change meaning once published; scripts and tests match on them.
public struct DiagnosticID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }

    /// Warnings about accepted pre-2025.10 notations.
    package var isLegacyForm: Bool { rawValue.hasSuffix(".legacy") }

    /// Warnings about what the 2025.10 format and resolver modules say must or should not be,
    /// read leniently by default because real systems need it: legacy notations, unknown
    /// types and properties, incomplete typography, a modifier with one context. `strict`
    /// turns them into errors.
    package var breaksSpecification: Bool {
        isLegacyForm || Self.specificationWarnings.contains(self)
    }

    private static let specificationWarnings: Set<DiagnosticID> = [
        .unknownType, .unknownProperty, .unknownValueProperty, .typographyIncomplete, .resolverSingleContext,
        .notAGroupOrToken, .pointerToTokenObject,
    ]

    /// Problems reading a file or its JSON text: what other errors may follow from, so they
    /// are listed first.
    package var isAboutFileText: Bool { rawValue.hasPrefix("json.") || rawValue.hasPrefix("file.") }

    // MARK: Files
    package static let fileUnreadable: DiagnosticID = "file.unreadable"
    package static let fileNoTokens: DiagnosticID = "file.no-token-files"
    package static let fileKindMismatch: DiagnosticID = "file.kind-mismatch"
    /// Which importer reads a path and why (`--explain-format`).
    package static let formatChosen: DiagnosticID = "source.format-chosen"
    package static let fileTooLarge: DiagnosticID = "file.too-large"
    /// An open token file the workspace's configured system does not read.
    package static let fileOutsideSystem: DiagnosticID = "file.outside-system"

    // MARK: JSON (RFC 8259)
    package static let jsonSyntax: DiagnosticID = "json.syntax"
    package static let jsonDuplicateKey: DiagnosticID = "json.duplicate-key"
    package static let jsonDuplicateAnnotation: DiagnosticID = "json.duplicate-annotation"
    package static let jsonInvalidEscape: DiagnosticID = "json.invalid-escape"
    package static let jsonLoneSurrogate: DiagnosticID = "json.lone-surrogate"
    package static let jsonInvalidUTF8: DiagnosticID = "json.invalid-utf8"
    package static let jsonControlCharacter: DiagnosticID = "json.control-character"
    package static let jsonInvalidNumber: DiagnosticID = "json.invalid-number"
    package static let jsonNumberOutOfRange: DiagnosticID = "json.number-out-of-range"
    package static let jsonNumberImprecise: DiagnosticID = "json.number-imprecise"
    package static let jsonTooDeep: DiagnosticID = "json.too-deep"
    package static let jsonByteOrderMark: DiagnosticID = "json.byte-order-mark"
    package static let jsonEmpty: DiagnosticID = "json.empty"

    // MARK: Structure (format module)
    package static let rootNotObject: DiagnosticID = "structure.root-not-object"
    package static let invalidName: DiagnosticID = "name.invalid"
    package static let nameEquivalent: DiagnosticID = "name.equivalent"
    package static let valueWithChildren: DiagnosticID = "token.value-with-children"
    package static let notAGroupOrToken: DiagnosticID = "structure.not-group-or-token"
    package static let unknownProperty: DiagnosticID = "structure.unknown-property"
    package static let misspeltProperty: DiagnosticID = "structure.misspelt-property"
    package static let valueAndRef: DiagnosticID = "token.value-and-ref"
    package static let invalidDescription: DiagnosticID = "structure.invalid-description"
    package static let invalidDeprecated: DiagnosticID = "structure.invalid-deprecated"
    package static let invalidExtensions: DiagnosticID = "structure.invalid-extensions"
    package static let missingType: DiagnosticID = "type.missing"
    package static let invalidType: DiagnosticID = "type.invalid"
    package static let unknownType: DiagnosticID = "type.unknown"
    package static let misspeltType: DiagnosticID = "type.misspelt"
    package static let typeMismatch: DiagnosticID = "type.mismatch"
    package static let typeGroupOverridden: DiagnosticID = "type.group-overridden"
    package static let mergeConflict: DiagnosticID = "merge.conflict"

    // MARK: Groups
    package static let extendsInvalid: DiagnosticID = "extends.invalid"
    package static let extendsNotGroup: DiagnosticID = "extends.not-a-group"
    package static let extendsCycle: DiagnosticID = "extends.cycle"
    package static let extendsTooLarge: DiagnosticID = "extends.too-large"

    // MARK: References
    package static let referenceUnknown: DiagnosticID = "reference.unknown"
    package static let referenceSyntax: DiagnosticID = "reference.syntax"
    package static let referenceToGroup: DiagnosticID = "reference.to-group"
    package static let referenceCycle: DiagnosticID = "reference.cycle"
    package static let pointerUnresolved: DiagnosticID = "reference.pointer-unresolved"
    package static let pointerToTokenObject: DiagnosticID = "reference.token-object"

    // MARK: Values
    package static let valueInvalid: DiagnosticID = "value.invalid"
    package static let valueOutOfRange: DiagnosticID = "value.out-of-range"
    package static let negativeBlur: DiagnosticID = "value.negative-blur"
    package static let hexMismatch: DiagnosticID = "value.hex-mismatch"
    package static let unknownTextCase: DiagnosticID = "value.text-case"
    package static let textStyleInvalid: DiagnosticID = "import.text-style"
    package static let textStyleUnknownMember: DiagnosticID = "import.text-style.unknown-member"
    package static let textStyleRedefined: DiagnosticID = "import.text-style.redefined"
    package static let colorsetInvalid: DiagnosticID = "import.colorset"
    package static let colorsetRange: DiagnosticID = "import.colorset.range"
    package static let colorsetEightBit: DiagnosticID = "import.colorset.eight-bit"
    package static let colorsetEntryNotRead: DiagnosticID = "import.colorset.not-read"
    package static let colorsetSystemColor: DiagnosticID = "import.colorset.system-color"
    package static let colorsetDuplicate: DiagnosticID = "import.colorset.duplicate"
    package static let assetNotRead: DiagnosticID = "import.asset.not-read"
    package static let figmaInvalid: DiagnosticID = "import.figma"
    package static let figmaDuplicate: DiagnosticID = "import.figma.duplicate"
    package static let figmaUnknownType: DiagnosticID = "import.figma.unknown-type"
    package static let figmaUnknownVariable: DiagnosticID = "import.figma.unknown-variable"
    package static let figmaMissingValue: DiagnosticID = "import.figma.missing-value"
    package static let figmaPublished: DiagnosticID = "import.figma.published"
    package static let figmaSharedName: DiagnosticID = "import.figma.shared-name"
    package static let studioInvalid: DiagnosticID = "import.tokens-studio"
    package static let studioValue: DiagnosticID = "import.tokens-studio.value"
    package static let studioModify: DiagnosticID = "import.tokens-studio.modify"
    package static let studioType: DiagnosticID = "import.tokens-studio.type"
    package static let studioUnusedSet: DiagnosticID = "import.tokens-studio.unused-set"
    package static let studioAlternativeGroups: DiagnosticID = "import.tokens-studio.alternative-groups"
    package static let studioUntyped: DiagnosticID = "import.tokens-studio.untyped"
    package static let passedThrough: DiagnosticID = "import.style-dictionary.passed-through"
    package static let styleDictionaryName: DiagnosticID = "import.style-dictionary.name"
    package static let styleDictionaryTransform: DiagnosticID = "import.style-dictionary.transform"
    package static let styleDictionaryConfig: DiagnosticID = "import.style-dictionary.config"
    package static let styleDictionarySkipped: DiagnosticID = "import.style-dictionary.skipped"
    package static let figmaExportAlias: DiagnosticID = "import.figma-export.alias"
    package static let figmaModesInvalid: DiagnosticID = "import.figma-modes"
    package static let figmaModesAlias: DiagnosticID = "import.figma-modes.alias"
    package static let figmaModesAmbiguous: DiagnosticID = "import.figma-modes.ambiguous"
    package static let figmaModesSameName: DiagnosticID = "import.figma-modes.same-name"
    package static let figmaModesDuplicate: DiagnosticID = "import.figma-modes.duplicate"
    package static let figmaModesName: DiagnosticID = "import.figma-modes.name"
    package static let figmaModesNotRead: DiagnosticID = "import.figma-modes.not-read"
    package static let gentleInvalid: DiagnosticID = "import.gentle"
    package static let gentleVersion: DiagnosticID = "import.gentle.version"
    package static let gentleMissing: DiagnosticID = "import.gentle.missing"
    package static let gentleUnknown: DiagnosticID = "import.gentle.unknown"
    package static let gentleMigrated: DiagnosticID = "import.gentle.migrated"
    package static let colorLegacy: DiagnosticID = "value.color.legacy"
    package static let dimensionLegacy: DiagnosticID = "value.dimension.legacy"
    package static let durationLegacy: DiagnosticID = "value.duration.legacy"
    package static let shortHexLegacy: DiagnosticID = "value.color-hex.legacy"
    package static let dimensionUnitLegacy: DiagnosticID = "value.dimension-unit.legacy"
    package static let unknownValueProperty: DiagnosticID = "value.unknown-property"
    package static let typographyIncomplete: DiagnosticID = "value.typography-incomplete"
    package static let deprecatedReference: DiagnosticID = "reference.deprecated"

    // MARK: Resolver documents and contexts
    package static let resolverVersion: DiagnosticID = "resolver.version"
    package static let resolverInvalid: DiagnosticID = "resolver.invalid"
    package static let resolverInvalidProperty: DiagnosticID = "resolver.invalid-property"
    package static let resolverUnusedSet: DiagnosticID = "resolver.unused-set"
    package static let resolverUnknownModifier: DiagnosticID = "resolver.unknown-modifier"
    package static let resolverUnknownContext: DiagnosticID = "resolver.unknown-context"
    package static let resolverMissingInput: DiagnosticID = "resolver.missing-input"
    package static let resolverContextCount: DiagnosticID = "resolver.context-count"
    package static let resolverSingleContext: DiagnosticID = "resolver.single-context"
    package static let resolverModifierReference: DiagnosticID = "resolver.modifier-reference"
    package static let resolverOrderReference: DiagnosticID = "resolver.order-reference"
    package static let resolverDuplicateName: DiagnosticID = "resolver.duplicate-name"
    package static let resolverReferenceCycle: DiagnosticID = "resolver.reference-cycle"
    package static let resolverReferenceUnresolved: DiagnosticID = "resolver.reference-unresolved"
    package static let resolverNestingTooDeep: DiagnosticID = "resolver.nesting-too-deep"
    package static let resolverPermutationsLimited: DiagnosticID = "resolver.permutations-limited"
    package static let contextTokenMissing: DiagnosticID = "context.token-missing"
    package static let contextTypeChange: DiagnosticID = "context.type-change"

    // MARK: Closed tokens and forbidden values
    package static let closedToken: DiagnosticID = "token.closed"
    package static let forbiddenToken: DiagnosticID = "token.forbidden"
    package static let usesForbiddenToken: DiagnosticID = "token.uses-forbidden"

    // MARK: Tenants
    package static let tenantMetadata: DiagnosticID = "tenant.metadata"
    package static let tenantName: DiagnosticID = "tenant.name"
    package static let tenantUnknownContext: DiagnosticID = "tenant.unknown-context"
    package static let tenantsNone: DiagnosticID = "tenant.none"

    // MARK: Tiers
    package static let tierDirection: DiagnosticID = "tier.direction"

    // MARK: Queries
    package static let themeTooManyPermutations: DiagnosticID = "theme.too-many-permutations"
    package static let tokenNotFound: DiagnosticID = "query.token-not-found"

    /// Every id the engine and its importers report, for telling a setting that names an id
    /// (`diagnostics:` in `tessera.yml`) from a misspelt one. Modules that report more add
    /// theirs where they read settings.
    package static let engineIDs: Set<DiagnosticID> = [
        .fileUnreadable, .fileNoTokens, .fileKindMismatch, .formatChosen, .fileTooLarge, .fileOutsideSystem,
        .jsonSyntax, .jsonDuplicateKey, .jsonDuplicateAnnotation, .jsonInvalidEscape, .jsonLoneSurrogate,
        .jsonInvalidUTF8, .jsonControlCharacter, .jsonInvalidNumber, .jsonNumberOutOfRange, .jsonNumberImprecise,
        .jsonTooDeep, .jsonByteOrderMark, .jsonEmpty, .rootNotObject, .invalidName, .nameEquivalent,
        .valueWithChildren, .notAGroupOrToken, .unknownProperty, .misspeltProperty, .valueAndRef,
        .invalidDescription, .invalidDeprecated, .invalidExtensions, .missingType, .invalidType, .unknownType,
        .misspeltType, .typeMismatch, .typeGroupOverridden, .mergeConflict, .extendsInvalid, .extendsNotGroup,
        .extendsCycle, .extendsTooLarge, .referenceUnknown, .referenceSyntax, .referenceToGroup, .referenceCycle,
        .pointerUnresolved, .pointerToTokenObject, .valueInvalid, .valueOutOfRange, .negativeBlur, .hexMismatch,
        .unknownTextCase, .textStyleInvalid, .textStyleUnknownMember, .textStyleRedefined, .colorsetInvalid,
        .colorsetRange, .colorsetEightBit, .colorsetEntryNotRead, .colorsetSystemColor, .colorsetDuplicate,
        .assetNotRead, .figmaInvalid, .figmaDuplicate, .figmaUnknownType, .figmaUnknownVariable, .figmaMissingValue,
        .figmaPublished, .figmaSharedName, .studioInvalid, .studioValue, .studioModify, .studioType,
        .studioUnusedSet, .studioAlternativeGroups, .studioUntyped, .passedThrough, .styleDictionaryName,
        .styleDictionaryTransform, .styleDictionaryConfig, .styleDictionarySkipped, .figmaExportAlias,
        .figmaModesInvalid, .figmaModesAlias, .figmaModesAmbiguous, .figmaModesSameName, .figmaModesDuplicate,
        .figmaModesName, .figmaModesNotRead, .gentleInvalid, .gentleVersion, .gentleMissing, .gentleUnknown,
        .gentleMigrated, .colorLegacy, .dimensionLegacy, .durationLegacy, .shortHexLegacy, .dimensionUnitLegacy,
        .unknownValueProperty, .typographyIncomplete, .deprecatedReference, .resolverVersion, .resolverInvalid,
        .resolverInvalidProperty, .resolverUnusedSet, .resolverUnknownModifier, .resolverUnknownContext,
        .resolverMissingInput, .resolverContextCount, .resolverSingleContext, .resolverModifierReference,
        .resolverOrderReference, .resolverDuplicateName, .resolverReferenceCycle, .resolverReferenceUnresolved,
        .resolverNestingTooDeep, .resolverPermutationsLimited, .contextTokenMissing, .contextTypeChange,
        .closedToken, .forbiddenToken, .usesForbiddenToken, .tenantMetadata, .tenantName, .tenantUnknownContext,
        .tenantsNone, .tierDirection, .themeTooManyPermutations, .tokenNotFound
    ]
}
