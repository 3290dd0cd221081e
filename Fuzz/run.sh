#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (the toolchain's -sanitize=fuzzer,address).
#
#   Fuzz/run.sh [SECONDS] [TARGET...]      targets: json pipeline resolver text-styles colorset figma tokens-studio gentle figma-export figma-modes style-dictionary theme-file codegen quality feed-manifest lsp reparse (default: all)
#
# Builds one binary (a few minutes) from the library's modules TesseraModel, TesseraRuntime,
# Tessera, TesseraImporters, TesseraGenerate, TesseraQuality and TesseraLanguageServer and from Fuzz/*.swift, seeds each target's corpus
# from Examples/, the test fixtures, Fuzz/seeds and, when it is there, ../shared/corpus (the real
# token sets), and runs each target for SECONDS (60 by default). New inputs that add coverage are
# kept in .build/fuzz/corpus/TARGET; a crash, a leak, a timeout (10 s) or more than 2 GB for one
# input stops the run and leaves the input in .build/fuzz/ as crash-*, timeout-* or oom-*. To fuzz
# for an hour on both cores:
#   Fuzz/run.sh 3600 pipeline & Fuzz/run.sh 3600 resolver
#
# How the binary is built: the sources of the five modules and the harnesses are compiled as ONE
# module named Tessera by one swiftc, so every line of the library is instrumented for coverage
# and the address sanitizer alike; -package-name lets `package` declarations compile, and the
# harnesses reach internal declarations as well. The `import TesseraModel`, `import
# TesseraGenerate`, ... between the modules are met by empty stub modules built beside the binary
# (`import Tessera` inside the module is ignored by the compiler). Compiling each module on its
# own and linking the objects would instrument the same code, but would need a build order,
# module files and a link step kept in line with Package.swift. Here a new file is picked up by
# `find`, a new module is one word in `modules`, and the binary is rebuilt when a Swift file in
# those folders or Fuzz/, or this script, is newer than it. The theme-file target's seeds are
# compiled by `swift run tessera` (the first time, that builds the tool).
# Left out, by reason, with nothing listed by hand:
#   - a file that imports a module other than Foundation, Dispatch, the C library or one of our
#     own (the package dependencies Atomics, Crypto and Logging, and Observation): the fuzzer is
#     built without them (ThemeStore, ThemeSigning, ConfigParserFacade, ReportOnce,
#     ObservableTheme, ThemeFeed and FeedManifest+Signing today: the feed-manifest target reads
#     the manifest without checking its signature);
#   - a file whose code (comments aside) names a type declared in a file left out, until no more
#     are (the engine's ConfigParserFacade+Loading.swift today);
#   - a file that only re-exports modules (the Exports.swift files).
# TesseraBuild (Yams, Mustache, writing files), TesseraUI and the command line are not fuzzed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(json pipeline resolver text-styles colorset figma tokens-studio gentle figma-export figma-modes style-dictionary theme-file codegen quality feed-manifest lsp reparse)

modules=(TesseraModel TesseraRuntime Tessera TesseraImporters TesseraGenerate TesseraQuality TesseraLanguageServer)
folders=("${modules[@]/#/Sources/}")
shared=../shared/corpus

out=.build/fuzz
mkdir -p "$out"
binary="$out/tessera-fuzz"
if [ ! -x "$binary" ] || [ -n "$(find "${folders[@]}" Fuzz -name '*.swift' -newer "$binary" | head -1)" ] \
    || [ Fuzz/run.sh -nt "$binary" ]; then
    all=$(find "${folders[@]}" -name '*.swift' | sort)
    # imports FILE...: "FILE MODULE" for each import of the file (at the start of a line, as the
    # imports are; an indented one is in a string of generated code).
    imports() {
        awk '/^(@[A-Za-z_]+[[:space:]]+)*([a-z]+[[:space:]]+)?import[[:space:]]/ {
            for (i = 1; i < NF; i++) if ($i == "import") break
            module = $(i + 1); sub(/\..*/, "", module); print FILENAME, module
        }' "$@"
    }
    # The files that import a module the fuzzer is not built with...
    excluded=$(imports $all | awk '$2 !~ /^(Foundation|Dispatch|Glibc|Musl|Darwin|Tessera[A-Za-z]*)$/ { print $1 }' | sort -u)
    # ...and, until there are no more, the files whose code names a type declared at the top level
    # (not private) in one of those.
    while [ -n "$excluded" ]; do
        names=$(awk '/^(@[A-Za-z_]+[[:space:]]+)*([a-z]+[[:space:]]+)*(class|struct|enum|actor|protocol)[[:space:]]+[A-Za-z_]/ && !/^[^=]*private / {
                for (i = 1; i < NF; i++) if ($i ~ /^(class|struct|enum|actor|protocol)$/) break
                name = $(i + 1); sub(/[^A-Za-z0-9_].*/, "", name); print name
            }' $excluded | sort -u | paste -s -d '|' -)
        [ -z "$names" ] && break
        more=""
        for file in $(comm -23 <(echo "$all") <(echo "$excluded")); do
            if grep -v -E '^[[:space:]]*//' "$file" | grep -q -w -E "$names"; then more+="$file"$'\n'; fi
        done
        [ -z "$more" ] && break
        excluded=$(printf '%s\n%s' "$excluded" "$more" | grep . | sort -u)
    done
    # The files that only re-export modules (Exports.swift): in one module there is nothing to
    # re-export, and one module cannot hold two files of one name.
    for file in $all; do
        grep -q -v -E '^[[:space:]]*(//.*)?$|^@_exported import ' "$file" || excluded+=$'\n'"$file"
    done
    excluded=$(echo "$excluded" | grep . | sort -u || true)
    sources=$(comm -23 <(echo "$all") <(echo "$excluded"))
    echo "fuzz: building from $(echo "$sources" | wc -l) files and Fuzz/*.swift; left out:" $(for file in $excluded; do basename "$file"; done)

    # Empty modules for the names the sources import from each other.
    stubs="$out/stubs"
    rm -rf "$stubs" && mkdir -p "$stubs"
    : >"$stubs/empty.swift"
    for name in $(imports $sources | awk '$2 ~ /^Tessera/ && $2 != "Tessera" { print $2 }' | sort -u); do
        swiftc -emit-module -parse-as-library -module-name "$name" "$stubs/empty.swift" -o "$stubs/$name.swiftmodule"
    done

    set +e
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name Tessera -package-name Tessera -I "$stubs" \
        -suppress-warnings $sources Fuzz/*.swift -o "$binary.new" 2>&1 | grep -v "Cannot export local symbol"
    status=${PIPESTATUS[0]}
    set -e
    [ "$status" -eq 0 ] || { echo "fuzz: the build failed" >&2; exit 1; }
    mv "$binary.new" "$binary"
fi

# seed ROOT... -- TEST...: copies the files under the ROOTs (those that exist) that pass find's
# TESTs into the target's seeds, each under a name of its own.
seed() {
    local roots=() file
    while [ "$1" != -- ]; do
        if [ -e "$1" ]; then roots+=("$1"); fi
        shift
    done
    shift
    if [ ${#roots[@]} -eq 0 ]; then return 0; fi
    while IFS= read -r -d '' file; do
        n=$((n + 1))
        cp "$file" "$seeds/$n-$(basename "$file")"
    done < <(find "${roots[@]}" -type f -size -200k \( "$@" \) -print0 | sort -z)
}

fixtures=(Tests/TesseraTestSupport/Fixtures Tests/TesseraTests/Fixtures)
for target in "${targets[@]}"; do
    corpus="$out/corpus/$target"
    mkdir -p "$corpus"
    seeds="$out/seeds/$target"
    rm -rf "$seeds" && mkdir -p "$seeds"
    n=0
    case "$target" in
        resolver | codegen | quality)
            seed Examples "${fixtures[@]}" Fuzz/seeds -- -name '*.resolver.json'
            seed "$shared" -- -name '*.resolver.json' -o -name resolver.json -o -path '*/spec-examples/resolver/*.json' ;;
        text-styles) seed "${fixtures[@]}" Fuzz/seeds -- -iname 'textStyles*.json' ;;
        figma) seed Fuzz/seeds/figma -- -name '*.json' ;;
        feed-manifest) seed Fuzz/seeds/feed-manifest -- -name '*.json' ;;
        gentle) seed "${fixtures[@]}" -- -path '*/gentle/*.json' ;;
        figma-export) seed "${fixtures[@]}" -- -path '*/figma-export*/*.json' ;;
        figma-modes) seed "${fixtures[@]}" Fuzz/seeds -- -path '*/figma-modes/*.json' ;;
        style-dictionary) seed "${fixtures[@]}" Fuzz/seeds "$shared/paragon" -- -path '*/style-dictionary/*.json' -o -path '*/paragon/tokens/*.json' ;;
        theme-file)
            # Inputs that once failed, and compiled themes of the example and of a token of every type.
            seed Fuzz/seeds/theme-file -- -name '*.theme'
            for input in Examples/app.resolver.json Fuzz/seeds/all-types.tokens.json; do
                name=$(basename "$input" | cut -d. -f1)
                if ! log=$(swift run -q tessera compile "$input" -o "$seeds/$name.theme" 2>&1); then
                    echo "$log" >&2
                    echo "fuzz: tessera compile $input failed" >&2
                    exit 1
                fi
            done ;;
        tokens-studio)
            seed Fuzz/seeds/tokens-studio -- -name '*.json'
            seed "${fixtures[@]}" "$shared/tokens-studio" -- -path '*/tokens-studio/tokens/*.json' -o -path '*/tokens-studio/test/integration/tokens/*.json' \
                -o -path '*/tokens-studio/synced*.json' -o -path '*/tokens-studio/synced/*.json' -o -path '*/tokens-studio/synced/*/*.json' ;;
        lsp) seed Fuzz/seeds/lsp -- -name '*.lsp' ;;
        colorset) seed "${fixtures[@]}" "$shared" -- -path '*.colorset/Contents.json' ;;
        *)
            seed Examples "${fixtures[@]}" Fuzz/seeds -- -name '*.json'
            seed "$shared" -- -name '*.json' ;;
    esac
    dict="-dict=../../Fuzz/dtcg.dict"
    [ "$target" = theme-file ] && dict=""
    echo "== $target for ${seconds}s ($(ls "$seeds" | wc -l | tr -d " ") seeds)"
    # SWIFT_BACKTRACE: on a trap libFuzzer prints the stack; Swift's own backtracer, run under the
    # sanitizer, can hang instead.
    (cd "$out" && TESSERA_FUZZ="$target" SWIFT_BACKTRACE=enable=no ./tessera-fuzz -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 $dict -print_final_stats=1 "corpus/$target" "seeds/$target" 2>&1 \
        | grep -E "^#[0-9]+[[:space:]]+(DONE|INITED)|stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Test unit written|==[0-9]+==" || true)
    if [ -n "$(find "$out" -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | head -1)" ]; then
        echo "fuzz: $target found a problem; the input is in $out"
        exit 1
    fi
done
