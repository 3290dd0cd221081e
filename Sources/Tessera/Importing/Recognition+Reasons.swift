import Foundation

// Each importer's evidence for `--explain-format`: what `recognizes(_:)` looked at, said in a few
// words. Kept beside each other, apart from the importers, and worded from the same checks.

extension SourceFile {
    /// The file's extension as written, `.json`, or "no extension".
    package var extensionWords: String {
        let ext = (path as NSString).pathExtension
        return ext.isEmpty ? "no extension" : "the .\(ext) extension"
    }

    /// The first of `keys` the first 4 KB hold.
    package func firstKey(of keys: [String]) -> String? { keys.first { headHasKey($0) } }
}

extension DTCGImporter {
    package func reason(for file: SourceFile) -> String? {
        let lower = file.path.lowercased()
        if lower.hasSuffix(".tokens.json") || lower.hasSuffix(".tokens") { return "the name ends in .tokens or .tokens.json" }
        guard recognizes(file) != .no else { return nil }
        return "\(file.extensionWords), and no other format recognizes its name or its first 4 KB"
    }
}

extension ResolverImporter {
    package func reason(for file: SourceFile) -> String? {
        if recognizes(fileName: file.path) != .no { return "the name ends in .resolver.json" }
        return recognizes(file) == .no ? nil : "its first 4 KB declare \(Self.marker)"
    }
}
