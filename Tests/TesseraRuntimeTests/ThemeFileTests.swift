import Foundation
import Tessera
import TesseraTestSupport
import Testing

@testable import TesseraRuntime

/// Every token of `a` and `b` agrees in every permutation, by value, alias and type.
func expectSameTheme(_ a: Theme, _ b: Theme, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(a.paths == b.paths, sourceLocation: sourceLocation)
    #expect(a.modifiers == b.modifiers, sourceLocation: sourceLocation)
    #expect(a.permutationCount == b.permutationCount, sourceLocation: sourceLocation)
    for permutation in 0..<a.permutationCount {
        let x = Theme(storage: a.storage, permutation: permutation)
        let y = Theme(storage: b.storage, permutation: permutation)
        for path in x.paths {
            #expect(x.value(at: path) == y.value(at: path), "\(path) in \(x.contexts)", sourceLocation: sourceLocation)
            #expect(x.type(at: path) == y.type(at: path), sourceLocation: sourceLocation)
            #expect(x.aliasTarget(of: path) == y.aliasTarget(of: path), sourceLocation: sourceLocation)
            #expect(x.closedReason(of: path) == y.closedReason(of: path), sourceLocation: sourceLocation)
            #expect(x.textStyle(of: path) == y.textStyle(of: path), sourceLocation: sourceLocation)
            if x.type(at: path) == .color {
                #expect(x[ThemeColor.self, path] == y[ThemeColor.self, path], sourceLocation: sourceLocation)
            }
        }
    }
}

/// A token of every type, a color outside sRGB among them.
func allTypesTheme() throws -> Theme {
    Theme.compile(try pipeline(#"""
        {"s": {"$type": "string", "$value": "hello"}, "b": {"$type": "boolean", "$value": true},
         "f": {"$type": "fontFamily", "$value": ["Inter", "system-ui"]},
         "c": {"$type": "cubicBezier", "$value": [0.1, 0.2, 0.3, 1.0]},
         "d": {"$type": "duration", "$value": {"value": 200, "unit": "ms"}},
         "st": {"$type": "strokeStyle", "$value": {"dashArray": [{"value": 2, "unit": "px"}, {"value": 4, "unit": "rem"}], "lineCap": "round"}},
         "w": {"$type": "fontWeight", "$value": "semi-bold"},
         "g": {"$type": "gradient", "$value": [{"color": "#ff0000", "position": 0}, {"color": {"colorSpace": "oklch", "components": [0.7, 0.3, "none"]}, "position": 1}]},
         "sh": {"$type": "shadow", "$value": [{"color": "#00000080", "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}, "inset": true}]},
         "bo": {"$type": "border", "$value": {"color": "#112233", "width": {"value": 1, "unit": "px"}, "style": "dashed"}},
         "t": {"$type": "transition", "$value": {"duration": {"value": 1, "unit": "s"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0, 0, 1, 1]}}
        }
        """#).tokens())
}

@Suite struct ThemeFileTests {
    @Test func roundTripOfEveryPermutation() throws {
        let (theme, _) = try compiledExample()
        let bytes = try theme.encoded()
        let loaded = try Theme(fileBytes: Data(bytes))
        expectSameTheme(theme, loaded)
        #expect(loaded.contexts == theme.contexts)
        // The file is written again byte for byte from what was read.
        #expect(try loaded.encoded() == bytes)
    }

    @Test func roundTripOfEveryValueType() throws {
        let theme = try smallTheme()
        let loaded = try Theme(fileBytes: Data(try theme.encoded()))
        expectSameTheme(theme, loaded)
        let composites = try allTypesTheme()
        expectSameTheme(composites, try Theme(fileBytes: Data(try composites.encoded())))
    }

    @Test func writtenAtomicallyAndLoadedMapped() throws {
        let url = TestScratch.root.appendingPathComponent("\(UUID().uuidString).theme")
        defer { try? FileManager.default.removeItem(at: url) }
        let (theme, _) = try compiledExample()
        try theme.write(to: url)
        expectSameTheme(theme, try Theme(contentsOf: url))
        expectSameTheme(theme, try Theme(contentsOf: url, options: ThemeFile.LoadOptions(mapped: false)))
    }

    /// Ways a file gets damaged, each refused with its reason.
    enum Damage: String, CaseIterable {
        case truncated, extraByte, magic, newerVersion, flippedBodyByte, unknownFlag

        func apply(_ bytes: inout [UInt8]) {
            switch self {
            case .truncated: bytes.removeLast(3)
            case .extraByte: bytes.append(0)
            case .magic: bytes[0] = UInt8(ascii: "X")
            case .newerVersion: bytes[8] = 9
            case .flippedBodyByte: bytes[bytes.count / 2] ^= 0x40
            case .unknownFlag: bytes[10] = 4
            }
        }

        var reason: String {
            switch self {
            case .truncated: "truncated"
            case .extraByte: "extra bytes"
            case .magic: "not a compiled theme"
            case .newerVersion: "newer than this library reads"
            case .flippedBodyByte: "checksum"
            case .unknownFlag: "unknown flags"
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func damageIsRefused(_ damage: Damage) throws {
        var bytes = try smallTheme().encoded()
        damage.apply(&bytes)
        do {
            _ = try Theme(fileBytes: Data(bytes))
            Issue.record("\(damage): loaded")
        } catch {
            #expect("\(error)".contains(damage.reason), "\(damage): \(error)")
        }
    }

    /// A file whose checksum was fixed after a change inside is still checked part by part.
    @Test func inconsistentContentsWithAValidChecksumAreRefused() throws {
        let theme = try smallTheme()
        let bytes = try theme.encoded()
        var refused = 0
        // Change each byte of the sections in turn (a sample of them), fix the checksum, load.
        for offset in stride(from: ThemeFile.headerSize, to: bytes.count, by: 7) {
            var changed = bytes
            changed[offset] &+= 0x55
            let checksum = changed.withUnsafeBytes { ThemeFile.checksum(UnsafeRawBufferPointer(rebasing: $0[ThemeFile.headerSize...])) }
            withUnsafeBytes(of: checksum.littleEndian) { changed.replaceSubrange(24..<32, with: $0) }
            do {
                let loaded = try Theme(fileBytes: Data(changed))
                // What loads must be usable: every lookup answers without trapping.
                for path in loaded.paths { _ = loaded.value(at: path) }
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    @Test func sizeLimit() throws {
        let bytes = try smallTheme().encoded()
        #expect(throws: ThemeError.fileTooLarge(size: bytes.count, limit: 100)) {
            try Theme(fileBytes: Data(bytes), options: ThemeFile.LoadOptions(maximumSize: 100))
        }
    }

    @Test func unsignedFileRefusedWhenASignatureIsRequired() throws {
        let bytes = try smallTheme().encoded()
        #expect(throws: ThemeError.signatureRefused("the file is not signed")) {
            try Theme(fileBytes: Data(bytes), options: ThemeFile.LoadOptions(requireSignature: true))
        }
    }
}

/// Theme files that once trapped the reader, kept as they were found: each is refused with a
/// reason instead.
@Suite struct ThemeFileCrashRegressionTests {
    /// A header whose signed length plus the signature block wraps around to the file's size
    /// (found by the theme-file fuzz target).
    @Test func aSignedLengthThatWrapsAroundIsRefused() throws {
        let bytes = try Data(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/seeds/theme-file/wrapped-length.theme"))
        #expect(throws: ThemeError.self) { try Theme(fileBytes: bytes) }
        do {
            _ = try Theme(fileBytes: bytes)
        } catch {
            guard case .invalidFile(let reason) = error else {
                Issue.record("expected invalidFile, got \(error)")
                return
            }
            #expect(reason.contains("is not what its header says"), "\(reason)")
        }
    }
}
