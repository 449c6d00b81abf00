"""Score ``tf2lint check`` on the real-world suite; ``--write`` records the baseline.

    python scripts/realworld_score.py            # print recall, false alarms, misses
    python scripts/realworld_score.py --write    # rewrite tests/realworld/score.json
    python scripts/realworld_score.py --tf2lint /path/to/bin/tf2lint   # score another build

tests/test_realworld.py fails when recall drops below, or false alarms rise above, the recorded
baseline; raise the bar by rerunning with --write after a rule improves.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tf2lint.runtime_check import realworld

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "realworld"
BASELINE = SUITE / "score.json"


def check_suite(suite: Path = SUITE, tf2lint: list[str] | None = None) -> list[dict]:
    """Every finding of ``tf2lint check`` (this one, or the executable given) on the suite.

    A program whose header says ``# ENV: TF_USE_LEGACY_KERAS=1`` runs under Keras 2 (tf-keras
    as ``tf.keras``), the variable set where it runs: it is linted as a user would configure
    that project, with ``--keras-version 2``."""
    keras2 = {p.folder.name for p in realworld.load_suite(suite) if _legacy_keras(p.env)}
    files = sorted(str(p) for p in suite.glob("*/*.py"))
    groups = [
        ([f for f in files if Path(f).parent.name not in keras2], []),
        ([f for f in files if Path(f).parent.name in keras2], ["--keras-version", "2"]),
    ]
    command = tf2lint or [sys.executable, "-m", "tf2lint"]
    found = []
    for group, flags in groups:
        if not group:
            continue
        done = subprocess.run(
            [*command, "check", "--exit-zero", "--no-cache", "--output-format", "json", *flags,
             *group],
            capture_output=True, text=True, check=True, cwd=suite,
        )  # fmt: skip
        found += json.loads(done.stdout)
    return [  # ruff's schema; the scorer reads each finding's file, rule id and lines
        {
            **d,
            "path": str(Path(d["filename"]).resolve()),
            "rule": d["code"],
            "line": d["location"]["row"],
            "end_line": d["end_location"]["row"],
        }
        for d in found
    ]


def _legacy_keras(env: dict[str, str]) -> bool:
    """TensorFlow's reading of ``TF_USE_LEGACY_KERAS`` (tensorflow/python/util/lazy_loader.py):
    "true", "True" or "1"."""
    return env.get("TF_USE_LEGACY_KERAS") in ("true", "True", "1")


def current_score(suite: Path = SUITE, tf2lint: list[str] | None = None) -> realworld.Score:
    return realworld.score(realworld.load_suite(suite), check_suite(suite, tf2lint))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record this score as the baseline")
    parser.add_argument("--tf2lint", help="score another tf2lint executable (e.g. main's)")
    args = parser.parse_args()
    result = current_score(tf2lint=[args.tf2lint] if args.tf2lint else None)
    print(f"recall {len(result.found)}/{result.expected} ({result.recall:.0%}), "
          f"false alarms {len(result.false_alarms)}")  # fmt: skip
    for line in result.missed:
        print("  missed     ", line)
    for line in result.false_alarms:
        print("  false alarm", line)
    if args.write:
        BASELINE.write_text(json.dumps(result.to_dict(), indent=1) + "\n")
        print(f"wrote {BASELINE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
