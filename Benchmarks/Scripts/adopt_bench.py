#!/usr/bin/env python3
"""How long `tessera adopt` takes to read an app's Swift: a synthetic app of LINES lines (SwiftUI
views and UIKit cells, each with color literals, hex helpers, layout numbers, fonts and
ConfigParser calls, some of them tokens, some not) beside a small light/dark token system.

    python3 Benchmarks/Scripts/adopt_bench.py --tessera .build/release/tessera [--lines 100000] [--rounds 3]

Prints the files and lines read, what the report found, and the least of ROUNDS wall times and
the peak resident memory of the report run (`tessera adopt`, no rewrite)."""
import argparse, os, resource, subprocess, sys, tempfile, time

RESOLVER = """{
  "version": "2025.10",
  "sets": {"base": {"sources": [{
    "grey": {"$type": "color", "0": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}},
      "900": {"$value": {"colorSpace": "srgb", "components": [0.1, 0.1, 0.1]}}},
    "color": {"$type": "color", "background": {"$value": "{grey.0}"}, "text": {"$value": "{grey.900}"}},
    "spacing": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}}, "md": {"$value": {"value": 16, "unit": "px"}}},
    "radius": {"$type": "dimension", "md": {"$value": {"value": 12, "unit": "px"}}}
  }]}},
  "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"color": {"$type": "color",
    "background": {"$value": "{grey.900}"}, "text": {"$value": "{grey.0}"}}}]}, "default": "light"}},
  "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]
}
"""

VIEW = """import SwiftUI

struct Card{n}: View {{
    let title: String
    var body: some View {{
        VStack(alignment: .leading, spacing: 8) {{
            Text(title)
                .font(.system(size: 17, weight: .semibold))
                .foregroundStyle(Color(red: 0.1, green: 0.1, blue: 0.1))
                .padding(16)
                .padding(.horizontal, {odd})
            RoundedRectangle(cornerRadius: 12)
                .fill(Color(red: 1, green: 1, blue: 1))
                .frame(height: 44)
        }}
        .background(Color(.sRGB, red: 0.{odd}, green: 0.5, blue: 0.5, opacity: 1))
    }}
}}

"""

CELL = """import UIKit

final class Cell{n}: UITableViewCell {{
    func style() {{
        backgroundColor = UIColor.hex(0xFFFFFF)
        textLabel?.textColor = ConfigParser.colorFromToken("color/text")
        textLabel?.font = UIFont.systemFont(ofSize: 15)
        layer.cornerRadius = 12
        layer.borderWidth = 1
        // A comment: UIColor(red: 1, green: 0, blue: 0, alpha: 1) is not code.
        let gap = ConfigParser.sizeFromToken("spacing/md") + {odd}
        contentView.layoutMargins = UIEdgeInsets(top: gap, left: gap, bottom: gap, right: gap)
    }}
}}

"""

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tessera", required=True)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    args.tessera = os.path.abspath(args.tessera)
    work = tempfile.mkdtemp(prefix="adopt-bench-")
    with open(os.path.join(work, "app.resolver.json"), "w") as f:
        f.write(RESOLVER)
    with open(os.path.join(work, "tessera.yml"), "w") as f:
        f.write("resolver: app.resolver.json\noutputs:\n  - swift: { path: Generated/Palette.swift, flavor: static, name: Palette }\n"
                "lint: { usage: [App] }\n")
    lines = 0
    n = 0
    while lines < args.lines:
        folder = os.path.join(work, "App", f"Feature{n // 50}")
        os.makedirs(folder, exist_ok=True)
        text = (VIEW if n % 2 == 0 else CELL).format(n=n, odd=(n % 7) + 3) * 5
        with open(os.path.join(folder, f"File{n}.swift"), "w") as f:
            f.write(text)
        lines += text.count("\n")
        n += 1
    subprocess.run([args.tessera, "build"], cwd=work, check=True, capture_output=True)
    times = []
    report = ""
    for _ in range(args.rounds):
        start = time.perf_counter()
        run = subprocess.run([args.tessera, "adopt"], cwd=work, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if run.returncode != 0:
            sys.exit(run.stderr)
        report = run.stdout
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(report.strip().split("\n")[-1])
    print(f"{n} files, {lines} lines: {min(times):.2f} s (least of {args.rounds}), peak {peak // 1024} MiB")

if __name__ == "__main__":
    main()
