import Foundation
import Tessera
import TesseraTestSupport
import Testing

/// Systems other formats hold, read and converted by the command line.
struct ImportCommandTests {
    static let catalog = sharedFixtures.appendingPathComponent("asset-catalog/Assets.xcassets").path

    func temporaryFolder() -> String {
        TestScratch.root.appendingPathComponent("convert-\(UUID().uuidString)").path
    }

    /// The command line reads a catalog as a system with modes, and a folder walk leaves it alone.
    @Test func theCommandLineReadsCatalogs() throws {
        let tessera = CommandLineTests()
        let dark = try tessera.tessera(["resolve", Self.catalog, "--input", "appearance=dark", "--token", "outline"])
        #expect(dark.status == 0)
        #expect(dark.stdout == "outline\tcolor\t#9aa5b1ff\n")
        let folder = (try tessera.write(#"{"a": {"$type": "number", "$value": 1}}"#) as NSString).deletingLastPathComponent
        try FileManager.default.copyItem(atPath: Self.catalog, toPath: (folder as NSString).appendingPathComponent("Assets.xcassets"))
        let walked = try tessera.tessera(["validate", folder])
        #expect(walked.status == 0 && walked.stderr.isEmpty, "\(walked.stderr)")
        let forced = try tessera.tessera(["resolve", "--source-format", "nope", folder])
        #expect(forced.status == 2 && forced.stderr.contains("asset-catalog"))
    }

    /// The command line converts, and writes nothing when the source has an error.
    @Test func theCommandLineConverts() throws {
        let tessera = CommandLineTests()
        let folder = temporaryFolder()
        let run = try tessera.tessera(["convert", Self.catalog, "--to", "dtcg", "-o", folder])
        #expect(run.status == 0)
        #expect(run.stdout == "Assets.resolver.json\nany.tokens.json\nappearance-light.tokens.json\nappearance-dark.tokens.json\n")
        let resolved = try tessera.tessera(["resolve", (folder as NSString).appendingPathComponent("Assets.resolver.json"),
            "--input", "appearance=dark", "--token", "outline"])
        #expect(resolved.stdout == "outline\tcolor\t#9aa5b1ff\n")

        let broken = try tessera.write(#"{"a": {"$type": "color", "$value": "{missing}"}}"#)
        let empty = temporaryFolder()
        let failed = try tessera.tessera(["convert", broken, "-o", empty])
        #expect(failed.status == 1)
        #expect(!FileManager.default.fileExists(atPath: empty))
    }
}

/// A folder of `Collection.Mode.json` files, as the variable-export plugins write them, read by
/// the command line: detected, each multi-mode collection a modifier chosen with `--input`.
struct FigmaModesCommandTests {
    static let folder = sharedFixtures.appendingPathComponent("figma-modes").path
    static let twoFiles = sharedFixtures.appendingPathComponent("figma-modes-two-files").path

    @Test func aFolderOfCollectionModeFilesIsOneSystem() throws {
        let tessera = CommandLineTests()
        let explained = try tessera.tessera(["validate", Self.folder, "--explain-format"])
        #expect(explained.status == 0, "\(explained.stderr)")
        #expect(explained.stderr.contains("figma-modes"), "\(explained.stderr)")
        // The Foundations file's primitives, and a Product token aliasing them across folders.
        let dark = try tessera.tessera(["resolve", Self.folder, "--input", "🌗 Color scheme=Dark", "--token", "🌗 Color scheme.bg.surface"])
        #expect(dark.status == 0, "\(dark.stderr)")
        let light = try tessera.tessera(["resolve", Self.folder, "--token", "🌗 Color scheme.bg.surface"])
        #expect(light.status == 0, "\(light.stderr)")
        #expect(light.stdout.hasPrefix("🌗 Color scheme.bg.surface\tcolor\t#"), "\(light.stdout)")
        #expect(dark.stdout != light.stdout)
        let contexts = try tessera.tessera(["contexts", Self.folder])
        #expect(contexts.status == 0 && contexts.stdout.contains("Dark") && contexts.stdout.contains("Light"), "\(contexts.stdout)\(contexts.stderr)")
    }

    /// Two Figma files with a collection of the same name: both kept, each chosen by its own name.
    @Test func twoFilesWithACollectionOfTheSameName() throws {
        let tessera = CommandLineTests()
        let run = try tessera.tessera(["resolve", Self.twoFiles, "--input", "Color (Brand B)=Dark", "--token", "Theme.card"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Theme.card\tcolor\t#201a00ff\n")
        let other = try tessera.tessera(["resolve", Self.twoFiles, "--input", "Color (Brand A)=Dark", "--token", "Theme.partner"])
        #expect(other.stdout == "Theme.partner\tcolor\t#111111ff\n")
    }
}
