#!/usr/bin/env bash
# The example's catalog page in a real browser: headless Chromium (Debian's `chromium`,
# installed here when missing) renders it to PNG, then a copy of the page that records each
# swatch's computed background color is rendered again and its DOM read back. Every swatch must
# show the color `tessera resolve` gives its token in its permutation.
#
#   Scripts/catalog-browser.sh [OUT_DIR]     (default: .build/catalog-check)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/catalog-check}"

if ! command -v chromium > /dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq > /dev/null
    apt-get install -y -qq chromium > /dev/null
fi

swift build --product tessera > /dev/null
tessera="$(swift build --show-bin-path)/tessera"
rm -rf "$out"
mkdir -p "$out"
"$tessera" catalog --config Examples/tessera.yml -o "$out"

# No network: nothing in the page names another origin, and Chromium may not resolve hosts.
if grep -Eq '(src|href)="(https?:)?//|url\((https?:)?//|@import' "$out/index.html"; then
    echo "catalog-browser: the page refers to the network" >&2
    exit 1
fi
browser=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --host-resolver-rules="MAP * ~NOTFOUND"
    --virtual-time-budget=5000)
page="file://$(cd "$out" && pwd)/index.html"
"${browser[@]}" --window-size=1600,1400 --screenshot="$out/catalog.png" "$page" 2> "$out/chromium.log"
test -s "$out/catalog.png"

# The same page, recording what the browser computes for every swatch.
python3 - "$out/index.html" "$out/probe.html" <<'PY'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
probe = """<script>
for (const swatch of document.querySelectorAll('.swatch')) {
  swatch.dataset.computed = getComputedStyle(swatch).backgroundColor;
}
document.body.dataset.probed = 'yes';
</script>
</body>"""
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", probe, 1))
PY
"${browser[@]}" --dump-dom "file://$(cd "$out" && pwd)/probe.html" > "$out/dom.html" 2>> "$out/chromium.log"

python3 - "$tessera" "$out/dom.html" <<'PY'
import html, json, re, subprocess, sys

tessera, dom_path = sys.argv[1], sys.argv[2]
dom = open(dom_path, encoding="utf-8").read()
if 'data-probed="yes"' not in dom:
    sys.exit("catalog-browser: the probe did not run")
swatches = []
for tag in re.findall(r'<div class="swatch"[^>]*>', dom):
    attributes = {key: html.unescape(value) for key, value in re.findall(r'([\w-]+)="([^"]*)"', tag)}
    swatches.append((attributes["data-path"], attributes["data-permutation"], attributes.get("data-computed", "")))
if len(swatches) < 100:
    sys.exit(f"catalog-browser: only {len(swatches)} swatches rendered")

def resolved(permutation, form):
    inputs = [arg for pair in permutation.split(",") if pair for arg in ("--input", pair)]
    command = [tessera, "resolve", "Examples/app.resolver.json", *inputs, "--format", form]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout

expected = {}
checked = wide = 0
problems = []
for path, permutation, computed in swatches:
    if permutation not in expected:
        flat = {line.split("\t")[0]: line.split("\t")[2] for line in resolved(permutation, "flat").splitlines()}
        tree = json.loads(resolved(permutation, "json"))
        expected[permutation] = (flat, tree)
    flat, tree = expected[permutation]
    node = tree
    for name in path.split("."):
        node = node[name]
    value = node["$value"]
    match = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)", computed)
    p3 = re.fullmatch(r"color\(display-p3 ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: / ([\d.]+))?\)", computed)
    if match:
        want = flat[path]
        rgb = [int(want[i:i + 2], 16) for i in (1, 3, 5)]
        alpha = int(want[7:9], 16) / 255 if len(want) == 9 else 1
        got = [int(match.group(i)) for i in (1, 2, 3)]
        got_alpha = float(match.group(4)) if match.group(4) else 1
        if max(abs(a - b) for a, b in zip(rgb, got)) > 1 or abs(alpha - got_alpha) > 0.01:
            problems.append(f"{path} [{permutation}]: drawn {computed}, resolved {want}")
    elif p3 and value.get("colorSpace") == "display-p3":
        wide += 1
        got = [float(p3.group(i)) for i in (1, 2, 3)]
        if max(abs(a - b) for a, b in zip(value["components"], got)) > 0.002:
            problems.append(f"{path} [{permutation}]: drawn {computed}, resolved {value}")
    else:
        problems.append(f"{path} [{permutation}]: drawn {computed!r}, resolved {value}")
    checked += 1
if problems:
    print("\n".join(problems[:20]), file=sys.stderr)
    sys.exit(f"catalog-browser: {len(problems)} of {checked} swatches differ from the resolved values")
print(f"catalog-browser: {checked} swatches in {len(expected)} permutations drawn as resolved ({wide} display-p3)")
PY
echo "catalog-browser: screenshot $out/catalog.png"
