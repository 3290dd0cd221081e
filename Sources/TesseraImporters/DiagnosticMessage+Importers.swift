import Tessera
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

    // MARK: Asset catalogs

    static func colorset(_ problem: String) -> Self {
        Self(.colorsetInvalid, .error, problem)
    }

    static func colorsetComponentRange(_ name: String, _ value: String, space: String) -> Self {
        Self(.colorsetRange, .error, "component '\(name)' is \(value), outside 0…1 for color space '\(space)'")
    }

    static func colorsetEightBitOne(_ name: String) -> Self {
        Self(.colorsetEightBit, .warning,
            "component '\(name)' is \"1\", which an asset catalog reads as 1/255, not full intensity")
    }

    static func colorsetEntryNotRead(_ reason: String) -> Self {
        Self(.colorsetEntryNotRead, .warning, "this color entry is not read: \(reason)")
    }

    static func colorsetSystemColor(_ reference: String, token: String) -> Self {
        Self(.colorsetSystemColor, .warning,
            "'\(token)' refers to the system color '\(reference)', which has no value outside the app: it is kept in $extensions, not resolved")
    }

    static func colorsetDuplicate(_ path: String, earlier: String) -> Self {
        Self(.colorsetDuplicate, .error, "color '\(path)' is defined again (first in \(earlier)); the first is kept")
    }

    static func assetNotRead(_ name: String, kind: String) -> Self {
        Self(.assetNotRead, .warning, "\(kind) '\(name)' is not read: Tessera reads the colors of an asset catalog")
    }

    // MARK: Figma variables

    static func figma(_ problem: String) -> Self {
        Self(.figmaInvalid, .error, problem)
    }

    static func figmaValue(_ variable: String, expected: String, found: JSONValue) -> Self {
        let described = found.number.map(NumberFormatting.shortest) ?? found.string.map { "'\($0)'" } ?? found.kindDescription
        return Self(.figmaInvalid, .error, "variable '\(variable)' must have \(expected), found \(described)")
    }

    static func figmaDuplicate(_ path: String) -> Self {
        Self(.figmaDuplicate, .error, "two variables of one collection are both '\(path)'; the first is kept")
    }

    static func figmaUnknownType(_ type: String, variable: String) -> Self {
        Self(.figmaUnknownType, .warning,
            "variable '\(variable)' has resolvedType \(type), which Tessera does not know (COLOR, FLOAT, STRING, BOOLEAN); it is left out")
    }

    /// An alias of a variable no file read holds (a library's that was not exported with it).
    static func figmaUnknownVariable(_ id: String, key: String?, name: String?, from variable: String, dependents: Int) -> Self {
        let what = (name.map { "'\($0)' (" } ?? "'") + id + (name == nil ? "'" : ")") + (key.map { ", key \($0)," } ?? "")
        let library = key == nil ? "the file that defines it" : "the response of the library that defines it"
        let others = dependents == 0 ? "" : "; \(dependents) variable\(dependents == 1 ? "" : "s") aliasing '\(variable)', directly or through others, fail\(dependents == 1 ? "s" : "") with it"
        return Self(.figmaUnknownVariable, .error,
            "variable '\(variable)' is an alias of \(what) which no file read holds: read \(library) with this one\(others)")
    }

    /// Two collections with one name: both are kept, the later under another path.
    static func figmaSharedName(_ name: String, id: String, other: String?, path: String) -> Self {
        Self(.figmaSharedName, .note,
            "collection '\(name)' (\(id)) has the name of \(other.map { "collection \($0)" } ?? "another collection"): both are kept, and this one's tokens are under '\(path)'")
    }

    /// A published-variables response: keys and names, no values.
    static func figmaPublished(_ count: Int) -> Self {
        Self(.figmaPublished, .note,
            "a published-variables response lists \(count) variable\(count == 1 ? "" : "s") without values: they name the library variables that aliases reach; read the library's local variables for its tokens")
    }

    static func figmaExportAlias(_ token: String, target: String, collection: String) -> Self {
        Self(.figmaExportAlias, .warning,
            "'\(token)' is an alias of '\(target)'\(collection), which no file read holds: the value Figma wrote is kept; read that collection's export with this one to keep the alias")
    }

    static func figmaModes(_ problem: String) -> Self {
        Self(.figmaModesInvalid, .error, problem)
    }

    static func figmaModesAlias(_ reference: String, token: String) -> Self {
        Self(.figmaModesAlias, .error,
            "'\(token)' is an alias of '{\(reference)}', which no collection read defines; it is left out: read the folder of the Figma file that defines it with this one")
    }

    static func figmaModesAmbiguous(_ reference: String, token: String, candidates: [String], chosen: String) -> Self {
        Self(.figmaModesAmbiguous, .error,
            "'\(token)' is an alias of '{\(reference)}', which \(candidates.count) collections define (\(candidates.map { "'\($0)'" }.joined(separator: ", "))); '\(chosen)' is used: name the collection, as in '{\(chosen)}'")
    }

    static func figmaModesDuplicate(collection: String, mode: String, first: String) -> Self {
        Self(.figmaModesDuplicate, .error,
            "mode '\(mode)' of the collection '\(collection)' is read twice; the file '\(first)' is kept and this one left out: read the two Figma files apart, or rename one collection")
    }

    /// Two Figma files (folders) read together both have a collection of this name.
    static func figmaModesSameName(_ collection: String, folder: String, other: String) -> Self {
        Self(.figmaModesSameName, .note,
            "the collection '\(collection)' of '\(folder)' is another than the one of '\(other)' of the same name: both are kept, "
                + "as '\(collection) (\(folder))' and '\(collection) (\(other))' (the names of their modifiers or sets, and of "
                + "the first segment of their paths); an alias '{\(collection).…}' names the one of its own folder, "
                + "'{\(collection) (\(other)).…}' the other")
    }

    static func figmaModesName(_ name: String, written: String) -> Self {
        Self(.figmaModesName, .warning, "the name '\(name)' is written '\(written)': a token name cannot hold '.', '{' or '}', or start with '$'")
    }

    static func figmaModesNotRead(_ file: String) -> Self {
        Self(.figmaModesNotRead, .warning,
            "'\(file)' is not read: its name says no mode; files of a Figma export per collection and mode are named '<Collection>.<Mode>.json'")
    }

    static func figmaMissingValue(_ variable: String, mode: String) -> Self {
        Self(.figmaMissingValue, .warning, "variable '\(variable)' has no value for mode '\(mode)'; the default mode's is used")
    }
}

// MARK: Tokens Studio

extension DiagnosticMessage {
    static func studio(_ problem: String) -> Self {
        Self(.studioInvalid, .error, problem)
    }

    static func studioValue(_ problem: String) -> Self {
        Self(.studioValue, .error, problem)
    }

    /// Files named as modes read as a modifier's contexts.
    static func modeFilesRead(_ names: String, shared: Int) -> Self {
        Self(.formatChosen, .note, "\(names) are read as the contexts of the modifier 'mode', named as modes of one collection"
            + (shared > 0 ? ", after the \(shared) other file\(shared == 1 ? "" : "s") every mode shares" : "")
            + "; write a resolver to read them otherwise")
    }

    /// A name in `$metadata` or `$themes` that names no set, passed over as Tokens Studio
    /// passes it over.
    static func studioNoSuchSet(_ problem: String) -> Self {
        Self(.studioInvalid, .warning, problem + "; it is passed over, as Tokens Studio passes it over")
    }

    /// A file beside a Tokens Studio single-file sync, which holds the whole system.
    static func studioBesideDocument(_ file: String, document: String) -> Self {
        Self(.studioInvalid, .note, "'\(file)' is not read: '\(document)' beside it holds the whole system, with its themes")
    }

    static func studioModify(_ problem: String) -> Self {
        Self(.studioModify, .error, problem)
    }

    /// A token of a type with no 2025.10 form: kept as `kept` (a scalar), or left out (an
    /// object, which no 2025.10 string can hold as written).
    static func studioType(_ type: String, token: String, known: Bool, kept: String?) -> Self {
        let outcome = kept.map { "it is kept as \($0), as Tokens Studio keeps it" } ?? "it is left out"
        return Self(.studioType, .warning, known
            ? "token '\(token)' is of Tokens Studio type '\(type)', which has no 2025.10 form; \(outcome)"
            : "token '\(token)' has type '\(type)', which is neither a Tokens Studio nor a 2025.10 type; \(outcome)")
    }

    /// A typography token without some of the properties a 2025.10 typography has, read with
    /// the values Style Dictionary's CSS shorthand writes in their place.
    static func studioPartialTypography(token: String, filled: [String]) -> Self {
        Self(.typographyIncomplete, .warning, "typography '\(token)' does not set \(filled.map { "'\($0)'" }.joined(separator: ", ")): "
            + "read as Tokens Studio's transforms write it in CSS (fontFamily sans-serif, fontSize 16px, fontWeight 400)")
    }

    /// A token without a type, kept with the value as written (a number, a boolean, an alias, or
    /// text), as Style Dictionary and Tokens Studio's transforms pass it through.
    static func studioUntyped(token: String, kept: String) -> Self {
        Self(.studioUntyped, .warning, "token '\(token)' has no type; it is kept as \(kept), as Style Dictionary passes it through "
            + "(write \"type\" on it or on a group that holds it to have it read as one)")
    }

    /// A type Tessera does not know, on a token read as Style Dictionary reads it: kept as
    /// written.
    static func studioUnknownTypeKept(_ type: String, token: String, kept: String) -> Self {
        Self(.studioUntyped, .warning, "token '\(token)' has type '\(type)', which is neither a Tokens Studio nor a 2025.10 type; "
            + "it is kept as \(kept), as Style Dictionary passes it through")
    }

    static func studioAlternativeGroups(_ group: String, first: String, none: String) -> Self {
        Self(.studioAlternativeGroups, .note,
            "each theme of the group '\(group)' defines again every token of the group '\(first)', which layered under it would show "
                + "in no permutation: the groups are read as one at a time, as Tokens Studio lets a group have no active theme; "
                + "'\(group)' has the context '\(none)', its default, which adds nothing, and choosing one of its themes is that theme alone")
    }

    static func studioModeSets(_ names: String) -> Self {
        Self(.formatChosen, .note, "the file has no theme and its sets \(names) are named as modes: they are read as the contexts of "
            + "the modifier 'mode', after the sets every mode shares, rather than merged in order, where the last would hide the "
            + "others; add themes to read them otherwise")
    }

    static func studioUnusedSet(_ set: String, referenced: Bool) -> Self {
        referenced
            ? Self(.studioUnusedSet, .note, "token set '\(set)' is enabled in no theme, but the themes' sets refer to its tokens; "
                + "it is read before every theme's sets, so that those references resolve, as a build reading every set file does")
            : Self(.studioUnusedSet, .warning, "token set '\(set)' is enabled in no theme; it is left out, as Tokens Studio leaves it out of every theme")
    }
}

// MARK: Style Dictionary

extension DiagnosticMessage {
    /// A value Style Dictionary passes through as written but Tessera cannot read as its type:
    /// kept as text, with why.
    static func passedThrough(_ text: String, token: String, type: String, reason: String, keeper: String = "Style Dictionary passes it through")
        -> Self
    {
        Self(.passedThrough, .warning, "'\(text)' is kept as written (a string) in '\(token)': \(keeper), "
            + "and Tessera cannot read it as a \(type): \(reason)")
    }

    static func styleDictionaryName(_ name: String, kept: String) -> Self {
        Self(.styleDictionaryName, .warning, "the name '\(name)' holds '.', which no reference can name; "
            + "the token is kept as '\(kept)', the name Style Dictionary's CSS gives it")
    }

    /// A file of a Style Dictionary folder that Tessera does not read, and why.
    static func styleDictionarySkipped(_ path: String, why: String) -> Self {
        Self(.styleDictionarySkipped, .warning, "'\(path)' is not read: \(why)")
    }

    /// A problem of a Style Dictionary configuration's `source` or `include`.
    static func styleDictionaryConfig(_ problem: String) -> Self {
        Self(.styleDictionaryConfig, .error, problem)
    }

    static func styleDictionaryTransform(_ property: String, token: String) -> Self {
        Self(.styleDictionaryTransform, .warning, "'\(property)' on '\(token)' is read by the project's own Style Dictionary transforms, "
            + "not by Style Dictionary; Tessera keeps the value unchanged")
    }
}

// MARK: Gentle

extension DiagnosticMessage {
    static func gentle(_ problem: String) -> Self {
        Self(.gentleInvalid, .error, problem)
    }

    static func gentleVersion(_ problem: String) -> Self {
        Self(.gentleVersion, .error, problem)
    }

    static func gentleMissing(_ member: String, in place: String, readAs value: String) -> Self {
        Self(.gentleMissing, .warning, "\(place) has no '\(member)', which Gentle requires; it is read as \(value)")
    }

    static func gentleMissingSection(_ section: String) -> Self {
        Self(.gentleMissing, .warning, "the spec has no '\(section)', which Gentle requires; no tokens come from it")
    }

    static func gentleUnknownMember(_ member: String, in place: String) -> Self {
        Self(.gentleUnknown, .warning, "\(place) has a member '\(member)' that Gentle does not read; it is left out")
    }

    static func gentleUnknownRole(_ role: String, kind: String, path: String) -> Self {
        Self(.gentleUnknown, .warning,
            "'\(role)' is not a \(kind) role of Gentle \(GentleSpec.currentVersion); it is kept as '\(path)', which no Gentle app reads")
    }

    static func gentleMigrated(_ change: String) -> Self {
        Self(.gentleMigrated, .note, change)
    }
}
