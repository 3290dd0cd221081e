import Foundation
import Tessera

// Each importer's evidence for `--explain-format`: what `recognizes(_:)` looked at, said in a few
// words, worded from the same checks.


extension AssetCatalogImporter {
    package func reason(for file: SourceFile) -> String? {
        recognizes(fileName: file.path) == .no ? nil : "the path is an .xcassets folder (or its Contents.json)"
    }
}

extension FigmaVariablesImporter {
    package func reason(for file: SourceFile) -> String? {
        guard recognizes(file) != .no, let key = file.firstKey(of: Self.markers) else { return nil }
        return "its first 4 KB hold \(key) (a Figma variables response)"
    }
}

extension FigmaExportImporter {
    package func reason(for file: SourceFile) -> String? {
        if recognizes(fileName: file.path) != .no { return "the folder holds files of Figma's DTCG export" }
        guard recognizes(file) != .no, let key = file.firstKey(of: Self.markers) else { return nil }
        return "its first 4 KB hold \(key) (Figma's DTCG export)"
    }
}

extension GentleImporter {
    package func reason(for file: SourceFile) -> String? {
        guard recognizes(file) != .no, let key = file.firstKey(of: Self.markers) else { return nil }
        return "its first 4 KB hold \(key) (a Gentle spec)"
    }
}

extension TextStylesImporter {
    package func reason(for file: SourceFile) -> String? {
        guard recognizes(file) != .no else { return nil }
        if file.headHasKey("textStyles", followedBy: UInt8(ascii: "[")) { return "its first 4 KB open a \"textStyles\": [ array" }
        return "the name is textStyles.json and its first 4 KB have no $value or $type"
    }
}

extension TokensStudioImporter {
    package func reason(for file: SourceFile) -> String? {
        if let folder = Self.folder(of: file.path) {
            let name = (file.path as NSString).lastPathComponent
            return Self.markers.contains(name) ? "the name is \(name)" : "the folder '\(folder)' holds \(Self.markers.joined(separator: " or "))"
        }
        guard recognizes(file) != .no else { return nil }
        if let key = file.firstKey(of: ["$themes", "$metadata"]) { return "its first 4 KB hold \(key)" }
        // Tokens Studio writes `$themes` and `$metadata` after the sets.
        if Self.hasMarkerKeys(file) { return "its last 4 KB hold $themes or $metadata" }
        if file.headHasKey("value"), file.headHasKey("type"), !file.headHasKey("$value") {
            return "its first 4 KB write tokens with value and type, without $value"
        }
        return "its first 4 KB use a $type only Tokens Studio has"
    }
}

extension FigmaModesImporter {
    package func reason(for file: SourceFile) -> String? {
        if recognizes(fileName: file.path) != .no {
            let count = Self.layoutFiles(in: file.path)?.read.count ?? 0
            return "the folder holds \(count) Collection.Mode.json file\(count == 1 ? "" : "s") of tokens with com.figma extensions"
        }
        if Self.isCollectionDump(file) {
            return "the file is a JSON array whose first 4 KB hold $value and a plugin's collection entries "
                + "(\"collection\" and \"variables\" keys, or a \"modes\" object)"
        }
        guard recognizes(file) != .no, let (collection, mode) = Self.collectionAndMode(of: file.path) else { return nil }
        return "the name is Collection.Mode.json (collection '\(collection)', mode '\(mode)') and its first 4 KB hold com.figma extensions"
    }
}
