// The catalogue: a white-label system's tenants folder and each tenant's metadata file.

extension DiagnosticMessage {
    static func tenantMetadata(_ problem: String) -> Self {
        Self(.tenantMetadata, .error, "tenant metadata: \(problem)")
    }

    static func tenantName(_ name: String) -> Self {
        Self(.tenantName, .error,
            "tenant '\(name)' cannot name a theme in a feed: use letters, digits, '-', '_' and '.', not first")
    }

    static func tenantUnknownContext(_ modifier: String, context: String?, known: [String]) -> Self {
        Self(.tenantUnknownContext, .error,
            (context.map { "modifier '\(modifier)' has no context '\($0)'" } ?? "the system has no modifier '\(modifier)'")
                + (known.isEmpty ? "" : "; it has " + known.map { "'\($0)'" }.joined(separator: ", ")))
    }

    static func tenantsNone(_ folder: String) -> Self {
        Self(.tenantsNone, .error, "the tenants folder '\(folder)' holds no tenant: a folder or token file per tenant")
    }
}
