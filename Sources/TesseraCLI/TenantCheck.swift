import Foundation
import Tessera

/// Checks a base system and every tenant of a tenants folder in every permutation, each
/// tenant's own problems (those the base does not have) noted with the tenant's id.
enum TenantCheck {
    struct Result {
        var diagnostics: [Diagnostic]
        var files: [SourceFile]
        var tenantCount: Int
    }

    static func run(base: TokenSystem, folder: String, each: ((Tenant, ResolvedSystem) -> [Diagnostic])? = nil,
        baseExtra: ((ResolvedSystem) -> [Diagnostic])? = nil) -> Result
    {
        let baseChecked = base.checkAllPermutations()
        let baseDiagnostics = baseChecked.diagnostics + (baseExtra?(baseChecked) ?? [])
        let known = Set(baseDiagnostics)
        var diagnostics = baseDiagnostics
        var files = baseChecked.files
        let tenants = TenantFolder(path: folder, importers: base.options.importers)
        diagnostics += tenants.diagnostics
        for tenant in tenants.tenants {
            let (system, tenantFiles, found) = base.system(for: tenant)
            let checked = system.checkAllPermutations()
            let own = (found + checked.diagnostics + (each?(tenant, checked) ?? [])).filter { !known.contains($0) }
            var seen = Set<Diagnostic>()
            diagnostics += own.filter { seen.insert($0).inserted }.map { $0.inTenant(tenant) }
            let paths = Set(files.map(\.path))
            files += (tenantFiles + checked.files).filter { !paths.contains($0.path) }
        }
        return Result(diagnostics: diagnostics, files: files, tenantCount: tenants.tenants.count)
    }
}
