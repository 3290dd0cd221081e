import Foundation
import Tessera
import TesseraGenerate
import TesseraQuality

/// `tessera diff` on real systems: Primer's and Spectrum's themes as two versions of one set,
/// and a history of Primer's files in git (a component removed, a token renamed, one
/// deprecated, one recolored).
struct DiffChecks {
    let corpus: Corpus

    func context(_ paths: [String], _ check: Check) throws -> GenerationContext {
        let system = TokenSystem.load(paths)
        return try check.require(system.context(name: "x"), "\(system.diagnostics.filter { $0.severity == .error }.prefix(3))")
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

    func run(_ checks: Checks) {
        let examples = corpus.dtcgExamples

        // Primer's light and dark base palettes: the same paths, so only values change (a
        // patch), and exactly the tokens whose written values differ; the hex values are the
        // components read independently.
        checks.run("dtcg-examples/github-primer: diff of the light and dark palettes is a patch") { check in
            let light = examples.appendingPathComponent("github-primer/base/color/light/light.tokens.json").path
            let dark = examples.appendingPathComponent("github-primer/base/color/dark/dark.tokens.json").path
            let diff = TokenDiff(old: try context([light], check), new: try context([dark], check))
            let (before, after) = (try Self.rawValues(light), try Self.rawValues(dark))
            check.expect(Set(before.keys) == Set(after.keys), "the same paths")
            let differing = before.keys.filter { before[$0] != after[$0] }
            check.expect(diff.bump == .patch, "\(diff.bump)")
            check.expect(!diff.isBreaking, "breaking")
            check.expect(Set(diff.changes.map(\.path)) == Set(differing), "\(diff.changes.count) changes, \(differing.count) differ")
            check.expect(diff.changes.allSatisfy { $0.kind == .valueChanged && $0.deltaE.map { $0 > 0 } == true }, "every change a value with a color difference")
            for change in diff.changes.prefix(20) {
                for (value, raw) in [(change.oldValue, before[change.path]), (change.newValue, after[change.path])] {
                    guard let object = raw as? [String: Any], let components = object["components"] as? [Double],
                        object["colorSpace"] as? String == "srgb", (object["alpha"] as? Double ?? 1) == 1
                    else { continue }
                    let hex = "#" + components.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
                    check.expect(value == hex, "\(change.path): \(value ?? "nil") is not \(hex)")
                }
            }
        }

        // Spectrum's light and dark themes, each on its shared base: a patch, per token.
        checks.run("dtcg-examples/adobe-spectrum: diff of the light and dark themes on their base is a patch") { check in
            let base = examples.appendingPathComponent("adobe-spectrum/base.tokens.json").path
            let folder = try Toolchain.temporaryFolder("spectrum-diff")
            for theme in ["light", "dark"] {
                let target = folder.appendingPathComponent(theme)
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: base, toPath: target.appendingPathComponent("1-base.tokens.json").path)
                try FileManager.default.copyItem(atPath: examples.appendingPathComponent("adobe-spectrum/theme-\(theme).tokens.json").path,
                    toPath: target.appendingPathComponent("2-theme.tokens.json").path)
            }
            let diff = TokenDiff(old: try context([folder.appendingPathComponent("light").path], check),
                new: try context([folder.appendingPathComponent("dark").path], check))
            check.expect(diff.bump == .patch, "\(diff.bump)")
            check.expect(diff.changes.count > 100, "\(diff.changes.count) changes")
            check.expect(diff.markdown.hasPrefix("## Design tokens: patch (values only)"), "\(diff.markdown.prefix(80))")
        }

        // A history of Primer in git: `tessera diff --git HEAD` reads the committed version
        // with git and names each change; removing the tooltip component is breaking.
        checks.run("dtcg-examples/github-primer: tessera diff --git names each change of a history") { check in
            let repository = try Toolchain.temporaryFolder("primer-history")
            try FileManager.default.copyItem(at: examples.appendingPathComponent("github-primer"), to: repository.appendingPathComponent("github-primer"))
            let resolver = repository.appendingPathComponent("github-primer.resolver.json")
            try FileManager.default.copyItem(at: examples.appendingPathComponent("github-primer.resolver.json"), to: resolver)
            try Toolchain.git(["init", "-q"], in: repository, check)
            try Toolchain.git(["add", "."], in: repository, check)
            try Toolchain.git(["commit", "-q", "-m", "v1"], in: repository, check)

            // v2: the tooltip component is gone, fgColor.muted is deprecated, fgColor.sponsors
            // is renamed to fgColor.sponsorship, and base.color.neutral.9 is recolored in light.
            let tooltip = repository.appendingPathComponent("github-primer/component/tooltip.tokens.json")
            let tooltipTokens = try Self.rawValues(tooltip.path).keys.sorted()
            try FileManager.default.removeItem(at: tooltip)
            var resolverText = try String(contentsOf: resolver, encoding: .utf8)
            resolverText = resolverText.replacingOccurrences(of: #"{ "$ref": "./github-primer/component/tooltip.tokens.json" },"#, with: "")
                .replacingOccurrences(of: #"{ "$ref": "./github-primer/component/tooltip.tokens.json" }"#, with: "")
            try Data(resolverText.utf8).write(to: resolver)
            let fgColor = repository.appendingPathComponent("github-primer/functional/color/fgColor.tokens.json")
            var fg = try check.require(try JSONSerialization.jsonObject(with: Data(contentsOf: fgColor)) as? [String: Any])
            var group = try check.require(fg["fgColor"] as? [String: Any])
            var muted = try check.require(group["muted"] as? [String: Any])
            muted["$deprecated"] = "use fgColor.default"
            group["muted"] = muted
            group["sponsorship"] = group.removeValue(forKey: "sponsors")
            fg["fgColor"] = group
            try JSONSerialization.data(withJSONObject: fg, options: [.prettyPrinted, .sortedKeys]).write(to: fgColor)
            let light = repository.appendingPathComponent("github-primer/base/color/light/light.tokens.json")
            var palette = try check.require(try JSONSerialization.jsonObject(with: Data(contentsOf: light)) as? [String: Any])
            var color = try check.require((palette["base"] as? [String: Any])?["color"] as? [String: Any])
            var neutral = try check.require(color["neutral"] as? [String: Any])
            var nine = try check.require(neutral["9"] as? [String: Any])
            nine["$value"] = ["colorSpace": "srgb", "components": [0.2, 0.2, 0.2], "hex": "#333333"]
            neutral["9"] = nine
            color["neutral"] = neutral
            palette["base"] = ["color": color]
            try JSONSerialization.data(withJSONObject: palette, options: [.prettyPrinted, .sortedKeys]).write(to: light)

            let run = try Toolchain.tessera(["diff", "--git", "HEAD", resolver.path, "--format", "json"], check)
            check.expect(run.status == 1, "breaking: \(run.stderr)")
            let document = try check.require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            check.expect(document["bump"] as? String == "major", "bump \(document["bump"] ?? "none")")
            check.expect(document["breaking"] as? Bool == true, "breaking")
            let changes = document["changes"] as? [[String: Any]] ?? []
            func paths(_ kind: String) -> [String] { changes.filter { $0["kind"] as? String == kind }.compactMap { $0["path"] as? String }.sorted() }
            check.expect(paths("removed") == tooltipTokens, "removed \(paths("removed"))")
            check.expect(paths("renamed") == ["fgColor.sponsors"], "renamed \(paths("renamed"))")
            check.expect(changes.first { $0["kind"] as? String == "renamed" }?["newPath"] as? String == "fgColor.sponsorship", "renamed to")
            check.expect(paths("deprecated") == ["fgColor.muted"], "deprecated \(paths("deprecated"))")
            check.expect(paths("added").isEmpty, "added \(paths("added"))")
            let recolored = changes.filter { $0["kind"] as? String == "value-changed" && $0["path"] as? String == "base.color.neutral.9" }
            check.expect(recolored.count == 1, "\(recolored.count) changes of base.color.neutral.9")
            check.expect(recolored.first?["newValue"] as? String == "#333333", "new value")
            check.expect((recolored.first?["permutations"] as? String)?.hasPrefix("theme=light") == true, "permutations")
            // fgColor.muted takes neutral.9 in light, so it changes value there too.
            check.expect(paths("value-changed").contains("fgColor.muted"), "fgColor.muted changes value")

            // Markdown for the pull request, and the text summary.
            let markdown = try Toolchain.tessera(["diff", "--git", "HEAD", resolver.path, "--format", "markdown"], check)
            check.expect(markdown.stdout.hasPrefix("## Design tokens: major (breaking)"), "\(markdown.stdout.prefix(80))")
            check.expect(markdown.stdout.contains("| `fgColor.sponsors` | `fgColor.sponsorship` |"), "the rename in markdown")
            // Against itself, nothing changed: exit 0.
            let same = try Toolchain.tessera(["diff", resolver.path, resolver.path], check)
            check.expect(same.status == 0, "status \(same.status)")
            check.expect(same.stdout.hasPrefix("tessera diff: no change; no changes"), "\(same.stdout.prefix(80))")
        }
    }
}
