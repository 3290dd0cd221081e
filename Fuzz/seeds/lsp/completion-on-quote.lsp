Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 207

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/a.json", "languageId": "json", "version": 1, "text": "{\"a\": {\"$type\": \"number\", \"$value\": 1}}"}}}Content-Length: 165

{"jsonrpc": "2.0", "id": 1, "method": "textDocument/completion", "params": {"textDocument": {"uri": "file:///fuzz/a.json"}, "position": {"line": 0, "character": 1}}}Content-Length: 166

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": {"textDocument": {"uri": "file:///fuzz/a.json"}, "position": {"line": 0, "character": 16}}}Content-Length: 49

{"jsonrpc": "2.0", "id": 3, "method": "shutdown"}Content-Length: 36

{"jsonrpc": "2.0", "method": "exit"}