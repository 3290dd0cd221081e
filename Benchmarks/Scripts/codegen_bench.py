#!/usr/bin/env python3
"""Times `tessera build` on generated token sets: Swift (runtime flavor), an asset catalog and
CSS from one configuration, cold (no outputs, no build state) and again with nothing changed.

    python3 Benchmarks/Scripts/codegen_bench.py TESSERA_BINARY SET_DIR [SET_DIR...] [--rounds N]
        [--outputs swift,assets,css]

--outputs chooses the outputs (default all three; `swift` alone is what Style Dictionary's
reference figures measure).

SET_DIR is a folder of token files (gen_dtcg.py's output). Prints the median and the range of
each, and the peak memory of a cold build (from /usr/bin/time when present)."""
import os, shutil, statistics, subprocess, sys, tempfile, time

def main():
    args = sys.argv[1:]
    rounds = 5
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i:i + 2]
    outputs = ["swift", "assets", "css"]
    if "--outputs" in args:
        i = args.index("--outputs")
        outputs = args[i + 1].split(",")
        del args[i:i + 2]
    lines = {"swift": "  - swift: {path: out/Tokens.swift}\n", "assets": "  - assets: {path: out/Tokens.xcassets}\n",
             "css": "  - css: {path: out/tokens.css}\n"}
    binary, sets = args[0], args[1:]
    for tokens in sets:
        work = tempfile.mkdtemp(prefix="tessera-codegen-bench-")
        config = os.path.join(work, "tessera.yml")
        with open(config, "w") as f:
            f.write(f"sources: [{os.path.abspath(tokens)}]\noutputs:\n" + "".join(lines[o] for o in outputs))
        def run():
            start = time.perf_counter()
            subprocess.run([binary, "build", "--config", config, "--quiet"], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return time.perf_counter() - start
        cold, warm = [], []
        for _ in range(rounds):
            shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)
            shutil.rmtree(os.path.join(work, ".tessera"), ignore_errors=True)
            cold.append(run())
            warm.append(run())
        files = sum(len(names) for _, _, names in os.walk(os.path.join(work, "out")))
        peak = ""
        if os.path.exists("/usr/bin/time"):
            shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)
            shutil.rmtree(os.path.join(work, ".tessera"), ignore_errors=True)
            result = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "build", "--config", config, "--quiet"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            peak = f", peak {int(result.stderr.strip().splitlines()[-1]) // 1024} MB"
        print(f"{os.path.basename(os.path.normpath(tokens))} ({'+'.join(outputs)}): {files} files; cold build median "
              f"{statistics.median(cold) * 1000:.0f} ms ({min(cold) * 1000:.0f}-{max(cold) * 1000:.0f}){peak}; "
              f"no-change rebuild median {statistics.median(warm) * 1000:.1f} ms ({min(warm) * 1000:.1f}-{max(warm) * 1000:.1f})")
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main()
