"""Run ``tf2lint check --fix --unsafe-fixes`` twice over a copy of each package, and check it.

Usage: python scripts/fix_corpus.py [PACKAGE_DIR ...] [--jobs N] [--keep]

Default packages: every package pinned in ../shared/corpus.txt (fetched once, cached). Each is copied to a temporary folder; the
fix is run twice (in-process, through the same runner the CLI uses). Afterwards every file that
parsed before must still parse with ``ast``; the second run must change nothing (idempotency);
nothing may crash. Prints the figures and exits 1 if any check fails.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tf2lint.linting.plugins import all_rules
from tf2lint.run.files import discover
from tf2lint.run.runner import Settings, run

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import DEFAULT_CACHE, corpus_file, fetch, pinned


def _parses(path: Path) -> bool:
    try:
        ast.parse(path.read_bytes())
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _digests(files: list[Path]) -> dict[Path, str]:
    return {f: hashlib.sha256(f.read_bytes()).hexdigest() for f in files}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", type=Path)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the temporary copy")
    args = parser.parse_args(argv)
    packages = args.packages or [fetch(pin, DEFAULT_CACHE) for pin in pinned(corpus_file(None))]
    temp = Path(tempfile.mkdtemp(prefix="tf2lint-corpus-"))
    failures = 0
    totals: Counter = Counter()
    try:
        for package in packages:
            copy = temp / package.name
            shutil.copytree(package, copy, symlinks=True)
            files = list(discover([copy], copy, []))
            py_files = [f for f in files if f.suffix == ".py"]
            parsed_before = {f for f in py_files if _parses(f)}
            before = _digests(py_files)
            settings = Settings(rules=all_rules(), root=copy, fix=True, unsafe_fixes=True)
            start = time.perf_counter()
            first = run(files, settings, jobs=args.jobs)
            first_s = time.perf_counter() - start
            after_first = _digests(py_files)
            second = run(files, settings, jobs=args.jobs)
            after_second = _digests(py_files)
            changed = [f for f in py_files if before[f] != after_first[f]]
            unstable = [f for f in py_files if after_first[f] != after_second[f]]
            broken = [f for f in parsed_before if not _parses(f)]
            internal = [
                d for d in first.diagnostics + second.diagnostics if d.rule == "internal-error"
            ]
            by_rule: Counter = Counter()
            for outcome in first.outcomes:
                by_rule.update(outcome.fixed_by_rule)
            figures = {
                "files": len(py_files),
                "parse_before": len(parsed_before),
                "changed": len(changed),
                "fixes": first.fixed,
                "second_run_fixes": second.fixed,
                "not_idempotent": len(unstable),
                "broken": len(broken),
                "internal_errors": len(internal),
            }
            totals.update(figures)
            print(
                f"{package.name}: "
                + ", ".join(f"{k}={v}" for k, v in figures.items())
                + f", first_run_s={first_s:.1f}"
                + (f", by_rule={dict(sorted(by_rule.items()))}" if by_rule else "")
            )
            for label, paths in (("not idempotent", unstable), ("broken", broken)):
                for f in paths[:10]:
                    print(f"  {label}: {f.relative_to(temp)}")
            for d in internal[:10]:
                print(f"  internal error: {d.path}:{d.line}: {d.message}")
            failures += len(unstable) + len(broken) + len(internal) + (second.fixed > 0)
    finally:
        if args.keep:
            print(f"copy kept in {temp}")
        else:
            shutil.rmtree(temp, ignore_errors=True)
    print("TOTAL: " + ", ".join(f"{k}={v}" for k, v in totals.items()))
    print("OK" if failures == 0 else "FAILED")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
