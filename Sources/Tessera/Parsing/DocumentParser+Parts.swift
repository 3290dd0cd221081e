/// Parsing a large file on several cores.
///
/// One pass on this thread (the outline) parses the file as usual, except that runs of
/// consecutive small child objects are not parsed: each child is only skipped over (strings and
/// nesting are followed, nothing else is checked) and its key and extent are set aside in a
/// `Part`. The parts are then parsed on all cores, each child exactly as the sequential parser
/// would, and their tokens and diagnostics are spliced back where the outline set them aside,
/// so the result is the one parsing on one thread gives.
///
/// Whenever the outline parses something itself (a `$` property, a large child, a repeated
/// key), it first closes the part it is filling, which keeps every output in source order. A
/// file with a structural error anywhere is parsed again on one thread, which reports it.
extension DocumentParser {
    /// Files from this size on are parsed in parts.
    static let partThreshold = 1 << 20

    /// Consecutive child objects of one object, set aside to be parsed on another thread.
    struct Part: Sendable {
        struct Child: Sendable {
            var name: String
            var keyOffset: Int
            /// Where the child object starts (its `{`) and ends (just past its `}`).
            var start: Int
            var end: Int
        }

        var parentPath: String
        /// The outline's (local) id of the group holding the children.
        var parentGroup: Int32
        var depth: Int
        var children: [Child] = []
        var bytes = 0
        /// How many tokens and diagnostics the outline had made when the part was closed: its
        /// own output goes right after them.
        var tokensBefore = 0
        var jsonDiagnosticsBefore = 0
        var diagnosticsBefore = 0
    }

    /// What parsing one part gives.
    struct PartResult: Sendable {
        var fragment: TokenFragment
        var jsonDiagnostics: [Diagnostic]
        var diagnostics: [Diagnostic]
    }

    /// Sets the child object at the current position aside when it is small enough; returns
    /// whether it did. Only the outline of a split parse sets anything aside.
    mutating func setAside(_ name: String, keyOffset: Int, in parentPath: String, parentGroup: Int32, depth: Int) -> Bool {
        guard let limit = partLimit else { return false }
        guard let end = json.objectEnd(within: limit) else {
            flushPart()
            return false
        }
        if let open = openPart, open.parentGroup != parentGroup || open.depth != depth { flushPart() }
        if openPart == nil { openPart = Part(parentPath: parentPath, parentGroup: parentGroup, depth: depth) }
        openPart!.children.append(Part.Child(name: name, keyOffset: keyOffset, start: json.position, end: end))
        openPart!.bytes += end - json.position
        json.position = end
        if openPart!.bytes >= limit { flushPart() }
        return true
    }

    /// Closes the part being filled, if any.
    mutating func flushPart() {
        guard var part = openPart else { return }
        part.tokensBefore = fragment.own.tokens.count
        part.jsonDiagnosticsBefore = json.diagnostics.count
        part.diagnosticsBefore = diagnostics.count
        parts.append(part)
        partQueue?.add(part)
        openPart = nil
    }

    /// Parses `file` in parts on several cores; nil when it is not worth it or when the file
    /// has a structural error (the caller then parses it whole).
    static func parseInParts(_ file: SourceFile, allowComments: Bool, seed: UInt64? = nil) -> (TokenFragment?, [Diagnostic])? {
        guard Parallel.isUseful, !allowComments, file.bytes.count >= partThreshold else { return nil }
        let limit = max(file.bytes.count / 256, 16 << 10)
        // A helper thread parses parts while this one outlines; then this one helps.
        let queue = PartQueue { parse($0, of: file, seed: seed) }
        let outline: (TokenFragment, [Diagnostic], [Diagnostic], [Part])? = file.bytes.withUnsafeBufferPointer { buffer in
            var parser = DocumentParser(json: JSONScanner(bytes: buffer, file: file, allowComments: false), file: file, seed: seed)
            parser.partLimit = limit
            parser.partQueue = queue
            let ok = parser.parseRoot()
            return ok && !parser.json.recovered ? (parser.fragment, parser.json.diagnostics, parser.diagnostics, parser.parts) : nil
        }
        let results = queue.finish()
        guard let (skeleton, skeletonJSON, skeletonOwn, parts) = outline, !parts.isEmpty,
            results.allSatisfy({ $0 != nil })
        else { return nil }

        var fragment = TokenFragment(seed: seed)
        _ = fragment.append(groupsOf: skeleton)
        fragment.pieces.append(skeleton.own)
        var jsonDiagnostics: [Diagnostic] = []
        var diagnostics: [Diagnostic] = []
        var (tokenCursor, jsonCursor, ownCursor) = (0, 0, 0)
        for (part, result) in zip(parts, results.map { $0! }) {
            fragment.runs.append(TokenFragment.Run(piece: 0, range: tokenCursor..<part.tokensBefore, groupBase: 0))
            jsonDiagnostics.append(contentsOf: skeletonJSON[jsonCursor..<part.jsonDiagnosticsBefore])
            diagnostics.append(contentsOf: skeletonOwn[ownCursor..<part.diagnosticsBefore])
            (tokenCursor, jsonCursor, ownCursor) = (part.tokensBefore, part.jsonDiagnosticsBefore, part.diagnosticsBefore)
            let groupBase = fragment.append(groupsOf: result.fragment)
            fragment.parts.append(TokenFragment.PartEntry(part: part, piece: fragment.pieces.count,
                groups: Int(groupBase)..<Int(groupBase) + result.fragment.groupPaths.count,
                foundProblems: !result.jsonDiagnostics.isEmpty || !result.diagnostics.isEmpty))
            fragment.runs.append(TokenFragment.Run(piece: fragment.pieces.count, range: 0..<result.fragment.own.tokens.count,
                groupBase: groupBase))
            fragment.pieces.append(result.fragment.own)
            jsonDiagnostics.append(contentsOf: result.jsonDiagnostics)
            diagnostics.append(contentsOf: result.diagnostics)
        }
        fragment.runs.append(TokenFragment.Run(piece: 0, range: tokenCursor..<skeleton.own.tokens.count, groupBase: 0))
        jsonDiagnostics.append(contentsOf: skeletonJSON[jsonCursor...])
        diagnostics.append(contentsOf: skeletonOwn[ownCursor...])
        return (fragment, jsonDiagnostics + diagnostics)
    }

    /// Parses the children of one part; nil when one of them is not well-formed.
    static func parse(_ part: Part, of file: SourceFile, seed: UInt64?) -> PartResult? {
        let file = SourceFile(sharing: file)
        return file.bytes.withUnsafeBufferPointer { buffer in
            var parser = DocumentParser(json: JSONScanner(bytes: buffer, file: file, allowComments: false), file: file, seed: seed)
            for child in part.children {
                parser.json.position = child.start
                do {
                    try parser.parseNode(path: TokenPathSyntax.join(part.parentPath, child.name), keyOffset: child.keyOffset,
                        parentGroup: TokenFragment.outerGroup(part.parentGroup), depth: part.depth)
                } catch {
                    return nil
                }
                guard parser.json.position == child.end, !parser.json.recovered else { return nil }
            }
            return PartResult(fragment: parser.fragment, jsonDiagnostics: parser.json.diagnostics, diagnostics: parser.diagnostics)
        }
    }
}

extension JSONScanner {
    /// The offset just past the object that starts at the current position, if it closes within
    /// `limit` bytes. Only strings and nesting are followed; the object is checked when parsed.
    func objectEnd(within limit: Int) -> Int? {
        let end = min(bytes.count, position + limit)
        var depth = 0
        var index = position
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index + 8 <= end, ByteScan.isPlainStringRun(ByteScan.word(bytes, at: index)) { index += 8 }
                while index < end, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: " "):
                while index + 9 <= end, ByteScan.word(bytes, at: index + 1) == ByteScan.spaces { index += 8 }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
