import Foundation
import Tessera
import TesseraImporters
import TesseraRuntime

// Lookup and load timings, one line each, for other tools to read:
//
//   tessera-bench lookups DIR LOOKUPS_FILE ROUNDS
//       DIR: a ConfigTokens folder (tokens.json, colors.json, sizes.json, textStyles.json);
//       LOOKUPS_FILE: one lookup a line, `c PATH` (colorFromToken), `s PATH` (sizeFromToken),
//       `p {Ref}` (colorFromShortToken). Loads the folder, then times every lookup ROUNDS
//       times three ways: typed keys made once, string paths, and the ConfigParser facade.
//       Prints `load_ms=… typed_ns=… path_ns=… compat_ns=…` (mean nanoseconds per lookup).
//   tessera-bench load FILE [ROUNDS]
//       FILE: a compiled theme (`tessera compile`). Prints `load_ms=…`, the median of ROUNDS
//       loads (11 by default), each checking the whole file.
//   tessera-bench swap FILE [SECONDS]
//       8 reader threads look tokens up while a writer swaps and overrides the theme; prints
//       the readers' lookups, the swaps and the longest gap any reader saw between two lookups.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tessera-bench: \(message)\n".utf8))
    exit(2)
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Keeps a result alive so the optimizer cannot drop the lookup that made it.
@inline(never)
func consume(_ value: Double) {
    if value == -.greatestFiniteMagnitude { print(value) }
}

func lookups(_ arguments: [String]) {
    guard arguments.count == 3, let rounds = Int(arguments[2]), rounds > 0 else {
        fail("usage: tessera-bench lookups DIR LOOKUPS_FILE ROUNDS")
    }
    guard let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else { fail("cannot read \(arguments[1])") }
    let calls = text.split(whereSeparator: \.isNewline).compactMap(ConfigParserLookup.Call.init(line:))
    let start = now()
    let facade = ConfigParserFacade()
    do {
        try facade.load(folder: URL(fileURLWithPath: arguments[0]))
    } catch {
        fail("\(arguments[0]): \(error)")
    }
    let loadNanoseconds = now() - start
    let theme = facade.store.theme

    // Keys made once, as generated code makes them.
    let missing = ThemeColor.clear
    var colorKeys: [TokenKey<ThemeColor>] = []
    var sizeKeys: [TokenKey<Double>] = []
    var order: [(isColor: Bool, index: Int)] = []
    var colorPaths: [String] = []
    var sizePaths: [String] = []
    for call in calls {
        switch call {
        case .color(let path), .shortColor(let path):
            let path = { if case .shortColor = call { String(path.dropFirst().dropLast()) } else { path } }()
            colorKeys.append(theme.key(ThemeColor.self, path) ?? TokenKey(path, fallback: missing))
            colorPaths.append(path)
            order.append((true, colorKeys.count - 1))
        case .size(let path):
            sizeKeys.append(theme.key(Double.self, path) ?? TokenKey(path, fallback: 0))
            sizePaths.append(path)
            order.append((false, sizeKeys.count - 1))
        }
    }

    var sum = 0.0
    var begin = now()
    for _ in 0..<rounds {
        for (isColor, index) in order {
            sum += isColor ? theme[colorKeys[index]].red : theme[sizeKeys[index]]
        }
    }
    let typed = Double(now() - begin) / Double(rounds * calls.count)

    begin = now()
    for _ in 0..<rounds {
        for (isColor, index) in order {
            sum += isColor ? (theme[ThemeColor.self, colorPaths[index]]?.red ?? 0) : (theme[Double.self, sizePaths[index]] ?? 0)
        }
    }
    let path = Double(now() - begin) / Double(rounds * calls.count)

    begin = now()
    for _ in 0..<rounds {
        for call in calls {
            switch call {
            case .color(let path): sum += facade.colorFromToken(path).red
            case .size(let path): sum += facade.sizeFromToken(path)
            case .shortColor(let reference): sum += facade.colorFromShortToken(reference).red
            }
        }
    }
    let compat = Double(now() - begin) / Double(rounds * calls.count)
    consume(sum)
    print(String(format: "load_ms=%.1f typed_ns=%.1f path_ns=%.1f compat_ns=%.1f", Double(loadNanoseconds) / 1e6, typed, path,
        compat))
}

func load(_ arguments: [String]) {
    guard arguments.count >= 1 else { fail("usage: tessera-bench load FILE [ROUNDS]") }
    let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 11 : 11
    let url = URL(fileURLWithPath: arguments[0])
    var times: [UInt64] = []
    var count = 0
    for _ in 0..<max(1, rounds) {
        let start = now()
        do {
            let theme = try Theme(contentsOf: url)
            count += theme.count
        } catch {
            fail("\(arguments[0]): \(error)")
        }
        times.append(now() - start)
    }
    times.sort()
    consume(Double(count))
    print(String(format: "load_ms=%.2f", Double(times[times.count / 2]) / 1e6))
}

/// The longest time a reader went without finishing a lookup while a writer swapped themes.
final class ReaderStats: @unchecked Sendable {
    // Each reader writes only its own slot; the main thread reads them after joining.
    var lookups = [Int](repeating: 0, count: 8)
    var longestGap = [UInt64](repeating: 0, count: 8)
}

func swap(_ arguments: [String]) {
    guard arguments.count >= 1 else { fail("usage: tessera-bench swap FILE [SECONDS]") }
    let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 2 : 2
    let theme: Theme
    do {
        theme = try Theme(contentsOf: URL(fileURLWithPath: arguments[0]))
    } catch {
        fail("\(arguments[0]): \(error)")
    }
    let store = ThemeStore(theme)
    let colorPaths = theme.paths.filter { theme.type(at: $0) == .color }
    let keys = colorPaths.prefix(1000).compactMap { theme.key(ThemeColor.self, $0) }
    guard !keys.isEmpty else { fail("the theme has no colors") }
    let stats = ReaderStats()
    let deadline = now() + UInt64(seconds * 1e9)
    let group = DispatchGroup()
    for reader in 0..<8 {
        group.enter()
        Thread.detachNewThread {
            var last = now()
            var count = 0
            var longest: UInt64 = 0
            var sum = 0.0
            while last < deadline {
                let current = store.theme
                sum += current[keys[count % keys.count]].red
                count += 1
                let time = now()
                longest = max(longest, time - last)
                last = time
            }
            consume(sum)
            stats.lookups[reader] = count
            stats.longestGap[reader] = longest
            group.leave()
        }
    }
    var swaps = 0
    var slowestSwap: UInt64 = 0
    let modifiers = theme.modifiers
    while now() < deadline {
        let start = now()
        var overrides = ThemeOverrides()
        overrides.set(colorPaths[swaps % colorPaths.count], to: ThemeColor(red: Double(swaps % 255) / 255, green: 0, blue: 0))
        _ = try? store.setOverrides(overrides, for: .runtime)
        if let modifier = modifiers.first {
            _ = try? store.select([modifier.name: modifier.contexts[swaps % modifier.contexts.count]])
        }
        slowestSwap = max(slowestSwap, now() - start)
        swaps += 1
    }
    group.wait()
    print(String(format: "reader_lookups=%d swaps=%d longest_reader_gap_us=%.1f slowest_swap_ms=%.2f",
        stats.lookups.reduce(0, +), swaps, Double(stats.longestGap.max()!) / 1e3, Double(slowestSwap) / 1e6))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "lookups": lookups(Array(arguments.dropFirst()))
case "load": load(Array(arguments.dropFirst()))
case "swap": swap(Array(arguments.dropFirst()))
default: fail("usage: tessera-bench lookups DIR LOOKUPS_FILE ROUNDS | load FILE [ROUNDS] | swap FILE [SECONDS]")
}
