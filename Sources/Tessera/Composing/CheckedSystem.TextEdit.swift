extension CheckedSystem {
    /// Where a file's new text differs from its old one: one run of bytes replaced, within one
    /// line, with no member starting after it on that line, so that every token and group
    /// outside the one it falls in keeps its line and column.
    struct TextEdit {
        let path: String
        /// The first byte that differs.
        let start: Int
        /// The end of the bytes replaced, in the old text and in the new one.
        let oldEnd: Int
        let newEnd: Int
        /// The end of the edited line in the old text.
        let oldLineEnd: Int

        /// Whether the text after the edit moved: the bytes replaced and their replacement
        /// differ in length.
        var moves: Bool { oldEnd != newEnd }

        /// The edit from `old` to `new`, which differ where `changed` says; nil when it spans
        /// lines or moves anything after it.
        init?(old: SourceFile, new: SourceFile, changed: UnchangedEnds) {
            let before = old.bytes
            let after = new.bytes
            let (start, oldEnd, newEnd) = (changed.prefix, changed.oldEnd, changed.newEnd)
            let newline = UInt8(ascii: "\n")
            guard !before[start..<oldEnd].contains(newline), !after[start..<newEnd].contains(newline) else { return nil }
            // No member starts after it on its line: no key, no colon.
            var index = newEnd
            while index < after.count, after[index] != newline {
                guard after[index] != UInt8(ascii: ":") else { return nil }
                index += 1
            }
            path = new.path
            self.start = start
            self.oldEnd = oldEnd
            self.newEnd = newEnd
            oldLineEnd = oldEnd + (index - newEnd)
        }

        /// The positions (in `contents`, the file's old contents) of the tokens whose text the
        /// edit changes: the one whose key and value it falls in, and any whose key it touches.
        func touched(_ contents: SourceContents, in old: SourceFile) -> Set<Int> {
            var touched = Set<Int>()
            var last: (position: Int, offset: Int)?
            for position in contents.tokens.indices {
                let offset = contents.tokens[position].definition.anchor.offset
                if offset >= start, offset <= oldEnd {
                    touched.insert(position)
                } else if offset < start, offset > last?.offset ?? -1 {
                    last = (position, offset)
                }
            }
            if let last, Self.memberEnd(keyAt: last.offset, in: old) >= start { touched.insert(last.position) }
            return touched
        }

        /// The end of the object member whose key starts at `offset`: its value's end.
        private static func memberEnd(keyAt offset: Int, in file: SourceFile) -> Int {
            let key = file.jsonValueRange(at: offset)
            var index = key.upperBound
            let bytes = file.bytes
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(bytes[index]) { index += 1 }
            return max(key.upperBound, file.jsonValueRange(at: index).upperBound)
        }

        /// Whether `diagnostic`, found before the edit, can be carried over: false when one of
        /// its fix-its edits the changed line. When it can and a fix-it of it moved, `moves`.
        func carries(_ diagnostic: Diagnostic) -> (carried: Bool, moves: Bool) {
            let (any, onTheLine) = diagnostic.fixIts(in: path, from: start, beginningBy: oldLineEnd)
            return (!onTheLine, any && newEnd != oldEnd)
        }

        /// Moves the fix-its of `diagnostic` in the edited file past the edit with the text.
        func move(_ diagnostic: inout Diagnostic) {
            let delta = newEnd - oldEnd
            guard !diagnostic.moveEveryFixIt(in: path, from: start, by: delta) else { return }
            var fixIts = diagnostic.fixIts
            for position in fixIts.indices where fixIts[position].edit.file == path {
                let range = fixIts[position].edit.range
                if range.staysBefore(start) { continue }
                fixIts[position].edit.range = range.moved(by: delta)
            }
            diagnostic.fixIts = fixIts
        }
    }
}
