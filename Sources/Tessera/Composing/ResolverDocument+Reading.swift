extension ResolverDocument {
    /// Reads a resolver file. The document is nil only when the file is not JSON or not an
    /// object; every other problem is a diagnostic and the sound parts are kept.
    public static func read(_ file: SourceFile) -> (ResolverDocument?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        guard let root = JSONParser(file: file).parseWellFormed(into: &diagnostics) else { return (nil, diagnostics) }
        guard root.isObject else {
            diagnostics.append(Diagnostic(.resolverNotObject(found: root.kindDescription),
                at: SourceAnchor(file: file, offset: root.offset).location()))
            return (nil, diagnostics)
        }
        var reader = ResolverReader(file: file, root: root)
        let document = reader.read()
        return (document, diagnostics + reader.diagnostics)
    }
}

/// Reads the parts of a resolver document, checking each against the Resolver Module.
struct ResolverReader {
    let file: SourceFile
    let root: JSONValue
    var diagnostics: [Diagnostic] = []
    /// The sets the resolution order reaches, directly or through other sets.
    var reachedSets: Set<String> = []
    /// References into `sets`, `modifiers` and `$defs` are looked up through tables.
    var lookup = JSONMemberLookup()

    /// The member `name` of the root's `sets` or `modifiers` object, found through `lookup`.
    mutating func entry(_ name: String, of collection: String) -> JSONValue? {
        root[collection].flatMap { lookup.member(name, of: $0) }
    }

    /// Who holds a list of sources: what it may reference depends on it.
    enum Holder {
        case set(String)
        case modifier(String)
    }

    init(file: SourceFile, root: JSONValue) {
        self.file = file
        self.root = root
    }

    mutating func report(
        _ message: DiagnosticMessage, at node: JSONValue, pointer: String,
        notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
        diagnostics.append(Diagnostic(message,
            at: SourceAnchor(file: file, offset: node.offset).location(pointer: pointer), notes: notes, fixIts: fixIts))
    }

    /// A fix-it replacing the string (or key) at `offset` with `text`.
    func replacing(_ offset: Int, with text: String, _ message: String) -> Diagnostic.FixIt {
        Diagnostic.FixIt(message, replacingValueAt: SourceAnchor(file: file, offset: offset), with: ValueParser.json(text))
    }

    /// Reports members outside `allowed` (the schema forbids other properties).
    mutating func checkMembers(_ node: JSONValue, allowed: [String], pointer: String, what: String) {
        let present = Set((node.members ?? []).map(\.key))
        for member in node.members ?? [] where !allowed.contains(member.key) {
            let suggestion = Suggestions.closest(to: member.key, in: allowed.filter { !present.contains($0) })
            diagnostics.append(Diagnostic(.resolverProperty(member.key, on: what),
                at: SourceAnchor(file: file, offset: member.keyOffset)
                    .location(pointer: pointer + "/" + TokenPathSyntax.escape(member.key)),
                notes: [Diagnostic.Note("allowed: " + allowed.map { "'\($0)'" }.joined(separator: ", "))],
                fixIts: suggestion.map { [replacing(member.keyOffset, with: $0, "rename to '\($0)'")] } ?? []))
        }
    }

    mutating func string(_ node: JSONValue?, pointer: String, what: String) -> String? {
        guard let node else { return nil }
        guard let text = node.string else {
            report(.resolverExpectedString(what, found: node.kindDescription), at: node, pointer: pointer)
            return nil
        }
        return text
    }

    mutating func read() -> ResolverDocument {
        checkMembers(root, allowed: ["$schema", "name", "version", "description", "sets", "modifiers", "resolutionOrder",
            "$defs", "$extensions"], pointer: "", what: "a resolver")
        checkVersion()
        let name = string(root["name"], pointer: "/name", what: "'name'")
        let description = string(root["description"], pointer: "/description", what: "'description'")
        var layers: [ResolverDocument.Layer] = []
        if let order = root.member("resolutionOrder") {
            layers = readOrder(order.value)
        } else {
            report(.missingResolutionOrder, at: root, pointer: "",
                notes: [Diagnostic.Note("add \"resolutionOrder\": [{\"$ref\": \"#/sets/…\"}]")])
        }
        var document = ResolverDocument(name: name, description: description, layers: layers, file: file)
        if let order = root["resolutionOrder"], let items = order.array, file.holds(order) {
            document.resolutionOrderArray = (order.offset, items.isEmpty)
        }
        document.tierSettings = readTierSettings()
        readUnusedSets(into: &document)
        return document
    }

    /// The sets no layer reaches, each reported with the fix-it that lists it, then read (and
    /// checked) as any set is.
    mutating func readUnusedSets(into document: inout ResolverDocument) {
        for member in root["sets"]?.members ?? [] where !reachedSets.contains(member.key) {
            let pointer = "/sets/" + TokenPathSyntax.escape(member.key)
            let listing = document.listingUnusedSet(member.key)
            document.unusedSetListings[member.key] = listing
            report(.unusedSet(member.key), at: JSONValue(.null, offset: member.keyOffset), pointer: pointer,
                notes: [Diagnostic.Note("list it in 'resolutionOrder' as {\"$ref\": \"#\(pointer)\"}, or remove it")],
                fixIts: listing.map { [$0] } ?? [])
            document.unusedSets.append(readSet(named: member.key, member.value, pointer: pointer, stack: []))
        }
    }

    /// `$extensions.dev.tessera.tiers`, when present.
    mutating func readTierSettings() -> ResolverDocument.TierSettings? {
        let pointer = "/$extensions/\(TierRules.extensionKey)/tiers"
        guard let node = root["$extensions"]?[TierRules.extensionKey]?["tiers"] else { return nil }
        guard node.isObject else {
            report(.tierSettingsNotObject(found: node.kindDescription), at: node, pointer: pointer)
            return nil
        }
        checkMembers(node, allowed: ["sets", "groups", "componentsThroughSemantic", "severity"], pointer: pointer,
            what: "tier settings")
        var settings = ResolverDocument.TierSettings()
        func tiers(_ key: String) -> [String: TierRules.Tier] {
            var result: [String: TierRules.Tier] = [:]
            for member in node[key]?.members ?? [] {
                if let name = member.value.string, let tier = TierRules.Tier(name: name) {
                    result[member.key] = tier
                } else {
                    report(.unknownTier(JSONWriter().string(member.value)),
                        at: member.value, pointer: pointer + "/\(key)/" + TokenPathSyntax.escape(member.key))
                }
            }
            return result
        }
        settings.sets = tiers("sets")
        settings.groups = tiers("groups")
        settings.componentsThroughSemantic = node["componentsThroughSemantic"]?.bool
        if let severity = node["severity"] {
            if let chosen = severity.string.flatMap(TierRules.setting(named:)) {
                settings.severity = chosen
            } else {
                report(.unknownTierSeverity, at: severity, pointer: pointer + "/severity")
            }
        }
        return settings
    }

    mutating func checkVersion() {
        guard let version = root.member("version") else {
            let comma = root.members?.isEmpty == false ? ", " : ""
            report(.missingResolverVersion, at: root, pointer: "",
                fixIts: [Diagnostic.FixIt("add \"version\": \"2025.10\"", inserting: "\"version\": \"2025.10\"" + comma,
                    at: SourceAnchor(file: file, offset: root.offset + 1))])
            return
        }
        guard version.value.string == "2025.10" else {
            report(.unsupportedResolverVersion(JSONWriter().string(version.value)),
                at: version.value, pointer: "/version",
                fixIts: [replacing(version.value.offset, with: "2025.10", "replace with \"2025.10\"")])
            return
        }
    }

    // MARK: Resolution order

    mutating func readOrder(_ order: JSONValue) -> [ResolverDocument.Layer] {
        guard let items = order.array else {
            report(.resolutionOrderNotArray(found: order.kindDescription), at: order,
                pointer: "/resolutionOrder")
            return []
        }
        if items.isEmpty {
            report(.emptyResolutionOrder, at: order, pointer: "/resolutionOrder")
        }
        var layers: [ResolverDocument.Layer] = []
        var names: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let pointer = "/resolutionOrder/\(index)"
            guard let layer = readOrderItem(item, pointer: pointer) else { continue }
            let name: String
            switch layer {
            case .set(let set): name = set.name
            case .modifier(let modifier): name = modifier.name
            }
            if let first = names[name] {
                report(.duplicateOrderName(name), at: item, pointer: pointer,
                    notes: [Diagnostic.Note("first at /resolutionOrder/\(first)",
                        at: SourceAnchor(file: file, offset: items[first].offset).location(pointer: "/resolutionOrder/\(first)"))])
                continue
            }
            names[name] = index
            layers.append(layer)
        }
        return layers
    }

    mutating func readOrderItem(_ item: JSONValue, pointer: String) -> ResolverDocument.Layer? {
        guard item.isObject else {
            report(.orderItemNotObject(found: item.kindDescription), at: item,
                pointer: pointer)
            return nil
        }
        if let reference = item.member("$ref") {
            guard let target = reference.value.string else {
                report(.resolverRefNotString, at: reference.value, pointer: pointer + "/$ref")
                return nil
            }
            let segments = TokenPathSyntax.pointerSegments(target) ?? []
            if segments.first == "resolutionOrder" {
                report(.referenceIntoOrder(target), at: reference.value, pointer: pointer + "/$ref")
                return nil
            }
            if segments.count == 2, segments[0] == "sets", let set = entry(segments[1], of: "sets") {
                return .set(readSet(named: segments[1], set, pointer: "/sets/" + TokenPathSyntax.escape(segments[1]), stack: []))
            }
            if segments.count == 2, segments[0] == "modifiers", let modifier = entry(segments[1], of: "modifiers") {
                return readModifier(named: segments[1], modifier, pointer: "/modifiers/" + TokenPathSyntax.escape(segments[1]))
                    .map { .modifier($0) }
            }
            let known = (root["sets"]?.members ?? []).map { "#/sets/" + $0.key } + (root["modifiers"]?.members ?? []).map { "#/modifiers/" + $0.key }
            let suggestion = Suggestions.closest(to: target, in: known)
            report(.noSuchSetOrModifier(target), at: reference.value, pointer: pointer + "/$ref",
                fixIts: suggestion.map { [replacing(reference.value.offset, with: $0, "use '\($0)'")] } ?? [])
            return nil
        }
        guard let name = string(item["name"], pointer: pointer + "/name", what: "'name'") else {
            report(.inlineItemIncomplete, at: item, pointer: pointer)
            return nil
        }
        switch item["type"]?.string {
        case "set":
            checkMembers(item, allowed: ["name", "type", "description", "sources", "$extensions"], pointer: pointer, what: "an inline set")
            return .set(readSet(named: name, item, pointer: pointer, stack: [], checked: true))
        case "modifier":
            checkMembers(item, allowed: ["name", "type", "description", "contexts", "default", "$extensions"], pointer: pointer,
                what: "an inline modifier")
            return readModifier(named: name, item, pointer: pointer, checked: true).map { .modifier($0) }
        default:
            report(.inlineItemType, at: item["type"] ?? item, pointer: pointer + "/type")
            return nil
        }
    }

    // MARK: Sets and modifiers

    mutating func readSet(named name: String, _ node: JSONValue, pointer: String, stack: [String], checked: Bool = false)
        -> ResolverDocument.TokenSet
    {
        reachedSets.insert(name)
        guard node.isObject else {
            report(.setNotObject(name, found: node.kindDescription), at: node, pointer: pointer)
            return ResolverDocument.TokenSet(name: name, sources: [])
        }
        if !checked {
            checkMembers(node, allowed: ["description", "sources", "$extensions"], pointer: pointer, what: "a set")
        }
        let description = string(node["description"], pointer: pointer + "/description", what: "'description'")
        guard let sources = node["sources"] else {
            report(.setWithoutSources(name), at: node, pointer: pointer)
            return ResolverDocument.TokenSet(name: name, description: description, sources: [])
        }
        return ResolverDocument.TokenSet(name: name, description: description,
            sources: readSources(sources, pointer: pointer + "/sources", holder: .set(name), stack: stack + [pointer]))
    }

    mutating func readModifier(named name: String, _ node: JSONValue, pointer: String, checked: Bool = false)
        -> ResolverDocument.Modifier?
    {
        guard node.isObject else {
            report(.modifierNotObject(name, found: node.kindDescription), at: node, pointer: pointer)
            return nil
        }
        if !checked {
            checkMembers(node, allowed: ["description", "contexts", "default", "$extensions"], pointer: pointer, what: "a modifier")
        }
        let anchor = SourceAnchor(file: file, offset: node.offset)
        guard let contexts = node["contexts"], let members = contexts.members else {
            report(.modifierWithoutContexts(name), at: node["contexts"] ?? node,
                pointer: pointer + "/contexts")
            return nil
        }
        var modifier = ResolverDocument.Modifier(name: name,
            description: string(node["description"], pointer: pointer + "/description", what: "'description'"),
            contexts: [], defaultContext: nil, anchor: anchor)
        modifier.contexts = members.map { member in
            let contextPointer = pointer + "/contexts/" + TokenPathSyntax.escape(member.key)
            return ResolverDocument.Context(name: member.key,
                sources: readSources(member.value, pointer: contextPointer, holder: .modifier(name), stack: [pointer]))
        }
        if members.isEmpty {
            report(.modifierWithoutContext(name), at: contexts, pointer: pointer + "/contexts")
        } else if members.count == 1 {
            report(.modifierWithOneContext(name, context: members[0].key), at: contexts, pointer: pointer + "/contexts",
                notes: [Diagnostic.Note("move its sources into a set")])
        }
        if let defaultNode = node["default"], let wanted = string(defaultNode, pointer: pointer + "/default", what: "'default'") {
            if let context = modifier.contextNames.first(where: { $0 == wanted }) {
                modifier.defaultContext = context
            } else {
                let suggestion = Suggestions.closest(to: wanted, in: modifier.contextNames)
                report(.unknownDefaultContext(name, default: wanted), at: defaultNode, pointer: pointer + "/default",
                    notes: [Diagnostic.Note("contexts: " + modifier.contextNames.map { "'\($0)'" }.joined(separator: ", "))],
                    fixIts: suggestion.map { [replacing(defaultNode.offset, with: $0, "use '\($0)'")] } ?? [])
            }
        }
        return modifier
    }

    // MARK: Sources

    /// The sources of a set or context, with references to sets and to `$defs` followed.
    /// `stack` holds the pointers being expanded, to find cycles.
    mutating func readSources(_ node: JSONValue, pointer: String, holder: Holder, stack: [String]) -> [ResolverDocument.Source] {
        guard let items = node.array else {
            report(.sourcesNotArray(found: node.kindDescription), at: node, pointer: pointer)
            return []
        }
        var sources: [ResolverDocument.Source] = []
        for (index, item) in items.enumerated() {
            sources += readSource(item, pointer: pointer + "/\(index)", holder: holder, stack: stack)
        }
        return sources
    }

    mutating func readSource(_ item: JSONValue, pointer: String, holder: Holder, stack: [String]) -> [ResolverDocument.Source] {
        let anchor = SourceAnchor(file: file, offset: item.offset)
        guard let members = item.members else {
            report(.sourceNotObject(found: item.kindDescription), at: item, pointer: pointer)
            return []
        }
        guard let reference = item.member("$ref") else {
            return [ResolverDocument.Source(.inline(item), at: anchor)]
        }
        guard let target = reference.value.string else {
            report(.resolverRefNotString, at: reference.value, pointer: pointer + "/$ref")
            return []
        }
        guard stack.count < ResolverDocument.maximumReferenceDepth else {
            report(.nestingTooDeep(target), at: reference.value, pointer: pointer + "/$ref")
            return []
        }
        // Members beside `$ref` extend what it names: they come after it.
        let rest = members.filter { $0.key != "$ref" }
        let overlay = rest.isEmpty ? [] : [ResolverDocument.Source(.inline(JSONValue(.object(rest), offset: item.offset)),
            at: anchor)]
        guard target.hasPrefix("#") else {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            var fragment: [String] = []
            if parts.count == 2 {
                guard let segments = TokenPathSyntax.pointerSegments("#" + parts[1]) else {
                    report(.fragmentNotPointer(target), at: reference.value,
                        pointer: pointer + "/$ref")
                    return overlay
                }
                fragment = segments
            }
            return [ResolverDocument.Source(.file(path: path, pointer: fragment), at: anchor)] + overlay
        }
        guard let segments = TokenPathSyntax.pointerSegments(target) else {
            report(.notAPointer(target), at: reference.value, pointer: pointer + "/$ref")
            return overlay
        }
        if stack.contains(target) {
            report(.resolverSelfReference(target, through: stack),
                at: reference.value, pointer: pointer + "/$ref")
            return overlay
        }
        switch segments.first {
        case "resolutionOrder":
            report(.referenceIntoOrder(target), at: reference.value, pointer: pointer + "/$ref")
            return overlay
        case "modifiers":
            let who: String
            switch holder {
            case .set(let name): who = "set '\(name)'"
            case .modifier(let name): who = "modifier '\(name)'"
            }
            report(.sourceNamesModifier(who, target),
                at: reference.value, pointer: pointer + "/$ref",
                notes: [Diagnostic.Note("list the modifier in 'resolutionOrder' instead")])
            return overlay
        case "sets" where segments.count == 2:
            guard let set = entry(segments[1], of: "sets") else { break }
            let setPointer = "/sets/" + TokenPathSyntax.escape(segments[1])
            if stack.contains(setPointer) {
                report(.setIncludesItself(segments[1], through: target), at: reference.value,
                    pointer: pointer + "/$ref")
                return overlay
            }
            return readSet(named: segments[1], set, pointer: setPointer, stack: stack).sources + overlay
        default:
            break
        }
        // Any other place in this document, such as $defs: a token tree, or a reference on.
        guard let found = lookup.descendant(at: segments, of: root), found.isObject else {
            report(.pointerLeadsToNoObject(target), at: reference.value,
                pointer: pointer + "/$ref")
            return overlay
        }
        return readSource(found, pointer: String(target.dropFirst()), holder: holder, stack: stack + [target]) + overlay
    }
}
