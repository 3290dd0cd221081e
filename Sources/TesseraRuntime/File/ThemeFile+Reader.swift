import Foundation
import TesseraModel

extension ThemeFile {
    /// How a compiled theme file is read.
    public struct LoadOptions: Sendable {
        /// Files larger than this are refused before they are read. 64 MB by default, ten times
        /// a theme of 100,000 tokens in four permutations.
        public var maximumSize: Int
        /// Checks signatures; with none, a signed file is read without checking its signature.
        public var verifier: (any Verifier)?
        /// Refuse a file that is not signed (a theme from outside the app bundle).
        public var requireSignature: Bool
        /// Map the file into memory rather than reading it (values are decoded from it when asked
        /// for).
        public var mapped: Bool

        public init(maximumSize: Int = 64 << 20, verifier: (any Verifier)? = nil, requireSignature: Bool = false,
            mapped: Bool = true)
        {
            self.maximumSize = maximumSize
            self.verifier = verifier
            self.requireSignature = requireSignature
            self.mapped = mapped
        }

        /// For a theme that does not come with the app: signed by one of the keys `verifier`
        /// trusts, at most `maximumSize` bytes.
        public static func untrusted(verifier: any Verifier, maximumSize: Int = 64 << 20) -> LoadOptions {
            LoadOptions(maximumSize: maximumSize, verifier: verifier, requireSignature: true)
        }
    }

    /// The theme in a compiled theme file's bytes, every part of it checked.
    ///
    /// - Throws: `ThemeError.invalidFile`, `.fileTooLarge` or `.signatureRefused`, saying what
    ///   is wrong.
    /// - Complexity: O(n) in the file's size; values other than scalars are decoded when looked
    ///   up.
    static func decode(_ data: Data, options: LoadOptions) throws(ThemeError) -> ThemeStorage {
        guard data.count <= options.maximumSize else { throw .fileTooLarge(size: data.count, limit: options.maximumSize) }
        let parts = try data.withUnsafeBytes { bytes in
            Result { () throws(ThemeError) -> Parts in try Parts(bytes, options: options) }
        }.get()
        let values = EncodedValues(data: data, strings: parts.strings, base: parts.valueBase, offsets: parts.valueOffsets)
        return ThemeStorage(layout: parts.layout, entries: parts.entries, refs: parts.refs, scalars: parts.scalars,
            values: .encoded(values), aliases: parts.aliases)
    }

    /// Everything a file holds but its values, checked.
    private struct Parts {
        var strings = StringTable(base: 0, offsets: [0])
        var layout = ThemeStorage.Layout(paths: PathTable(), types: [], closed: [:], textStyles: [:], modifiers: [])
        var entries: [Int32] = []
        var refs: [Int32] = []
        var scalars: [ThemeScalar] = []
        var aliases: [Int32] = []
        var valueBase = 0
        var valueOffsets: [UInt32] = [0]

        init(_ bytes: UnsafeRawBufferPointer, options: LoadOptions) throws(ThemeError) {
            var header = Cursor(bytes, 0..<bytes.count, what: "the header")
            guard bytes.count >= headerSize, Array(bytes[0..<8]) == magic else {
                throw .invalidFile("not a compiled theme (it does not start with the theme file's signature bytes)")
            }
            _ = try header.take(8)
            let version = try header.u16()
            guard version == formatVersion else {
                throw .invalidFile(version > formatVersion
                    ? "format version \(version) is newer than this library reads (\(formatVersion)); update Tessera or compile the theme again with this version"
                    : "format version \(version) is not one this library reads (\(formatVersion))")
            }
            let flags = try header.u16()
            guard flags & ~1 == 0 else { throw .invalidFile("unknown flags \(flags)") }
            let sectionCount = Int(try header.u32())
            let signedLength = try header.u64()
            let checksum = try header.u64()
            let signed = flags & 1 == 1
            let expected = signedLength &+ UInt64(signed ? signatureBlockSize : 0)
            guard signedLength >= UInt64(headerSize), signedLength <= UInt64(bytes.count), expected == UInt64(bytes.count) else {
                throw .invalidFile("its length (\(bytes.count) bytes) is not what its header says (\(expected)); the file is truncated or has extra bytes")
            }
            let bodyEnd = Int(signedLength)
            try Self.checkSignature(bytes, signed: signed, bodyEnd: bodyEnd, options: options)
            guard ThemeFile.checksum(UnsafeRawBufferPointer(rebasing: bytes[headerSize..<bodyEnd])) == checksum else {
                throw .invalidFile("its checksum does not match its contents; the file is damaged")
            }
            var sections: [Tag: Range<Int>] = [:]
            var body = Cursor(bytes, headerSize..<bodyEnd, what: "the section list")
            for _ in 0..<sectionCount {
                let start = try body.take(4)
                let tag = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<start + 4]), as: UTF8.self)
                let length = Int(try body.u32())
                let payload = try body.take(length)
                _ = try body.take((8 - length % 8) % 8)
                guard let known = Tag(rawValue: tag) else { continue }
                guard sections[known] == nil else { throw .invalidFile("section \(tag) appears twice") }
                sections[known] = payload..<payload + length
            }
            guard body.atEnd else { throw .invalidFile("\(body.remaining) bytes follow the last section") }
            for tag in Tag.allCases where sections[tag] == nil { throw .invalidFile("section \(tag.rawValue) is missing") }
            func cursor(_ tag: Tag) -> Cursor { Cursor(bytes, sections[tag]!, what: tag.what) }

            var stringCursor = cursor(.strings)
            strings = try Self.readStrings(&stringCursor)
            var modifierCursor = cursor(.modifiers)
            layout.modifiers = try Self.readModifiers(&modifierCursor, strings, bytes)
            let permutations = Numbering(layout.modifiers).count

            var scalarCursor = cursor(.scalars)
            scalars = try Self.readScalars(&scalarCursor)
            var valueCursor = cursor(.values)
            let valueCount = try valueCursor.count(of: 5)
            guard valueCount == scalars.count else { throw valueCursor.failure("has \(valueCount) values for \(scalars.count) scalars") }
            valueOffsets = []
            valueOffsets.reserveCapacity(valueCount + 1)
            for _ in 0...valueCount { valueOffsets.append(try valueCursor.u32()) }
            valueBase = valueCursor.offset
            var refCursor = cursor(.refs)
            let refCount = try refCursor.count(of: 4)
            refs.reserveCapacity(refCount)
            for _ in 0..<refCount { refs.append(Int32(try refCursor.index(below: valueCount, "value index"))) }
            var types: [TokenType] = []
            var tokenCursor = cursor(.tokens)
            let tokenCount = try tokenCursor.count(of: 8)
            guard tokenCount <= strings.count else { throw tokenCursor.failure("has \(tokenCount) tokens but \(strings.count) strings") }
            types.reserveCapacity(tokenCount)
            entries.reserveCapacity(tokenCount)
            var valueTypes = [UInt8](repeating: 255, count: valueCount)
            for slot in 0..<tokenCount {
                let typeCode = Int(try tokenCursor.u8())
                guard typeCode < TokenType.allCases.count else { throw tokenCursor.failure("token \(slot) has unknown type \(typeCode)") }
                let scales = try tokenCursor.u8()
                let style = Int(try tokenCursor.u8())
                _ = try tokenCursor.u8()
                guard scales <= 1, style < TextStyle.allCases.count else { throw tokenCursor.failure("token \(slot) has an unknown text style") }
                if scales == 1 { layout.textStyles[Int32(slot)] = TextStyle.allCases[style] }
                let entry = Int32(bitPattern: try tokenCursor.u32())
                let indices: ArraySlice<Int32>
                if entry >= 0 {
                    guard Int(entry) < valueCount else { throw tokenCursor.failure("token \(slot) points past the \(valueCount) values") }
                    indices = [entry]
                } else {
                    guard Int(~entry) <= refCount - permutations else {
                        throw tokenCursor.failure("token \(slot) points past the \(refCount) value indices")
                    }
                    indices = refs[Int(~entry)..<Int(~entry) + permutations]
                }
                for index in indices.map(Int.init) {
                    guard valueTypes[index] == 255 || valueTypes[index] == UInt8(typeCode) else {
                        throw tokenCursor.failure("value \(index) is shared by tokens of different types")
                    }
                    valueTypes[index] = UInt8(typeCode)
                }
                types.append(TokenType.allCases[typeCode])
                entries.append(entry)
            }
            layout.types = types
            layout.paths = try Self.readPaths(strings, count: tokenCount, bytes)
            try Self.checkValues(bytes, valueBase: valueBase, offsets: valueOffsets, end: sections[.values]!.upperBound,
                types: valueTypes, scalars: scalars, strings: strings)

            var closedCursor = cursor(.closed)
            let closedCount = try closedCursor.count(of: 8)
            for _ in 0..<closedCount {
                let slot = try closedCursor.index(below: tokenCount, "closed token")
                let reason = try closedCursor.index(below: strings.count, "reason string")
                layout.closed[Int32(slot)] = strings.string(reason, in: bytes)
            }
            var aliasCursor = cursor(.aliases)
            let aliasCount = try aliasCursor.count(of: 4)
            guard aliasCount == valueCount else { throw aliasCursor.failure("has \(aliasCount) aliases for \(valueCount) values") }
            aliases.reserveCapacity(aliasCount)
            for _ in 0..<aliasCount {
                let alias = Int32(bitPattern: try aliasCursor.u32())
                guard alias >= -1, alias < Int32(tokenCount) else { throw aliasCursor.failure("alias \(alias) names no token") }
                aliases.append(alias)
            }
        }

        static func checkSignature(_ bytes: UnsafeRawBufferPointer, signed: Bool, bodyEnd: Int, options: LoadOptions)
            throws(ThemeError)
        {
            guard signed else {
                if options.requireSignature { throw .signatureRefused("the file is not signed") }
                return
            }
            guard Array(bytes[bodyEnd..<bodyEnd + 4]) == signatureTag else {
                throw .invalidFile("the signature block is damaged")
            }
            guard let verifier = options.verifier else { return }
            let publicKey = Array(bytes[(bodyEnd + 8)..<(bodyEnd + 40)])
            let signature = Array(bytes[(bodyEnd + 40)..<(bodyEnd + 104)])
            if let refusal = verifier.refusal(signature: signature, publicKey: publicKey,
                message: UnsafeRawBufferPointer(rebasing: bytes[0..<bodyEnd]))
            {
                throw .signatureRefused(refusal)
            }
        }

        static func readStrings(_ cursor: inout Cursor) throws(ThemeError) -> StringTable {
            let count = try cursor.count(of: 4)
            var offsets: [UInt32] = []
            offsets.reserveCapacity(count + 1)
            for _ in 0...count { offsets.append(try cursor.u32()) }
            let base = cursor.offset
            guard offsets[0] == 0, Int(offsets[count]) == cursor.remaining else {
                throw cursor.failure("the string offsets do not cover its bytes")
            }
            for index in 0..<count where offsets[index] > offsets[index + 1] {
                throw cursor.failure("string \(index) ends before it starts")
            }
            guard isValidUTF8(UnsafeRawBufferPointer(rebasing: cursor.bytes[base..<cursor.end])) else {
                throw cursor.failure("holds bytes that are not UTF-8")
            }
            let table = StringTable(base: base, offsets: offsets)
            // A string may not split a character: each one starts on a character boundary.
            for index in 0..<count where table.range(index).lowerBound < cursor.end
                && cursor.bytes[table.range(index).lowerBound] & 0xC0 == 0x80
            {
                throw cursor.failure("string \(index) starts inside a character")
            }
            return table
        }

        static func readModifiers(_ cursor: inout Cursor, _ strings: StringTable, _ bytes: UnsafeRawBufferPointer)
            throws(ThemeError) -> [ThemeModifier]
        {
            let count = try cursor.count(of: 12)
            var modifiers: [ThemeModifier] = []
            var permutations = 1
            for _ in 0..<count {
                let name = strings.string(try cursor.index(below: strings.count, "modifier name"), in: bytes)
                let defaultIndex = Int(try cursor.u32())
                let contextCount = try cursor.count(of: 4)
                guard contextCount >= 1, defaultIndex < contextCount else {
                    throw cursor.failure("modifier '\(name)' has \(contextCount) contexts and default \(defaultIndex)")
                }
                var contexts: [String] = []
                for _ in 0..<contextCount { contexts.append(strings.string(try cursor.index(below: strings.count, "context name"), in: bytes)) }
                guard Set(contexts).count == contexts.count, !modifiers.contains(where: { $0.name == name }) else {
                    throw cursor.failure("modifier '\(name)' or one of its contexts is named twice")
                }
                permutations = permutations.multipliedReportingOverflow(by: contextCount).partialValue
                guard permutations <= Numbering.limit else {
                    throw cursor.failure("has more than \(Numbering.limit) permutations")
                }
                modifiers.append(ThemeModifier(name: name, contexts: contexts, defaultContext: contexts[defaultIndex]))
            }
            guard cursor.atEnd else { throw cursor.failure("\(cursor.remaining) bytes follow the last modifier") }
            return modifiers
        }

        static func readScalars(_ cursor: inout Cursor) throws(ThemeError) -> [ThemeScalar] {
            let count = try cursor.count(of: 40)
            // Where the file's layout is the struct's, the scalars are copied whole, then checked.
            if UInt32(1).littleEndian == 1, MemoryLayout<ThemeScalar>.stride == 40,
                MemoryLayout<ThemeScalar>.offset(of: \ThemeScalar.tag) == 32
            {
                let start = try cursor.take(count * 40)
                // At least one of capacity: an array made with none would write its count into
                // the empty array every thread shares.
                let scalars = [ThemeScalar](unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<start + count * 40]))
                    initialized = count
                }
                for (index, scalar) in scalars.enumerated() where !(scalar.a.isFinite && scalar.b.isFinite && scalar.c.isFinite && scalar.d.isFinite) {
                    throw cursor.failure("scalar \(index) holds a number that is not finite")
                }
                return scalars
            }
            var scalars: [ThemeScalar] = []
            scalars.reserveCapacity(count)
            for _ in 0..<count {
                let a = try cursor.f64(), b = try cursor.f64(), c = try cursor.f64(), d = try cursor.f64()
                let tag = try cursor.u8()
                _ = try cursor.take(7)
                scalars.append(ThemeScalar(a: a, b: b, c: c, d: d, tag: tag))
            }
            return scalars
        }

        /// The paths, indexed; two tokens with one path are refused.
        static func readPaths(_ strings: StringTable, count: Int, _ bytes: UnsafeRawBufferPointer) throws(ThemeError) -> PathTable {
            var paths = PathTable(minimumCapacity: count)
            for slot in 0..<count {
                let inserted = paths.insert(bytes: UnsafeRawBufferPointer(rebasing: bytes[strings.range(slot)])).inserted
                guard inserted else { throw .invalidFile("token \(slot)'s path '\(strings.string(slot, in: bytes))' is used twice") }
            }
            return paths
        }

        /// Every value decodes, fills its bytes exactly, has its tokens' type, and agrees with
        /// its scalar.
        static func checkValues(_ bytes: UnsafeRawBufferPointer, valueBase: Int, offsets: [UInt32], end: Int,
            types: [UInt8], scalars: [ThemeScalar], strings: StringTable) throws(ThemeError)
        {
            guard offsets[0] == 0, valueBase + Int(offsets[offsets.count - 1]) == end else {
                throw .invalidFile("section VALS: the value offsets do not cover its bytes")
            }
            var decoder = ValueDecoder(strings: strings, build: false)
            for index in 0..<(offsets.count - 1) {
                guard offsets[index] <= offsets[index + 1] else { throw .invalidFile("section VALS: value \(index) ends before it starts") }
                var cursor = Cursor(bytes, valueBase + Int(offsets[index])..<valueBase + Int(offsets[index + 1]), what: "value", number: index)
                let typeCode = cursor.atEnd ? 255 : bytes[cursor.offset]
                guard types[index] == 255 || types[index] == typeCode else {
                    throw cursor.failure("is not of its token's type")
                }
                let value = try decoder.value(&cursor)
                guard cursor.atEnd else { throw cursor.failure("\(cursor.remaining) bytes follow it") }
                try checkScalar(scalars[index], of: value, type: TokenType.allCases[Int(typeCode)], index: index)
            }
        }

        /// A scalar says what its value says: the same numbers (colors: drawable components).
        static func checkScalar(_ scalar: ThemeScalar, of value: TokenValue?, type: TokenType, index: Int) throws(ThemeError) {
            let agrees: Bool
            switch type {
            case .color:
                agrees = scalar.tag <= 1 && scalar.a >= 0 && scalar.a <= 1 && scalar.b >= 0 && scalar.b <= 1
                    && scalar.c >= 0 && scalar.c <= 1 && scalar.d >= 0 && scalar.d <= 1
            case .dimension, .duration, .number, .fontWeight, .boolean, .cubicBezier:
                agrees = value.map { ThemeScalar($0) == scalar } ?? false
            default:
                agrees = scalar == .zero
            }
            guard agrees else { throw .invalidFile("value \(index): its scalar does not match it") }
        }
    }
}

extension Theme {
    /// Loads a compiled theme file (`tessera compile … -o App.theme`), checking every part of
    /// it, and its signature as `options` say.
    ///
    /// ```swift
    /// let bundled = try Theme(contentsOf: Bundle.main.url(forResource: "App", withExtension: "theme")!)
    /// let tenant = try Theme(contentsOf: downloaded, options: .untrusted(verifier: Ed25519Verifier(trusting: [key])))
    /// ```
    ///
    /// - Throws: `ThemeError` saying what is wrong; nothing is loaded then.
    /// - Complexity: O(n) in the file's size.
    public init(contentsOf url: URL, options: ThemeFile.LoadOptions = ThemeFile.LoadOptions()) throws(ThemeError) {
        let size: Int
        do {
            size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw .invalidFile("cannot read '\(url.path)': \(error.localizedDescription)")
        }
        guard size <= options.maximumSize else { throw .fileTooLarge(size: size, limit: options.maximumSize) }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: options.mapped ? .alwaysMapped : [])
        } catch {
            throw .invalidFile("cannot read '\(url.path)': \(error.localizedDescription)")
        }
        self.init(storage: try ThemeFile.decode(data, options: options))
    }

    /// A theme from a compiled theme file's bytes; see `init(contentsOf:options:)`.
    public init(fileBytes data: Data, options: ThemeFile.LoadOptions = ThemeFile.LoadOptions()) throws(ThemeError) {
        self.init(storage: try ThemeFile.decode(data, options: options))
    }
}
