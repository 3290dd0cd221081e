// Diagnostics, their places and their edits are equal when they say the same thing in the same
// code points, as paths are (`TokenPath`): two names written once in NFC and once in NFD are
// two names, so their diagnostics are two diagnostics.

extension String {
    fileprivate func hashCodePoints(into hasher: inout Hasher) {
        var copy = self
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(utf8.count)
    }
}

extension Optional where Wrapped == String {
    fileprivate func sameCodePoints(as other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let a?, let b?): a.sameCodePoints(as: b)
        default: false
        }
    }
}

extension SourceLocation {
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.file.sameCodePoints(as: rhs.file)
            && lhs.pointer.sameCodePoints(as: rhs.pointer) && lhs.token.sameCodePoints(as: rhs.token)
    }

    public func hash(into hasher: inout Hasher) {
        file.hashCodePoints(into: &hasher)
        hasher.combine(line)
        hasher.combine(column)
        pointer.hashCodePoints(into: &hasher)
        token?.hashCodePoints(into: &hasher)
    }
}

extension SourceEdit {
    public static func == (lhs: SourceEdit, rhs: SourceEdit) -> Bool {
        lhs.range == rhs.range && lhs.file.sameCodePoints(as: rhs.file) && lhs.replacement.sameCodePoints(as: rhs.replacement)
    }

    public func hash(into hasher: inout Hasher) {
        file.hashCodePoints(into: &hasher)
        hasher.combine(range)
        replacement.hashCodePoints(into: &hasher)
    }
}

extension Diagnostic.Note {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.location == rhs.location && lhs.message.sameCodePoints(as: rhs.message)
    }

    public func hash(into hasher: inout Hasher) {
        message.hashCodePoints(into: &hasher)
        hasher.combine(location)
    }
}

extension Diagnostic.FixIt {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.edit == rhs.edit && lhs.location == rhs.location && lhs.message.sameCodePoints(as: rhs.message)
    }

    public func hash(into hasher: inout Hasher) {
        message.hashCodePoints(into: &hasher)
        hasher.combine(edit)
    }
}

extension Diagnostic {
    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.isCopy(of: rhs) { return true }
        return lhs.id == rhs.id && lhs.severity == rhs.severity && lhs.location == rhs.location
            && lhs.message.sameCodePoints(as: rhs.message) && lhs.notes == rhs.notes && lhs.fixIts == rhs.fixIts
            && lhs.count == rhs.count
    }

    /// Hashed by what tells diagnostics apart at a glance (id, severity, place, the message's
    /// length, the end of the file's path: `hashAtAGlance(into:)`), not every byte of the
    /// message and path: a check of many permutations hashes each of their diagnostics, and
    /// those alike at a glance are few.
    public func hash(into hasher: inout Hasher) { hashAtAGlance(into: &hasher) }
}
