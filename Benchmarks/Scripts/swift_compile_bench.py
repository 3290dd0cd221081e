#!/usr/bin/env python3
"""How long the Swift that `tessera build` generates takes to compile, beside the plainest shape
in the field: Style Dictionary's `ios-swift` output (one `public static let` per token, colors as
`UIColor(red:green:blue:alpha:)`, dimensions as `CGFloat(...)`, everything else a string).

    python3 Benchmarks/Scripts/swift_compile_bench.py --tessera BIN --modules DIR [--standins DIR]
        [--sizes 5000,20000] [--rounds 2] [--shared DIR] [--configs debug,release]

For each size, gen_dtcg.py (from the shared bench folder) makes a token set; `tessera build` writes
the runtime and the static flavor; `tessera resolve` gives the values the Style Dictionary shape is
written from. Each file is compiled by swiftc as SwiftPM compiles a module (debug: -Onone -g;
release: -O -whole-module-optimization), the least of ROUNDS runs in CPU time (user + system), net
of the same compile of a one-line file. Run it alone: a compile beside another took up to four
times its CPU time on a 2-core machine, and the first of several runs is often the slowest.

--modules is the folder of built modules holding TesseraRuntime.swiftmodule (.build/debug/Modules);
--standins a folder where the stand-in Core Animation and UIKit modules (Tests/StandIns/QuartzCore.swift,
then UIKit.swift, which imports it) are built as iOS declares them. Those stand-ins and the files measured
have their `os(...)` conditions answered as iOS answers them (as the tests' `ApplePlatform.preprocess`
does), so the static flavor's UIKit code is compiled as on iOS; SwiftUI's is left out, as before."""
import argparse, os, re, resource, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

def preprocess_for_ios(text):
    """`text` with each `os(...)` in an `#if` or `#elseif` line answered as iOS answers it."""
    lines = []
    for line in text.split("\n"):
        if line.lstrip().startswith(("#if ", "#elseif ")):
            line = re.sub(r"(?<![A-Za-z0-9_])os\(\s*(\w+)\s*\)", lambda m: "true" if m.group(1) == "iOS" else "false", line)
            line = line.replace("targetEnvironment(macCatalyst)", "false")
        lines.append(line)
    return "\n".join(lines)

def write_for_ios(source, destination):
    with open(source) as f:
        text = f.read()
    with open(destination, "w") as f:
        f.write(preprocess_for_ios(text))
    return destination

def cpu_time(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"compile failed: {' '.join(command)}\n{result.stdout[-4000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

def module_map_flags(modules):
    build = os.path.realpath(modules)
    while os.path.basename(build) != ".build" and build != "/":
        build = os.path.dirname(build)
    checkouts = os.path.join(build, "checkouts")
    maps = sorted(os.path.join(folder, "module.modulemap") for folder, _, names in os.walk(checkouts)
                  if "module.modulemap" in names and folder.endswith("/include") and "/Sources/" in folder)
    return [flag for path in maps for flag in ("-Xcc", "-fmodule-map-file=" + path)]

def identifier(path):
    parts = re.split(r"[^A-Za-z0-9]+", path)
    name = parts[0].lower() + "".join(p[:1].upper() + p[1:] for p in parts[1:] if p)
    return ("_" + name) if name[:1].isdigit() else name

def style_dictionary_shape(resolved):
    """`ios-swift/class.swift` with the color/UIColorSwift and size/swift/remToCGFloat transforms."""
    lines = ["import UIKit", "", "public class StyleDictionary {"]
    seen = set()
    for line in resolved.splitlines():
        fields = line.split("\t")
        if len(fields) != 3:
            continue
        path, kind, value = fields
        name = identifier(path)
        if name in seen:
            continue
        seen.add(name)
        if kind == "color" and re.fullmatch(r"#[0-9a-f]{8}", value):
            r, g, b, a = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5, 7))
            literal = f"UIColor(red: {r:.3f}, green: {g:.3f}, blue: {b:.3f}, alpha: {a:.3f})"
        elif kind == "dimension" and re.fullmatch(r"-?[0-9.]+px", value):
            literal = f"CGFloat({float(value[:-2]):.2f})"
        else:
            literal = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        lines.append(f"    public static let {name} = {literal}")
    lines.append("}")
    return "\n".join(lines) + "\n"

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tessera", required=True)
    parser.add_argument("--modules", required=True)
    parser.add_argument("--standins")
    parser.add_argument("--sizes", default="5000,20000")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--configs", default="debug,release")
    parser.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    parser.add_argument("--flavors", default="runtime,static,sd")
    args = parser.parse_args()
    # A compile measured beside another takes up to four times its CPU time on a small machine.
    busy = os.getloadavg()[0]
    if busy > 0.5:
        print(f"warning: load average {busy:.2f}: something else is running; the figures may be several times too high",
              file=sys.stderr)
    work = tempfile.mkdtemp(prefix="tessera-compile-bench-")
    standins = args.standins or os.path.join(work, "standins")
    os.makedirs(standins, exist_ok=True)
    # UIKit imports QuartzCore, so Core Animation's stand-in is built first, into the same folder.
    for module in ("QuartzCore", "UIKit"):
        source = write_for_ios(os.path.join(ROOT, "Tests", "StandIns", f"{module}.swift"), os.path.join(standins, f"{module}.swift"))
        subprocess.run(["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", module,
                        "-I", standins, source, "-emit-module-path", os.path.join(standins, f"{module}.swiftmodule")], check=True)
    flags = {"debug": ["-Onone", "-g"], "release": ["-O", "-whole-module-optimization"]}
    maps = module_map_flags(args.modules)

    def compile_time(source, config):
        out = os.path.join(work, "out.o")
        command = ["swiftc", "-c", "-parse-as-library", "-module-name", "Generated", "-I", args.modules,
                   "-I", standins] + maps + flags[config] + [source, "-o", out]
        return min(cpu_time(command) for _ in range(args.rounds))

    # The one-line file imports what the measured file imports, so importing is netted out too.
    configs = args.configs.split(",")
    imports = {"runtime": "TesseraRuntime", "static": "Foundation", "sd": "UIKit"}
    baseline = {}
    for flavor, module in imports.items():
        one_line = os.path.join(work, f"OneLine-{flavor}.swift")
        with open(one_line, "w") as f:
            f.write(f"import {module}\npublic let oneLine = 1\n")
        baseline[flavor] = {config: compile_time(one_line, config) for config in configs}
        print(f"one-line file importing {module}: " + ", ".join(f"{c} {baseline[flavor][c]:.2f} s" for c in configs))
    for size in (int(s) for s in args.sizes.split(",")):
        tokens = os.path.join(work, f"set-{size}")
        subprocess.run([sys.executable, os.path.join(args.shared, "bench", "gen_dtcg.py"), tokens, "--size", str(size)],
                       check=True, stdout=subprocess.DEVNULL)
        sources = {}
        for flavor in ("runtime", "static"):
            config = os.path.join(work, f"{flavor}-{size}.yml")
            path = os.path.join(work, f"{flavor}-{size}", "Tokens.swift")
            with open(config, "w") as f:
                f.write(f"sources: [{tokens}]\noutputs:\n  - swift: {{path: {path}, flavor: {flavor}}}\n")
            subprocess.run([args.tessera, "build", "--config", config, "--quiet"], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            sources[flavor] = write_for_ios(path, os.path.join(work, f"{flavor}-{size}", "Tokens-iOS.swift"))
        resolved = subprocess.run([args.tessera, "resolve", tokens], check=True, capture_output=True, text=True).stdout
        sd = os.path.join(work, f"sd-{size}", "StyleDictionary.swift")
        os.makedirs(os.path.dirname(sd), exist_ok=True)
        with open(sd, "w") as f:
            f.write(style_dictionary_shape(resolved))
        sources["sd"] = sd
        count = sum(1 for line in resolved.splitlines() if line.count("\t") == 2)
        for flavor in args.flavors.split(","):
            size_kb = os.path.getsize(sources[flavor]) // 1024
            times = ", ".join(f"{c} {compile_time(sources[flavor], c) - baseline[flavor][c]:.2f} s" for c in configs)
            print(f"{count} tokens, {flavor} ({size_kb} KB): {times}", flush=True)

if __name__ == "__main__":
    main()
