import Foundation

/// Messages framed as the Language Server Protocol's base protocol frames them: a header part
/// (`Content-Length: n`, other fields ignored) ended by an empty line, then n bytes of JSON.
package struct MessageFramer: Sendable {
    /// What one step of reading gives.
    package enum Frame: Equatable, Sendable {
        case message([UInt8])
        /// A header part that cannot be read: its bytes are skipped.
        case malformedHeader(String)
    }

    /// The largest content accepted: a larger message is skipped with a header error.
    package static let maximumContentLength = 64 << 20
    private static let maximumHeaderLength = 8 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    private var skipping = 0

    package init() {}

    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame in what has been appended, nil when more bytes are needed.
    package mutating func next() -> Frame? {
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            compact()
            if skipping > 0 { return nil }
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maximumHeaderLength {
                start = buffer.count
                compact()
                return .malformedHeader("a header part longer than \(Self.maximumHeaderLength) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        let contentStart = end + 4
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                start = contentStart
                compact()
                return .malformedHeader("a header field without ':' (\(line.prefix(40)))")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            if name == "content-length" {
                length = Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else {
            start = contentStart
            compact()
            return .malformedHeader("no valid Content-Length header")
        }
        guard length <= Self.maximumContentLength else {
            start = contentStart
            skipping = length
            compact()
            _ = next()
            return .malformedHeader("a message of \(length) bytes, more than \(Self.maximumContentLength)")
        }
        guard buffer.count - contentStart >= length else { return nil }
        let content = Array(buffer[contentStart..<contentStart + length])
        start = contentStart + length
        compact()
        return .message(content)
    }

    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A {
                return index
            }
            index += 1
        }
        return nil
    }

    private mutating func compact() {
        if start >= buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// `content` framed for writing.
    package static func frame(_ content: String) -> Data {
        frame(Array(content.utf8))
    }

    /// The header, then `body` (UTF-8 JSON text).
    package static func frame(_ body: [UInt8]) -> Data {
        var framed = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(contentsOf: body)
        return framed
    }
}

/// Reads frames from a file handle until end of file (waiting for the next, or taking those
/// already there) and writes framed messages to another.
package final class Transport {
    private let input: FileHandle
    private let output: FileHandle
    private var framer = MessageFramer()
    private var ended = false

    package init(input: FileHandle, output: FileHandle) {
        self.input = input
        self.output = output
    }

    /// The next frame, or nil at end of input (the client went away).
    package func read() -> MessageFramer.Frame? {
        while true {
            if let frame = framer.next() { return frame }
            if ended { return nil }
            let data = input.availableData
            if data.isEmpty {
                ended = true
                continue
            }
            framer.append(data)
        }
    }

    /// The frames that can be read without waiting: those whose bytes were read already and
    /// those whose bytes are waiting in the input. Empty when nothing is waiting (or at its end).
    package func available() -> [MessageFramer.Frame] {
        var frames: [MessageFramer.Frame] = []
        while true {
            while let frame = framer.next() { frames.append(frame) }
            guard !ended, inputIsReady() else { return frames }
            let data = input.availableData
            if data.isEmpty { ended = true } else { framer.append(data) }
        }
    }

    /// Whether reading the input would return at once: bytes are waiting, or its end is there.
    private func inputIsReady() -> Bool {
        var descriptor = pollfd(fd: input.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN | POLLHUP) != 0
    }

    package func write(_ message: JSON) {
        do {
            try output.write(contentsOf: MessageFramer.frame(message.utf8))
        } catch {
            // The client closed its end: nothing more can reach it; reading sees the end next.
        }
    }
}
