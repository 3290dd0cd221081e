import Foundation
import Tessera

/// Swift source for tokens, in one of two flavors.
///
/// - `runtime`: a typed `TokenKey` per token, nested by path (`Tokens.Color.Theme.highlight`),
///   read from a `Theme` (`theme[Tokens.Color.Theme.highlight]`), so values follow the chosen
///   contexts, overrides and swaps. The key's fallback is the default permutation's value.
/// - `static`: each token's values as literals, with no dependency: a `Dynamic` value holds
///   every distinct value and which permutation has which; `value(in:)` picks one for a
///   `Context`, and on Apple platforms colors become `UIColor`s that follow the trait
///   collection (appearance, contrast, elevation) and SwiftUI `Color`s.
///
/// Both write `$description` as doc comments and `$deprecated` as `@available(*, deprecated)`.
public struct SwiftEmitter: Sendable {
    public enum Flavor: String, Sendable, CaseIterable {
        case runtime
        case `static`
    }

    public enum AccessLevel: String, Sendable, CaseIterable {
        case `public`, `package`, `internal`
    }

    public var flavor: Flavor
    /// The outermost enum (`Tokens`); the static flavor's types go in `<rootName>Values`.
    public var rootName: String
    public var accessLevel: AccessLevel
    /// What the header names as the tokens' source.
    public var sourceDescription: String
    /// The static flavor's PostScript names by family and weight (a `fonts.json`), written into
    /// the generated file; without one, a family's font is asked for as `Family-Weight`.
    public var fontMap: FontMap?

    public init(flavor: Flavor = .runtime, rootName: String = "Tokens", accessLevel: AccessLevel = .public,
        sourceDescription: String = "design tokens")
    {
        self.flavor = flavor
        self.rootName = rootName
        self.accessLevel = accessLevel
        self.sourceDescription = sourceDescription
    }

    /// The generated file, and the names it had to change.
    public func emit(_ context: GenerationContext) -> (text: String, diagnostics: [Diagnostic]) {
        let namespace = SwiftNamespace(context, rootName: rootName)
        var output = Self.header(sourceDescription)
        output += flavor == .runtime ? "import TesseraRuntime\n\n" : "import Foundation\n\n"
        let table = flavor == .runtime ? RuntimeTable(context) : nil
        if let table {
            output += "/// Every token of the system, compiled: what each key below is made from, and a theme\n"
            output += "/// of the system (`\(tableName).theme`) with no file to bundle.\n"
            output += "nonisolated \(access)let \(tableName) = TesseraRuntime.TokenTable(compiledTheme: \""
            output += table.base64
            output += "\")\n\n"
        }
        // The root's own members, then its groups, each written on its own (side by side).
        let root = namespace.root
        output += "/// The design tokens, by path.\nnonisolated \(access)enum \(root.typeName) {\n"
        members(of: root, context: context, table: table, indent: "    ", into: &output)
        let groups = Parallel.map(root.groups.count) { index in
            var text = ""
            write(root.groups[index], context: context, table: table, indent: "    ", into: &text)
            return text
        }
        for text in groups { output += text }
        output += "}\n"
        if table != nil { keyFunctions(context, into: &output) }
        if flavor == .static {
            output += "\n"
            output += StaticSupport(context: context, values: valuesName, access: access, fontMap: fontMap).text
        }
        return (output, namespace.diagnostics)
    }

    var access: String { accessLevel.keyword }
    /// The constant holding the runtime flavor's token table (`tokensTable`).
    var tableName: String { SwiftNamespace.tableName(rootName) }

    /// The runtime flavor's functions that make keys, one per value type the tokens are read as
    /// (`tokensKeyThemeColor(_:)`).
    ///
    /// Each key's getter calls one of these with its slot. A call of a plain function with a
    /// known result type compiles in about half the time of the table's generic `key(_:)` called
    /// in each getter, and, kept out of line, it is not inlined into every getter of an
    /// optimized build.
    private func keyFunctions(_ context: GenerationContext, into output: inout String) {
        var types: [String] = []
        for token in context.tokens {
            let type = SwiftLiterals.runtimeType(token.type)
            if !types.contains(type) { types.append(type) }
        }
        output += "\n// How each key above is made from its slot in `\(tableName)`.\n"
        for type in types {
            output += "@inline(never) nonisolated private func \(SwiftNamespace.keyFunctionName(rootName, type: type))"
            output += "(_ slot: Int) -> TesseraRuntime.TokenKey<\(type)> { \(tableName).key(slot) }\n"
        }
    }

    /// The runtime flavor's compiled theme and each token's slot in it.
    struct RuntimeTable {
        let base64: String
        let slots: [String: Int]

        init(_ context: GenerationContext) {
            let theme = Theme.compile(context.permutations)
            // Encoding a theme made here fails only for a theme too large for the file format.
            base64 = ((try? theme.encoded()).map { Data($0).base64EncodedString() }) ?? ""
            let paths = theme.paths
            slots = Dictionary(paths.indices.map { (paths[$0], $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
    var valuesName: String { rootName + "Values" }

    /// The first lines of every generated Swift file.
    package static func header(_ source: String) -> String {
        """
        // Generated by Tessera from \(source.replacingOccurrences(of: "\n", with: " ")).
        // Do not edit: `tessera build` writes this file again from the tokens.
        // swiftlint:disable all
        // swift-format-ignore-file


        """
    }

    private func write(_ group: SwiftNamespace.Group, context: GenerationContext, table: RuntimeTable?, indent: String,
        into output: inout String)
    {
        if let description = context.document.groups[TokenPath(group.path)]?.description {
            SwiftLiterals.docComment(description, indent: indent, into: &output)
        }
        output += "\(indent)\(access)enum \(group.typeName) {\n"
        let inner = indent + "    "
        members(of: group, context: context, table: table, indent: inner, into: &output)
        for child in group.groups {
            write(child, context: context, table: table, indent: inner, into: &output)
        }
        output += "\(indent)}\n"
    }

    /// A group's tokens, each with its doc comment and deprecation.
    private func members(of group: SwiftNamespace.Group, context: GenerationContext, table: RuntimeTable?, indent: String,
        into output: inout String)
    {
        for (index, name) in group.members {
            let token = context.tokens[index]
            if let description = token.description { SwiftLiterals.docComment(description, indent: indent, into: &output) }
            SwiftLiterals.deprecation(token, indent: indent, into: &output)
            output += indent
            output += access
            switch flavor {
            case .runtime:
                // A computed property with one call of a plain function: the fastest shape to compile.
                output += "static var "
                output += name
                output += ": TesseraRuntime.TokenKey<"
                let type = SwiftLiterals.runtimeType(token.type)
                output += type
                if let slot = table?.slots[token.path] {
                    output += "> { \(SwiftNamespace.keyFunctionName(rootName, type: type))(\(slot)) }\n"
                } else {
                    output += "> { .init("
                    output += SwiftLiterals.string(token.path)
                    output += ", fallback: "
                    output += SwiftLiterals.runtimeValue(token.value)
                    output += ") }\n"
                }
            case .static:
                // Computed, like the runtime flavor's keys: no stored property to initialize once.
                output += "static var "
                output += name
                let values = valuesName
                output += ": \(values).Dynamic<\(SwiftLiterals.staticType(token.type, values: values))> { "
                if token.varies {
                    output += ".init(["
                    output += token.values.map { SwiftLiterals.staticValue($0, values: values) }.joined(separator: ", ")
                    output += "], ["
                    output += token.valueIndices.map { String($0) }.joined(separator: ", ")
                    output += "]) }\n"
                } else {
                    output += ".init("
                    output += SwiftLiterals.staticValue(token.value, values: values)
                    output += ") }\n"
                }
            }
        }
    }
}
