import Foundation
import Mustache
import Tessera
import TesseraGenerate
import TesseraQuality

/// A user's Mustache template rendered with the generation context, for formats the built-in
/// outputs lack. Text is not HTML-escaped (the template may set another content type with
/// `{{% CONTENT_TYPE: HTML}}`).
///
/// The context (documented in the README, "Templates"):
///
/// - `name`, `header` (a "generated, do not edit" line), `tokenCount`
/// - `modifiers`: `name`, `default`, `contexts` (`name`, `isDefault`)
/// - `permutations`: `index`, `name`, `isDefault`, `contexts` (`modifier`, `context`)
/// - `tokens`, and the tokens of each type in `colors`, `dimensions`, `typography`, `shadows`…
///   (the type's name in plural), each with:
///   - `path`, `names` (`name` each), `slashPath`, and the name in casings: `camelName`,
///     `pascalName`, `snakeName`, `kebabName`, `swiftName` (a valid identifier), `constantName`
///   - `type`, `tier`, `description`, `deprecated` (true when it is), `deprecationMessage`,
///     `aliasOf`, `extensions` (JSON text)
///   - `value`: the default contexts' value as `css`, `json` (DTCG), `text` (the flat notation),
///     `swift` (a Tessera expression), and for colors `hex`, `red`, `green`, `blue`, `alpha`,
///     for dimensions `points`
///   - `varies`, and `values`: per permutation, `permutation` (its name), `contexts`, and the value as above
///   - `isFirst`, `isLast` for separators
package struct TemplateEmitter: Sendable {
    package let template: MustacheTemplate
    package let path: String

    package enum Failure: Error, Sendable {
        case unreadable(String)
        case invalid(line: Int, column: Int, problem: String)
    }

    /// Reads and parses a template file.
    package init(path: String) throws(Failure) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .unreadable("no readable UTF-8 file there")
        }
        try self.init(text: text, path: path)
    }

    package init(text: String, path: String = "template") throws(Failure) {
        self.path = path
        do {
            template = try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + text)
        } catch let error as MustacheTemplate.ParserError {
            throw .invalid(line: error.context.lineNumber, column: max(1, error.context.columnNumber), problem: "\(error.error)")
        } catch {
            throw .invalid(line: 1, column: 1, problem: "\(error)")
        }
    }

    package func emit(_ context: GenerationContext) -> String {
        template.render(Self.context(context))
    }

    /// The template context as Mustache reads it: dictionaries, arrays, strings, numbers and
    /// booleans.
    package static func context(_ context: GenerationContext) -> [String: Any] {
        let writer = JSONWriter()
        let permutations: [[String: Any]] = (0..<context.numbering.count).map { permutation in
            let contexts = context.contexts(of: permutation)
            return [
                "index": permutation, "name": context.permutationName(permutation),
                "isDefault": permutation == context.defaultPermutation,
                "contexts": context.modifiers.compactMap { modifier in
                    contexts[modifier.name].map { ["modifier": modifier.name, "context": $0] }
                },
            ]
        }
        var tokens: [[String: Any]] = []
        tokens.reserveCapacity(context.tokens.count)
        var byType: [TokenType: [[String: Any]]] = [:]
        for token in context.tokens {
            // Each distinct value in its notations once.
            let distinct = token.values.map { value($0, writer: writer) }
            var entry: [String: Any] = [
                "path": token.path, "slashPath": token.names.joined(separator: "/"),
                "names": token.names.map { ["name": $0] },
                "camelName": OutputContext.name(token.names, casing: .lowerCamel),
                "pascalName": OutputContext.name(token.names, casing: .upperCamel),
                "snakeName": OutputContext.name(token.names, casing: .snake),
                "kebabName": OutputContext.name(token.names, casing: .kebab),
                "constantName": OutputContext.name(token.names, casing: .snake).uppercased(),
                "swiftName": OutputContext.swiftIdentifier(token.names, casing: .lowerCamel),
                "type": token.type.rawValue,
                "deprecated": token.deprecated != nil && token.deprecationMessage != nil,
                "value": distinct[0],
                "varies": token.varies,
            ]
            if let tier = token.tier { entry["tier"] = tier.name }
            if let description = token.description { entry["description"] = description }
            if let message = token.deprecationMessage { entry["deprecationMessage"] = message }
            if let alias = token.aliasOf { entry["aliasOf"] = alias }
            if let extensions = token.extensions { entry["extensions"] = writer.string(extensions) }
            entry["values"] = (0..<context.numbering.count).map { permutation -> [String: Any] in
                var item = distinct[token.valueIndex(in: permutation)]
                item["permutation"] = context.permutationName(permutation)
                item["contexts"] = permutations[permutation]["contexts"]
                return item
            }
            tokens.append(entry)
            byType[token.type, default: []].append(entry)
        }
        var result: [String: Any] = [
            "name": context.name,
            "header": "Generated by Tessera. Do not edit: `tessera build` writes this file again.",
            "tokenCount": context.tokens.count,
            "modifiers": context.modifiers.map { modifier in
                [
                    "name": modifier.name, "default": modifier.defaultContext,
                    "contexts": modifier.contexts.map { ["name": $0, "isDefault": $0 == modifier.defaultContext] },
                ] as [String: Any]
            },
            "permutations": permutations,
            "tokens": marked(tokens),
        ]
        for type in TokenType.allCases {
            result[plural(type)] = marked(byType[type] ?? [])
        }
        return result
    }

    /// `isFirst` and `isLast` on each element.
    private static func marked(_ list: [[String: Any]]) -> [[String: Any]] {
        var list = list
        for index in list.indices {
            list[index]["isFirst"] = index == 0
            list[index]["isLast"] = index == list.count - 1
        }
        return list
    }

    static func plural(_ type: TokenType) -> String {
        switch type {
        case .typography: "typography"
        case .fontFamily: "fontFamilies"
        case .cubicBezier: "cubicBeziers"
        case .strokeStyle: "strokeStyles"
        case .boolean: "booleans"
        default: type.rawValue + "s"
        }
    }

    private static func value(_ value: TokenValue, writer: JSONWriter) -> [String: Any] {
        var result: [String: Any] = [
            "css": CSSEmitter.css(value), "json": writer.string(value.dtcgJSON), "text": value.flatText,
            "swift": SwiftLiterals.runtimeValue(value),
        ]
        switch value {
        case .color(let color):
            let drawn = ThemeColor(color)
            result["hex"] = drawn.tokenColor.hexString(includeAlpha: drawn.alpha < 1)
            result["red"] = SwiftLiterals.rounded(drawn.red)
            result["green"] = SwiftLiterals.rounded(drawn.green)
            result["blue"] = SwiftLiterals.rounded(drawn.blue)
            result["alpha"] = SwiftLiterals.rounded(drawn.alpha)
        case .dimension(let dimension):
            result["points"] = SwiftLiterals.points(dimension)
        default: break
        }
        return result
    }
}
