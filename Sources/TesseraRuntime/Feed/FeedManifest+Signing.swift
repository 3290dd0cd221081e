internal import Crypto
import Foundation

// The manifest's signature and hashes (Crypto; the rest of the manifest reads without it).
extension FeedManifest {
    /// The manifest file's bytes, signed with `signer`; the same manifest and key make the same
    /// bytes.
    public func signedBytes(signer: ThemeFile.Signer) throws -> [UInt8] {
        let payload = try Self.encoder.encode(self)
        let (publicKey, signature) = try payload.withUnsafeBytes { try signer($0) }
        let envelope = Envelope(manifest: payload.base64EncodedString(), publicKey: Data(publicKey).base64EncodedString(),
            signature: Data(signature).base64EncodedString())
        return Array(try Self.encoder.encode(envelope)) + [0x0A]
    }

    /// Reads a manifest file's bytes, accepting it only when it is signed by one of
    /// `trustedKeys` and every value in it can be used (sizes, versions, paths inside the feed).
    public init(signedBytes bytes: Data, trustedKeys: [[UInt8]]) throws(Refusal) {
        let signed = try Self.envelope(bytes)
        guard trustedKeys.contains(signed.publicKey) else { throw .signature("it is signed by a key this app does not trust") }
        guard let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: signed.publicKey),
            publicKey.isValidSignature(signed.signature, for: signed.payload)
        else { throw .signature("the signature does not match the contents: the manifest was changed after it was signed") }
        try self.init(checkedPayload: signed.payload)
    }

    /// The SHA-256 of `bytes` in lowercase hexadecimal.
    public static func sha256(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        }.joined()
    }
}
