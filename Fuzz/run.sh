#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (the toolchain's -sanitize=fuzzer,address).
#
#   Fuzz/run.sh [SECONDS] [TARGET...]      targets: json pipeline resolver text-styles colorset figma tokens-studio gentle figma-export theme-file codegen quality (default: all)
#
# Builds one binary from the library's sources, the code generation and quality sources that
# need no package (every output but tessera.yml, templates and writing) and Fuzz/*.swift (about 2 minutes),
# seeds each target's corpus from Examples/ and the test fixtures, and runs each target for
# SECONDS (60 by default). New inputs that add coverage are kept in .build/fuzz/corpus/TARGET;
# a crash, a leak, a timeout (10 s) or more than 2 GB for one input stops the run and leaves
# the input in .build/fuzz/ as crash-*, timeout-* or oom-*. To fuzz for an hour on both cores:
#   Fuzz/run.sh 3600 pipeline & Fuzz/run.sh 3600 resolver
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(json pipeline resolver text-styles colorset figma tokens-studio gentle figma-export theme-file codegen quality)

out=.build/fuzz
mkdir -p "$out"
binary="$out/tessera-fuzz"
if [ ! -x "$binary" ] || [ -n "$(find Sources/Tessera Sources/TesseraCodegen Fuzz -name '*.swift' -newer "$binary" | head -1)" ]; then
    codegen=$(ls Sources/TesseraCodegen/*.swift Sources/TesseraCodegen/Quality/*.swift \
        | grep -v -E '/(Build|BuildConfiguration|BuildState|OutputWriter|TemplateEmitter|LintConfiguration|TokenSystem)\.swift$')
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name Tessera -suppress-warnings \
        $(find Sources/Tessera -name '*.swift' | sort) $codegen Fuzz/*.swift -o "$binary" 2>&1 \
        | grep -v "Cannot export local symbol" || true
fi

for target in "${targets[@]}"; do
    corpus="$out/corpus/$target"
    mkdir -p "$corpus"
    seeds="$out/seeds/$target"
    rm -rf "$seeds" && mkdir -p "$seeds"
    case "$target" in
        resolver | codegen | quality) find Examples Tests/TesseraTestSupport/Fixtures Tests/TesseraTests/Fixtures Fuzz/seeds -name '*.resolver.json' -exec cp {} "$seeds/" \; ;;
        text-styles) find Tests/TesseraTestSupport/Fixtures Fuzz/seeds -iname 'textStyles*.json' -exec cp {} "$seeds/" \; ;;
        figma) cp Fuzz/seeds/figma/*.json "$seeds/" ;;
        gentle) cp Tests/TesseraTestSupport/Fixtures/gentle/*.json "$seeds/" ;;
        figma-export)
            n=0
            while IFS= read -r file; do n=$((n + 1)); cp "$file" "$seeds/export-$n.json"; done \
                < <(find Tests/TesseraTestSupport/Fixtures/figma-export -name '*.json' | sort) ;;
        theme-file)
            # Compiled themes of the example (signed and not) and of a token of every type.
            swift run -q tessera compile Examples/app.resolver.json -o "$seeds/example.theme" >/dev/null 2>&1
            swift run -q tessera compile Fuzz/seeds/all-types.tokens.json -o "$seeds/all-types.theme" >/dev/null 2>&1 ;;
        tokens-studio) cp Fuzz/seeds/tokens-studio/*.json Tests/TesseraTests/Fixtures/tokens-studio/tokens/*.json "$seeds/" ;;
        colorset)
            n=0
            while IFS= read -r file; do n=$((n + 1)); cp "$file" "$seeds/colorset-$n.json"; done \
                < <(find Tests/TesseraTestSupport/Fixtures -path '*.colorset/Contents.json' | sort) ;;
        *) find Examples Tests/TesseraTestSupport/Fixtures Tests/TesseraTests/Fixtures Fuzz/seeds -name '*.json' -size -200k -exec cp {} "$seeds/" \; ;;
    esac
    dict="-dict=../../Fuzz/dtcg.dict"
    [ "$target" = theme-file ] && dict=""
    echo "== $target for ${seconds}s"
    (cd "$out" && TESSERA_FUZZ="$target" ./tessera-fuzz -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 $dict -print_final_stats=1 "corpus/$target" "seeds/$target" 2>&1 \
        | grep -E "^#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Test unit written|==[0-9]+==" || true)
    if ls "$out"/crash-* "$out"/timeout-* "$out"/oom-* "$out"/leak-* >/dev/null 2>&1; then
        echo "fuzz: $target found a problem; the input is in $out"
        exit 1
    fi
done
