// The reparse target: a large file (parsed in parts) whose one child object, in the middle, is
// replaced by the input. When `DocumentParser.reparse` takes the change (only the part holding
// that child parsed again), what it gives must be what parsing the whole new text gives: every
// token and group, with every offset, and where each part's children now are. A disagreement
// stops the run.
import Foundation

/// The old text, its fragment parsed in parts, and where the replaced child is.
private let reparseBase: (file: SourceFile, fragment: TokenFragment, child: Range<Int>) = {
    let member = ##"{"$type": "color", "a": {"$value": "#102030", "$description": "d"}, "b": {"$value": "{s1.a}"}, "n": {"deep": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.2, 0.3]}, "$extensions": {"x": [1, {"y": 2}]}}}}"##
    let count = (DocumentParser.partThreshold / member.utf8.count) * 5 / 4
    let middle = count / 2
    var text = "{\n"
    var child = 0..<0
    for index in 0..<count {
        text += "\"s\(index)\": "
        if index == middle { child = text.utf8.count..<text.utf8.count + member.utf8.count }
        text += member + (index == count - 1 ? "\n" : ",\n")
    }
    text += "}\n"
    let file = SourceFile(path: "large.tokens.json", text: text)
    guard let (parsed, found) = DocumentParser.parseInParts(file, allowComments: false, seed: 1), let fragment = parsed,
        found.isEmpty
    else { fatalError("the reparse target's large file is not parsed in parts") }
    return (file, fragment, child)
}()

func fuzzReparse(_ bytes: [UInt8]) {
    let (old, fragment, child) = reparseBase
    var newBytes = old.bytes
    newBytes.replaceSubrange(child, with: bytes)
    let new = SourceFile(path: old.path, bytes: newBytes)
    guard let reparsed = DocumentParser.reparse(fragment, from: old, to: new, changed: UnchangedEnds(new.bytes, old.bytes))
    else { return }
    let (whole, found) = DocumentParser.parseFile(new, allowComments: false, seed: 1)
    guard let whole, found.isEmpty else { fatalError("a change taken in part does not parse whole: \(found)") }
    let (fromPart, fromWhole) = (reparseSummary(reparsed, new), reparseSummary(whole, new))
    guard fromPart == fromWhole else {
        let first = zip(fromPart, fromWhole).first { $0 != $1 }
        fatalError("parsed again in part, not as whole: \(first.map { "\($0.0) instead of \($0.1)" } ?? "\(fromPart.count) lines, not \(fromWhole.count)")")
    }
}

/// Every token and group of a fragment with every offset it holds, and each part's children.
private func reparseSummary(_ fragment: TokenFragment, _ file: SourceFile) -> [String] {
    var document = TokenDocument()
    _ = document.add(fragment, from: file)
    func dump(_ value: JSONValue) -> String {
        switch value.storage {
        case .null, .bool, .number, .string: "\(value.storage)@\(value.offset)"
        case .array(let items): "[\(items.map(dump).joined(separator: ","))]@\(value.offset)"
        case .object(let members): "{\(members.map { "\($0.key)@\($0.keyOffset):\(dump($0.value))" }.joined(separator: ","))}@\(value.offset)"
        }
    }
    func anchored(_ anchor: SourceAnchor) -> String { "\(anchor.offset)\(anchor.file.bytes == file.bytes ? "" : " in another text")" }
    let tokens = document.tokens.map { token in
        "\(token.path) \(document.groupPath(token.groupID)) \(token.explicitType.map { "\($0)" } ?? "-") \(anchored(token.anchor)) "
            + "\(dump(token.value)) \(token.description ?? "-") \(token.deprecated.map { "\($0)" } ?? "-") \(token.extensions.map(dump) ?? "-")"
    }
    let groups = document.groups.sorted { $0.key.string < $1.key.string }.map { path, group in
        "\(path.string) \(group.type.map { "\($0)" } ?? "-") \(group.description ?? "-") \(group.extensions.map(dump) ?? "-") "
            + "\(anchored(group.anchor)) \(group.extends.map { "\($0.reference) \(anchored($0.anchor))" } ?? "-")"
    }
    let parts = fragment.parts.map { entry in
        "\(entry.piece) \(entry.groups) " + entry.part.children.map { "\($0.name)@\($0.keyOffset):\($0.start)-\($0.end)" }.joined(separator: ",")
    }
    return tokens + groups + parts
}
