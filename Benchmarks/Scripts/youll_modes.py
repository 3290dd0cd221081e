#!/usr/bin/env python3
"""Turns a ConfigTokens folder (gen_youll.py) into a system of 4 permutations: a dark theme
redefining half of colors.json and high contrast a fifth, with a resolver over them, for timing
compiled theme files (`tessera compile OUT/app.resolver.json -o App.theme`).

Usage: youll_modes.py YOULL_DIR OUT_DIR
"""
import json
import os
import shutil
import sys

source, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
for name in ("tokens.json", "colors.json", "sizes.json"):
    shutil.copy(os.path.join(source, name), os.path.join(out, name))
colors = json.load(open(os.path.join(source, "colors.json")))


def recolor(every, shift):
    tree, count = {}, 0
    for group, entries in colors.items():
        for name, token in entries.items():
            count += 1
            if count % every:
                continue
            value = token.get("$value")
            if isinstance(value, str) and value.startswith("#") and len(value) >= 7:
                channel = (int(value[1:3], 16) + shift) % 256
                tree.setdefault(group, {})[name] = {"$type": "color", "$value": "#%02x%s" % (channel, value[3:7])}
    return tree


json.dump(recolor(2, 128), open(os.path.join(out, "dark.json"), "w"))
json.dump(recolor(5, 64), open(os.path.join(out, "high-contrast.json"), "w"))
resolver = {
    "version": "2025.10",
    "sets": {"base": {"sources": [{"$ref": "colors.json"}, {"$ref": "sizes.json"}, {"$ref": "tokens.json"}]}},
    "modifiers": {
        "theme": {"default": "light", "contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}},
        "contrast": {"default": "standard", "contexts": {"standard": [], "high": [{"$ref": "high-contrast.json"}]}},
    },
    "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/contrast"}],
}
json.dump(resolver, open(os.path.join(out, "app.resolver.json"), "w"), indent=2)
