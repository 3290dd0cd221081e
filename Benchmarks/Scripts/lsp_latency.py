#!/usr/bin/env python3
"""Latency of `tessera lsp`: a one-token edit in an open file, until its diagnostics arrive.

    python3 Benchmarks/Scripts/lsp_latency.py TESSERA WORKSPACE FILE [ROUNDS] [value|insert|key|file|hover]

Starts `TESSERA lsp` with WORKSPACE as the root folder (its tessera.yml or *.resolver.json
says what the system is), opens FILE, waits for its first diagnostics, then ROUNDS times
changes one token's value with an incremental edit (a digit of the first number in FILE,
flipped back and forth) and times each edit from sending it to the publishDiagnostics for FILE.
Prints the first diagnostics' time, then each edit's and the median. With `insert`, each edit
inserts a digit before that one (`0.5` becomes `10.5`) or deletes it again: a value edit that
moves the rest of the file. With `key`, each edit
renames a token instead (a letter of the first token's key, changed and put back): a change of
structure, which the server checks whole. With `file`, each edit adds a token file to the
workspace (written beside FILE, and listed in the first set of WORKSPACE/tokens.resolver.json),
or takes it away again, on disk, tells the server with `workspace/didChangeWatchedFiles`, and
times until the answer to a hover request sent right after it, which waits for the check. The
resolver is put back as it was at the end. With `hover`, the first request after opening (a hover
on the first token's key) is timed, then ROUNDS times a value edit is made and, once its
diagnostics arrive, the first hover after it: each edit starts the answers over.
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
    if kind not in ("value", "insert", "key", "file", "hover"):
        sys.exit(f"unknown kind of edit {kind!r}: value, insert, key, file or hover")
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
    if kind == "file":
        times = files_added(server, send, workspace, path, rounds)
        print("median file added or taken away → checked: %.1f ms" % statistics.median(times))
        finish(server, send)
        return
    # One digit of a number in a value: the edit redefines one token.
    # A digit of a string value ("#0a1b2c", "{color.red.100}", "4px") or of a value written as
    # an object over several lines ({"colorSpace": …, "components": [0.5, …]}).
    match = re.search(r'"\$value":\s*(?:"[^"\n]*?|\{[^}]*?)(\d)', text)
    if kind == "key":
        # The last character of the first token's key (the key right before its `{"$value"`,
        # or its `{"$type": …, "$value"`).
        match = re.search(r'"[^"\n]*([^"\n])":\s*\{\s*(?:"\$type":\s*"[^"\n]*",\s*)?"\$value"', text)
    hovers = []
    if kind == "hover":
        key = re.search(r'"([^"\n$][^"\n]*)":\s*\{\s*(?:"\$type":\s*"[^"\n]*",\s*)?"\$value"', text)
        key_before = text[:key.start(1)]
        hover_position = {"line": key_before.count("\n"), "character": len(key_before) - (key_before.rfind("\n") + 1)}
        def hover(request):
            start = time.perf_counter()
            send({"jsonrpc": "2.0", "id": request, "method": "textDocument/hover", "params": {
                "textDocument": {"uri": uri}, "position": hover_position}})
            while True:
                message = read_message(server.stdout)
                if message is None:
                    raise SystemExit("the server ended")
                if message.get("id") == request:
                    return (time.perf_counter() - start) * 1000
        print("first hover: %.1f ms" % hover(100))
    before = text[:match.start(1)]
    line = before.count("\n")
    character = len(before) - (before.rfind("\n") + 1)
    other = {"value": "7" if match.group(1) != "7" else "3", "hover": "7" if match.group(1) != "7" else "3", "insert": "1",
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
        if kind == "hover":
            hovers.append(hover(101 + round))
            print("  hover after it: %.1f ms" % hovers[-1])
    if kind == "hover":
        print("median first hover after an edit: %.1f ms" % statistics.median(hovers))
    print("median one-token %s edit → diagnostics: %.1f ms" % (kind, statistics.median(times)))
    finish(server, send)

def finish(server, send):
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    send({"jsonrpc": "2.0", "method": "exit", "params": None})
    server.wait(timeout=30)

def files_added(server, send, workspace, path, rounds):
    """Adds a token file to the resolver's first set and takes it away, `rounds` times in all."""
    resolver_path = os.path.join(workspace, "tokens.resolver.json")
    resolver_text = open(resolver_path, encoding="utf-8").read()
    resolver = json.loads(resolver_text)
    first_set = next(iter(resolver["sets"]))
    added = os.path.join(os.path.dirname(path), "added.tokens.json")
    with_added = json.loads(resolver_text)
    with_added["sets"][first_set]["sources"].append({"$ref": os.path.relpath(added, workspace)})
    times = []
    try:
        for round in range(rounds):
            adding = round % 2 == 0
            if adding:
                with open(added, "w", encoding="utf-8") as file:
                    file.write('{"added": {"$type": "number", "$value": %d}}\n' % round)
                with open(resolver_path, "w", encoding="utf-8") as file:
                    json.dump(with_added, file, indent=2)
            else:
                os.remove(added)
                with open(resolver_path, "w", encoding="utf-8") as file:
                    file.write(resolver_text)
            start = time.perf_counter()
            send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": {"changes": [
                {"uri": "file://" + added, "type": 1 if adding else 3},
                {"uri": "file://" + resolver_path, "type": 2}]}})
            request = 100 + round
            send({"jsonrpc": "2.0", "id": request, "method": "textDocument/hover", "params": {
                "textDocument": {"uri": "file://" + path}, "position": {"line": 0, "character": 0}}})
            while True:
                message = read_message(server.stdout)
                if message is None:
                    raise SystemExit("the server ended")
                if message.get("id") == request:
                    break
            times.append((time.perf_counter() - start) * 1000)
            print("%s %d: %.1f ms" % ("added" if adding else "taken away", round + 1, times[-1]))
    finally:
        with open(resolver_path, "w", encoding="utf-8") as file:
            file.write(resolver_text)
        if os.path.exists(added):
            os.remove(added)
    return times

if __name__ == "__main__":
    main()
