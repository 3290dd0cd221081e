#!/usr/bin/env python3
"""Adversarial shapes at growing sizes: time and peak memory of `tessera validate` (or
`resolve`) on each, so that growth faster than linear shows in the table.

    swift build -c release --product tessera
    python3 Benchmarks/Scripts/adversarial.py [--tessera .build/release/tessera] [--timeout 120] [SHAPE...]

Each run is one process timed from outside; peak memory is the process's maximum resident
set (from wait4). A run over the timeout is shown as ">timeout". Needs nothing outside the
repository.
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time


def minified_cycles(n, d):
    tokens = {}
    for i in range(n):
        tokens[f"a{i}"] = {"$type": "number", "$value": "{b%d}" % i}
        tokens[f"b{i}"] = {"$type": "number", "$value": "{a%d}" % i}
    return write(d, "t.tokens.json", json.dumps(tokens, separators=(",", ":")))


def minified_unknown(n, d):
    tokens = {f"t{i}": {"$type": "number", "$value": "{missing.m%d}" % i} for i in range(n)}
    return write(d, "t.tokens.json", json.dumps(tokens, separators=(",", ":")))


def long_names(n, d):
    name = "x" * n
    tokens = {name: {"$type": "number", "$value": 1}}
    for i in range(20):
        tokens[f"r{i}"] = {"$type": "number", "$value": "{%s}" % ("y" * n)}
    return write(d, "t.tokens.json", json.dumps(tokens))


def many_contexts(n, d):
    contexts = {f"c{i}": [] for i in range(n)}
    resolver = {"version": "2025.10",
                "sets": {"s": {"sources": [{"t": {"$type": "number", "$value": 1}}]}},
                "modifiers": {"m": {"contexts": contexts, "default": "c0"}},
                "resolutionOrder": [{"$ref": "#/sets/s"}, {"$ref": "#/modifiers/m"}]}
    return write(d, "m.resolver.json", json.dumps(resolver))


def extends_chain(n, d):
    doc = {"g0": {"$type": "number", "v": {"$value": 1}}}
    for i in range(1, n):
        doc[f"g{i}"] = {"$extends": "{g%d}" % (i - 1), f"v{i}": {"$value": i}}
    return write(d, "t.tokens.json", json.dumps(doc))


def extends_diamonds(depth, d):
    doc = {"l0a": {"$type": "number", "v": {"$value": 1}}, "l0b": {"$type": "number", "w": {"$value": 2}}}
    for i in range(1, depth):
        for side in "ab":
            doc[f"l{i}{side}"] = {"x": {"$extends": "{l%da}" % (i - 1)}, "y": {"$extends": "{l%db}" % (i - 1)}}
    return write(d, "t.tokens.json", json.dumps(doc))


def extends_wide(n, d):
    # n/2 groups inside "base" extending "other", and n/2 groups extending "base".
    doc = {"other": {"$type": "number", "v": {"$value": 1}}, "base": {"$type": "number"}}
    for i in range(n // 2):
        doc["base"][f"s{i}"] = {"$extends": "{other}"}
        doc[f"g{i}"] = {"$extends": "{base.s%d}" % i}
    return write(d, "t.tokens.json", json.dumps(doc))


def many_files(n, d):
    for i in range(n):
        write(d, f"f{i:06}.tokens.json", json.dumps({f"t{i}": {"$type": "number", "$value": i}}))
    return d


def big_group_json(n, d):
    tokens = {f"t{i}": {"$value": i} for i in range(n)}
    tokens["$type"] = "number"
    return write(d, "t.tokens.json", json.dumps({"g": tokens}))


def group_extensions(n, d):
    # One group in two files, each with n extensions, half of them the same keys.
    for name, start in (("a", 0), ("b", n // 2)):
        extensions = {f"x.k{i}": i for i in range(start, start + n)}
        write(d, f"{name}.tokens.json", json.dumps({"g": {"$extensions": extensions, "t": {"$type": "number", "$value": 1}}}))
    return d


def resolver_many_files(n, d):
    # A resolver with n sets, each one file; the files all refer to the first one's token.
    for i in range(n):
        value = 1 if i == 0 else "{t0}"
        write(d, f"f{i:06}.tokens.json", json.dumps({f"t{i}": {"$type": "number", "$value": value}}))
    sets = {f"s{i}": {"sources": [{"$ref": f"f{i:06}.tokens.json"}]} for i in range(n)}
    resolver = {"version": "2025.10", "sets": sets, "resolutionOrder": [{"$ref": f"#/sets/s{i}"} for i in range(n)]}
    return write(d, "all.resolver.json", json.dumps(resolver))


def figma_variables(n, d):
    """n primitives in a one-mode collection, n theme variables in a two-mode collection that
    alias them, and n colorsets' worth of names with spaces."""
    collections = {
        "C:1": {"id": "C:1", "name": "Primitives", "defaultModeId": "1", "modes": [{"modeId": "1", "name": "Value"}]},
        "C:2": {"id": "C:2", "name": "Theme", "defaultModeId": "2", "modes": [{"modeId": "2", "name": "Light"}, {"modeId": "3", "name": "Dark"}]},
    }
    variables = {}
    for i in range(n):
        variables[f"V:1:{i}"] = {"id": f"V:1:{i}", "name": f"palette/group {i % 50}/tone {i}", "variableCollectionId": "C:1",
                                 "resolvedType": "COLOR", "scopes": ["ALL_SCOPES"],
                                 "valuesByMode": {"1": {"r": (i % 255) / 255, "g": 0.5, "b": 0.25, "a": 1}}}
        variables[f"V:2:{i}"] = {"id": f"V:2:{i}", "name": f"surface/{i}", "variableCollectionId": "C:2",
                                 "resolvedType": "COLOR", "scopes": ["FRAME_FILL"],
                                 "valuesByMode": {"2": {"type": "VARIABLE_ALIAS", "id": f"V:1:{i}"},
                                                  "3": {"type": "VARIABLE_ALIAS", "id": f"V:1:{(i + 1) % n}"}}}
    return write(d, "variables.json", json.dumps({"status": 200, "meta": {"variableCollections": collections, "variables": variables}}))


def asset_catalog(n, d):
    """n color sets with a dark appearance, 100 to a namespace folder."""
    root = os.path.join(d, "Big.xcassets")
    for i in range(n):
        folder = os.path.join(root, f"Group{i // 100}")
        if i % 100 == 0:
            os.makedirs(folder, exist_ok=True)
            write(folder, "Contents.json", '{"properties": {"provides-namespace": true}}')
        entry = lambda v, dark: {"idiom": "universal", **({"appearances": [{"appearance": "luminosity", "value": "dark"}]} if dark else {}),
                                 "color": {"color-space": "srgb", "components": {"red": v, "green": "0x80", "blue": "0.500", "alpha": "1.000"}}}
        os.makedirs(os.path.join(folder, f"color {i}.colorset"))
        write(os.path.join(folder, f"color {i}.colorset"), "Contents.json", json.dumps({"colors": [entry(str(i % 256), False), entry("0.100", True)]}))
    return root


SHAPES = {
    "minified-cycles": (minified_cycles, [1000, 5000, 20000, 50000], ["validate"]),
    "minified-unknown": (minified_unknown, [1000, 5000, 20000], ["validate"]),
    "long-names": (long_names, [1000, 10000, 50000], ["validate"]),
    "many-contexts": (many_contexts, [1000, 10000, 100000], ["validate"]),
    "extends-chain": (extends_chain, [250, 500, 1000, 2000], ["validate"]),
    "extends-diamonds": (extends_diamonds, [8, 12, 16, 20], ["validate"]),
    "extends-wide": (extends_wide, [5000, 20000, 100000], ["validate"]),
    "many-files": (many_files, [1000, 3000, 10000, 30000], ["validate"]),
    "resolver-many-files": (resolver_many_files, [1000, 3000, 10000, 30000], ["validate"]),
    "group-extensions": (group_extensions, [10000, 30000, 100000], ["validate"]),
    "figma-variables": (figma_variables, [1000, 10000, 100000], ["validate"]),
    "asset-catalog": (asset_catalog, [1000, 5000, 20000], ["validate"]),
    "json-output": (big_group_json, [100000, 300000, 1000000], ["resolve", "--format", "json"]),
}


def write(d, name, text):
    path = os.path.join(d, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def run(command, timeout):
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            return time.monotonic() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            process.kill()
            os.wait4(process.pid, 0)
            return None, None, None
        time.sleep(0.01)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tessera", default=".build/release/tessera")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("shapes", nargs="*", default=list(SHAPES))
    args = parser.parse_args()
    print("shape\tsize\tinput_mb\tseconds\tpeak_mb\texit")
    for shape in args.shapes:
        make, sizes, command = SHAPES[shape]
        for size in sizes:
            d = tempfile.mkdtemp(prefix="tessera-adversarial-")
            try:
                target = make(size, d)
                input_mb = sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d)) / 1e6
                seconds, peak, code = run([args.tessera] + command + [target], args.timeout)
                shown = ">timeout" if seconds is None else f"{seconds:.2f}"
                peak_shown = "-" if peak is None else f"{peak:.0f}"
                print(f"{shape}\t{size}\t{input_mb:.2f}\t{shown}\t{peak_shown}\t{code}", flush=True)
            finally:
                shutil.rmtree(d)
    seconds, peak, code = run([args.tessera, "validate", "/dev/zero"], args.timeout)
    print(f"dev-zero\t-\t-\t{'>timeout' if seconds is None else f'{seconds:.2f}'}\t{peak or 0:.0f}\t{code}")


if __name__ == "__main__":
    sys.exit(main())
