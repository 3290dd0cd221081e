/// A random system written out: as a resolver with inline sources, and as one token document
/// per permutation, merged by hand.
extension RandomSystem {
    /// Group names mapped so that their sort order reverses (token names are kept): resolving
    /// the renamed document must give the same answer under the old names.
    static let reversedNames: [String: String] = ["a": "z6", "b": "z5", "c": "z4", "d": "z3", "x": "z2", "y": "z1"]

    /// The resolver document, sources written inline.
    package var resolverText: String {
        var sets: [(String, JSONText)] = []
        sets.append(("base", .object([("sources", .array(base.map { Self.tree(of: $0, rename: { $0 }) }))])))
        var modifierMembers: [(String, JSONText)] = []
        for modifier in modifiers {
            var members: [(String, JSONText)] = [("contexts", .object(modifier.contexts.map { context in
                (context.name, .array(context.sources.map { Self.tree(of: $0, rename: { $0 }) }))
            }))]
            if let defaultContext = modifier.defaultContext { members.append(("default", .string(defaultContext))) }
            modifierMembers.append((modifier.name, .object(members)))
        }
        let order: [JSONText] = [.object([("$ref", .string("#/sets/base"))])]
            + modifiers.map { .object([("$ref", .string("#/modifiers/\($0.name)"))]) }
        return JSONText.object([
            ("version", .string("2025.10")), ("sets", .object(sets)), ("modifiers", .object(modifierMembers)),
            ("resolutionOrder", .array(order)),
        ]).text
    }

    /// A permutation's sources merged by hand into one document: tokens replace tokens whole,
    /// group properties replace group properties one by one, `$extensions` merge member by
    /// member. Also returns the paths of closed tokens that a later source defines again with
    /// another value (closed as the sources before that one say).
    func flattened(_ contexts: [String: String], rename: (String) -> String = { $0 }) -> (text: String, closed: [String]) {
        var merged = JSONText.object([])
        var closed: [String] = []
        for source in sources(for: contexts) {
            let before = merged
            Self.merge(Self.tree(of: source, rename: rename), into: &merged, at: [], before: before, closed: &closed)
        }
        return (merged.text, closed)
    }

    // MARK: Writing

    static func tree(of source: Source, rename: (String) -> String) -> JSONText {
        var tree = JSONText.object([])
        func place(_ value: JSONText, at path: [String], in node: inout JSONText) {
            guard let first = path.first else { return }
            if path.count == 1 {
                node.set(first, value)
                return
            }
            var child = node[first] ?? .object([])
            place(value, at: Array(path.dropFirst()), in: &child)
            node.set(first, child)
        }
        func properties(at path: [String], in node: JSONText) -> JSONText {
            path.reduce(Optional(node)) { $0?[$1] } ?? .object([])
        }
        for (path, group) in source.groups {
            let renamed = path.map(rename)
            var object = properties(at: renamed, in: tree)
            if let type = group.type { object.set("$type", .string(type.rawValue)) }
            if let description = group.description { object.set("$description", .string(description)) }
            if let deprecated = group.deprecated { object.set("$deprecated", .bool(deprecated)) }
            if let flags = extensions(group.flags) { object.set("$extensions", flags) }
            if let extends = group.extends { object.set("$extends", .string("{" + extends.map(rename).joined(separator: ".") + "}")) }
            place(object, at: renamed, in: &tree)
        }
        for (path, token) in source.tokens {
            let renamed = path.dropLast().map(rename) + [path.last!]
            var members: [(String, JSONText)] = []
            if let type = token.type { members.append(("$type", .string(type.rawValue))) }
            members.append(("$value", value(token.value, rename: rename)))
            if let description = token.description { members.append(("$description", .string(description))) }
            if let deprecated = token.deprecated { members.append(("$deprecated", .bool(deprecated))) }
            if let flags = extensions(token.flags) { members.append(("$extensions", flags)) }
            place(.object(members), at: renamed, in: &tree)
        }
        return tree
    }

    static func extensions(_ flags: Flags) -> JSONText? {
        guard !flags.isEmpty else { return nil }
        var members: [(String, JSONText)] = []
        if let closed = flags.closed { members.append(("closed", .bool(closed))) }
        if let forbidden = flags.forbidden { members.append(("forbidden", .bool(forbidden))) }
        if let tier = flags.tier { members.append(("tier", .string(tier))) }
        return .object([("dev.tessera", .object(members))])
    }

    /// A referenced path's names, renamed: its groups always, its last name when it names a
    /// group too.
    static func segments(_ path: [String], rename: (String) -> String) -> [String] {
        path.dropLast().map(rename) + path.suffix(1).map { reversedNames[$0] != nil ? rename($0) : $0 }
    }

    static func reference(_ path: [String], rename: (String) -> String) -> String {
        segments(path, rename: rename).joined(separator: ".")
    }

    static func value(_ value: Value, rename: (String) -> String) -> JSONText {
        switch value {
        case .alias(let path):
            return .string("{" + reference(path, rename: rename) + "}")
        case .pointer(let path):
            return .object([("$ref", .string("#/" + segments(path, rename: rename).joined(separator: "/")))])
        case .literal(let kind, let number, let legacy):
            return literal(kind, number, legacy: legacy)
        case .composite(let kind, let parts):
            func part(_ index: Int, _ partKind: Kind) -> JSONText {
                guard index < parts.count else { return literal(partKind, 1, legacy: false) }
                switch parts[index] {
                case .literal(let number): return literal(partKind, number, legacy: false)
                case .alias(let path): return .string("{" + reference(path, rename: rename) + "}")
                }
            }
            if kind == .border {
                return .object([("color", part(0, .color)), ("width", part(1, .dimension)), ("style", .string("solid"))])
            }
            return .object([
                ("color", part(0, .color)), ("offsetX", part(1, .dimension)), ("offsetY", part(2, .dimension)),
                ("blur", part(3, .dimension)), ("spread", part(4, .dimension)),
            ])
        }
    }

    static func literal(_ kind: Kind, _ number: Int, legacy: Bool) -> JSONText {
        switch kind {
        case .color:
            if legacy {
                let hex = [number * 25, (9 - number) * 25, 128].map { String($0, radix: 16) }
                return .string("#" + hex.map { String(repeating: "0", count: 2 - $0.count) + $0 }.joined())
            }
            return .object([
                ("colorSpace", .string("srgb")),
                ("components", .array([.number(Double(number) / 10), .number(Double(9 - number) / 10), .number(0.5)])),
            ])
        case .dimension:
            return legacy ? .string("\(number)px") : .object([("value", .number(Double(number))), ("unit", .string("px"))])
        case .number:
            return .number(Double(number))
        case .duration:
            return legacy ? .string("\(number * 100)ms") : .object([("value", .number(Double(number * 100))), ("unit", .string("ms"))])
        case .border, .shadow:
            return value(.composite(kind, []), rename: { $0 })
        }
    }

    // MARK: Merging by hand

    static func isToken(_ node: JSONText) -> Bool { node["$value"] != nil }

    static func merge(_ source: JSONText, into merged: inout JSONText, at path: [String], before: JSONText, closed: inout [String]) {
        guard case .object(let members) = source else { return }
        for (key, value) in members {
            if key.hasPrefix("$") {
                if key == "$extensions", let existing = merged[key] {
                    merged.set(key, deepMerge(existing, value))
                } else {
                    merged.set(key, value)
                }
                continue
            }
            if isToken(value) {
                if let old = merged[key], isToken(old), old["$value"] != value["$value"] || old["$type"] != value["$type"],
                    isClosed(path + [key], in: before)
                {
                    closed.append((path + [key]).joined(separator: "."))
                }
                merged.set(key, value)
                continue
            }
            var child = merged[key] ?? .object([])
            merge(value, into: &child, at: path + [key], before: before, closed: &closed)
            merged.set(key, child)
        }
    }

    static func deepMerge(_ old: JSONText, _ new: JSONText) -> JSONText {
        guard case .object = old, case .object(let members) = new else { return new }
        var result = old
        for (key, value) in members { result.set(key, result[key].map { deepMerge($0, value) } ?? value) }
        return result
    }

    /// Whether the token at `path` is closed in `tree`: its own flag, else its nearest group's.
    static func isClosed(_ path: [String], in tree: JSONText) -> Bool {
        var nodes: [JSONText] = [tree]
        for name in path {
            guard let next = nodes.last?[name] else { return false }
            nodes.append(next)
        }
        for node in nodes.reversed() {
            if let flag = node["$extensions"]?["dev.tessera"]?["closed"] { return flag == .bool(true) }
        }
        return false
    }
}
