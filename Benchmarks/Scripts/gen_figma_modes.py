#!/usr/bin/env python3
"""Figma variables exported a file per collection and mode, of any size, and the same system
written as DTCG, for timing `tessera validate` on both.

    gen_figma_modes.py OUTDIR N

Writes N variables in three collections, as the variable-export plugins write them:
OUTDIR/figma-modes/ holds `Primitives.Value.json` (N/2 colors, one mode),
`Theme.Light.json`, `Theme.Dark.json`, `Theme.High contrast.json` (N/3 colors, each a bare
alias `{hue 3.12}` of a primitive) and `Spacing.Compact.json`, `Spacing.Regular.json` (the
rest, numbers), each token with `$extensions["com.figma"]`. OUTDIR/dtcg/ holds the same
system as DTCG: one token file per set and modifier context (paths prefixed with the
collection, aliases qualified, the same `$description` and `$extensions`) and
`system.resolver.json`. OUTDIR/flat.tokens.json is N
tokens of one DTCG file, one mode, the same values (the theme as the Light mode).

    swift build -c release --product tessera
    python3 Benchmarks/Scripts/gen_figma_modes.py /tmp/fm 20000
    /usr/bin/time -v .build/release/tessera validate /tmp/fm/figma-modes
    /usr/bin/time -v .build/release/tessera validate /tmp/fm/dtcg/system.resolver.json
    /usr/bin/time -v .build/release/tessera validate /tmp/fm/flat.tokens.json
"""
import json
import os
import random
import sys


def figma(scopes):
    return {"com.figma": {"hiddenFromPublishing": False, "scopes": scopes, "codeSyntax": {}}}


def nest(tree, names, token):
    for name in names[:-1]:
        tree = tree.setdefault(name, {})
    tree[names[-1]] = token


def main():
    out, n = sys.argv[1], int(sys.argv[2])
    rng = random.Random(7)
    palette_n, theme_n = n // 2, n // 3
    size_n = n - palette_n - theme_n
    modes = {"Theme": ["Light", "Dark", "High contrast"], "Spacing": ["Compact", "Regular"]}
    # collection -> mode -> [(names, type, value as Figma writes it, value as DTCG writes it)]
    files = {("Primitives", "Value"): []}
    palette = []
    for i in range(palette_n):
        names = [f"hue {i % 40}", f"{i // 40}"]
        palette.append(names)
        color = "#%06x" % rng.randrange(1 << 24)
        files[("Primitives", "Value")].append((names, "color", color, color))
    for collection, names_of_modes in modes.items():
        for mode in names_of_modes:
            files[(collection, mode)] = []
    for i in range(theme_n):
        names = [f"role {i % 25}", f"item {i // 25}"]
        for mode in modes["Theme"]:
            target = palette[rng.randrange(palette_n)]
            files[("Theme", mode)].append((names, "color", "{%s}" % ".".join(target),
                                           "{%s}" % ".".join(["Primitives"] + target)))
    for i in range(size_n):
        names = ["space", f"{i}"]
        for k, mode in enumerate(modes["Spacing"]):
            value = (i % 64) * (1 + 0.25 * k)
            files[("Spacing", mode)].append((names, "number", value, value))

    fm = os.path.join(out, "figma-modes")
    dtcg = os.path.join(out, "dtcg")
    os.makedirs(fm, exist_ok=True)
    os.makedirs(dtcg, exist_ok=True)
    flat = {}
    for (collection, mode), tokens in files.items():
        exported, converted = {}, {}
        for names, kind, written, qualified in tokens:
            extensions = figma(["ALL_SCOPES"] if kind == "color" else ["GAP"])
            nest(exported, names, {"$type": kind, "$value": written, "$description": "", "$extensions": extensions})
            # The same token in DTCG, extensions and all, so that both read the same bytes.
            same = {"$type": kind, "$value": qualified, "$description": "", "$extensions": extensions}
            nest(converted, [collection] + names, same)
            if mode in ("Value", "Light", "Compact"):
                nest(flat, [collection] + names, same)
        with open(os.path.join(fm, f"{collection}.{mode}.json"), "w") as f:
            json.dump(exported, f, indent=2, ensure_ascii=False)
        with open(os.path.join(dtcg, f"{collection}-{mode}.tokens.json"), "w") as f:
            json.dump(converted, f, indent=2, ensure_ascii=False)
    resolver = {
        "version": "2025.10",
        "sets": {"Primitives": {"sources": [{"$ref": "Primitives-Value.tokens.json"}]}},
        "modifiers": {c: {"contexts": {m: [{"$ref": f"{c}-{m}.tokens.json"}] for m in ms}, "default": ms[0]}
                      for c, ms in modes.items()},
        "resolutionOrder": [{"$ref": "#/sets/Primitives"}] + [{"$ref": f"#/modifiers/{c}"} for c in modes],
    }
    with open(os.path.join(dtcg, "system.resolver.json"), "w") as f:
        json.dump(resolver, f, indent=2)
    with open(os.path.join(out, "flat.tokens.json"), "w") as f:
        json.dump(flat, f, indent=2, ensure_ascii=False)


main()
