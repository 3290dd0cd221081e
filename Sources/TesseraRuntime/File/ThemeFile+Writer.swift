import TesseraModel

extension ThemeFile {
    /// Lays a theme's storage out as a file.
    struct Writer {
        let storage: ThemeStorage
        private var strings: [String] = []
        private var stringIndex: [String: UInt32] = [:]

        init(_ storage: ThemeStorage) {
            self.storage = storage
            // Paths first, in slot order, so that the reader indexes them where they lie.
            for slot in 0..<storage.tokenCount {
                strings.append(storage.path(of: slot))
            }
        }

        /// The index of a string other than a path, added once.
        mutating func intern(_ string: String) -> UInt32 {
            if let index = stringIndex[string] { return index }
            let index = UInt32(strings.count)
            strings.append(string)
            stringIndex[string] = index
            return index
        }

        mutating func file(signer: Signer?) throws -> [UInt8] {
            // Values first: encoding them interns their strings.
            var values = Bytes()
            var valueOffsets: [UInt32] = [0]
            for index in 0..<storage.values.count {
                encode(storage.values[index] ?? .number(0), into: &values)
                valueOffsets.append(UInt32(values.count))
            }
            var modifiers = Bytes()
            modifiers.u32(storage.modifiers.count)
            for modifier in storage.modifiers {
                modifiers.u32(intern(modifier.name))
                modifiers.u32(modifier.contexts.firstIndex(of: modifier.defaultContext) ?? 0)
                modifiers.u32(modifier.contexts.count)
                for context in modifier.contexts { modifiers.u32(intern(context)) }
            }
            var closed = Bytes()
            closed.u32(storage.closed.count)
            for (slot, reason) in storage.closed.sorted(by: { $0.key < $1.key }) {
                closed.u32(Int(slot))
                closed.u32(intern(reason))
            }
            var tokens = Bytes()
            tokens.u32(storage.tokenCount)
            let styles = TextStyle.allCases
            for slot in 0..<storage.tokenCount {
                tokens.u8(TokenType.allCases.firstIndex(of: storage.types[slot])!)
                let style = storage.textStyles[Int32(slot)]
                tokens.u8(style == nil ? 0 : 1)
                tokens.u8(style.flatMap(styles.firstIndex(of:)) ?? 0)
                tokens.u8(0)
                tokens.u32(UInt32(bitPattern: storage.entries[slot]))
            }
            var refs = Bytes()
            refs.u32(storage.refs.count)
            for ref in storage.refs { refs.u32(UInt32(bitPattern: ref)) }
            var scalars = Bytes()
            scalars.u32(storage.scalars.count)
            for scalar in storage.scalars {
                for number in [scalar.a, scalar.b, scalar.c, scalar.d] { scalars.f64(number) }
                scalars.u8(Int(scalar.tag))
                scalars.bytes += [UInt8](repeating: 0, count: 7)
            }
            var aliases = Bytes()
            aliases.u32(storage.aliases.count)
            for alias in storage.aliases { aliases.u32(UInt32(bitPattern: alias)) }
            var stringBytes = Bytes()
            stringBytes.u32(strings.count)
            var blob: [UInt8] = []
            var offsets: [UInt32] = [0]
            for string in strings {
                blob += string.utf8
                offsets.append(UInt32(blob.count))
            }
            for offset in offsets { stringBytes.u32(offset) }
            stringBytes.bytes += blob
            var valueSection = Bytes()
            valueSection.u32(valueOffsets.count - 1)
            for offset in valueOffsets { valueSection.u32(offset) }
            valueSection.bytes += values.bytes

            let sections: [(Tag, Bytes)] = [(.strings, stringBytes), (.modifiers, modifiers), (.tokens, tokens),
                (.refs, refs), (.closed, closed), (.scalars, scalars), (.aliases, aliases), (.values, valueSection)]
            var body = Bytes()
            for (tag, payload) in sections {
                guard payload.count <= Int(UInt32.max) else { throw ThemeError.invalidFile("the theme is too large for the format") }
                body.bytes += tag.bytes
                body.u32(payload.count)
                body.bytes += payload.bytes
                body.bytes += [UInt8](repeating: 0, count: (8 - payload.count % 8) % 8)
            }
            var file = Bytes()
            file.bytes += magic
            file.u16(Int(formatVersion))
            file.u16(signer == nil ? 0 : 1)
            file.u32(sections.count)
            file.u64(UInt64(headerSize + body.count))
            file.u64(body.bytes.withUnsafeBytes(checksum))
            file.bytes += body.bytes
            if let signer {
                let (publicKey, signature) = try file.bytes.withUnsafeBytes { try signer($0) }
                guard publicKey.count == 32, signature.count == 64 else {
                    throw ThemeError.signatureRefused("the signer gave a key of \(publicKey.count) bytes and a signature of \(signature.count); Ed25519 has 32 and 64")
                }
                file.bytes += signatureTag
                file.u32(0)
                file.bytes += publicKey + signature
            }
            return file.bytes
        }

        // MARK: Values

        mutating func encode(_ value: TokenValue, into out: inout Bytes) {
            out.u8(TokenType.allCases.firstIndex(of: value.type)!)
            switch value {
            case .color(let color): encode(color, into: &out)
            case .dimension(let dimension): out.dimension(dimension)
            case .fontFamily(let names, let isList):
                out.u8(isList ? 1 : 0)
                out.u32(names.count)
                for name in names { out.u32(intern(name)) }
            case .fontWeight(let weight), .number(let weight): out.f64(weight)
            case .duration(let duration): out.duration(duration)
            case .cubicBezier(let curve): out.bezier(curve)
            case .strokeStyle(let style): encode(style, into: &out)
            case .border(let border):
                encode(border.color, into: &out)
                out.dimension(border.width)
                encode(border.style, into: &out)
            case .transition(let transition):
                out.duration(transition.duration)
                out.duration(transition.delay)
                out.bezier(transition.timingFunction)
            case .shadow(let layers, let isList):
                out.u8(isList ? 1 : 0)
                out.u32(layers.count)
                for layer in layers {
                    encode(layer.color, into: &out)
                    for dimension in [layer.offsetX, layer.offsetY, layer.blur, layer.spread] { out.dimension(dimension) }
                    out.u8(layer.inset ? 1 : 0)
                }
            case .gradient(let stops):
                out.u32(stops.count)
                for stop in stops {
                    encode(stop.color, into: &out)
                    out.f64(stop.position)
                }
            case .typography(let typography):
                out.u32(typography.fontFamily.count)
                for name in typography.fontFamily { out.u32(intern(name)) }
                out.dimension(typography.fontSize)
                out.f64(typography.fontWeight)
                out.dimension(typography.letterSpacing)
                out.u8(typography.lineHeight == nil ? 0 : 1)
                out.f64(typography.lineHeight ?? 0)
                out.u8(typography.textCase.flatMap(TextCase.allCases.firstIndex(of:)).map { $0 + 1 } ?? 0)
            case .string(let text): out.u32(intern(text))
            case .boolean(let flag): out.u8(flag ? 1 : 0)
            }
        }

        mutating func encode(_ color: TokenColor, into out: inout Bytes) {
            out.u8(ColorSpace.allCases.firstIndex(of: color.colorSpace)!)
            var none = 0
            for (index, component) in color.components.enumerated() where component == nil { none |= 1 << index }
            out.u8(none)
            for component in color.components { out.f64(component ?? 0) }
            out.f64(color.alpha)
            out.u32(color.hex.map { intern($0) } ?? UInt32.max)
        }

        mutating func encode(_ style: TokenStrokeStyle, into out: inout Bytes) {
            switch style {
            case .keyword(let keyword):
                out.u8(0)
                out.u32(intern(keyword))
            case .dashes(let dashes, let cap):
                out.u8(1)
                out.u32(dashes.count)
                for dash in dashes { out.dimension(dash) }
                out.u32(intern(cap))
            }
        }
    }

    /// A growing little-endian byte buffer.
    struct Bytes {
        var bytes: [UInt8] = []
        var count: Int { bytes.count }

        mutating func u8(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)) }
        mutating func u16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        mutating func u32(_ value: Int) { u32(UInt32(truncatingIfNeeded: value)) }
        mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        mutating func f64(_ value: Double) { u64(value.bitPattern) }
        mutating func dimension(_ value: TokenDimension) {
            f64(value.value)
            u8(Int(ThemeScalar.tag(value.unit)))
        }
        mutating func duration(_ value: TokenDuration) {
            f64(value.value)
            u8(value.unit == .ms ? 0 : 1)
        }
        mutating func bezier(_ value: CubicBezier) {
            for number in [value.x1, value.y1, value.x2, value.y2] { f64(number) }
        }
    }
}
