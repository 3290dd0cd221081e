import Foundation
import TesseraConformanceKit

/// A real HTTP server on loopback for the theme feed's tests: nginx, started by the test
/// process with a prefix and a configuration of its own (no system configuration is read or
/// touched), serving `root`.
///
/// Paths it serves besides `root` itself (each over the same files):
/// - `/fail500/…` answers 500;
/// - `/slow/…` sends the headers and the first bytes at once, then 20 bytes a second
///   (`limit_rate_after`, `limit_rate`), for timeouts and a server stopped mid-download. (A
///   connection lost before the response's headers stops the process in FoundationNetworking
///   on Linux, swift-corelibs-foundation issue 5285, so the headers are not held back.)
/// - `/drip/…` the same at 200 bytes a second: a download that takes a few seconds and ends;
/// - `/cut/…` passes the request to a `TruncatingUpstream`, which announces the file's whole
///   `Content-Length`, sends half of it and closes; nginx passes the headers and those bytes on,
///   then closes the client's connection (as it does when any upstream dies mid-body).
///
/// nginx's ETag is its file's modification time and size: `serve(_:at:)` moves the time on at
/// each write, so that two versions of a file never share an ETag.
package final class FeedServer: @unchecked Sendable {
    /// nginx, or nil with the reason the tests that need it are skipped.
    package static let nginx: (path: String?, reason: String) = {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/sbin", "/usr/local/sbin", "/opt/homebrew/bin"]
        for folder in candidates {
            let path = (folder as NSString).appendingPathComponent("nginx")
            if FileManager.default.isExecutableFile(atPath: path) { return (path, "") }
        }
        return (nil, "nginx is not installed (Debian: apt-get install -y nginx; Scripts/feed-server.sh installs it)")
    }()

    package let root: URL
    package let port: Int
    private let prefix: URL
    /// Guards `process` and `clock`: tests start, stop and serve from several tasks.
    private let lock = NSLock()
    private var process: Process?
    private var clock = Date().addingTimeInterval(-100_000)
    private let upstream: TruncatingUpstream

    /// Starts nginx over a new, empty root.
    package init() throws {
        guard let nginx = Self.nginx.path else { throw Unavailable(reason: Self.nginx.reason) }
        let scratch = Scratch.root.appendingPathComponent("feed-server-\(UUID().uuidString)")
        root = scratch.appendingPathComponent("root")
        prefix = scratch.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("logs"), withIntermediateDirectories: true)
        port = try Self.freePort()
        upstream = try TruncatingUpstream(root: root)
        let configuration = Self.configuration(root: root.path, prefix: prefix.path, port: port, upstream: upstream.port)
        try Data(configuration.utf8).write(to: prefix.appendingPathComponent("nginx.conf"))
        self.nginx = nginx
        try start()
    }

    private let nginx: String

    package struct Unavailable: Error, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// The configuration Scripts/feed-server.sh writes too (besides `/drip/` and `/cut/`).
    package static func configuration(root: String, prefix: String, port: Int, upstream: Int) -> String {
        """
        daemon off;
        master_process on;
        worker_processes 1;
        \(geteuid() == 0 ? "user root;" : "")
        error_log \(prefix)/logs/error.log warn;
        pid \(prefix)/nginx.pid;
        events { worker_connections 64; }
        http {
            access_log off;
            client_body_temp_path \(prefix)/client_body;
            proxy_temp_path \(prefix)/proxy;
            fastcgi_temp_path \(prefix)/fastcgi;
            uwsgi_temp_path \(prefix)/uwsgi;
            scgi_temp_path \(prefix)/scgi;
            types { application/json json; application/octet-stream theme; }
            default_type application/octet-stream;
            sendfile off;
            server {
                listen 127.0.0.1:\(port);
                root \(root);
                etag on;
                location /fail500/ { return 500; }
                location /slow/ { alias \(root)/; limit_rate_after 400; limit_rate 20; }
                location /drip/ { alias \(root)/; limit_rate_after 400; limit_rate 200; }
                location /cut/ { proxy_pass http://127.0.0.1:\(upstream)/; }
            }
        }

        """
    }

    /// The URL of `path` under the server (`"feed/manifest.json"`, `"slow/feed/manifest.json"`).
    package func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(path)")! }

    /// Writes `bytes` at `path` under the root, each write a new modification time (a new ETag).
    package func serve(_ bytes: some DataProtocol, at path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        let time = lock.withLock {
            clock = clock.addingTimeInterval(10)
            return clock
        }
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: url.path)
    }

    /// Starts nginx and waits until it answers.
    package func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", prefix.path, "-c", prefix.appendingPathComponent("nginx.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        lock.withLock { self.process = process }
        for _ in 0..<200 {
            if Self.accepts(port) { return }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        let log = (try? String(contentsOf: prefix.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
        stop()
        throw Unavailable(reason: "nginx did not start on 127.0.0.1:\(port): \(log)")
    }

    /// Stops nginx at once (connections in progress are cut).
    package func stop() {
        guard let process = lock.withLock({ self.process }), process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        // The worker goes with the master; wait until the port is closed.
        for _ in 0..<100 where Self.accepts(port) { usleep(20_000) }
        lock.withLock { self.process = nil }
    }

    deinit {
        stop()
        upstream.stopListening()
    }

    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        defer { close(descriptor) }
        guard let port = bindToLoopback(descriptor) else { throw Unavailable(reason: "no free port on 127.0.0.1") }
        return port
    }

    /// Binds a socket to a port the system picks on 127.0.0.1: the port, or nil when it cannot.
    static func bindToLoopback(_ descriptor: Int32) -> Int? {
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    private static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, streamSocket, 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

#if os(Linux)
let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
let streamSocket = SOCK_STREAM
#endif
