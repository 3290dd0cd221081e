// The codegen target: a resolver document (its sources inline) resolved in every permutation,
// then every output generated from it — both Swift flavors, the registry, enums over each
// top-level group, components, the asset catalog, CSS and the bundle — with what each output
// promises checked: catalog files and the bundle are JSON the parser reads without an error,
// catalog paths are unique, CSS braces balance, and Swift names never repeat within a scope.
import Foundation

func fuzzCodegen(_ bytes: [UInt8]) {
    var tokenSystem = TokenSystem(resolver: SourceFile(path: "fuzz.resolver.json", bytes: bytes))
    guard let permutations = tokenSystem.resolveAll().permutations else { return }
    let context = GenerationContext(permutations, name: "fuzz")
    let groups = Array(Set(context.tokens.compactMap { $0.names.count > 1 ? $0.names[0] : nil })).sorted()
    var swift: [String] = []
    for flavor in SwiftEmitter.Flavor.allCases {
        swift.append(SwiftEmitter(flavor: flavor).emit(context).text)
        let link = SwiftLink(rootName: "Tokens", flavor: flavor)
        swift.append(EnumEmitter(enums: groups.enumerated().map { .init(name: "E\($0.offset)", group: $0.element) }, link: link)
            .emit(context).text)
        swift.append(ComponentEmitter(groups: groups, link: link).emit(context).text)
    }
    swift.append(RegistryEmitter().emit(context).text)
    for text in swift { checkScopes(text) }
    var seen: Set<String> = []
    for file in AssetCatalogEmitter().emit(context) {
        precondition(seen.insert(file.path).inserted, "two catalog files at \(file.path)")
        checkJSON(file.bytes, file.path)
    }
    checkJSON(Array(BundleEmitter().emit(context).utf8), "bundle")
    let css = CSSEmitter().emit(context)
    var depth = 0
    var quoted = false
    for byte in css.utf8 {
        if byte == UInt8(ascii: "\"") { quoted.toggle() }
        guard !quoted else { continue }
        if byte == UInt8(ascii: "{") { depth += 1 }
        if byte == UInt8(ascii: "}") { depth -= 1 }
        precondition(depth >= 0, "CSS closes a block it did not open")
    }
    precondition(depth == 0 && !quoted, "CSS leaves a block or a string open")
}

func checkJSON(_ bytes: [UInt8], _ name: String) {
    var diagnostics: [Diagnostic] = []
    let parsed = JSONParser(file: SourceFile(path: name, bytes: bytes)).parse(into: &diagnostics)
    precondition(parsed != nil && !diagnostics.contains { $0.severity == .error }, "\(name) is not JSON: \(diagnostics.prefix(1))")
}

/// Each member and type name declared once per scope (a `{` … `}` of the generated file).
func checkScopes(_ text: String) {
    var scopes: [Set<String>] = [[]]
    for line in text.split(separator: "\n") {
        let trimmed = line.drop { $0 == " " }
        guard !trimmed.hasPrefix("//"), !trimmed.hasPrefix("///") else { continue }
        let words = trimmed.split(separator: " ", maxSplits: 4)
        for (index, word) in words.enumerated() where ["let", "var", "enum", "struct", "case"].contains(word) && index + 1 < words.count {
            // A declaration: the name up to `:`, `=`, `(` or `<`; `case .x:` in a switch is not one.
            let name = words[index + 1].prefix { !":=(<,".contains($0) }
            guard !name.isEmpty, !name.hasPrefix("."), !name.hasPrefix("let"), word != "case" || !trimmed.hasSuffix(":") else { break }
            precondition(scopes[scopes.count - 1].insert(String(name)).inserted, "'\(name)' is declared twice in one scope")
            break
        }
        for character in trimmed where character == "{" || character == "}" {
            if character == "{" { scopes.append([]) } else if scopes.count > 1 { scopes.removeLast() }
        }
    }
}
