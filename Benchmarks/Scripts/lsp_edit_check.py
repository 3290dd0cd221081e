#!/usr/bin/env python3
"""Whether `tessera lsp` publishes, after each edit of a large workspace, what a fresh server
finds on the same texts: the differential check of the language server at a size the tests
cannot reach (a 50k-token gen_dtcg set turned into 16 permutations by make_modes.py).

    python3 Benchmarks/Scripts/lsp_edit_check.py TESSERA WORKSPACE FILE

WORKSPACE is a folder with one resolver (or a tessera.yml); FILE one of its token files. The
script opens FILE in a server, then edits it as an editor does (whole-text changes): the first
color written as a string made "x", the first reference made `{no.such.token}`, and the file
restored after each. After every edit the errors published for FILE are compared with those a
new server publishes when it opens the same text. Prints each step and exits 1 on the first
disagreement. Nothing on disk is changed.
"""
import json, os, queue, re, subprocess, sys, threading

from lsp_latency import frame, read_message


class Server:
    """`tessera lsp` over pipes; a thread reads what it sends, so that neither side blocks."""

    def __init__(self, tessera, root):
        self.process = subprocess.Popen([tessera, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1
        self.request("initialize", {"rootUri": "file://" + root, "capabilities": {}})
        self.notify("initialized", {})

    def _read(self):
        while True:
            message = read_message(self.process.stdout)
            if message is None:
                return
            self.messages.put(message)

    def _send(self, message):
        self.process.stdin.write(frame(dict(message, jsonrpc="2.0")))
        self.process.stdin.flush()

    def notify(self, method, params):
        self._send({"method": method, "params": params})

    def request(self, method, params):
        number = self.next_id
        self.next_id += 1
        self._send({"id": number, "method": method, "params": params})
        while True:
            message = self.messages.get(timeout=900)
            if message.get("id") == number:
                return message

    def diagnostics(self, uri):
        """The next diagnostics published for `uri`."""
        while True:
            message = self.messages.get(timeout=900)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=60)


def errors(diagnostics):
    return sorted((d.get("code"), d["range"]["start"]["line"], d["range"]["start"]["character"])
                  for d in diagnostics if d.get("severity") == 1)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    tessera, root, name = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
    path = os.path.join(root, name)
    uri = "file://" + path
    with open(path) as f:
        original = f.read()
    edits = []
    color = re.search(r'"\$value": "#[0-9a-fA-F]{3,8}"', original)
    if color:
        edits += [("a color made \"x\"", original[:color.start()] + '"$value": "x"' + original[color.end():]), ("restored", original)]
    reference = re.search(r'"\$value": "\{[^}"]*\}"', original)
    if reference:
        edits += [("a reference made unknown", original[:reference.start()] + '"$value": "{no.such.token}"' + original[reference.end():]),
                  ("restored", original)]
    if not edits:
        sys.exit(f"{name} has no color written as a string and no reference to edit")

    editing = Server(tessera, root)
    editing.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": original}})
    print(f"opened: {len(errors(editing.diagnostics(uri)))} errors", flush=True)
    failed = False
    for version, (label, text) in enumerate(edits, start=2):
        editing.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
        incremental = errors(editing.diagnostics(uri))
        fresh = Server(tessera, root)
        fresh.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}})
        full = errors(fresh.diagnostics(uri))
        fresh.close()
        agree = incremental == full
        print(f"{label}: after the edit {incremental[:3]}, a fresh server {full[:3]}{'' if agree else '  DISAGREE'}", flush=True)
        failed = failed or not agree
    editing.close()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
