internal import Crypto
import Foundation
import TesseraModel

/// An Ed25519 key that signs compiled theme files (`tessera keygen`, `tessera compile --sign`).
///
/// Key files are text: a first line naming the kind of key, then the key's 32 bytes in base64.
public struct ThemeSigningKey: Sendable {
    /// The private key's 32 bytes (the key type itself is not `Sendable`).
    private let bytes: [UInt8]
    /// The public key's 32 bytes.
    package let publicKey: [UInt8]

    static let privateHeader = "tessera ed25519 private key"
    static let publicHeader = "tessera ed25519 public key"

    /// A new random key.
    package init() {
        let key = Curve25519.Signing.PrivateKey()
        bytes = Array(key.rawRepresentation)
        publicKey = Array(key.publicKey.rawRepresentation)
    }

    /// The key in a private key file's text.
    package init(fileText text: String) throws(ThemeError) {
        let bytes = try Self.read(text, header: Self.privateHeader)
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes) else {
            throw .signatureRefused("the private key file does not hold an Ed25519 key")
        }
        self.bytes = bytes
        publicKey = Array(key.publicKey.rawRepresentation)
    }

    /// The private key file's text. Keep it secret: whoever has it can sign themes the app trusts.
    package var fileText: String { Self.privateHeader + "\n" + Data(bytes).base64EncodedString() + "\n" }

    /// The public key file's text.
    package var publicKeyFileText: String { Self.publicHeader + "\n" + Data(publicKey).base64EncodedString() + "\n" }

    /// Signs theme files with this key (`Theme.write(to:signer:)`).
    package var signer: ThemeFile.Signer {
        let bytes = self.bytes
        return { message in
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: bytes)
            let signature = try key.signature(for: Data(message))
            return (Array(key.publicKey.rawRepresentation), Array(signature))
        }
    }

    /// The public key in a public key file's text.
    public static func publicKey(fileText text: String) throws(ThemeError) -> [UInt8] {
        try read(text, header: publicHeader)
    }

    private static func read(_ text: String, header: String) throws(ThemeError) -> [UInt8] {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count == 2, lines[0] == header, let bytes = Data(base64Encoded: lines[1]), bytes.count == 32 else {
            throw .signatureRefused("not a '\(header)' file: a line '\(header)', then 32 bytes in base64")
        }
        return Array(bytes)
    }
}

/// Accepts compiled theme files signed by one of the keys an app trusts.
public struct Ed25519Verifier: ThemeFile.Verifier {
    package let trustedKeys: [[UInt8]]

    public init(trusting keys: [[UInt8]]) { trustedKeys = keys }

    public func refusal(signature: [UInt8], publicKey: [UInt8], message: UnsafeRawBufferPointer) -> String? {
        guard trustedKeys.contains(publicKey) else { return "it is signed by a key this app does not trust" }
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey),
            key.isValidSignature(Data(signature), for: Data(message))
        else { return "the signature does not match the contents: the file was changed after it was signed" }
        return nil
    }
}
