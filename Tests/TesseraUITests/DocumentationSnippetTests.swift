import Foundation
import TesseraConformanceKit
import TesseraGenerate
import TesseraTestSupport
import Testing

/// Every Swift snippet of the README and the DocC articles type-checks, as the reader would
/// paste it: a whole file of an iOS app module (not `main.swift`, which SwiftUI apps do not
/// have), a command-line tool's `main.swift`, statements in a function whose signature the
/// table below gives, or a `Package.swift`. Snippets see the example's generated Swift (`Tokens`,
/// runtime flavor; `Palette`, static), the built modules and TesseraUI built against the iOS
/// stand-ins. A snippet missing from the table fails, so a new one is never left unchecked.
@Suite struct DocumentationSnippetTests {
    struct Snippet {
        let article: String
        let index: Int
        let line: Int
        let text: String
        var key: String { "\(article)#\(index)" }
    }

    /// What surrounds a snippet where it is used.
    enum Surrounding {
        /// A whole file of an app module.
        case file
        /// A command-line tool's `main.swift`: `prelude`, then the article's snippets `after` (by
        /// index), then the snippet.
        case main(after: [Int] = [], prelude: String = "")
        /// Statements: the snippet's imports at the top of the file, then `declarations`, the
        /// rest in the body of `function` (a signature with the values the snippet uses).
        case body(_ function: String, declarations: String = "", beside: [String] = [])
        /// Arguments of `Package(name:…)` in a `Package.swift` (`targets:` entries when `target`).
        case manifest(target: Bool = false)
        /// Not compiled, and why.
        case shown(String)
    }

    static let uiKitFunction = "@MainActor func configure(view: UIView, label: UILabel) throws"

    static let surroundings: [String: Surrounding] = [
        "README.md#0": .manifest(),
        "README.md#1": .file,
        "README.md#2": .body("@available(iOS 17.0, tvOS 17.0, *) " + uiKitFunction,
            declarations: "import TesseraRuntime\nimport TesseraUI\nimport UIKit"),
        "ExtendingTessera.md#0": .file,
        "ExtendingTessera.md#1": .body("func importWithPalettes() throws", declarations: "import Tessera\nimport TesseraImporters",
            beside: ["ExtendingTessera.md#0"]),
        "ExtendingTessera.md#2": .body("func kotlinColors() throws", declarations: "import Tessera"),
        "ExtendingTessera.md#3": .main(),
        "GettingStarted.md#0": .manifest(),
        "GettingStarted.md#1": .main(),
        "GettingStarted.md#2": .main(after: [1]),
        "GettingStarted.md#3": .main(after: [1]),
        "GettingStarted.md#4": .main(prelude: "import Tessera"),
        "GettingStarted.md#5": .main(prelude: "import Tessera"),
        "GettingStarted.md#6": .main(after: [4], prelude: "import Tessera"),
        "BuildPlugin.md#0": .manifest(target: true),
        "TesseraGenerate.md#0": .main(),
        "TesseraModel.md#0": .main(),
        "TesseraQuality.md#0": .main(),
        "GeneratedSwift.md#0": .shown("an excerpt of a generated file, elided with …"),
        "GeneratedSwift.md#1": .body("func read(_ theme: Theme)", declarations: "import TesseraRuntime"),
        "GeneratedSwift.md#2": .body("func read()"),
        "MovingOffConfigParser.md#0": .body(uiKitFunction, declarations: """
            import TesseraRuntime
            import UIKit
            /// The app's own text styles, as the ConfigTokens apps declare them.
            enum TypographyType: String { case headline }
            """),
        "SwiftUIAndUIKit.md#0": .file,
        "SwiftUIAndUIKit.md#1": .body(uiKitFunction),
        "TesseraRuntime.md#0": .body("func read() throws"),
        "TesseraRuntime.md#1": .manifest(),
        "ThemeFeeds.md#0": .body("func launch(bundledTheme: Theme, bundledPublicKeyText: String, cachesFolder: URL) async throws",
            declarations: "import TesseraRuntime"),
        "ThemeFiles.md#0": .body("func load(store: ThemeStore, publicKeyFileText: String, downloadedTheme: URL) throws",
            declarations: "import TesseraRuntime"),
        "Themes.md#0": .body("func run(appPublicKey: [UInt8], downloadedTheme: URL) async throws",
            declarations: "func redraw(_ theme: Theme) {}"),
        "TesseraUI.md#0": .file,
    ]

    /// The Markdown files whose snippets are checked: the README and every DocC article.
    static var articles: [URL] {
        get throws {
            var files = [repositoryRoot.appendingPathComponent("README.md")]
            let sources = repositoryRoot.appendingPathComponent("Sources")
            for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
                let folder = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
                files += names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
            }
            return files
        }
    }

    /// The fenced `swift` blocks of a Markdown file, in order.
    static func snippets(of file: URL) throws -> [Snippet] {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        var snippets: [Snippet] = []
        var current: (line: Int, text: [String])?
        for (number, line) in lines.enumerated() {
            if var block = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    snippets.append(Snippet(article: file.lastPathComponent, index: snippets.count, line: block.line,
                        text: block.text.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    block.text.append(line)
                    current = block
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = (number + 2, [])
            }
        }
        return snippets
    }

    @Test func everySnippetIsAccountedFor() throws {
        let keys = try Self.articles.flatMap { try Self.snippets(of: $0) }.map(\.key)
        #expect(keys.count >= 25)
        #expect(Set(keys).subtracting(Self.surroundings.keys).sorted() == [], "snippets with no entry in `surroundings`")
        #expect(Set(Self.surroundings.keys).subtracting(keys).sorted() == [], "entries of no snippet")
    }

    @Test(.enabled(if: UIAdapterTypeCheckTests.modules != nil && UIAdapterTypeCheckTests.pluginAPI != nil))
    func everySnippetTypeChecks() throws {
        let modules = try #require(UIAdapterTypeCheckTests.modules)
        let work = try UIAdapterTypeCheckTests.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let (built, output) = try UIAdapterTypeCheckTests.buildAdapters(for: .iOS, into: work)
        try #require(built == 0, "TesseraUI for iOS: \(output)")
        // The example's generated Swift, as `tessera build` writes it for Examples/tessera.yml.
        let context = try Codegen.context(Codegen.example)
        let generated = [("Tokens.swift", SwiftEmitter(flavor: .runtime).emit(context).text),
            ("Palette.swift", SwiftEmitter(flavor: .static, rootName: "Palette").emit(context).text)]
        var generatedFiles: [URL] = []
        for (name, text) in generated {
            let url = work.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            generatedFiles.append(url)
        }
        let all = try Self.articles.flatMap { try Self.snippets(of: $0) }
        let byKey = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var checked = 0
        for snippet in all {
            guard let surrounding = Self.surroundings[snippet.key] else { continue }
            let folder = work.appendingPathComponent("snippet-\(checked)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var files: [(String, String)] = []
            var arguments = ["-parse-as-library"]
            switch surrounding {
            case .shown:
                continue
            case .manifest(let target):
                let body = target ? "targets: [\n\(snippet.text)]" : snippet.text
                let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: \"App\",\n\(body))\n"
                let file = folder.appendingPathComponent("Package.swift")
                try Data(manifest.utf8).write(to: file)
                let api = try #require(UIAdapterTypeCheckTests.pluginAPI).deletingLastPathComponent().appendingPathComponent("ManifestAPI")
                let (status, output) = try Toolchain.swiftc(["-typecheck", "-swift-version", "6", "-package-description-version", "6.0",
                    "-I", api.path, file.path])
                #expect(status == 0, "\(snippet.key) (line \(snippet.line)) as Package.swift:\n\(manifest)\n\(output.prefix(3000))")
                checked += 1
                continue
            case .file:
                files.append(("Snippet.swift", snippet.text))
            case .main(let after, let prelude):
                let before = after.compactMap { byKey["\(snippet.article)#\($0)"]?.text }
                files.append(("main.swift", ([prelude] + before + [snippet.text]).joined(separator: "\n")))
                arguments = []
            case .body(let function, let declarations, let beside):
                let lines = snippet.text.split(separator: "\n", omittingEmptySubsequences: false)
                let imports = lines.filter { $0.hasPrefix("import ") }
                let statements = lines.filter { !$0.hasPrefix("import ") }
                let text = (imports + [Substring(declarations), "", Substring(function + " {")]
                    + statements.map { "    " + $0 } + ["}"]).joined(separator: "\n")
                files.append(("Snippet.swift", "import Foundation\n" + text + "\n"))
                for (index, key) in beside.enumerated() {
                    files.append(("Beside\(index).swift", try #require(byKey[key]).text))
                }
            }
            var urls = generatedFiles
            for (name, text) in files {
                let url = folder.appendingPathComponent(name)
                try Data(text.utf8).write(to: url)
                urls.append(url)
            }
            let (status, output) = try Toolchain.typeCheck(urls, for: .iOS, standIns: work, modules: modules,
                extraArguments: arguments + ["-module-name", "App"])
            #expect(status == 0, "\(snippet.key) (line \(snippet.line)):\n\(files.map(\.1).joined(separator: "\n---\n"))\n\(output.prefix(3000))")
            checked += 1
        }
        #expect(checked == Self.surroundings.values.filter { if case .shown = $0 { false } else { true } }.count)
    }
}
