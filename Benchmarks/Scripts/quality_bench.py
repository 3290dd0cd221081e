#!/usr/bin/env python3
"""Times the quality gates on a generated token set: `tessera lint` (every rule, contrast on
each text color over two backgrounds and each icon color over a surface), `tessera diff` against
a changed copy (tokens removed, renamed, deprecated, recolored, added), and `tessera catalog`.

    python3 Benchmarks/Scripts/quality_bench.py TESSERA_BINARY SET_DIR [--rounds N]

SET_DIR is gen_dtcg.py's output (theme.color.text-N, theme.color.background-N, ...). Prints each
command's median and range of wall time (process start to exit), and its peak memory from
/usr/bin/time when present."""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

def changed_copy(source, target):
    """The set with 100 state groups removed, 50 renamed, 20 tokens deprecated, 500 recolored
    and 100 added (nothing references `state`, so the copy still resolves)."""
    shutil.copytree(source, target)
    path = os.path.join(target, "semantic.json")
    with open(path) as f:
        tree = json.load(f)
    states = tree["state"]
    names = sorted(states)
    def tokens(group):
        for key, child in group.items():
            if isinstance(child, dict) and "$value" in child:
                yield child
            elif isinstance(child, dict) and not key.startswith("$"):
                yield from tokens(child)
    for name in names[:100]:
        del states[name]
    for name in names[100:150]:
        states[name + "-renamed"] = states.pop(name)
    for name in names[150:170]:
        for token in tokens(states[name]):
            token["$deprecated"] = "replaced"
    for name in names[170:670]:
        for token in tokens(states[name]):
            if token.get("$type") == "color":
                token["$value"] = "#336699"
    for index in range(100):
        states[f"added-{index}"] = {"default": {"$value": "#123456", "$type": "color"}}
    with open(path, "w") as f:
        json.dump(tree, f)

def main():
    args = sys.argv[1:]
    rounds = 5
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i:i + 2]
    binary, tokens = args[0], os.path.abspath(args[1])
    work = tempfile.mkdtemp(prefix="tessera-quality-bench-")
    config = os.path.join(work, "tessera.yml")
    with open(config, "w") as f:
        f.write(f"""sources: [{tokens}]
outputs: []
lint:
  contrast:
    pairs:
      - {{ foreground: "theme.color.text-*", background: theme.color.background-1 }}
      - {{ foreground: "theme.color.text-*", background: theme.color.surface-1 }}
      - {{ foreground: "theme.color.icon-*", background: theme.color.surface-1, kind: non-text }}
  naming: {{ patterns: {{ "**": "^[a-z0-9]+(-[a-z0-9]+)*$" }} }}
  descriptions: {{ tokens: [component] }}
  gamut: {{ space: srgb }}
  duplicates: warning
  near-duplicates: warning
""")
    changed = os.path.join(work, "changed")
    changed_copy(tokens, changed)
    commands = {
        "lint": [binary, "lint", "--config", config, "--diagnostics-format", "json"],
        "diff": [binary, "diff", tokens, changed, "--format", "json"],
        "catalog": [binary, "catalog", tokens, "-o", os.path.join(work, "catalog")],
    }
    for name, command in commands.items():
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            times.append(time.perf_counter() - start)
            if result.returncode not in (0, 1):
                sys.exit(f"{name} failed ({result.returncode}): {result.stderr[-400:]!r}")
        detail = ""
        if name == "lint":
            findings = json.loads(result.stderr)
            detail = f"{len(findings)} findings"
        elif name == "diff":
            document = json.loads(result.stdout)
            detail = f"{document['bump']}, {len(document['changes'])} changes"
        else:
            detail = f"{os.path.getsize(os.path.join(work, 'catalog', 'index.html')) // 1024} KiB"
        memory = ""
        if shutil.which("/usr/bin/time") or os.path.exists("/usr/bin/time"):
            measured = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            memory = f", {int(measured.stderr.strip().splitlines()[-1]) // 1024} MB peak"
        print(f"{name}: median {statistics.median(times) * 1000:.0f} ms "
              f"({min(times) * 1000:.0f}-{max(times) * 1000:.0f}){memory}; {detail}")
    shutil.rmtree(work)

if __name__ == "__main__":
    main()
