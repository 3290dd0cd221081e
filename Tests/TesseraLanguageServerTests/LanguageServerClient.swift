import Foundation
import TesseraConformanceKit
import TesseraLanguageServer
import TesseraTestSupport

/// An editor's side of `tessera lsp`: the built binary started with pipes, JSON-RPC messages
/// framed as the protocol frames them, and what the server sends collected as it arrives.
final class EditorClient: @unchecked Sendable {
    let process = Process()
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let condition = NSCondition()
    private var received: [JSON] = []
    private var ended = false
    private var nextID = 1

    init(arguments: [String] = ["lsp"]) throws {
        process.executableURL = productsFolder.appendingPathComponent("tessera")
        process.arguments = arguments
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = fromServer.fileHandleForReading
        Thread { [self] in
            var framer = MessageFramer()
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty {
                    ended = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                framer.append(data)
                while let frame = framer.next() {
                    if case .message(let bytes) = frame, let message = JSON.parse(bytes) { received.append(message) }
                }
                condition.broadcast()
                condition.unlock()
            }
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    func sendRaw(_ bytes: [UInt8]) {
        try? toServer.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    func send(_ message: JSON) {
        sendRaw(Self.frame(message))
    }

    /// Messages written in one write: the server finds them all waiting when it reads.
    func sendTogether(_ messages: [JSON]) {
        sendRaw(messages.flatMap(Self.frame))
    }

    func closeInput() {
        try? toServer.fileHandleForWriting.close()
    }

    /// Sends a request and waits for its response (the whole response message).
    @discardableResult
    func request(_ method: String, _ params: JSON = .object([:]), id: JSON? = nil) -> JSON? {
        let requestID = id ?? .number(Double(nextID))
        nextID += 1
        send(Self.requestMessage(method, params, id: requestID))
        return next { $0["id"] == requestID && $0["method"] == nil }
    }

    func notify(_ method: String, _ params: JSON = .object([:])) {
        send(Self.notification(method, params))
    }

    /// The first message received that matches, taken out of those received; nil after 20 s.
    func next(timeout: TimeInterval = 20, where matches: (JSON) -> Bool) -> JSON? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = received.firstIndex(where: matches) { return received.remove(at: index) }
            if ended || !condition.wait(until: deadline) { return received.firstIndex(where: matches).map { received.remove(at: $0) } }
        }
    }

    /// The next `publishDiagnostics` for a document.
    func diagnostics(for uri: String) -> [JSON]? {
        next { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?.array
    }

    /// Messages received and not taken yet.
    var pending: [JSON] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    func initialize(root: String?, capabilities: JSON = .object([:])) -> JSON? {
        var params: [String: JSON] = ["processId": .null, "capabilities": capabilities]
        params["rootUri"] = root.map { .string(URL(fileURLWithPath: $0).absoluteString) } ?? .null
        let response = request("initialize", .object(params))
        notify("initialized")
        return response
    }

    func open(_ path: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(Self.uri(path)), "languageId": .string("json"), "version": .number(Double(version)), "text": .string(text),
        ])]))
    }

    func change(_ path: String, version: Int, _ changes: [JSON]) {
        send(Self.changeNotification(path, version: version, changes))
    }

    /// Waits for the process to end (at most 20 s); its exit code, nil if it did not end.
    func exitCode(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func shutdownAndExit() -> Int32? {
        _ = request("shutdown", .null)
        notify("exit", .null)
        return exitCode()
    }

    static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    static func frame(_ message: JSON) -> [UInt8] { Array(MessageFramer.frame(message.text)) }

    static func notification(_ method: String, _ params: JSON = .object([:])) -> JSON {
        .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }

    static func requestMessage(_ method: String, _ params: JSON, id: JSON) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": id, "method": .string(method), "params": params])
    }

    static func changeNotification(_ path: String, version: Int, _ changes: [JSON]) -> JSON {
        notification("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri(path)), "version": .number(Double(version))]),
            "contentChanges": .array(changes),
        ]))
    }

    static func position(_ line: Int, _ character: Int) -> JSON {
        .object(["line": .number(Double(line)), "character": .number(Double(character))])
    }

    static func range(_ start: (Int, Int), _ end: (Int, Int)) -> JSON {
        .object(["start": position(start.0, start.1), "end": position(end.0, end.1)])
    }
}

/// Positions in a text computed the way the protocol counts them, independently of the server:
/// lines split on "\n", characters counted in UTF-16 code units (or UTF-8 bytes).
struct TextPositions {
    let text: String

    /// The position of the start of the `occurrence`th `needle` (and of its end).
    func range(of needle: String, occurrence: Int = 1, utf8: Bool = false) -> ((Int, Int), (Int, Int)) {
        var searchFrom = text.startIndex
        var found = text.range(of: needle)!
        for _ in 0..<occurrence {
            found = text.range(of: needle, range: searchFrom..<text.endIndex)!
            searchFrom = found.upperBound
        }
        return (position(of: found.lowerBound, utf8: utf8), position(of: found.upperBound, utf8: utf8))
    }

    func position(of index: String.Index, utf8: Bool) -> (Int, Int) {
        let before = text[..<index]
        let line = before.filter { $0 == "\n" }.count
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let prefix = text[lineStart..<index]
        return (line, utf8 ? prefix.utf8.count : prefix.utf16.count)
    }

    func json(_ range: ((Int, Int), (Int, Int))) -> JSON { EditorClient.range(range.0, range.1) }
}
