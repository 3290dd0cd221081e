import Foundation

/// The server behind `FeedServer`'s `/cut/…` location: for a request of `/PATH` it answers 200
/// with the whole `Content-Length` of the file `PATH` under the root, sends the first half of its
/// bytes and closes the connection: a body cut short mid-stream, as a server that dies or a
/// connection that drops mid-body leaves it. The app's side talks to nginx, which sends the
/// headers and the bytes it got on and then closes the client's connection ("upstream
/// prematurely closed connection", `ngx_http_upstream.c`); only this upstream is a stand-in.
///
/// One connection at a time, on a thread of its own, until `stopListening()`.
package final class TruncatingUpstream: Sendable {
    package let port: Int
    private let descriptor: Int32

    package init(root: URL) throws {
        let descriptor = socket(AF_INET, streamSocket, 0)
        let bound = FeedServer.bindToLoopback(descriptor)
        guard let bound, listen(descriptor, 8) == 0 else {
            if descriptor >= 0 { _ = close(descriptor) }
            throw FeedServer.Unavailable(reason: "the truncating upstream cannot listen on 127.0.0.1")
        }
        self.descriptor = descriptor
        port = bound
        let thread = Thread {
            while true {
                let connection = accept(descriptor, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                #if !os(Linux)
                var on: Int32 = 1
                _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
                #endif
                Self.answer(connection, root: root)
                _ = close(connection)
            }
        }
        thread.start()
    }

    /// Stops listening; the thread ends.
    package func stopListening() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        _ = close(descriptor)
    }

    private static func answer(_ connection: Int32, root: URL) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 65_536, !request.ends(with: [13, 10, 13, 10]) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
        let path = line.count >= 2 ? String(line[1].prefix { $0 != "?" }) : ""
        guard path.hasPrefix("/"), !path.contains(".."),
            let body = FileManager.default.contents(atPath: root.appendingPathComponent(String(path.dropFirst())).path)
        else {
            write(all: Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8), to: connection)
            return
        }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        write(all: Array(head.utf8) + body.prefix(body.count / 2), to: connection)
    }

    /// Writes all of `bytes`, or stops at the first error (no SIGPIPE when the peer is gone).
    private static func write(all bytes: [UInt8], to connection: Int32) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
            guard count > 0 else { return }
            sent += count
        }
    }
}

extension [UInt8] {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}

#if os(Linux)
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let noSignal: Int32 = 0  // SO_NOSIGPIPE is set on each connection instead
#endif
