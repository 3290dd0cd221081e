import Tessera

/// A `swift` output of the same build that another Swift output refers to for values: its root
/// name and flavor say how each token's member is spelled and typed.
package struct SwiftLink: Sendable, Hashable {
    package var rootName: String
    package var flavor: SwiftEmitter.Flavor

    package init(rootName: String, flavor: SwiftEmitter.Flavor) {
        self.rootName = rootName
        self.flavor = flavor
    }

    /// Each token's member as an expression (`Tokens.Color.highlight`), by token index.
    package func references(_ context: GenerationContext) -> [String] {
        SwiftNamespace(context, rootName: rootName).memberPaths.map { "\(rootName).\($0)" }
    }

    /// The type of a token's member: a `TokenKey` (runtime) or a `Dynamic` value (static).
    func memberType(_ type: TokenType) -> String {
        switch flavor {
        case .runtime: "TesseraRuntime.TokenKey<\(SwiftLiterals.runtimeType(type))>"
        case .static: "\(rootName)Values.Dynamic<\(SwiftLiterals.staticType(type, values: rootName + "Values"))>"
        }
    }
}

/// Names in the seeds' shapes: a token's own name kept as it is when Swift accepts it
/// (`large_title`, `radius_1`, `textPrimary`), else made lowerCamelCase (`accent-600` →
/// `accent600`); two members that come out the same told apart and reported.
struct MemberNames {
    private var taken: Set<String> = []
    private var owners: [String: String] = [:]
    private(set) var diagnostics: [Diagnostic] = []
    let file: String

    init(file: String, reserved: Set<String> = []) {
        self.file = file
        taken = reserved
    }

    /// A name for a token's member: `name` when free, else `name_2`, `name_3`…
    mutating func claim(_ name: String, path: String) -> String {
        let unique = UniqueName.claim(name, in: &taken, spelled: SwiftNamespace.numbered)
        if unique != name {
            diagnostics.append(Diagnostic(.swiftNameCollision(path, other: owners[name] ?? name, name: name, renamed: unique),
                at: SourceLocation(file: file, line: 0, column: 0, token: path)))
        }
        owners[unique] = path
        return unique
    }

    /// An output part left out, and why.
    static func skipped(_ what: String, reason: String, file: String) -> Diagnostic {
        Diagnostic(.outputSkipped(what, reason: reason), at: SourceLocation(file: file, line: 0, column: 0))
    }

    /// The header of a generated file, with `import Tessera` for a runtime link.
    static func opening(_ sourceDescription: String, link: SwiftLink?) -> String {
        SwiftEmitter.header(sourceDescription) + (link?.flavor == .runtime ? "import TesseraRuntime\n\n" : "")
    }

    /// `name` itself when it is a plain Swift identifier, else its lowerCamelCase identifier.
    static func member(_ name: String) -> String {
        var bytes = name.utf8.makeIterator()
        var plain = false
        if let first = bytes.next(), first == UInt8(ascii: "_") || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")) {
            plain = true
            while let byte = bytes.next() {
                let letter = byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
                if !(letter || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))) {
                    plain = false
                    break
                }
            }
        }
        if plain && name != "_" {
            return OutputContext.swiftKeywords.contains(name) ? "`\(name)`" : name
        }
        return OutputContext.swiftIdentifier([name], casing: .lowerCamel)
    }

    /// The tokens in a group (dot-separated; "" for all), by index, with their names below it.
    static func tokens(in group: String, of context: GenerationContext) -> [(index: Int, names: ArraySlice<String>)] {
        let depth = group.isEmpty ? 0 : TokenPathSyntax.names(of: group).count
        let prefix = group + "."
        return context.tokens.indices.compactMap { index in
            let token = context.tokens[index]
            guard group.isEmpty || token.path.hasPrefix(prefix) else { return nil }
            return (index, token.names[depth...])
        }
    }
}

/// A registry of every token's path as a string constant, for apps that look tokens up by
/// path (seeds/000's `ThemeTokens` and its `ConfigParser`): `{Accent.accent-400}` for a token
/// of a palette file (`colors.json` unless `shortFiles` says otherwise), whose lookup takes a
/// short reference, and `theme/navigation/bottom/highlight` for every other token.
///
/// ```swift
/// public enum ThemeTokens {
///     public static let accentAccent400 = "{Accent.accent-400}"
///     public static let themeNavigationBottomHighlight = "theme/navigation/bottom/highlight"
/// }
/// ```
package struct RegistryEmitter: Sendable {
    package var name: String
    package var accessLevel: SwiftEmitter.AccessLevel
    /// Files (by name) whose tokens are written `{Group.name}`.
    package var shortFiles: [String]
    package var sourceDescription: String

    package init(name: String = "ThemeTokens", accessLevel: SwiftEmitter.AccessLevel = .public,
        shortFiles: [String] = ["colors.json"], sourceDescription: String = "design tokens")
    {
        self.name = name
        self.accessLevel = accessLevel
        self.shortFiles = shortFiles
        self.sourceDescription = sourceDescription
    }

    package func emit(_ context: GenerationContext) -> (text: String, diagnostics: [Diagnostic]) {
        let access = accessLevel.keyword
        var names = MemberNames(file: context.document.files.first?.path ?? "")
        var output = SwiftEmitter.header(sourceDescription)
        output += "/// Every token's path: `{Group.name}` for a palette color, `group/name` for the others.\n"
        output += "nonisolated \(access)enum \(name) {\n"
        var cache: [String: Bool] = [:]
        for token in context.tokens {
            let file = token.anchor.file.path
            let short = cache[file] ?? shortFiles.contains(lastComponent(file))
            cache[file] = short
            let member = names.claim(OutputContext.swiftIdentifier(token.names, casing: .lowerCamel), path: token.path)
            if let description = token.description { SwiftLiterals.docComment(description, indent: "    ", into: &output) }
            SwiftLiterals.deprecation(token, indent: "    ", into: &output)
            let text = short ? "{\(token.path)}" : token.names.joined(separator: "/")
            output += "    \(access)static let \(member) = \(SwiftLiterals.string(text))\n"
        }
        output += "}\n"
        return (output, names.diagnostics)
    }

    private func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// Enums over groups of tokens, one case per token, for the apps that name tokens by case:
/// seeds/000's `AppTheming` (`ColourType`, `CornerRadiusType`, `ThemeBorderType`,
/// `TypographyType`) and seeds/004's role enums with their membership checks.
///
/// Each enum is a `String` enum whose raw values are the tokens' own names (what JSON keys
/// and `TypographyParser` match against), with `path`, the token's member in a linked `swift`
/// output (`token`, when every token of the group has one type), and for each group that holds
/// some of its tokens — a subgroup, or a group in the token's `roleGroups` (`roleGroupKeys`)
/// — a check and a list: `isTextRole` and `textRoles` for an enum named `…Role`,
/// `isAccentType` and `accentTypes` for one named `…Type`. Deprecated tokens are left out.
package struct EnumEmitter: Sendable {
    /// One enum: its name and the group (dot-separated) whose tokens are its cases.
    package struct Definition: Sendable, Hashable {
        package var name: String
        package var group: String

        package init(name: String, group: String) {
            self.name = name
            self.group = group
        }
    }

    /// The `$extensions` whose `roleGroups` name groups a token is in (the Gentle importer
    /// writes `dev.tessera.gentle`).
    package static let roleGroupKeys = ["dev.tessera", "dev.tessera.gentle"]

    package var enums: [Definition]
    /// The enum the others are nested in (`AppTheming`); nil for top-level enums.
    package var container: String?
    package var accessLevel: SwiftEmitter.AccessLevel
    /// The `swift` output whose members `token` returns.
    package var link: SwiftLink?
    package var sourceDescription: String

    package init(enums: [Definition], container: String? = nil, accessLevel: SwiftEmitter.AccessLevel = .public,
        link: SwiftLink? = nil, sourceDescription: String = "design tokens")
    {
        self.enums = enums
        self.container = container
        self.accessLevel = accessLevel
        self.link = link
        self.sourceDescription = sourceDescription
    }

    package func emit(_ context: GenerationContext) -> (text: String, diagnostics: [Diagnostic]) {
        let access = accessLevel.keyword
        let file = context.document.files.first?.path ?? ""
        var diagnostics: [Diagnostic] = []
        let references = link.map { $0.references(context) }
        var output = MemberNames.opening(sourceDescription, link: link)
        var indent = ""
        if let container {
            output += "nonisolated \(access)enum \(container) {\n"
            indent = "    "
        }
        for (number, definition) in enums.enumerated() {
            let members = MemberNames.tokens(in: definition.group, of: context).filter { context.tokens[$0.index].deprecated == nil }
            guard !members.isEmpty else {
                diagnostics.append(MemberNames.skipped("enum '\(definition.name)'",
                    reason: "group '\(definition.group)' holds no token that is not deprecated", file: file))
                continue
            }
            if number > 0 || container != nil, !output.hasSuffix("{\n") { output += "\n" }
            var names = MemberNames(file: file, reserved: ["path", "token", "allCases", "rawValue", "init"])
            // Each token's case and raw value: its own name, or its path below the group when names repeat.
            var lastNames: [String: Int] = [:]
            for member in members { lastNames[member.names.last!, default: 0] += 1 }
            let cases = members.map { member -> (index: Int, name: String, raw: String) in
                let own = member.names.last!
                let repeated = lastNames[own]! > 1
                let raw = repeated ? member.names.joined(separator: ".") : own
                let identifier = repeated ? OutputContext.swiftIdentifier(Array(member.names), casing: .lowerCamel) : MemberNames.member(own)
                return (member.index, names.claim(identifier, path: context.tokens[member.index].path), raw)
            }
            let inner = indent + "    "
            output += "\(indent)\(indent.isEmpty ? "nonisolated " : "")\(access)enum \(definition.name): String, CaseIterable, Sendable {\n"
            for item in cases {
                let token = context.tokens[item.index]
                if let description = token.description { SwiftLiterals.docComment(description, indent: inner, into: &output) }
                output += "\(inner)case \(item.name)"
                if item.name.trimmingCharacters(in: ["`"]) != item.raw { output += " = \(SwiftLiterals.string(item.raw))" }
                output += "\n"
            }
            // The token's path.
            output += "\n\(inner)/// The token's path.\n\(inner)\(access)var path: String {\n\(inner)    switch self {\n"
            for item in cases {
                output += "\(inner)    case .\(item.name): \(SwiftLiterals.string(context.tokens[item.index].path))\n"
            }
            output += "\(inner)    }\n\(inner)}\n"
            // The token's member in the linked output.
            if let link, let references {
                let types = Set(cases.map { context.tokens[$0.index].type })
                if types.count == 1, let type = types.first {
                    output += "\n\(inner)/// The token in `\(link.rootName)`.\n\(inner)\(access)var token: \(link.memberType(type)) {\n\(inner)    switch self {\n"
                    for item in cases { output += "\(inner)    case .\(item.name): \(references[item.index])\n" }
                    output += "\(inner)    }\n\(inner)}\n"
                } else {
                    let kinds = types.map(\.rawValue).sorted().joined(separator: ", ")
                    diagnostics.append(MemberNames.skipped("'\(definition.name).token'",
                        reason: "the tokens of group '\(definition.group)' are of \(types.count) types (\(kinds))", file: file))
                }
            }
            membership(definition, cases: cases, context: context, indent: inner, access: access, names: &names, into: &output)
            output += "\(indent)}\n"
            diagnostics += names.diagnostics
        }
        if container != nil { output += "}\n" }
        return (output, diagnostics)
    }

    /// `isTextRole` and `textRoles` for each group holding some of the cases: the first subgroup
    /// below the enum's group, and the groups the token's extensions name.
    private func membership(_ definition: Definition, cases: [(index: Int, name: String, raw: String)], context: GenerationContext,
        indent: String, access: String, names: inout MemberNames, into output: inout String)
    {
        let depth = definition.group.isEmpty ? 0 : TokenPathSyntax.names(of: definition.group).count
        var groups: [String] = []
        var holders: [String: [String]] = [:]
        for item in cases {
            let token = context.tokens[item.index]
            var own: [String] = token.names.count > depth + 1 ? [token.names[depth]] : []
            for key in Self.roleGroupKeys {
                for group in token.extensions?[key]?["roleGroups"]?.array ?? [] {
                    if let name = group.string, !own.contains(name) { own.append(name) }
                }
            }
            for group in own {
                if holders[group] == nil { groups.append(group) }
                holders[group, default: []].append(item.name)
            }
        }
        let suffix = OutputContext.name([OutputContext.words([definition.name]).last ?? ""], casing: .upperCamel)
        for group in groups {
            let words = OutputContext.words([group]) + [suffix]
            let check = names.claim(OutputContext.swiftIdentifier(["is"] + words, casing: .lowerCamel), path: "\(definition.name).\(group)")
            let list = names.claim(OutputContext.swiftIdentifier(words.dropLast() + [suffix + "s"], casing: .lowerCamel),
                path: "\(definition.name).\(group)")
            let members = holders[group]!.map { ".\($0)" }.joined(separator: ", ")
            output += "\n\(indent)/// The cases in group '\(group)'.\n"
            output += "\(indent)\(access)static let \(list): [Self] = [\(members)]\n"
            output += "\(indent)/// Whether the case is in group '\(group)'.\n"
            output += "\(indent)\(access)var \(check): Bool {\n\(indent)    switch self {\n"
            output += "\(indent)    case \(members): true\n"
            if holders[group]!.count < cases.count { output += "\(indent)    default: false\n" }
            output += "\(indent)    }\n\(indent)}\n"
        }
    }
}

/// A struct per component, for token sets a control takes per instance (seeds/003's
/// `ControlTokens`): each child group of `group` (`component.button`) becomes `ButtonTokens`,
/// with a property per token below it (`primary.background` → `primaryBackground`).
///
/// - With a static `swift` output, each property holds the token's `Dynamic` value, the
///   system's by default: `var tokens = ButtonTokens(); tokens.primaryBackground = .init(red)`.
/// - With a runtime one, each property is an optional override, and `resolved(in:)` reads the
///   rest from a `Theme`: `ButtonTokens(primaryBackground: red).resolved(in: theme)`.
///
/// The components are the child groups of `group`, or the groups `groups` lists. Deprecated
/// tokens are left out.
package struct ComponentEmitter: Sendable {
    /// The group whose child groups are the components.
    package var group: String
    /// The components' groups, when given: these instead of `group`'s children.
    package var groups: [String]
    package var accessLevel: SwiftEmitter.AccessLevel
    package var link: SwiftLink
    package var sourceDescription: String

    package init(group: String = "component", groups: [String] = [], accessLevel: SwiftEmitter.AccessLevel = .public,
        link: SwiftLink = SwiftLink(rootName: "Tokens", flavor: .static), sourceDescription: String = "design tokens")
    {
        self.group = group
        self.groups = groups
        self.accessLevel = accessLevel
        self.link = link
        self.sourceDescription = sourceDescription
    }

    package func emit(_ context: GenerationContext) -> (text: String, diagnostics: [Diagnostic]) {
        let access = accessLevel.keyword
        let file = context.document.files.first?.path ?? ""
        let references = link.references(context)
        var diagnostics: [Diagnostic] = []
        var output = MemberNames.opening(sourceDescription, link: link)
        // The components, in tree order, with their tokens.
        var components: [(name: String, path: String, tokens: [(index: Int, names: ArraySlice<String>)])] = []
        if groups.isEmpty {
            for member in MemberNames.tokens(in: group, of: context) where member.names.count > 1 {
                guard context.tokens[member.index].deprecated == nil else { continue }
                let component = member.names.first!
                if components.last?.name != component {
                    components.append((component, group.isEmpty ? component : "\(group).\(component)", []))
                }
                components[components.count - 1].tokens.append((member.index, member.names.dropFirst()))
            }
        } else {
            for path in groups {
                let members = MemberNames.tokens(in: path, of: context).filter { context.tokens[$0.index].deprecated == nil }
                if members.isEmpty {
                    diagnostics.append(MemberNames.skipped("component '\(path)'",
                        reason: "the group holds no token that is not deprecated", file: file))
                } else {
                    components.append((TokenPathSyntax.names(of: path).last ?? path, path, members))
                }
            }
        }
        if components.isEmpty && groups.isEmpty {
            diagnostics.append(MemberNames.skipped("the components", reason: "group '\(group)' has no subgroups with tokens", file: file))
        }
        var typeNames = MemberNames(file: file, reserved: [link.rootName, link.rootName + "Values"])
        for (number, component) in components.enumerated() {
            let typeName = typeNames.claim(OutputContext.swiftIdentifier([component.name, "tokens"], casing: .upperCamel)
                .trimmingCharacters(in: ["`"]), path: component.path)
            var names = MemberNames(file: file, reserved: ["resolved", "Resolved", "init"])
            let properties = component.tokens.map { member in
                (index: member.index, name: names.claim(OutputContext.swiftIdentifier(Array(member.names), casing: .lowerCamel),
                    path: context.tokens[member.index].path))
            }
            if number > 0 { output += "\n" }
            if let description = context.document.groups[TokenPath(component.path)]?.description {
                SwiftLiterals.docComment(description, indent: "", into: &output)
            } else {
                output += "/// The tokens of '\(component.path)', to set per instance.\n"
            }
            output += "nonisolated \(access)struct \(typeName): Sendable {\n"
            switch link.flavor {
            case .static: staticMembers(properties, context: context, references: references, access: access, into: &output)
            case .runtime: runtimeMembers(properties, context: context, references: references, access: access, into: &output)
            }
            output += "}\n"
            diagnostics += names.diagnostics
        }
        diagnostics += typeNames.diagnostics
        return (output, diagnostics)
    }

    /// Properties holding values, the system's by default.
    private func staticMembers(_ properties: [(index: Int, name: String)], context: GenerationContext, references: [String],
        access: String, into output: inout String)
    {
        for property in properties {
            let token = context.tokens[property.index]
            if let description = token.description { SwiftLiterals.docComment(description, indent: "    ", into: &output) }
            output += "    \(access)var \(property.name): \(link.memberType(token.type))\n"
        }
        output += "\n    /// The system's values, except those given.\n    \(access)init(\n"
        output += properties.map { property in
            let token = context.tokens[property.index]
            return "        \(property.name): \(link.memberType(token.type)) = \(references[property.index])"
        }.joined(separator: ",\n")
        output += "\n    ) {\n"
        for property in properties { output += "        self.\(property.name) = \(property.name)\n" }
        output += "    }\n"
    }

    /// Optional overrides, and the values they leave to a theme.
    private func runtimeMembers(_ properties: [(index: Int, name: String)], context: GenerationContext, references: [String],
        access: String, into output: inout String)
    {
        for property in properties {
            let token = context.tokens[property.index]
            if let description = token.description { SwiftLiterals.docComment(description, indent: "    ", into: &output) }
            output += "    /// nil: the theme's value.\n"
            output += "    \(access)var \(property.name): \(SwiftLiterals.runtimeType(token.type))?\n"
        }
        output += "\n    /// Overrides for some tokens; the others are read from the theme.\n    \(access)init(\n"
        output += properties.map { property in
            "        \(property.name): \(SwiftLiterals.runtimeType(context.tokens[property.index].type))? = nil"
        }.joined(separator: ",\n")
        output += "\n    ) {\n"
        for property in properties { output += "        self.\(property.name) = \(property.name)\n" }
        output += "    }\n\n    /// Every value: the override, or the theme's.\n    \(access)struct Resolved: Sendable {\n"
        for property in properties {
            output += "        \(access)let \(property.name): \(SwiftLiterals.runtimeType(context.tokens[property.index].type))\n"
        }
        output += "    }\n\n    \(access)func resolved(in theme: TesseraRuntime.Theme) -> Resolved {\n        Resolved(\n"
        output += properties.map { property in
            "            \(property.name): \(property.name) ?? theme[\(references[property.index])]"
        }.joined(separator: ",\n")
        output += "\n        )\n    }\n"
    }
}

/// An output of Swift source.
package protocol SwiftSourceEmitter: Sendable {
    /// What the header names as the tokens' source.
    var sourceDescription: String { get set }
    func emit(_ context: GenerationContext) -> (text: String, diagnostics: [Diagnostic])
}

extension SwiftEmitter: SwiftSourceEmitter {}
extension RegistryEmitter: SwiftSourceEmitter {}
extension EnumEmitter: SwiftSourceEmitter {}
extension ComponentEmitter: SwiftSourceEmitter {}

extension SwiftEmitter.AccessLevel {
    /// The keyword and a space, or nothing for `internal`.
    var keyword: String { self == .internal ? "" : rawValue + " " }
}
