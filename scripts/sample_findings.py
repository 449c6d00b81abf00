"""Print a reproducible random sample of tf2lint's findings on the real corpus, to read by eye.

    python scripts/sample_findings.py --select TF5,TF6,TF7,TF8,TF9,TF0 --count 50 --seed 1

Each finding is shown with the source lines around it, numbered, so a reviewer can mark it
right or wrong. The packages default to the TF2 ones of ../shared/corpus.txt.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import DEFAULT_CACHE, fetch

TF2_PACKAGES = ["tf-models-official==2.20.0", "tf-agents==0.19.0"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--select", default="ALL")
    parser.add_argument("--packages", nargs="*", default=TF2_PACKAGES)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--context", type=int, default=2)
    args = parser.parse_args()
    findings = []
    for pin in args.packages:
        folder = fetch(pin, DEFAULT_CACHE)
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "tf2lint",
                "check",
                str(folder),
                "--select",
                args.select,
                "--format",
                "json",
                "--exit-zero",
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        data = [  # ruff's schema; the names this script reads
            {**d, "path": d["filename"], "rule": d["code"]}
            | {"line": d["location"]["row"], "column": d["location"]["column"]}
            for d in json.loads(result.stdout)
        ]
        counts = dict(sorted(Counter(d["rule"] for d in data).items()))
        print(f"{pin}: {len(data)} findings {counts}")
        findings += [(folder, d) for d in data if d["category"] != "engine"]
    sample = random.Random(args.seed).sample(findings, min(args.count, len(findings)))
    for number, (folder, d) in enumerate(sample, 1):
        path = Path(d["path"])
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        shown = path.resolve().relative_to(folder.resolve())
        print(f"\n#{number} {shown}:{d['line']}:{d['column']} {d['rule']} {d['message']}")
        for n in range(
            max(1, d["line"] - args.context), min(len(lines), d["line"] + args.context) + 1
        ):
            print(f"{'>' if n == d['line'] else ' '}{n:5d} | {lines[n - 1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
