import Foundation
import Tessera
import TesseraImporters
import TesseraGenerate

/// The built modules, swiftc and the stand-in UIKit and SwiftUI modules: what compiling
/// generated code needs.
package enum Toolchain {
    /// The repository's root folder (Examples, Sources, Tests/StandIns, .build), found from this file.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder of the built modules: the one holding the running program or test bundle.
    package static var modules: URL? {
        var url = Bundle.main.bundleURL
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Modules/Tessera.swiftmodule").path) {
                return url.appendingPathComponent("Modules")
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// The C modules the runtime's dependencies import (declared in their checkouts), which code
    /// importing the built modules needs to find.
    package static let moduleMapFlags: [String] = {
        let checkouts = root.appendingPathComponent(".build/checkouts")
        return (FileManager.default.enumerator(atPath: checkouts.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix("/include/module.modulemap") && $0.contains("/Sources/") }
            .sorted()
            .flatMap { ["-Xcc", "-fmodule-map-file=" + checkouts.appendingPathComponent($0).path] }
    }()

    /// swiftc's status and all it wrote.
    package static func swiftc(_ arguments: [String]) throws -> (Int32, String) {
        let run = try Processes.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc"] + (arguments.contains("-I") ? moduleMapFlags : []) + arguments, mergingErrors: true)
        return (run.status, run.stdout)
    }

    /// The stand-in modules of `platform` built into `folder` (`Tests/StandIns`, their `os(...)`
    /// conditions answered as `platform` answers them): Core Animation (not on watchOS), UIKit or
    /// AppKit, and SwiftUI. With only these on the search path, `canImport` answers as on the platform.
    package static func buildStandIns(for platform: ApplePlatform, into folder: URL, _ expectations: some Expectations) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try platform.writeAvailabilityDomains(into: folder)
        for module in platform.standIns {
            let source = folder.appendingPathComponent("\(module).swift")
            let original = try String(contentsOf: root.appendingPathComponent("Tests/StandIns/\(module).swift"), encoding: .utf8)
            try Data(platform.preprocess(original).utf8).write(to: source)
            let (status, output) = try swiftc(["-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", module,
                "-I", folder.path, source.path, "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path]
                + platform.availabilityArguments)
            expectations.expect(status == 0, "\(module) stand-in for \(platform): \(output)")
        }
    }

    /// TesseraUI's sources built as the module `TesseraUI` for `platform` into `work`, beside
    /// that platform's stand-ins and the package's built `modules`: swiftc's status and output.
    package static func buildUIAdapters(for platform: ApplePlatform, into work: URL, modules: URL, _ expectations: some Expectations)
        throws -> (Int32, String)
    {
        try buildStandIns(for: platform, into: work, expectations)
        let folder = root.appendingPathComponent("Sources/TesseraUI")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0) }
        expectations.expect(sources.count >= 4, "TesseraUI's sources in \(folder.path)")
        return try typeCheck(sources, for: platform, standIns: work, modules: modules,
            extraArguments: ["-module-name", "TesseraUI", "-emit-module", "-emit-module-path",
                work.appendingPathComponent("TesseraUI.swiftmodule").path, "-parse-as-library"])
    }

    /// Type-checks `files` as `platform` compiles them: `os(...)` answered as there (in copies),
    /// the platform's stand-ins and the built modules on the search path. swiftc's status and
    /// all it wrote.
    package static func typeCheck(_ files: [URL], for platform: ApplePlatform, standIns: URL, modules: URL?,
        extraArguments: [String] = []) throws -> (Int32, String)
    {
        let copies = standIns.appendingPathComponent("sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copies) }
        var paths: [String] = []
        for file in files {
            let copy = copies.appendingPathComponent(file.lastPathComponent)
            try Data(platform.preprocess(String(contentsOf: file, encoding: .utf8)).utf8).write(to: copy)
            paths.append(copy.path)
        }
        let search = ["-I", standIns.path] + (modules.map { ["-I", $0.path] } ?? [])
        return try swiftc(["-typecheck", "-swift-version", "6"] + platform.availabilityArguments + extraArguments + search + paths)
    }

    /// Every permutation of a resolver (or a system an importer reads), resolved.
    package static func permutations(_ path: String, _ expectations: some Expectations) throws -> ResolvedPermutations {
        let options = PipelineOptions(importers: .standard)
        let tokenSystem = options.importers.system(for: [path], options: options)
        let outcome = tokenSystem.resolveAll()
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        return try expectations.require(outcome.permutations, "\(errors.prefix(3))")
    }

    /// Generated Swift for a system type-checks on every Apple platform the package claims and
    /// here: each flavor against the built modules and that platform's stand-ins, its `#if`
    /// branches chosen as the platform chooses them.
    package static func expectGeneratedSwiftTypeChecks(_ context: GenerationContext, modules: URL, _ expectations: some Expectations) throws {
        let work = try Scratch.folder("typecheck")
        defer { try? FileManager.default.removeItem(at: work) }
        let runtime = work.appendingPathComponent("Runtime.swift")
        let staticFile = work.appendingPathComponent("Static.swift")
        try Data(SwiftEmitter(flavor: .runtime).emit(context).text.utf8).write(to: runtime)
        try Data(SwiftEmitter(flavor: .static).emit(context).text.utf8).write(to: staticFile)
        for (flavor, file) in [("runtime", runtime), ("static", staticFile)] {
            let (status, output) = try swiftc(["-typecheck", "-swift-version", "6", "-I", modules.path, file.path])
            expectations.expect(status == 0, "\(flavor) flavor here: \(output.prefix(2000))")
        }
        // Each flavor again in an app module that isolates to the main actor by default (Xcode 26's
        // new targets), read from nonisolated code, an actor and a detached task.
        let readers = [runtime, staticFile].map { file in
            work.appendingPathComponent(file.deletingPathExtension().lastPathComponent + "Reader.swift")
        }
        try Data(isolationReader(context, flavor: .runtime).utf8).write(to: readers[0])
        try Data(isolationReader(context, flavor: .static).utf8).write(to: readers[1])
        for (flavor, files) in [("runtime", [runtime, readers[0]]), ("static", [staticFile, readers[1]])] {
            let (status, output) = try swiftc(["-typecheck", "-swift-version", "6"] + mainActorByDefault
                + ["-I", modules.path] + files.map(\.path))
            expectations.expect(status == 0, "\(flavor) flavor isolated to the main actor by default, here: \(output.prefix(2000))")
        }
        for platform in ApplePlatform.allCases {
            let standIns = work.appendingPathComponent(platform.rawValue)
            try buildStandIns(for: platform, into: standIns, expectations)
            for (flavor, file, reader) in [("runtime", runtime, readers[0]), ("static", staticFile, readers[1])] {
                let (status, output) = try typeCheck([file], for: platform, standIns: standIns, modules: modules)
                expectations.expect(status == 0, "\(flavor) flavor on \(platform): \(output.prefix(2000))")
                expectations.expect(!output.contains("warning"), "\(flavor) flavor on \(platform): \(output.prefix(2000))")
                let (isolatedStatus, isolatedOutput) = try typeCheck([file, reader], for: platform, standIns: standIns,
                    modules: modules, extraArguments: mainActorByDefault)
                expectations.expect(isolatedStatus == 0,
                    "\(flavor) flavor on \(platform), main actor by default: \(isolatedOutput.prefix(2000))")
            }
        }
    }

    /// The settings of an app target Xcode 26 creates: the main actor by default, with the
    /// upcoming features its "Approachable Concurrency" setting turns on.
    package static let mainActorByDefault = ["-default-isolation", "MainActor",
        "-enable-upcoming-feature", "InferIsolatedConformances", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]

    /// Code that reads every token of a generated file (its first 200) where the main actor is
    /// not: a nonisolated function, an actor's method and a detached task, comparing values so
    /// that their conformances are used too. Compiled beside the file, it fails if anything the
    /// file declares is isolated to the main actor.
    package static func isolationReader(_ context: GenerationContext, flavor: SwiftEmitter.Flavor) -> String {
        let references = Array(SwiftLink(rootName: "Tokens", flavor: flavor).references(context).prefix(200))
        func reads(_ indent: String) -> String {
            references.map { reference in
                switch flavor {
                case .runtime: "\(indent)_ = \(reference) == \(reference)\n\(indent)_ = tokensTable.theme[\(reference)]\n"
                case .static:
                    "\(indent)_ = \(reference).value(in: .default) == \(reference).value(in: TokensValues.Context(permutation: 0))\n"
                }
            }.joined()
        }
        var text = "nonisolated func readEveryToken() {\n" + reads("    ") + "}\n\n"
        text += "actor TokenReader {\n    func read() {\n" + reads("        ") + "    }\n}\n\n"
        text += "nonisolated func readDetached() async {\n    await Task.detached { readEveryToken() }.value\n"
        if let first = references.first {
            text += "    await Task.detached { _ = \(first) }.value\n"
        }
        text += "}\n"
        if flavor == .static, let color = context.tokens.indices.first(where: { context.tokens[$0].type == .color }) {
            // A color as each UI framework takes it, made where the main actor is not.
            let member = SwiftLink(rootName: "Tokens", flavor: flavor).references(context)[color]
            text += "\n#if canImport(UIKit)\nimport UIKit\nnonisolated func readUIColor() -> UIColor { \(member).uiColor() }\n#endif\n"
            text += "#if canImport(AppKit)\nimport AppKit\nnonisolated func readNSColor() -> NSColor { \(member).nsColor() }\n#endif\n"
            text += "#if canImport(SwiftUI)\nimport SwiftUI\nnonisolated func readColor() -> SwiftUI.Color { \(member).color() }\n#endif\n"
        }
        return text
    }
}

/// An Apple platform the package claims (`platforms:` in Package.swift), as the type-checks
/// here see it. swiftc on Linux answers `os(Linux)`; for a platform it cannot target, the
/// sources are copied with every `os(...)` in a `#if`/`#elseif` line replaced by `true` or
/// `false` as that platform answers, and compiled with only that platform's stand-in modules
/// on the search path, so `canImport` answers as there too.
package enum ApplePlatform: String, CaseIterable, Sendable, CustomStringConvertible {
    case iOS, tvOS, watchOS, macOS

    package var description: String { rawValue }

    /// The stand-in modules the platform has, in build order.
    package var standIns: [String] {
        switch self {
        case .macOS: ["QuartzCore", "AppKit", "SwiftUI"]
        case .watchOS: ["UIKit", "SwiftUI"]
        case .iOS, .tvOS: ["QuartzCore", "UIKit", "SwiftUI"]
        }
    }

    /// Every name `os(...)` accepts (The Swift Programming Language, "Compiler Control
    /// Statements"), so that an unknown or misspelled one is an error rather than `false`.
    package static let osNames: Set<String> = ["macOS", "iOS", "watchOS", "tvOS", "visionOS", "Linux", "Windows", "Android",
        "FreeBSD", "OpenBSD", "WASI", "Cygwin", "Haiku", "PS4", "none"]

    package struct UnknownCondition: Error, CustomStringConvertible {
        package let line: String
        package var description: String { "an os(...) this check does not know: \(line)" }
    }

    /// The oldest version of the platform the package supports (`platforms:` in Package.swift).
    package var deploymentTarget: (major: Int, minor: Int) {
        switch self {
        case .iOS, .tvOS: (16, 0)
        case .watchOS: (9, 0)
        case .macOS: (13, 0)
        }
    }

    /// The newest major version an availability attribute here may name.
    static let newestMajor = 26

    /// The availability domain that stands for "this platform, version `major.minor`" where
    /// swiftc on Linux would ignore the platform's versions: `iOS_17_0`.
    func domain(_ major: Int, _ minor: Int) -> String { "\(rawValue)_\(major)_\(minor)" }

    /// The module that declares the availability domains (`AppleVersions`), which `preprocess`
    /// imports into every file.
    static let domainsModule = "AppleVersions"

    /// swiftc's arguments for the availability domains `writeAvailabilityDomains(into:)` declares.
    package var availabilityArguments: [String] { ["-enable-experimental-feature", "CustomAvailability"] }

    /// Writes, into a folder on the search path, a C module (`AppleVersions`) declaring a dynamic
    /// availability domain for each version of the platform newer than its deployment target,
    /// so that a declaration `preprocess` marked with one is usable only under `if #available`
    /// of it or in a declaration marked with it, as Apple's compiler requires of an API newer
    /// than the deployment target. (Domains declared on swiftc's command line cannot be read
    /// back from a built module; a C module's can.)
    package func writeAvailabilityDomains(into folder: URL) throws {
        let target = deploymentTarget
        var header = "#include <availability_domain.h>\nint tessera_version_query(void);\n"
        for major in target.major...Self.newestMajor {
            for minor in 0...9 where (major, minor) > target {
                header += "CLANG_DYNAMIC_AVAILABILITY_DOMAIN(\(domain(major, minor)), tessera_version_query);\n"
            }
        }
        try Data(header.utf8).write(to: folder.appendingPathComponent("\(Self.domainsModule).h"))
        try Data("module \(Self.domainsModule) { header \"\(Self.domainsModule).h\" export * }\n".utf8)
            .write(to: folder.appendingPathComponent("module.modulemap"))
    }

    /// `source` with `os(...)` conditions answered as this platform answers them, and each
    /// `@available(…)` or `#available(…)` that names this platform with a version newer than
    /// its deployment target replaced by that version's availability domain
    /// (`@available(iOS 17.0, tvOS 17.0, *)` → `@available(iOS_17_0)` for iOS), which swiftc
    /// then checks as Apple's compiler checks the version; other lines are left as they are.
    /// `targetEnvironment(macCatalyst)` is false: the package does not claim Mac Catalyst.
    package func preprocess(_ source: String) throws -> String {
        var lines: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#if ") || trimmed.hasPrefix("#elseif ") else {
                lines.append(availabilityRewritten(line))
                continue
            }
            var rewritten = ""
            var rest = Substring(line)
            while let range = rest.range(of: "os(") {
                let before = rest[..<range.lowerBound]
                // `os(` inside a longer identifier (`macos(`) is not the condition.
                if let last = before.last, last.isLetter || last.isNumber || last == "_" {
                    rewritten += rest[..<range.upperBound]
                    rest = rest[range.upperBound...]
                    continue
                }
                guard let close = rest[range.upperBound...].firstIndex(of: ")") else { throw UnknownCondition(line: String(line)) }
                let name = rest[range.upperBound..<close].trimmingCharacters(in: .whitespaces)
                guard Self.osNames.contains(name) else { throw UnknownCondition(line: String(line)) }
                rewritten += before + (name == rawValue ? "true" : "false")
                rest = rest[rest.index(after: close)...]
            }
            rewritten += rest
            lines.append(rewritten.replacingOccurrences(of: "targetEnvironment(macCatalyst)", with: "false"))
        }
        // The domains' module, imported last so that every line keeps its number.
        return lines.joined(separator: "\n") + "\nimport \(Self.domainsModule)\n"
    }

    /// `line` with each availability attribute or condition that names this platform with a
    /// version newer than the deployment target replaced by the version's domain.
    package func availabilityRewritten(_ line: Substring) -> String {
        guard line.contains("available(") else { return String(line) }
        var rewritten = ""
        var rest = line
        while let range = rest.range(of: "available("), let close = rest[range.upperBound...].firstIndex(of: ")") {
            let marker = rest[..<range.lowerBound].last
            let arguments = rest[range.upperBound..<close]
            rewritten += rest[..<range.upperBound]
            if marker == "@", arguments.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) == [rawValue, "unavailable"] {
                // Unavailable on this platform: unavailable everywhere the copy is compiled.
                rewritten += "*, unavailable"
            } else if marker == "@" || marker == "#", let version = newerVersion(in: arguments) {
                rewritten += domain(version.major, version.minor)
            } else {
                rewritten += arguments
            }
            rewritten += ")"
            rest = rest[rest.index(after: close)...]
        }
        return rewritten + rest
    }

    /// The version `arguments` (`iOS 17.0, tvOS 17.0, *`) give this platform, when newer than the
    /// deployment target.
    func newerVersion(in arguments: Substring) -> (major: Int, minor: Int)? {
        for entry in arguments.split(separator: ",") {
            let words = entry.split(separator: " ")
            guard words.count == 2, words[0] == rawValue else { continue }
            let numbers = words[1].split(separator: ".").map { Int($0) }
            guard let major = numbers.first ?? nil else { continue }
            let minor = numbers.count > 1 ? numbers[1] ?? 0 : 0
            return (major, minor) > deploymentTarget ? (major, minor) : nil
        }
        return nil
    }
}
