// The lsp target: the input is a stream of bytes an editor might send, cut into messages by the
// base protocol's framing and handled by a language server initialized without a workspace
// folder (the open files are the system), a few messages at a time as if they had been waiting
// together (changes among them checked once, a request cancelled while it waits answered so;
// how many at a time follows from the input's length). Whatever comes in, every message the server sends
// back is JSON-RPC 2.0 that reads back as it was written, a response holds a result or an error
// (not both), and no message gets more than one response.
import Foundation

func fuzzLanguageServer(_ bytes: [UInt8]) {
    final class Outbox { var messages: [JSON] = [] }
    let outbox = Outbox()
    let server = LanguageServer { outbox.messages.append($0) }
    server.receive(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},"rootUri":null}}"#.utf8))
    var framer = MessageFramer()
    framer.append(bytes)
    var frames = 0
    var waiting: [MessageFramer.Frame] = []
    let together = bytes.count % 4 + 1
    while let frame = framer.next(), server.exitCode == nil {
        waiting.append(frame)
        frames += 1
        precondition(frames <= bytes.count + 1, "more frames than bytes")
        if waiting.count == together {
            server.receive(waiting)
            waiting = []
        }
    }
    if server.exitCode == nil, !waiting.isEmpty { server.receive(waiting) }
    var responses = 0
    for message in outbox.messages {
        precondition(message["jsonrpc"] == .string("2.0"), "a message without jsonrpc 2.0: \(message.text.prefix(200))")
        precondition(JSON.parse(Array(message.text.utf8)) == message, "a message that does not read back: \(message.text.prefix(200))")
        if message["method"] == nil {
            responses += 1
            precondition((message["result"] == nil) != (message["error"] == nil), "a response with both or neither of result and error")
        }
    }
    // Each frame (and the initialize sent first) gets at most one response.
    precondition(responses <= frames + 1, "\(responses) responses to \(frames + 1) messages")
}
