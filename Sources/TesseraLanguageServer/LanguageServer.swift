import Foundation
import Tessera
import TesseraImporters

/// `tessera lsp`: the Language Server Protocol over a pair of streams. Messages are handled in
/// order, one at a time. The changes that come one after another without a request between
/// them are applied in turn and checked once: when nothing more is waiting, or before the next
/// request is answered. A check publishes the diagnostics of each changed file and of each
/// file whose diagnostics it changes.
package final class LanguageServer {
    package enum State: Equatable { case uninitialized, running, shuttingDown }
    /// Reads a `tessera.yml` into the system it configures (as `tessera validate --config`
    /// does: `ConfiguredSystem.read(at:)`), nil when it has an error, and what reading it found.
    package typealias ConfigurationReader = (String) -> (system: ConfiguredSystem?, diagnostics: [Tessera.Diagnostic])

    /// What a Swift file's quick fixes are asked with: the workspace's system as the editor
    /// holds it (`generation` changes whenever it does), the file's text as edited, and the
    /// range the editor asks about, in bytes.
    package struct SwiftFixRequest {
        package let root: String?
        package let system: TokenSystem
        package let generation: Int
        package let path: String
        package let text: String
        package let range: Range<Int>
    }

    /// One quick fix in a Swift file: its title and its edits, byte ranges of the text asked about.
    package struct SwiftFix {
        package let title: String
        package let edits: [(range: Range<Int>, replacement: String)]

        package init(title: String, edits: [(range: Range<Int>, replacement: String)]) {
            self.title = title
            self.edits = edits
        }
    }

    /// Finds the quick fixes of a Swift file (`tessera adopt`'s replacements, given by the
    /// command line so that the server itself reads no Swift).
    package typealias SwiftFixer = (SwiftFixRequest) -> [SwiftFix]

    private let swiftFixer: SwiftFixer?
    /// Open Swift files: never token files, but where quick fixes replace hand-written values.
    private var swiftDocuments: [String: OpenDocument] = [:]
    /// Counts the analyses made, so that a fixer can keep what it derives from one.
    private var generation = 0

    private let configurationReader: ConfigurationReader?

    private let send: (JSON) -> Void
    package private(set) var state = State.uninitialized
    /// Whether positions count UTF-8 bytes (negotiated) rather than UTF-16 code units.
    private(set) var utf8 = false
    private var root: String?
    var workspaceRoot: String? { root }
    private var workspace = WorkspaceSystem()
    private(set) var documents: [String: OpenDocument] = [:] {
        didSet { tablesChecked = [] }
    }
    private var analysis: Analysis? {
        didSet {
            tablesChecked = []
            generation += 1
        }
    }
    private var published: [String: [LSPDiagnostic]] = [:]
    /// What each path's published diagnostics were made from, when it was read in files of the
    /// analysis alone: a path whose diagnostics are the same, read in the same files, publishes
    /// the same, and is not converted again.
    private var publishedFrom: [String: (diagnostics: [Tessera.Diagnostic], files: [SourceFile])] = [:]
    /// The messages read and not handled yet.
    private var inbox = Inbox()
    /// What the changes handled since the last check call for.
    private var pending = PendingCheck()
    /// How many edits were checked in part, by redefining what they changed (the others were
    /// checked whole).
    package private(set) var editsCheckedInPart = 0
    /// Set by `exit`: the process's exit code.
    package private(set) var exitCode: Int32?

    package init(configuration: ConfigurationReader? = nil, swiftFixer: SwiftFixer? = nil, send: @escaping (JSON) -> Void) {
        self.configurationReader = configuration
        self.swiftFixer = swiftFixer
        self.send = send
    }

    /// Serves `input` and `output` until `exit` or the end of input; returns the exit code
    /// (0 after `shutdown`, else 1).
    package static func run(input: FileHandle, output: FileHandle, configuration: ConfigurationReader? = nil,
        swiftFixer: SwiftFixer? = nil) -> Int32
    {
        signal(SIGPIPE, SIG_IGN)
        let transport = Transport(input: input, output: output)
        let server = LanguageServer(configuration: configuration, swiftFixer: swiftFixer, send: transport.write)
        while true {
            // Everything the client has sent so far waits in the inbox: edits among it are
            // checked together, and a request cancelled while it waits is not computed.
            server.take(transport.available())
            if server.handleNext() {
                if let code = server.exitCode { return code }
                continue
            }
            server.checkPending()
            guard let frame = transport.read() else { break }
            server.take([frame])
        }
        return server.state == .shuttingDown ? 0 : 1
    }

    /// Handles one message, and checks the change it makes.
    package func receive(_ frame: MessageFramer.Frame) {
        receive([frame])
    }

    /// Handles one message's content, and checks the change it makes.
    package func receive(_ content: [UInt8]) {
        receive([.message(content)])
    }

    /// Handles messages read together as `run` handles them: in order, until `exit`; the
    /// changes among them are checked once before each request after them and at the end, and
    /// a request followed by its `$/cancelRequest` is answered `RequestCancelled`.
    package func receive(_ frames: [MessageFramer.Frame]) {
        take(frames)
        while exitCode == nil, handleNext() {}
        if exitCode == nil { checkPending() }
    }

    /// Puts messages read in the inbox, to be handled in order.
    func take(_ frames: [MessageFramer.Frame]) {
        for frame in frames { inbox.append(IncomingMessage(frame)) }
    }

    /// Handles the oldest message waiting; false when none is. A request to compute waits in
    /// the inbox while the changes before it are checked (and may be cancelled meanwhile).
    func handleNext() -> Bool {
        guard let message = inbox.first else { return false }
        if case .request = message, pending.isPending {
            checkPending()
            return true
        }
        _ = inbox.removeFirst()
        switch message {
        case .request(let method, let params, let id):
            request(method, params, id: id)
        case .notification(let method, let params):
            notification(method, params)
        case .cancelled(let id):
            send(Message.error(id: id, ResponseError(code: ErrorCodes.requestCancelled, message: "the request was cancelled")))
        case .unreadable(let id, let error):
            send(Message.error(id: id, error))
        case .response:
            break
        }
        return true
    }

    // MARK: - Requests

    private func request(_ method: String, _ params: JSON, id: RequestID) {
        do {
            let result = try respond(method, params)
            send(Message.response(id: id, result: result))
        } catch {
            send(Message.error(id: id, error))
        }
    }

    private func respond(_ method: String, _ params: JSON) throws(ResponseError) -> JSON {
        switch (state, method) {
        case (.uninitialized, "initialize"): return initialize(params)
        case (.uninitialized, _):
            throw ResponseError(code: ErrorCodes.serverNotInitialized, message: "'\(method)' before 'initialize'")
        case (_, "initialize"): throw ResponseError(code: ErrorCodes.invalidRequest, message: "'initialize' was already sent")
        case (.shuttingDown, _):
            throw ResponseError(code: ErrorCodes.invalidRequest, message: "'\(method)' after 'shutdown'")
        case (.running, "shutdown"):
            state = .shuttingDown
            return .null
        default: break
        }
        switch method {
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "workspace/symbol": return workspaceSymbols(params)
        case "textDocument/documentColor": return try documentColors(params)
        case "textDocument/colorPresentation": return try colorPresentations(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/rename": return try rename(params)
        default:
            throw ResponseError(code: ErrorCodes.methodNotFound, message: "'\(method)' is not a method this server knows")
        }
    }

    private func initialize(_ params: JSON) -> JSON {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        let encoding = offered.first { $0 == PositionEncodingKind.utf8 || $0 == PositionEncodingKind.utf16 } ?? PositionEncodingKind.utf16
        utf8 = encoding == PositionEncodingKind.utf8
        if let folder = params["workspaceFolders"]?.array?.first?["uri"]?.string {
            root = FileURI.path(folder)
        } else if let uri = params["rootUri"]?.string {
            root = FileURI.path(uri)
        } else if let path = params["rootPath"]?.string {
            root = path
        }
        if let folder = root { root = (folder as NSString).standardizingPath }
        workspace = Analysis.system(root: root, configuration: configurationReader)
        state = .running
        return .object([
            "capabilities": .object([
                "positionEncoding": .string(encoding),
                "textDocumentSync": .object([
                    "openClose": .bool(true), "change": .number(Double(TextDocumentSyncKind.incremental)),
                    "save": .object(["includeText": .bool(false)]),
                ]),
                "hoverProvider": .bool(true),
                "definitionProvider": .bool(true),
                "referencesProvider": .bool(true),
                "documentSymbolProvider": .bool(true),
                "workspaceSymbolProvider": .bool(true),
                "codeActionProvider": .object(["codeActionKinds": .array([.string(CodeActionKind.quickFix)])]),
                "colorProvider": .bool(true),
                "completionProvider": .object(["triggerCharacters": .array(["{", ".", "\"", "$"].map(JSON.string))]),
                "renameProvider": .bool(true),
            ]),
            "serverInfo": .object(["name": .string("tessera")]),
        ])
    }

    // MARK: - Notifications

    private func notification(_ method: String, _ params: JSON) {
        if method == "exit" {
            exitCode = state == .shuttingDown ? 0 : 1
            return
        }
        guard state == .running else { return }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            let path = FileURI.path(uri)
            var document = OpenDocument(uri: uri, path: path, version: item["version"]?.int ?? 0, bytes: Array(text.utf8))
            if Self.isSwift(path) {
                swiftDocuments[path] = document
                return
            }
            document.keepTextIfItParses()
            documents[path] = document
            pending.opened(path)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            if var swift = swiftDocuments[FileURI.path(uri)] {
                for change in params["contentChanges"]?.array ?? [] { try? swift.apply(change, utf8: utf8) }
                swift.version = params["textDocument"]?["version"]?.int ?? swift.version + 1
                swiftDocuments[swift.path] = swift
                return
            }
            guard var document = documents[FileURI.path(uri)] else { return }
            let before = document
            do {
                for change in params["contentChanges"]?.array ?? [] { try document.apply(change, utf8: utf8) }
            } catch {
                // An edit that does not fit the text: the document is out of step; keep the last text.
                send(Message.notification("window/logMessage", .object([
                    "type": .number(1), "message": .string("\(document.path): \(error.message); the edit was not applied"),
                ])))
                document = before
                return
            }
            document.version = params["textDocument"]?["version"]?.int ?? document.version + 1
            documents[document.path] = document
            pending.edited(document.path)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            if swiftDocuments.removeValue(forKey: FileURI.path(uri)) != nil { return }
            documents[FileURI.path(uri)] = nil
            pending.needWholeCheck()
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            workspace = Analysis.system(root: root, configuration: configurationReader)
            pending.needWholeCheck()
        default:
            // `initialized`, `$/setTrace` and notifications not known: nothing to do (the inbox
            // takes `$/cancelRequest`).
            break
        }
    }

    // MARK: - Diagnostics

    /// Runs the check the changes handled since the last one call for, if any.
    func checkPending() {
        guard pending.isPending else { return }
        let check = pending
        pending = PendingCheck()
        refresh(changed: check.changed, edited: check.onlyEditsOfOneDocument)
    }

    /// Checks the system again and publishes every file's diagnostics that changed (always
    /// those of each document in `changed`). After edits of the one document in `changed`
    /// (`edited`), only what they change is checked again when they change values only
    /// (`Analysis.edit(_:)`).
    func refresh(changed: Set<String>, edited: Bool = false) {
        // Held by nothing else while an edit changes it in place.
        var previous = self.analysis.take()
        let analysis: Analysis
        if edited, changed.count == 1, let path = changed.first, let document = documents[path],
            let check = previous?.edit(document), let current = previous.take()
        {
            documents[path]?.keepTextParsed()
            analysis = current
            if check == .inPart { editsCheckedInPart += 1 }
        } else {
            // The analysis before is freed once the system is checked whole again: freeing it
            // would take a core the check resolves on.
            analysis = Parallel.holdingReleases {
                dispose(previous.take())
                checkTexts()
                return Analysis(workspace, documents: documents, root: root)
            }
        }
        self.analysis = analysis
        var paths = Set(published.keys).union(documents.keys)
        for (path, found) in analysis.diagnostics where !path.isEmpty && !found.isEmpty { paths.insert(path) }
        for path in paths.sorted() {
            let found = analysis.diagnostics[path] ?? []
            let files = Self.files(placing: found, analysis)
            if !changed.contains(path), let files, let before = publishedFrom[path], before.diagnostics == found,
                before.files.elementsEqual(files, by: ===)
            {
                continue
            }
            let diagnostics = found.map { lspDiagnostic($0, analysis) }
            publishedFrom[path] = files.map { (found, $0) }
            guard changed.contains(path) || published[path] != diagnostics else { continue }
            published[path] = diagnostics.isEmpty && documents[path] == nil ? nil : diagnostics
            var params: [String: JSON] = ["uri": .string(uri(path)), "diagnostics": .array(diagnostics.map(\.json))]
            if let version = documents[path]?.version { params["version"] = .number(Double(version)) }
            send(Message.notification("textDocument/publishDiagnostics", .object(params)))
        }
    }

    /// The files of the analysis that the places of `diagnostics` and of their notes are read
    /// in, in the order first named; nil when one is not among them (an open document's own
    /// table places it).
    static func files(placing diagnostics: [Tessera.Diagnostic], _ analysis: Analysis) -> [SourceFile]? {
        var paths: [String] = []
        func add(_ location: SourceLocation?) {
            guard let path = location?.file, paths.last != path, !paths.contains(path) else { return }
            paths.append(path)
        }
        for diagnostic in diagnostics {
            add(diagnostic.location)
            for note in diagnostic.notes { add(note.location) }
        }
        var files: [SourceFile] = []
        for path in paths {
            guard let file = analysis.files[path] else { return nil }
            files.append(file)
        }
        return files
    }

    /// Lets go of an analysis on another thread (`Parallel.release(_:)`).
    private func dispose(_ analysis: Analysis?) {
        guard let analysis else { return }
        Parallel.release(analysis)
    }

    /// Brings each open document's last good text up to date with its text (a text already
    /// checked is not parsed again).
    private func checkTexts() {
        for path in documents.keys { documents[path]?.keepTextIfItParses() }
    }

    func uri(_ path: String) -> String { documents[path]?.uri ?? swiftDocuments[path]?.uri ?? FileURI.uri(path) }

    /// Whether a path is a Swift source, which the server never reads as tokens.
    static func isSwift(_ path: String) -> Bool { path.hasSuffix(".swift") }

    /// The quick fixes of an open Swift file in `wanted`: the fixer's, as code actions.
    func swiftCodeActions(_ path: String, _ wanted: LSPRange) -> JSON {
        guard let document = swiftDocuments[path], let swiftFixer else { return .array([]) }
        let table = document.table
        guard let start = table.offset(of: wanted.start, utf8: utf8), let end = table.offset(of: wanted.end, utf8: utf8) else { return .array([]) }
        let analysis = currentAnalysis()
        let fixes = swiftFixer(SwiftFixRequest(root: root, system: analysis.system, generation: generation, path: path,
            text: String(decoding: document.bytes, as: UTF8.self), range: min(start, end)..<max(start, end)))
        return .array(fixes.map { fix in
            let edits = fix.edits.map { TextEdit(range: table.range($0.range, utf8: utf8), newText: $0.replacement) }
            return CodeAction(title: fix.title, diagnostics: [], edit: WorkspaceEdit(changes: [document.uri: edits]),
                isPreferred: fixes.count == 1).json
        })
    }

    /// The check that changes call for: one for any number of them, run before the next request
    /// is answered or when nothing more is waiting.
    struct PendingCheck {
        private(set) var isPending = false
        /// The documents opened or edited: each gets its diagnostics published.
        private(set) var changed: Set<String> = []
        /// Whether every change was an edit (`didChange`) of one and the same document.
        private(set) var onlyEditsOfOneDocument = true

        mutating func edited(_ path: String) {
            isPending = true
            changed.insert(path)
            if changed.count > 1 { onlyEditsOfOneDocument = false }
        }

        mutating func opened(_ path: String) {
            isPending = true
            changed.insert(path)
            onlyEditsOfOneDocument = false
        }

        /// A document closed or saved, or files changed on disk: the system is checked whole.
        mutating func needWholeCheck() {
            isPending = true
            onlyEditsOfOneDocument = false
        }
    }

    /// The files made for open documents the analysis does not hold, by path.
    private var tables: [String: SourceFile] = [:]
    /// The paths whose file in `tables` was checked against its document's text since the
    /// documents or the analysis last changed: once per change, not once per position.
    private var tablesChecked: Set<String> = []

    /// The file whose line table turns a path's byte offsets into positions and back: the
    /// analysis's own (its line table made once, for diagnostics and positions alike), else
    /// the open document's.
    func table(_ path: String, _ analysis: Analysis) -> SourceFile? {
        if let file = analysis.files[path] { return file }
        guard let document = documents[path] else { return nil }
        if tablesChecked.contains(path), let table = tables[path] { return table }
        tablesChecked.insert(path)
        if let table = tables[path], table.bytes == document.bytes { return table }
        let table = SourceFile(path: path, bytes: document.bytes)
        tables[path] = table
        return table
    }

    func range(_ bytes: Range<Int>, in path: String, _ analysis: Analysis) -> LSPRange {
        table(path, analysis)?.range(bytes, utf8: utf8) ?? LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
    }

    /// The bytes a location points at: the JSON value or key starting there.
    func byteRange(of location: SourceLocation, _ analysis: Analysis) -> Range<Int>? {
        guard location.line >= 1, let file = analysis.files[location.file] else { return nil }
        let offset = file.offset(line: location.line, column: location.column)
        let value = file.jsonValueRange(at: offset)
        return value.isEmpty ? offset..<offset : value
    }

    func location(_ location: SourceLocation, _ analysis: Analysis) -> Location {
        let bytes = byteRange(of: location, analysis) ?? 0..<0
        return Location(uri: uri(location.file), range: range(bytes, in: location.file, analysis))
    }

    func lspDiagnostic(_ diagnostic: Tessera.Diagnostic, _ analysis: Analysis) -> LSPDiagnostic {
        let place = diagnostic.location.map { location($0, analysis) }
            ?? Location(uri: "", range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))
        let related = diagnostic.notes.map { note in
            DiagnosticRelatedInformation(location: note.location.map { location($0, analysis) } ?? place, message: note.message)
        }
        let severity = switch diagnostic.severity {
        case .error: DiagnosticSeverity.error
        case .warning: DiagnosticSeverity.warning
        case .note: DiagnosticSeverity.information
        }
        return LSPDiagnostic(range: place.range, severity: severity, code: diagnostic.id.rawValue, message: diagnostic.message,
            relatedInformation: related)
    }

    // MARK: - Reading requests

    struct DocumentPosition {
        let path: String
        let offset: Int
        let analysis: Analysis
    }

    func currentAnalysis() -> Analysis {
        if let analysis { return analysis }
        checkTexts()
        let made = Analysis(workspace, documents: documents, root: root)
        analysis = made
        return made
    }

    func documentPath(_ params: JSON) throws(ResponseError) -> String {
        guard let uri = params["textDocument"]?["uri"]?.string else { throw .invalidParams("no textDocument.uri") }
        return FileURI.path(uri)
    }

    func documentPosition(_ params: JSON) throws(ResponseError) -> DocumentPosition? {
        let path = try documentPath(params)
        guard let position = Position(params["position"]) else { throw .invalidParams("no valid position") }
        let analysis = currentAnalysis()
        guard let table = table(path, analysis) else { return nil }
        guard let offset = table.offset(of: position, utf8: utf8) else { return nil }
        return DocumentPosition(path: path, offset: offset, analysis: analysis)
    }
}

