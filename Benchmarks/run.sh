#!/usr/bin/env bash
# Generates the benchmark sets and runs the load + parse + resolve + validate benchmark.
#
#   SHARED=DIR [ROUNDS=N] [WORK=DIR] Benchmarks/run.sh
#
# Needs the benchmark yardsticks, which are not part of this repository: DIR/bench/gen_dtcg.py
# (the synthetic set generator the published figures use) and DIR/corpus/dtcg-examples (real
# design systems). DIR defaults to ../shared beside the project. To time your own token files
# instead, run the benchmark on them directly:
#   swift run -c release --package-path Benchmarks TesseraBench --rounds 11 mine=Path/To/Tokens
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shared=${SHARED:-$here/../../shared}
if [ ! -f "$shared/bench/gen_dtcg.py" ] || [ ! -d "$shared/corpus/dtcg-examples" ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2
  echo "run.sh: no yardsticks at '$shared' (set SHARED to the folder holding bench/ and corpus/)" >&2
  exit 2
fi
work=${WORK:-${TMPDIR:-/tmp}/tessera-bench}
mkdir -p "$work"
for preset in small 50k 200k; do
  [ -d "$work/$preset" ] || python3 "$shared/bench/gen_dtcg.py" "$work/$preset" --preset "$preset" >/dev/null
done
[ -d "$work/200k-object" ] || python3 "$shared/bench/gen_dtcg.py" "$work/200k-object" --preset 200k --value-format object >/dev/null

# The default permutation of each real system: the files its resolver lists for its sets and
# for the default context of each modifier, in resolution order.
examples="$shared/corpus/dtcg-examples"
sets() {
  python3 - "$examples/$1" <<'PY'
import json, os, sys
path = sys.argv[1]
doc = json.load(open(path))
files = []
for item in doc["resolutionOrder"]:
    ref = item.get("$ref", "")
    if ref.startswith("#/sets/"):
        sources = doc["sets"][ref[len("#/sets/"):]]["sources"]
    elif ref.startswith("#/modifiers/"):
        modifier = doc["modifiers"][ref[len("#/modifiers/"):]]
        sources = modifier["contexts"][modifier.get("default") or next(iter(modifier["contexts"]))]
    else:
        continue
    for source in sources:
        if "$ref" in source:
            files.append(os.path.normpath(os.path.join(os.path.dirname(path), source["$ref"])))
print(",".join(files))
PY
}
swift build -c release --package-path "$here" >/dev/null
# One process per set, so that each peak memory figure is that set's own.
first=1
for set in "small=$work/small" "50k=$work/50k" "200k=$work/200k" "200k-object=$work/200k-object" \
  "primer=$(sets github-primer.resolver.json)" "spectrum=$(sets adobe-spectrum.resolver.json)" \
  "fluent=$(sets microsoft-fluent.resolver.json)"; do
  "$here/.build/release/TesseraBench" --rounds "${ROUNDS:-5}" "$set" | if [ $first = 1 ]; then cat; else tail -n +2; fi
  first=0
done

# Permutations: a themed 50k system (dark theme, high contrast, compact density, second brand)
# with 1, 4 and 16 permutations, every permutation resolved and checked.
[ -d "$work/50k-modes" ] || python3 "$here/Scripts/make_modes.py" "$work/50k" "$work/50k-modes"
for count in 1 4 16; do
  "$here/.build/release/TesseraBench" --rounds "${ROUNDS:-5}" --resolver "$count=$work/50k-modes/$count.resolver.json" \
    | if [ $count = 1 ]; then cat; else tail -n +2; fi
done

# Style Dictionary's own format against DTCG: the same 20k tokens as a Style Dictionary folder
# (untyped tokens typed by their category, {….value} references) and as DTCG files.
[ -d "$work/sd-20k" ] || python3 "$here/Scripts/gen_style_dictionary.py" "$work/sd-20k" --tokens 20000 >/dev/null
"$here/.build/release/TesseraBench" --rounds "${ROUNDS:-5}" --system "dtcg-20k=$work/sd-20k/dtcg" \
  "style-dictionary-20k=$work/sd-20k/style-dictionary"
