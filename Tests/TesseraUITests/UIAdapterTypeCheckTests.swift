import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

/// TesseraUI compiles only on Apple platforms. Here its files are type-checked once per platform
/// the package claims, against that platform's stand-in modules (`Tests/StandIns`: UIKit and
/// SwiftUI, or AppKit and SwiftUI for macOS), with `os(...)` answered as the platform answers it
/// (`ApplePlatform.preprocess`) and the modules this package built.
@Suite struct UIAdapterTypeCheckTests {
    static let root = repositoryRoot

    /// The folder of the built modules.
    static var modules: URL? { Codegen.modules }

    static func scratch() throws -> URL {
        let work = TestScratch.root.appendingPathComponent("standins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return work
    }

    static var adapterSources: [URL] {
        get throws {
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/TesseraUI").path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { root.appendingPathComponent("Sources/TesseraUI/\($0)") }
        }
    }

    /// The adapters built as the module `TesseraUI` for `platform` into `work` (with the stand-ins).
    static func buildAdapters(for platform: ApplePlatform, into work: URL) throws -> (Int32, String) {
        try Toolchain.buildUIAdapters(for: platform, into: work, modules: try #require(Self.modules), TestExpectations())
    }

    @Test(.enabled(if: modules != nil), arguments: ApplePlatform.allCases)
    func adaptersTypeCheckAgainstTheStandIns(_ platform: ApplePlatform) throws {
        let work = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let (status, output) = try Self.buildAdapters(for: platform, into: work)
        #expect(status == 0, "TesseraUI on \(platform): \(output)")
        #expect(!output.contains("warning:"), "TesseraUI on \(platform): \(output)")
    }

    /// The SwiftUI adapters erase no view types themselves: a shadow's layers are one view each
    /// in a `ForEach`, not an `AnyView` per layer, so SwiftUI keeps their identity and diffs them.
    @Test func adaptersEraseNoViewTypes() throws {
        for file in try Self.adapterSources {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("AnyView("), "\(file.lastPathComponent)")
        }
    }

    /// The rewrite answers each platform's `os(...)` and reaches the compiler: a file with an
    /// `#error` under one platform's condition fails for that platform only. Were the conditions
    /// left for swiftc on Linux to answer, every platform would pass and this would fail.
    @Test(.enabled(if: modules != nil), arguments: ApplePlatform.allCases)
    func osConditionsAreAnsweredAsThePlatformAnswersThem(_ platform: ApplePlatform) throws {
        let work = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        try Toolchain.buildStandIns(for: platform, into: work, TestExpectations())
        let probe = work.appendingPathComponent("Probe.swift")
        var text = ""
        for other in ApplePlatform.allCases {
            text += "#if os(\(other.rawValue))\n#error(\"compiled as \(other.rawValue)\")\n#endif\n"
        }
        text += "#if os(Linux) || targetEnvironment(macCatalyst)\n#error(\"compiled as Linux\")\n#endif\n"
        text += "#if canImport(UIKit)\n#error(\"UIKit imports\")\n#endif\n"
        text += "#if canImport(AppKit)\n#error(\"AppKit imports\")\n#endif\n"
        text += "#if canImport(SwiftUI)\n#error(\"SwiftUI imports\")\n#endif\n"
        try Data(text.utf8).write(to: probe)
        let (status, output) = try Toolchain.typeCheck([probe], for: platform, standIns: work, modules: nil)
        #expect(status != 0)
        for other in ApplePlatform.allCases {
            #expect(output.contains("compiled as \(other.rawValue)") == (other == platform), "\(output)")
        }
        #expect(!output.contains("compiled as Linux"), "\(output)")
        #expect(output.contains("UIKit imports") == (platform != .macOS), "\(output)")
        #expect(output.contains("AppKit imports") == (platform == .macOS), "\(output)")
        #expect(output.contains("SwiftUI imports"), "\(output)")
    }

    /// Availability is checked as on the platform: an API newer than the deployment target
    /// (`traitOverrides`, iOS 17 and tvOS 17) used unguarded fails on iOS and tvOS, and passes
    /// under `if #available` or in a declaration marked as needing that version. Were the
    /// attributes left for swiftc on Linux, which ignores Apple platforms' versions, the
    /// unguarded use would pass.
    @Test(.enabled(if: modules != nil), arguments: [ApplePlatform.iOS, .tvOS])
    func availabilityIsCheckedAsOnThePlatform(_ platform: ApplePlatform) throws {
        let work = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        try Toolchain.buildStandIns(for: platform, into: work, TestExpectations())
        func check(_ body: String) throws -> (Int32, String) {
            let probe = work.appendingPathComponent("Probe-\(UUID().uuidString).swift")
            try Data("import UIKit\n\(body)\n".utf8).write(to: probe)
            return try Toolchain.typeCheck([probe], for: platform, standIns: work, modules: nil)
        }
        let unguarded = try check("@MainActor func probe(_ view: UIView) { _ = view.traitOverrides }")
        #expect(unguarded.0 != 0)
        #expect(unguarded.1.contains("only available in \(platform.rawValue)_17_0"), "\(unguarded.1)")
        let guarded = try check("""
            @MainActor func probe(_ view: UIView) {
                if #available(iOS 17.0, tvOS 17.0, *) { _ = view.traitOverrides }
            }
            @available(iOS 17.0, tvOS 17.0, *)
            @MainActor func marked(_ view: UIView) { _ = view.traitOverrides }
            """)
        #expect(guarded.0 == 0, "\(guarded.1)")
        let older = try check("func probe(_ traits: UITraitCollection) { _ = traits.preferredContentSizeCategory }")
        #expect(older.0 == 0, "\(older.1)")
    }

    @Test func availabilityRewriteNamesTheDomainOfNewerVersionsOnly() {
        let iOS = ApplePlatform.iOS
        #expect(iOS.availabilityRewritten("@available(iOS 17.0, tvOS 17.0, *) func a()") == "@available(iOS_17_0) func a()")
        #expect(iOS.availabilityRewritten("if #available(iOS 18, *), x { }") == "if #available(iOS_18_0), x { }")
        #expect(iOS.availabilityRewritten("@available(iOS 16.0, *) @available(iOS 16.4, *)") == "@available(iOS 16.0, *) @available(iOS_16_4)")
        #expect(iOS.availabilityRewritten("@available(macOS 14, *) let s = \"available(iOS 17)\"") == "@available(macOS 14, *) let s = \"available(iOS 17)\"")
        #expect(ApplePlatform.macOS.availabilityRewritten("@available(macOS 14, iOS 17, *)") == "@available(macOS_14_0)")
        #expect(iOS.availabilityRewritten("@available(*, unavailable)") == "@available(*, unavailable)")
        #expect(ApplePlatform.tvOS.availabilityRewritten("@available(tvOS, unavailable)") == "@available(*, unavailable)")
        #expect(iOS.availabilityRewritten("@available(tvOS, unavailable) @available(watchOS, unavailable)")
            == "@available(tvOS, unavailable) @available(watchOS, unavailable)")
    }

    /// API a platform lacks, its stand-ins lack too: each probe type-checks on exactly the
    /// platforms Apple's page lists (a stand-in kinder than Apple would let an adapter use it).
    static let platformFacts: [(probe: String, platforms: Set<ApplePlatform>)] = [
        // https://developer.apple.com/documentation/uikit/uifont/textstyle/largetitle
        ("import UIKit\nlet style = UIFont.TextStyle.largeTitle", [.iOS, .watchOS]),
        // https://developer.apple.com/documentation/uikit/uifont/textstyle/title1
        ("import UIKit\nlet style = UIFont.TextStyle.title1", [.iOS, .tvOS, .watchOS]),
        // https://developer.apple.com/documentation/uikit/uitraitcollection/userinterfacelevel
        ("import UIKit\nfunc level(_ traits: UITraitCollection) -> UIUserInterfaceLevel { traits.userInterfaceLevel }", [.iOS]),
        // https://developer.apple.com/documentation/uikit/uicolor/init(dynamicprovider:)
        ("import UIKit\nlet color = UIColor { _ in UIColor(red: 0, green: 0, blue: 0, alpha: 1) }", [.iOS, .tvOS]),
        // https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets
        ("import UIKit\nlet insets = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)", [.iOS, .tvOS, .watchOS]),
        // https://developer.apple.com/documentation/swiftui/font/largetitle
        ("import SwiftUI\nlet style = Font.TextStyle.largeTitle", [.iOS, .tvOS, .watchOS, .macOS]),
        // https://developer.apple.com/documentation/swiftui/material/bar (unavailable on tvOS and watchOS)
        ("import SwiftUI\n@available(iOS 15.0, macOS 12.0, *) func bar() -> Material { .bar }", [.iOS, .macOS]),
        // https://developer.apple.com/documentation/swiftui/material/regular
        ("import SwiftUI\n@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 10.0, *) func regular() -> Material { .regular }",
            [.iOS, .tvOS, .watchOS, .macOS]),
    ]

    @Test(.enabled(if: modules != nil), arguments: ApplePlatform.allCases)
    func standInsLackWhatThePlatformLacks(_ platform: ApplePlatform) throws {
        let work = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        try Toolchain.buildStandIns(for: platform, into: work, TestExpectations())
        for (index, fact) in Self.platformFacts.enumerated() {
            let probe = work.appendingPathComponent("Fact\(index).swift")
            try Data(fact.probe.utf8).write(to: probe)
            let (status, output) = try Toolchain.typeCheck([probe], for: platform, standIns: work, modules: nil,
                extraArguments: ["-parse-as-library"])
            #expect((status == 0) == fact.platforms.contains(platform), "\(platform): \(fact.probe)\n\(output)")
        }
    }

    @Test func rewriteLeavesOtherLinesAndRefusesUnknownNames() throws {
        let source = """
            #if os(iOS) || os(tvOS)
            let a = "os(iOS)" // not a condition
            #elseif !os(watchOS) && macos(1)
            #endif
            """
        let rewritten = try ApplePlatform.tvOS.preprocess(source)
        #expect(rewritten == """
            #if false || true
            let a = "os(iOS)" // not a condition
            #elseif !false && macos(1)
            #endif
            import AppleVersions

            """)
        #expect(throws: ApplePlatform.UnknownCondition.self) { try ApplePlatform.iOS.preprocess("#if os(iPadOS)\n#endif") }
    }

    /// The folder of SwiftPM's plugin API (`PackagePlugin`) beside the swiftc on the path.
    static var pluginAPI: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swiftc = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            guard FileManager.default.fileExists(atPath: swiftc.path) else { continue }
            let api = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("lib/swift/pm/PluginAPI")
            return FileManager.default.fileExists(atPath: api.appendingPathComponent("PackagePlugin.swiftmodule").path) ? api : nil
        }
        return nil
    }

    /// The plugin type-checks as SwiftPM compiles it (the tools version of Package.swift), as a
    /// package plugin and, with Xcode's XcodeProjectPlugin (stand-in), as an Xcode project one.
    @Test(.enabled(if: pluginAPI != nil), arguments: [false, true])
    func pluginTypeChecks(withXcode: Bool) throws {
        let api = try #require(Self.pluginAPI)
        let work = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let tools = try #require(manifest.firstMatch(of: /swift-tools-version:\s*([0-9.]+)/)).output.1
        let flags = ["-parse-as-library", "-swift-version", "6", "-package-description-version", String(tools), "-I", api.path]
        if withXcode {
            let (status, output) = try Toolchain.swiftc(["-emit-module", "-module-name", "XcodeProjectPlugin"] + flags + [
                Self.root.appendingPathComponent("Tests/StandIns/XcodeProjectPlugin.swift").path,
                "-emit-module-path", work.appendingPathComponent("XcodeProjectPlugin.swiftmodule").path])
            #expect(status == 0, "\(output)")
        }
        let probe = work.appendingPathComponent("Probe.swift")
        // The Xcode conformance is checked only when the stand-in is found.
        let condition = withXcode ? "!canImport(XcodeProjectPlugin)" : "canImport(XcodeProjectPlugin)"
        try Data("#if \(condition)\n#error(\"wrong search path\")\n#endif\n".utf8).write(to: probe)
        let (status, output) = try Toolchain.swiftc(["-typecheck"] + flags + ["-I", work.path] + ["TesseraPlugin", "BuildInputs"].map {
            Self.root.appendingPathComponent("Plugins/TesseraPlugin/\($0).swift").path
        })
        #expect(status == 0, "\(output)")
        #expect(!output.contains("warning:"), "\(output)")
        let (probeStatus, probeOutput) = try Toolchain.swiftc(["-typecheck"] + flags + ["-I", work.path, probe.path])
        #expect(probeStatus == 0, "\(probeOutput)")
    }

    /// No public type of any module shares a name with a type of SwiftUI, UIKit, AppKit or
    /// Foundation: a file importing them all names each unqualified, on every platform. (A clash
    /// is "ambiguous for type lookup"; the stand-ins declare SwiftUI's top-level names a token
    /// package could reuse, `ContentSizeCategory` among them.)
    @Test(.enabled(if: modules != nil), arguments: ApplePlatform.allCases)
    func publicTypeNamesDoNotClashWithApplesOrFoundations(_ platform: ApplePlatform) throws {
        let modules = try #require(Self.modules)
        let work = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let (built, output) = try Self.buildAdapters(for: platform, into: work)
        #expect(built == 0, "\(output)")
        let names = try Self.publicTypeNames(on: platform)
        #expect(names.contains("TextSizeCategory") && names.contains("TokenShapeStyle") && names.count > 50)
        var probe = "import Foundation\nimport SwiftUI\nimport \(platform == .macOS ? "AppKit" : "UIKit")\n"
        for module in ["TesseraModel", "TesseraRuntime", "Tessera", "TesseraImporters", "TesseraGenerate", "TesseraQuality", "TesseraBuild", "TesseraDifferential", "TesseraLanguageServer", "TesseraAdopt", "TesseraUI"] {
            probe += "import \(module)\n"
        }
        // An extension names a type, generic or not, without its arguments.
        for name in names { probe += "extension \(name) {}\n" }
        let file = work.appendingPathComponent("Names.swift")
        try Data(probe.utf8).write(to: file)
        let (_, clashes) = try Toolchain.swiftc(["-typecheck", "-swift-version", "6", "-I", work.path, "-I", modules.path, file.path])
        // The adapters declare some types only where the platform has what they use (the
        // iOS 17 trait on iOS and tvOS): those are not found elsewhere, which is no clash.
        let adapterNames = try Self.publicTypeNames(on: platform, under: "TesseraUI")
        let errors = clashes.split(separator: "\n").filter { $0.contains("error:") && !$0.hasPrefix(" ") }
        // A type newer than the deployment target is named outside an availability check: that
        // is no clash either.
        let unexpected = errors.filter { line in
            !adapterNames.contains { line.hasSuffix("cannot find type '\($0)' in scope") } && !line.contains("is only available in")
        }
        #expect(unexpected.isEmpty, "\(platform): \(clashes.prefix(3000))")
        #expect(!clashes.contains("ambiguous"), "\(platform): \(clashes.prefix(3000))")
    }

    /// The top-level public and open type names declared in `Sources`, leaving out those of
    /// files entirely for UIKit or AppKit where `platform` does not have it.
    static func publicTypeNames(on platform: ApplePlatform, under folder: String = "") throws -> [String] {
        let pattern = try Regex(#"^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:final\s+)?(?:indirect\s+)?(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)"#)
            .anchorsMatchLineEndings()
        var names: Set<String> = []
        let sources = root.appendingPathComponent("Sources").appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if text.hasPrefix(platform == .macOS ? "#if canImport(UIKit)" : "#if canImport(AppKit)") { continue }
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names.sorted()
    }
}
