#!/usr/bin/env python3
"""Writes a Tokens Studio file of any size for timing the importer: a `core` set of colors and
sizes, a `light` and a `dark` set (two themes of the group `Mode`), and a `brand` set per brand
(themes of the group `Brand`). A quarter of the tokens use math, a quarter color modifiers, a
quarter references, the rest are plain values.

    python3 Benchmarks/Scripts/gen_tokens_studio.py --tokens 20000 -o /tmp/studio.json
    tessera validate /tmp/studio.json

With `--folder`, the output is a folder as Tokens Studio syncs it: a file per set,
`$themes.json` and `$metadata.json`.

    python3 Benchmarks/Scripts/gen_tokens_studio.py --tokens 20000 --folder -o /tmp/studio
    tessera validate /tmp/studio
"""
import argparse
import json
import random

parser = argparse.ArgumentParser()
parser.add_argument("--tokens", type=int, default=20000)
parser.add_argument("--brands", type=int, default=2)
parser.add_argument("--seed", type=int, default=7)
parser.add_argument("--folder", action="store_true", help="write a folder of set files")
parser.add_argument("-o", "--output", required=True)
args = parser.parse_args()
rng = random.Random(args.seed)

def hex_color():
    return "#%06x" % rng.randrange(0, 0xFFFFFF)

quarter = max(1, args.tokens // 4)
core = {"base": {"value": "4", "type": "spacing"}, "size": {}, "palette": {}}
for i in range(quarter):
    core["palette"][f"c{i}"] = {"value": hex_color(), "type": "color"}
    core["size"][f"s{i}"] = {"value": f"{{base}} * {rng.randint(1, 12)} + {rng.randint(0, 3)}", "type": "sizing"}
modes = {}
for mode in ("light", "dark"):
    tokens = {}
    for i in range(quarter // 2):
        kind = rng.choice(["lighten", "darken", "mix", "alpha"])
        modify = {"type": kind, "value": f"{rng.random():.2f}", "space": rng.choice(["srgb", "hsl", "lch", "p3"])}
        if kind == "mix":
            modify["color"] = f"{{palette.c{rng.randrange(quarter)}}}"
        tokens[f"m{i}"] = {"value": f"{{palette.c{rng.randrange(quarter)}}}", "type": "color",
                           "$extensions": {"studio.tokens": {"modify": modify}}}
        tokens[f"a{i}"] = {"value": f"{{palette.c{rng.randrange(quarter)}}}", "type": "color"}
    modes[mode] = {"semantic": tokens}
brands = {}
for b in range(args.brands):
    brands[f"brand{b}"] = {"brand": {f"b{i}": {"value": f"{{size.s{rng.randrange(quarter)}}} / 2", "type": "spacing"}
                                     for i in range(quarter // args.brands)}}
document = {"core": core, **modes, **brands}
document["$themes"] = [
    {"id": "light", "name": "Light", "group": "Mode", "selectedTokenSets": {"core": "source", "light": "enabled"}},
    {"id": "dark", "name": "Dark", "group": "Mode", "selectedTokenSets": {"core": "source", "dark": "enabled"}},
] + [{"id": name, "name": name, "group": "Brand", "selectedTokenSets": {name: "enabled"}} for name in brands]
document["$metadata"] = {"tokenSetOrder": ["core", "light", "dark", *brands]}
if args.folder:
    import os
    os.makedirs(args.output, exist_ok=True)
    for name, value in document.items():
        with open(os.path.join(args.output, name + ".json"), "w") as out:
            json.dump(value, out, indent=1)
else:
    with open(args.output, "w") as out:
        json.dump(document, out, indent=1)
