#!/usr/bin/env python3
"""Latency of `tessera lsp`: a one-token edit in an open file, until its diagnostics arrive.

    python3 Benchmarks/Scripts/lsp_latency.py TESSERA WORKSPACE FILE [ROUNDS] [value|insert|key]

Starts `TESSERA lsp` with WORKSPACE as the root folder (its tessera.yml or *.resolver.json
says what the system is), opens FILE, waits for its first diagnostics, then ROUNDS times
changes one token's value with an incremental edit (a digit of the first number in FILE,
flipped back and forth) and times each edit from sending it to the publishDiagnostics for FILE.
Prints the first diagnostics' time, then each edit's and the median. With `insert`, each edit
inserts a digit before that one (`0.5` becomes `10.5`) or deletes it again: a value edit that
moves the rest of the file. With `key`, each edit
renames a token instead (a letter of the first token's key, changed and put back): a change of
structure, which the server checks whole.
"""
import json, os, re, statistics, subprocess, sys, time

def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))

def wait_for_diagnostics(server, uri):
    while True:
        message = read_message(server.stdout)
        if message is None:
            raise SystemExit("the server ended")
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            return message

def main():
    tessera, workspace, path = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    kind = sys.argv[5] if len(sys.argv) > 5 else "value"
    if kind not in ("value", "insert", "key"):
        sys.exit(f"unknown kind of edit {kind!r}: value, insert or key")
    text = open(path, encoding="utf-8").read()
    uri = "file://" + path
    server = subprocess.Popen([tessera, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    def send(message):
        server.stdin.write(frame(message))
        server.stdin.flush()
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"processId": None, "rootUri": "file://" + workspace, "capabilities": {}}})
    read_message(server.stdout)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    start = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    wait_for_diagnostics(server, uri)
    print("open: %.1f ms" % ((time.perf_counter() - start) * 1000))
    # One digit of a number in a value: the edit redefines one token.
    # A digit of a string value ("#0a1b2c", "{color.red.100}", "4px") or of a value written as
    # an object over several lines ({"colorSpace": …, "components": [0.5, …]}).
    match = re.search(r'"\$value":\s*(?:"[^"\n]*?|\{[^}]*?)(\d)', text)
    if kind == "key":
        # The last character of the first token's key (the key right before its `{"$value"`,
        # or its `{"$type": …, "$value"`).
        match = re.search(r'"[^"\n]*([^"\n])":\s*\{\s*(?:"\$type":\s*"[^"\n]*",\s*)?"\$value"', text)
    before = text[:match.start(1)]
    line = before.count("\n")
    character = len(before) - (before.rfind("\n") + 1)
    other = {"value": "7" if match.group(1) != "7" else "3", "insert": "1",
             "key": "q" if match.group(1) != "q" else "z"}[kind]
    digits = [match.group(1), other]
    times = []
    for round in range(rounds):
        new = digits[(round + 1) % 2]
        # The character replaced; when inserting, the empty range before it, then the digit put there.
        first, last = character, character + 1
        if kind == "insert":
            first, last = (character, character) if round % 2 == 0 else (character, character + 1)
            new = other if round % 2 == 0 else ""
        start = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": round + 2},
            "contentChanges": [{"range": {"start": {"line": line, "character": first},
                                          "end": {"line": line, "character": last}}, "text": new}]}})
        wait_for_diagnostics(server, uri)
        times.append((time.perf_counter() - start) * 1000)
        print("edit %d: %.1f ms" % (round + 1, times[-1]))
    print("median one-token %s edit → diagnostics: %.1f ms" % (kind, statistics.median(times)))
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    send({"jsonrpc": "2.0", "method": "exit", "params": None})
    server.wait(timeout=30)

if __name__ == "__main__":
    main()
