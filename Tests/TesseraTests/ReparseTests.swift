import Foundation
import TesseraDifferential
import Testing

@testable import Tessera

/// A large file whose text changed inside one part is parsed again there only
/// (`DocumentParser.reparse`): what it gives must be what parsing the whole new text gives, to
/// every offset, and a change of what the file defines must be refused.
@Suite struct ReparseTests {
    /// One group of a large file, one token to a line, with values of every shape, nested
    /// groups with properties, extensions and descriptions, and no mistake.
    static func section(_ index: Int) -> String {
        """
        "section-\(index)": {
          "$type": "color",
          "$description": "section \(index)",
          "plain-\(index)": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.2, 0.3], "hex": "#1a334d"}},
          "legacy-\(index)": {"$value": "#a1b2c3"},
          "alias-\(index)": {"$value": "{section-\(index).plain-\(index)}", "$deprecated": "use plain"},
          "size-\(index)": {"$type": "dimension", "$value": {"value": \(index % 50), "unit": "px"}},
          "ext-\(index)": {"$value": "#ffffff", "$extensions": {"org.example": {"note": "n", "list": [1, 2]}}},
          "nested-\(index)": {
            "$type": "color",
            "$extensions": {"org.example": {"level": 1}},
            "deep": {"deeper": {"$value": "#333333", "$description": "deep \(index)"}}
          }
        }
        """
    }

    static let sections = 2_400

    static func text() -> String {
        "{\n\"$description\": \"a large file\",\n" + (0..<sections).map(section).joined(separator: ",\n") + "\n}\n"
    }

    /// Every token and group of a parsed file, described with every offset it holds and the
    /// file it is anchored in.
    static func summary(_ fragment: TokenFragment, file: SourceFile) -> [String] {
        var document = TokenDocument()
        _ = document.add(fragment, from: file)
        let bytes = file.bytes.withUnsafeBufferPointer { $0.baseAddress }
        func anchored(_ anchor: SourceAnchor) -> String {
            let same = anchor.file.bytes.withUnsafeBufferPointer { $0.baseAddress } == bytes
            return "\(anchor.offset)\(same ? "" : " (in another text)")"
        }
        let tokens = document.tokens.map { token in
            [token.path, document.groupPath(token.groupID), token.explicitType?.rawValue ?? "-", anchored(token.anchor),
                dump(token.value), token.description ?? "-", token.deprecated.map { "\($0)" } ?? "-",
                token.extensions.map(dump) ?? "-"].joined(separator: " | ")
        }
        let groups = document.groups.sorted { $0.key.string < $1.key.string }.map { path, group in
            [path.string, group.type?.rawValue ?? "-", group.description ?? "-", group.extensions.map(dump) ?? "-",
                anchored(group.anchor), group.extends.map { "\($0.reference) \(anchored($0.anchor))" } ?? "-"]
                .joined(separator: " | ")
        }
        let parts = fragment.parts.map { entry in
            "part \(entry.piece) \(entry.groups) \(entry.foundProblems) "
                + entry.part.children.map { "\($0.name)@\($0.keyOffset):\($0.start)-\($0.end)" }.joined(separator: ",")
        }
        return tokens + groups + parts
    }

    /// A value with the offset of everything in it.
    static func dump(_ value: JSONValue) -> String {
        switch value.storage {
        case .null: "null@\(value.offset)"
        case .bool(let flag): "\(flag)@\(value.offset)"
        case .number(let number): "\(number)@\(value.offset)"
        case .string(let string): "\"\(string)\"@\(value.offset)"
        case .array(let items): "[\(items.map(dump).joined(separator: ","))]@\(value.offset)"
        case .object(let members):
            "{\(members.map { "\($0.key)@\($0.keyOffset):\(dump($0.value))" }.joined(separator: ","))}@\(value.offset)"
        }
    }

    /// Kinds of edit, each at a random section: those that keep what the file defines must be
    /// parsed again in part; the others must be refused.
    enum Edit: CaseIterable {
        case digitOfANumber, digitOfAColor, longerString, shorterString, newLineInAValue, longerNumber
        case renamedKey, groupType, groupExtension, rootDescription, brokenString

        var keepsDefinitions: Bool {
            switch self {
            case .digitOfANumber, .digitOfAColor, .longerString, .shorterString, .newLineInAValue, .longerNumber: true
            case .renamedKey, .groupType, .groupExtension, .rootDescription, .brokenString: false
            }
        }

        /// `text` with this edit made in section `index`.
        func apply(to text: String, section index: Int) -> String {
            var bytes = Array(text.utf8)
            let section = Self.find("\"section-\(index)\": {", in: bytes, from: 0)!
            /// Just past the first `then` after `key` in the section.
            func at(_ key: String, then: String) -> Int {
                let keyStart = Self.find(key, in: bytes, from: section)!
                return Self.find(then, in: bytes, from: keyStart + key.utf8.count)! + then.utf8.count
            }
            func replace(_ offset: Int, _ count: Int, with new: String) {
                bytes.replaceSubrange(offset..<offset + count, with: Array(new.utf8))
            }
            /// Another digit in place of the one at `offset`.
            func changeDigit(_ offset: Int) { replace(offset, 1, with: bytes[offset] == UInt8(ascii: "7") ? "3" : "7") }
            switch self {
            case .digitOfANumber: changeDigit(at("\"plain-\(index)\"", then: "[0."))
            case .digitOfAColor: changeDigit(at("\"legacy-\(index)\"", then: "#a1b2"))
            case .longerString: replace(at("\"alias-\(index)\"", then: "\"use"), 0, with: " instead")
            case .shorterString: replace(at("\"deeper\"", then: "\"deep "), 1, with: "")
            case .newLineInAValue: replace(at("\"size-\(index)\"", then: ","), 0, with: "\n      ")
            case .longerNumber: replace(at("\"size-\(index)\"", then: "\"value\": "), 0, with: "1")
            case .renamedKey: replace(at("\"legacy-\(index)", then: "\"") - 1, 0, with: "x")
            case .groupType: replace(at("\"$type\"", then: "\"col"), 0, with: "x")
            case .groupExtension: changeDigit(at("\"nested-\(index)\"", then: "\"level\": "))
            case .rootDescription:
                let letter = Self.find("large file", in: bytes, from: 0)! - 2
                replace(letter, 1, with: bytes[letter] == UInt8(ascii: "a") ? "A" : "a")
            case .brokenString: replace(at("\"legacy-\(index)\"", then: "\"$value\": "), 1, with: "")
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        static func find(_ marker: String, in bytes: [UInt8], from start: Int) -> Int? {
            let needle = Array(marker.utf8)
            var index = start
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
    }

    @Test func aChangeInsideAPartGivesWhatParsingTheNewTextGives() throws {
        guard Parallel.isUseful else { return }  // One core: no file is parsed in parts.
        var random = SplitMix64(seed: 20_261_129)
        var text = Self.text()
        var file = SourceFile(path: "large.tokens.json", text: text)
        #expect(file.bytes.count > DocumentParser.partThreshold)
        var (parsed, found) = try #require(DocumentParser.parseInParts(file, allowComments: false, seed: 7))
        #expect(found.isEmpty)
        var fragment = try #require(parsed)
        var counts: [Bool: Int] = [:]
        for round in 0..<40 {
            let edit = round < Edit.allCases.count ? Edit.allCases[round] : Edit.allCases.randomElement(using: &random)!
            let section = Int.random(in: 1..<Self.sections - 1, using: &random)
            let newText = edit.apply(to: text, section: section)
            let new = SourceFile(path: file.path, text: newText)
            let reparsed = DocumentParser.reparse(fragment, from: file, to: new, changed: UnchangedEnds(new.bytes, file.bytes))
            (parsed, found) = DocumentParser.parseFile(new, allowComments: false, seed: 7)
            #expect((reparsed != nil) == edit.keepsDefinitions, "\(edit) in section \(section)")
            counts[reparsed != nil, default: 0] += 1
            if let reparsed {
                let whole = try #require(parsed)
                #expect(found.isEmpty)
                LargeFileTests.expectSame(Self.summary(reparsed, file: new), Self.summary(whole, file: new))
            }
            // The next edit starts from this one's text when it was parsed again in part: each
            // part's place in the text must have moved with the edits before it.
            guard let reparsed else { continue }
            (text, file, fragment) = (newText, new, reparsed)
        }
        #expect(counts[true, default: 0] >= 10)
    }

    /// Edits of a large base file of a system with a dark theme, checked in part, each give what
    /// a fresh check of the edited texts gives: values made invalid and restored, a reference
    /// made unknown, lines added inside a token; then the same with a problem the outline
    /// reports, which an edit of another length or over lines moves.
    @Test(arguments: [false, true]) func editsOfALargeFileFindWhatAFreshCheckFinds(withProblem: Bool) throws {
        guard Parallel.isUseful else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reparse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let resolver = """
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
             "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
            """
        var text = Self.text()
        // A root member the outline reports (a key that is no valid name), after every part.
        if withProblem { text = String(text.dropLast(3)) + ",\n\"bad.name\": {\"$value\": \"#000000\"}\n}\n" }
        let dark = ##"{"section-5": {"legacy-5": {"$value": "#000000"}, "alias-5": {"$value": "{section-6.legacy-6}"}}}"##
        for (name, contents) in [("tokens.resolver.json", resolver), ("base.tokens.json", text), ("dark.tokens.json", dark)] {
            try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
        }
        let resolverFile = SourceFile(path: folder.appendingPathComponent("tokens.resolver.json").path, text: resolver)
        let basePath = folder.appendingPathComponent("base.tokens.json").path
        var checked = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: []))
        #expect(checked.result.diagnostics.contains { $0.id == .invalidName } == withProblem)
        let original = text
        let edits: [(String, String)] = [
            (##""legacy-6": {"$value": "#a1b2c3"}"##, ##""legacy-6": {"$value": "#a1b2cx"}"##),
            (##""legacy-6": {"$value": "#a1b2cx"}"##, ##""legacy-6": {"$value": "#a1b2cxyz"}"##),
            (##""$value": "{section-9.plain-9}""##, ##""$value": "{section-9.plain-9000}""##),
            (##""size-12": {"$type": "dimension","##, "\"size-12\": {\"$type\":\n  \"dimension\","),
            (##""size-14": {"$type": "dimension", "$value": {"value": 14"##, ##""size-14": {"$type": "dimension", "$value": {"value": "x""##),
        ]
        for (from, to) in edits {
            let range = try #require(text.range(of: from))
            text.replaceSubrange(range, with: to)
            try expectSameAsFresh(&checked, text, resolverFile, basePath, canBeTakenInPlace: !withProblem)
        }
        try expectSameAsFresh(&checked, original, resolverFile, basePath, canBeTakenInPlace: !withProblem)
    }

    private func expectSameAsFresh(_ checked: inout CheckedSystem, _ text: String, _ resolverFile: SourceFile, _ path: String,
        canBeTakenInPlace: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    {
        let edited = SourceFile(path: path, text: text)
        let fresh = CheckedSystem(TokenSystem(resolver: resolverFile, overlays: [edited]))
        // An edit that moves a problem of the file's own (its place, its fix-it) is not taken
        // in place: the caller checks the edited system whole.
        guard checked.edit(edited) != nil else {
            #expect(!canBeTakenInPlace, sourceLocation: sourceLocation)
            checked = fresh
            return
        }
        let described = CheckedSystemTests.described(checked.result.diagnostics)
        LargeFileTests.expectSame(described, CheckedSystemTests.described(fresh.result.diagnostics), sourceLocation: sourceLocation)
        #expect(!described.isEmpty, sourceLocation: sourceLocation)
    }
}
