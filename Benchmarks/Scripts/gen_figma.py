#!/usr/bin/env python3
"""Figma variables REST responses of any size, for timing the importer.

    gen_figma.py OUT.json N [--files K]

N variables in three collections: a palette (one mode), a theme (light, dark, high contrast)
whose colors alias the palette by id, and sizes (compact, regular) with FLOAT scopes. With
--files K the palette is split off into K-1 library files (OUT-lib-1.json …) whose variables
the main file aliases, so that the files must be read together.
"""
import json
import random
import sys


def main():
    out, n = sys.argv[1], int(sys.argv[2])
    files = int(sys.argv[sys.argv.index("--files") + 1]) if "--files" in sys.argv else 1
    rng = random.Random(7)
    palette_n, theme_n = n // 2, n // 3
    size_n = n - palette_n - theme_n
    collections = {
        "C:palette": {"id": "C:palette", "name": "Palette", "defaultModeId": "p", "modes": [{"modeId": "p", "name": "Value"}]},
        "C:theme": {"id": "C:theme", "name": "Theme", "defaultModeId": "l",
                    "modes": [{"modeId": "l", "name": "Light"}, {"modeId": "d", "name": "Dark"}, {"modeId": "h", "name": "High contrast"}]},
        "C:size": {"id": "C:size", "name": "Size", "defaultModeId": "c",
                   "modes": [{"modeId": "c", "name": "Compact"}, {"modeId": "r", "name": "Regular"}]},
    }
    palette = {}
    for i in range(palette_n):
        vid = f"V:p{i}"
        palette[vid] = {"id": vid, "name": f"hue {i % 40}/{i // 40}", "variableCollectionId": "C:palette", "resolvedType": "COLOR",
                        "valuesByMode": {"p": {"r": rng.random(), "g": rng.random(), "b": rng.random(), "a": 1}},
                        "scopes": ["ALL_SCOPES"]}
    rest = {}
    for i in range(theme_n):
        vid = f"V:t{i}"
        rest[vid] = {"id": vid, "name": f"role {i % 25}/item {i // 25}", "variableCollectionId": "C:theme", "resolvedType": "COLOR",
                     "valuesByMode": {m: {"type": "VARIABLE_ALIAS", "id": f"V:p{rng.randrange(palette_n)}"} for m in "ldh"},
                     "scopes": ["FRAME_FILL", "TEXT_FILL"]}
    for i in range(size_n):
        vid = f"V:s{i}"
        rest[vid] = {"id": vid, "name": f"space/{i}", "variableCollectionId": "C:size", "resolvedType": "FLOAT",
                     "valuesByMode": {"c": i % 64, "r": (i % 64) * 1.25}, "scopes": ["GAP"]}
    if files == 1:
        json.dump({"status": 200, "error": False, "meta": {"variableCollections": collections, "variables": {**palette, **rest}}},
                  open(out, "w"))
        return
    main_collections = {k: v for k, v in collections.items() if k != "C:palette"}
    main_collections["C:palette"] = dict(collections["C:palette"], remote=True)
    json.dump({"meta": {"variableCollections": main_collections, "variables": rest}}, open(out, "w"))
    ids = sorted(palette)
    chunk = -(-len(ids) // (files - 1))
    for k in range(files - 1):
        part = {vid: palette[vid] for vid in ids[k * chunk:(k + 1) * chunk]}
        json.dump({"meta": {"variableCollections": {"C:palette": collections["C:palette"]}, "variables": part}},
                  open(out.replace(".json", f"-lib-{k + 1}.json"), "w"))


main()
