import Foundation
import Tessera
import TesseraImporters
import TesseraGenerate
import TesseraQuality

/// `tessera diff` on a system in the shape of the public design systems: its light and dark
/// palettes, and its themes on a shared base, as two versions of one set; and a history of its
/// files in git (a component removed, a token renamed, one deprecated, one recolored).
package enum DiffScenarios {
    package static func context(_ paths: [String], _ expectations: some Expectations) throws -> GenerationContext {
        let tokens = TokenSystem(paths: paths)
        let system = tokens.resolveAll()
        return try expectations.require(system.context(name: "x"), "\(system.diagnostics.filter { $0.severity == .error }.prefix(3))")
    }

    /// Every token's `$value` object by path, read with JSONSerialization.
    package static func rawValues(_ path: String) throws -> [String: NSObject] {
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

    /// Light and dark palettes of the same paths: only values change (a patch), and exactly the
    /// tokens whose written values differ; the hex values are the components read
    /// independently. The paths whose written values differ.
    package static func expectPalettesDiffAsAPatch(light: String, dark: String, _ expectations: some Expectations) throws -> [String] {
        let diff = TokenDiff(old: try context([light], expectations), new: try context([dark], expectations))
        let (before, after) = (try rawValues(light), try rawValues(dark))
        expectations.expect(Set(before.keys) == Set(after.keys), "the same paths")
        let differing = before.keys.filter { before[$0] != after[$0] }
        expectations.expect(diff.bump == .patch, "\(diff.bump)")
        expectations.expect(!diff.isBreaking, "breaking")
        expectations.expect(Set(diff.changes.map(\.path)) == Set(differing), "\(diff.changes.count) changes, \(differing.count) differ")
        expectations.expect(diff.changes.allSatisfy { $0.kind == .valueChanged && $0.deltaE.map { $0 > 0 } == true },
            "every change a value with a color difference")
        for change in diff.changes.prefix(20) {
            for (value, raw) in [(change.oldValue, before[change.path]), (change.newValue, after[change.path])] {
                guard let object = raw as? [String: Any], let components = object["components"] as? [Double],
                    object["colorSpace"] as? String == "srgb", (object["alpha"] as? Double ?? 1) == 1
                else { continue }
                let hex = "#" + components.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
                expectations.expect(value == hex, "\(change.path): \(value ?? "nil") is not \(hex)")
            }
        }
        return differing
    }

    /// The light and dark themes, each on the shared base (read before it): a patch, per token.
    package static func expectThemesOnABaseArePatches(base: String, light: String, dark: String, _ expectations: some Expectations) throws
        -> TokenDiff
    {
        let folder = try Scratch.folder("themes-diff")
        for (theme, path) in [("light", light), ("dark", dark)] {
            let target = folder.appendingPathComponent(theme)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: base, toPath: target.appendingPathComponent("1-base.tokens.json").path)
            try FileManager.default.copyItem(atPath: path, toPath: target.appendingPathComponent("2-theme.tokens.json").path)
        }
        let diff = TokenDiff(old: try context([folder.appendingPathComponent("light").path], expectations),
            new: try context([folder.appendingPathComponent("dark").path], expectations))
        expectations.expect(diff.bump == .patch, "\(diff.bump)")
        expectations.expect(diff.markdown.hasPrefix("## Design tokens: patch (values only)"), "\(diff.markdown.prefix(80))")
        return diff
    }

    /// A history in git: the files of `repository` committed as its first version.
    package static func commitFirstVersion(_ repository: URL, _ expectations: some Expectations) throws {
        for arguments in [["init", "-q"], ["add", "."], ["commit", "-q", "-m", "v1"]] {
            let run = try Processes.git(arguments, in: repository)
            expectations.expect(run.status == 0, "git \(arguments)")
        }
    }

    /// The second version, in the working tree (with the tooltip component's file already
    /// gone): fgColor.muted is deprecated, fgColor.sponsors is renamed to fgColor.sponsorship,
    /// and base.color.neutral.9 is recolored in the light palette.
    package static func writeSecondVersion(fgColor: URL, lightPalette light: URL, _ expectations: some Expectations) throws {
        var fg = try expectations.require(try JSONSerialization.jsonObject(with: Data(contentsOf: fgColor)) as? [String: Any])
        var group = try expectations.require(fg["fgColor"] as? [String: Any])
        var muted = try expectations.require(group["muted"] as? [String: Any])
        muted["$deprecated"] = "use fgColor.default"
        group["muted"] = muted
        group["sponsorship"] = group.removeValue(forKey: "sponsors")
        fg["fgColor"] = group
        try JSONSerialization.data(withJSONObject: fg, options: [.prettyPrinted, .sortedKeys]).write(to: fgColor)
        var palette = try expectations.require(try JSONSerialization.jsonObject(with: Data(contentsOf: light)) as? [String: Any])
        var color = try expectations.require((palette["base"] as? [String: Any])?["color"] as? [String: Any])
        var neutral = try expectations.require(color["neutral"] as? [String: Any])
        var nine = try expectations.require(neutral["9"] as? [String: Any])
        nine["$value"] = ["colorSpace": "srgb", "components": [0.2, 0.2, 0.2], "hex": "#333333"]
        neutral["9"] = nine
        color["neutral"] = neutral
        palette["base"] = ["color": color]
        try JSONSerialization.data(withJSONObject: palette, options: [.prettyPrinted, .sortedKeys]).write(to: light)
    }

    /// `tessera diff --git HEAD` on the second version reads the committed one with git and
    /// names each change; removing the tooltip component (`removed`, its tokens) is breaking.
    package static func expectHistoryChanges(
        resolver: String, removed: [String], tessera: ([String]) throws -> CommandOutput, _ expectations: some Expectations
    ) throws {
        let run = try tessera(["diff", "--git", "HEAD", resolver, "--format", "json"])
        expectations.expect(run.status == 1, "breaking: \(run.stderr)")
        let document = try expectations.require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        expectations.expect(document["bump"] as? String == "major", "bump \(document["bump"] ?? "none")")
        expectations.expect(document["breaking"] as? Bool == true, "breaking")
        let changes = document["changes"] as? [[String: Any]] ?? []
        func paths(_ kind: String) -> [String] { changes.filter { $0["kind"] as? String == kind }.compactMap { $0["path"] as? String }.sorted() }
        expectations.expect(paths("removed") == removed, "removed \(paths("removed"))")
        expectations.expect(paths("renamed") == ["fgColor.sponsors"], "renamed \(paths("renamed"))")
        expectations.expect(changes.first { $0["kind"] as? String == "renamed" }?["newPath"] as? String == "fgColor.sponsorship", "renamed to")
        expectations.expect(paths("deprecated") == ["fgColor.muted"], "deprecated \(paths("deprecated"))")
        expectations.expect(paths("added").isEmpty, "added \(paths("added"))")
        let recolored = changes.filter { $0["kind"] as? String == "value-changed" && $0["path"] as? String == "base.color.neutral.9" }
        expectations.expect(recolored.count == 1, "\(recolored.count) changes of base.color.neutral.9")
        expectations.expect(recolored.first?["newValue"] as? String == "#333333", "new value")
        expectations.expect((recolored.first?["permutations"] as? String)?.hasPrefix("theme=light") == true, "permutations")
        // fgColor.muted takes neutral.9 in light, so it changes value there too.
        expectations.expect(paths("value-changed").contains("fgColor.muted"), "fgColor.muted changes value")

        // Markdown for the pull request, and the text summary.
        let markdown = try tessera(["diff", "--git", "HEAD", resolver, "--format", "markdown"])
        expectations.expect(markdown.stdout.hasPrefix("## Design tokens: major (breaking)"), "\(markdown.stdout.prefix(80))")
        expectations.expect(markdown.stdout.contains("| `fgColor.sponsors` | `fgColor.sponsorship` |"), "the rename in markdown")
        // Against itself, nothing changed: exit 0.
        let same = try tessera(["diff", resolver, resolver])
        expectations.expect(same.status == 0, "status \(same.status)")
        expectations.expect(same.stdout == "tessera diff: no change\n", "\(same.stdout.prefix(80))")
    }
}
