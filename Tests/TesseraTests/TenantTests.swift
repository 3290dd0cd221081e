import Foundation
import TesseraTestSupport
import Testing

@testable import Tessera

/// A white-label system: a base system and a folder of tenants, each overrides on top of it.
struct TenantTests {
    static let closed = ##""$extensions": {"dev.tessera": {"closed": true}}"##

    /// Writes `files` (relative path → text) into a new folder.
    static func folder(_ files: [String: String]) throws -> String {
        let root = TestScratch.root.appendingPathComponent("tenants-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root.path
    }

    static let resolver = ##"""
        {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
         "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
        """##

    static func system() throws -> (TokenSystem, String) {
        let root = try folder([
            "app.resolver.json": resolver,
            "base.tokens.json": ##"{"color": {"$type": "color", "legal": {\##(closed), "$value": "#000000"}, "brand": {"$value": "#ff0000"}, "text": {"$value": "{color.brand}"}}}"##,
            "dark.tokens.json": ##"{"color": {"brand": {"$value": "#880000"}}}"##,
            "tenants/acme/brand.tokens.json": ##"{"color": {"brand": {"$value": "#0000ff"}}}"##,
            "tenants/acme/tenant.json": ##"{"name": "Acme Corp", "contexts": {"theme": ["light"]}}"##,
            "tenants/rogue.tokens.json": ##"{"color": {"legal": {"$value": "#00ff00"}}}"##,
            "tenants/typo/tenant.json": ##"{"contexts": {"theme": ["dim"]}}"##,
        ])
        return (TokenSystem(paths: [root + "/app.resolver.json"]), root + "/tenants")
    }

    @Test func aTenantOverridesTheBaseAndShipsOnlyItsContexts() throws {
        let (base, tenants) = try Self.system()
        let folder = TenantFolder(path: tenants)
        #expect(folder.tenants.map(\.id) == ["acme", "rogue", "typo"])
        let acme = try #require(folder.tenants.first)
        #expect(acme.name == "Acme Corp")
        let (system, _, problems) = base.system(for: acme)
        #expect(problems.isEmpty)
        let resolved = system.resolveAll()
        #expect(resolved.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(system.resolver?.permutationCount == 1, "only light ships")
        #expect(base.resolver?.permutationCount == 2)
        var tenantSystem = system
        // The alias follows the tenant's brand color, as it would with the same file last on the command line.
        let direct = TokenSystem.resolving(paths: [tenants + "/../base.tokens.json", tenants + "/acme/brand.tokens.json"])
        let expected = direct.partialTokens["color.text"]?.value
        #expect(expected != nil)
        #expect(try tenantSystem.resolve().tokens()["color.text"]?.value == expected)
    }

    @Test func aClosedTokenStaysClosedInATenant() throws {
        let (base, tenants) = try Self.system()
        let rogue = try #require(TenantFolder(path: tenants).tenants.first { $0.id == "rogue" })
        let checked = base.system(for: rogue).system.checkAllPermutations()
        let closed = checked.diagnostics.filter { $0.id == .closedToken }
        #expect(!closed.isEmpty)
        #expect(closed.allSatisfy { $0.location?.file.hasSuffix("rogue.tokens.json") == true })
    }

    @Test func anUnknownContextInTheMetadataIsLocated() throws {
        let (base, tenants) = try Self.system()
        let typo = try #require(TenantFolder(path: tenants).tenants.first { $0.id == "typo" })
        let problems = base.system(for: typo).diagnostics
        #expect(problems.map(\.id) == [.tenantUnknownContext])
        let location = try #require(problems.first?.location)
        #expect(location.file.hasSuffix("tenant.json"))
        #expect(location.line == 1)
        #expect(location.column == 1 + #"{"contexts": {"theme": ["#.count)
    }

    @Test func aNoteNamesTheTenant() throws {
        let (_, tenants) = try Self.system()
        let acme = try #require(TenantFolder(path: tenants).tenants.first)
        let noted = Diagnostic(.tenantsNone("x"), at: nil).inTenant(acme)
        #expect(noted.notes.first?.message == "in tenant 'acme' (Acme Corp)")
    }
}
