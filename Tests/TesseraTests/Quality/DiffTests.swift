import Foundation
import Tessera
@testable import TesseraBuild
@testable import TesseraGenerate
@testable import TesseraQuality
import Testing

/// `tessera diff` on real systems: Primer's and Spectrum's themes as two versions of one set,
/// and a history of Primer's files in git (a component removed, a token renamed, one
/// deprecated, one recolored).
@Suite struct DiffTests {
    static let examples = Codegen.fixtures.appendingPathComponent("dtcg-examples")

    static func context(_ paths: [String]) throws -> GenerationContext {
        let system = TokenSystem.load(paths)
        return try #require(system.context(name: "x"), "\(system.diagnostics.filter { $0.severity == .error }.prefix(3))")
    }

    /// Every token's `$value` object by path, read with JSONSerialization.
    static func rawValues(_ path: String) throws -> [String: NSObject] {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
        var found: [String: NSObject] = [:]
        func walk(_ node: [String: Any], _ names: [String]) {
            if let value = node["$value"] as? NSObject { found[names.joined(separator: ".")] = value }
            for (key, child) in node where !key.hasPrefix("$") {
                if let child = child as? [String: Any] { walk(child, names + [key]) }
            }
        }
        walk(root, [])
        return found
    }

    /// Primer's light and dark base palettes: the same paths, so only values change (a patch),
    /// and exactly the tokens whose written values differ; the hex values are the components
    /// read independently.
    @Test func primerLightToDarkIsAPatch() throws {
        let light = Self.examples.appendingPathComponent("github-primer/base/color/light/light.tokens.json").path
        let dark = Self.examples.appendingPathComponent("github-primer/base/color/dark/dark.tokens.json").path
        let diff = TokenDiff(old: try Self.context([light]), new: try Self.context([dark]))
        let (before, after) = (try Self.rawValues(light), try Self.rawValues(dark))
        #expect(Set(before.keys) == Set(after.keys))
        let differing = before.keys.filter { before[$0] != after[$0] }
        #expect(diff.bump == .patch)
        #expect(!diff.isBreaking)
        #expect(Set(diff.changes.map(\.path)) == Set(differing), "\(diff.changes.count) changes, \(differing.count) differ")
        #expect(diff.changes.allSatisfy { $0.kind == .valueChanged && $0.deltaE.map { $0 > 0 } == true })
        for change in diff.changes.prefix(20) {
            for (value, raw) in [(change.oldValue, before[change.path]), (change.newValue, after[change.path])] {
                guard let object = raw as? [String: Any], let components = object["components"] as? [Double],
                    object["colorSpace"] as? String == "srgb", (object["alpha"] as? Double ?? 1) == 1
                else { continue }
                let hex = "#" + components.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
                #expect(value == hex, "\(change.path)")
            }
        }
    }

    /// Spectrum's light and dark themes, each on its shared base: a patch, per token.
    @Test func spectrumThemesArePatches() throws {
        let base = Self.examples.appendingPathComponent("adobe-spectrum/base.tokens.json").path
        let folder = TestScratch.root.appendingPathComponent("spectrum-diff")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for theme in ["light", "dark"] {
            let target = folder.appendingPathComponent(theme)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: base, toPath: target.appendingPathComponent("1-base.tokens.json").path)
            try FileManager.default.copyItem(atPath: Self.examples.appendingPathComponent("adobe-spectrum/theme-\(theme).tokens.json").path,
                toPath: target.appendingPathComponent("2-theme.tokens.json").path)
        }
        let diff = TokenDiff(old: try Self.context([folder.appendingPathComponent("light").path]),
            new: try Self.context([folder.appendingPathComponent("dark").path]))
        #expect(diff.bump == .patch)
        #expect(diff.changes.count > 100)
        #expect(diff.markdown.hasPrefix("## Design tokens: patch (values only)"))
    }

    static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "-c", "user.name=Tessera", "-c", "user.email=tessera@example.com"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    /// A history of Primer in git: `tessera diff --git HEAD` reads the committed version with
    /// git and names each change; removing the tooltip component is breaking.
    @Test func primerHistoryInGit() throws {
        let repository = TestScratch.root.appendingPathComponent("primer-history")
        try? FileManager.default.removeItem(at: repository)
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("github-primer"), to: repository.appendingPathComponent("github-primer"))
        let resolver = repository.appendingPathComponent("github-primer.resolver.json")
        try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("github-primer.resolver.json"), to: resolver)
        try Self.git(["init", "-q"], in: repository)
        try Self.git(["add", "."], in: repository)
        try Self.git(["commit", "-q", "-m", "v1"], in: repository)

        // v2: the tooltip component is gone, fgColor.muted is deprecated, fgColor.sponsors is
        // renamed to fgColor.sponsorship, and base.color.neutral.9 is recolored in light.
        let tooltip = repository.appendingPathComponent("github-primer/component/tooltip.tokens.json")
        let tooltipTokens = try Self.rawValues(tooltip.path).keys.sorted()
        try FileManager.default.removeItem(at: tooltip)
        var resolverText = try String(contentsOf: resolver, encoding: .utf8)
        resolverText = resolverText.replacingOccurrences(of: #"{ "$ref": "./github-primer/component/tooltip.tokens.json" },"#, with: "")
            .replacingOccurrences(of: #"{ "$ref": "./github-primer/component/tooltip.tokens.json" }"#, with: "")
        try Data(resolverText.utf8).write(to: resolver)
        let fgColor = repository.appendingPathComponent("github-primer/functional/color/fgColor.tokens.json")
        var fg = try JSONSerialization.jsonObject(with: Data(contentsOf: fgColor)) as! [String: Any]
        var group = fg["fgColor"] as! [String: Any]
        var muted = group["muted"] as! [String: Any]
        muted["$deprecated"] = "use fgColor.default"
        group["muted"] = muted
        group["sponsorship"] = group.removeValue(forKey: "sponsors")
        fg["fgColor"] = group
        try JSONSerialization.data(withJSONObject: fg, options: [.prettyPrinted, .sortedKeys]).write(to: fgColor)
        let light = repository.appendingPathComponent("github-primer/base/color/light/light.tokens.json")
        var palette = try JSONSerialization.jsonObject(with: Data(contentsOf: light)) as! [String: Any]
        var color = ((palette["base"] as! [String: Any])["color"] as! [String: Any])
        var neutral = color["neutral"] as! [String: Any]
        var nine = neutral["9"] as! [String: Any]
        nine["$value"] = ["colorSpace": "srgb", "components": [0.2, 0.2, 0.2], "hex": "#333333"]
        neutral["9"] = nine
        color["neutral"] = neutral
        palette["base"] = ["color": color]
        try JSONSerialization.data(withJSONObject: palette, options: [.prettyPrinted, .sortedKeys]).write(to: light)

        let run = try CommandLineTests().tessera(["diff", "--git", "HEAD", resolver.path, "--format", "json"])
        #expect(run.status == 1, "breaking: \(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["bump"] as? String == "major")
        #expect(document["breaking"] as? Bool == true)
        let changes = document["changes"] as? [[String: Any]] ?? []
        func paths(_ kind: String) -> [String] { changes.filter { $0["kind"] as? String == kind }.compactMap { $0["path"] as? String }.sorted() }
        #expect(paths("removed") == tooltipTokens)
        #expect(paths("renamed") == ["fgColor.sponsors"])
        #expect(changes.first { $0["kind"] as? String == "renamed" }?["newPath"] as? String == "fgColor.sponsorship")
        #expect(paths("deprecated") == ["fgColor.muted"])
        #expect(paths("added").isEmpty)
        let recolored = changes.filter { $0["kind"] as? String == "value-changed" && $0["path"] as? String == "base.color.neutral.9" }
        #expect(recolored.count == 1)
        #expect(recolored.first?["newValue"] as? String == "#333333")
        #expect((recolored.first?["permutations"] as? String)?.hasPrefix("theme=light") == true)
        // fgColor.muted takes neutral.9 in light, so it changes value there too.
        #expect(paths("value-changed").contains("fgColor.muted"))

        // Markdown for the pull request, and the text summary.
        let markdown = try CommandLineTests().tessera(["diff", "--git", "HEAD", resolver.path, "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("## Design tokens: major (breaking)"))
        #expect(markdown.stdout.contains("| `fgColor.sponsors` | `fgColor.sponsorship` |"))
        // Against itself, nothing changed: exit 0.
        let same = try CommandLineTests().tessera(["diff", resolver.path, resolver.path])
        #expect(same.status == 0)
        #expect(same.stdout.hasPrefix("tessera diff: no change; no changes"))
    }

    @Test(arguments: [
        (["color", "text", "old"], ["color", "text", "legacy"], true),
        (["fgColor", "onEmphasis"], ["fgColor", "onStrong"], true),
        (["color", "fg", "default"], ["color", "text", "default"], true),
        (["space", "md"], ["radius", "lg"], false),
    ])
    func renameSimilarity(old: [String], new: [String], similar: Bool) {
        #expect((TokenDiff.similarity(old, new) >= 0.5) == similar)
    }

    @Test func addedDeprecatedAndTypeChangesSetTheBump() throws {
        func system(_ json: String) throws -> GenerationContext {
            let file = TestScratch.root.appendingPathComponent("diff-\(UUID().uuidString).tokens.json")
            try Data(json.utf8).write(to: file)
            return try Self.context([file.path])
        }
        let base = try system(#"{ "a": { "$type": "number", "$value": 1 } }"#)
        let added = try system(#"{ "a": { "$type": "number", "$value": 1 }, "b": { "$type": "number", "$value": 2 } }"#)
        let deprecated = try system(#"{ "a": { "$type": "number", "$value": 1, "$deprecated": true } }"#)
        let retyped = try system(#"{ "a": { "$type": "fontWeight", "$value": 1 } }"#)
        let revalued = try system(#"{ "a": { "$type": "number", "$value": 3 } }"#)
        #expect(TokenDiff(old: base, new: added).bump == .minor)
        #expect(TokenDiff(old: base, new: deprecated).bump == .minor)
        #expect(TokenDiff(old: deprecated, new: base).changes.map(\.kind) == [.undeprecated])
        #expect(TokenDiff(old: base, new: retyped).changes.map(\.kind) == [.typeChanged])
        #expect(TokenDiff(old: base, new: retyped).isBreaking)
        #expect(TokenDiff(old: base, new: revalued).bump == .patch)
        #expect(TokenDiff(old: added, new: base).changes.map(\.kind) == [.removed])
        #expect(TokenDiff(old: base, new: base).bump == TokenDiff.Bump.none)
    }
}
