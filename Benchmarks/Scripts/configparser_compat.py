#!/usr/bin/env python3
"""`tessera compat` against the ConfigTokens apps' ConfigParser itself, on generated
four-file sets of any size: the reproduction in Tessera must print, lookup for lookup, what the
parser prints (a differential check), and the report says where the parser is wrong.

    swift build -c release --product tessera
    python3 Benchmarks/Scripts/configparser_compat.py [--tokens 20000] [--seed 7] [--bench ../shared/bench]

Needs the bench folder (`gen_youll.py` and `seed-configparser/`), which it builds in a
temporary copy. Exits 1 when the reproduction and the parser disagree on any lookup.
"""
import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tokens", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bench", default=os.path.join(os.path.dirname(__file__), "../../../shared/bench"))
    parser.add_argument("--tessera", default=".build/release/tessera")
    args = parser.parse_args()
    bench = os.path.abspath(args.bench)
    with tempfile.TemporaryDirectory(prefix="tessera-compat-") as work:
        seed_package = os.path.join(work, "seed-configparser")
        shutil.copytree(os.path.join(bench, "seed-configparser"), seed_package,
                        ignore=shutil.ignore_patterns(".build"))
        subprocess.run(["swift", "build", "-c", "release", "--package-path", seed_package],
                       check=True, stdout=subprocess.DEVNULL)
        seed_binary = os.path.join(seed_package, ".build/release/SeedConfigParser")
        folder = os.path.join(work, "set")
        subprocess.run([sys.executable, os.path.join(bench, "gen_youll.py"), folder, str(args.tokens), str(args.seed)],
                       check=True, stdout=subprocess.DEVNULL)
        failed = compare(args, seed_binary, folder, os.path.join(folder, "lookups.txt"), f"{args.tokens} tokens")
        # The fixture of the parser's pitfalls, every lookup the report makes of it.
        pitfalls = os.path.join(os.path.dirname(__file__), "../../Tests/TesseraTestSupport/Fixtures/config-tokens-pitfalls")
        every = subprocess.run([args.tessera, "compat", pitfalls, "--format", "tsv"], capture_output=True, text=True).stdout
        lookups = os.path.join(work, "pitfalls.txt")
        with open(lookups, "w") as out:
            out.writelines(" ".join(line.split("\t")[:2]) + "\n" for line in every.splitlines())
        failed |= compare(args, seed_binary, pitfalls, lookups, "the pitfalls fixture")
        return 1 if failed else 0


def compare(args, seed_binary, folder, lookups, name):
    """Runs both on one folder; prints the verdicts; true when they disagree."""
    parser_lines = subprocess.run([seed_binary, folder, lookups, "--dump"], check=True,
                                  capture_output=True, text=True).stdout.splitlines()
    start = time.perf_counter()
    run = subprocess.run([args.tessera, "compat", folder, "--lookups", lookups, "--format", "tsv"],
                         capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    rows = [line.split("\t") for line in run.stdout.splitlines()]
    disagreements = [(p, r) for p, r in zip(parser_lines, rows) if p != r[1] + "\t" + r[2]]
    if len(rows) != len(parser_lines):
        disagreements.append((f"{len(parser_lines)} lookups", f"{len(rows)} rows"))
    verdicts = collections.Counter(r[4] for r in rows)
    print(f"{name}: {len(rows)} lookups, compat in {elapsed:.2f} s")
    print("verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    print(f"reproduction vs ConfigParser: {len(disagreements)} disagreement(s)")
    for expected, found in disagreements[:10]:
        print(f"  parser: {expected}\n  tessera: {found}")
    return bool(disagreements)


if __name__ == "__main__":
    sys.exit(main())
