extension SourceFile {
    /// The bytes of the JSON value (or object key) starting at `offset`: a string to its
    /// closing quote, an object or array to its closing bracket (strings and comments
    /// skipped), a number or literal to the next delimiter. Used to turn the start offset a
    /// diagnostic keeps into the range a fix-it replaces; a value cut short by the end of the
    /// file ends there.
    package func jsonValueRange(at offset: Int) -> Range<Int> {
        let bytes = self.bytes
        guard offset >= 0, offset < bytes.count else { return min(max(offset, 0), bytes.count)..<min(max(offset, 0), bytes.count) }
        var index = offset
        func skipString() {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): index += 1; return
                default: index += 1
                }
            }
        }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            scan: while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    skipString()
                    continue scan
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { index += 1; break scan }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                    continue scan
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    index += 2
                    continue scan
                default:
                    break
                }
                index += 1
            }
        default:
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D:
                    return offset..<index
                default:
                    index += 1
                }
            }
        }
        return offset..<min(index, bytes.count)
    }
}

extension SourceFile {
    /// Whether the JSON text at `node.offset` is `node` itself: false for values that came
    /// through a reference (they carry the reference's offset, or offsets into another file).
    /// A fix-it may only replace a value its file holds.
    func holds(_ node: JSONValue) -> Bool {
        guard node.offset >= 0, node.offset < bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, file: self, allowComments: true)
            scanner.position = node.offset
            guard let found = try? scanner.parseValue(depth: 0) else { return false }
            return found.sameContent(as: node)
        }
    }
}
