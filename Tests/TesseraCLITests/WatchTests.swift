import ArgumentParser
import Foundation
import TesseraConformanceKit
import TesseraTestSupport
import Testing

@testable import TesseraCLI

/// `tessera build --watch` and `tessera catalog --watch`: after the first run, every change to a
/// file the command read runs it again, an error leaves the outputs as they were, and nothing
/// runs when nothing changed. Each watch runs in this process on a thread of its own, ended by a
/// number of rebuilds or a generous deadline; the tests wait for what they expect on disk,
/// never for a fixed time.
@Suite struct WatchTests {
    /// A token file of one dimension, `space.m`, in pixels.
    static func space(_ pixels: Int) -> String {
        #"{"space": {"$type": "dimension", "m": {"$value": {"value": \#(pixels), "unit": "px"}}}}"#
    }

    /// A configuration reading `sources` into a CSS output at `css`.
    static func configuration(sources: String = "[tokens]", css: String = "out/tokens.css") -> String {
        "sources: \(sources)\noutputs:\n  - css: { path: \(css) }\n"
    }

    @Test func aChangedTokenIsBuiltAgain() throws {
        let project = try Project(["tessera.yml": Self.configuration(), "tokens/space.json": Self.space(16)])
        let watch = project.watch(["build"], rebuilds: 1)
        try #require(eventually { project.text("out/tokens.css")?.contains("16px") == true }, "\(watch.finish())")
        try project.write(Self.space(24), to: "tokens/space.json")
        #expect(eventually(within: .seconds(2)) { project.text("out/tokens.css")?.contains("24px") == true })
        let run = try #require(watch.finish())
        #expect(run.code == 0)
        #expect(run.errors.contains("watching 2 files, Ctrl-C to stop\n"), "\(run.errors)")
        #expect(run.errors.contains("tokens/space.json changed; 1 file written, 0 unchanged, 0 errors ("), "\(run.errors)")
    }

    @Test func aChangeWithAnErrorLeavesTheOutputAsItWasAndSaysWhy() throws {
        let project = try Project(["tessera.yml": Self.configuration(), "tokens/space.json": Self.space(16)])
        let watch = project.watch(["build"], rebuilds: 1)
        try #require(eventually { project.text("out/tokens.css")?.contains("16px") == true }, "\(watch.finish())")
        let before = project.text("out/tokens.css")
        try project.write(#"{"space": {"$type": "dimension", "m": {"$value": "{space.missing}"}}}"#, to: "tokens/space.json")
        let run = try #require(watch.finish())
        #expect(run.code == 0)
        #expect(run.errors.contains("[reference.unknown]"), "\(run.errors)")
        #expect(run.errors.contains("tokens/space.json changed; nothing written, 1 error ("), "\(run.errors)")
        #expect(project.text("out/tokens.css") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path("out")) == ["tokens.css"])
    }

    @Test func filesAddedToAndRemovedFromASourceFolderAreBuilt() throws {
        let project = try Project(["tessera.yml": Self.configuration(), "tokens/space.json": Self.space(16)])
        let watch = project.watch(["build"], rebuilds: 2)
        try #require(eventually { project.text("out/tokens.css") != nil }, "\(watch.finish())")
        try project.write(#"{"radius": {"$type": "dimension", "s": {"$value": {"value": 3, "unit": "px"}}}}"#, to: "tokens/radius.json")
        try #require(eventually { project.text("out/tokens.css")?.contains("3px") == true })
        try FileManager.default.removeItem(atPath: project.path("tokens/radius.json"))
        #expect(eventually { project.text("out/tokens.css")?.contains("3px") == false })
        let run = try #require(watch.finish())
        #expect(run.errors.contains("tokens/radius.json added; 1 file written"), "\(run.errors)")
        #expect(run.errors.contains("tokens/radius.json removed; 1 file written"), "\(run.errors)")
    }

    /// The outputs, here inside the source folder, and the build state are not inputs: writing
    /// them starts no build.
    @Test func nothingChangedBuildsNothing() throws {
        let project = try Project(["tessera.yml": Self.configuration(css: "tokens/tokens.css"), "tokens/space.json": Self.space(16)])
        let run = try #require(project.watch(["build"], rebuilds: 1, deadline: .now + .seconds(3)).finish())
        #expect(run.code == 0)
        // The first build's line, and no other.
        #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
        #expect(run.errors.hasSuffix("; watching 2 files, Ctrl-C to stop\n"), "\(run.errors)")
    }

    /// A configuration naming other sources is watched as it now reads.
    @Test func theWatchedFilesFollowTheConfiguration() throws {
        let project = try Project(["tessera.yml": Self.configuration(sources: "[a.json]"), "a.json": Self.space(16), "b.json": Self.space(20)])
        let watch = project.watch(["build"], rebuilds: 2)
        try #require(eventually { project.text("out/tokens.css")?.contains("16px") == true }, "\(watch.finish())")
        try project.write(Self.configuration(sources: "[b.json]"), to: "tessera.yml")
        try #require(eventually { project.text("out/tokens.css")?.contains("20px") == true })
        try project.write(Self.space(28), to: "b.json")
        #expect(eventually { project.text("out/tokens.css")?.contains("28px") == true })
        let run = try #require(watch.finish())
        #expect(run.errors.contains("tessera.yml changed; "), "\(run.errors)")
        #expect(run.errors.contains("b.json changed; "), "\(run.errors)")
    }

    /// A watch that starts with the outputs up to date, so that the build reads nothing, still
    /// watches the sources the resolver named last time: the build state records them.
    @Test func anUpToDateBuildStillNamesTheResolversSources() throws {
        let resolver = ##"{"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "core/space.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/base"}]}"##
        let project = try Project(["tessera.yml": "resolver: app.resolver.json\noutputs:\n  - css: { path: out/tokens.css }\n",
            "app.resolver.json": resolver, "core/space.json": Self.space(16)])
        let command = try #require(try TesseraCommand.parseAsRoot(["build", "--config", project.path("tessera.yml")]) as? BuildOutputs)
        #expect(!command.knownInputs().contains(project.path("core/space.json")))
        var io = CommandIO.captured
        try #require(TesseraCommand.run(["build", "--config", project.path("tessera.yml")], io: &io) == .success, "\(io.errors)")
        #expect(command.knownInputs().contains(project.path("core/space.json")), "\(command.knownInputs())")
    }

    @Test func theCatalogIsWrittenAgain() throws {
        let project = try Project(["tessera.yml": Self.configuration(), "tokens/space.json": Self.space(16)])
        let watch = project.watch(["catalog", "-o", project.path("page")], rebuilds: 1)
        try #require(eventually { project.text("page/index.html")?.contains("16px") == true }, "\(watch.finish())")
        try project.write(Self.space(24), to: "tokens/space.json")
        #expect(eventually(within: .seconds(2)) { project.text("page/index.html")?.contains("24px") == true })
        let run = try #require(watch.finish())
        #expect(run.code == 0)
        #expect(run.errors.contains("tokens/space.json changed; "), "\(run.errors)")
        #expect(run.errors.contains("page/index.html written (1 token, "), "\(run.errors)")
    }

    @Test func watchingTheBuildPluginsModeIsAUsageMistake() throws {
        var io = CommandIO.captured
        let code = TesseraCommand.run(["build", "--watch", "--swift-into", Scratch.freshPath("Tokens.swift")], io: &io)
        #expect(code.rawValue == 2)
        #expect(io.errors.contains("--watch cannot be used with --swift-into, the build plugin's mode"), "\(io.errors)")
    }

    /// The binary's watch ends at SIGINT (Ctrl-C) or SIGTERM, with exit code 0.
    @Test(arguments: [SIGINT, SIGTERM])
    func theBinaryStopsWatchingWhenSignalled(_ signalNumber: Int32) throws {
        let project = try Project(["tessera.yml": Self.configuration(), "tokens/space.json": Self.space(16)])
        let process = Process()
        process.executableURL = productsFolder.appendingPathComponent("tessera")
        process.arguments = ["build", "--watch", "--config", project.path("tessera.yml")]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try #require(eventually { project.text("out/tokens.css") != nil })
        kill(process.processIdentifier, signalNumber)
        try #require(eventually { !process.isRunning })
        let written = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(written)")
        #expect(written.contains("watching 2 files, Ctrl-C to stop"), "\(written)")
    }

    /// A file saved while the command runs is seen as changed once it has run: files are
    /// stamped before each run.
    @Test func aFileSavedDuringARunIsBuiltAgain() throws {
        let project = try Project(["tokens/a.json": "1"])
        var runs = 0
        var io = CommandIO.captured
        let watch = Watch(name: "test", inputs: { [project.path("tokens")] }, interval: .milliseconds(20),
            stop: .after(rebuilds: 1, deadline: .now + .seconds(20)))
        _ = watch.run(&io) { _ in
            runs += 1
            if runs == 1 { try? project.write("2", to: "tokens/a.json") }
            return Watch.Outcome(code: .success, read: [], written: [], result: "ran")
        }
        #expect(runs == 2)
        #expect(io.errors.contains("test: \(project.path("tokens/a.json")) changed; ran ("), "\(io.errors)")
    }

    @Test(arguments: [
        ([("/w/a.json", .changed)], "/w/a.json changed"),
        ([("/w/b.json", .added)], "/w/b.json added"),
        ([("/w/a.json", .removed), ("/w/b.json", .changed)], "/w/a.json and 1 other file changed"),
        ([("/w/a.json", .added), ("/w/b.json", .changed), ("/w/c.json", .changed)], "/w/a.json and 2 other files changed"),
    ] as [([(String, Watch.Change.Kind)], String)])
    func changesAreDescribedInOneLine(_ changes: [(String, Watch.Change.Kind)], _ line: String) {
        #expect(Watch.describe(changes.map { Watch.Change(path: $0.0, kind: $0.1) }) == line)
    }
}

/// A scratch folder of files, and watches run on it.
private struct Project {
    let root: URL

    /// A new folder with `files`, by path relative to it.
    init(_ files: [String: String]) throws {
        root = try Scratch.folder("watch")
        for (path, text) in files { try write(text, to: path) }
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Writes `text` at `relative` whole, as an editor saves: renamed into place, so that a look
    /// at the file never finds it half written.
    func write(_ text: String, to relative: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// The text of the file at `relative`, nil when there is none.
    func text(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `tessera arguments --watch --config tessera.yml`, started on a thread of its own and
    /// ended after `rebuilds` runs following the first, or at `deadline`.
    func watch(_ arguments: [String], rebuilds: Int, deadline: ContinuousClock.Instant = .now + .seconds(30)) -> BackgroundWatch {
        BackgroundWatch(arguments + ["--watch", "--config", path("tessera.yml")], until: .after(rebuilds: rebuilds, deadline: deadline))
    }
}

/// A command watching on a thread of its own, run in this process as the binary runs it but for
/// when it stops. `result` is written before `done` is signalled and read after it is waited for
/// (`@unchecked Sendable` for that reason).
private final class BackgroundWatch: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: (code: Int32, errors: String)?

    init(_ arguments: [String], until stop: Watch.Stop) {
        Thread { [self] in
            var io = CommandIO.captured
            do {
                guard let command = try TesseraCommand.parseAsRoot(arguments) as? any WatchingSubcommand else {
                    result = (-1, "'\(arguments.joined(separator: " "))' is not a command that watches")
                    done.signal()
                    return
                }
                result = (try command.execute(&io, watchingUntil: stop).rawValue, io.errors)
            } catch {
                result = (-1, "\(error)\n" + io.errors)
            }
            done.signal()
        }.start()
    }

    /// The exit code and standard error once the command has ended; nil when it has not ended
    /// a minute later.
    func finish() -> (code: Int32, errors: String)? {
        guard done.wait(timeout: .now() + 60) == .success else { return nil }
        return result
    }
}

/// Whether `condition` holds within `limit`, looked at every 10 ms.
private func eventually(within limit: Duration = .seconds(30), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}
