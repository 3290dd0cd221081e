import Foundation
import Tessera
import TesseraImporters
import TesseraConformanceKit
import TesseraGenerate

/// The Open edX app's asset catalog as Xcode wrote it: read two ways, written again byte for
/// byte, converted to DTCG and back, and read by the command line.
struct AssetCatalogChecks {
    let corpus: Corpus
    var openedx: URL { corpus.openedx }

    func run(_ checks: Checks) {
        // Every color set, decoded independently of the importer (JSONSerialization, the three
        // component encodings), must be what each appearance resolves to.
        checks.run("openedx-ios-colorsets: the catalog agrees with an independent reading") { check in
            let (colorSets, compared) = try AssetCatalogReading.compare(openedx.path, check)
            check.expect(colorSets == 77)
            check.expect(compared == 154)
        }
        checks.run("openedx-ios-colorsets: the image sets are reported") { check in
            let report = AssetCatalogImporter().system(at: openedx.path, options: PipelineOptions()).checkAllPermutations()
            check.expect(report.diagnostics.map(\.id) == [.assetNotRead, .assetNotRead])
            check.expect(report.diagnostics.allSatisfy { $0.location?.file.hasSuffix(".imageset") == true })
        }
        // Read and written again: every color set and folder file has the bytes Xcode wrote
        // (hex and decimal components, display-p3, folders without namespaces).
        checks.run("openedx-ios-colorsets: the color sets round-trip byte for byte") { check in
            let context = try Toolchain.context(openedx.path, check)
            let files = AssetCatalogEmitter().emit(context)
            let written = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) })
            let originals = (FileManager.default.enumerator(atPath: openedx.path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix("Contents.json") && !$0.contains(".imageset") }
            check.expect(originals.count > 90)
            var differing: [String] = []
            for path in originals.sorted() {
                let original = try check.require(FileManager.default.contents(atPath: openedx.appendingPathComponent(path).path))
                if written[path] != Array(original) { differing.append(path) }
            }
            check.expect(differing.isEmpty, "\(differing.count) differ, first \(differing.first ?? ""):\n\(String(decoding: written[differing.first ?? ""] ?? [], as: UTF8.self))")
            check.expect(Set(written.keys) == Set(originals))
        }
        checks.run("openedx-ios-colorsets: converted to DTCG, resolves to the same values") { check in
            try RoundTrip.expect(AssetCatalogImporter().system(at: openedx.path, options: PipelineOptions()), check)
        }
        // The command line reads a catalog as a system with modes, and a folder walk leaves it alone.
        checks.run("openedx-ios-colorsets: the command line reads the catalog") { check in
            let dark = try Toolchain.tessera(["resolve", openedx.path, "--input", "appearance=dark", "--token", "assignmentStroke"], check)
            check.expect(dark.status == 0)
            check.expect(dark.stdout == "assignmentStroke\tcolor\t#8e9baeff\n")
            let folder = (try Scratch.write(#"{"a": {"$type": "number", "$value": 1}}"#) as NSString).deletingLastPathComponent
            try FileManager.default.copyItem(atPath: openedx.path, toPath: (folder as NSString).appendingPathComponent("Assets.xcassets"))
            let walked = try Toolchain.tessera(["validate", folder], check)
            check.expect(walked.status == 0 && walked.stderr.isEmpty, "\(walked.stderr)")
            let forced = try Toolchain.tessera(["resolve", "--source-format", "nope", folder], check)
            check.expect(forced.status == 2 && forced.stderr.contains("asset-catalog"))
        }
        // The command line converts, and writes nothing when the source has an error.
        checks.run("openedx-ios-colorsets: the command line converts the catalog") { check in
            let folder = Scratch.freshPath("convert")
            let run = try Toolchain.tessera(["convert", openedx.path, "--to", "dtcg", "-o", folder], check)
            check.expect(run.status == 0)
            check.expect(run.stdout == "Assets.resolver.json\nany.tokens.json\nappearance-light.tokens.json\nappearance-dark.tokens.json\n")
            let resolved = try Toolchain.tessera(["resolve", (folder as NSString).appendingPathComponent("Assets.resolver.json"),
                "--input", "appearance=dark", "--token", "assignmentStroke"], check)
            check.expect(resolved.stdout == "assignmentStroke\tcolor\t#8e9baeff\n")

            let broken = try Scratch.write(#"{"a": {"$type": "color", "$value": "{missing}"}}"#)
            let empty = Scratch.freshPath("convert")
            let failed = try Toolchain.tessera(["convert", broken, "-o", empty], check)
            check.expect(failed.status == 1)
            check.expect(!FileManager.default.fileExists(atPath: empty))
        }
    }
}
