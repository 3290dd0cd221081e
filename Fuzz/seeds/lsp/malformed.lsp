Content-Length: 5

{bad}X-Nothing: 1

Content-Length: 45

{"jsonrpc": "2.0", "id": true, "method": "x"}Content-Length: 6

[1, 2]Content-Length: 250

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///nowhere.json", "version": 1}, "contentChanges": [{"range": {"start": {"line": 99, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "x"}]}}