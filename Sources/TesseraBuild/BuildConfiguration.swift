import Foundation
import Tessera
import TesseraGenerate
import TesseraQuality
import Yams

/// `tessera.yml`: where the tokens are and what to generate from them. Paths are relative to
/// the configuration's folder.
///
/// ```yaml
/// name: App                        # optional: the system's name (else the resolver's or the folder's)
/// resolver: tokens/app.resolver.json   # a resolver, or anything an importer reads with modes
/// # sources: [tokens/]             # or token files and folders, merged in order
/// outputs:
///   - swift: { path: Generated/Tokens.swift, flavor: runtime, name: Tokens, access: public }
///   - assets: { path: Generated/Tokens.xcassets }
///   - css: { path: web/tokens.css, prefix: ds }
///   - bundle: { path: Generated/tokens.bundle.json }
///   - template: { path: Generated/Tokens.kt, template: templates/kotlin.mustache }
///   - registry: { path: Generated/ThemeTokens.swift, name: ThemeTokens }
///   - enums: { path: Generated/AppTheming.swift, name: AppTheming, tokens: Tokens,
///              enums: { ColourType: Accent, CornerRadiusType: radius } }
///   - components: { path: Generated/Components.swift, group: component, tokens: Tokens }
///                  # or groups: [button, card], the components' groups themselves
///   - catalog: { path: catalog, title: App tokens }   # a browsable page: catalog/index.html
/// lint: { contrast: { pairs: [{ foreground: "color.text.*", background: "color.background.*" }] } }
/// ```
///
/// Unknown settings and wrong values are errors at their line and column, with the closest
/// known setting suggested.
public struct BuildConfiguration: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case swift, assets, css, bundle, template, theme, registry, enums, components, catalog

        /// Whether the output is Swift source (what the build plugin compiles).
        public var isSwift: Bool { self == .swift || self == .registry || self == .enums || self == .components }
    }

    /// One output: where it goes and how it is made.
    public struct Output: Sendable {
        public var kind: Kind
        /// Absolute, or relative to the configuration's folder.
        public var path: String
        public var swift = SwiftEmitter()
        public var assets = AssetCatalogEmitter()
        public var css = CSSEmitter()
        public var bundle = BundleEmitter()
        public var registry = RegistryEmitter()
        public var enums = EnumEmitter(enums: [])
        public var components = ComponentEmitter()
        public var catalog = CatalogEmitter()
        /// The root name of the `swift` output whose members an `enums` or `components` output uses.
        public var link: String?
        /// The template file of a `template` output.
        public var template: String?
        /// Where in the configuration the output is, for diagnostics.
        public var location: SourceLocation
    }

    /// The configuration file.
    public var file: String
    public var name: String?
    public var resolver: String?
    public var sources: [String] = []
    public var strict = false
    public var outputs: [Output] = []
    /// The `lint:` section: what `tessera lint` checks (see `LintConfiguration`).
    public var lint = LintConfiguration()

    /// The folder paths are relative to.
    public var folder: String { (file as NSString).deletingLastPathComponent }

    /// Whether a path names a folder.
    public static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// An absolute path for a path in the configuration.
    public func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let base = folder.isEmpty ? FileManager.default.currentDirectoryPath : folder
        return ((base as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    static let topKeys = ["name", "resolver", "sources", "strict", "outputs", "lint"]
    static let outputKeys: [Kind: [String]] = [
        .swift: ["path", "flavor", "name", "access"],
        .assets: ["path", "namespaces", "wideGamut", "contexts"],
        .css: ["path", "prefix", "selector"],
        .bundle: ["path", "pretty"],
        .template: ["path", "template"],
        .theme: ["path"],
        .registry: ["path", "name", "access", "short"],
        .enums: ["path", "name", "access", "tokens", "enums"],
        .components: ["path", "group", "groups", "access", "tokens"],
        .catalog: ["path", "title"],
    ]

    /// Reads a configuration file: the configuration, or nil with the errors.
    public static func load(_ path: String) -> (configuration: BuildConfiguration?, diagnostics: [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [Diagnostic(.configMissing("a readable file", in: "the configuration '\(path)'"),
                at: SourceLocation(file: path, line: 0, column: 0))])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (nil, [Diagnostic(.configSyntax("the file is not UTF-8"), at: SourceLocation(file: path, line: 1, column: 1))])
        }
        return parse(text, file: path)
    }

    /// Reads a configuration's text.
    public static func parse(_ text: String, file: String) -> (configuration: BuildConfiguration?, diagnostics: [Diagnostic]) {
        var reader = Reader(file: file)
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            let (line, column, problem) = Reader.describe(error)
            return (nil, [Diagnostic(.configSyntax(problem), at: SourceLocation(file: file, line: line, column: column))])
        } catch {
            return (nil, [Diagnostic(.configSyntax("\(error)"), at: SourceLocation(file: file, line: 1, column: 1))])
        }
        let configuration = reader.read(node)
        let diagnostics = reader.diagnostics
        return (diagnostics.contains { $0.severity == .error } ? nil : configuration, diagnostics)
    }

    /// Walks the YAML and reports what is wrong, where.
    struct Reader {
        let file: String
        var diagnostics: [Diagnostic] = []

        static func describe(_ error: YamlError) -> (Int, Int, String) {
            switch error {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                let text = context.map { "\($0.text) \(problem)" } ?? problem
                return (mark.line, mark.column, text)
            case .reader(let problem, _, _, _): return (1, 1, problem)
            default: return (1, 1, "\(error)")
            }
        }

        func location(_ node: Node?) -> SourceLocation {
            guard let mark = node?.mark else { return SourceLocation(file: file, line: 1, column: 1) }
            return SourceLocation(file: file, line: mark.line, column: mark.column)
        }

        mutating func report(_ message: DiagnosticMessage, at node: Node?, notes: [Diagnostic.Note] = []) {
            diagnostics.append(Diagnostic(message, at: location(node), notes: notes))
        }

        static func kind(_ node: Node) -> String {
            switch node {
            case .scalar(let scalar): "'\(scalar.string)'"
            case .mapping: "a mapping"
            case .sequence: "a list"
            case .alias: "an alias"
            }
        }

        /// A mapping's members; unknown keys reported with the closest known one.
        mutating func members(_ node: Node, known: [String], place: String) -> [(key: String, keyNode: Node, value: Node)] {
            guard case .mapping(let mapping) = node else {
                report(.configInvalidValue(place, expected: "a mapping of settings", found: Self.kind(node)), at: node)
                return []
            }
            var result: [(String, Node, Node)] = []
            for (key, value) in mapping {
                guard let name = key.string else { continue }
                if known.contains(name) {
                    result.append((name, key, value))
                } else {
                    let notes = Suggestions.closest(to: name, in: known).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                    report(.configUnknownKey(name, in: place, known: known), at: key, notes: notes)
                }
            }
            return result
        }

        mutating func string(_ node: Node, key: String) -> String? {
            if case .scalar(let scalar) = node, !scalar.string.isEmpty { return scalar.string }
            report(.configInvalidValue(key, expected: "a string", found: Self.kind(node)), at: node)
            return nil
        }

        /// A list of strings, or one string.
        mutating func strings(_ node: Node, key: String) -> [String] {
            if case .sequence(let list) = node { return list.compactMap { string($0, key: key) } }
            if let single = node.string { return [single] }
            report(.configInvalidValue(key, expected: "a list", found: Self.kind(node)), at: node)
            return []
        }

        mutating func bool(_ node: Node, key: String) -> Bool? {
            if let flag = node.bool { return flag }
            report(.configInvalidValue(key, expected: "true or false", found: Self.kind(node)), at: node)
            return nil
        }

        mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: Node, key: String, _: Choice.Type) -> Choice?
        where Choice.RawValue == String {
            let names = Choice.allCases.map(\.rawValue)
            if let text = node.string, let choice = Choice(rawValue: text) { return choice }
            let notes = node.string.flatMap { Suggestions.closest(to: $0, in: names) }.map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
            report(.configInvalidValue(key, expected: "one of " + names.joined(separator: ", "), found: Self.kind(node)), at: node,
                notes: notes)
            return nil
        }

        mutating func read(_ root: Node?) -> BuildConfiguration {
            var configuration = BuildConfiguration(file: file)
            guard let root else {
                report(.configMissing("outputs", in: "the configuration"), at: nil)
                return configuration
            }
            let members = members(root, known: BuildConfiguration.topKeys, place: "the configuration")
            for (key, _, value) in members {
                switch key {
                case "name": configuration.name = string(value, key: key)
                case "resolver": configuration.resolver = string(value, key: key)
                case "strict": configuration.strict = bool(value, key: key) ?? false
                case "sources": configuration.sources = strings(value, key: key)
                case "lint": configuration.lint = lint(value)
                case "outputs":
                    guard case .sequence(let list) = value else {
                        report(.configInvalidValue(key, expected: "a list of outputs", found: Self.kind(value)), at: value)
                        continue
                    }
                    configuration.outputs = list.compactMap { output($0) }
                    linkOutputs(&configuration.outputs)
                default: break
                }
            }
            if case .mapping = root {
                if configuration.resolver == nil && configuration.sources.isEmpty {
                    report(.configMissing("'resolver' or 'sources'", in: "the configuration"), at: root)
                }
                if configuration.resolver != nil && !configuration.sources.isEmpty {
                    report(.configInvalidValue("sources", expected: "left out when there is a 'resolver' (the resolver lists its sources)",
                        found: "both"), at: root)
                }
                if !members.contains(where: { $0.key == "outputs" }) { report(.configMissing("outputs", in: "the configuration"), at: root) }
            }
            return configuration
        }

        /// Points each `enums` and `components` output at the `swift` output it names.
        mutating func linkOutputs(_ outputs: inout [Output]) {
            let swift = outputs.filter { $0.kind == .swift }
            let names = swift.map(\.swift.rootName)
            for index in outputs.indices where outputs[index].kind == .enums || outputs[index].kind == .components {
                let output = outputs[index]
                guard let name = output.link else {
                    if output.kind == .components {
                        report(.configMissing("tokens (the name of the 'swift' output whose values the components start from)",
                            in: "a 'components' output"), at: output.location)
                    }
                    continue
                }
                guard let target = swift.first(where: { $0.swift.rootName == name }) else {
                    let notes = Suggestions.closest(to: name, in: names).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                    report(.configInvalidValue("tokens", expected: names.isEmpty ? "the name of a 'swift' output, and there is none"
                        : "the name of a 'swift' output (\(names.joined(separator: ", ")))", found: "'\(name)'"),
                        at: output.location, notes: notes)
                    continue
                }
                let link = SwiftLink(rootName: target.swift.rootName, flavor: target.swift.flavor)
                outputs[index].enums.link = link
                outputs[index].components.link = link
            }
        }

        mutating func report(_ message: DiagnosticMessage, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
            diagnostics.append(Diagnostic(message, at: location, notes: notes))
        }

        /// A Swift type name, or nil with an error.
        mutating func typeName(_ node: Node, key: String) -> String? {
            guard let text = string(node, key: key) else { return nil }
            let identifier = OutputContext.swiftIdentifier([text], casing: .upperCamel)
            if identifier != text {
                report(.configInvalidValue(key, expected: "a Swift type name such as '\(identifier)'", found: "'\(text)'"), at: node)
                return nil
            }
            return text
        }

        mutating func output(_ node: Node) -> Output? {
            let kinds = Kind.allCases.map(\.rawValue)
            guard case .mapping(let mapping) = node, mapping.count == 1, let (keyNode, settings) = mapping.first,
                let name = keyNode.string
            else {
                report(.configInvalidValue("outputs", expected: "entries of one kind each (\(kinds.joined(separator: ", "))), such as '- swift: { path: Tokens.swift }'",
                    found: Self.kind(node)), at: node)
                return nil
            }
            guard let kind = Kind(rawValue: name) else {
                let notes = Suggestions.closest(to: name, in: kinds).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                report(.configUnknownKey(name, in: "outputs", known: kinds), at: keyNode, notes: notes)
                return nil
            }
            var output = Output(kind: kind, path: "", location: location(keyNode))
            var hasPath = false
            var hasEnums = false
            for (key, _, value) in members(settings, known: BuildConfiguration.outputKeys[kind]!, place: "a '\(name)' output") {
                switch key {
                case "path":
                    if let path = string(value, key: key) {
                        output.path = path
                        hasPath = true
                    }
                case "flavor": output.swift.flavor = choice(value, key: key, SwiftEmitter.Flavor.self) ?? .runtime
                case "name":
                    guard let text = typeName(value, key: key) else { continue }
                    switch kind {
                    case .registry: output.registry.name = text
                    case .enums: output.enums.container = text
                    default: output.swift.rootName = text
                    }
                case "access":
                    let level = choice(value, key: key, SwiftEmitter.AccessLevel.self) ?? .public
                    output.swift.accessLevel = level
                    output.registry.accessLevel = level
                    output.enums.accessLevel = level
                    output.components.accessLevel = level
                case "short": output.registry.shortFiles = strings(value, key: key)
                case "tokens": output.link = typeName(value, key: key)
                case "group": output.components.group = string(value, key: key) ?? output.components.group
                case "groups": output.components.groups = strings(value, key: key)
                case "enums":
                    hasEnums = true
                    guard case .mapping(let pairs) = value, !pairs.isEmpty else {
                        report(.configInvalidValue(key, expected: "a mapping of enum name to group, such as '{ ColourType: Accent }'",
                            found: Self.kind(value)), at: value)
                        continue
                    }
                    for (name, group) in pairs {
                        guard let enumName = typeName(name, key: "enums"), let group = group.string else {
                            if name.string != nil, group.string == nil {
                                report(.configInvalidValue(name.string!, expected: "a group path", found: Self.kind(group)), at: group)
                            }
                            continue
                        }
                        output.enums.enums.append(EnumEmitter.Definition(name: enumName, group: group))
                    }
                case "namespaces": output.assets.namespaces = bool(value, key: key) ?? true
                case "wideGamut": output.assets.wideGamut = bool(value, key: key) ?? true
                case "contexts":
                    guard case .mapping(let pairs) = value else {
                        report(.configInvalidValue(key, expected: "a mapping of modifier to context", found: Self.kind(value)), at: value)
                        continue
                    }
                    for (modifier, context) in pairs {
                        if let modifier = modifier.string, let context = string(context, key: modifier) {
                            output.assets.contexts[modifier] = context
                        }
                    }
                case "prefix": output.css.prefix = string(value, key: key) ?? ""
                case "selector": output.css.selector = string(value, key: key) ?? ":root"
                case "pretty": output.bundle.pretty = bool(value, key: key) ?? true
                case "template": output.template = string(value, key: key)
                case "title": output.catalog.title = string(value, key: key)
                default: break
                }
            }
            if !hasPath { report(.configMissing("path", in: "a '\(name)' output"), at: keyNode) }
            if kind == .template && output.template == nil { report(.configMissing("template", in: "a 'template' output"), at: keyNode) }
            if kind == .enums && !hasEnums {
                report(.configMissing("enums (a mapping of enum name to group)", in: "an 'enums' output"), at: keyNode)
            }
            return output
        }
    }

    /// The starter configuration `tessera init` writes: commented, for the token files found.
    public static func starter(resolver: String?, sources: [String]) -> String {
        var text = """
        # Tessera: what to generate from the design tokens. `tessera build` runs every output;
        # paths are relative to this file. Unknown settings are errors.

        # name: App                    # the system's name in outputs (default: the resolver's)

        """
        if let resolver {
            text += "# A resolver (DTCG 2025.10), or anything an importer reads with modes (asset catalog, Figma).\n"
            text += "resolver: \(resolver)\n"
        } else {
            text += "# Token files and folders, merged in order (or `resolver:` for a system with modes).\n"
            text += "sources:\n"
            for source in sources.isEmpty ? ["tokens"] : sources { text += "  - \(source)\n" }
        }
        text += """

        outputs:
          # Typed keys read from a runtime Theme (flavor: runtime), or literal values with no
          # dependency (flavor: static). access: public | package | internal.
          - swift:
              path: Generated/Tokens.swift
              flavor: runtime
              name: Tokens
          # An asset catalog with a color set per color token (dark and high contrast appearances).
          - assets:
              path: Generated/Tokens.xcassets
          # CSS custom properties with prefers-color-scheme and prefers-contrast media queries.
          # - css:
          #     path: web/tokens.css
          # Every permutation resolved, as JSON.
          # - bundle:
          #     path: Generated/tokens.bundle.json
          # Any other format, from a Mustache template (see the README for its context).
          # - template:
          #     path: Generated/Tokens.kt
          #     template: templates/tokens.kt.mustache
          # Every token's path as a string constant ({A.b} for the colors of colors.json).
          # - registry:
          #     path: Generated/ThemeTokens.swift
          # An enum per group (raw values: the tokens' names), with membership checks; `tokens`
          # names the Swift output whose values the cases return.
          # - enums:
          #     path: Generated/AppTheming.swift
          #     name: AppTheming
          #     tokens: Tokens
          #     enums: { ColourType: color, CornerRadiusType: radius }
          # A struct per component group, its values replaceable per instance.
          # - components:
          #     path: Generated/Components.swift
          #     group: component
          #     tokens: Tokens
          # A browsable HTML page of every token in every appearance (catalog/index.html).
          # - catalog:
          #     path: catalog

        # What `tessera lint` checks, in every permutation (each rule is in the README).
        # lint:
        #   contrast:
        #     pairs:
        #       - { foreground: "color.text.*", background: "color.background.*" }

        """
        return text
    }
}
