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
    public var isLegacyForm: Bool { rawValue.hasSuffix(".legacy") }

    /// Warnings about what the 2025.10 format and resolver modules say must or should not be,
    /// read leniently by default because real systems need it: legacy notations, unknown
    /// types and properties, incomplete typography, a modifier with one context. `strict`
    /// turns them into errors.
    public var breaksSpecification: Bool {
        isLegacyForm || Self.specificationWarnings.contains(self)
    }

    private static let specificationWarnings: Set<DiagnosticID> = [
        .unknownType, .unknownProperty, .unknownValueProperty, .typographyIncomplete, .resolverSingleContext,
        .notAGroupOrToken, .pointerToTokenObject,
    ]

    /// Problems reading a file or its JSON text: what other errors may follow from, so they
    /// are listed first.
    public var isAboutFileText: Bool { rawValue.hasPrefix("json.") || rawValue.hasPrefix("file.") }

    // MARK: Files
    public static let fileUnreadable: DiagnosticID = "file.unreadable"
    public static let fileNoTokens: DiagnosticID = "file.no-token-files"
    public static let fileKindMismatch: DiagnosticID = "file.kind-mismatch"
    public static let fileTooLarge: DiagnosticID = "file.too-large"

    // MARK: JSON (RFC 8259)
    public static let jsonSyntax: DiagnosticID = "json.syntax"
    public static let jsonDuplicateKey: DiagnosticID = "json.duplicate-key"
    public static let jsonDuplicateAnnotation: DiagnosticID = "json.duplicate-annotation"
    public static let jsonInvalidEscape: DiagnosticID = "json.invalid-escape"
    public static let jsonLoneSurrogate: DiagnosticID = "json.lone-surrogate"
    public static let jsonInvalidUTF8: DiagnosticID = "json.invalid-utf8"
    public static let jsonControlCharacter: DiagnosticID = "json.control-character"
    public static let jsonInvalidNumber: DiagnosticID = "json.invalid-number"
    public static let jsonNumberOutOfRange: DiagnosticID = "json.number-out-of-range"
    public static let jsonTooDeep: DiagnosticID = "json.too-deep"
    public static let jsonByteOrderMark: DiagnosticID = "json.byte-order-mark"
    public static let jsonEmpty: DiagnosticID = "json.empty"

    // MARK: Structure (format module)
    public static let rootNotObject: DiagnosticID = "structure.root-not-object"
    public static let invalidName: DiagnosticID = "name.invalid"
    public static let nameEquivalent: DiagnosticID = "name.equivalent"
    public static let valueWithChildren: DiagnosticID = "token.value-with-children"
    public static let notAGroupOrToken: DiagnosticID = "structure.not-group-or-token"
    public static let unknownProperty: DiagnosticID = "structure.unknown-property"
    public static let misspeltProperty: DiagnosticID = "structure.misspelt-property"
    public static let valueAndRef: DiagnosticID = "token.value-and-ref"
    public static let invalidDescription: DiagnosticID = "structure.invalid-description"
    public static let invalidDeprecated: DiagnosticID = "structure.invalid-deprecated"
    public static let invalidExtensions: DiagnosticID = "structure.invalid-extensions"
    public static let missingType: DiagnosticID = "type.missing"
    public static let invalidType: DiagnosticID = "type.invalid"
    public static let unknownType: DiagnosticID = "type.unknown"
    public static let misspeltType: DiagnosticID = "type.misspelt"
    public static let typeMismatch: DiagnosticID = "type.mismatch"
    public static let mergeConflict: DiagnosticID = "merge.conflict"

    // MARK: Groups
    public static let extendsInvalid: DiagnosticID = "extends.invalid"
    public static let extendsNotGroup: DiagnosticID = "extends.not-a-group"
    public static let extendsCycle: DiagnosticID = "extends.cycle"
    public static let extendsTooLarge: DiagnosticID = "extends.too-large"

    // MARK: References
    public static let referenceUnknown: DiagnosticID = "reference.unknown"
    public static let referenceSyntax: DiagnosticID = "reference.syntax"
    public static let referenceToGroup: DiagnosticID = "reference.to-group"
    public static let referenceCycle: DiagnosticID = "reference.cycle"
    public static let pointerUnresolved: DiagnosticID = "reference.pointer-unresolved"
    public static let pointerToTokenObject: DiagnosticID = "reference.token-object"

    // MARK: Values
    public static let valueInvalid: DiagnosticID = "value.invalid"
    public static let valueOutOfRange: DiagnosticID = "value.out-of-range"
    public static let negativeBlur: DiagnosticID = "value.negative-blur"
    public static let hexMismatch: DiagnosticID = "value.hex-mismatch"
    public static let unknownTextCase: DiagnosticID = "value.text-case"
    public static let textStyleInvalid: DiagnosticID = "import.text-style"
    public static let textStyleUnknownMember: DiagnosticID = "import.text-style.unknown-member"
    public static let textStyleRedefined: DiagnosticID = "import.text-style.redefined"
    public static let colorsetInvalid: DiagnosticID = "import.colorset"
    public static let colorsetRange: DiagnosticID = "import.colorset.range"
    public static let colorsetEightBit: DiagnosticID = "import.colorset.eight-bit"
    public static let colorsetEntryNotRead: DiagnosticID = "import.colorset.not-read"
    public static let colorsetSystemColor: DiagnosticID = "import.colorset.system-color"
    public static let colorsetDuplicate: DiagnosticID = "import.colorset.duplicate"
    public static let assetNotRead: DiagnosticID = "import.asset.not-read"
    public static let figmaInvalid: DiagnosticID = "import.figma"
    public static let figmaDuplicate: DiagnosticID = "import.figma.duplicate"
    public static let figmaUnknownType: DiagnosticID = "import.figma.unknown-type"
    public static let figmaUnknownVariable: DiagnosticID = "import.figma.unknown-variable"
    public static let figmaMissingValue: DiagnosticID = "import.figma.missing-value"
    public static let studioInvalid: DiagnosticID = "import.tokens-studio"
    public static let studioValue: DiagnosticID = "import.tokens-studio.value"
    public static let studioModify: DiagnosticID = "import.tokens-studio.modify"
    public static let studioType: DiagnosticID = "import.tokens-studio.type"
    public static let studioUnusedSet: DiagnosticID = "import.tokens-studio.unused-set"
    public static let figmaExportAlias: DiagnosticID = "import.figma-export.alias"
    public static let gentleInvalid: DiagnosticID = "import.gentle"
    public static let gentleVersion: DiagnosticID = "import.gentle.version"
    public static let gentleMissing: DiagnosticID = "import.gentle.missing"
    public static let gentleUnknown: DiagnosticID = "import.gentle.unknown"
    public static let gentleMigrated: DiagnosticID = "import.gentle.migrated"
    public static let colorLegacy: DiagnosticID = "value.color.legacy"
    public static let dimensionLegacy: DiagnosticID = "value.dimension.legacy"
    public static let durationLegacy: DiagnosticID = "value.duration.legacy"
    public static let shortHexLegacy: DiagnosticID = "value.color-hex.legacy"
    public static let dimensionUnitLegacy: DiagnosticID = "value.dimension-unit.legacy"
    public static let unknownValueProperty: DiagnosticID = "value.unknown-property"
    public static let typographyIncomplete: DiagnosticID = "value.typography-incomplete"
    public static let deprecatedReference: DiagnosticID = "reference.deprecated"

    // MARK: Resolver documents and contexts
    public static let resolverVersion: DiagnosticID = "resolver.version"
    public static let resolverInvalid: DiagnosticID = "resolver.invalid"
    public static let resolverInvalidProperty: DiagnosticID = "resolver.invalid-property"
    public static let resolverUnusedSet: DiagnosticID = "resolver.unused-set"
    public static let resolverUnknownModifier: DiagnosticID = "resolver.unknown-modifier"
    public static let resolverUnknownContext: DiagnosticID = "resolver.unknown-context"
    public static let resolverMissingInput: DiagnosticID = "resolver.missing-input"
    public static let resolverContextCount: DiagnosticID = "resolver.context-count"
    public static let resolverSingleContext: DiagnosticID = "resolver.single-context"
    public static let resolverModifierReference: DiagnosticID = "resolver.modifier-reference"
    public static let resolverOrderReference: DiagnosticID = "resolver.order-reference"
    public static let resolverDuplicateName: DiagnosticID = "resolver.duplicate-name"
    public static let resolverReferenceCycle: DiagnosticID = "resolver.reference-cycle"
    public static let resolverReferenceUnresolved: DiagnosticID = "resolver.reference-unresolved"
    public static let resolverNestingTooDeep: DiagnosticID = "resolver.nesting-too-deep"
    public static let resolverPermutationsLimited: DiagnosticID = "resolver.permutations-limited"
    public static let contextTokenMissing: DiagnosticID = "context.token-missing"
    public static let contextTypeChange: DiagnosticID = "context.type-change"

    // MARK: Closed tokens and forbidden values
    public static let closedToken: DiagnosticID = "token.closed"
    public static let forbiddenToken: DiagnosticID = "token.forbidden"
    public static let usesForbiddenToken: DiagnosticID = "token.uses-forbidden"

    // MARK: Tiers
    public static let tierDirection: DiagnosticID = "tier.direction"

    // MARK: Queries
    public static let themeTooManyPermutations: DiagnosticID = "theme.too-many-permutations"
    public static let tokenNotFound: DiagnosticID = "query.token-not-found"
}
