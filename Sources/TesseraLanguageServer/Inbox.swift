import Foundation

/// One message from the client, read from its frame as the server handles it.
enum IncomingMessage {
    /// Answered once, with a result or an error.
    case request(method: String, params: JSON, id: RequestID)
    case notification(method: String, params: JSON)
    /// A request whose `$/cancelRequest` came while it waited: answered `RequestCancelled`
    /// without being computed.
    case cancelled(RequestID)
    /// A message that cannot be handled: answered with this error (`id` null when not known).
    case unreadable(id: RequestID?, ResponseError)
    /// A response to a request of the server's (none is sent that needs an answer).
    case response

    init(_ frame: MessageFramer.Frame) {
        switch frame {
        case .malformedHeader(let reason):
            self = .unreadable(id: nil, ResponseError(code: ErrorCodes.parseError, message: "cannot read the message header: \(reason)"))
        case .message(let bytes):
            self.init(bytes)
        }
    }

    /// The message whose content is `content`.
    init(_ content: [UInt8]) {
        guard let message = JSON.parse(content) else {
            self = .unreadable(id: nil, ResponseError(code: ErrorCodes.parseError, message: "the message is not JSON"))
            return
        }
        if case .array = message {
            self = .unreadable(id: nil, ResponseError(code: ErrorCodes.invalidRequest, message: "batches are not part of the protocol"))
            return
        }
        guard case .object = message, let method = message["method"]?.string else {
            if message["id"] != nil, message["result"] != nil || message["error"] != nil {
                self = .response
            } else {
                self = .unreadable(id: RequestID(message["id"]), ResponseError(code: ErrorCodes.invalidRequest, message: "a message without a method"))
            }
            return
        }
        let params = message["params"] ?? .null
        guard let rawID = message["id"] else {
            self = .notification(method: method, params: params)
            return
        }
        guard let id = RequestID(rawID) else {
            self = .unreadable(id: nil, ResponseError(code: ErrorCodes.invalidRequest, message: "a request id must be an integer or a string"))
            return
        }
        self = .request(method: method, params: params, id: id)
    }
}

/// The messages read and not handled yet, oldest first. A `$/cancelRequest` cancels the request
/// it names while that request waits here; for a request answered already, or an id not known,
/// it does nothing.
struct Inbox {
    private var waiting: [IncomingMessage] = []
    private var start = 0

    var first: IncomingMessage? { start < waiting.count ? waiting[start] : nil }

    mutating func append(_ message: IncomingMessage) {
        guard case .notification("$/cancelRequest", let params) = message else {
            waiting.append(message)
            return
        }
        guard let id = RequestID(params["id"]),
            let index = waiting[start...].firstIndex(where: { if case .request(_, _, id) = $0 { true } else { false } })
        else { return }
        waiting[index] = .cancelled(id)
    }

    /// Takes the oldest message out.
    mutating func removeFirst() -> IncomingMessage? {
        guard let message = first else { return nil }
        start += 1
        if start == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            start = 0
        }
        return message
    }
}
