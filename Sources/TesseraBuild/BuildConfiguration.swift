import Foundation
import Tessera
import TesseraImporters
import TesseraGenerate
import TesseraQuality
import TesseraRuntime
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
/// tenants: tenants/               # optional: a white-label system's tenants (`tessera publish`)
/// lint: { contrast: { pairs: [{ foreground: "color.text.*", background: "color.background.*" }] } }
/// modes:                          # optional: which contexts the traits choose, when their names do not say
///   appearance: { modifier: Palette, light: Paper, dark: Ink }
///   contrast: { modifier: Contrast, high: Strong }   # also level (base, elevated), sizeClass (compact, regular)
/// ```
///
/// Each output's kind names a type in an `OutputRegistry` (`.standard` unless given), which
/// reads the entry's settings and makes its files (`BuildOutput`). Unknown settings and wrong
/// values are errors at their line and column, with the closest known setting suggested.
public struct BuildConfiguration: Sendable {
    /// One output: where it goes, and its settings, read by its kind's type (`BuildOutput`),
    /// which makes its files.
    public struct Output: Sendable {
        /// The entry's settings: a value of the type its kind names in the registry.
        public var options: any BuildOutput
        /// Absolute, or relative to the configuration's folder.
        public var path: String
        /// Where in the configuration the output is, for diagnostics.
        public var location: SourceLocation

        package init(_ options: any BuildOutput, path: String, location: SourceLocation) {
            self.options = options
            self.path = path
            self.location = location
        }

        public var kind: OutputKind { type(of: options).kind }

        /// The settings as an output type's, when the output is of that type.
        public func options<Kind: BuildOutput>(as type: Kind.Type) -> Kind? { options as? Kind }
    }

    /// The configuration file.
    public var file: String
    public var name: String?
    public var resolver: String?
    public var sources: [String] = []
    /// `tenants:`: the folder of a white-label system's tenants, each a folder or file of
    /// overrides (see `TenantFolder`); validated and linted with the base, published as a feed.
    public var tenants: String?
    public var strict = false
    /// `keepGoing: true`: on an error, still write every output with the tokens no error
    /// touches (`SoundTokens`); the build still fails.
    public var keepGoing = false
    /// `sourceFormat: figma-modes`: read the sources in this format, whatever their names and
    /// content suggest (as `--source-format` does; the option wins over the setting).
    public var sourceFormat: String?
    public var outputs: [Output] = []
    /// The `lint:` section: what `tessera lint` checks (see `LintConfiguration`).
    public var lint = LintConfiguration()
    /// The `modes:` section: which modifier and contexts each trait chooses, for every output
    /// that carries appearances; nil when the contexts' names say it.
    public var modes: ModeSettings?
    /// The `diagnostics:` section: a severity (`error`, `warning`, `note`) or `off` for
    /// diagnostic ids, applied to the warnings and notes of every command that reads this
    /// configuration (`PipelineOptions.severities`); a command's `--diagnostic` wins.
    public var diagnostics: [DiagnosticID: RuleSetting] = [:]
    /// Where each of `modes`' choices is written, by trait, to locate what is wrong with it.
    package var modeLocations: [ThemeTrait: SourceLocation] = [:]
    /// The configuration file's text as it was read, so that nothing reads it again (to show
    /// its lines in diagnostics, or to tell whether it changed since the last build).
    package var source: SourceFile?

    /// The folder paths are relative to.
    public var folder: String { (file as NSString).deletingLastPathComponent }

    /// Whether a path names a folder.
    package static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// An absolute path for a path in the configuration.
    package func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let base = folder.isEmpty ? FileManager.default.currentDirectoryPath : folder
        return ((base as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    static let topKeys = ["name", "resolver", "sources", "tenants", "strict", "keepGoing", "sourceFormat", "outputs", "lint", "modes", "diagnostics"]
    /// Reads a configuration file: the configuration, or nil with the errors. Each output's kind
    /// is looked up in `outputs`.
    public static func load(_ path: String, outputs: OutputRegistry = .standard)
        -> (configuration: BuildConfiguration?, diagnostics: [Diagnostic])
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [Diagnostic(.configMissing("a readable file", in: "the configuration '\(path)'"),
                at: SourceLocation(file: path, line: 0, column: 0))])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (nil, [Diagnostic(.configSyntax("the file is not UTF-8"), at: SourceLocation(file: path, line: 1, column: 1))])
        }
        var (configuration, diagnostics) = parse(text, file: path, outputs: outputs)
        configuration?.source = SourceFile(path: path, bytes: Array(data))
        return (configuration, diagnostics)
    }

    /// Reads a configuration's text.
    public static func parse(_ text: String, file: String, outputs: OutputRegistry = .standard)
        -> (configuration: BuildConfiguration?, diagnostics: [Diagnostic])
    {
        var reader = Reader(file: file, outputs: outputs)
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
        /// The kinds of output there are.
        var outputs: OutputRegistry = .standard
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

        /// The `modes:` section: for each trait, `{ modifier: name, <value>: context, … }`.
        mutating func modes(_ node: Node) -> (ModeSettings?, [ThemeTrait: SourceLocation]) {
            var settings = ModeSettings()
            var locations: [ThemeTrait: SourceLocation] = [:]
            for (name, _, value) in members(node, known: ThemeTrait.allCases.map(\.rawValue), place: "modes") {
                let trait = ThemeTrait(rawValue: name)!
                let written = members(value, known: ["modifier"] + trait.values, place: "modes.\(name)")
                guard case .mapping = value else { continue }
                guard let modifierNode = written.first(where: { $0.key == "modifier" })?.value else {
                    report(.configMissing("modifier", in: "modes.\(name)"), at: value)
                    continue
                }
                guard let modifier = string(modifierNode, key: "modifier") else { continue }
                var contexts: [String: String] = [:]
                for (key, _, context) in written where key != "modifier" {
                    if let context = string(context, key: "modes.\(name).\(key)") { contexts[key] = context }
                }
                settings[trait] = ModeSettings.Choice(modifier: modifier, contexts: contexts)
                locations[trait] = location(value)
            }
            return (settings.choices.isEmpty ? nil : settings, locations)
        }

        /// The `diagnostics:` section: diagnostic id → `error`, `warning`, `note` or `off`. An id
        /// nothing reports is an error, with the closest one suggested.
        mutating func severities(_ node: Node) -> [DiagnosticID: RuleSetting] {
            guard case .mapping(let mapping) = node else {
                report(.configInvalidValue("diagnostics", expected: "a mapping of diagnostic ids to error, warning, note or off",
                    found: Self.kind(node)), at: node)
                return [:]
            }
            let known = DiagnosticID.configurable
            var result: [DiagnosticID: RuleSetting] = [:]
            for (key, value) in mapping {
                guard let name = key.string else { continue }
                let id = DiagnosticID(rawValue: name)
                guard known.contains(id) else {
                    var notes = Suggestions.closest(to: name, in: known.map(\.rawValue)).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                    if name.hasPrefix("lint.") {
                        notes.append(Diagnostic.Note("a lint rule's severity is set in the lint: section, as lint: { \(name.dropFirst(5)): off }"))
                    }
                    report(.configUnknownDiagnostic(name), at: key, notes: notes
                        + [Diagnostic.Note("a diagnostic's id is printed in brackets after its message")])
                    continue
                }
                if let setting = choice(value, key: name, RuleSetting.self) { result[id] = setting }
            }
            return result
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
                case "keepGoing": configuration.keepGoing = bool(value, key: key) ?? false
                case "sourceFormat":
                    guard let format = string(value, key: key) else { continue }
                    if ImporterRegistry.standard.forcing(format) == nil {
                        let names = ImporterRegistry.standard.names
                        let notes = Suggestions.closest(to: format, in: names).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                        report(.configInvalidValue(key, expected: "one of " + names.joined(separator: ", "), found: "'\(format)'"), at: value,
                            notes: notes)
                    } else {
                        configuration.sourceFormat = format
                    }
                case "sources": configuration.sources = strings(value, key: key)
                case "tenants": configuration.tenants = string(value, key: key)
                case "lint": configuration.lint = lint(value)
                case "modes": (configuration.modes, configuration.modeLocations) = modes(value)
                case "diagnostics": configuration.diagnostics = severities(value)
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

        /// Lets each output find the others it uses (`enums` and `components` the `swift` output
        /// they name).
        mutating func linkOutputs(_ outputs: inout [Output]) {
            for index in outputs.indices {
                let all = outputs
                diagnostics += outputs[index].options.link(to: all, at: outputs[index].location)
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
            let kinds = outputs.kinds.map(\.rawValue)
            guard case .mapping(let mapping) = node, mapping.count == 1, let (keyNode, settings) = mapping.first,
                let name = keyNode.string
            else {
                report(.configInvalidValue("outputs", expected: "entries of one kind each (\(kinds.joined(separator: ", "))), such as '- \(kinds.first ?? "swift"): { path: Tokens.swift }'",
                    found: Self.kind(node)), at: node)
                return nil
            }
            guard let type = outputs[OutputKind(name)] else {
                let notes = Suggestions.closest(to: name, in: kinds).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                report(.configUnknownKey(name, in: "outputs", known: kinds), at: keyNode, notes: notes)
                return nil
            }
            let members = members(settings, known: ["path"] + type.settings, place: "a '\(name)' output")
            var reading = OutputSettings(kind: type.kind, location: location(keyNode), members: members, file: file)
            let path = reading.string("path")
            if path == nil { reading.missingPath() }
            let options = type.init(&reading)
            diagnostics += reading.diagnostics
            return Output(options, path: path ?? "", location: location(keyNode))
        }
    }

    /// The starter configuration `tessera init` writes: commented, for the token files found.
    package static func starter(resolver: String?, sources: [String]) -> String {
        var text = """
        # Tessera: what to generate from the design tokens. `tessera build` runs every output;
        # paths are relative to this file. Unknown settings are errors. Every setting: the
        # tessera.yml article of the TesseraBuild documentation.

        # name: App                    # the system's name in outputs (default: the resolver's)

        """
        if let resolver {
            text += "# A resolver (DTCG 2025.10), or anything an importer reads with modes (asset catalog, Figma).\n"
            text += "resolver: \(resolver)\n"
        } else {
            text += "# Token files and folders, merged in order (or `resolver:` for a system with modes).\n"
            text += "sources:\n"
            for source in sources { text += "  - \(source)\n" }
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
          # Any other format, from a Mustache template (its context: the tessera.yml article of
          # the TesseraBuild documentation, "What each output holds").
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

        # What `tessera lint` checks, in every permutation (each rule: the Quality gates article
        # of the TesseraBuild documentation).
        # lint:
        #   contrast:
        #     pairs:
        #       - { foreground: "color.text.*", background: "color.background.*" }

        """
        return text
    }
}
