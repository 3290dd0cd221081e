Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 337

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json", "languageId": "json", "version": 1, "text": "{\n  \"color\": {\"$type\": \"color\", \"blue\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0.4, 0.8]}},\n    \"accent\": {\"$value\": \"{color.blu}\"}}\n}"}}}Content-Length: 166

{"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json"}, "position": {"line": 2, "character": 25}}}Content-Length: 247

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json"}, "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 40}}, "context": {"diagnostics": []}}}Content-Length: 258

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json", "version": 2}, "contentChanges": [{"range": {"start": {"line": 2, "character": 27}, "end": {"line": 2, "character": 30}}, "text": "blue"}]}}Content-Length: 173

{"jsonrpc": "2.0", "id": "c", "method": "textDocument/completion", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json"}, "position": {"line": 2, "character": 27}}}Content-Length: 171

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/definition", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json"}, "position": {"line": 2, "character": 25}}}Content-Length: 212

{"jsonrpc": "2.0", "id": 4, "method": "textDocument/references", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json"}, "position": {"line": 1, "character": 34}, "context": {"includeDeclaration": true}}}Content-Length: 133

{"jsonrpc": "2.0", "id": 5, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json"}}}Content-Length: 132

{"jsonrpc": "2.0", "id": 6, "method": "textDocument/documentColor", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json"}}}Content-Length: 186

{"jsonrpc": "2.0", "id": 7, "method": "textDocument/rename", "params": {"textDocument": {"uri": "file:///fuzz/tokens.json"}, "position": {"line": 1, "character": 34}, "newName": "navy"}}Content-Length: 85

{"jsonrpc": "2.0", "id": 8, "method": "workspace/symbol", "params": {"query": "col"}}Content-Length: 49

{"jsonrpc": "2.0", "id": 9, "method": "shutdown"}Content-Length: 36

{"jsonrpc": "2.0", "method": "exit"}