#!/usr/bin/env python3
"""A white-label project for the feed benchmark: a base system made by gen_youll.py and a tenants
folder of N tenants, each a token file overriding a few palette colors and sizes of the base (as a
customer's re-skin does), with tessera.yml naming both.

usage: gen_tenants.py OUT_DIR TENANTS [SEMANTIC_TOKENS] [SEED]
   OUT_DIR/base/        gen_youll.py's four files (SEMANTIC_TOKENS, default 2000)
   OUT_DIR/tenants/     tenant-0000.tokens.json … (every 10th a folder with a tenant.json)
   OUT_DIR/tessera.yml  sources: [base], tenants: tenants
"""
import json, os, random, subprocess, sys

out, count = sys.argv[1], int(sys.argv[2])
semantic = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
rnd = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 11)
here = os.path.dirname(os.path.abspath(__file__))
gen = os.environ.get("GEN_YOULL", os.path.join(here, "../../../shared/bench/gen_youll.py"))
base = os.path.join(out, "base")
subprocess.run([sys.executable, gen, base, str(semantic)], check=True, stdout=subprocess.DEVNULL)
# gen_youll's lookups file is for the lookup benchmarks, not a token file.
for name in os.listdir(base):
    if not name.endswith(".json") or name not in ("tokens.json", "colors.json", "sizes.json", "textStyles.json"):
        os.remove(os.path.join(base, name))
colors = json.load(open(os.path.join(base, "colors.json")))
sizes = json.load(open(os.path.join(base, "sizes.json")))
color_paths = [(family, shade) for family, shades in colors.items() for shade in shades]
size_paths = [(group, name) for group, names in sizes.items() for name in names]
tenants = os.path.join(out, "tenants")
os.makedirs(tenants, exist_ok=True)
for t in range(count):
    doc = {}
    for family, shade in rnd.sample(color_paths, min(12, len(color_paths))):
        rgb = [rnd.randrange(256) for _ in range(3)]
        doc.setdefault(family, {})[shade] = {"$type": "color", "$value": {"colorSpace": "srgb",
            "components": [c / 255 for c in rgb], "hex": "#%02x%02x%02x" % tuple(rgb)}}
    for group, name in rnd.sample(size_paths, min(4, len(size_paths))):
        doc.setdefault(group, {})[name] = {"$type": "number", "$value": rnd.randrange(0, 48)}
    tid = "tenant-%04d" % t
    if t % 10 == 0:
        folder = os.path.join(tenants, tid)
        os.makedirs(folder, exist_ok=True)
        json.dump(doc, open(os.path.join(folder, "brand.tokens.json"), "w"), indent=1, sort_keys=True)
        json.dump({"name": "Tenant %d" % t}, open(os.path.join(folder, "tenant.json"), "w"))
    else:
        json.dump(doc, open(os.path.join(tenants, tid + ".tokens.json"), "w"), indent=1, sort_keys=True)
open(os.path.join(out, "tessera.yml"), "w").write("sources: [base]\ntenants: tenants\noutputs: []\n")
print(f"{out}: base of {semantic} semantic tokens, {count} tenants")
