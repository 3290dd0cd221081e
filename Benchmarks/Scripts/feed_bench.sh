#!/usr/bin/env bash
# The theme feed at scale: publishing TENANTS tenants of a 2,000-token system in one run, beside
# publishing SAMPLE of them one process each; the feed's size; one theme compressed as a server
# sends it (gzip, brotli when installed).
#
#   Benchmarks/Scripts/feed_bench.sh [TENANTS=1000] [SAMPLE=10] [TESSERA=.build/release/tessera]
set -euo pipefail
cd "$(dirname "$0")/../.."
tenants="${1:-1000}"
sample="${2:-10}"
tessera="$(cd "$(dirname "${3:-.build/release/tessera}")" && pwd)/$(basename "${3:-.build/release/tessera}")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/Scripts/gen_tenants.py "$work/project" "$tenants" >/dev/null
cd "$work/project"
"$tessera" keygen brand >/dev/null 2>&1
start=$(date +%s.%N)
"$tessera" publish --key brand.key -o feed >/dev/null 2>&1
end=$(date +%s.%N)
echo "publish $tenants tenants in one run: $(echo "$end - $start" | bc) s; feed $(du -sb feed | cut -f1) bytes ($(ls feed/themes | wc -l) themes, manifest.json $(wc -c < feed/manifest.json) bytes)"
mkdir one
start=$(date +%s.%N)
for tenant in $(ls tenants | head -n "$sample"); do
    rm -rf one/* && cp -R "tenants/$tenant" one/
    "$tessera" publish --tenants one --key brand.key -o "single-$tenant" >/dev/null 2>&1
done
end=$(date +%s.%N)
each=$(echo "($end - $start) / $sample" | bc -l)
printf "one tenant per run: %.2f s each, %.0f s for %s\n" "$each" "$(echo "$each * $tenants" | bc -l)" "$tenants"
theme=$(ls feed/themes/* | head -1)
printf "one theme: %s bytes, gzip -6 %s, gzip -9 %s" "$(wc -c < "$theme")" "$(gzip -6 -c "$theme" | wc -c)" "$(gzip -9 -c "$theme" | wc -c)"
if command -v brotli >/dev/null; then printf ", brotli -q 5 %s, brotli -q 11 %s" "$(brotli -q 5 -c "$theme" | wc -c)" "$(brotli -q 11 -c "$theme" | wc -c)"; fi
echo
