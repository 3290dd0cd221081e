#!/usr/bin/env bash
# The theme feed at scale: publishing TENANTS tenants of a 2,000-token system in one run, beside
# compiling SAMPLE of them one at a time (`tessera compile` of the base and the tenant's
# overrides, signed, one process each) and publishing PUBLISH_SAMPLE of them one process each;
# the feed's size; one theme compressed as a server sends it (gzip, brotli when installed).
# Times are wall clock; peak memory is /usr/bin/time's maximum resident set, when it exists.
#
#   Benchmarks/Scripts/feed_bench.sh [TENANTS=1000] [SAMPLE=TENANTS] [TESSERA=.build/release/tessera] [PUBLISH_SAMPLE=10]
set -euo pipefail
cd "$(dirname "$0")/../.."
tenants="${1:-1000}"
sample="${2:-$tenants}"
tessera="$(cd "$(dirname "${3:-.build/release/tessera}")" && pwd)/$(basename "${3:-.build/release/tessera}")"
publish_sample="${4:-10}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/Scripts/gen_tenants.py "$work/project" "$tenants" >/dev/null
cd "$work/project"
"$tessera" keygen brand >/dev/null 2>&1
now() { date +%s.%N; }
timed=()
[ -x /usr/bin/time ] && timed=(/usr/bin/time -f "%M" -o "$work/rss")

start=$(now)
"${timed[@]}" "$tessera" publish --key brand.key -o feed >/dev/null 2>"$work/publish.log" || { cat "$work/publish.log" >&2; exit 1; }
end=$(now)
rss=""
[ -f "$work/rss" ] && rss=", peak RSS $(( $(tail -1 "$work/rss") / 1024 )) MB"
manifests=(feed/manifest-*.json)
first=$(basename "${manifests[0]}")
echo "publish $tenants tenants in one run: $(echo "$end - $start" | bc) s$rss; feed $(du -sb feed | cut -f1) bytes" \
    "($(ls feed/themes | wc -l) themes, $(du -sb feed/themes | cut -f1) bytes; manifest.json $(wc -c < feed/manifest.json) bytes;" \
    "$first $(wc -c < "feed/$first") bytes)"
# Publishing again with nothing changed: every tenant checked and compiled again, nothing written.
start=$(now)
"$tessera" publish --key brand.key -o feed >/dev/null 2>&1
end=$(now)
echo "publish again, nothing changed: $(echo "$end - $start" | bc) s"

# One at a time: each tenant compiled by its own process, as a build script looping over them
# does, from a resolver of two sets (the base's files, then the tenant's overrides; written
# before the clock starts).
mkdir compiled resolvers
python3 - "$sample" <<'PY'
import json, os, sys
base = [{"$ref": "../base/" + name} for name in sorted(os.listdir("base"))]
for tenant in sorted(os.listdir("tenants"))[: int(sys.argv[1])]:
    overrides = "../tenants/" + tenant + ("/brand.tokens.json" if os.path.isdir("tenants/" + tenant) else "")
    name = tenant.removesuffix(".tokens.json")
    json.dump({"version": "2025.10", "sets": {"base": {"sources": base}, "tenant": {"sources": [{"$ref": overrides}]}},
        "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/sets/tenant"}]}, open(f"resolvers/{name}.resolver.json", "w"))
PY
start=$(now)
for resolver in resolvers/*.resolver.json; do
    name=$(basename "$resolver" .resolver.json)
    "$tessera" compile "$resolver" --sign brand.key -o "compiled/$name.theme" >/dev/null 2>"$work/compile.log" \
        || { cat "$work/compile.log" >&2; exit 1; }
done
end=$(now)
each=$(echo "($end - $start) / $sample" | bc -l)
printf "compile one tenant per run (%s of them): %.0f s, %.3f s each, %.0f s for %s; %s bytes of themes\n" \
    "$sample" "$(echo "$end - $start" | bc -l)" "$each" "$(echo "$each * $tenants" | bc -l)" "$tenants" "$(du -sb compiled | cut -f1)"

mkdir one
start=$(now)
names=(tenants/*)
for tenant in "${names[@]:0:$publish_sample}"; do
    tenant=$(basename "$tenant")
    rm -rf one/* && cp -R "tenants/$tenant" one/
    "$tessera" publish --tenants one --key brand.key -o "single-$tenant" >/dev/null 2>&1
done
end=$(now)
each=$(echo "($end - $start) / $publish_sample" | bc -l)
printf "publish one tenant per run (%s of them): %.2f s each, %.0f s for %s\n" "$publish_sample" "$each" "$(echo "$each * $tenants" | bc -l)" "$tenants"

themes=(feed/themes/*.theme)
theme=${themes[0]}
printf "one theme (%s): %s bytes, gzip -6 %s, gzip -9 %s" "$(basename "$theme")" "$(wc -c < "$theme")" \
    "$(gzip -6 -c "$theme" | wc -c)" "$(gzip -9 -c "$theme" | wc -c)"
if command -v brotli >/dev/null; then printf ", brotli -q 5 %s, brotli -q 11 %s" "$(brotli -q 5 -c "$theme" | wc -c)" "$(brotli -q 11 -c "$theme" | wc -c)"; fi
echo
printf "one tenant's manifest: %s bytes, gzip -9 %s\n" "$(wc -c < "feed/$first")" "$(gzip -9 -c "feed/$first" | wc -c)"
