#!/usr/bin/env python3
"""Turns a gen_dtcg set into a themed system: context files that override part of the
primitives (dark theme, high contrast, compact density, a second brand) and three resolvers
with 1, 4 and 16 permutations.

Usage: make_modes.py SET_DIR OUT_DIR
"""
import json
import os
import shutil
import sys

source, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
for name in os.listdir(source):
    shutil.copy(os.path.join(source, name), os.path.join(out, name))


def tokens(node, path=()):
    """(path, token) for every token of a tree."""
    if isinstance(node, dict):
        if "$value" in node:
            yield path, node
            return
        for key, child in node.items():
            if not key.startswith("$"):
                yield from tokens(child, path + (key,))


def override(tree, every, offset, change):
    """A tree redefining every `every`-th token (from `offset`) with `change(value)`."""
    result = {}
    for index, (path, token) in enumerate(tokens(tree)):
        if index % every != offset:
            continue
        node = result
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = {"$value": change(token["$value"])}
    return result


def shade(value):
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        return "#" + "".join("%02x" % (255 - int(value[i:i + 2], 16)) for i in (1, 3, 5))
    if isinstance(value, dict) and "components" in value:
        return dict(value, components=[round(1 - c, 4) if isinstance(c, (int, float)) else c for c in value["components"]][:2]
                    + value["components"][2:])
    return value


def double(value):
    if isinstance(value, str) and value.endswith("px"):
        return "%gpx" % (float(value[:-2]) * 0.75)
    if isinstance(value, dict) and "value" in value:
        return dict(value, value=value["value"] * 0.75)
    return value


colors = json.load(open(os.path.join(out, "core.colors.json")))
dimensions = json.load(open(os.path.join(out, "core.dimensions.json")))
contexts = {
    "theme-dark.json": override(colors, 2, 0, shade),
    "contrast-high.json": override(colors, 5, 1, shade),
    "density-compact.json": override(dimensions, 3, 0, double),
    "brand-b.json": override(colors, 7, 3, shade),
}
for name, tree in contexts.items():
    json.dump(tree, open(os.path.join(out, name), "w"), indent=1)

sets = {"core": {"sources": [{"$ref": "core.colors.json"}, {"$ref": "core.dimensions.json"}]},
        "semantic": {"sources": [{"$ref": "semantic.json"}]}}
modifiers = {
    "theme": {"contexts": {"light": [], "dark": [{"$ref": "theme-dark.json"}]}, "default": "light"},
    "contrast": {"contexts": {"standard": [], "high": [{"$ref": "contrast-high.json"}]}, "default": "standard"},
    "density": {"contexts": {"regular": [], "compact": [{"$ref": "density-compact.json"}]}, "default": "regular"},
    "brand": {"contexts": {"a": [], "b": [{"$ref": "brand-b.json"}]}, "default": "a"},
}
for count, names in ((1, []), (4, ["theme", "contrast"]), (16, ["theme", "contrast", "density", "brand"])):
    # Modifiers come after the primitives they override and before the aliases that use them.
    order = [{"$ref": "#/sets/core"}] + [{"$ref": "#/modifiers/" + n} for n in names] + [{"$ref": "#/sets/semantic"}]
    resolver = {"version": "2025.10", "sets": sets, "modifiers": {n: modifiers[n] for n in names}, "resolutionOrder": order}
    json.dump(resolver, open(os.path.join(out, "%d.resolver.json" % count), "w"), indent=1)
