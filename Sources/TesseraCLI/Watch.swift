import ArgumentParser
import Foundation

/// A command with `--watch`: it runs once, or with `--watch` again whenever a file it read
/// changes, until `stop`.
protocol WatchingSubcommand: TesseraSubcommand {
    func execute(_ io: inout CommandIO, watchingUntil stop: Watch.Stop) throws -> ExitCode
}

extension WatchingSubcommand {
    /// Runs the command; with `--watch`, until the process gets SIGINT or SIGTERM.
    func execute(_ io: inout CommandIO) throws -> ExitCode {
        try execute(&io, watchingUntil: .signalled)
    }
}

/// Runs a command, then again whenever a file it read changes: `tessera build --watch` and
/// `tessera catalog --watch`. Linux has no file events Foundation offers, so it polls: every
/// `interval` it looks at the modification time, size and file number of every file it
/// watches — each input file, and every file under each input folder (hidden ones left out),
/// so that a file added or removed counts — and reads none of them. After each run it watches
/// what that run read, which changes when the configuration does.
///
/// Each run writes its diagnostics as the command does, then one line (none with `quiet`):
///
/// ```text
/// tessera build: 3 files written, 0 unchanged, 0 errors (0.21 s); watching 4 files, Ctrl-C to stop
/// tessera build: tokens/color.json changed; 1 file written, 2 unchanged, 0 errors (0.18 s)
/// ```
struct Watch {
    /// When a watch ends. Either way the command exits 0: the watch was asked to end.
    enum Stop: Sendable {
        /// At SIGINT or SIGTERM (the binary's watch, which runs until the user stops it), once the
        /// run under way is done.
        case signalled
        /// After `rebuilds` runs following the first, or at `deadline`, whichever comes first:
        /// for tests, which run watches inside their own process.
        case after(rebuilds: Int, deadline: ContinuousClock.Instant)
    }

    /// What one run of the command came to.
    struct Outcome {
        /// Its exit code. A usage mistake (2) on the first run ends the watch with it: no change
        /// to a file makes a command line right.
        var code: ExitCode
        /// The files and folders it read that `inputs` cannot name before it runs (the sources a
        /// resolver names).
        var read: [String]
        /// The files and folders it wrote, or found already as it would write them: never
        /// watched, even inside a source folder.
        var written: [String]
        /// What it came to, for its line: `3 files written, 0 unchanged, 0 errors`.
        var result: String
    }

    /// The command's name, starting each line: `tessera build`.
    let name: String
    /// The files and folders the command reads, as far as they can be named without running it
    /// (the configuration, its sources, templates); asked before and after every run.
    let inputs: () -> [String]
    /// How long to wait between two looks at the files.
    var interval: Duration = .milliseconds(250)
    /// When the watch ends.
    let stop: Stop
    /// Whether to leave out the line after each run, leaving the command's diagnostics alone.
    var quiet = false

    /// Runs the command (`command`) once, then again after every change to what it read, until
    /// `stop`; 0, or the first run's exit code when that is a usage mistake.
    func run(_ io: inout CommandIO, _ command: (inout CommandIO) -> Outcome) -> ExitCode {
        let ending = Ending(stop)
        defer { ending.finish() }
        // What the last look found, what changed since the run before it, and how many runs
        // followed the first.
        var now = Snapshot([])
        var changes: [Change] = []
        var rebuilds = 0
        while true {
            // Stamped before the run, with the inputs as the configuration names them now, so
            // that a file saved while the command reads it counts as changed afterwards; the
            // files only the run itself names are stamped after it.
            let before = now.watching(Array(now.named.keys) + inputs())
            let started = ContinuousClock.now
            let outcome = command(&io)
            if rebuilds == 0, outcome.code == ExitCode(2) { return outcome.code }
            let watched = before.watching(inputs() + outcome.read)
            let written = outcome.written.map(Self.absolute)
            if !quiet {
                let result = "\(outcome.result) (\(Self.seconds(since: started)))"
                io.write(rebuilds == 0
                    ? "\(name): \(result); watching \(Self.count(watched.files(excluding: written), "file")), Ctrl-C to stop\n"
                    : "\(name): \(Self.describe(changes)); \(result)\n", to: .standardError)
            }
            repeat {
                if ending.waits(interval, rebuilds: rebuilds) { return .success }
                now = watched.current()
                changes = watched.changes(to: now, excluding: written)
            } while changes.isEmpty
            rebuilds += 1
        }
    }

    /// `1 error`, `2 errors`: a count and its noun, plural when the count is not one.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A path as a line shows it: relative to the current folder when inside it.
    static func shown(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }

    /// The time since `start`, as a line shows it: `0.21 s`.
    private static func seconds(since start: ContinuousClock.Instant) -> String {
        String(format: "%.2f s", seconds(ContinuousClock.now - start))
    }

    /// `duration` in seconds.
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `path`, absolute (relative paths are taken from the current folder) and standardized, so
    /// that a file named twice is watched once.
    private static func absolute(_ path: String) -> String {
        let full = (path as NSString).isAbsolutePath
            ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (full as NSString).standardizingPath
    }

    /// What changed (one change or more), for a line: `tokens/color.json changed`,
    /// `tokens/space.json added`, `tokens/color.json and 2 other files changed`.
    static func describe(_ changes: [Change]) -> String {
        let first = changes[0]
        guard changes.count > 1 else { return "\(shown(first.path)) \(first.kind)" }
        return "\(shown(first.path)) and \(count(changes.count - 1, "other file")) changed"
    }

    /// A file that changed between two looks.
    struct Change: Equatable {
        /// How it changed, as a line says it.
        enum Kind: String, CustomStringConvertible {
            case added, changed, removed

            var description: String { rawValue }
        }

        let path: String
        let kind: Kind
    }

    /// What a file looks like from outside, enough to tell that it was written, replaced or
    /// removed without reading it: its modification time, size and file number.
    struct Stamp: Equatable {
        let seconds: Int
        let nanoseconds: Int
        let size: Int64
        let fileNumber: UInt64

        init(_ status: stat) {
            #if canImport(Darwin)
            let modified = status.st_mtimespec
            #else
            let modified = status.st_mtim
            #endif
            seconds = Int(modified.tv_sec)
            nanoseconds = Int(modified.tv_nsec)
            size = Int64(status.st_size)
            fileNumber = UInt64(status.st_ino)
        }
    }

    /// The stamps of every watched file, by the path the command named: a file's own, or those of
    /// every file under a folder.
    struct Snapshot {
        /// For each path named, the stamp of each file it is or holds; none when it is missing.
        private(set) var named: [String: [String: Stamp]]

        /// The paths (relative ones taken from the current folder) as they are now.
        init(_ paths: [String]) {
            named = Dictionary(paths.map(Watch.absolute).map { ($0, Self.stamps(of: $0)) }, uniquingKeysWith: { first, _ in first })
        }

        /// The same paths as they are now.
        func current() -> Snapshot { Snapshot(Array(named.keys)) }

        /// `paths` as this snapshot found them, those it does not hold as they are now: what the
        /// next look is compared with after a run, so that a file changed while it ran counts.
        func watching(_ paths: [String]) -> Snapshot {
            var next = Snapshot([])
            for path in paths.map(Watch.absolute) where next.named[path] == nil {
                next.named[path] = named[path] ?? Self.stamps(of: path)
            }
            return next
        }

        /// The files watched, those under `excluded` left out.
        func files(excluding excluded: [String]) -> Int {
            Set(named.values.flatMap(\.keys)).filter { !Self.isUnder($0, excluded) }.count
        }

        /// What changed between this snapshot and `later`, in path order, files under `excluded`
        /// (the command's outputs) left out.
        func changes(to later: Snapshot, excluding excluded: [String]) -> [Change] {
            var changes: [String: Change.Kind] = [:]
            for (path, stamps) in named {
                let now = later.named[path] ?? [:]
                for (file, stamp) in stamps where now[file] != stamp {
                    changes[file] = now[file] == nil ? .removed : .changed
                }
                for file in now.keys where stamps[file] == nil { changes[file] = .added }
            }
            return changes.filter { !Self.isUnder($0.key, excluded) }.map { Change(path: $0.key, kind: $0.value) }
                .sorted { $0.path < $1.path }
        }

        /// Whether `path` is one of `folders` or inside one.
        private static func isUnder(_ path: String, _ folders: [String]) -> Bool {
            folders.contains { path == $0 || path.hasPrefix($0 + "/") }
        }

        /// The stamps of the file at `path`, or of every file under the folder at `path` except
        /// hidden ones and those inside hidden folders (`.tessera`, `.git`); none when missing.
        private static func stamps(of path: String) -> [String: Stamp] {
            var status = stat()
            guard stat(path, &status) == 0 else { return [:] }
            guard status.st_mode & S_IFMT == S_IFDIR else { return [path: Stamp(status)] }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [:] }
            var stamps: [String: Stamp] = [:]
            while let relative = enumerator.nextObject() as? String {
                if (relative as NSString).lastPathComponent.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                let file = (path as NSString).appendingPathComponent(relative)
                if stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG { stamps[file] = Stamp(status) }
            }
            return stamps
        }
    }

    /// Waits between two looks, and says when the watch is to end. For `.signalled`, SIGINT and
    /// SIGTERM end the watch rather than the process while it lasts; their default actions are
    /// put back by `finish()`.
    private struct Ending {
        /// When the watch ends.
        let stop: Stop
        /// Signalled by SIGINT or SIGTERM, for `.signalled`.
        private let signalled = DispatchSemaphore(value: 0)
        /// The signals handled, and the source that sees each.
        private let sources: [(number: Int32, source: any DispatchSourceSignal)]

        init(_ stop: Stop) {
            self.stop = stop
            guard case .signalled = stop else {
                sources = []
                return
            }
            let signalled = signalled
            sources = [SIGINT, SIGTERM].map { number in
                // Ignored by the process, so that only the source sees it.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { signalled.signal() }
                source.resume()
                return (number, source)
            }
        }

        /// Waits `interval`; true when the watch is to end instead, once `rebuilds` runs followed
        /// the first.
        func waits(_ interval: Duration, rebuilds: Int) -> Bool {
            switch stop {
            case .signalled:
                return signalled.wait(timeout: .now() + Watch.seconds(interval)) == .success
            case .after(let most, let deadline):
                guard rebuilds < most, ContinuousClock.now < deadline else { return true }
                Thread.sleep(forTimeInterval: Watch.seconds(interval))
                return ContinuousClock.now >= deadline
            }
        }

        /// Puts back the default actions of the signals it handled.
        func finish() {
            for (number, source) in sources {
                source.cancel()
                signal(number, SIG_DFL)
            }
        }
    }
}
