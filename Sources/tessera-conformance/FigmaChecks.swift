import Foundation
import Tessera
import TesseraImporters

/// Figma variables: a real REST response compared with another tool's reading of it.
struct FigmaChecks {
    let corpus: Corpus

    /// `dark dimmed` → `darkDimmed`, as the other tool names contexts.
    static func camel(_ text: String) -> String {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        return words.enumerated().map { $0 == 0 ? $1.lowercased() : $1.prefix(1).uppercased() + $1.dropFirst().lowercased() }.joined()
    }

    func run(_ checks: Checks) {
        checks.run("figma: every variable agrees with Terrazzo's import, value for value") { check in
            try agreesWithTerrazzoValueForValue(check)
        }
        checks.run("figma: no alias Figma accepts is a type error; one into a library not exported fails alone") { check in
            try aliasesIntoMissingLibrariesFailAlone(check)
        }
    }

    /// The real response (19 collections, four names shared by two, remote and hidden
    /// collections, 14 variable ids of libraries it does not hold): in every permutation, no
    /// `type.mismatch`; each error is an `import.figma.unknown-variable` on a token of its own,
    /// and every token that does not resolve is one of those or aliases one, directly or through
    /// others.
    func aliasesIntoMissingLibrariesFailAlone(_ check: Check) throws {
        let responseFile = corpus.figma.appendingPathComponent("get-local-variables.json")
        var ignored: [Diagnostic] = []
        var system = FigmaVariablesImporter().system(for: try check.require(TokenFileLoader.read(responseFile.path, diagnostics: &ignored)),
            options: PipelineOptions())
        let all = system.checkAllPermutations().diagnostics
        check.expect(!all.contains { $0.id == .typeMismatch }, "type.mismatch: \(all.filter { $0.id == .typeMismatch }.count)")
        let errors = all.filter { $0.severity == .error }
        check.expect(errors.allSatisfy { $0.id == .figmaUnknownVariable && $0.location?.token != nil }, "\(Set(errors.map(\.id)))")
        check.expect(!errors.isEmpty && errors.allSatisfy { $0.message.contains("key ") }, "every missing id names its key")
        let resolver = try check.require(system.resolver)
        var runs: [[String: String]] = [[:]]
        for modifier in resolver.modifiers { for context in modifier.contextNames { runs.append([modifier.name: context]) } }
        var unresolvedInAll = 0
        for inputs in runs {
            var unresolved = 0
            let permutation = system.resolve(inputs: inputs)
            let failing = Set(permutation.diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.token })
            let tokens = permutation.document.tokens
            let byPath = Dictionary(tokens.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            func fails(_ path: String, _ seen: Set<String> = []) -> Bool {
                if failing.contains(path) { return true }
                guard let token = byPath[path], !seen.contains(path) else { return false }
                let targets = token.computation?.operands.map(\.path)
                    ?? token.value.string.map { [String($0.dropFirst().dropLast())] } ?? []
                return targets.contains { fails($0, seen.union([path])) }
            }
            for token in tokens where permutation.partialTokens[token.path] == nil {
                unresolved += 1
                check.expect(fails(token.path), "\(token.path) does not resolve in \(inputs) and depends on no missing variable")
            }
            check.expect(permutation.partialTokens.count + unresolved == tokens.count, "\(inputs): counts")
            unresolvedInAll += unresolved
        }
        check.expect(unresolvedInAll > 0)
    }

    /// Every variable Terrazzo imports, in every mode of its collection, must have Tessera's
    /// value: the same color channels, the same number, an alias of the same variable. The
    /// differences kept are choices, each counted: FLOATs scoped to font styles are font
    /// weights here (Terrazzo: px dimensions); STRINGs scoped to font families are font
    /// families (Terrazzo: strings); Terrazzo rewrites names in camelCase (`danger-emphasis` →
    /// `dangerEmphasis`) where Tessera keeps them as written, and merges collections that share
    /// a name where Tessera keeps them apart; Tessera keeps Figma's channels exactly.
    func agreesWithTerrazzoValueForValue(_ check: Check) throws {
        let responseFile = corpus.figma.appendingPathComponent("get-local-variables.json")
        let terrazzo = corpus.figma.appendingPathComponent("import-default.want.json")
        var ignored: [Diagnostic] = []

        var tokenSystem = FigmaVariablesImporter().system(for: try check.require(TokenFileLoader.read(responseFile.path, diagnostics: &ignored)),
            options: PipelineOptions())
        let resolver = try check.require(tokenSystem.resolver)
        // Tessera's definition of each variable in each mode, (id, mode) → token: a variable of
        // a collection with modes from the run that chooses each of its modes, the others from
        // the run of defaults. Each modifier says which collection it is.
        var ours: [String: TokenDefinition] = [:]
        var byPath: [String: TokenDefinition] = [:]
        func figma(_ token: TokenDefinition, _ key: String) -> String? { token.extensions?["com.figma"]?[key]?.string }
        for token in tokenSystem.resolve(inputs: [:]).document.tokens {
            guard let id = figma(token, "id") else { continue }
            ours[id + "|"] = token
            byPath[token.path] = token
        }
        for modifier in resolver.modifiers {
            let collection = try check.require(modifier.description?.split(separator: " ").last.map(String.init))
            for context in modifier.contextNames {
                for token in tokenSystem.resolve(inputs: [modifier.name: context]).document.tokens
                where figma(token, "variableCollectionId") == collection {
                    ours[figma(token, "id")! + "|" + Self.camel(context)] = token
                }
            }
        }
        /// Names as the other tool writes them (`danger-emphasis` → `dangerEmphasis`), compared
        /// without case and separators.
        func squeezed(_ name: String) -> String { name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "." } }

        let data = try Data(contentsOf: terrazzo)
        let want = try check.require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var theirs: [(id: String, mode: String, token: [String: Any])] = []
        func leaves(_ node: Any, mode: String) {
            guard let object = node as? [String: Any] else { return }
            if object["$value"] != nil {
                if let id = ((object["$extensions"] as? [String: Any])?["figma.com"] as? [String: Any])?["id"] as? String {
                    theirs.append((id, mode, object))
                }
                return
            }
            for (key, child) in object where !key.hasPrefix("$") { leaves(child, mode: mode) }
        }
        for set in (want["sets"] as? [String: [String: Any]] ?? [:]).values {
            for source in set["sources"] as? [Any] ?? [] { leaves(source, mode: "") }
        }
        for modifier in (want["modifiers"] as? [String: [String: Any]] ?? [:]).values {
            for (context, sources) in modifier["contexts"] as? [String: [Any]] ?? [:] {
                for source in sources { leaves(source, mode: context) }
            }
        }
        check.expect(theirs.count > 4000)

        // Each variable's modes, from the response itself.
        let response = try check.require(try JSONSerialization.jsonObject(with: Data(contentsOf: responseFile)) as? [String: Any])
        let meta = try check.require(response["meta"] as? [String: [String: [String: Any]]])
        var modes: [String: Set<String>] = [:]
        for (id, variable) in meta["variables"] ?? [:] {
            let collection = meta["variableCollections"]?[variable["variableCollectionId"] as? String ?? ""]
            let names = (collection?["modes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            modes[id] = names.count > 1 ? Set(names.map(Self.camel)) : [""]
        }

        /// Whether every mode of the variable aliases a variable the response does not hold,
        /// directly or through others.
        func leftOut(_ id: String, seen: Set<String> = []) -> Bool {
            guard let variable = meta["variables"]?[id], !seen.contains(id),
                let values = variable["valuesByMode"] as? [String: Any], !values.isEmpty else { return meta["variables"]?[id] == nil }
            return values.values.allSatisfy { aliasesLeftOut($0, seen: seen.union([id])) }
        }
        func aliasesLeftOut(_ value: Any, seen: Set<String>) -> Bool {
            guard let alias = value as? [String: Any], alias["type"] as? String == "VARIABLE_ALIAS", let target = alias["id"] as? String
            else { return false }
            return leftOut(target, seen: seen)
        }
        /// Whether the variable's value in the mode (as Terrazzo names it) aliases a variable
        /// left out.
        func leftOut(_ id: String, mode: String) -> Bool {
            let variable = meta["variables"]?[id]
            let collection = meta["variableCollections"]?[variable?["variableCollectionId"] as? String ?? ""]
            let modeID = (collection?["modes"] as? [[String: Any]] ?? []).first { Self.camel($0["name"] as? String ?? "") == mode || mode.isEmpty }?["modeId"]
            guard let modeID = modeID as? String, let value = (variable?["valuesByMode"] as? [String: Any])?[modeID] else { return false }
            return aliasesLeftOut(value, seen: [id])
        }

        var compared = 0
        var kept: [String: Int] = [:]
        for (id, mode, token) in theirs {
            // Terrazzo merges collections of one name (three are called `mode`) into one
            // modifier, and gives each variable a value in the contexts of the others too.
            // Tessera keeps collections apart: a mode a variable's collection does not have
            // is not compared.
            guard modes[id]?.contains(mode) == true || modes[id] == [""] else {
                kept["mode of another collection", default: 0] += 1
                continue
            }
            guard let mine = modes[id] == [""] ? ours[id + "|"] : ours[id + "|" + mode] else {
                // Left out in this mode, with the one error on the variable the file does not hold.
                if leftOut(id, mode: mode) {
                    kept["left out with an unknown variable", default: 0] += 1
                    compared += 1
                } else {
                    check.record("Tessera has no value for \(id) in '\(mode)'")
                }
                continue
            }
            let value = token["$value"]
            if let alias = value as? String, alias.hasPrefix("{") {
                // Terrazzo names the target by its variable name; Tessera by id, then path.
                let path = String((mine.value.string ?? "").dropFirst().dropLast())
                let wanted = squeezed(String(alias.dropFirst().dropLast()))
                if let target = byPath[path] {
                    let name = figma(target, "name")?.replacingOccurrences(of: "/", with: ".")
                    check.expect(squeezed(name ?? "?") == wanted, "\(id) \(mode) \(name ?? "?") \(alias)")
                } else {
                    // The target is itself an alias of a variable the file does not hold, so
                    // Tessera reports it and has no token for it; the reference still names it:
                    // its collection, then its name.
                    check.expect(squeezed(path).hasSuffix("." + wanted), "\(id) \(mode) \(path) \(alias)")
                    kept["alias of an unresolvable variable", default: 0] += 1
                }
                compared += 1
                continue
            }
            guard let typed = mine.typedValue else {
                check.record("\(id) \(mode): Tessera has no value where Terrazzo has \(String(describing: value))")
                continue
            }
            switch (token["$type"] as? String, typed) {
            case ("color", .color(let color)):
                // Tessera keeps Figma's channels exactly; the other tool's color conversion
                // moves some in the last bits (within 1e-15), which no output can show. (The
                // reference file is read with JSONSerialization, which may round a last digit.)
                let object = value as? [String: Any]
                let components = object?["components"] as? [Double] ?? []
                let close = components.count == 3 && zip(components, color.numericComponents).allSatisfy { abs($0 - $1) < 1e-12 }
                check.expect(close && abs((object?["alpha"] as? Double ?? 1) - color.alpha) < 1e-12, "\(id) \(mode) \(components) \(color)")
                if components != color.numericComponents { kept["last bits", default: 0] += 1 }
            case ("dimension", .dimension(let dimension)):
                check.expect((value as? [String: Any])?["value"] as? Double == dimension.value, "\(id) \(mode)")
            case ("dimension", .fontWeight(let weight)):
                check.expect((value as? [String: Any])?["value"] as? Double == weight, "\(id) \(mode)")
                kept["font weight", default: 0] += 1
            case ("string", .fontFamily(let families, _)):
                check.expect([value as? String] == families, "\(id) \(mode)")
                kept["font family", default: 0] += 1
            case ("number", .number(let number)):
                check.expect(value as? Double == number, "\(id) \(mode)")
            default:
                check.record("\(id) \(mode): Terrazzo \(token["$type"] ?? "?") \(String(describing: value)), Tessera \(typed)")
            }
            compared += 1
        }
        check.expect(compared + (kept["mode of another collection"] ?? 0) == theirs.count)
        check.expect(kept["font weight"] == 4 && kept["font family"] == 4, "\(kept)")
        check.expect(compared == 3452, "\(compared) compared, \(kept)")
    }
}
