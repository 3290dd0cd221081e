import Foundation
import TesseraModel

/// The compiled theme file (`App.theme`): every permutation of a theme in a compact, versioned
/// binary form that loads without parsing JSON or resolving anything.
///
/// Little-endian throughout. A 32-byte header, then sections, then an optional signature:
///
/// ```text
/// offset size  header
///  0      8    magic "TSTHEME\0"
///  8      2    format version (1)
/// 10      2    flags (bit 0: signed)
/// 12      4    number of sections
/// 16      8    length of the signed part: header and sections (the signature follows it)
/// 24      8    checksum of the sections (bytes 32 up to the signed length)
/// 32           sections, each: tag (4 ASCII bytes), payload length (u32), payload, zeros to a
///              multiple of 8
///              signature block when signed: "SIG\0", u32 0, Ed25519 public key (32 bytes),
///              signature (64 bytes) of every byte before the block
/// ```
///
/// Sections, each exactly once:
/// - `STRS` strings: count, count + 1 offsets (u32) into the bytes that follow; strings
///   `0..<tokens` are the token paths in slot order.
/// - `MODS` modifiers: count; each name (string index), default context (index), context
///   count, context names (string indices).
/// - `TOKS` tokens: count; each 8 bytes: type (u8), flags (u8; bit 0: scales with a text style),
///   text style (u8), reserved (u8), entry (i32): the value index when the token is the same in
///   every permutation, else the bitwise complement of where its per-permutation value indices
///   start in `REFS`.
/// - `REFS` per-permutation value indices: count; each an i32.
/// - `CLSD` closed tokens: count; each slot (u32) and reason (string index).
/// - `SCAL` scalars: count; each 40 bytes: four f64 and a tag (u8), then 7 zero bytes.
/// - `ALIA` aliases: count; each the slot of the token the value aliases, or -1 (i32).
/// - `VALS` values: count, count + 1 offsets (u32) into the encoded values that follow.
///
/// Unknown sections are skipped, so a later minor revision can add some; a file of a newer
/// format version is refused.
public enum ThemeFile {
    static let magic: [UInt8] = Array("TSTHEME".utf8) + [0]
    /// The format version this library writes and reads.
    package static let formatVersion: UInt16 = 1
    static let headerSize = 32
    static let signatureTag: [UInt8] = Array("SIG".utf8) + [0]
    /// The signature block: tag, reserved, public key, signature.
    static let signatureBlockSize = 4 + 4 + 32 + 64
    static let checksumSeed: UInt64 = 0x5445_5353_4552_4131

    enum Tag: String, CaseIterable {
        case strings = "STRS", modifiers = "MODS", tokens = "TOKS", closed = "CLSD", scalars = "SCAL"
        case aliases = "ALIA", values = "VALS", refs = "REFS"

        var bytes: [UInt8] { Array(rawValue.utf8) }

        /// The section's name in messages.
        var what: StaticString {
            switch self {
            case .strings: "section STRS"
            case .modifiers: "section MODS"
            case .tokens: "section TOKS"
            case .closed: "section CLSD"
            case .scalars: "section SCAL"
            case .aliases: "section ALIA"
            case .values: "section VALS"
            case .refs: "section REFS"
            }
        }
    }

    /// Signs the bytes of a theme file: the public key and the Ed25519 signature of `message`.
    public typealias Signer = @Sendable (_ message: UnsafeRawBufferPointer) throws -> (publicKey: [UInt8], signature: [UInt8])

    /// Checks a signature: whether `signature`, by the key `publicKey`, signs `message`, and
    /// the key is one the app trusts. Nil when it is accepted, else why not.
    public protocol Verifier: Sendable {
        func refusal(signature: [UInt8], publicKey: [UInt8], message: UnsafeRawBufferPointer) -> String?
    }

    /// The bytes of `theme` as a compiled theme file, signed when `signer` is given.
    ///
    /// - Complexity: O(n) in the size of the theme's tables.
    package static func encode(_ theme: Theme, signer: Signer? = nil) throws -> [UInt8] {
        var writer = Writer(theme.storage)
        return try writer.file(signer: signer)
    }

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        PathTable.hash(bytes, seed: checksumSeed)
    }
}

extension Theme {
    /// This theme as a compiled theme file's bytes; see `ThemeFile`.
    public func encoded(signer: ThemeFile.Signer? = nil) throws -> [UInt8] {
        try ThemeFile.encode(self, signer: signer)
    }

    /// Writes this theme as a compiled theme file, atomically: a failure leaves any file at
    /// `url` as it was.
    public func write(to url: URL, signer: ThemeFile.Signer? = nil) throws {
        try Data(encoded(signer: signer)).write(to: url, options: .atomic)
    }
}
