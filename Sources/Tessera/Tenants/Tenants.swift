import Foundation

/// One tenant of a white-label system: overrides on top of the base system, in any format
/// Tessera reads, with an optional metadata file (`tenant.json`).
///
/// A tenant is a folder in the tenants folder (its token files, and `tenant.json`) or a single
/// token file there; its id is the folder's name or the file's name without its extensions.
public struct Tenant: Sendable {
    /// The folder's or file's name: the theme's name in a feed.
    public var id: String
    /// The metadata's `name`, else the id.
    public var name: String
    /// The folder or file.
    public var path: String
    /// The token files, in name order.
    public var paths: [String]
    /// The contexts it ships, per modifier (`"contexts": {"theme": ["light"]}`); a modifier not
    /// named keeps all its contexts.
    public var contexts: [String: [String]] = [:]
    /// The metadata file, when there is one, and where each context it names is written.
    package var metadata: SourceFile?
    package var contextOffsets: [String: Int] = [:]

    /// The metadata file's name in a tenant's folder.
    public static let metadataFileName = "tenant.json"

    /// Whether an id can name a theme in a feed (a path segment of a URL).
    static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, first != ".", id.utf8.count <= 128 else { return false }
        return id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}

/// The tenants folder of a white-label system.
public struct TenantFolder: Sendable {
    public let path: String
    /// The tenants, by id.
    public let tenants: [Tenant]
    /// Problems of the folder and of the metadata files.
    public let diagnostics: [Diagnostic]

    /// Reads the folder: every sub-folder and every token file in it is a tenant (hidden entries
    /// are skipped).
    public init(path: String, importers: ImporterRegistry = .dtcg) {
        self.path = path
        var diagnostics: [Diagnostic] = []
        var tenants: [Tenant] = []
        let manager = FileManager.default
        let entries = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for entry in entries {
            let full = (path as NSString).appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            var tenant: Tenant
            if isDirectory.boolValue {
                let files = ((try? manager.contentsOfDirectory(atPath: full)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
                tenant = Tenant(id: entry, name: entry, path: full,
                    paths: files.filter { $0 != Tenant.metadataFileName }.map { (full as NSString).appendingPathComponent($0) })
                if files.contains(Tenant.metadataFileName) {
                    Self.readMetadata((full as NSString).appendingPathComponent(Tenant.metadataFileName), into: &tenant,
                        diagnostics: &diagnostics)
                }
            } else {
                guard importers.importer(forFileName: entry) != nil || entry.hasSuffix(".json") || entry.hasSuffix(".tokens") else { continue }
                var id = entry
                for suffix in [".json", ".jsonc", ".tokens", ".yaml", ".yml"] where id.hasSuffix(suffix) { id.removeLast(suffix.count) }
                if id.hasSuffix(".tokens") { id.removeLast(".tokens".count) }
                tenant = Tenant(id: id, name: id, path: full, paths: [full])
            }
            if !Tenant.isValidID(tenant.id) {
                diagnostics.append(Diagnostic(.tenantName(tenant.id), at: SourceLocation(file: full, line: 0, column: 0)))
                continue
            }
            tenants.append(tenant)
        }
        if tenants.isEmpty, diagnostics.isEmpty {
            diagnostics.append(Diagnostic(.tenantsNone(path), at: SourceLocation(file: path, line: 0, column: 0)))
        }
        self.tenants = tenants
        self.diagnostics = diagnostics
    }

    /// `{"name": "Acme", "contexts": {"theme": ["light", "dark"]}}`; every member is optional.
    static func readMetadata(_ path: String, into tenant: inout Tenant, diagnostics: inout [Diagnostic]) {
        guard let file = TokenFileLoader.read(path, maximum: 1 << 20, diagnostics: &diagnostics) else { return }
        tenant.metadata = file
        guard let root = JSONParser(file: file).parseWellFormed(into: &diagnostics) else { return }
        func report(_ problem: String, at offset: Int) {
            diagnostics.append(Diagnostic(.tenantMetadata(problem), at: SourceAnchor(file: file, offset: offset).location()))
        }
        guard let members = root.members else { return report("the file is \(root.kindDescription), not an object", at: root.offset) }
        for member in members {
            switch member.key {
            case "name":
                guard let name = member.value.string, !name.isEmpty else {
                    report("'name' is \(member.value.kindDescription), not a non-empty string", at: member.value.offset)
                    continue
                }
                tenant.name = name
            case "contexts":
                guard let modifiers = member.value.members else {
                    report("'contexts' is \(member.value.kindDescription), not an object of modifier: [contexts]", at: member.value.offset)
                    continue
                }
                for modifier in modifiers {
                    let names = modifier.value.array?.compactMap(\.string) ?? []
                    guard let list = modifier.value.array, names.count == list.count, !names.isEmpty else {
                        report("'\(modifier.key)' is not a non-empty list of context names", at: modifier.value.offset)
                        continue
                    }
                    tenant.contexts[modifier.key] = names
                    tenant.contextOffsets[modifier.key] = modifier.keyOffset
                    for (index, value) in list.enumerated() { tenant.contextOffsets[modifier.key + "\u{0}" + names[index]] = value.offset }
                }
            default:
                report("unknown member '\(member.key)'; a tenant's metadata has 'name' and 'contexts'", at: member.keyOffset)
            }
        }
    }
}

extension TokenSystem {
    /// The system a tenant ships: this system's resolution order with the tenant's files as a
    /// last set, so they override the base (a closed token overridden is `token.closed`, as for
    /// any later source), and only the contexts the tenant's metadata names. Also the tenant's
    /// files and the problems of reading them.
    public func system(for tenant: Tenant) -> (system: TokenSystem, files: [SourceFile], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let files = TokenFileLoader.files(at: tenant.paths, importers: options.importers, maximumFileSize: options.limits.fileSize,
            diagnostics: &diagnostics)
        guard var document = resolver else { return (self, files + (tenant.metadata.map { [$0] } ?? []), diagnostics) }
        var sources: [ResolverDocument.Source] = []
        for file in files {
            switch options.importers.importer(for: file) {
            case let importer as any LayerImporter:
                sources.append(ResolverDocument.Source(.built(importer.layer(of: file)), at: SourceAnchor(file: file, offset: 0)))
            case let importer?:
                diagnostics.append(Diagnostic(.systemAmongTokenFiles(file.path, format: importer.name),
                    at: SourceLocation(file: file.path, line: 0, column: 0),
                    notes: [Diagnostic.Note("a tenant's files are token files read on top of the base system")]))
            case nil:
                diagnostics.append(Diagnostic(.noImporter(for: file.path), at: SourceLocation(file: file.path, line: 0, column: 0),
                    notes: [Diagnostic.Note("formats read: " + options.importers.names.joined(separator: ", "))]))
            }
        }
        // The contexts it ships.
        let location = { (key: String) -> SourceLocation in
            guard let file = tenant.metadata else { return SourceLocation(file: tenant.path, line: 0, column: 0) }
            return SourceAnchor(file: file, offset: tenant.contextOffsets[key] ?? 0).location()
        }
        let modifiers = document.modifiers
        for (name, wanted) in tenant.contexts.sorted(by: { $0.key < $1.key }) {
            guard let modifier = modifiers.first(where: { $0.name.sameName(name) }) else {
                diagnostics.append(Diagnostic(.tenantUnknownContext(name, context: nil, known: modifiers.map(\.name)), at: location(name)))
                continue
            }
            for context in wanted where !modifier.contextNames.contains(where: { $0.sameName(context) }) {
                diagnostics.append(Diagnostic(.tenantUnknownContext(modifier.name, context: context, known: modifier.contextNames),
                    at: location(name + "\u{0}" + context)))
            }
        }
        document.layers = document.layers.map { layer in
            guard case .modifier(var modifier) = layer,
                let wanted = tenant.contexts.first(where: { $0.key.sameName(modifier.name) })?.value
            else { return layer }
            let kept = modifier.contexts.filter { context in wanted.contains { $0.sameName(context.name) } }
            guard !kept.isEmpty else { return layer }
            modifier.contexts = kept
            if let chosen = modifier.defaultContext, !kept.contains(where: { $0.name == chosen }) { modifier.defaultContext = kept[0].name }
            return .modifier(modifier)
        }
        document.layers.append(.set(ResolverDocument.TokenSet(name: "tenant " + tenant.id, sources: sources)))
        return (TokenSystem(document, options: options), files + (tenant.metadata.map { [$0] } ?? []), diagnostics)
    }
}

extension Diagnostic {
    /// This diagnostic with a note saying which tenant it belongs to.
    public func inTenant(_ tenant: Tenant) -> Diagnostic {
        var copy = self
        copy.notes.insert(Note("in tenant '\(tenant.id)'" + (tenant.name == tenant.id ? "" : " (\(tenant.name))")), at: 0)
        return copy
    }
}

extension String {
    fileprivate func sameName(_ other: String) -> Bool { self == other || lowercased() == other.lowercased() }
}
