#!/usr/bin/env python3
"""Writes one synthetic token set twice: as a Style Dictionary project in its own format
(untyped `value` tokens typed by their category, `{….value}` references, a file per category
and group) and as DTCG token files of the same tokens, so that reading the two can be timed
against each other.

    gen_style_dictionary.py OUT [--tokens N]

OUT/style-dictionary/ holds the Style Dictionary folder, OUT/dtcg/ the DTCG files. A fifth of
the tokens are references to other tokens of their category."""
import argparse, json, os, random

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--tokens", type=int, default=20000)
args = parser.parse_args()
random.seed(20261128)

categories = {"color": 0.5, "size": 0.4, "time": 0.1}
groups_per_category = 20
sd = {}      # (category, group) -> {name: token}
dtcg = {}
names = {c: [] for c in categories}
count = 0
for category, share in categories.items():
    for index in range(int(args.tokens * share)):
        group = f"g{index % groups_per_category}"
        name = f"t{index}"
        path = f"{category}.{group}.{name}"
        if names[category] and random.random() < 0.2:
            target = random.choice(names[category])
            sd_value, dtcg_value = "{" + target + ".value}", "{" + target + "}"
        elif category == "color":
            hex = "#%06x" % random.randrange(0x1000000)
            sd_value, dtcg_value = hex, {"colorSpace": "srgb", "components": [int(hex[i:i + 2], 16) / 255 for i in (1, 3, 5)], "hex": hex}
        elif category == "size":
            rem = round(random.uniform(0.125, 4), 3)
            sd_value, dtcg_value = rem, {"value": rem, "unit": "rem"}
        else:
            ms = random.randrange(50, 1000)
            sd_value, dtcg_value = ms, {"value": ms, "unit": "ms"}
        names[category].append(path)
        sd.setdefault((category, group), {})[name] = {"value": sd_value}
        dtype = {"color": "color", "size": "dimension", "time": "duration"}[category]
        dtcg.setdefault((category, group), {})[name] = {"$type": dtype, "$value": dtcg_value}
        count += 1

for form, tree in (("style-dictionary", sd), ("dtcg", dtcg)):
    for (category, group), tokens in tree.items():
        folder = os.path.join(args.out, form, category)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"{group}.json"), "w") as f:
            json.dump({category: {group: tokens}}, f, indent=2)
print(f"{count} tokens in {args.out}/style-dictionary and {args.out}/dtcg")
