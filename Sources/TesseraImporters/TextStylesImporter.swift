import Foundation
import Tessera

/// `textStyles.json`, the typography file of the ConfigTokens layout (a folder with
/// `tokens.json`, `colors.json`, `sizes.json` and, optionally, `textStyles.json`; the first
/// three are DTCG files and read as such):
///
/// ```json
/// {"fileName": "textStyles",
///  "textStyles": [{"name": "headline", "fontFamily": "CustomFont", "fontWeight": "Bold",
///                  "fontSize": 16, "textCase": "UPPER"}]}
/// ```
///
/// Each style becomes a typography token `textStyles.NAME`: sizes are points (`px`), weights
/// are names (`Bold`, `SemiBold`, `ExtraLight` …, in any spelling of case and hyphens) or
/// numbers, and the text case (`UPPER`, `TITLE`, `NONE`, or `LOWER`) is kept in the value and,
/// for DTCG outputs, in the token's `$extensions["dev.tessera"].textCase`. `letterSpacing`
/// (points) and `lineHeight` (a multiple of the size) are read when a style has them.
package struct TextStylesImporter: LayerImporter {
    package init() {}

    package var name: String { "text-styles" }

    /// The group that holds the styles.
    package static let group = "textStyles"

    /// A file named `textStyles.json` is likely text styles; its content decides.
    package func recognizes(fileName: String) -> Recognition {
        (fileName as NSString).lastPathComponent.lowercased() == "textstyles.json" ? .byName : .no
    }

    /// Text styles when the content opens a `"textStyles": [` array near its start, whatever
    /// the file's name; or when the file is named `textStyles.json` and its start has no DTCG
    /// property (`"$value"`, `"$type"`), so that a broken text styles file is reported as one
    /// while a DTCG file of that name stays DTCG.
    package func recognizes(_ file: SourceFile) -> Recognition {
        guard file.path.lowercased().hasSuffix(".json") else { return .no }
        if file.headHasKey("textStyles", followedBy: UInt8(ascii: "[")) { return .certain }
        guard recognizes(fileName: file.path) != .no else { return .no }
        return file.headHasKey("$value") || file.headHasKey("$type") ? .no : .certain
    }

    package func layer(of file: SourceFile) -> BuiltLayer {
        var builder = DocumentBuilder(file: file)
        var found: [Diagnostic] = []
        guard let root = JSONParser(file: file).parseWellFormed(into: &found) else {
            return BuiltLayer(file: file, fragment: nil, diagnostics: found)
        }
        for diagnostic in found { builder.report(diagnostic) }
        var reader = Reader(file: file)
        reader.read(root, into: &builder)
        for diagnostic in reader.diagnostics { builder.report(diagnostic) }
        return builder.finish()
    }

    /// Reads the styles, reporting what does not fit.
    struct Reader: FormatReader {
        let file: SourceFile
        var diagnostics: [Diagnostic] = []

        static let rootMembers = ["fileName", "textStyles"]
        static let styleMembers = ["name", "fontFamily", "fontWeight", "fontSize", "textCase", "letterSpacing", "lineHeight"]

        mutating func read(_ root: JSONValue, into builder: inout DocumentBuilder) {
            guard let members = root.members else {
                report(.textStylesRootNotObject(found: root.kindDescription), at: root.offset, pointer: "")
                return
            }
            unknownMembers(members, allowed: Self.rootMembers, pointer: "", what: "the text styles file")
            guard let styles = root["textStyles"] else {
                report(.textStylesMissing, at: root.offset, pointer: "")
                return
            }
            guard let list = styles.array else {
                report(.textStylesNotArray(found: styles.kindDescription), at: styles.offset, pointer: "/textStyles")
                return
            }
            var seen: [String: Int] = [:]
            for (index, style) in list.enumerated() {
                let pointer = "/textStyles/\(index)"
                guard let (name, typography) = readStyle(style, pointer: pointer) else { continue }
                if let earlier = seen[name] {
                    report(.textStyleRedefined(name, earlier: earlier), at: style.offset, pointer: pointer)
                }
                seen[name] = index
                let extensions = typography.textCase.map { $0.extensions.placed(at: style.offset) }
                builder.addToken([TextStylesImporter.group, name], type: .typography, value: .typed(.typography(typography)),
                    at: style.offset, extensions: extensions)
            }
        }

        private mutating func readStyle(_ style: JSONValue, pointer: String) -> (String, Typography)? {
            guard let members = style.members else {
                report(.textStyleNotObject(found: style.kindDescription), at: style.offset, pointer: pointer)
                return nil
            }
            unknownMembers(members, allowed: Self.styleMembers, pointer: pointer, what: "a text style")
            guard let nameNode = required(style, "name", pointer: pointer) else { return nil }
            guard let name = nameNode.string, !name.isEmpty else {
                report(.textStyleMember("name", expected: "a non-empty string", found: nameNode.kindDescription),
                    at: nameNode.offset, pointer: pointer + "/name")
                return nil
            }
            var ok = true
            var family: String?
            if let node = required(style, "fontFamily", pointer: pointer) {
                if let text = node.string, !text.isEmpty { family = text } else {
                    report(.textStyleMember("fontFamily", expected: "a font name", found: node.kindDescription),
                        at: node.offset, pointer: pointer + "/fontFamily")
                }
            }
            let size = number(required(style, "fontSize", pointer: pointer), "fontSize", pointer: pointer, positive: true)
            let weight = required(style, "fontWeight", pointer: pointer).flatMap { fontWeight($0, pointer: pointer + "/fontWeight") }
            var textCase: TextCase?
            if let node = style["textCase"] {
                if let text = node.string, let known = TextCase(name: text) { textCase = known } else {
                    report(.unknownTextCase(node.string.map { "'\($0)'" } ?? node.kindDescription), at: node.offset,
                        pointer: pointer + "/textCase")
                    ok = false
                }
            }
            let letterSpacing = number(style["letterSpacing"], "letterSpacing", pointer: pointer, positive: false)
            let lineHeight = number(style["lineHeight"], "lineHeight", pointer: pointer, positive: true)
            if style["letterSpacing"] != nil, letterSpacing == nil { ok = false }
            if style["lineHeight"] != nil, lineHeight == nil { ok = false }
            guard ok, let family, let size, let weight else { return nil }
            return (name, Typography(fontFamily: [family], fontSize: TokenDimension(size, .px), fontWeight: weight,
                letterSpacing: TokenDimension(letterSpacing ?? 0, .px), lineHeight: lineHeight, textCase: textCase))
        }

        /// A weight name in any spelling (`SemiBold`, `semi-bold`, `Semibold`) or a number from 1 to 1000.
        private mutating func fontWeight(_ node: JSONValue, pointer: String) -> Double? {
            if let value = node.number {
                if value >= 1, value <= 1000 { return value }
                report(.fontWeightOutOfRange(value), at: node.offset, pointer: pointer)
                return nil
            }
            guard let name = node.string else {
                report(.textStyleMember("fontWeight", expected: "a weight name or a number", found: node.kindDescription),
                    at: node.offset, pointer: pointer)
                return nil
            }
            let squeezed = ValueParser.squeezedWeightName
            let names = ValueParser.fontWeightNames
            if let weight = ValueParser.squeezedWeightNames[squeezed(name)] { return weight }
            let suggestion = Suggestions.closest(to: squeezed(name), in: names.keys.map(squeezed))
                .flatMap { guess in names.keys.first { squeezed($0) == guess } }
            report(.unknownFontWeight(name), at: node.offset, pointer: pointer,
                notes: [Diagnostic.Note("use a number from 1 to 1000 or one of: " + names.keys.sorted().joined(separator: ", "))]
                    + (suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []))
            return nil
        }

        private mutating func required(_ style: JSONValue, _ key: String, pointer: String) -> JSONValue? {
            if let node = style[key] { return node }
            report(.textStyleMissingMember(key), at: style.offset, pointer: pointer)
            return nil
        }

        /// The number `node` holds (nil, reported, when it is not one or not positive where it must be).
        private mutating func number(_ node: JSONValue?, _ key: String, pointer: String, positive: Bool) -> Double? {
            guard let node else { return nil }
            if case .number(let value) = node.storage, !positive || value > 0 { return value }
            let described = node.number.map(NumberFormatting.shortest) ?? node.kindDescription
            report(.textStyleMember(key, expected: positive ? "a positive number" : "a number", found: described),
                at: node.offset, pointer: pointer + "/" + key)
            return nil
        }

        private mutating func unknownMembers(_ members: [JSONMember], allowed: [String], pointer: String, what: String) {
            for member in members where !allowed.contains(member.key) {
                let suggestion = Suggestions.closest(to: member.key, in: allowed)
                report(.textStyleUnknownMember(member.key, in: what), at: member.keyOffset,
                    pointer: pointer + "/" + TokenPathSyntax.escape(member.key),
                    notes: suggestion.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? [])
            }
        }
    }
}
